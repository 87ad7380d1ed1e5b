//! "submit": which control submits the form the person was filling in.
//!
//! In: the snapshot and the field typed into last (or the focused field). Out: a click on that
//! field's form submit control, else on the page's only submit button, else Enter in the field,
//! else (no form at all) the one button named "Submit";
//! a question when several submit buttons could be meant and no field tells which.

use tandem_mcp_browser::snapshot::{Element, Snapshot};

use super::decision::{Decision, Situation, act};
use super::locate::{ask_which, not_found};
use super::progress::StepAnswer;
use super::report::describe;
use super::resolve::{Intent, Resolution, by_eid, is_button, resolve};
use super::step::{RoleClass, Step, Target, is_editable};
use crate::action::Action;

/// "…, then send it": a bare "send" or "submit" right after a list of fields was filled in is that
/// form's submit (its own control), never another control whose name starts with the verb
/// ("Send me occasional product updates"). Any other step is returned as it is.
pub(super) fn sends_what_was_filled(step: Step, previous: Option<&Step>) -> Step {
    // (After one value typed into one named field, "send" stays the control that says so.)
    let fills = matches!(previous, Some(Step::Fields { .. } | Step::Prose { .. }));
    match &step {
        Step::Click { target }
            if fills
                && target.role.is_none()
                && target.ordinal.is_none()
                && matches!(target.full.as_str(), "send" | "submit") =>
        {
            Step::Submit
        }
        _ => step,
    }
}

/// The enabled buttons named "Submit" (outside any form).
fn named_submit(snap: &Snapshot) -> Vec<&Element> {
    snap.elements
        .iter()
        .filter(|el| is_button(el) && !el.disabled)
        .filter(|el| super::matching::normalize(&el.name) == "submit")
        .collect()
}

/// Submit: the submit control of the last-typed (or focused) field's form, else the page's only
/// submit button, else Enter in that field.
pub(crate) fn submit(snap: &Snapshot, sit: &Situation<'_>) -> Result<Decision, Decision> {
    let state = sit.state;
    if let Some(StepAnswer::Choice(eid)) = &state.answer
        && let Some(el) = by_eid(snap, eid)
    {
        return Ok(act(
            Action::Click {
                eid: el.eid.clone(),
            },
            format!("click {}", describe(el)),
        ));
    }
    let field = sit
        .last_typed
        .and_then(|eid| by_eid(snap, eid.as_str()))
        .or_else(|| {
            snap.elements
                .iter()
                .find(|el| el.focused && is_editable(el))
        });
    if let Some(label) = field.and_then(|f| f.form_submit.as_deref()) {
        let target = Target::named(label, Some(RoleClass::Button));
        let same_form: Vec<&Element> = snap
            .elements
            .iter()
            .filter(|el| is_button(el) && el.form_submit.as_deref() == Some(label))
            .collect();
        let found = match same_form.as_slice() {
            [one] => Resolution::Found(one),
            _ => resolve(snap, &target, Intent::Click),
        };
        if let Resolution::Found(el) = found {
            return Ok(act(
                Action::Click {
                    eid: el.eid.clone(),
                },
                format!("submit with {}", describe(el)),
            ));
        }
    }
    let submits: Vec<&Element> = snap
        .elements
        .iter()
        .filter(|el| {
            !el.disabled
                && (el.input_type.as_deref() == Some("submit")
                    || (is_button(el) && el.form_submit.as_deref() == Some(el.name.trim())))
        })
        .collect();
    // No field to go by: the button that some control's form names as its submit control.
    let form_buttons: Vec<&Element> = if submits.is_empty() && field.is_none() {
        snap.elements
            .iter()
            .filter(|el| is_button(el) && !el.disabled)
            .filter(|button| {
                snap.elements
                    .iter()
                    .any(|el| el.form_submit.as_deref().map(str::trim) == Some(button.name.trim()))
            })
            .collect()
    } else {
        Vec::new()
    };
    let submits = if form_buttons.is_empty() {
        submits
    } else {
        form_buttons
    };
    Ok(match (submits.as_slice(), field) {
        ([one], _) => act(
            Action::Click {
                eid: one.eid.clone(),
            },
            format!("submit with {}", describe(one)),
        ),
        (_, Some(f)) => act(
            Action::PressKey {
                key: "Enter".to_owned(),
            },
            format!("press Enter in {}", describe(f)),
        ),
        // No form (a survey's own "Submit" button): the one button that says so.
        ([], None) => match named_submit(snap).as_slice() {
            [one] => act(
                Action::Click {
                    eid: one.eid.clone(),
                },
                format!("submit with {}", describe(one)),
            ),
            _ => not_found(state, "a submit button", snap),
        },
        (many, None) => ask_which(state, "submit", many),
    })
}
