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

/// First words of controls that change what the site keeps (a basket, a wishlist, a record, a
/// message) rather than what the page shows: a look around never presses one.
const CHANGES: &[&str] = &[
    "add",
    "apply",
    "approve",
    "archive",
    "block",
    "book",
    "confirm",
    "copy",
    "decline",
    "dislike",
    "download",
    "duplicate",
    "favourite",
    "favorite",
    "flag",
    "follow",
    "invite",
    "join",
    "like",
    "mark",
    "move",
    "mute",
    "pin",
    "rate",
    "reject",
    "rename",
    "reply",
    "report",
    "reserve",
    "share",
    "star",
    "subscribe",
    "unfollow",
    "unpin",
    "unstar",
    "unsubscribe",
    "update",
    "upload",
    "upvote",
    "downvote",
    "vote",
    "accept",
    "agree",
    "register",
    "sign up",
    "sign in",
    "log in",
    "edit",
    "undo",
    "restore",
    "empty",
];

/// A control whose click changes data, not only what shows: [`risky`] ones, and those whose
/// name starts with a verb of [`CHANGES`] ("Add to shopping bag", "Save to wishlist", "Mark as
/// read"). A sweep that looks for something ([`super::explore::reveal`]) never presses one.
pub(crate) fn changes_data(el: &Element) -> bool {
    let name = normalize(&el.name);
    risky(el)
        || CHANGES
            .iter()
            .any(|w| name == *w || name.starts_with(&format!("{w} ")))
}
