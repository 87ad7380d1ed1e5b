//! "The 7th search result" on a list that shows three results a page: counted across pages,
//! the page that holds it opened with the list's own links (`paged_results`).

use super::builder::{Page, click, plan, succeeded_on};
use tandem_mcp_browser::snapshot::Snapshot;

const GOAL: &str = "type \"Ada\" into the search box and press \"Search\", then find and click the 7th search result";

/// Page `page` of nine results, three a page, with number links and next / previous.
fn results_page(page: usize, numbers: bool) -> Snapshot {
    let mut b = Page::new("https://find.test/", "Find")
        .textbox("Search")
        .button("Search");
    for i in 0..3 {
        let n = (page - 1) * 3 + i + 1;
        b = b.link(&format!("Result title {n}"), "https://find.test/#");
    }
    b = b.link("<", "https://find.test/#");
    if numbers {
        for p in 1..=3 {
            b = b.link(&p.to_string(), "https://find.test/#");
        }
    }
    b.link(">", "https://find.test/#").build()
}

fn name_of<'s>(page: &'s Snapshot, action: &crate::action::Action) -> &'s str {
    let eid = action
        .target_eid()
        .unwrap_or_else(|| panic!("an action on an element, got {action}"));
    &page
        .elements
        .iter()
        .find(|el| el.eid == *eid)
        .expect("on the page")
        .name
}

#[test]
fn the_nth_result_opens_its_page_by_number_then_clicks_it() {
    let mut history = Vec::new();
    let first = results_page(1, true);
    for _ in 0..2 {
        let next = plan(GOAL, Some(&first), &history);
        history.push(succeeded_on(&next, Some(&first)));
    }
    let open = plan(GOAL, Some(&first), &history);
    assert_eq!(name_of(&first, &open.action), "3", "{:?}", open.note);
    history.push(succeeded_on(&open, Some(&first)));
    let third = results_page(3, true);
    let pick = plan(GOAL, Some(&third), &history);
    assert_eq!(name_of(&third, &pick.action), "Result title 7");
    history.push(succeeded_on(&pick, Some(&third)));
    // Every word placed: "find and click" is the click.
    let end = plan(GOAL, Some(&third), &history);
    assert!(
        matches!(end.action, crate::action::Action::Stop { .. })
            && end.stop_meaning == crate::plan::StopMeaning::Finished,
        "{}",
        end.action
    );
}

#[test]
fn without_page_numbers_next_is_followed_page_by_page() {
    let goal = "click the 8th result";
    let mut history = Vec::new();
    for page in [1, 2] {
        let shown = results_page(page, false);
        let next = plan(goal, Some(&shown), &history);
        assert_eq!(name_of(&shown, &next.action), ">", "page {page}");
        history.push(succeeded_on(&next, Some(&shown)));
    }
    let third = results_page(3, false);
    let pick = plan(goal, Some(&third), &history);
    assert_eq!(name_of(&third, &pick.action), "Result title 8");
}

#[test]
fn a_result_on_the_page_shown_is_clicked_at_once() {
    let first = results_page(1, true);
    assert_eq!(
        plan("click the second result", Some(&first), &[]).action,
        click("e4")
    );
}

#[test]
fn a_last_page_shorter_than_the_others_still_holds_its_results() {
    // Seven results, three a page: page 3 shows only the seventh, and no next control.
    let goal = "click the 7th result";
    let first = results_page(1, true);
    let open = plan(goal, Some(&first), &[]);
    assert_eq!(name_of(&first, &open.action), "3");
    let history = vec![succeeded_on(&open, Some(&first))];
    let mut last = results_page(3, true);
    last.elements
        .retain(|el| !matches!(el.name.as_str(), "Result title 8" | "Result title 9" | ">"));
    let pick = plan(goal, Some(&last), &history);
    assert_eq!(name_of(&last, &pick.action), "Result title 7");
}
