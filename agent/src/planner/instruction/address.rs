//! Addresses: deciding whether a phrase is a URL and making it absolute.
//!
//! Explicit schemes are kept (`https://`, `http://`, `file:`, `about:`...; the policy gate judges
//! them). `localhost`, `127.0.0.1` and other IP literals get `http://`; other bare hosts such as
//! `example.com/path` get `https://`.

/// The absolute URL for `phrase`, or `None` when it does not look like an address.
pub(crate) fn normalize_url(phrase: &str) -> Option<String> {
    let text = phrase
        .trim()
        .trim_matches(|c: char| "<>()[]".contains(c))
        .trim_end_matches(['.', ',', '!', '?', ';']);
    if text.is_empty() || text.chars().any(char::is_whitespace) {
        return None;
    }
    let lower = text.to_ascii_lowercase();
    if has_scheme(&lower) {
        return Some(text.to_owned());
    }
    let host_port = lower.split(['/', '?', '#']).next().unwrap_or("");
    let host = host_port
        .rsplit_once(':')
        .filter(|(_, port)| port.chars().all(|c| c.is_ascii_digit()))
        .map_or(host_port, |(host, _)| host);
    if host == "localhost" || is_ip(host) {
        return Some(format!("http://{text}"));
    }
    let labels: Vec<&str> = host.split('.').collect();
    let tld_ok = labels.len() >= 2
        && labels
            .last()
            .is_some_and(|t| t.len() >= 2 && t.chars().all(|c| c.is_ascii_alphabetic()));
    let labels_ok = labels
        .iter()
        .all(|l| !l.is_empty() && l.chars().all(|c| c.is_ascii_alphanumeric() || c == '-'));
    (tld_ok && labels_ok).then(|| format!("https://{text}"))
}

fn has_scheme(lower: &str) -> bool {
    if let Some((scheme, _)) = lower.split_once("://") {
        return !scheme.is_empty()
            && scheme
                .chars()
                .all(|c| c.is_ascii_alphanumeric() || "+-.".contains(c));
    }
    [
        "about:",
        "data:",
        "file:",
        "mailto:",
        "javascript:",
        "chrome:",
    ]
    .iter()
    .any(|s| lower.starts_with(s))
}

fn is_ip(host: &str) -> bool {
    host.parse::<std::net::Ipv4Addr>().is_ok()
        || host
            .trim_start_matches('[')
            .trim_end_matches(']')
            .parse::<std::net::Ipv6Addr>()
            .is_ok()
}

#[cfg(test)]
#[path = "address_tests.rs"]
mod tests;
