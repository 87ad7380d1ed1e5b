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
fn a_value_goes_to_the_field_the_word_before_by_names_and_the_first_phrase_to_the_one_left() {
    // Labels other than the sentence's words, no form: the page's only control sends it.
    let form = |genre: &str, director: &str, year: &str| {
        Page::new("https://films.test/", "Films")
            .textbox("Director Name")
            .with(|el| el.value = Some(director.to_owned()))
            .textbox("Movie Genre")
            .with(|el| el.value = Some(genre.to_owned()))
            .textbox("Released Date")
            .with(|el| el.value = Some(year.to_owned()))
            .button("Go!")
            .build()
    };
    let goal = "Search for action movies directed by Bowen from year 1998.";
    let typed = |action: &Action| match action {
        Action::Type { eid, text, .. } => format!("{eid}={text}"),
        other => format!("{other}"),
    };
    let mut history = Vec::new();
    let mut values = ["", "", ""];
    for (expected, field, value) in [
        ("e3=1998", 2, "1998"),
        ("e1=Bowen", 1, "Bowen"),
        ("e2=action", 0, "action"),
    ] {
        let page = form(values[0], values[1], values[2]);
        let next = plan(goal, Some(&page), &history);
        assert_eq!(typed(&next.action), expected);
        history.push(succeeded_on(&next, Some(&page)));
        values[field] = value;
    }
    let filled = form("action", "Bowen", "1998");
    let send = plan(goal, Some(&filled), &history);
    assert_eq!(send.action, click("e4"));
    history.push(succeeded_on(&send, Some(&filled)));
    assert!(matches!(
        plan(goal, Some(&filled), &history).action,
        Action::Stop { .. }
    ));
}

#[test]
fn a_form_with_several_other_controls_and_no_submit_is_filled_not_sent() {
    let page = Page::new("https://films.test/", "Films")
        .textbox("Director")
        .with(|el| el.value = Some("Bowen".to_owned()))
        .textbox("Year")
        .with(|el| el.value = Some("1998".to_owned()))
        .button("Help")
        .button("Reset")
        .build();
    let goal = "Search for movies directed by Bowen from year 1998";
    let next = plan(goal, Some(&page), &[]);
    assert!(
        !matches!(next.action, Action::Click { .. }),
        "{}",
        next.action
    );
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

fn assert_asks(planned: &crate::plan::Plan) {
    assert!(
        matches!(planned.action, Action::AskUser { .. }),
        "{}",
        planned.action
    );
}

#[test]
fn a_calendar_that_fades_in_is_waited_for_before_the_planner_asks() {
    let closed = Page::new("https://hotel.test/", "Hotel")
        .textbox("Date")
        .with(|el| el.editable = false)
        .button("Submit")
        .build();
    let goal = "set Date to 04/02/2025";
    let open = plan(goal, Some(&closed), &[]);
    assert_eq!(open.action, click("e1"), "open the calendar");
    let mut history = vec![succeeded_on(&open, Some(&closed))];
    // Still fading in: the snapshot after the click shows no calendar yet.
    let wait = plan(goal, Some(&closed), &history);
    assert!(
        matches!(
            wait.action,
            Action::Wait {
                until: crate::action::WaitFor::Millis { .. }
            }
        ),
        "{}",
        wait.action
    );
    history.push(succeeded_on(&wait, Some(&closed)));
    let shown = Page::new("https://hotel.test/", "Hotel")
        .textbox("Date")
        .with(|el| el.editable = false)
        .button("Submit")
        .link("Prev", "#")
        .link("Next", "#")
        .text("April")
        .text("2025")
        .link("1", "#")
        .link("2", "#")
        .build();
    // The heading is two texts ("April" and "2025", as jQuery UI writes it).
    assert_eq!(plan(goal, Some(&shown), &history).action, click("e6"));
    // A calendar that never shows: asked after a few waits.
    for _ in 1..super::super::datepicker::SHOW_WAITS {
        let again = plan(goal, Some(&closed), &history);
        assert_eq!(again.action, wait.action);
        history.push(succeeded_on(&again, Some(&closed)));
    }
    assert_asks(&plan(goal, Some(&closed), &history));
}

#[test]
fn a_calendar_with_no_month_control_to_click_changes_month_with_page_keys() {
    // jQuery UI's Prev / Next are anchors with no href: no element in the snapshot.
    let calendar = |month: &str, focused: bool| {
        Page::new("https://trip.test/", "Trip")
            .textbox("Arrival")
            .with(|el| {
                el.editable = false;
                el.focused = focused;
            })
            .text(month)
            .text("2025")
            .link("1", "#")
            .link("17", "#")
            .build()
    };
    let goal = "set Arrival to 04/17/2025";
    let june = calendar("June", true);
    let back = plan(goal, Some(&june), &[]);
    assert_eq!(
        back.action,
        Action::PressKey {
            key: "PageUp".to_owned()
        }
    );
    let mut history = vec![succeeded_on(&back, Some(&june))];
    let may = calendar("May", true);
    let again = plan(goal, Some(&may), &history);
    assert_eq!(again.action, back.action, "the sweep goes on after a key");
    history.push(succeeded_on(&again, Some(&may)));
    assert_eq!(
        plan(goal, Some(&calendar("April", true)), &history).action,
        click("e3")
    );
    // Keys go to the focused element: with the field not focused, the planner asks.
    assert_asks(&plan(goal, Some(&calendar("June", false)), &[]));
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

fn is_wait(action: &Action) -> bool {
    matches!(
        action,
        Action::Wait {
            until: crate::action::WaitFor::Millis { .. }
        }
    )
}

#[test]
fn a_menu_that_spreads_out_is_waited_for_and_what_it_shows_is_never_opened() {
    let goal = "open the menu, then click on Print";
    let closed = Page::new("https://photos.test/", "Photos")
        .element("clickable", "+")
        .build();
    let first = plan(goal, Some(&closed), &[]);
    assert_eq!(first.action, click("e1"), "the only thing that opens");
    let mut history = vec![succeeded_on(&first, Some(&closed))];
    // The label says it opened; its items are still moving in (too small to be reported).
    let moving = Page::new("https://photos.test/", "Photos")
        .element("clickable", "-")
        .build();
    let wait = plan(goal, Some(&moving), &history);
    assert!(is_wait(&wait.action), "{}", wait.action);
    history.push(succeeded_on(&wait, Some(&moving)));
    let spread = Page::new("https://photos.test/", "Photos")
        .element("clickable", "-")
        .element("clickable", "Share")
        .element("clickable", "Print")
        .build();
    assert_eq!(plan(goal, Some(&spread), &history).action, click("e3"));
    // Spread out without the item asked for: its items are content, not openers; the "-"
    // would close it. Asked after the waits.
    let without = Page::new("https://photos.test/", "Photos")
        .element("clickable", "-")
        .element("clickable", "Share")
        .build();
    let goal = "open the menu, then click on Delete";
    let mut history = vec![succeeded_on(&plan(goal, Some(&closed), &[]), Some(&closed))];
    for _ in 0..super::super::datepicker::SHOW_WAITS {
        let again = plan(goal, Some(&without), &history);
        assert!(is_wait(&again.action), "{}", again.action);
        history.push(succeeded_on(&again, Some(&without)));
    }
    assert_asks(&plan(goal, Some(&without), &history));
}

#[test]
fn finding_never_presses_a_control_that_changes_data() {
    let card = |page: Page, name: &str| {
        page.link(name, "#")
            .button("Save to wishlist")
            .button("Add to shopping bag")
    };
    let mut page = Page::new("https://shop.test/", "Living room").button("Sort");
    for name in ["Lindvik Sofa", "Orrsta Armchair", "Harbo Coffee table"] {
        page = card(page, name);
    }
    let catalog = page.button("Show more").button("Add all to basket").build();
    let goal = "find the walnut side table";
    let first = plan(goal, Some(&catalog), &[]);
    assert_eq!(first.action, click("e1"), "the sort menu may reveal");
    let history = vec![succeeded_on(&first, Some(&catalog))];
    let second = plan(goal, Some(&catalog), &history);
    assert_eq!(
        second.action,
        click("e11"),
        "next the page's Show more, never an item's Save or Add: {}",
        second.action
    );
}

#[test]
fn a_button_on_every_item_is_the_item_s_action_not_an_opener() {
    let page = Page::new("https://shop.test/", "Shop")
        .link("Mug", "#m")
        .button("♡")
        .link("Bowl", "#b")
        .button("♡")
        .link("Plate", "#p")
        .button("♡")
        .build();
    assert!(matches!(
        plan("find the teapot", Some(&page), &[]).action,
        Action::AskUser { .. } | Action::Stop { .. }
    ));
}

#[test]
fn a_list_the_page_draws_is_opened_then_its_option_is_clicked() {
    let closed = Page::new("https://app.test/settings", "Settings")
        .element("combobox", "Language")
        .with(|el| el.tag = "div".to_owned())
        .button("Save changes")
        .build();
    let goal = "change the language to Deutsch";
    let first = plan(goal, Some(&closed), &[]);
    assert_eq!(
        first.action,
        click("e1"),
        "opens the list: {}",
        first.action
    );
    let history = vec![succeeded_on(&first, Some(&closed))];
    let open = Page::new("https://app.test/settings", "Settings")
        .element("combobox", "Language")
        .with(|el| el.tag = "div".to_owned())
        .button("Save changes")
        .element("listbox", "Language")
        .element("option", "English (UK)")
        .element("option", "Deutsch")
        .build();
    assert_eq!(
        plan(goal, Some(&open), &history).action,
        click("e5"),
        "the option, though the list carries the field's name"
    );
}
