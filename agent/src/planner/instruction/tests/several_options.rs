//! Several options of one list in one step ("select Corrine, Catherine from the list").

use super::builder::{Page, click, plan, succeeded};
use crate::action::Action;

fn names_page(selected: &[&str]) -> tandem_mcp_browser::snapshot::Snapshot {
    Page::new("https://club.test/", "Members")
        .select("", &["Ada", "Corrine", "Catherine", "Cathy", "Bo"])
        .with(|el| {
            for o in &mut el.options {
                o.selected = selected.contains(&o.label.as_str());
            }
            el.value = None;
        })
        .button("Submit")
        .build()
}

#[test]
fn a_list_of_names_selects_them_all_in_one_list() {
    let goal = "Select Corrine, Catherine from the scroll list and click Submit.";
    let first = plan(goal, Some(&names_page(&[])), &[]);
    assert_eq!(
        first.action,
        Action::SelectOption {
            eid: "e1".into(),
            option: "Corrine\nCatherine".to_owned(),
        }
    );
    let next = plan(
        goal,
        Some(&names_page(&["Corrine", "Catherine"])),
        &[succeeded(&first)],
    );
    assert_eq!(next.action, click("e2"));
}

#[test]
fn three_names_with_and_are_one_selection() {
    let first = plan(
        "pick Bo, Ada and Cathy in the list",
        Some(&names_page(&["Corrine"])),
        &[],
    );
    assert_eq!(
        first.action,
        Action::SelectOption {
            eid: "e1".into(),
            option: "Bo\nAda\nCathy".to_owned(),
        }
    );
}

#[test]
fn a_name_that_is_no_option_is_not_a_list_of_options() {
    let first = plan(
        "Select Corrine, Zed from the scroll list",
        Some(&names_page(&[])),
        &[],
    );
    assert!(
        !matches!(&first.action, Action::SelectOption { option, .. } if option.contains('\n')),
        "{}",
        first.action
    );
}
