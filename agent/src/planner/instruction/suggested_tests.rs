//! Tests of `suggested.rs`.

use tandem_mcp_browser::snapshot::Snapshot;

use super::{decide, fitting};
use crate::action::Action;
use crate::planner::instruction::decision::Decision;
use crate::planner::instruction::progress::StepState;
use crate::planner::instruction::snapshot_parts::el;
use crate::planner::instruction::step::{RoleClass, Target};

/// After the click on "Billings, MT (BIL)" the field shows `shows`.
fn after_click(shows: &str, clicks: usize) -> Result<Decision, Decision> {
    let mut field = el("f", "To:", 10.0);
    field.editable = true;
    field.value = Some(shows.to_owned());
    let choice = el("b", "Billings, MT (BIL)", 30.0);
    let mut acted = Vec::new();
    for _ in 0..clicks {
        acted.push(field.clone());
        acted.push(choice.clone());
    }
    let state = StepState {
        acted,
        ..StepState::default()
    };
    let snap = Snapshot {
        elements: vec![field],
        ..Snapshot::default()
    };
    decide(
        &Target::named("to", Some(RoleClass::Editable)),
        "BIL",
        &snap,
        &state,
    )
}

#[test]
fn the_choice_is_done_only_when_the_field_holds_the_value() {
    assert!(matches!(
        after_click("Billings, MT (BIL)", 1),
        Ok(Decision::Skip { .. })
    ));
    // Another entry taken: typed again once, then the run stops.
    assert!(matches!(
        after_click("Abilene, TX (ABI)", 1),
        Ok(Decision::Act {
            action: Action::Type { .. },
            ..
        })
    ));
    assert!(matches!(
        after_click("Abilene, TX (ABI)", 2),
        Err(Decision::Stop { .. })
    ));
}

#[test]
fn the_suggestion_holding_every_word_of_the_value_fits() {
    let mut field = el("f", "To:", 10.0);
    field.editable = true;
    field.role = "textbox".to_owned();
    let snap = Snapshot {
        elements: vec![
            field.clone(),
            el("a", "Minot, ND (MOT)", 30.0),
            el("b", "Motlow, TN (MTW)", 44.0),
            el("c", "Anvik, AK (ANV)", 58.0),
            el("d", "Anvik Lake, AK (AKL)", 72.0),
        ],
        ..Snapshot::default()
    };
    let names = |v: &str| -> Vec<String> {
        fitting(v, &field, &snap)
            .iter()
            .map(|e| e.name.clone())
            .collect()
    };
    assert_eq!(names("MOT"), ["Minot, ND (MOT)"]);
    assert_eq!(names("Anvik, AK"), ["Anvik, AK (ANV)"]);
    assert_eq!(names("Anvik"), ["Anvik, AK (ANV)"]);
    let twins = Snapshot {
        elements: vec![
            field.clone(),
            el("p", "Paris, France", 30.0),
            el("t", "Paris, Texas", 44.0),
        ],
        ..Snapshot::default()
    };
    assert_eq!(fitting("Paris", &field, &twins).len(), 2);
    let one_code = Snapshot {
        elements: vec![
            field.clone(),
            el("g", "Gladewater/Kilgore, TX (GGG)", 30.0),
            el("h", "Kilgore/Gladewater, TX (GGG)", 44.0),
        ],
        ..Snapshot::default()
    };
    let got = fitting("GGG", &field, &one_code);
    assert_eq!(got.len(), 1);
    assert_eq!(got[0].name, "Gladewater/Kilgore, TX (GGG)");
    assert_eq!(
        fitting("Kilgore", &field, &one_code)[0].name,
        "Kilgore/Gladewater, TX (GGG)"
    );
    assert!(names("Leeds").is_empty());
}
