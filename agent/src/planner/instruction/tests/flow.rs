//! Progress through history: advancing, retries, questions and answers, skips, the report.

use tandem_protocol::QuestionKind;

use super::builder::{
    Page, answered, click, failed, plan, run_all, stop_answer, succeeded, succeeded_on, typed,
    waited_then_asked,
};
use crate::action::Action;
use crate::plan::{StepOutcome, StepRecord, StopMeaning};

fn login_page() -> tandem_mcp_browser::snapshot::Snapshot {
    Page::new("https://x.test/login", "Log in")
        .textbox("Email")
        .textbox("Password")
        .with(|el| el.input_type = Some("password".to_owned()))
        .checkbox("Remember me", true)
        .button("Sign in")
        .build()
}

#[test]
fn each_succeeded_step_moves_on_to_the_next() {
    let page = login_page();
    let goal = "type bob@x.io into Email, then click Sign in";
    let first = plan(goal, Some(&page), &[]);
    assert_eq!(first.action, typed("e1", "bob@x.io"));
    assert_eq!(first.cursor, Some(0));
    let second = plan(goal, Some(&page), &[succeeded(&first)]);
    assert_eq!(second.action, click("e4"));
    assert_eq!(second.cursor, Some(1));
}

#[test]
fn when_every_step_is_done_it_stops_with_a_report_and_the_page() {
    let page = login_page();
    let (actions, answer) = run_all("type bob@x.io into Email\nclick Sign in", &page);
    assert_eq!(actions, [typed("e1", "bob@x.io"), click("e4")]);
    assert_eq!(
        answer,
        "All steps done. Done: typed \"bob@x.io\" into Email, clicked Sign in. Now on \"Log in\" (https://x.test/login)."
    );
}

#[test]
fn the_report_names_each_step_by_the_element_it_acted_on_though_eids_repeat_across_pages() {
    let shop = Page::new("https://shop.test/", "Shop")
        .button("Add kettle to cart")
        .link("Cart", "https://shop.test/cart")
        .build();
    let cart = Page::new("https://shop.test/cart", "Your cart")
        .button("Go to checkout")
        .build();
    let checkout = Page::new("https://shop.test/checkout", "Checkout")
        .textbox("Full name")
        .textbox("Street address")
        .textbox("Country")
        .build();
    let goal = "open https://shop.test/ then click Add kettle to cart, then click the Cart link, \
                then click Go to checkout, then type Ada Lovelace into Full name, type 1 Main St \
                into Street address";
    // Each action is planned on, and recorded with its element from, the page it happens on.
    let on = [
        None,
        Some(&shop),
        Some(&shop),
        Some(&cart),
        Some(&checkout),
        Some(&checkout),
    ];
    let mut history = Vec::new();
    for page in on {
        let next = plan(goal, page, &history);
        history.push(succeeded_on(&next, page));
    }
    let actions: Vec<Action> = history.iter().skip(1).map(|r| r.action.clone()).collect();
    assert_eq!(
        actions,
        [
            click("e1"),
            click("e2"),
            click("e1"),
            typed("e1", "Ada Lovelace"),
            typed("e2", "1 Main St"),
        ]
    );
    let answer = stop_answer(&plan(goal, Some(&checkout), &history)).to_owned();
    assert_eq!(
        answer,
        "All steps done. Done: opened https://shop.test/, clicked Add kettle to cart, clicked \
         Cart, clicked Go to checkout, typed \"Ada Lovelace\" into Full name, typed \"1 Main St\" \
         into Street address. Now on \"Checkout\" (https://shop.test/checkout)."
    );
}

#[test]
fn a_step_recorded_without_its_element_is_named_by_its_own_words() {
    let shop = Page::new("https://shop.test/", "Shop")
        .link("Cart", "https://shop.test/cart")
        .build();
    let checkout = Page::new("https://shop.test/checkout", "Checkout")
        .textbox("Full name")
        .build();
    let goal = "click the Cart link";
    let first = plan(goal, Some(&shop), &[]);
    assert_eq!(first.action, click("e1"));
    let answer = stop_answer(&plan(goal, Some(&checkout), &[succeeded(&first)])).to_owned();
    assert!(answer.contains("Done: clicked Cart link."), "{answer}");
    assert!(!answer.contains("Full name"), "{answer}");
}

#[test]
fn a_failed_step_is_retried_once_then_the_run_stops_with_the_error() {
    let page = login_page();
    let goal = "click Sign in";
    let first = plan(goal, Some(&page), &[]);
    let history = vec![failed(&first, "element detached")];
    let retry = plan(goal, Some(&page), &history);
    assert_eq!(retry.action, click("e4"));
    let history = vec![
        failed(&first, "element detached"),
        failed(&retry, "element detached"),
    ];
    let answer = stop_answer(&plan(goal, Some(&page), &history)).to_owned();
    assert!(
        answer.starts_with("Stopped: step 1 (\"click Sign in\") failed twice: element detached.")
    );
}

#[test]
fn an_invalid_action_counts_like_a_failure() {
    let page = login_page();
    let first = plan("click Sign in", Some(&page), &[]);
    let invalid = |p: &crate::plan::Plan| {
        StepRecord::of(
            p,
            StepOutcome::Invalid {
                error: "disabled".to_owned(),
            },
        )
    };
    let history = vec![invalid(&first), invalid(&first)];
    assert!(stop_answer(&plan("click Sign in", Some(&page), &history)).contains("failed twice"));
}

#[test]
fn an_already_checked_box_is_skipped_and_the_next_step_planned() {
    let page = login_page();
    let goal = "check Remember me, then click Sign in";
    let next = plan(goal, Some(&page), &[]);
    assert_eq!(next.action, click("e4"));
    assert_eq!(next.cursor, Some(1));
    assert!(
        next.note
            .as_deref()
            .is_some_and(|n| n.contains("already checked"))
    );
    let answer = stop_answer(&plan(goal, Some(&page), &[succeeded(&next)])).to_owned();
    assert!(answer.contains("Done: clicked Sign in."), "{answer}");
    assert!(
        answer.contains("Skipped: \"check Remember me\" (nothing to do)."),
        "{answer}"
    );
}

#[test]
fn several_equal_matches_ask_a_radio_question_and_the_answer_is_used() {
    let page = Page::new("https://x.test/", "Cart")
        .button("Remove")
        .with(|el| el.context = Some("Red socks".to_owned()))
        .button("Remove")
        .with(|el| el.context = Some("Blue hat".to_owned()))
        .build();
    let goal = "click Remove";
    let question = plan(goal, Some(&page), &[]);
    let Action::AskUser { questions } = &question.action else {
        panic!("expected a question, got {}", question.action);
    };
    assert_eq!(questions[0].kind, QuestionKind::Radio);
    let values: Vec<&str> = questions[0]
        .options
        .iter()
        .map(|o| o.value.as_str())
        .collect();
    // The candidates, then the way out that a text answer would give.
    assert_eq!(values, ["e1", "e2", "skip", "stop"]);
    assert!(questions[0].options[1].label.contains("Blue hat"));
    let next = plan(goal, Some(&page), &[answered(&question, "e2")]);
    assert_eq!(next.action, click("e2"));
    assert_eq!(next.cursor, Some(0));
    let stopped = plan(goal, Some(&page), &[answered(&question, "stop")]);
    assert!(
        matches!(stopped.action, Action::Stop { .. }),
        "{}",
        stopped.action
    );
    assert_eq!(stopped.stop_meaning, StopMeaning::PersonAsked);
}

#[test]
fn nothing_found_asks_for_the_name_and_the_typed_name_is_used() {
    let page = login_page();
    let goal = "click Register";
    let (waited, question) = waited_then_asked(goal, &page);
    let Action::AskUser { questions } = &question.action else {
        panic!("expected a question, got {}", question.action);
    };
    assert_eq!(questions[0].kind, QuestionKind::Text);
    assert!(questions[0].prompt.contains("can't find \"Register\""));
    let next = plan(goal, Some(&page), &[waited, answered(&question, "Sign in")]);
    assert_eq!(next.action, click("e4"));
}

#[test]
fn what_shows_only_after_load_is_waited_for_once_then_clicked() {
    let before = login_page();
    let goal = "close the popup";
    let first = plan(goal, Some(&before), &[]);
    assert!(
        matches!(first.action, Action::Wait { .. }),
        "nothing to close yet: the page is given a moment, got {}",
        first.action
    );
    assert_ne!(
        first.cursor,
        Some(0),
        "the wait is an aside: it completes no step"
    );
    let waited = succeeded(&first);
    let after = Page::new("https://x.test/login", "Log in")
        .textbox("Email")
        .button("Close dialog")
        .build();
    assert_eq!(
        plan(goal, Some(&after), std::slice::from_ref(&waited)).action,
        click("e2")
    );
    // Still nothing after the wait: the person is asked, and no second wait comes.
    let asked = plan(goal, Some(&before), &[waited]);
    assert!(
        matches!(asked.action, Action::AskUser { .. }),
        "{}",
        asked.action
    );
}

#[test]
fn answering_skip_moves_on_and_stop_ends_the_run() {
    let page = login_page();
    let goal = "click Register\nclick Sign in";
    let (waited, question) = waited_then_asked(goal, &page);
    let skipped = [waited.clone(), answered(&question, "skip")];
    assert_eq!(plan(goal, Some(&page), &skipped).action, click("e4"));
    let stopped = plan(goal, Some(&page), &[waited, answered(&question, "stop")]);
    assert!(stop_answer(&stopped).starts_with("Stopped as you asked."));
}

#[test]
fn a_step_asks_at_most_twice_then_stops() {
    let page = login_page();
    let goal = "click Register";
    let (waited, q1) = waited_then_asked(goal, &page);
    let h1 = vec![waited.clone(), answered(&q1, "Enter now")];
    let q2 = plan(goal, Some(&page), &h1);
    assert!(matches!(q2.action, Action::AskUser { .. }));
    let h2 = vec![waited, answered(&q1, "Enter now"), answered(&q2, "Nope")];
    let answer = stop_answer(&plan(goal, Some(&page), &h2)).to_owned();
    assert!(
        answer.starts_with("Stopped: I can't find \"Nope\""),
        "{answer}"
    );
}

#[test]
fn the_person_doing_a_step_during_a_takeover_completes_it() {
    let page = login_page();
    let goal = "type hunter2 into Password\nclick Sign in";
    let first = plan(goal, Some(&page), &[]);
    let done = StepRecord::of(
        &first,
        StepOutcome::UserDone {
            message: String::new(),
        },
    );
    assert_eq!(plan(goal, Some(&page), &[done]).action, click("e4"));
}

#[test]
fn records_without_a_cursor_count_for_the_current_step() {
    let page = login_page();
    let goal = "type a into Email\nclick Sign in";
    let record = StepRecord {
        action: typed("e1", "a"),
        outcome: StepOutcome::Succeeded {
            summary: String::new(),
        },
        cursor: None,
        element: None,
        data: None,
    };
    assert_eq!(plan(goal, Some(&page), &[record]).action, click("e4"));
}

#[test]
fn typed_passwords_are_masked_in_notes_and_reports() {
    let page = login_page();
    let goal = "type hunter2 into Password";
    let first = plan(goal, Some(&page), &[]);
    assert!(!first.note.clone().unwrap_or_default().contains("hunter2"));
    let answer = stop_answer(&plan(goal, Some(&page), &[succeeded(&first)])).to_owned();
    assert!(answer.contains("typed \"••••\" into Password"), "{answer}");
    assert!(!answer.contains("hunter2"));
}

#[test]
fn a_message_without_instructions_explains_the_vocabulary() {
    let answer = stop_answer(&plan("make the weather nice", None, &[])).to_owned();
    assert!(answer.contains("No model is configured"));
    assert!(answer.contains("open example.com"));
}

#[test]
fn parts_not_understood_are_named_in_the_report() {
    let page = login_page();
    let (_, answer) = run_all("click Sign in\nMake it snappy", &page);
    assert!(
        answer.contains("Not understood: \"Make it snappy\"."),
        "{answer}"
    );
}

#[test]
fn before_any_page_navigation_works_and_element_steps_explain() {
    let goal = "open example.com, then click More";
    let first = plan(goal, None, &[]);
    assert_eq!(
        first.action,
        Action::Navigate {
            url: "https://example.com".to_owned()
        }
    );
    let answer = stop_answer(&plan("click More", None, &[])).to_owned();
    assert!(answer.contains("no page is open yet"), "{answer}");
}

#[test]
fn a_stop_step_ends_the_run_before_later_steps() {
    let page = login_page();
    let (actions, answer) = run_all("click Sign in\nstop\nclick Sign in", &page);
    assert_eq!(actions, [click("e4")]);
    assert!(
        answer.starts_with("Stopped as instructed. Done: clicked Sign in."),
        "{answer}"
    );
}

#[test]
fn planning_is_deterministic() {
    let page = login_page();
    let goal = "type a into Email, check Remember me, click Sign in";
    assert_eq!(plan(goal, Some(&page), &[]), plan(goal, Some(&page), &[]));
}

#[test]
fn a_stop_gives_up_only_when_what_was_asked_was_not_done() {
    let page = login_page();
    let first = plan("click Sign in", Some(&page), &[]);
    let twice = [
        failed(&first, "element detached"),
        failed(&first, "element detached"),
    ];
    let given_up = [
        plan("click Sign in", Some(&page), &twice),
        plan("do something clever", Some(&page), &[]),
        plan("", None, &[]),
        plan("click More", None, &[]),
    ];
    for stop in &given_up {
        assert_eq!(
            stop.stop_meaning,
            StopMeaning::GaveUp,
            "{}",
            stop_answer(stop)
        );
    }
    let finished = [
        plan("click Sign in", Some(&page), &[succeeded(&first)]),
        plan("stop", Some(&page), &[]),
    ];
    for stop in &finished {
        assert_eq!(
            stop.stop_meaning,
            StopMeaning::Finished,
            "{}",
            stop_answer(stop)
        );
    }
    assert_eq!(
        first.stop_meaning,
        StopMeaning::Finished,
        "an action is no stop"
    );
}

#[test]
fn a_message_with_nothing_to_follow_names_what_was_not_understood() {
    let answer = stop_answer(&plan("do something clever", None, &[])).to_owned();
    assert!(
        answer.starts_with(
            "I did nothing: I could not understand \"do something clever\" as an instruction. \
             No model is configured"
        ),
        "{answer}"
    );
    let answer = stop_answer(&plan("  ", None, &[])).to_owned();
    assert!(
        answer.starts_with("There were no instructions to follow, so I did nothing. No model"),
        "{answer}"
    );
}

#[test]
fn a_declined_step_stops_the_run_naming_it_and_the_reason() {
    let page = login_page();
    let goal = "type a into Email\nclick Sign in\ntype b into Email";
    let first = plan(goal, Some(&page), &[]);
    let second = plan(goal, Some(&page), &[succeeded(&first)]);
    assert_eq!(second.action, click("e4"));
    let declined = StepRecord::of(
        &second,
        StepOutcome::Declined {
            reason: Some("not now".to_owned()),
        },
    );
    let stopped = plan(goal, Some(&page), &[succeeded(&first), declined]);
    assert_eq!(stopped.stop_meaning, StopMeaning::PersonAsked);
    let answer = stop_answer(&stopped);
    assert!(
        answer.starts_with("Stopped: step 2 (\"click Sign in\") was declined: not now."),
        "{answer}"
    );
}
