//! Secrets: the model sees `<secret:name>`, the browser gets the value, and only on its host.
//!
//! In: the configured secrets. Out: [`Secrets::mask`] replaces every secret value in text bound
//! for the model with its placeholder (the goal, history, failures, page text);
//! [`Secrets::resolve`] replaces placeholders in text about to be typed, refusing when the page
//! is not on the secret's host. Page text cannot forge a placeholder: the observation escapes
//! `<` before it reaches the model. [`Secrets::for_field`] picks the configured secret the policy
//! gate types into a secret field without asking (any planner, model or none).

use std::collections::BTreeMap;

use url::Url;

use crate::model::{SecretEntry, SecretString};

const OPEN: &str = "<secret:";

/// The configured secrets.
#[derive(Debug, Clone, Default)]
pub(crate) struct Secrets {
    /// Name, lower-case host, value; longest value first so overlapping values mask fully.
    entries: Vec<(String, String, SecretString)>,
}

impl Secrets {
    pub fn new(config: &BTreeMap<String, SecretEntry>) -> Self {
        let mut entries: Vec<_> = config
            .iter()
            .map(|(name, entry)| (name.clone(), normal_host(&entry.host), entry.value.clone()))
            .collect();
        entries.sort_by_key(|(_, _, value)| std::cmp::Reverse(value.expose().len()));
        Self { entries }
    }

    /// `text` with every secret value replaced by its placeholder.
    pub fn mask(&self, text: &str) -> String {
        let mut out = text.to_owned();
        for (name, _, value) in &self.entries {
            if !value.is_empty() && out.contains(value.expose()) {
                out = out.replace(value.expose(), &format!("{OPEN}{name}>"));
            }
        }
        out
    }

    /// The placeholders the model may type, one per line; empty when there are none.
    pub fn describe(&self) -> String {
        let mut names: Vec<_> = self.entries.iter().collect();
        names.sort_by(|a, b| a.0.cmp(&b.0));
        names
            .iter()
            .map(|(name, host, _)| format!("- {OPEN}{name}> (typed only on {host})"))
            .collect::<Vec<_>>()
            .join("\n")
    }

    /// Whether every placeholder in `text` names one of these secrets (and there is at least one).
    pub fn knows_every_placeholder(&self, text: &str) -> bool {
        let mut rest = text;
        let mut any = false;
        while let Some(start) = rest.find(OPEN) {
            let after = &rest[start + OPEN.len()..];
            let Some(end) = after.find('>') else {
                return false;
            };
            if !self.entries.iter().any(|(n, _, _)| n == &after[..end]) {
                return false;
            }
            any = true;
            rest = &after[end + 1..];
        }
        any
    }

    /// Whether a secret is configured for the host `host` (a page's host, any case).
    pub fn for_host(&self, host: &str) -> bool {
        let host = normal_host(host);
        self.entries
            .iter()
            .any(|(_, allowed, value)| *allowed == host && !value.is_empty())
    }

    /// The secret to type into the field named `field_name` on the page at `url`: the only one
    /// configured for that host, or else the only one there whose name fits the field's name
    /// (`github_password` fits "Password"). `None` when no secret, or no single one, fits.
    pub fn for_field(&self, url: Option<&str>, field_name: &str) -> Option<&str> {
        let host = url
            .and_then(|u| Url::parse(u).ok())
            .and_then(|u| u.host_str().map(normal_host))?;
        let on_host: Vec<&str> = self
            .entries
            .iter()
            .filter(|(_, allowed, value)| *allowed == host && !value.is_empty())
            .map(|(name, _, _)| name.as_str())
            .collect();
        if let [only] = on_host.as_slice() {
            return Some(only);
        }
        let field = words(field_name);
        let fitting: Vec<&str> = on_host
            .into_iter()
            .filter(|name| {
                let name = words(name);
                !field.is_empty() && field.iter().all(|word| name.contains(word))
            })
            .collect();
        match fitting.as_slice() {
            [only] => Some(only),
            _ => None,
        }
    }

    /// `text` with placeholders replaced by values, if the page at `url` is on each secret's
    /// host; `Err` says why not (shown to the planner as the step's failure).
    pub fn resolve(&self, text: &str, url: Option<&str>) -> Result<String, String> {
        if !text.contains(OPEN) {
            return Ok(text.to_owned());
        }
        let host = url
            .and_then(|u| Url::parse(u).ok())
            .and_then(|u| u.host_str().map(normal_host));
        let mut out = String::with_capacity(text.len());
        let mut rest = text;
        while let Some(start) = rest.find(OPEN) {
            out.push_str(&rest[..start]);
            let after = &rest[start + OPEN.len()..];
            let Some(end) = after.find('>') else {
                out.push_str(&rest[start..]);
                return Ok(out);
            };
            let name = &after[..end];
            let Some((_, allowed, value)) = self.entries.iter().find(|(n, _, _)| n == name) else {
                return Err(format!("there is no secret named `{name}`"));
            };
            if host.as_deref() != Some(allowed.as_str()) {
                return Err(format!(
                    "the secret `{name}` may only be typed on {allowed}, not on {}",
                    host.as_deref().unwrap_or("this page")
                ));
            }
            out.push_str(value.expose());
            rest = &after[end + 1..];
        }
        out.push_str(rest);
        Ok(out)
    }
}

/// The placeholder that stands for the secret `name`.
pub fn placeholder(name: &str) -> String {
    format!("{OPEN}{name}>")
}

/// Lower-case words of a name or label (`github_password` → `github`, `password`).
fn words(text: &str) -> Vec<String> {
    text.split(|c: char| !c.is_alphanumeric())
        .filter(|word| !word.is_empty())
        .map(str::to_lowercase)
        .collect()
}

fn normal_host(host: &str) -> String {
    host.trim().trim_end_matches('.').to_ascii_lowercase()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn entry(host: &str) -> SecretEntry {
        SecretEntry {
            host: host.to_owned(),
            value: SecretString::new("v"),
        }
    }

    #[test]
    fn the_field_gets_the_only_secret_of_its_host_or_the_one_whose_name_fits() {
        let one = Secrets::new(&BTreeMap::from([("shop".to_owned(), entry("Shop.test."))]));
        assert_eq!(
            one.for_field(Some("https://shop.test/login"), "PIN"),
            Some("shop")
        );
        assert_eq!(one.for_field(Some("https://evil.test/login"), "PIN"), None);
        assert_eq!(one.for_field(None, "PIN"), None);

        let two = Secrets::new(&BTreeMap::from([
            ("shop_password".to_owned(), entry("shop.test")),
            ("shop_pin".to_owned(), entry("shop.test")),
        ]));
        let url = Some("https://shop.test/");
        assert_eq!(two.for_field(url, "Password"), Some("shop_password"));
        assert_eq!(two.for_field(url, "Card number"), None, "none fits");
        assert_eq!(two.for_field(url, "Shop"), None, "two fit");
    }

    #[test]
    fn placeholders_are_known_only_when_every_one_names_a_secret() {
        let secrets = Secrets::new(&BTreeMap::from([("a".to_owned(), entry("h.test"))]));
        assert!(secrets.knows_every_placeholder(&placeholder("a")));
        assert!(!secrets.knows_every_placeholder("plain text"));
        assert!(!secrets.knows_every_placeholder("<secret:a><secret:b>"));
        assert!(!secrets.knows_every_placeholder("<secret:a"));
    }
}
