//! The typed action: the one thing a planner decides per step.
//!
//! In: produced by a planner ([`crate::planner::Planner`]) — the model planner gets the JSON
//! schema of [`Action`] (from `schemars`) as its structured-output format, so every field's doc
//! below is what a model reads. Out: validated against the current snapshot, assessed by the
//! policy gate, then executed as an MCP browser tool call (or turned into an interrupt for
//! `ask_user` / `need_user`, or the final answer for `stop`).

use std::fmt;

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use tandem_mcp_browser::snapshot::Eid;
use tandem_protocol::Question;

use crate::text::clip;

/// One step the agent takes. Element ids (`eid`) come from the latest page snapshot.
#[derive(
    Debug,
    Clone,
    PartialEq,
    Serialize,
    Deserialize,
    JsonSchema,
    strum::IntoStaticStr,
    strum::VariantNames,
)]
#[serde(tag = "action", rename_all = "snake_case")]
#[strum(serialize_all = "snake_case")]
pub enum Action {
    /// Load a URL in the current tab.
    Navigate {
        /// Absolute URL with scheme, e.g. `https://example.com/login`.
        url: String,
    },
    /// Click an element.
    Click {
        /// Element id from the snapshot, e.g. `e12`.
        eid: Eid,
    },
    /// Move the mouse onto an element without pressing it, to show what appears only under the
    /// mouse (a submenu, a tooltip, a row's actions). Never clicks: the way to open a menu item
    /// that has a submenu, whose click would choose it.
    Hover {
        /// Element id from the snapshot, e.g. `e12`.
        eid: Eid,
    },
    /// Type text into an editable element (text input, textarea, contenteditable).
    Type {
        /// Element id of an editable element from the snapshot.
        eid: Eid,
        /// The text to type, exactly as it should appear.
        text: String,
        /// Clear the element's current content first.
        #[serde(default = "default_true")]
        clear: bool,
        /// Press Enter after typing.
        #[serde(default)]
        submit: bool,
    },
    /// Choose an option of a select / listbox.
    SelectOption {
        /// Element id of the select or listbox.
        eid: Eid,
        /// Label (preferred) or value of the option to choose.
        option: String,
    },
    /// Make a checkbox, radio button or switch checked (does nothing if it already is).
    Check {
        /// Element id of the checkbox, radio button or switch.
        eid: Eid,
    },
    /// Make a checkbox or switch unchecked (does nothing if it already is).
    Uncheck {
        /// Element id of the checkbox or switch.
        eid: Eid,
    },
    /// Press a key or key combination on the focused element.
    PressKey {
        /// Key name such as `Enter`, `Tab`, `Escape`, `ArrowDown`, `PageDown`, or a combination
        /// joined with `+` such as `Control+A`.
        key: String,
    },
    /// Scroll the page, or scroll one element into view, or a box that scrolls inside the page
    /// to its end.
    Scroll {
        /// Direction to scroll when no element is given (by about one screen).
        direction: ScrollDirection,
        /// Element to scroll into view instead of scrolling by a screen.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        eid: Option<Eid>,
        /// Words naming a box that scrolls inside the page (its label or heading, e.g. "privacy
        /// policy"): scroll that box to its bottom (direction down) or top (up) instead.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        within: Option<String>,
    },
    /// Wait for something to happen on the page.
    Wait {
        /// What to wait for.
        #[serde(rename = "for")]
        until: WaitFor,
    },
    /// Go back one page in the tab's history.
    Back,
    /// Call another tool offered by the daemon (e.g. a site generation tool).
    Tool {
        /// Tool name as listed by the daemon.
        name: String,
        /// Tool arguments as a JSON object following the tool's input schema.
        #[serde(default)]
        args: serde_json::Value,
    },
    /// Ask the person one or more structured questions and wait for the answers.
    AskUser {
        /// The questions, asked together.
        questions: Vec<Question>,
    },
    /// Hand the browser to the person (login, CAPTCHA, payment...) and wait until they are done.
    NeedUser {
        /// What the person should do, in one sentence.
        reason: String,
    },
    /// Finish the run.
    Stop {
        /// Final message to the person: what was done, or why it could not be done.
        answer: String,
    },
}

fn default_true() -> bool {
    true
}

/// What kind of step an action is: the one place the variants are sorted by what the graph
/// does with them (routing after the policy, what changes the page, what counts as a step).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ActionClass {
    /// Acts in the browser through the typed browser tool of the same name (`navigate`,
    /// `click`, `type`...; `check` and `uncheck` click).
    Browser,
    /// Calls a served tool by name (`tool`).
    Tool,
    /// Asks the person questions and waits for the answers (`ask_user`).
    Ask,
    /// Hands the browser to the person until they hand it back (`need_user`).
    Handover,
    /// Ends the run with the final answer (`stop`).
    Stop,
}

impl ActionClass {
    /// Whether the action carries out a step of the task, as opposed to asking, handing over
    /// or stopping.
    pub fn is_step(self) -> bool {
        match self {
            ActionClass::Browser | ActionClass::Tool => true,
            ActionClass::Ask | ActionClass::Handover | ActionClass::Stop => false,
        }
    }
}

/// Direction of a [`Action::Scroll`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum ScrollDirection {
    /// Towards the top of the page.
    Up,
    /// Towards the bottom of the page.
    Down,
    /// Towards the left edge.
    Left,
    /// Towards the right edge.
    Right,
}

/// What an [`Action::Wait`] waits for.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum WaitFor {
    /// Until this text is visible on the page.
    Text {
        /// Text to wait for (case-insensitive substring of the page's text).
        text: String,
    },
    /// A fixed delay.
    Millis {
        /// Delay in milliseconds.
        ms: u64,
    },
    /// Until the current navigation finishes loading.
    Navigation,
}

impl Action {
    /// Every [`Action::kind_name`], in declaration order (to check names given in files).
    pub const KIND_NAMES: &'static [&'static str] = <Action as strum::VariantNames>::VARIANTS;

    /// The serde tag of the variant (`"click"`, `"select_option"`, ...), for logs and policy:
    /// the variant's name in snake case, as serde writes it.
    pub fn kind_name(&self) -> &'static str {
        self.into()
    }

    /// What kind of step this is.
    pub fn class(&self) -> ActionClass {
        match self {
            Action::Navigate { .. }
            | Action::Click { .. }
            | Action::Hover { .. }
            | Action::Type { .. }
            | Action::SelectOption { .. }
            | Action::Check { .. }
            | Action::Uncheck { .. }
            | Action::PressKey { .. }
            | Action::Scroll { .. }
            | Action::Wait { .. }
            | Action::Back => ActionClass::Browser,
            Action::Tool { .. } => ActionClass::Tool,
            Action::AskUser { .. } => ActionClass::Ask,
            Action::NeedUser { .. } => ActionClass::Handover,
            Action::Stop { .. } => ActionClass::Stop,
        }
    }

    /// The element the action acts on, if any.
    pub fn target_eid(&self) -> Option<&Eid> {
        match self {
            Action::Click { eid }
            | Action::Hover { eid }
            | Action::Type { eid, .. }
            | Action::SelectOption { eid, .. }
            | Action::Check { eid }
            | Action::Uncheck { eid } => Some(eid),
            Action::Scroll { eid, .. } => eid.as_ref(),
            Action::Navigate { .. }
            | Action::PressKey { .. }
            | Action::Wait { .. }
            | Action::Back
            | Action::Tool { .. }
            | Action::AskUser { .. }
            | Action::NeedUser { .. }
            | Action::Stop { .. } => None,
        }
    }

    /// True when executing the action may change the page, so the next plan needs a fresh
    /// observation. Every wait counts: the page is what changes while one waits (the text that
    /// was awaited usually arrives with the elements the next step needs). A tool that switches
    /// or closes the active tab counts too.
    pub fn changes_page(&self) -> bool {
        match (self.class(), self) {
            (ActionClass::Browser, _) => true,
            (ActionClass::Tool, Action::Tool { name, .. }) => {
                crate::tool_names::TAB_CHANGING_TOOLS.contains(&name.as_str())
            }
            (
                ActionClass::Tool | ActionClass::Ask | ActionClass::Handover | ActionClass::Stop,
                _,
            ) => false,
        }
    }
}

impl fmt::Display for Action {
    /// A short human line such as `click e12` or `type "alice" into e4`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Action::Navigate { url } => write!(f, "open {}", clip(url, 80)),
            Action::Click { eid } => write!(f, "click {eid}"),
            Action::Hover { eid } => write!(f, "hover over {eid}"),
            Action::Type {
                eid, text, submit, ..
            } => {
                write!(f, "type {:?} into {eid}", clip(text, 40))?;
                if *submit {
                    f.write_str(" and submit")?;
                }
                Ok(())
            }
            Action::SelectOption { eid, option } => {
                write!(f, "select {:?} in {eid}", clip(option, 40))
            }
            Action::Check { eid } => write!(f, "check {eid}"),
            Action::Uncheck { eid } => write!(f, "uncheck {eid}"),
            Action::PressKey { key } => write!(f, "press {key}"),
            Action::Scroll {
                direction,
                eid,
                within,
            } => match (eid, within) {
                (Some(eid), _) => write!(f, "scroll to {eid}"),
                (None, Some(within)) => write!(
                    f,
                    "scroll {:?} to its {}",
                    clip(within, 40),
                    if *direction == ScrollDirection::Up {
                        "top"
                    } else {
                        "end"
                    }
                ),
                (None, None) => write!(f, "scroll {}", direction.as_str()),
            },
            Action::Wait { until } => match until {
                WaitFor::Text { text } => write!(f, "wait for {:?}", clip(text, 40)),
                WaitFor::Millis { ms } => write!(f, "wait {ms} ms"),
                WaitFor::Navigation => f.write_str("wait for the page to load"),
            },
            Action::Back => f.write_str("go back"),
            Action::Tool { name, .. } => write!(f, "tool {name}"),
            Action::AskUser { questions } => match questions.as_slice() {
                [one] => write!(f, "ask: {}", clip(&one.prompt, 60)),
                many => write!(f, "ask {} questions", many.len()),
            },
            Action::NeedUser { reason } => write!(f, "hand over: {}", clip(reason, 60)),
            Action::Stop { answer } => write!(f, "stop: {}", clip(answer, 60)),
        }
    }
}

impl ScrollDirection {
    /// Lower-case name, as in JSON.
    pub fn as_str(self) -> &'static str {
        match self {
            ScrollDirection::Up => "up",
            ScrollDirection::Down => "down",
            ScrollDirection::Left => "left",
            ScrollDirection::Right => "right",
        }
    }
}

#[cfg(test)]
#[path = "action_tests.rs"]
mod tests;
