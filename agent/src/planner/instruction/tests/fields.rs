//! Fields named in a sentence (issue #30): each value goes into the field whose label or
//! placeholder the words before it name; a control the sentence names first opens the form;
//! words no field takes stop the run before it acts; two fields named equally are asked about.

use super::super::parse::starts_with_verb;
use super::super::step::{Step, target};
use super::builder::{Page, click, plan, run_all, stop_answer, typed};
use crate::action::Action;

/// The parse-time gate, with the vocabulary's verbs.
fn instead(clause: &str, parsed: Vec<Step>) -> Vec<Step> {
    super::super::fields::instead(clause, parsed, starts_with_verb)
}

fn signup() -> Page {
    Page::new("https://jobs.test/apply", "Apply")
        .textbox("Given name")
        .textbox("Family name")
        .textbox("E-mail address")
        .with(|el| el.input_type = Some("email".to_owned()))
        .textbox("Mobile")
        .with(|el| el.input_type = Some("tel".to_owned()))
        .select(
            "Where did you see this advert?",
            &["Choose one", "Newspaper", "Radio"],
        )
        .button("Send application")
}

#[test]
fn each_value_goes_into_the_field_its_words_name() {
    let page = signup().build();
    let (actions, answer) = run_all(
        "mobile 0161 496 0000, given name Ada and family name Byron, e-mail ada@byron.test, \
         advert seen in the Newspaper",
        &page,
    );
    assert_eq!(
        actions,
        vec![
            typed("e4", "0161 496 0000"),
            typed("e1", "Ada"),
            typed("e2", "Byron"),
            typed("e3", "ada@byron.test"),
            Action::SelectOption {
                eid: "e5".into(),
                option: "Newspaper".to_owned(),
            },
        ],
        "{answer}"
    );
    // Nothing was sent.
    assert!(!actions.contains(&click("e6")), "{actions:?}");
    assert!(answer.contains("filled in"), "{answer}");
}

#[test]
fn a_control_named_before_the_fields_is_clicked_first_and_a_value_runs_past_a_comma_into_a_number()
{
    let closed = Page::new("https://shop.test/address", "Address")
        .textbox("Find your address")
        .button("Add a new address")
        .build();
    let goal = "add a new address - street Unit 4, 12 Dock Road, city Leith";
    let first = plan(goal, Some(&closed), &[]);
    assert_eq!(first.action, click("e2"));
    let open = Page::new("https://shop.test/address", "Address")
        .textbox("Find your address")
        .textbox("Street")
        .textbox("City")
        .build();
    let history = vec![super::builder::succeeded_on(&first, Some(&closed))];
    let second = plan(goal, Some(&open), &history);
    assert_eq!(second.action, typed("e2", "Unit 4, 12 Dock Road"));
}

#[test]
fn words_no_field_takes_stop_the_run_before_it_acts() {
    let page = signup().build();
    for goal in [
        // "salary" names no field.
        "given name Ada, family name Byron, salary 40k",
        // An e-mail field does not take a sentence.
        "given name Ada, family name Byron, e-mail is on my CV",
        // A piece after a comma that does not start with a number names nothing.
        "given name Ada, family name Byron, Lovelace",
    ] {
        let first = plan(goal, Some(&page), &[]);
        let answer = stop_answer(&first);
        assert!(answer.contains("could not place"), "{goal}: {answer}");
    }
}

#[test]
fn two_fields_named_equally_are_asked_about() {
    let page = Page::new("https://x.test/", "Form")
        .textbox("First name")
        .textbox("Last name")
        .textbox("Town")
        .build();
    let first = plan("name Ada, town Leeds, last name Byron", Some(&page), &[]);
    assert!(
        matches!(first.action, Action::AskUser { .. }),
        "{}",
        first.action
    );
}

#[test]
fn a_list_of_pieces_that_nothing_else_placed_is_read_on_the_page() {
    for clause in [
        "First name Lena, last name Fischer, email lena@x.example",
        "enter the address manually: line 1 Flat 2, 8 Mill Lane, town Hebden Bridge",
        "new note - title: Call plumber, text: Thursday after 3pm",
    ] {
        assert!(
            matches!(
                instead(clause, Vec::new()).as_slice(),
                [Step::Fields { .. }]
            ),
            "{clause}"
        );
    }
    // Fewer pieces, or a clause another phrasing placed, is left as it was.
    assert!(instead("archive the March report", Vec::new()).is_empty());
    assert!(instead("reply \"a, b, c\" to Ann", Vec::new()).is_empty());
    assert!(instead("name Ada, city Paris", Vec::new()).is_empty());
    // Names with colons are set one by one.
    let set = |name: &str, value: &str| Step::Set {
        target: target(name).unwrap(),
        value: value.to_owned(),
    };
    assert_eq!(
        instead("Departure: Vienna. Arrival: Athens.", Vec::new()),
        vec![set("Departure", "Vienna"), set("Arrival", "Athens")]
    );
    assert_eq!(
        instead(
            "Line 1: Flat 2, 8 Mill Lane, Town: Hebden Bridge",
            Vec::new()
        ),
        vec![
            set("Line 1", "Flat 2, 8 Mill Lane"),
            set("Town", "Hebden Bridge")
        ]
    );
    let reply = Step::Act {
        verbs: vec!["departure".to_owned()],
        object: target("Vienna. Arrival").unwrap(),
        message: Some("Athens".to_owned()),
        renames: false,
    };
    assert_eq!(
        instead("Departure: Vienna. Arrival: Athens", vec![reply]),
        vec![set("Departure", "Vienna"), set("Arrival", "Athens")]
    );
    let submit = vec![Step::Submit];
    assert_eq!(instead("a, b, c", submit.clone()), submit);
}

#[test]
fn a_single_label_colon_value_clause_sets_that_field() {
    use super::super::parse::parse_message;
    let set = |name: &str, value: &str| Step::Set {
        target: target(name).unwrap(),
        value: value.to_owned(),
    };
    let steps: Vec<Step> =
        parse_message("Last name: Okafor; first name: Chidi; phone: 0161 496 0000")
            .steps
            .into_iter()
            .map(|(step, _)| step)
            .collect();
    assert_eq!(
        steps,
        vec![
            set("Last name", "Okafor"),
            set("first name", "Chidi"),
            set("phone", "0161 496 0000")
        ]
    );
    let one: Vec<Step> = parse_message("Email: ada@byron.test")
        .steps
        .into_iter()
        .map(|(step, _)| step)
        .collect();
    assert_eq!(one, vec![set("Email", "ada@byron.test")]);
    // A verb before the colon is not a field's name.
    assert!(!matches!(
        parse_message("click: Save").steps.as_slice(),
        [(Step::Set { .. }, _)]
    ));
}

fn contact_form() -> Page {
    let in_form = |el: &mut tandem_mcp_browser::snapshot::Element| {
        el.form_submit = Some("Submit".to_owned());
    };
    Page::new("https://sales.test/contact", "Talk to sales")
        .textbox("First name")
        .with(in_form)
        .textbox("Last name")
        .with(in_form)
        .textbox("How can we help?")
        .with(|el| {
            el.tag = "textarea".to_owned();
            el.input_type = None;
            el.form_submit = Some("Submit".to_owned());
        })
        .checkbox("Send me occasional product updates", false)
        .button("Submit")
        .with(|el| {
            el.input_type = Some("submit".to_owned());
            el.form_submit = Some("Submit".to_owned());
        })
}

#[test]
fn the_one_multi_line_field_is_the_message_and_send_it_is_the_form_s_submit() {
    let page = contact_form().build();
    let (actions, answer) = run_all(
        "First name Jo, last name Lund, question: can you deliver to Bergen? Then send it",
        &page,
    );
    assert_eq!(
        actions,
        vec![
            typed("e1", "Jo"),
            typed("e2", "Lund"),
            typed("e3", "can you deliver to Bergen"),
            click("e5"),
        ],
        "{answer}"
    );
    // Never the box whose name starts with "Send".
    assert!(!actions.contains(&click("e4")), "{actions:?}");
}
