//! A combobox whose list has the field's own accessible name ("Departure" names the text field
//! and the listbox under it): "set Departure to Lisbon", "choose Barcelona in the Arrival
//! list". The option is chosen in the list; typed text alone is not a choice.
//!
//! In: the step's field phrase and value, the snapshot and the step's state. Out: `None` when
//! the phrase names no single combobox (the ordinary paths go on); else one decision of a
//! sweep: click the option that shows the value; else type the value (then its first word,
//! when the whole value finds nothing) so the list shows it; else ask. Once an option was
//! clicked the step is done.

use tandem_mcp_browser::snapshot::{Element, Snapshot};

use super::decision::{Decision, act};
use super::explore::names;
use super::locate::{ask_again, best_or_ask};
use super::matching::{normalize, quality};
use super::progress::StepState;
use super::report::describe;
use super::step::{Target, is_editable};
use crate::action::Action;

fn names_field(target: &Target, el: &Element) -> bool {
    !el.name.trim().is_empty() && (names(&target.full, &el.name) || names(&el.name, &target.full))
}

/// Whether an option shows every word of the value (an option's parts may run together in its
/// name: "London, United KingdomGatwickLGW").
fn shows(wanted: &str, option: &Element) -> bool {
    let name = normalize(&option.name);
    !wanted.is_empty() && wanted.split(' ').all(|w| name.contains(w))
}

/// The one combobox the phrase names (see the module docs).
fn field<'s>(target: &Target, snap: &'s Snapshot) -> Option<&'s Element> {
    let mut fields = snap
        .elements
        .iter()
        .filter(|el| el.role == "combobox" && is_editable(el) && names_field(target, el));
    let one = fields.next()?;
    fields.next().is_none().then_some(one)
}

/// The next decision for choosing `value` in the combobox `target` names, or `None`.
pub(super) fn choose(
    target: &Target,
    value: &str,
    snap: &Snapshot,
    state: &StepState,
) -> Option<Result<Decision, Decision>> {
    let field = field(target, snap)?;
    if let Some(done) = state.acted.iter().find(|el| el.role == "option") {
        return Some(Ok(Decision::Skip {
            note: format!("chose {}", done.name),
        }));
    }
    let wanted = normalize(value);
    let mut options: Vec<(&Element, u8)> = snap
        .elements
        .iter()
        .filter(|el| el.role == "option" && !el.disabled && shows(&wanted, el))
        .map(|el| (el, quality(&wanted, &normalize(&el.name))))
        .collect();
    match best_or_ask(&mut options, state, value) {
        Err(ask) => return Some(Err(ask)),
        Ok(Some(best)) => {
            return Some(Ok(act(
                Action::Click {
                    eid: best.eid.clone(),
                },
                format!("choose {} in {}", describe(best), describe(field)),
            )));
        }
        Ok(None) => {}
    }
    let first_word = value.split_whitespace().next().unwrap_or(value);
    let text = match state.actions {
        0 => value,
        1 if first_word != value => first_word,
        _ => {
            return Some(Err(ask_again(
                state,
                format!(
                    "The list of {} shows no option for \"{value}\".",
                    describe(field)
                ),
            )));
        }
    };
    Some(Ok(act(
        Action::Type {
            eid: field.eid.clone(),
            text: text.to_owned(),
            clear: true,
            submit: false,
        },
        format!(
            "type \"{text}\" into {} to find it in its list",
            describe(field)
        ),
    )))
}

#[cfg(test)]
mod tests {
    use tandem_mcp_browser::snapshot::{Eid, Element, Snapshot};

    use super::choose;
    use crate::action::Action;
    use crate::planner::instruction::decision::Decision;
    use crate::planner::instruction::progress::StepState;
    use crate::planner::instruction::step::Target;

    fn el(eid: &str, role: &str, name: &str) -> Element {
        Element {
            eid: Eid(eid.to_owned()),
            role: role.to_owned(),
            name: name.to_owned(),
            editable: role == "combobox",
            tag: if role == "combobox" { "input" } else { "li" }.to_owned(),
            ..Element::default()
        }
    }

    fn action(decision: Option<Result<Decision, Decision>>) -> Option<Action> {
        match decision? {
            Ok(Decision::Act { action, .. }) => Some(action),
            _ => None,
        }
    }

    #[test]
    fn the_option_is_chosen_in_the_list_with_the_fields_name() {
        let snap = Snapshot {
            elements: vec![
                el("f", "combobox", "Departure"),
                el("l", "listbox", "Departure"),
                el("o1", "option", "London, United Kingdom Heathrow LHR"),
                el("o2", "option", "London, United KingdomGatwickLGW"),
            ],
            ..Snapshot::default()
        };
        let state = StepState::default();
        let target = Target::parse("departure");
        assert_eq!(
            action(choose(&target, "London Gatwick", &snap, &state)),
            Some(Action::Click { eid: "o2".into() })
        );
        // Nothing shows it yet: the value is typed so that the list shows it.
        let closed = Snapshot {
            elements: vec![el("f", "combobox", "Departure")],
            ..Snapshot::default()
        };
        assert!(matches!(
            action(choose(&target, "Athens", &closed, &state)),
            Some(Action::Type { text, .. }) if text == "Athens"
        ));
        // A phrase that names no combobox is left to the other paths.
        assert!(choose(&Target::parse("email"), "x", &closed, &state).is_none());
    }
}
