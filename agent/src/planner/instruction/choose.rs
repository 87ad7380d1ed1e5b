//! Choosing: "select X (from L)" on native lists, custom dropdowns and menus, radios, tabs,
//! suggestion lists and calendars.
//!
//! In: the option words, the named list (if any), the snapshot and the step's state. Out: a
//! [`Decision`]; `Err` carries an ask/stop from locating the list. A sweep: once an element
//! named as the option was clicked (or the list shows it selected) the step is skipped.

use tandem_mcp_browser::snapshot::{Element, Snapshot};

use super::decision::{Decision, act, check};
use super::locate::{ask_again, locate, usable};
use super::progress::{StepAnswer, StepState};
use super::report::{describe, option_question};
use super::resolve::{Intent, OptionMatch, Resolution, by_eid, lists_with_option, match_option};
use super::step::{Target, is_checkable, is_select};
use super::{datepicker, explore, several_options, value_format};
use crate::action::Action;

/// Chooses `option` in `target` (or in the list that has it).
pub(super) fn select(
    option: &str,
    target: Option<&Target>,
    snap: &Snapshot,
    state: &StepState,
) -> Result<Decision, Decision> {
    // A sweep: once an element named as the option was clicked, it is chosen.
    if let Some(done) = state
        .acted
        .iter()
        .find(|done| !is_select(done) && explore::names(option, &done.name))
    {
        // A list left open after the choice would cover the next control: close it.
        let still_open = snap.elements.iter().any(|el| {
            el.eid == done.eid
                && el.name == done.name
                && matches!(el.role.as_str(), "option" | "menuitem" | "menuitemradio")
        });
        if still_open {
            return Ok(act(
                Action::PressKey {
                    key: "Escape".to_owned(),
                },
                "close the list".to_owned(),
            ));
        }
        return Ok(Decision::Skip {
            note: format!("chose {}", describe(done)),
        });
    }
    let el = match target {
        Some(t) => locate(snap, t, Intent::Select, state)?,
        None => match unnamed_list(snap, option, state)? {
            Ok(list) => list,
            Err(choice) => {
                if state.acted_on(choice) {
                    return Ok(Decision::Skip {
                        note: format!("chose {}", describe(choice)),
                    });
                }
                return Ok(choose_element(choice));
            }
        },
    };
    if is_checkable(el) {
        return Ok(choose_element(el));
    }
    if el.tag != "select" {
        if !el.editable
            && let Some(iso) = value_format::date(option)
        {
            return Ok(datepicker::pick(el, &iso, snap, state));
        }
        return Ok(explore::choose_in_widget(Some(el), option, snap, state));
    }
    Ok(select_in(el, option, state))
}

/// A list the page draws itself (a combobox or listbox that is not a `<select>` and lists no
/// options yet: they are made when it opens), as Material and most design systems do. "Set
/// L to X" on one is chosen in as "select" chooses: open it, click the option.
pub(super) fn drawn_list(el: &Element) -> bool {
    el.tag != "select"
        && el.options.is_empty()
        && !el.editable
        && matches!(el.role.as_str(), "combobox" | "listbox")
}

/// "Set Language to Deutsch" once the step opened a [`drawn_list`]: its list may carry the
/// field's own name now, so the step goes on with the list it opened (click the option).
pub(super) fn in_opened_list(value: &str, snap: &Snapshot, state: &StepState) -> Option<Decision> {
    let opened = state.acted.iter().find(|done| drawn_list(done))?;
    let trigger = by_eid(snap, opened.eid.as_str()).unwrap_or(opened);
    Some(explore::choose_in_widget(Some(trigger), value, snap, state))
}

/// For "select X" without a list: the list that has the option, else a radio/option/tab named
/// X (returned as `Err` element to click or check).
fn unnamed_list<'s>(
    snap: &'s Snapshot,
    option: &str,
    state: &StepState,
) -> Result<Result<&'s Element, &'s Element>, Decision> {
    if let Some(StepAnswer::Choice(eid)) = &state.answer
        && let Some(el) = by_eid(snap, eid)
    {
        return Ok(if is_select(el) { Ok(el) } else { Err(el) });
    }
    let target = Target::parse(option);
    match lists_with_option(snap, option) {
        Resolution::NotFound => locate(snap, &target, Intent::Choose, state).map(Err),
        found => usable(found, &target, snap, state).map(Ok),
    }
}

/// Picking a non-list element by name: check radios, click the rest.
fn choose_element(el: &Element) -> Decision {
    if is_checkable(el) {
        check(el, true)
    } else {
        act(
            Action::Click {
                eid: el.eid.clone(),
            },
            format!("click {}", describe(el)),
        )
    }
}

pub(super) fn select_in(list: &Element, option: &str, state: &StepState) -> Decision {
    if !is_select(list) {
        return choose_element(list);
    }
    let wanted = match &state.answer {
        Some(StepAnswer::Option(answered)) => answered.as_str(),
        Some(StepAnswer::Choice(_) | StepAnswer::Text(_)) | None => option,
    };
    if let Some(several) = several_options::select(list, wanted) {
        return several;
    }
    match match_option(list, wanted) {
        OptionMatch::Found(o) => {
            if o.selected || list.value.as_deref() == Some(o.label.as_str()) {
                return Decision::Skip {
                    note: format!("\"{}\" is already selected in {}", o.label, describe(list)),
                };
            }
            act(
                Action::SelectOption {
                    eid: list.eid.clone(),
                    option: o.label.clone(),
                },
                format!("select \"{}\" in {}", o.label, describe(list)),
            )
        }
        OptionMatch::Ambiguous(options) => {
            let labels: Vec<&str> = options.iter().map(|o| o.label.as_str()).collect();
            Decision::Ask {
                question: option_question(
                    format!(
                        "Several options of {} match \"{wanted}\". Which one?",
                        describe(list)
                    ),
                    &labels,
                ),
                note: format!("option \"{wanted}\" is ambiguous"),
            }
        }
        OptionMatch::NotFound => {
            let labels: Vec<&str> = list
                .options
                .iter()
                .take(15)
                .map(|o| o.label.as_str())
                .collect();
            ask_again(
                state,
                format!(
                    "{} has no option \"{wanted}\" (options: {}).",
                    describe(list),
                    labels.join(", ")
                ),
            )
        }
    }
}
