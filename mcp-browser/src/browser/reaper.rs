//! The browser dies with Tandem: a launched Chromium never outlives the process that started
//! it, whatever kills that process (an out-of-memory kill, an MCP client that kills its server
//! with SIGKILL), and its profile folder goes with it.
//!
//! How: beside each launched browser runs a tiny watchdog shell whose standard input is a pipe
//! that only Tandem holds. Nothing is ever written to it; when Tandem's process ends for any
//! reason the kernel closes the pipe, the watchdog's `read` returns, and it kills the browser
//! and removes its profile. It checks the browser's command line names the profile first, so a
//! process id reused after the browser's own exit is never touched. Dropping the [`Reaper`]
//! (the browser closed normally) stops the watchdog without touching anything. A browser reached
//! through a DevTools URL is not ours and gets no reaper.

use std::path::Path;
use std::process::{Child, ChildStdin, Command, Stdio};

/// The watchdog: waits for its input to close, then kills `$0` if it is still the browser of
/// profile `$1`, waits for it to be gone and removes the profile folder.
const WATCHDOG: &str = r#"read _ignored
if grep -qaF -- "$1" "/proc/$0/cmdline" 2>/dev/null; then
  kill -KILL "$0" 2>/dev/null
  while kill -0 "$0" 2>/dev/null; do sleep 0.1; done
fi
rm -rf -- "$1""#;

/// A running watchdog for one launched browser.
pub(crate) struct Reaper {
    watchdog: Child,
    /// Held, never written: its closing is the signal.
    _lifeline: ChildStdin,
}

impl Reaper {
    /// Arms a watchdog for the browser process `pid` using the profile folder `profile`. `None`
    /// (logged) where no watchdog can run: the browser then lives as long as the process lets
    /// it.
    pub(crate) fn arm(pid: u32, profile: &Path) -> Option<Self> {
        let spawned = Command::new("/bin/sh")
            .arg("-c")
            .arg(WATCHDOG)
            .arg(pid.to_string())
            .arg(profile)
            .stdin(Stdio::piped())
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn();
        let mut watchdog = match spawned {
            Ok(child) => child,
            Err(error) => {
                tracing::warn!(%error, "no watchdog for the browser: it may outlive a killed Tandem");
                return None;
            }
        };
        let Some(lifeline) = watchdog.stdin.take() else {
            let _ = watchdog.kill();
            let _ = watchdog.wait();
            return None;
        };
        Some(Self {
            watchdog,
            _lifeline: lifeline,
        })
    }
}

impl Drop for Reaper {
    fn drop(&mut self) {
        // Stopped before the pipe closes, so it kills nothing.
        let _ = self.watchdog.kill();
        let _ = self.watchdog.wait();
    }
}
