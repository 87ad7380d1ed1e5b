use super::control_in_row;
use crate::planner::instruction::step::Step;

fn row(words: &str) -> Option<(String, String)> {
    match control_in_row(words)? {
        Step::Act { verbs, object, .. } => Some((verbs.join("|"), object.phrase)),
        _ => None,
    }
}

#[test]
fn a_control_is_named_by_its_row() {
    let pair = |a: &str, b: &str| Some((a.to_owned(), b.to_owned()));
    assert_eq!(
        row("the Edit button in the row for Hannah Lindqvist"),
        pair("edit", "Hannah Lindqvist")
    );
    assert_eq!(
        row("Edit on Paolo Ricci's row"),
        pair("edit", "Paolo Ricci")
    );
    assert_eq!(
        row("the delete icon on the row with invoice 1042."),
        pair("delete", "invoice 1042")
    );
    assert_eq!(
        row("Edit on the row for Chen, Wei"),
        pair("edit", "Chen, Wei")
    );
    // A word whose lower case is longer ("İ") before the row keeps the row's words whole.
    assert_eq!(
        row("the Edit İD button in the row for Ilkay Gündoğan"),
        pair("edit i\u{307}d", "Ilkay Gündoğan")
    );
}

#[test]
fn other_words_name_no_row() {
    for words in [
        "the Edit button",
        "Save and close",
        "the arrow on the right",
        "row",
    ] {
        assert_eq!(row(words), None, "{words}");
    }
}
