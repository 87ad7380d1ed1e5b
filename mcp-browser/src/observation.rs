//! What one observation returns: the snapshot and the screenshot taken together, the tabs, and
//! the notices (dialogs, new tabs, restarts) gathered since the previous observation.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use crate::snapshot::Snapshot;

/// Screenshot and snapshot of the active tab at one moment, plus what happened since last time.
///
/// `S` is the snapshot's form: the structured [`Snapshot`], or its compact wire form as JSON
/// (`snapshot::wire`) when an MCP `observe` asks for `compact_json`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct Observation<S = Snapshot> {
    pub snapshot: S,
    /// Absent only when the caller asked for no screenshot.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub screenshot: Option<Screenshot>,
    pub tabs: Vec<TabInfo>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub notices: Vec<PageNotice>,
    /// The host, when the active page asks to sign in ([`crate::snapshot::sign_in`]) on a host
    /// this session held a login for (restored or saved, `SavedBrowserState::hosts`): the login
    /// was lost, and the person is the one to sign in again. A host name only.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub sign_in_again: Option<String>,
}

impl<S> Observation<S> {
    /// The same observation with its snapshot converted into another form.
    pub fn try_map_snapshot<T, E>(
        self,
        convert: impl FnOnce(S) -> Result<T, E>,
    ) -> Result<Observation<T>, E> {
        Ok(Observation {
            snapshot: convert(self.snapshot)?,
            screenshot: self.screenshot,
            tabs: self.tabs,
            notices: self.notices,
            sign_in_again: self.sign_in_again,
        })
    }
}

/// An observation as the agent needs it: the structured form and the model-ready text (what an
/// `observe` called with `compact_json` answers, read back).
#[derive(Debug, Clone, PartialEq)]
pub struct ObservedPage {
    pub observation: Observation,
    /// The compact rendering (notices, tabs, elements) under the requested token budget.
    pub text: String,
}

/// An encoded viewport image.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct Screenshot {
    /// `image/png` or `image/jpeg`.
    pub mime_type: String,
    /// Base64 of the encoded image. Empty in an MCP `observe` result's structured content: the
    /// image travels once, as the result's image block.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub data: String,
    pub width: u32,
    pub height: u32,
}

/// One tab of the session.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct TabInfo {
    /// Session-local id such as `t2`, used by `switch_tab`.
    pub id: String,
    pub url: String,
    pub title: String,
    pub active: bool,
}

/// Something that happened in the browser that the caller did not ask for.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum PageNotice {
    /// A page opened `alert`/`confirm`/`prompt`/`beforeunload`. It was dismissed (never
    /// accepted): `confirm` answered Cancel, `prompt` answered nothing.
    Dialog {
        dialog_type: String,
        message: String,
        url: String,
    },
    /// A new tab or popup opened; it is listed in `tabs` but not made active.
    TabOpened { tab_id: String, url: String },
    /// A tab closed itself.
    TabClosed { tab_id: String },
    /// The browser had died and was started again; earlier pages and eids are gone. `reason`
    /// says how it died (killed, exited, DevTools connection lost).
    BrowserRestarted { reason: String },
}

impl std::fmt::Display for PageNotice {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Self::Dialog {
                dialog_type,
                message,
                ..
            } => {
                // "an alert", "a confirm", "a prompt", "a beforeunload".
                let article = match dialog_type.chars().next() {
                    Some('a' | 'e' | 'i' | 'o' | 'u') => "an",
                    _ => "a",
                };
                write!(
                    f,
                    "the page opened {article} {dialog_type} dialog \"{message}\"; it was dismissed"
                )
            }
            Self::TabOpened { tab_id, url } => write!(f, "a new tab {tab_id} opened: {url}"),
            Self::TabClosed { tab_id } => write!(f, "tab {tab_id} closed"),
            Self::BrowserRestarted { reason } => {
                write!(
                    f,
                    "the browser restarted ({reason}); earlier pages are gone"
                )
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn dialog(dialog_type: &str) -> String {
        PageNotice::Dialog {
            dialog_type: dialog_type.into(),
            message: "Sure?".into(),
            url: "https://shop.test/".into(),
        }
        .to_string()
    }

    #[test]
    fn a_dialog_notice_reads_as_a_sentence() {
        assert_eq!(
            dialog("alert"),
            "the page opened an alert dialog \"Sure?\"; it was dismissed"
        );
        assert!(dialog("confirm").starts_with("the page opened a confirm dialog"));
        assert!(dialog("prompt").starts_with("the page opened a prompt dialog"));
    }
}
