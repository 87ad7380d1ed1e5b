//! Controls the planner never clicks on its own initiative, and those a look around never
//! presses. In: an element. Out: whether its name or type says its click commits or changes
//! data. The words are the policy's ([`tandem_policy::data_change`]): one vocabulary.

use tandem_mcp_browser::snapshot::Element;
use tandem_policy::{DataChange, data_change};

use super::matching::normalize;

/// A control a sweep never clicks on its own: a submit button, or one whose name says it
/// submits, sends, buys, deletes, closes or leaves ([`DataChange::Commits`]).
pub(crate) fn risky(el: &Element) -> bool {
    submits(el) || data_change(&normalize(&el.name)) == Some(DataChange::Commits)
}

/// A control whose click changes data, not only what shows: [`risky`] ones, and those whose
/// name starts with a verb that changes what the site keeps ("Add to shopping bag", "Save to
/// wishlist", "Mark as read"). A sweep that looks for something ([`super::explore::reveal`])
/// never presses one.
pub(crate) fn changes_data(el: &Element) -> bool {
    submits(el) || data_change(&normalize(&el.name)).is_some()
}

fn submits(el: &Element) -> bool {
    el.input_type.as_deref() == Some("submit")
}
