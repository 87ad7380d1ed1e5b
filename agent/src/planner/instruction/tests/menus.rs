//! Menus whose items open a submenu under the mouse (`menus`): a path "A>B>C" hovers each level
//! whose next level does not show and clicks only the last; a click on an item that shows only
//! while its parent is hovered hovers the closed parents first. Never a click on a parent.

use super::builder::{Page, click, plan, succeeded_on};
use crate::action::Action;
use tandem_mcp_browser::snapshot::Snapshot;

/// A menu bar: "File" (closed submenu), "Help". With `file_open`, File's submenu shows "New" and
/// "Export" (closed); with `export_open` too, Export's shows "PDF" and "Word".
fn menu(file_open: bool, export_open: bool) -> Snapshot {
    let parent =
        |open: bool| move |el: &mut tandem_mcp_browser::snapshot::Element| el.expanded = Some(open);
    let mut page = Page::new("https://editor.test/", "Editor")
        .element("menuitem", "File")
        .with(parent(file_open));
    if file_open {
        page = page
            .element("menuitem", "New")
            .element("menuitem", "Export")
            .with(parent(export_open));
        if export_open {
            page = page.element("menuitem", "PDF").element("menuitem", "Word");
        }
    }
    page.element("menuitem", "Help").build()
}

fn hover(eid: &str) -> Action {
    Action::Hover { eid: eid.into() }
}

#[test]
fn a_path_hovers_each_closed_level_and_clicks_only_the_last() {
    let goal = "Select File>Export>PDF";
    let closed = menu(false, false);
    let first = plan(goal, Some(&closed), &[]);
    assert_eq!(first.action, hover("e1"), "{:?}", first.note);
    let mut history = vec![succeeded_on(&first, Some(&closed))];
    let file = menu(true, false);
    let second = plan(goal, Some(&file), &history);
    assert_eq!(second.action, hover("e3"), "{:?}", second.note);
    history.push(succeeded_on(&second, Some(&file)));
    let export = menu(true, true);
    let last = plan(goal, Some(&export), &history);
    assert_eq!(last.action, click("e4"), "{:?}", last.note);
    history.push(succeeded_on(&last, Some(&export)));
    let end = plan(goal, Some(&export), &history);
    assert!(
        matches!(&end.action, Action::Stop { answer } if answer.contains("File > Export > PDF")),
        "{}",
        end.action
    );
}

#[test]
fn a_level_whose_next_level_shows_is_not_hovered() {
    // File's submenu is open already: straight to Export, spaces around the joiners.
    let file = menu(true, false);
    let first = plan("click File > Export > Word", Some(&file), &[]);
    assert_eq!(first.action, hover("e3"), "{:?}", first.note);
    let open = menu(true, true);
    assert_eq!(
        plan("go to File › Export › Word", Some(&open), &[]).action,
        click("e5")
    );
}

#[test]
fn a_hover_that_shows_nothing_is_not_repeated() {
    let goal = "Select File>Export>PDF";
    let closed = menu(false, false);
    let first = plan(goal, Some(&closed), &[]);
    let mut history = vec![succeeded_on(&first, Some(&closed))];
    // A slow submenu is waited for once, then the step asks.
    let wait = plan(goal, Some(&closed), &history);
    assert!(
        matches!(&wait.action, Action::Wait { until: crate::action::WaitFor::Text { text } } if text == "export"),
        "{}",
        wait.action
    );
    history.push(succeeded_on(&wait, Some(&closed)));
    let again = plan(goal, Some(&closed), &history);
    assert!(
        matches!(again.action, Action::AskUser { .. }),
        "{}",
        again.action
    );
}

#[test]
fn an_item_shown_only_under_its_hovered_parent_is_found_by_hovering() {
    let goal = "Click the \"File\" menu, and then click on the item labeled \"PDF\"";
    let bar = Page::new("https://editor.test/", "Editor")
        .element("menuitem", "New")
        .element("menuitem", "Export")
        .with(|el| el.expanded = Some(false))
        .element("menuitem", "Help")
        .build();
    let mut history = Vec::new();
    // The File button is clicked first, as asked.
    let file = Page::new("https://editor.test/", "Editor")
        .button("File")
        .build();
    let open = plan(goal, Some(&file), &history);
    assert_eq!(open.action, click("e1"));
    history.push(succeeded_on(&open, Some(&file)));
    let look = plan(goal, Some(&bar), &history);
    assert_eq!(look.action, hover("e2"), "{:?}", look.note);
    history.push(succeeded_on(&look, Some(&bar)));
    // Its submenu still closed: waited for once, before any other item is hovered.
    let slow = plan(goal, Some(&bar), &history);
    assert!(
        matches!(slow.action, Action::Wait { .. }),
        "{}",
        slow.action
    );
    history.push(succeeded_on(&slow, Some(&bar)));
    let shown = Page::new("https://editor.test/", "Editor")
        .element("menuitem", "New")
        .element("menuitem", "Export")
        .with(|el| el.expanded = Some(true))
        .element("menuitem", "PDF")
        .element("menuitem", "Help")
        .build();
    assert_eq!(plan(goal, Some(&shown), &history).action, click("e3"));
}

#[test]
fn words_with_an_arrow_in_a_sentence_are_no_path() {
    let page = Page::new("https://a.test/", "A").button("Next").build();
    // A long piece is a sentence: no path, the ordinary click.
    let next = plan(
        "click Next if the total is > than the limit you set earlier today",
        Some(&page),
        &[],
    );
    assert!(
        !matches!(next.action, Action::Hover { .. }),
        "{}",
        next.action
    );
}
