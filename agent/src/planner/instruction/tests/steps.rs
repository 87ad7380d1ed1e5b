//! Each kind of step turned into its action on a page.

use super::builder::{Page, answered, click, plan, stop_answer, succeeded, typed};
use crate::action::{Action, ScrollDirection, WaitFor};

fn form_page() -> tandem_mcp_browser::snapshot::Snapshot {
    Page::new("https://shop.test/checkout", "Checkout")
        .textbox("Name")
        .with(|el| el.form_submit = Some("Place order".to_owned()))
        .select("Country", &["Choose…", "France", "Germany"])
        .select("Size", &["Small", "Medium", "Large"])
        .checkbox("Gift wrap", false)
        .element("radio", "Express delivery")
        .with(|el| el.checked = Some(false))
        .button("Place order")
        .with(|el| el.form_submit = Some("Place order".to_owned()))
        .link("Help", "https://shop.test/help")
        .offscreen()
        .build()
}

#[test]
fn select_from_a_named_list_uses_the_option_label() {
    let page = form_page();
    assert_eq!(
        plan("select france from the Country dropdown", Some(&page), &[]).action,
        Action::SelectOption {
            eid: "e2".into(),
            option: "France".to_owned()
        }
    );
}

#[test]
fn select_without_a_list_finds_the_list_that_has_the_option() {
    let page = form_page();
    assert_eq!(
        plan("choose Large", Some(&page), &[]).action,
        Action::SelectOption {
            eid: "e3".into(),
            option: "Large".to_owned()
        }
    );
}

#[test]
fn choosing_a_name_that_is_no_option_checks_the_radio_of_that_name() {
    let page = form_page();
    assert_eq!(
        plan("choose Express delivery", Some(&page), &[]).action,
        Action::Check { eid: "e5".into() }
    );
}

#[test]
fn an_option_already_selected_is_skipped() {
    let page = form_page();
    let next = plan(
        "select Small in Size, then click Place order",
        Some(&page),
        &[],
    );
    assert_eq!(next.action, click("e6"));
}

#[test]
fn an_option_missing_from_the_list_asks_and_lists_the_options() {
    let page = form_page();
    let asked = plan("select Spain from Country", Some(&page), &[]);
    let Action::AskUser { questions } = &asked.action else {
        panic!("expected a question, got {}", asked.action);
    };
    assert!(questions[0].prompt.contains("no option \"Spain\""));
    assert!(questions[0].prompt.contains("France, Germany"));
}

#[test]
fn set_picks_typing_selecting_or_checking_by_the_element() {
    let page = form_page();
    assert_eq!(
        plan("set Name to Ann", Some(&page), &[]).action,
        typed("e1", "Ann")
    );
    assert_eq!(
        plan("set Country to Germany", Some(&page), &[]).action,
        Action::SelectOption {
            eid: "e2".into(),
            option: "Germany".to_owned()
        }
    );
    assert_eq!(
        plan("set gift wrap to on", Some(&page), &[]).action,
        Action::Check { eid: "e4".into() }
    );
    assert_eq!(
        plan("fill Name with Bo", Some(&page), &[]).action,
        typed("e1", "Bo")
    );
}

#[test]
fn check_and_uncheck_become_check_and_uncheck_actions() {
    let page = Page::new("https://x.test/", "X")
        .checkbox("Newsletter", true)
        .checkbox("Terms", false)
        .build();
    assert_eq!(
        plan("untick newsletter", Some(&page), &[]).action,
        Action::Uncheck { eid: "e1".into() }
    );
    assert_eq!(
        plan("tick the terms checkbox", Some(&page), &[]).action,
        Action::Check { eid: "e2".into() }
    );
}

#[test]
fn type_alone_goes_into_the_focused_field() {
    let page = Page::new("https://x.test/", "X")
        .textbox("First")
        .textbox("Second")
        .with(|el| el.focused = true)
        .build();
    assert_eq!(
        plan("type hello", Some(&page), &[]).action,
        typed("e2", "hello")
    );
}

#[test]
fn type_alone_goes_into_the_only_field_or_asks_which() {
    let one = Page::new("https://x.test/", "X")
        .button("Go")
        .textbox("Query")
        .build();
    assert_eq!(
        plan("type hello world", Some(&one), &[]).action,
        typed("e2", "hello world")
    );
    let two = Page::new("https://x.test/", "X")
        .textbox("A")
        .textbox("B")
        .build();
    let asked = plan("type hello", Some(&two), &[]);
    assert!(matches!(asked.action, Action::AskUser { .. }));
    assert_eq!(
        plan("type hello", Some(&two), &[answered(&asked, "e2")]).action,
        typed("e2", "hello")
    );
}

#[test]
fn submit_clicks_the_submit_control_of_the_last_typed_fields_form() {
    let page = form_page();
    let goal = "type Ann into Name, then submit";
    let first = plan(goal, Some(&page), &[]);
    assert_eq!(
        plan(goal, Some(&page), &[succeeded(&first)]).action,
        click("e6")
    );
}

#[test]
fn submit_without_a_submit_button_presses_enter_in_the_field() {
    let page = Page::new("https://x.test/", "X").textbox("Query").build();
    let goal = "type cats into Query and submit";
    let first = plan(goal, Some(&page), &[]);
    assert_eq!(
        plan(goal, Some(&page), &[succeeded(&first)]).action,
        Action::PressKey {
            key: "Enter".to_owned()
        }
    );
}

#[test]
fn search_types_into_the_search_box_and_submits() {
    let page = Page::new("https://x.test/", "X")
        .textbox("Name")
        .element("searchbox", "Search products")
        .with(|el| el.editable = true)
        .build();
    assert_eq!(
        plan("search for red shoes", Some(&page), &[]).action,
        Action::Type {
            eid: "e2".into(),
            text: "red shoes".to_owned(),
            clear: true,
            submit: true
        }
    );
}

#[test]
fn press_sends_the_key_even_before_any_page() {
    assert_eq!(
        plan("press ctrl+shift+k", None, &[]).action,
        Action::PressKey {
            key: "Control+Shift+K".to_owned()
        }
    );
}

#[test]
fn scrolling_to_an_element_out_of_view_scrolls_it_into_view() {
    let page = form_page();
    assert_eq!(
        plan("scroll to Help", Some(&page), &[]).action,
        Action::Scroll {
            direction: ScrollDirection::Down,
            eid: Some("e7".into()),
            within: None,
        }
    );
    assert_eq!(
        plan("scroll down", Some(&page), &[]).action,
        Action::Scroll {
            direction: ScrollDirection::Down,
            eid: None,
            within: None,
        }
    );
}

#[test]
fn scrolling_where_the_page_already_is_needs_no_action() {
    let page = form_page();
    let answer =
        stop_answer(&plan("scroll to the top\nscroll to Name", Some(&page), &[])).to_owned();
    assert!(answer.starts_with("All steps done. Skipped:"), "{answer}");
}

#[test]
fn waiting_for_text_already_shown_is_skipped_and_other_waits_are_actions() {
    let page = Page::new("https://x.test/", "X")
        .text("Welcome back, Ann!")
        .build();
    let answer = stop_answer(&plan("wait for 'welcome back'", Some(&page), &[])).to_owned();
    assert!(answer.contains("nothing to do"), "{answer}");
    assert_eq!(
        plan("wait until Saved appears", Some(&page), &[]).action,
        Action::Wait {
            until: WaitFor::Text {
                text: "Saved".to_owned()
            }
        }
    );
    assert_eq!(
        plan("wait 1.5 seconds", Some(&page), &[]).action,
        Action::Wait {
            until: WaitFor::Millis { ms: 1500 }
        }
    );
}

#[test]
fn back_and_reload_use_the_history_and_the_current_address() {
    let page = form_page();
    assert_eq!(plan("go back", Some(&page), &[]).action, Action::Back);
    assert_eq!(
        plan("reload the page", Some(&page), &[]).action,
        Action::Navigate {
            url: "https://shop.test/checkout".to_owned()
        }
    );
}

#[test]
fn a_disabled_only_match_is_explained_in_a_question() {
    let page = Page::new("https://x.test/", "X")
        .button("Pay")
        .disabled()
        .build();
    let asked = plan("click Pay", Some(&page), &[]);
    let Action::AskUser { questions } = &asked.action else {
        panic!("expected a question, got {}", asked.action);
    };
    assert!(questions[0].prompt.contains("is disabled"));
}

#[test]
fn the_note_says_which_step_and_which_element() {
    let page = form_page();
    let next = plan("click Place order", Some(&page), &[]);
    assert_eq!(
        next.note.as_deref(),
        Some("Step 1/1: click the \"Place order\" button")
    );
}
