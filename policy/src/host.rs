//! Host names as the browser will really use them, and host patterns matched against them.
//!
//! In: a parsed [`url::Url`] (the WHATWG parser, as browsers use: userinfo is split off, case is
//! folded, IDNA turns look-alikes into `xn--` punycode, IPv4 in decimal/hex/octal becomes dotted
//! quads) and pattern text from the policy file. Out: a [`HostKey`] (the canonical host string)
//! and a [`HostSet`] that answers "does any pattern match" with hash lookups, one per label, so
//! a thousand patterns cost no more than ten.
//!
//! Patterns: `example.com` matches exactly that host; `*.example.com` matches `example.com` and
//! every subdomain at any depth; IP literals (`127.0.0.1`, `[::1]`, also `2130706433`) match that
//! address. No ports, paths or other wildcards.

use std::collections::HashSet;
use std::net::Ipv4Addr;

use url::{Host, Url};

/// The canonical form of a URL's host: lower-case ASCII (punycode for international names),
/// without trailing dots; IPv4 as a dotted quad (IPv4-mapped IPv6 included); other IPv6 in
/// brackets. `None` when the URL has no host (`file:`, `about:`, `data:`).
pub(crate) fn host_key(url: &Url) -> Option<String> {
    match url.host()? {
        Host::Domain(domain) => {
            let trimmed = domain.trim_end_matches('.');
            (!trimmed.is_empty()).then(|| trimmed.to_owned())
        }
        Host::Ipv4(address) => Some(address.to_string()),
        Host::Ipv6(address) => Some(match address.to_ipv4_mapped() {
            Some(mapped) => mapped.to_string(),
            None => format!("[{address}]"),
        }),
    }
}

/// One host pattern, already canonical.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum HostPattern {
    /// Matches exactly this host.
    Exact(String),
    /// Matches this domain and every subdomain of it.
    DomainAndSubdomains(String),
}

impl HostPattern {
    /// Parses pattern text, or says what is wrong with it.
    pub(crate) fn parse(text: &str) -> Result<HostPattern, String> {
        let text = text.trim();
        let (wildcard, rest) = match text.strip_prefix("*.") {
            Some(rest) => (true, rest),
            None => (false, text),
        };
        if rest.contains('*') {
            return Err(format!(
                "bad host pattern \"{text}\": a wildcard is only allowed as a leading \"*.\""
            ));
        }
        let rest = rest.trim_end_matches('.');
        if rest.is_empty() {
            return Err(format!("bad host pattern \"{text}\": no host name"));
        }
        let host = Host::parse(rest).map_err(|error| {
            format!("bad host pattern \"{text}\": {error} (write a bare host such as example.com or *.example.com, without scheme, port or path)")
        })?;
        let canonical = match host {
            Host::Domain(domain) => domain.trim_end_matches('.').to_owned(),
            Host::Ipv4(address) => address.to_string(),
            Host::Ipv6(address) => match address.to_ipv4_mapped() {
                Some(mapped) => mapped.to_string(),
                None => format!("[{address}]"),
            },
        };
        if wildcard {
            if canonical.starts_with('[') || canonical.parse::<Ipv4Addr>().is_ok() {
                return Err(format!(
                    "bad host pattern \"{text}\": an IP address cannot have subdomains"
                ));
            }
            Ok(HostPattern::DomainAndSubdomains(canonical))
        } else {
            Ok(HostPattern::Exact(canonical))
        }
    }
}

/// A set of host patterns, matched by hashing instead of scanning.
#[derive(Debug, Clone, Default)]
pub(crate) struct HostSet {
    exact: HashSet<String>,
    domains: HashSet<String>,
}

impl HostSet {
    /// Adds a pattern.
    pub(crate) fn insert(&mut self, pattern: HostPattern) {
        match pattern {
            HostPattern::Exact(host) => self.exact.insert(host),
            HostPattern::DomainAndSubdomains(domain) => self.domains.insert(domain),
        };
    }

    /// Adds every pattern of another set.
    pub(crate) fn extend(&mut self, other: &HostSet) {
        self.exact.extend(other.exact.iter().cloned());
        self.domains.extend(other.domains.iter().cloned());
    }

    /// Whether the set holds no patterns.
    pub(crate) fn is_empty(&self) -> bool {
        self.exact.is_empty() && self.domains.is_empty()
    }

    /// Whether any pattern matches this canonical host (from [`host_key`]). Walks the host's
    /// labels from the full name towards the top-level domain, one lookup each.
    pub(crate) fn matches(&self, host: &str) -> bool {
        if self.exact.contains(host) {
            return true;
        }
        if self.domains.is_empty() || host.starts_with('[') {
            return false;
        }
        let mut suffix = host;
        loop {
            if self.domains.contains(suffix) {
                return true;
            }
            match suffix.split_once('.') {
                Some((_, parent)) => suffix = parent,
                None => return false,
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn key(url: &str) -> Option<String> {
        host_key(&Url::parse(url).unwrap())
    }

    #[test]
    fn url_hosts_are_canonical() {
        let cases = [
            ("https://Allowed.COM./x", "allowed.com"),
            ("https://allowed.com@evil.com/", "evil.com"),
            ("https://evil.com/allowed.com", "evil.com"),
            ("https://evil.com\\@allowed.com", "evil.com"),
            ("http://2130706433/", "127.0.0.1"),
            ("http://0x7f.0.0.1/", "127.0.0.1"),
            ("http://0177.0.0.1/", "127.0.0.1"),
            ("http://[::ffff:127.0.0.1]/", "127.0.0.1"),
            ("http://[::1]:8080/", "[::1]"),
            ("https://\u{0430}pple.com/", "xn--pple-43d.com"),
            ("https://%61llowed.com/", "allowed.com"),
        ];
        for (url, expected) in cases {
            assert_eq!(key(url).as_deref(), Some(expected), "{url}");
        }
        assert_eq!(key("file:///tmp/x"), None);
    }

    #[test]
    fn patterns_parse_to_canonical_form() {
        assert_eq!(
            HostPattern::parse("*.Example.COM."),
            Ok(HostPattern::DomainAndSubdomains("example.com".into()))
        );
        assert_eq!(
            HostPattern::parse("0x7f000001"),
            Ok(HostPattern::Exact("127.0.0.1".into()))
        );
        assert_eq!(
            HostPattern::parse("bücher.de"),
            Ok(HostPattern::Exact("xn--bcher-kva.de".into()))
        );
        for bad in [
            "",
            "*",
            "*.",
            "a*.com",
            "example.com/x",
            "example.com:80",
            "*.1.2.3.4",
        ] {
            assert!(
                HostPattern::parse(bad).is_err(),
                "{bad:?} should be refused"
            );
        }
    }

    #[test]
    fn sets_match_by_label_walk() {
        let mut set = HostSet::default();
        set.insert(HostPattern::parse("*.allowed.com").unwrap());
        set.insert(HostPattern::parse("exact.org").unwrap());
        assert!(set.matches("allowed.com"));
        assert!(set.matches("a.b.allowed.com"));
        assert!(!set.matches("allowed.com.evil.com"));
        assert!(!set.matches("notallowed.com"));
        assert!(set.matches("exact.org"));
        assert!(!set.matches("www.exact.org"));
    }
}
