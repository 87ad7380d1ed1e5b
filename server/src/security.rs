//! Request checks made before anything else: the `Host` header must name this daemon on a
//! loopback address (defeats DNS rebinding) and a browser's `Origin` must be exactly one we serve
//! (defeats cross-site WebSocket hijacking). A missing `Origin` is a non-browser client and is
//! judged by its token alone; `Origin: null` (sandboxed frames, `file:` pages) is refused.

use axum::http::HeaderMap;
use axum::http::header::{HOST, ORIGIN};

/// Who may talk to the daemon.
#[derive(Debug, Clone)]
pub struct AccessPolicy {
    /// `host:port` values accepted in `Host` (e.g. `127.0.0.1:7420`, `localhost:7420`).
    hosts: Vec<String>,
    /// Exact origins accepted in `Origin` (e.g. `http://127.0.0.1:7420`).
    origins: Vec<String>,
}

/// Why a request was refused (shown in the 403 body and logged).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum AccessError {
    #[error("the Host header is missing")]
    MissingHost,
    #[error("the Host header `{0}` does not name this daemon")]
    ForeignHost(String),
    #[error("the Origin `{0}` is not allowed")]
    ForeignOrigin(String),
}

impl AccessPolicy {
    /// Accepts the loopback names of `port` (plus the bind host, when it is not loopback) and the
    /// matching `http://` origins, plus `extra_origins` exactly as given.
    pub fn for_port(bind_host: &str, port: u16, extra_origins: &[String]) -> Self {
        let mut names = vec![
            "127.0.0.1".to_owned(),
            "localhost".to_owned(),
            "[::1]".to_owned(),
        ];
        let bind = if bind_host.contains(':') && !bind_host.starts_with('[') {
            format!("[{bind_host}]")
        } else {
            bind_host.to_owned()
        };
        if !names.contains(&bind) && bind != "0.0.0.0" && bind != "[::]" {
            names.push(bind);
        }
        let hosts: Vec<String> = names.iter().map(|n| format!("{n}:{port}")).collect();
        let mut origins: Vec<String> = hosts.iter().map(|h| format!("http://{h}")).collect();
        origins.extend(
            extra_origins
                .iter()
                .map(|o| o.trim_end_matches('/').to_owned()),
        );
        Self { hosts, origins }
    }

    /// Checks `Host` and `Origin`.
    pub fn check(&self, headers: &HeaderMap) -> Result<(), AccessError> {
        let host = headers
            .get(HOST)
            .and_then(|v| v.to_str().ok())
            .ok_or(AccessError::MissingHost)?;
        let host = host.to_ascii_lowercase();
        if !self.hosts.contains(&host) {
            return Err(AccessError::ForeignHost(host));
        }
        match headers.get(ORIGIN) {
            None => Ok(()),
            Some(origin) => {
                let origin = origin.to_str().unwrap_or("<binary>");
                if self.origins.iter().any(|allowed| allowed == origin) {
                    Ok(())
                } else {
                    Err(AccessError::ForeignOrigin(origin.to_owned()))
                }
            }
        }
    }

    pub fn origins(&self) -> &[String] {
        &self.origins
    }
}

#[cfg(test)]
mod tests {
    use axum::http::HeaderValue;

    use super::*;

    fn headers(host: Option<&str>, origin: Option<&str>) -> HeaderMap {
        let mut map = HeaderMap::new();
        if let Some(host) = host {
            map.insert(HOST, HeaderValue::from_str(host).unwrap());
        }
        if let Some(origin) = origin {
            map.insert(ORIGIN, HeaderValue::from_str(origin).unwrap());
        }
        map
    }

    #[test]
    fn accepts_loopback_hosts_and_own_origins() {
        let policy = AccessPolicy::for_port("127.0.0.1", 7420, &[]);
        for host in [
            "127.0.0.1:7420",
            "localhost:7420",
            "[::1]:7420",
            "LOCALHOST:7420",
        ] {
            assert_eq!(policy.check(&headers(Some(host), None)), Ok(()), "{host}");
        }
        let same = headers(Some("127.0.0.1:7420"), Some("http://127.0.0.1:7420"));
        assert_eq!(policy.check(&same), Ok(()));
        let other_loopback = headers(Some("127.0.0.1:7420"), Some("http://localhost:7420"));
        assert_eq!(policy.check(&other_loopback), Ok(()));
    }

    #[test]
    fn refuses_rebinding_hosts_and_foreign_origins() {
        let policy = AccessPolicy::for_port("127.0.0.1", 7420, &[]);
        let cases = [
            headers(Some("evil.example:7420"), None),
            headers(Some("127.0.0.1:7421"), None),
            headers(Some("127.0.0.1"), None),
            headers(None, None),
            headers(Some("127.0.0.1:7420"), Some("http://evil.example")),
            headers(Some("127.0.0.1:7420"), Some("null")),
            headers(
                Some("127.0.0.1:7420"),
                Some("http://127.0.0.1:7420.evil.example"),
            ),
            headers(Some("127.0.0.1:7420"), Some("https://127.0.0.1:7420")),
            headers(Some("127.0.0.1:7420"), Some("http://127.0.0.1:7420/")),
        ];
        for case in cases {
            assert!(policy.check(&case).is_err(), "{case:?}");
        }
    }

    #[test]
    fn extra_origins_match_exactly() {
        let extra = ["https://tandem.example".to_owned()];
        let policy = AccessPolicy::for_port("127.0.0.1", 7420, &extra);
        let ok = headers(Some("127.0.0.1:7420"), Some("https://tandem.example"));
        assert_eq!(policy.check(&ok), Ok(()));
        let near = headers(Some("127.0.0.1:7420"), Some("https://tandem.example.evil"));
        assert!(policy.check(&near).is_err());
    }
}
