//! Controls the planner never clicks on its own initiative: those that submit, send, buy,
//! delete, close or leave. In: an element. Out: whether its name or type says so.

use tandem_mcp_browser::snapshot::Element;

use super::matching::normalize;

/// Words of controls a sweep never clicks on its own.
const RISKY: &[&str] = &[
    "submit", "send", "buy", "pay", "order", "checkout", "delete", "remove", "sign out", "log out",
    "logout", "cancel", "close", "reset", "clear", "save", "post", "publish",
];

pub(crate) fn risky(el: &Element) -> bool {
    let name = normalize(&el.name);
    el.input_type.as_deref() == Some("submit")
        || RISKY
            .iter()
            .any(|w| name == *w || name.starts_with(&format!("{w} ")))
}
