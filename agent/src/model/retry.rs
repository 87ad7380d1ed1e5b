//! When to retry a model request and how long to wait.
//!
//! Retried: 408, 429, 5xx, timeouts and connection errors. Not retried: every other 4xx (the
//! same request cannot succeed). The wait is exponential (`base · 2^attempt`, capped) with
//! jitter in [50 %, 100 %]; a server's `retry-after-ms` or `Retry-After` (seconds or an HTTP
//! date) replaces it.

use std::time::{Duration, SystemTime};

use reqwest::header::HeaderMap;

/// Whether a response status is worth retrying.
pub(crate) fn is_retryable_status(status: u16) -> bool {
    status == 408 || status == 429 || status >= 500
}

/// The backoff before retry number `attempt + 1`; `jitter` in [0, 1].
pub(crate) fn backoff(attempt: u32, base: Duration, max: Duration, jitter: f64) -> Duration {
    let factor = 2u32.saturating_pow(attempt.min(20));
    let full = base.saturating_mul(factor).min(max);
    full.mul_f64(0.5 + jitter.clamp(0.0, 1.0) / 2.0)
}

/// The wait the server asked for, if any.
pub(crate) fn retry_after(headers: &HeaderMap, now: SystemTime) -> Option<Duration> {
    let text = |name: &str| {
        headers
            .get(name)
            .and_then(|v| v.to_str().ok())
            .map(str::trim)
    };
    if let Some(ms) = text("retry-after-ms").and_then(|v| v.parse::<f64>().ok())
        && ms.is_finite()
        && ms >= 0.0
    {
        return Some(Duration::from_secs_f64(ms / 1_000.0));
    }
    let value = text("retry-after")?;
    if let Ok(seconds) = value.parse::<f64>() {
        return (seconds.is_finite() && seconds >= 0.0).then(|| Duration::from_secs_f64(seconds));
    }
    let at = httpdate::parse_http_date(value).ok()?;
    Some(at.duration_since(now).unwrap_or(Duration::ZERO))
}
