//! Sweep steps on synthetic pages: each plan looks at the page as it is now and at what the step
//! already did; the page changes between plans as a browser's would.

use super::builder::{Page, click, plan, succeeded_on};
use crate::action::Action;

fn select_action(eid: &str, option: &str) -> Action {
    Action::SelectOption {
        eid: eid.into(),
        option: option.to_owned(),
    }
}

#[test]
fn values_in_prose_go_to_the_fields_their_labels_fit_then_the_form_is_sent() {
    let form = |genre: &str, artist: &str, year: &str| {
        Page::new("https://records.test/", "Records")
            .textbox("Year")
            .with(|el| {
                el.value = Some(year.to_owned());
                el.form_submit = Some("Search".to_owned());
            })
            .select("Genre", &["Any", "Rock", "Jazz"])
            .with(|el| el.value = Some(genre.to_owned()))
            .textbox("Artist")
            .with(|el| el.value = Some(artist.to_owned()))
            .button("Search")
            .build()
    };
    let goal = "Find jazz albums released by Monk in 1957";
    let empty = form("Any", "", "");
    let first = plan(goal, Some(&empty), &[]);
    assert_eq!(first.action, select_action("e2", "Jazz"));
    let mut history = vec![succeeded_on(&first, Some(&empty))];
    let jazz = form("Jazz", "", "");
    let second = plan(goal, Some(&jazz), &history);
    assert!(
        matches!(&second.action, Action::Type { eid, text, .. } if eid.as_str() == "e1" && text == "1957"),
        "{}",
        second.action
    );
    history.push(succeeded_on(&second, Some(&jazz)));
    let year = form("Jazz", "", "1957");
    let third = plan(goal, Some(&year), &history);
    assert!(
        matches!(&third.action, Action::Type { eid, text, .. } if eid.as_str() == "e3" && text == "Monk"),
        "{}",
        third.action
    );
    history.push(succeeded_on(&third, Some(&year)));
    let filled = form("Jazz", "Monk", "1957");
    let fourth = plan(goal, Some(&filled), &history);
    assert_eq!(fourth.action, click("e4"));
    history.push(succeeded_on(&fourth, Some(&filled)));
    assert!(matches!(
        plan(goal, Some(&filled), &history).action,
        Action::Stop { .. }
    ));
}

#[test]
fn every_box_is_unticked_one_per_action_until_none_is_left() {
    let page = |a: bool, b: bool| {
        Page::new("https://c.test/", "Colours")
            .checkbox("Red", a)
            .checkbox("Blue", b)
            .build()
    };
    let goal = "leave every box unticked";
    let both = page(true, true);
    let first = plan(goal, Some(&both), &[]);
    assert_eq!(first.action, Action::Uncheck { eid: "e1".into() });
    let history = vec![succeeded_on(&first, Some(&both))];
    let one = page(false, true);
    let second = plan(goal, Some(&one), &history);
    assert_eq!(second.action, Action::Uncheck { eid: "e2".into() });
    let history = [history, vec![succeeded_on(&second, Some(&one))]].concat();
    assert!(matches!(
        plan(goal, Some(&page(false, false)), &history).action,
        Action::Stop { .. }
    ));
}

#[test]
fn finding_opens_sections_but_never_files_or_risky_controls() {
    let closed = Page::new("https://files.test/", "Files")
        .button("Delete all")
        .element("clickable", "beach.jpg")
        .element("clickable", "Work")
        .build();
    let goal = "look through the folders for a file called budget.xlsx";
    let first = plan(goal, Some(&closed), &[]);
    assert_eq!(first.action, click("e3"), "opens the folder, not the file");
    let history = vec![succeeded_on(&first, Some(&closed))];
    let open = Page::new("https://files.test/", "Files")
        .button("Delete all")
        .element("clickable", "beach.jpg")
        .element("clickable", "Work")
        .element("clickable", "budget.xlsx")
        .build();
    assert_eq!(plan(goal, Some(&open), &history).action, click("e4"));
}

#[test]
fn a_calendar_moves_month_by_month_then_picks_the_day() {
    let calendar = |month: &str| {
        Page::new("https://hotel.test/", "Hotel")
            .textbox("Check-in")
            .with(|el| el.editable = false)
            .text(month)
            .button("Previous month")
            .button("Next month")
            .button("1")
            .button("2")
            .build()
    };
    let goal = "set Check-in to April 2nd, 2025";
    let march = calendar("March 2025");
    let first = plan(goal, Some(&march), &[]);
    assert_eq!(first.action, click("e3"), "next month");
    let history = vec![succeeded_on(&first, Some(&march))];
    let april = calendar("April 2025");
    assert_eq!(plan(goal, Some(&april), &history).action, click("e5"));
}

#[test]
fn prose_values_that_fit_no_field_one_to_one_are_named_in_a_question() {
    let page = Page::new("https://records.test/", "Records")
        .textbox("Year")
        .select("Genre", &["Any", "Jazz"])
        .textbox("Artist")
        .build();
    let asked = plan(
        "Find jazz albums by Monk with Coltrane from 1957",
        Some(&page),
        &[],
    );
    let Action::AskUser { questions } = &asked.action else {
        panic!("expected a question, got {}", asked.action);
    };
    assert!(
        questions[0].prompt.contains("\"Monk\", \"Coltrane\""),
        "{}",
        questions[0].prompt
    );
}
