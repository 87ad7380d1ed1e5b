//! Tests of `best_item.rs`.

use tandem_mcp_browser::snapshot::{Element, Rect, Snapshot};

use super::decide;
use crate::action::Action;
use crate::planner::instruction::decision::Decision;
use crate::planner::instruction::measures::{Measure, Order};
use crate::planner::instruction::progress::StepState;
use crate::planner::instruction::snapshot_parts::{el, text};

fn order(measure: Measure, least: bool) -> Order {
    Order {
        measure,
        least,
        word: "best".to_owned(),
    }
}

/// Three trains, each a band of texts above its "Select" button.
fn trains() -> Snapshot {
    Snapshot {
        elements: vec![
            Element {
                rect: Rect {
                    x: 300.0,
                    y: 0.0,
                    w: 40.0,
                    h: 14.0,
                },
                ..el("back", "Back", 0.0)
            },
            el("s1", "Select", 100.0),
            el("s2", "Select", 200.0),
            el("s3", "Select", 300.0),
        ],
        texts: vec![
            text("Leeds to York", 10.0),
            text("Departs 09:40", 30.0),
            text("Duration 1h 5m", 50.0),
            text("£23.10", 70.0),
            text("Departs 07:55", 130.0),
            text("Duration 58m", 150.0),
            text("£31.00", 170.0),
            text("Departs 11:15", 230.0),
            text("Duration 1 hour 20 minutes", 250.0),
            text("£12.40", 270.0),
        ],
        ..Snapshot::default()
    }
}

fn pressed(order: &Order, snap: &Snapshot) -> String {
    match decide("pick", order, ("train", false), snap, &StepState::default()) {
        Ok(Decision::Act {
            action: Action::Click { eid },
            ..
        }) => eid.0,
        other => format!("{other:?}"),
    }
}

#[test]
fn the_item_best_by_the_value_its_band_shows_is_pressed() {
    let snap = trains();
    assert_eq!(pressed(&order(Measure::Price, true), &snap), "s3");
    assert_eq!(pressed(&order(Measure::Price, false), &snap), "s2");
    assert_eq!(pressed(&order(Measure::Duration, true), &snap), "s2");
    assert_eq!(pressed(&order(Measure::Duration, false), &snap), "s3");
    assert_eq!(pressed(&order(Measure::Clock, true), &snap), "s2");
    assert_eq!(pressed(&order(Measure::Clock, false), &snap), "s3");
}

#[test]
fn a_value_in_the_control_name_counts_first_and_ties_ask() {
    let snap = Snapshot {
        elements: vec![
            el("b1", "Book for $120", 100.0),
            el("b2", "Book for $95", 200.0),
            el("b3", "Book for $95", 300.0),
        ],
        ..Snapshot::default()
    };
    let got = decide(
        "book",
        &order(Measure::Price, true),
        ("flight", false),
        &snap,
        &StepState::default(),
    );
    assert!(matches!(got, Err(Decision::Ask { .. })), "{got:?}");
}

#[test]
fn a_search_the_message_gave_is_sent_before_items_already_shown_count() {
    let mut snap = trains();
    snap.elements.push(Element {
        rect: Rect {
            x: 300.0,
            y: 40.0,
            w: 90.0,
            h: 20.0,
        },
        ..el("go", "Find trains", 40.0)
    });
    let got = decide(
        "book",
        &order(Measure::Price, true),
        ("train", true),
        &snap,
        &StepState::default(),
    );
    assert!(
        matches!(&got, Ok(Decision::Act { action: Action::Click { eid }, .. }) if eid.0 == "go"),
        "{got:?}"
    );
}

#[test]
fn no_list_and_no_search_stops() {
    let snap = Snapshot {
        elements: vec![el("x", "Help", 10.0)],
        texts: vec![text("£12", 30.0)],
        ..Snapshot::default()
    };
    let got = decide(
        "book",
        &order(Measure::Price, true),
        ("room", false),
        &snap,
        &StepState::default(),
    );
    assert!(matches!(got, Err(Decision::Stop { .. })), "{got:?}");
}
