//! The one error type of the browser crate.
//!
//! Two families, told apart by [`BrowserError::is_tool_error`]:
//! - *tool errors* (bad eid, element not editable, unreachable URL, wait timed out...) are about the
//!   page or the caller's input; the MCP server returns them as tool results with `is_error`, so a
//!   planner can read them and choose another action. The browser stays usable.
//! - *browser errors* (cannot launch, crashed, CDP call timed out) are about the browser itself;
//!   the MCP server returns them as JSON-RPC errors. After `Crashed`, the next call relaunches,
//!   within the restart budget (`RestartsExhausted` past it).

use std::time::Duration;

/// Everything that can go wrong driving the browser.
#[derive(Debug, thiserror::Error)]
pub enum BrowserError {
    /// No Chromium executable was found. Fatal for the call; the message says how to fix it.
    #[error(
        "no Chromium found: install it (Debian: `apt-get install chromium`), set TANDEM_CHROME to its path, or connect to a running Chrome with a DevTools URL"
    )]
    NotFound,
    /// The browser path given (`--chrome`, `TANDEM_CHROME` or `executable` in the config) is not
    /// a file. Fatal for the call; the message names the path.
    #[error(
        "the browser `{0}` (from --chrome, TANDEM_CHROME or `executable` in the config) is not a file: fix the path, or unset it to use Chromium from PATH"
    )]
    ExecutableMissing(String),
    /// Chromium could not be started or connected to. Fatal for the call; retried on the next.
    #[error("could not start the browser ({target}): {reason}")]
    Launch { target: String, reason: String },
    /// The browser process died or its DevTools connection closed during this call (or before a
    /// call that could change a page, which is never run on a new browser). The next call
    /// restarts it (page state is lost); read-only calls restart it at once and run again.
    #[error("the browser crashed or disconnected ({0}); the next call starts a new one")]
    Crashed(String),
    /// The browser died or failed to start once more after 3 restarts within a minute, so it is
    /// not started again for now. Fatal for the call; the message names the last cause and what to do.
    #[error(
        "the browser failed {failures} times within {window_secs}s (last: {cause}), so Tandem \
         stopped restarting it: check the browser (the --chrome path, TANDEM_CHROME, or that the \
         DevTools URL answers), then send the message again after a minute, or restart the daemon"
    )]
    RestartsExhausted {
        failures: usize,
        window_secs: u64,
        cause: String,
    },
    /// A CDP call did not answer in time. The browser may still be usable. `after` is zero when
    /// chromiumoxide's own request timeout fired (its length is not reported).
    #[error("the browser did not answer `{operation}`{}", within(*.after))]
    Timeout { operation: String, after: Duration },
    /// Chromium refused a protocol call for a reason not covered below. Shown to the caller.
    #[error("browser protocol error in `{operation}`: {message}")]
    Protocol { operation: String, message: String },

    /// A project's saved logins could not be put back into its browser context, wholly or in
    /// part: the session goes on without them, and its state is not saved over the last good one.
    #[error("the saved logins could not be restored ({0}); they are kept as they were")]
    RestoreFailed(String),

    /// The eid was never issued for this page. Tool error: observe again and use a listed eid.
    #[error("unknown element id `{0}`: take a new observation and use an eid from it")]
    UnknownEid(String),
    /// The eid named a node that has since left the page. Tool error.
    #[error("element `{0}` is no longer on the page (stale id): take a new observation")]
    StaleEid(String),
    /// The element exists but is not visible now. Tool error.
    #[error("element `{0}` is hidden")]
    Hidden(String),
    /// Something lies on top of every point of the target even after a retry from a fresh
    /// position, so a click would hit that instead. Tool error: `by` names the cover for a person
    /// ("the cookie banner ("Accept all")"); dismiss it first.
    #[error(
        "{by} covers {eid} ({role} \"{name}\"); a click there would land on it instead: dismiss or close it first"
    )]
    Covered {
        eid: String,
        role: String,
        name: String,
        by: String,
    },
    /// The click was sent but its press went to something else (the page moved in between).
    /// Tool error: it says what was clicked instead; observe again before acting.
    #[error("the click meant for {eid} ({role} \"{name}\") landed on {on} instead")]
    ClickMissed {
        eid: String,
        role: String,
        name: String,
        on: String,
    },
    /// The element is disabled. Tool error.
    #[error("element `{0}` is disabled")]
    Disabled(String),
    /// `type` aimed at something that takes no text. Tool error.
    #[error("element `{eid}` ({role}) does not accept typed text")]
    NotEditable { eid: String, role: String },
    /// `select_option` aimed at something that is not a select. Tool error.
    #[error("element `{eid}` is not a select list")]
    NotSelect { eid: String },
    /// The wanted option is not in the select. Tool error; the message lists the options.
    #[error("{0}")]
    NoSuchOption(String),
    /// Navigation failed (DNS, refused connection, bad URL...). Tool error.
    #[error("could not open {url}: {reason}")]
    Navigation { url: String, reason: String },
    /// No usable document arrived in time, though the browser answers: a silent or unreachable
    /// host, or a document that never finished arriving. The tab keeps the page it showed
    /// (nothing is blanked). Tool error; not worth repeating at once.
    #[error(
        "{} {url} within {} s{}",
        if *.arrived { "the page did not finish arriving from" } else { "no answer from" },
        .after.as_secs_f64().round(),
        host_of(.url).map(|host| format!(" (host {host})")).unwrap_or_default()
    )]
    NavigationTimedOut {
        url: String,
        /// Whether a response had started (then it was still being parsed at the deadline).
        arrived: bool,
        after: Duration,
    },
    /// A `wait` ran out of time before its condition held. Tool error.
    #[error("waited {}ms but {what}", .after.as_millis())]
    WaitTimedOut { what: String, after: Duration },
    /// No tab with that id in this session. Tool error.
    #[error("no tab `{0}` in this session: list the tabs and use one of their ids")]
    NoSuchTab(String),
    /// Arguments that make no sense (unknown key name, empty text, bad URL). Tool error.
    #[error("invalid argument: {0}")]
    InvalidArgument(String),
    /// The page script answered something unexpected. Tool error (the page may be hostile).
    #[error("unexpected answer from the page: {0}")]
    PageScript(String),
}

impl BrowserError {
    /// For `map_err`: `target` (a program, an endpoint, a tab) could not be started or reached,
    /// for the reason the failure gives ([`BrowserError::Launch`]).
    pub(crate) fn launch<E: ToString>(target: impl Into<String>) -> impl FnOnce(E) -> Self {
        let target = target.into();
        move |reason| Self::Launch {
            target,
            reason: reason.to_string(),
        }
    }

    /// True for errors about the page or the caller's input, which are returned to the caller as
    /// a tool result; false for errors about the browser itself.
    pub fn is_tool_error(&self) -> bool {
        match self {
            Self::NotFound
            | Self::ExecutableMissing(_)
            | Self::Launch { .. }
            | Self::Crashed(_)
            | Self::RestartsExhausted { .. }
            | Self::Timeout { .. }
            | Self::Protocol { .. }
            | Self::RestoreFailed(_) => false,
            Self::UnknownEid(_)
            | Self::StaleEid(_)
            | Self::Hidden(_)
            | Self::Covered { .. }
            | Self::ClickMissed { .. }
            | Self::Disabled(_)
            | Self::NotEditable { .. }
            | Self::NotSelect { .. }
            | Self::NoSuchOption(_)
            | Self::Navigation { .. }
            | Self::NavigationTimedOut { .. }
            | Self::WaitTimedOut { .. }
            | Self::NoSuchTab(_)
            | Self::InvalidArgument(_)
            | Self::PageScript(_) => true,
        }
    }

    /// The call reached a page that was being replaced (a navigation swapping the tab's
    /// document, or its renderer): Chromium answers "Not attached to an active page", for a
    /// screenshot "Unable to capture screenshot", for a script that the old document's end
    /// interrupted "Execution context was destroyed" (or a context it no longer finds). The
    /// same read on the tab once the new page has arrived succeeds.
    pub fn page_was_replaced(&self) -> bool {
        matches!(self, Self::Protocol { message, .. }
            if PAGE_REPLACED.iter().any(|answer| message.contains(answer)))
    }

    /// A short machine-readable code, carried over MCP so clients can rebuild the kind.
    pub fn code(&self) -> &'static str {
        match self {
            Self::NotFound | Self::ExecutableMissing(_) => "browser_not_found",
            Self::Launch { .. } => "launch_failed",
            Self::Crashed(_) => "browser_crashed",
            Self::RestartsExhausted { .. } => "browser_restart_limit",
            Self::Timeout { .. } => "timeout",
            Self::Protocol { .. } => "protocol",
            Self::UnknownEid(_) => "unknown_eid",
            Self::StaleEid(_) => "stale_eid",
            Self::Hidden(_) => "hidden",
            Self::Covered { .. } => "covered",
            Self::ClickMissed { .. } => "click_missed",
            Self::Disabled(_) => "disabled",
            Self::NotEditable { .. } => "not_editable",
            Self::NotSelect { .. } => "not_select",
            Self::NoSuchOption(_) => "no_such_option",
            Self::Navigation { .. } => "navigation_failed",
            Self::NavigationTimedOut { .. } => "navigation_timeout",
            Self::WaitTimedOut { .. } => "wait_timed_out",
            Self::NoSuchTab(_) => "no_such_tab",
            Self::InvalidArgument(_) => "invalid_argument",
            Self::PageScript(_) => "page_script",
            Self::RestoreFailed(_) => "restore_failed",
        }
    }
}

/// What Chromium answers a page command sent while the page is being replaced: the tab's target
/// swapping renderers, or the document (and the script's context in it) being destroyed.
const PAGE_REPLACED: [&str; 5] = [
    "Not attached to an active page",
    "Unable to capture screenshot",
    "Execution context was destroyed",
    "Cannot find context with specified id",
    "Inspected target navigated or closed",
];

/// The host of `url`, when it has one.
fn host_of(url: &str) -> Option<String> {
    url::Url::parse(url)
        .ok()
        .and_then(|url| url.host_str().map(str::to_owned))
}

/// ` within Nms`, or nothing for an unknown (zero) time.
fn within(after: Duration) -> String {
    if after.is_zero() {
        String::new()
    } else {
        format!(" within {}ms", after.as_millis())
    }
}

pub type Result<T, E = BrowserError> = std::result::Result<T, E>;

/// What a caller of [`crate::client::McpBrowserClient`] can meet.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum ClientError {
    /// The tool ran and failed on the page or the input (bad eid, unreachable URL...). Shown to
    /// the planner as the step's result; the session stays usable.
    #[error("{message}")]
    Tool { code: String, message: String },
    /// The server could not run the tool (browser crashed, could not launch, unknown tool, bad
    /// arguments). `code` is the browser error code when there is one.
    #[error("{message}")]
    Server { code: String, message: String },
    /// The MCP connection itself failed or closed. Fatal for this client.
    #[error("MCP transport: {0}")]
    Transport(String),
    /// The server answered something this client cannot read.
    #[error("unreadable tool answer: {0}")]
    Decode(String),
}

impl ClientError {
    /// The machine-readable code (`stale_eid`, `browser_crashed`, `transport`...).
    pub fn code(&self) -> &str {
        match self {
            Self::Tool { code, .. } | Self::Server { code, .. } => code,
            Self::Transport(_) => "transport",
            Self::Decode(_) => "decode",
        }
    }
}

#[cfg(test)]
mod tests {
    use super::BrowserError;

    fn protocol(message: &str) -> BrowserError {
        BrowserError::Protocol {
            operation: "screenshot".into(),
            message: message.into(),
        }
    }

    #[test]
    fn only_chromiums_answers_about_a_page_being_replaced_count_as_a_replaced_page() {
        assert!(protocol("Error -32000: Not attached to an active page").page_was_replaced());
        assert!(protocol("Error -32000: Unable to capture screenshot").page_was_replaced());
        assert!(protocol("Error -32000: Execution context was destroyed.").page_was_replaced());
        assert!(!protocol("Error -32601: 'Page.nope' wasn't found").page_was_replaced());
        assert!(
            !BrowserError::Crashed("Not attached to an active page".into()).page_was_replaced()
        );
    }
}
