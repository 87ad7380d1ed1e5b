//! Where the browser may go: URL schemes, `file:` folders and the host allow/deny lists.
//!
//! In: a target URL as text (resolved against the current page when relative) and the
//! [`NavigationSettings`] from the policy files. Out: `None` when the URL may be visited as far
//! as these checks go (the rules still decide), or the [`Effect::Deny`] decision that stops it.
//! The gate runs these checks for every navigation the agent asks for and, through
//! `PolicyGate::check_navigation`, for every navigation the browser performs by itself.

use std::path::{Component, PathBuf};

use url::Url;

use crate::decision::{Effect, PolicyDecision, shorten};
use crate::host::{HostSet, host_key};

/// Schemes that are denied whatever the configuration says: they run code, read local state or
/// open browser internals.
pub(crate) const NEVER_ALLOWED_SCHEMES: [&str; 10] = [
    "javascript",
    "data",
    "vbscript",
    "blob",
    "filesystem",
    "chrome",
    "chrome-extension",
    "chrome-untrusted",
    "devtools",
    "view-source",
];

/// Schemes allowed when a policy file does not say.
const DEFAULT_ALLOWED_SCHEMES: [&str; 2] = ["http", "https"];

/// The navigation part of a policy.
#[derive(Debug, Clone, Default)]
pub(crate) struct NavigationSettings {
    /// Schemes that may be navigated to; `None` means the defaults (http, https).
    pub(crate) allowed_schemes: Option<Vec<String>>,
    /// Folders whose files may be opened over `file:`.
    pub(crate) file_folders: Vec<PathBuf>,
    /// When not empty, the only hosts that may be visited.
    pub(crate) allow_hosts: HostSet,
    /// Hosts that may never be visited.
    pub(crate) deny_hosts: HostSet,
}

impl NavigationSettings {
    /// Adds another file's settings to these: every list grows, none shrinks.
    pub(crate) fn extend(&mut self, other: &NavigationSettings) {
        if let Some(extra) = &other.allowed_schemes {
            let schemes = self
                .allowed_schemes
                .get_or_insert_with(|| DEFAULT_ALLOWED_SCHEMES.map(str::to_owned).to_vec());
            for scheme in extra {
                if !schemes.contains(scheme) {
                    schemes.push(scheme.clone());
                }
            }
        }
        self.file_folders.extend(other.file_folders.iter().cloned());
        self.allow_hosts.extend(&other.allow_hosts);
        self.deny_hosts.extend(&other.deny_hosts);
    }

    fn scheme_is_allowed(&self, scheme: &str) -> bool {
        match &self.allowed_schemes {
            Some(schemes) => schemes.iter().any(|allowed| allowed == scheme),
            None => DEFAULT_ALLOWED_SCHEMES.contains(&scheme),
        }
    }

    /// Judges a place to navigate to: scheme, `file:` folder, then host lists.
    pub(crate) fn judge_destination(&self, url: &Url) -> Option<PolicyDecision> {
        let scheme = url.scheme();
        if NEVER_ALLOWED_SCHEMES.contains(&scheme) {
            return Some(deny(
                format!(
                    "{scheme}: URLs are never opened: they run code or expose browser internals"
                ),
                "dangerous-scheme",
            ));
        }
        if scheme == "about" {
            // A new tab or popup starts on about:blank; it shows nothing and runs nothing.
            return match url.as_str() {
                "about:blank" => None,
                other => Some(deny(
                    format!("{other} is not a page the agent opens"),
                    "scheme-not-allowed",
                )),
            };
        }
        if scheme == "file" {
            return self.judge_file(url);
        }
        if !self.scheme_is_allowed(scheme) {
            return Some(deny(
                format!("{scheme}: URLs are not allowed by the policy"),
                "scheme-not-allowed",
            ));
        }
        self.judge_url_host(url)
    }

    /// Judges a host against the deny list and, when it is set, the allow list.
    pub(crate) fn judge_host(&self, host: &str) -> Option<PolicyDecision> {
        if self.deny_hosts.matches(host) {
            return Some(deny(
                format!("{host} is on the policy's host deny list"),
                "host-denylist",
            ));
        }
        if !self.allow_hosts.is_empty() && !self.allow_hosts.matches(host) {
            return Some(deny(
                format!("{host} is not on the policy's host allow list"),
                "host-not-allowlisted",
            ));
        }
        None
    }

    /// Judges the host of any URL that has one (a link's target, the current page).
    pub(crate) fn judge_url_host(&self, url: &Url) -> Option<PolicyDecision> {
        host_key(url).and_then(|host| self.judge_host(&host))
    }

    fn judge_file(&self, url: &Url) -> Option<PolicyDecision> {
        let outside = || {
            Some(deny(
                format!("{url} is not inside a folder the policy opens over file:"),
                "file-outside-folders",
            ))
        };
        // to_file_path decodes %-escapes and refuses remote hosts, so the path is the one the
        // browser would read; any `..` left after decoding is refused outright.
        let Ok(path) = url.to_file_path() else {
            return outside();
        };
        if path
            .components()
            .any(|component| matches!(component, Component::ParentDir | Component::CurDir))
        {
            return outside();
        }
        if self
            .file_folders
            .iter()
            .any(|folder| path.starts_with(folder))
        {
            None
        } else {
            outside()
        }
    }
}

/// Parses a target URL the way the browser would: relative to the current page when it has no
/// scheme of its own.
pub(crate) fn parse_target(target: &str, current_page: Option<&Url>) -> Result<Url, String> {
    match Url::options().base_url(current_page).parse(target) {
        Ok(url) => Ok(url),
        Err(error) => Err(format!(
            "\"{}\" is not a valid URL: {error}",
            shorten(target, 200)
        )),
    }
}

/// Normalises a scheme as written in a policy file (`"HTTPS:"` → `https`), or says why it is not one.
pub(crate) fn scheme_name(value: &str) -> Result<String, String> {
    let scheme = value.trim().trim_end_matches(':').to_ascii_lowercase();
    let well_formed = scheme.starts_with(|c: char| c.is_ascii_alphabetic())
        && scheme
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || matches!(c, '+' | '-' | '.'));
    if well_formed {
        Ok(scheme)
    } else {
        Err(format!("\"{value}\" is not a URL scheme"))
    }
}

fn deny(reason: String, rule: &str) -> PolicyDecision {
    PolicyDecision::new(Effect::Deny, reason, rule)
}
