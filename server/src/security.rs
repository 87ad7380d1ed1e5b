//! Request checks made before anything else: the `Host` header must name this daemon on a
//! loopback address (defeats DNS rebinding) and a browser's `Origin` must be exactly one we serve
//! (defeats cross-site WebSocket hijacking). A missing `Origin` is a non-browser client and is
//! judged by its token alone; `Origin: null` (sandboxed frames, `file:` pages) is refused.
//!
//! Each header is judged whole: a request carrying two `Host` or two `Origin` headers is refused
//! rather than judged on one of them, and an absolute-form request target
//! (`GET http://host:port/path`), which HTTP/1.1 says overrides `Host`, must name this daemon too.

use std::time::Duration;

use axum::extract::ws::{WebSocket, WebSocketUpgrade};
use axum::http::header::{AUTHORIZATION, HOST, ORIGIN};
use axum::http::{HeaderMap, HeaderName, HeaderValue, StatusCode, Uri};
use axum::response::{IntoResponse, Response};

/// Time a socket endpoint (the chat socket, the handover socket) allows for its first frame,
/// `auth`.
pub const AUTH_TIMEOUT: Duration = Duration::from_secs(10);

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
    #[error("the request carries more than one {0} header")]
    Repeated(&'static str),
    #[error("the request target names `{0}`, not this daemon")]
    ForeignTarget(String),
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

    /// Checks the request target's authority (when it has one), `Host` and `Origin`.
    pub fn check(&self, target: &Uri, headers: &HeaderMap) -> Result<(), AccessError> {
        if let Some(authority) = target.authority() {
            let authority = authority.as_str().to_ascii_lowercase();
            if !self.hosts.contains(&authority) {
                return Err(AccessError::ForeignTarget(authority));
            }
        }
        let host = single(headers, HOST, "Host")?
            .and_then(|v| v.to_str().ok())
            .ok_or(AccessError::MissingHost)?;
        let host = host.to_ascii_lowercase();
        if !self.hosts.contains(&host) {
            return Err(AccessError::ForeignHost(host));
        }
        match single(headers, ORIGIN, "Origin")? {
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

    /// [`Self::check`] as every endpoint applies it: `None` lets the request in; a refusal is
    /// logged (naming `what` was refused) and becomes the `403` answer carrying its reason.
    pub fn refusal(&self, target: &Uri, headers: &HeaderMap, what: &str) -> Option<Response> {
        let refusal = self.check(target, headers).err()?;
        tracing::warn!(%refusal, path = %target.path(), "refused {what}");
        Some((StatusCode::FORBIDDEN, refusal.to_string()).into_response())
    }

    /// A WebSocket upgrade as every socket endpoint admits it: [`Self::refusal`] first, then
    /// frames of at most `max_frame_bytes`, the socket handed to `on_upgrade`.
    pub fn admit_socket<F, Fut>(
        &self,
        (target, headers): (&Uri, &HeaderMap),
        what: &str,
        ws: WebSocketUpgrade,
        max_frame_bytes: usize,
        on_upgrade: F,
    ) -> Response
    where
        F: FnOnce(WebSocket) -> Fut + Send + 'static,
        Fut: Future<Output = ()> + Send + 'static,
    {
        if let Some(refused) = self.refusal(target, headers, what) {
            return refused;
        }
        ws.max_message_size(max_frame_bytes)
            .max_frame_size(max_frame_bytes)
            .on_upgrade(on_upgrade)
    }

    pub fn origins(&self) -> &[String] {
        &self.origins
    }
}

/// The one value of `name`, if any; two or more are refused.
fn single<'a>(
    headers: &'a HeaderMap,
    name: HeaderName,
    label: &'static str,
) -> Result<Option<&'a HeaderValue>, AccessError> {
    let mut values = headers.get_all(name).iter();
    let first = values.next();
    if values.next().is_some() {
        return Err(AccessError::Repeated(label));
    }
    Ok(first)
}

/// The token of `Authorization: Bearer <token>`. The scheme is matched case-insensitively (RFC
/// 7235 §2.1), so `bearer` works too. Another scheme, or more than one `Authorization` header, is
/// no token.
pub fn bearer_token(headers: &HeaderMap) -> Option<&str> {
    let mut values = headers.get_all(AUTHORIZATION).iter();
    let value = values.next()?;
    if values.next().is_some() {
        return None;
    }
    let (scheme, token) = value.to_str().ok()?.split_once(' ')?;
    scheme
        .eq_ignore_ascii_case("bearer")
        .then(|| token.trim_start_matches(' '))
}

#[cfg(test)]
mod tests {
    use axum::http::HeaderValue;

    use super::*;

    /// An origin-form target (`/path`): the usual request.
    fn path() -> Uri {
        Uri::from_static("/ws")
    }

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
            assert_eq!(
                policy.check(&path(), &headers(Some(host), None)),
                Ok(()),
                "{host}"
            );
        }
        let same = headers(Some("127.0.0.1:7420"), Some("http://127.0.0.1:7420"));
        assert_eq!(policy.check(&path(), &same), Ok(()));
        let other_loopback = headers(Some("127.0.0.1:7420"), Some("http://localhost:7420"));
        assert_eq!(policy.check(&path(), &other_loopback), Ok(()));
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
            assert!(policy.check(&path(), &case).is_err(), "{case:?}");
        }
    }

    #[test]
    fn extra_origins_match_exactly() {
        let extra = ["https://tandem.example".to_owned()];
        let policy = AccessPolicy::for_port("127.0.0.1", 7420, &extra);
        let ok = headers(Some("127.0.0.1:7420"), Some("https://tandem.example"));
        assert_eq!(policy.check(&path(), &ok), Ok(()));
        let near = headers(Some("127.0.0.1:7420"), Some("https://tandem.example.evil"));
        assert!(policy.check(&path(), &near).is_err());
    }

    const OURS: &str = "127.0.0.1:7420";

    fn policy() -> AccessPolicy {
        AccessPolicy::for_port("127.0.0.1", 7420, &[])
    }

    fn with(pairs: &[(HeaderName, &str)]) -> HeaderMap {
        let mut map = HeaderMap::new();
        for (name, value) in pairs {
            map.append(name.clone(), HeaderValue::from_str(value).unwrap());
        }
        map
    }

    #[test]
    fn a_repeated_host_or_origin_is_refused_even_when_the_first_is_ours() {
        let two_hosts = with(&[(HOST, OURS), (HOST, "evil.example")]);
        assert_eq!(
            policy().check(&path(), &two_hosts),
            Err(AccessError::Repeated("Host"))
        );
        let own = "http://127.0.0.1:7420";
        let two_origins = with(&[
            (HOST, OURS),
            (ORIGIN, own),
            (ORIGIN, "https://evil.example"),
        ]);
        assert_eq!(
            policy().check(&path(), &two_origins),
            Err(AccessError::Repeated("Origin"))
        );
    }

    #[test]
    fn an_absolute_target_must_name_this_daemon() {
        let host = with(&[(HOST, OURS)]);
        let ours = Uri::from_static("http://127.0.0.1:7420/health");
        assert_eq!(policy().check(&ours, &host), Ok(()));
        let foreign = Uri::from_static("http://evil.example/health");
        assert_eq!(
            policy().check(&foreign, &host),
            Err(AccessError::ForeignTarget("evil.example".to_owned()))
        );
        let other_port = Uri::from_static("http://127.0.0.1:7421/health");
        assert!(policy().check(&other_port, &host).is_err());
    }

    #[test]
    fn the_bearer_scheme_is_case_insensitive() {
        for value in ["Bearer t0k", "bearer t0k", "BEARER t0k", "bEaReR  t0k"] {
            let headers = with(&[(AUTHORIZATION, value)]);
            assert_eq!(bearer_token(&headers), Some("t0k"), "{value}");
        }
        for value in ["Basic t0k", "Bearer", "Bearert0k", "t0k"] {
            let headers = with(&[(AUTHORIZATION, value)]);
            assert_eq!(bearer_token(&headers), None, "{value}");
        }
        let twice = with(&[(AUTHORIZATION, "Bearer t0k"), (AUTHORIZATION, "Bearer t0k")]);
        assert_eq!(bearer_token(&twice), None);
    }
}
