//! "Expand the section below": opening the one collapsed disclosure control of a page.
//!
//! In: a clause that names only a container ([`opens_one`]), then the snapshot's disclosure
//! states ([`Element::expanded`]: `aria-expanded`, a `<details>`'s `open`, or whether the
//! region named by `aria-controls` shows) and the step's [`StepState`]. Out: one [`Decision`]
//! ([`expand_one`]): click the page's only collapsed control; `Skip` once it shows expanded,
//! when every disclosure control already is, or when the page has none or several (then the
//! find that follows the clause opens what hides its target). A control that is open is never
//! clicked: that would close it.

use tandem_mcp_browser::snapshot::{Element, Snapshot};

use super::containers::names_only_containers;
use super::decision::{Decision, act};
use super::locate::ask_again;
use super::matching::normalize;
use super::progress::StepState;
use super::report::describe;
use super::risky::risky;
use super::split::first_word;
use super::step::is_editable;
use crate::action::Action;

/// Verbs that ask for a container to be opened (not moved through).
const OPENING: &[&str] = &["expand", "open"];

/// Words that make the clause about several containers or about every one of them.
const SEVERAL: &[&str] = &[
    "sections",
    "tabs",
    "menus",
    "files",
    "folders",
    "directories",
    "panels",
    "accordions",
    "lists",
    "collapsibles",
    "groups",
    "nodes",
    "headers",
    "categories",
    "all",
    "each",
    "every",
];

/// Whether `clause` (lead-ins stripped) asks to open one container it does not name: "expand
/// the section below", "open the menu" (not "switch between the tabs", not "expand the
/// sections", not "expand Company").
pub(crate) fn opens_one(clause: &str) -> bool {
    let (verb, rest) = first_word(clause.trim());
    OPENING.contains(&verb.as_str())
        && names_only_containers(clause)
        && !normalize(rest).split(' ').any(|w| SEVERAL.contains(&w))
}

/// A control whose collapsed or expanded state the page reports, and that only discloses
/// (no field, no list box, nothing that sends or deletes).
fn discloses(el: &Element) -> bool {
    el.expanded.is_some()
        && !el.disabled
        && !is_editable(el)
        && !matches!(el.role.as_str(), "combobox" | "listbox" | "searchbox")
        && !risky(el)
}

/// Opens the page's only collapsed disclosure control; done once it shows expanded.
pub(crate) fn expand_one(snap: &Snapshot, state: &StepState) -> Decision {
    if let Some(done) = state.acted.last() {
        return match snap.elements.iter().find(|el| el.eid == done.eid) {
            Some(el) if el.expanded == Some(false) => ask_again(
                state,
                format!("I clicked {} but it stayed collapsed.", describe(el)),
            ),
            _ => Decision::Skip {
                note: format!("opened {}", describe(done)),
            },
        };
    }
    let controls: Vec<&Element> = snap.elements.iter().filter(|el| discloses(el)).collect();
    let collapsed: Vec<&Element> = controls
        .iter()
        .copied()
        .filter(|el| el.expanded == Some(false))
        .collect();
    match collapsed.as_slice() {
        [one] => act(
            Action::Click {
                eid: one.eid.clone(),
            },
            format!("expand {}", describe(one)),
        ),
        [] if !controls.is_empty() => Decision::Skip {
            note: "every section is already open".to_owned(),
        },
        [] => Decision::Skip {
            note: "the page reports no collapsed section".to_owned(),
        },
        _ => Decision::Skip {
            note: format!(
                "{} sections are collapsed: the next step opens the one it needs",
                collapsed.len()
            ),
        },
    }
}

#[cfg(test)]
mod tests {
    use tandem_mcp_browser::snapshot::{Eid, Element, Snapshot};

    use super::{expand_one, opens_one};
    use crate::action::Action;
    use crate::planner::instruction::decision::Decision;
    use crate::planner::instruction::progress::StepState;

    fn control(eid: &str, role: &str, name: &str, expanded: Option<bool>) -> Element {
        Element {
            eid: Eid(eid.to_owned()),
            role: role.to_owned(),
            name: name.to_owned(),
            tag: "h3".to_owned(),
            expanded,
            ..Element::default()
        }
    }

    fn page(elements: Vec<Element>) -> Snapshot {
        Snapshot {
            elements,
            ..Snapshot::default()
        }
    }

    fn clicked(decision: &Decision) -> Option<&str> {
        match decision {
            Decision::Act {
                action: Action::Click { eid },
                ..
            } => Some(eid.as_str()),
            _ => None,
        }
    }

    #[test]
    fn one_unnamed_container_with_an_opening_verb() {
        for clause in [
            "Expand the section below",
            "open the menu",
            "expand the collapsible",
            "expand the panel here",
        ] {
            assert!(opens_one(clause), "{clause}");
        }
        for clause in [
            "Expand the sections below, to find",
            "switch between the tabs",
            "expand all sections",
            "expand Company",
            "navigate through the file tree",
            "click the section",
        ] {
            assert!(!opens_one(clause), "{clause}");
        }
    }

    #[test]
    fn the_only_collapsed_control_is_clicked_and_an_open_one_never() {
        let snap = page(vec![
            control("e1", "tab", "Section #7", Some(false)),
            control("e2", "button", "Submit", None),
        ]);
        assert_eq!(
            clicked(&expand_one(&snap, &StepState::default())),
            Some("e1")
        );

        let open = page(vec![
            control("e1", "tab", "Section #7", Some(true)),
            control("e2", "button", "Submit", None),
        ]);
        assert!(matches!(
            expand_one(&open, &StepState::default()),
            Decision::Skip { .. }
        ));
    }

    #[test]
    fn fields_lists_and_risky_buttons_are_not_sections() {
        let snap = page(vec![
            control("e1", "combobox", "Country", Some(false)),
            control("e2", "button", "Delete", Some(false)),
            control("e3", "button", "More details", Some(false)),
        ]);
        assert_eq!(
            clicked(&expand_one(&snap, &StepState::default())),
            Some("e3")
        );
    }

    #[test]
    fn several_collapsed_or_none_leave_it_to_the_find() {
        let several = page(vec![
            control("e1", "button", "Company", Some(false)),
            control("e2", "button", "Legal", Some(false)),
        ]);
        assert!(matches!(
            expand_one(&several, &StepState::default()),
            Decision::Skip { .. }
        ));
        let none = page(vec![control("e2", "button", "Submit", None)]);
        assert!(matches!(
            expand_one(&none, &StepState::default()),
            Decision::Skip { .. }
        ));
    }

    #[test]
    fn done_once_the_clicked_control_shows_expanded() {
        let before = control("e1", "tab", "Section #7", Some(false));
        let state = StepState {
            acted: vec![before.clone()],
            ..StepState::default()
        };
        let after = page(vec![control("e1", "tab", "Section #7", Some(true))]);
        assert!(matches!(expand_one(&after, &state), Decision::Skip { .. }));
        let still = page(vec![before]);
        assert!(matches!(expand_one(&still, &state), Decision::Ask { .. }));
    }
}
