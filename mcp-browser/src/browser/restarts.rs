//! [`RestartBudget`]: how often [`super::BrowserHost`] may start a browser again after one died
//! or failed to start, and how long it waits first.
//!
//! Contract: every death or failed start is recorded with its cause. A new start is allowed
//! while at most [`MAX_RESTARTS`] of them fall within [`RESTART_WINDOW`] (so up to that many
//! restarts a minute); it waits [`backoff`] first (longer for each recent failure). One more
//! failure within the window is past the cap: the host stops trying and
//! answers [`BrowserError::RestartsExhausted`], naming the last cause, until the window has moved
//! on: a browser that dies at every start costs a few attempts, not a loop.

use std::collections::VecDeque;
use std::time::{Duration, Instant};

use crate::error::BrowserError;

/// Restarts allowed within [`RESTART_WINDOW`]: one more death or failed start ends the trying.
pub const MAX_RESTARTS: usize = 3;
/// The window the cap counts over.
pub const RESTART_WINDOW: Duration = Duration::from_secs(60);
/// The wait before the first restart; doubled for each further recent failure.
const FIRST_BACKOFF: Duration = Duration::from_millis(200);

/// Recent failures of the browser, and the cause of the last one.
#[derive(Debug, Default)]
pub(crate) struct RestartBudget {
    failures: VecDeque<Instant>,
    last_cause: Option<String>,
}

impl RestartBudget {
    /// Records a death or a failed start at `at`.
    pub fn record(&mut self, at: Instant, cause: impl Into<String>) {
        self.failures.push_back(at);
        self.last_cause = Some(cause.into());
    }

    /// How long to wait before starting a browser at `now`, or the error that ends the trying.
    pub fn next_start(&mut self, now: Instant) -> Result<Duration, BrowserError> {
        while let Some(oldest) = self.failures.front() {
            if now.saturating_duration_since(*oldest) < RESTART_WINDOW {
                break;
            }
            self.failures.pop_front();
        }
        let recent = self.failures.len();
        if recent > MAX_RESTARTS {
            return Err(BrowserError::RestartsExhausted {
                failures: recent,
                window_secs: RESTART_WINDOW.as_secs(),
                cause: self.last_cause.clone().unwrap_or_default(),
            });
        }
        Ok(backoff(recent))
    }
}

/// The wait before a start that follows `recent` failures: none for the first start, then
/// 200 ms, 400 ms, 800 ms...
pub(crate) fn backoff(recent: usize) -> Duration {
    match recent {
        0 => Duration::ZERO,
        n => FIRST_BACKOFF.saturating_mul(1 << (n - 1).min(8)),
    }
}

/// Says how a browser process ended, for the restart reason.
pub(crate) fn describe_exit(status: std::process::ExitStatus) -> String {
    use std::os::unix::process::ExitStatusExt;
    match (status.code(), status.signal()) {
        (Some(code), _) => format!("the browser process exited with code {code}"),
        (None, Some(9)) => {
            "the browser process was killed (SIGKILL, as an out-of-memory kill does)".to_owned()
        }
        (None, Some(signal)) => format!("the browser process was killed by signal {signal}"),
        (None, None) => "the browser process exited".to_owned(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn three_restarts_a_minute_are_allowed_and_the_fourth_failure_stops_them() {
        let start = Instant::now();
        let at = |secs| start + Duration::from_secs(secs);
        let mut budget = RestartBudget::default();
        assert_eq!(budget.next_start(start).unwrap(), Duration::ZERO);
        budget.record(at(0), "first death");
        assert_eq!(
            budget.next_start(at(0)).unwrap(),
            Duration::from_millis(200)
        );
        budget.record(at(1), "second death");
        assert_eq!(
            budget.next_start(at(1)).unwrap(),
            Duration::from_millis(400)
        );
        budget.record(at(2), "third death");
        assert_eq!(
            budget.next_start(at(2)).unwrap(),
            Duration::from_millis(800)
        );
        budget.record(at(3), "could not start: exit 1");
        let refused = budget.next_start(at(4)).unwrap_err();
        assert!(
            matches!(&refused, BrowserError::RestartsExhausted { failures: 4, cause, .. }
                if cause == "could not start: exit 1"),
            "{refused:?}"
        );
        assert_eq!(refused.code(), "browser_restart_limit");
        // The first failure leaves the window: one more start is allowed.
        let later = start + RESTART_WINDOW + Duration::from_millis(1);
        assert_eq!(
            budget.next_start(later).unwrap(),
            Duration::from_millis(800)
        );
    }

    #[test]
    fn a_killed_process_is_named_as_killed() {
        use std::os::unix::process::ExitStatusExt;
        let killed = describe_exit(std::process::ExitStatus::from_raw(9));
        assert!(killed.contains("SIGKILL"), "{killed}");
        let exited = describe_exit(std::process::ExitStatus::from_raw(3 << 8));
        assert_eq!(exited, "the browser process exited with code 3");
    }
}
