//! The controls that keep what a form holds ("Save", "Save changes", "Done", "OK", "Close"),
//! and the report's line for a record step, which says it was kept only once one was clicked.
//!
//! In: an element (and a `Step::Record`'s item and values). Out: its rank among those names,
//! or the past-tense line. Shared by `record_form` (which clicks one) and `report`.

use tandem_mcp_browser::snapshot::Element;

use super::matching::normalize;
use super::records::{BODY, NAME};
use super::step::{Target, is_editable, is_select};

/// Names of the controls that keep what a form holds, best first.
pub(super) const KEEPING: &[&str] = &["save", "done", "ok", "apply", "update", "close"];

/// The rank of a control that keeps a form's values (lower is better), if it is one.
pub(super) fn keeps(el: &Element) -> Option<usize> {
    if el.disabled || is_editable(el) || is_select(el) {
        return None;
    }
    let name = normalize(&el.name);
    let first = name.split(' ').next()?;
    // "Save", "Save changes", "Done"; not "Close account" nor "Update payment method".
    (name.split(' ').count() <= 2)
        .then(|| KEEPING.iter().position(|k| *k == first))
        .flatten()
}

/// The report's line for a record step that acted, `last` being its last action's element:
/// the record is said written only once the control that keeps it was clicked.
pub(super) fn done_line(
    object: Option<&Target>,
    values: &[(String, String)],
    last: Option<&Element>,
) -> String {
    if let Some(el) = last.filter(|el| keeps(el).is_none()) {
        let what = object.map_or_else(|| "a new record".to_owned(), |o| o.phrase.clone());
        return format!("acted on {} for {what} (not kept yet)", display(el));
    }
    let said: Vec<String> = values
        .iter()
        .map(|(key, value)| match key.as_str() {
            BODY => format!("the text \"{value}\""),
            NAME if object.is_none() => format!("the title \"{value}\""),
            key => format!("{key} \"{value}\""),
        })
        .collect();
    match object {
        Some(object) => format!("changed {} of {}", said.join(" and "), object.phrase),
        None => format!("wrote a new one with {}", said.join(" and ")),
    }
}

/// An element's name for the report (what it is when it has none); never its id.
fn display(el: &Element) -> String {
    match el.name.trim() {
        "" => crate::wording::element(el),
        name => format!("\"{name}\""),
    }
}
