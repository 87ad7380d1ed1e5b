//! Boxes chosen by likeness of meaning ("words similar to X", `likeness`).

use super::builder::{Page, answered, plan, run_all};
use super::parsing::steps;
use crate::action::Action;
use tandem_mcp_browser::snapshot::Snapshot;

fn boxes(labels: &[&str]) -> Snapshot {
    let mut page = Page::new("https://quiz.test/", "Quiz");
    for label in labels {
        page = page.checkbox(label, false);
    }
    page.button("Submit").build()
}

fn checked(eid: &str) -> Action {
    Action::Check { eid: eid.into() }
}

#[test]
fn a_likeness_clause_is_one_step_per_named_word() {
    assert_eq!(
        steps("Select words similar to mild, huge and click Submit."),
        ["similar=true [mild]", "similar=true [huge]", "click submit"]
    );
    assert_eq!(
        steps("please tick the synonyms of 'fast', then press Done"),
        ["similar=true [fast]", "click done"]
    );
}

#[test]
fn each_word_ticks_the_boxes_the_thesaurus_lists_as_its_synonyms() {
    // e1 enormous, e2 tiny, e3 gentle, e4 cars: "huge" means e1, "automobile" e4 (a plural).
    let page = boxes(&["enormous", "tiny", "gentle", "cars"]);
    let (actions, _) = run_all(
        "Select words similar to huge and automobile, then click Submit",
        &page,
    );
    assert_eq!(
        actions,
        [
            checked("e1"),
            checked("e4"),
            Action::Click { eid: "e5".into() }
        ]
    );
}

#[test]
fn a_box_already_ticked_is_left_alone() {
    let page = Page::new("https://quiz.test/", "Quiz")
        .checkbox("begin", true)
        .checkbox("halt", false)
        .button("Submit")
        .build();
    let (actions, _) = run_all("check the options that mean start", &page);
    assert!(actions.is_empty(), "{actions:?}");
}

#[test]
fn no_box_like_the_word_is_a_question_and_the_answer_is_ticked() {
    let page = boxes(&["tiny", "crimson"]);
    let goal = "select the words similar to huge";
    let ask = plan(goal, Some(&page), &[]);
    assert!(
        matches!(ask.action, Action::AskUser { .. }),
        "{}",
        ask.action
    );
    let then = plan(goal, Some(&page), &[answered(&ask, "e2")]);
    assert_eq!(then.action, checked("e2"));
}
