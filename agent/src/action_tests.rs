use tandem_protocol::{QuestionKind, QuestionOption};

use super::*;

fn every_action() -> Vec<Action> {
    vec![
        Action::Navigate {
            url: "https://example.com".into(),
        },
        Action::Click { eid: "e1".into() },
        Action::Hover { eid: "e1".into() },
        Action::Type {
            eid: "e2".into(),
            text: "hello".into(),
            clear: true,
            submit: false,
        },
        Action::SelectOption {
            eid: "e3".into(),
            option: "Blue".into(),
        },
        Action::Check { eid: "e4".into() },
        Action::Uncheck { eid: "e4".into() },
        Action::PressKey {
            key: "Enter".into(),
        },
        Action::Scroll {
            direction: ScrollDirection::Down,
            eid: None,
            within: None,
        },
        Action::Wait {
            until: WaitFor::Navigation,
        },
        Action::Back,
        Action::Tool {
            name: "list_pages".into(),
            args: serde_json::json!({}),
        },
        Action::AskUser {
            questions: vec![Question {
                id: "q".into(),
                prompt: "Which one?".into(),
                kind: QuestionKind::Radio,
                options: vec![QuestionOption {
                    value: "e1".into(),
                    label: "button One".into(),
                }],
            }],
        },
        Action::NeedUser {
            reason: "log in".into(),
        },
        Action::Stop {
            answer: "done".into(),
        },
    ]
}

#[test]
fn the_schema_serializes_and_names_every_variant() {
    let schema = schemars::schema_for!(Action);
    let text = serde_json::to_string(&schema).unwrap();
    for action in every_action() {
        let tag = format!("\"{}\"", action.kind_name());
        assert!(text.contains(&tag), "schema lacks {tag}");
    }
}

#[test]
fn every_action_round_trips_through_json_with_its_kind_as_tag() {
    for action in every_action() {
        let json = serde_json::to_value(&action).unwrap();
        assert_eq!(json["action"], action.kind_name());
        let back: Action = serde_json::from_value(json).unwrap();
        assert_eq!(back, action);
    }
}

#[test]
fn type_defaults_to_clearing_and_not_submitting() {
    let action: Action =
        serde_json::from_str(r#"{"action":"type","eid":"e4","text":"hi"}"#).unwrap();
    assert_eq!(
        action,
        Action::Type {
            eid: "e4".into(),
            text: "hi".into(),
            clear: true,
            submit: false
        }
    );
}

#[test]
fn wait_uses_for_as_its_json_field() {
    let action: Action =
        serde_json::from_str(r#"{"action":"wait","for":{"kind":"millis","ms":250}}"#).unwrap();
    assert_eq!(action.to_string(), "wait 250 ms");
    assert!(
        action.changes_page(),
        "the page is what changes while one waits"
    );
}

#[test]
fn display_gives_short_human_lines() {
    assert_eq!(Action::Click { eid: "e12".into() }.to_string(), "click e12");
    let typed = Action::Type {
        eid: "e4".into(),
        text: "alice".into(),
        clear: true,
        submit: true,
    };
    assert_eq!(typed.to_string(), "type \"alice\" into e4 and submit");
}

#[test]
fn page_changing_actions_are_the_browser_ones() {
    let changing: Vec<&str> = every_action()
        .iter()
        .filter(|a| a.changes_page())
        .map(Action::kind_name)
        .collect();
    assert_eq!(
        changing,
        Action::KIND_NAMES[..11],
        "every browser action, in order"
    );
}

#[test]
fn target_eid_names_the_element_acted_on() {
    assert_eq!(
        Action::Check { eid: "e4".into() }.target_eid(),
        Some(&Eid::from("e4"))
    );
    assert_eq!(Action::Back.target_eid(), None);
}

#[test]
fn kind_names_lists_every_variant_once() {
    let names: Vec<&str> = every_action().iter().map(Action::kind_name).collect();
    assert_eq!(names, Action::KIND_NAMES);
}

#[test]
fn a_tool_that_switches_or_closes_the_tab_needs_a_fresh_observation() {
    let tool = |name: &str| Action::Tool {
        name: name.into(),
        args: serde_json::json!({ "tab_id": "t2" }),
    };
    assert!(tool("switch_tab").changes_page());
    assert!(tool("close_tab").changes_page());
    assert!(!tool("list_tabs").changes_page());
    assert!(!tool("read_page").changes_page());
}
