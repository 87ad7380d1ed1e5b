//! The kinds of action the policy knows, and their names in rule files.
//!
//! In: a name from the agent or a rule file (`"select_option"`). Out: an [`ActionKind`]; a name
//! the policy does not know becomes [`ActionKind::Other`], which the gate always denies.

use std::fmt;

/// The kind of action. The agent maps every action it can take onto one of these; anything else
/// arrives as [`ActionKind::Other`] and is always denied.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum ActionKind {
    /// Open a URL in the current tab (`navigate`).
    Navigate,
    /// Click an element (`click`).
    Click,
    /// Type text into an element (`type`).
    Type,
    /// Choose an option of a select (`select_option`).
    SelectOption,
    /// Tick a checkbox or radio (`check`).
    Check,
    /// Untick a checkbox (`uncheck`).
    Uncheck,
    /// Press a key (`press_key`); Enter inside a form is judged as a click on its submit control.
    PressKey,
    /// Scroll the page (`scroll`).
    Scroll,
    /// Move the mouse onto an element without pressing (`hover`): it reads what shows.
    Hover,
    /// Wait for the page (`wait`).
    Wait,
    /// Go back in history (`back`).
    Back,
    /// Take a screenshot and DOM snapshot (`observe`).
    Observe,
    /// Call an MCP tool that is not a browser action (`tool`); judged by its name.
    Tool,
    /// Ask the user a structured question (`ask_user`).
    AskUser,
    /// Hand the browser to the user (`need_user`).
    NeedUser,
    /// Finish the run (`stop`).
    Stop,
    /// Anything the policy does not know. Always denied.
    Other(String),
}

impl ActionKind {
    /// Every kind the policy knows, in a fixed order (used to validate rule files).
    pub const KNOWN: [ActionKind; 16] = [
        ActionKind::Navigate,
        ActionKind::Click,
        ActionKind::Type,
        ActionKind::SelectOption,
        ActionKind::Check,
        ActionKind::Uncheck,
        ActionKind::PressKey,
        ActionKind::Scroll,
        ActionKind::Hover,
        ActionKind::Wait,
        ActionKind::Back,
        ActionKind::Observe,
        ActionKind::Tool,
        ActionKind::AskUser,
        ActionKind::NeedUser,
        ActionKind::Stop,
    ];

    /// Maps a name as written in rule files and by the agent (`"select_option"`) onto a kind;
    /// an unknown name becomes [`ActionKind::Other`].
    pub fn from_name(name: &str) -> ActionKind {
        ActionKind::KNOWN
            .iter()
            .find(|kind| kind.name() == name)
            .cloned()
            .unwrap_or_else(|| ActionKind::Other(name.to_owned()))
    }

    /// The name used in rule files and canonical keys.
    pub fn name(&self) -> &str {
        match self {
            ActionKind::Navigate => "navigate",
            ActionKind::Click => "click",
            ActionKind::Type => "type",
            ActionKind::SelectOption => "select_option",
            ActionKind::Check => "check",
            ActionKind::Uncheck => "uncheck",
            ActionKind::PressKey => "press_key",
            ActionKind::Scroll => "scroll",
            ActionKind::Hover => "hover",
            ActionKind::Wait => "wait",
            ActionKind::Back => "back",
            ActionKind::Observe => "observe",
            ActionKind::Tool => "tool",
            ActionKind::AskUser => "ask_user",
            ActionKind::NeedUser => "need_user",
            ActionKind::Stop => "stop",
            ActionKind::Other(name) => name,
        }
    }

    /// True for kinds that act on the element of the current page, and so are judged against the
    /// current page's host as well as their own target.
    pub fn acts_on_page(&self) -> bool {
        match self {
            ActionKind::Click
            | ActionKind::Type
            | ActionKind::SelectOption
            | ActionKind::Check
            | ActionKind::Uncheck
            | ActionKind::PressKey => true,
            ActionKind::Navigate
            | ActionKind::Scroll
            | ActionKind::Hover
            | ActionKind::Wait
            | ActionKind::Back
            | ActionKind::Observe
            | ActionKind::Tool
            | ActionKind::AskUser
            | ActionKind::NeedUser
            | ActionKind::Stop
            | ActionKind::Other(_) => false,
        }
    }

    /// The index of a known kind in [`ActionKind::KNOWN`], `None` for [`ActionKind::Other`].
    pub(crate) fn index(&self) -> Option<usize> {
        ActionKind::KNOWN.iter().position(|kind| kind == self)
    }
}

impl fmt::Display for ActionKind {
    fn fmt(&self, formatter: &mut fmt::Formatter<'_>) -> fmt::Result {
        formatter.write_str(self.name())
    }
}

#[cfg(test)]
mod tests {
    use super::ActionKind;

    #[test]
    fn kind_names_round_trip_and_unknown_names_are_other() {
        for kind in ActionKind::KNOWN {
            assert_eq!(ActionKind::from_name(kind.name()), kind);
        }
        assert_eq!(
            ActionKind::from_name("run_js"),
            ActionKind::Other("run_js".into())
        );
    }
}
