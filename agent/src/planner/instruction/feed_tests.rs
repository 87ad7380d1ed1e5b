use tandem_mcp_browser::snapshot::Snapshot;

use super::item_coverage;
use crate::planner::instruction::parse::starts_with_verb;
use crate::planner::instruction::snapshot_parts::{el, text};

fn scoped(message: &str) -> Option<(crate::planner::instruction::step::Target, &str)> {
    super::scoped(message, starts_with_verb)
}

#[test]
fn a_leading_for_clause_scopes_the_rest_to_the_thing_it_names() {
    let (thing, rest) = scoped("For the user @kim, click on the \"Mute\" button.").unwrap();
    assert_eq!(
        (thing.phrase.as_str(), rest),
        ("@kim", "click on the \"Mute\" button.")
    );
    let (thing, _) = scoped("for the post by Ada Stone, click Like").unwrap();
    assert_eq!(thing.phrase, "Ada Stone");
    assert!(scoped("for now, click Save").is_some_and(|(t, _)| t.phrase == "now"));
    assert!(scoped("For dinner we had fish, it was good").is_none());
    assert!(scoped("Forward it, then click Send").is_none());
}

#[test]
fn a_control_belongs_to_the_item_between_it_and_the_same_control_above() {
    let snap = Snapshot {
        elements: vec![
            el("l1", "like", 44.0),
            el("l2", "like", 104.0),
            el("l3", "like", 164.0),
        ],
        texts: vec![
            text("For the user @kim, click Like", -30.0),
            text("Ada Stone @ada 3h", 2.0),
            text("Kim Li @kim 5h", 62.0),
            text("Bo Ek @bo 1h", 122.0),
        ],
        ..Snapshot::default()
    };
    let words = vec!["kim".to_owned()];
    let covered: Vec<usize> = snap
        .elements
        .iter()
        .map(|e| item_coverage(e, &words, &snap))
        .collect();
    assert_eq!(covered, [0, 1, 0]);
    let alone = Snapshot {
        elements: vec![el("l1", "like", 44.0)],
        ..snap.clone()
    };
    assert_eq!(item_coverage(&alone.elements[0], &words, &alone), 0);
}

#[test]
fn in_a_grid_of_cards_a_text_belongs_to_the_card_of_its_column() {
    // Two cards on a line: the lines between the buttons hold both cards' names, each in
    // its own column.
    let mut right = el("a2", "add to basket", 144.0);
    right.rect.x = 300.0;
    let at = |body: &str, x: f64| {
        let mut t = text(body, 100.0);
        t.x = x;
        t.w = 160.0;
        t
    };
    let snap = Snapshot {
        elements: vec![
            el("a0", "add to basket", 44.0),
            el("a1", "add to basket", 144.0),
            right,
        ],
        texts: vec![at("Oak Shelf", 20.0), at("Salt and Pepper Mills", 300.0)],
        ..Snapshot::default()
    };
    let words = vec!["salt".to_owned(), "pepper".to_owned()];
    let covered: Vec<usize> = snap
        .elements
        .iter()
        .map(|e| item_coverage(e, &words, &snap))
        .collect();
    assert_eq!(covered, [0, 0, 2]);
}
