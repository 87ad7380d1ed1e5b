//! Every frame kind serialises exactly as `docs/protocol.md` says, and reads back the same.

use serde_json::{Value, json};

use super::tag_names;
use crate::*;

/// One frame of every kind, with its JSON.
fn client_samples() -> Vec<(ClientMessage, Value)> {
    vec![
        (
            ClientMessage::Auth { token: "t".into() },
            json!({"type": "auth", "token": "t"}),
        ),
        (
            ClientMessage::Attach {
                session_id: Some("s1".into()),
                project_id: None,
            },
            json!({"type": "attach", "session_id": "s1"}),
        ),
        (
            ClientMessage::UserMessage {
                text: "open x".into(),
            },
            json!({"type": "user_message", "text": "open x"}),
        ),
        (
            ClientMessage::Confirm {
                interrupt_id: "i1".into(),
                approved: false,
                remember: false,
                reason: Some("not now".into()),
            },
            json!({"type": "confirm", "interrupt_id": "i1", "approved": false,
                   "remember": false, "reason": "not now"}),
        ),
        (
            ClientMessage::ManualDone {
                interrupt_id: "i2".into(),
                message: None,
            },
            json!({"type": "manual_done", "interrupt_id": "i2", "message": null}),
        ),
        (
            ClientMessage::Answer {
                interrupt_id: "i3".into(),
                answers: vec![Answer {
                    question_id: "size".into(),
                    values: vec!["m".into()],
                }],
            },
            json!({"type": "answer", "interrupt_id": "i3",
                   "answers": [{"question_id": "size", "values": ["m"]}]}),
        ),
        (
            ClientMessage::Takeover {
                reason: Some("login".into()),
            },
            json!({"type": "takeover", "reason": "login"}),
        ),
        (
            ClientMessage::HandBack {
                message: Some("done".into()),
            },
            json!({"type": "hand_back", "message": "done"}),
        ),
        (
            ClientMessage::LiveView { on: true },
            json!({"type": "live_view", "on": true}),
        ),
        (
            ClientMessage::Input {
                events: vec![
                    UserInput::Click {
                        x: 1.5,
                        y: 2.0,
                        button: PointerButton::Left,
                        count: 1,
                    },
                    UserInput::Wheel {
                        x: 3.0,
                        y: 4.0,
                        delta_x: 0.0,
                        delta_y: 120.0,
                    },
                    UserInput::Key {
                        key: "Enter".into(),
                    },
                    UserInput::Text { text: "hi".into() },
                ],
            },
            json!({"type": "input", "events": [
                {"kind": "click", "x": 1.5, "y": 2.0, "button": "left", "count": 1},
                {"kind": "wheel", "x": 3.0, "y": 4.0, "delta_x": 0.0, "delta_y": 120.0},
                {"kind": "key", "key": "Enter"},
                {"kind": "text", "text": "hi"},
            ]}),
        ),
        (ClientMessage::Cancel {}, json!({"type": "cancel"})),
        (
            ClientMessage::SetMode {
                mode: Some(Mode::Chat),
                reasoning: None,
            },
            json!({"type": "set_mode", "mode": "chat", "reasoning": null}),
        ),
        (
            ClientMessage::History { session_id: None },
            json!({"type": "history", "session_id": null}),
        ),
        (ClientMessage::Projects {}, json!({"type": "projects"})),
        (
            ClientMessage::RenameProject {
                project_id: "p1".into(),
                name: "Bakery".into(),
            },
            json!({"type": "rename_project", "project_id": "p1", "name": "Bakery"}),
        ),
        (
            ClientMessage::DeleteProject {
                project_id: "p1".into(),
            },
            json!({"type": "delete_project", "project_id": "p1"}),
        ),
        (
            ClientMessage::ForgetLogins {
                project_id: "p1".into(),
            },
            json!({"type": "forget_logins", "project_id": "p1"}),
        ),
    ]
}

fn confirm_question() -> AgentQuestion {
    AgentQuestion {
        interrupt_id: "i9".into(),
        kind: AgentQuestionKind::Confirm,
        action: Some(ActionView {
            kind: "click".into(),
            target: Some(ActionTarget {
                eid: "e12".into(),
                role: "button".into(),
                name: "Pay now".into(),
            }),
            url: Some("https://shop.test/checkout".into()),
            host: Some("shop.test".into()),
            text: None,
            summary: "click button \"Pay now\"".into(),
        }),
        reason: "buys something".into(),
        rule: Some("confirm-purchase".into()),
        questions: vec![],
        target: None,
    }
}

fn confirm_question_json() -> Value {
    json!({"interrupt_id": "i9", "kind": "confirm",
           "action": {"kind": "click",
                      "target": {"eid": "e12", "role": "button", "name": "Pay now"},
                      "url": "https://shop.test/checkout", "host": "shop.test",
                      "summary": "click button \"Pay now\""},
           "reason": "buys something", "rule": "confirm-purchase"})
}

fn stored_run() -> (StoredRun, Value) {
    let mut timeline = Timeline::default();
    timeline.push(TimelineItem::Text {
        author: Author::User,
        text: "open x".into(),
    });
    let at = timeline.entries()[0].at_ms;
    let run = StoredRun {
        run_id: "r1".into(),
        goal: "open x".into(),
        status: RunStatusOnDisk::Interrupted,
        started_at: 1,
        updated_at: 2,
        final_response: None,
        timeline,
        steps: vec!["[execute_action] open x → success".into()],
        usage: RunUsage::default(),
        screenshots: vec![("obs-1".into(), "data:image/png;base64,AA".into())],
    };
    let value = json!({"run_id": "r1", "goal": "open x", "status": "interrupted",
        "started_at": 1, "updated_at": 2,
        "timeline": {"entries": [{"seq": 0, "at_ms": at,
                                  "item": {"type": "text", "author": "user", "text": "open x"}}]},
        "steps": ["[execute_action] open x → success"],
        "usage": {"requests": 0, "prompt_tokens": 0, "completion_tokens": 0, "cost": 0.0},
        "screenshots": [["obs-1", "data:image/png;base64,AA"]]});
    (run, value)
}

fn server_samples() -> Vec<(ServerMessage, Value)> {
    let mut question = confirm_question_json();
    question["type"] = json!("agent_question");
    let (run, run_json) = stored_run();
    let doc = ProductDoc {
        sections: vec![DocSection {
            title: "Audience".into(),
            content: "families".into(),
            updated_at: 5,
            updated_by: DocAuthor::Person,
        }],
    };
    vec![
        (
            ServerMessage::Session {
                session_id: "s1".into(),
                mode: Mode::Agent,
                reasoning: false,
                status: RunStatus::WaitingInput,
                pending: Some(confirm_question()),
                takeover: true,
            },
            json!({"type": "session", "session_id": "s1", "mode": "agent", "reasoning": false,
                   "status": "waiting_input", "pending": confirm_question_json(),
                   "takeover": true}),
        ),
        (
            ServerMessage::Takeover { active: true },
            json!({"type": "takeover", "active": true}),
        ),
        (
            ServerMessage::Status {
                status: RunStatus::Completed,
            },
            json!({"type": "status", "status": "completed"}),
        ),
        (
            ServerMessage::AgentMessage { text: "hi".into() },
            json!({"type": "agent_message", "text": "hi"}),
        ),
        (ServerMessage::AgentQuestion(confirm_question()), question),
        (
            ServerMessage::QuestionCleared {
                interrupt_id: "i9".into(),
                by: QuestionEnd::Expired,
            },
            json!({"type": "question_cleared", "interrupt_id": "i9", "by": "expired"}),
        ),
        (
            ServerMessage::Observation {
                url: "http://x.test/".into(),
                title: "X".into(),
                screenshot: None,
            },
            json!({"type": "observation", "url": "http://x.test/", "title": "X"}),
        ),
        (
            ServerMessage::Step {
                node: "execute_action".into(),
                step_id: Some("r1:1".into()),
                summary: "click e4: clicked".into(),
                result: StepResult::Success,
                elapsed_ms: 12,
            },
            json!({"type": "step", "node": "execute_action", "step_id": "r1:1",
                   "summary": "click e4: clicked", "result": "success", "elapsed_ms": 12}),
        ),
        (
            ServerMessage::RunFinished {
                outcome: RunOutcome::Limit,
                text: "stopped".into(),
            },
            json!({"type": "run_finished", "outcome": "limit", "text": "stopped"}),
        ),
        (
            ServerMessage::BrowserRestarted {
                reason: "killed".into(),
            },
            json!({"type": "browser_restarted", "reason": "killed"}),
        ),
        (
            ServerMessage::Usage {
                requests: 2,
                prompt_tokens: 10,
                completion_tokens: 3,
                cost: 0.5,
            },
            json!({"type": "usage", "requests": 2, "prompt_tokens": 10,
                   "completion_tokens": 3, "cost": 0.5}),
        ),
        (
            ServerMessage::ProductDocUpdated {
                changed: vec!["Audience".into()],
                card: "- Audience: families".into(),
                doc,
            },
            json!({"type": "product_doc_updated", "changed": ["Audience"],
                   "card": "- Audience: families",
                   "doc": {"sections": [{"title": "Audience", "content": "families",
                                         "updated_at": 5, "updated_by": "person"}]}}),
        ),
        (
            ServerMessage::Transcript {
                runs: vec![transcript_run()],
            },
            json!({"type": "transcript", "runs": [{
                "run_id": "r1", "goal": "click Save", "outcome": "done",
                "final_response": "Saved.",
                "timeline": {"entries": [{"seq": 0, "at_ms": 7, "item": {
                    "type": "action", "action": {"line": "click e4", "action": "click", "eid": "e4"},
                    "result": {"status": "success", "summary": "clicked"}}}]},
                "transitions": [],
                "usage": {"requests": 0, "prompt_tokens": 0, "completion_tokens": 0, "cost": 0.0}}]}),
        ),
        (
            ServerMessage::History {
                session_id: "s1".into(),
                runs: vec![run],
            },
            json!({"type": "history", "session_id": "s1", "runs": [run_json]}),
        ),
        (
            ServerMessage::Projects {
                projects: vec![crate::ProjectSummary {
                    id: "p1".into(),
                    name: "Bakery".into(),
                    created_at: 1,
                    updated_at: 2,
                    runs: 3,
                    has_site: true,
                    has_logins: true,
                    live: false,
                }],
            },
            json!({"type": "projects", "projects": [{"id": "p1", "name": "Bakery",
                   "created_at": 1, "updated_at": 2, "runs": 3, "has_site": true,
                   "has_logins": true, "live": false}]}),
        ),
        (
            ServerMessage::error("busy", "a run is going"),
            json!({"type": "error", "code": "busy", "message": "a run is going"}),
        ),
    ]
}

/// `samples` hold one frame of every kind of `T`, in declaration order, and each is its JSON
/// both ways.
fn check_samples<T>(samples: Vec<(T, Value)>)
where
    T: serde::Serialize + serde::de::DeserializeOwned + PartialEq + std::fmt::Debug,
{
    let sampled: Vec<&str> = samples
        .iter()
        .map(|(_, json)| json["type"].as_str().unwrap())
        .collect();
    assert_eq!(
        sampled,
        tag_names::<T>(),
        "one sample per frame kind, in order"
    );
    for (frame, expected) in samples {
        assert_eq!(serde_json::to_value(&frame).unwrap(), expected);
        let back: T = serde_json::from_value(expected).unwrap();
        assert_eq!(back, frame);
    }
}

#[test]
fn every_client_frame_kind_has_its_json_and_reads_back_the_same() {
    check_samples(client_samples());
}

#[test]
fn every_server_frame_kind_has_its_json_and_reads_back_the_same() {
    check_samples(server_samples());
}

#[test]
fn a_stored_run_says_how_it_ended_or_that_it_was_interrupted() {
    for (status, wire) in [
        (RunStatusOnDisk::Interrupted, "interrupted"),
        (RunStatusOnDisk::Ended(RunOutcome::Done), "done"),
        (RunStatusOnDisk::Ended(RunOutcome::Cancelled), "cancelled"),
    ] {
        assert_eq!(serde_json::to_value(status).unwrap(), wire);
        assert_eq!(
            serde_json::from_value::<RunStatusOnDisk>(wire.into()).unwrap(),
            status
        );
    }
    assert_eq!(RunStatusOnDisk::from(None), RunStatusOnDisk::Interrupted);
}

#[test]
fn client_frames_parse_strictly() {
    let ok: ClientMessage =
        serde_json::from_str(r#"{"type":"confirm","interrupt_id":"i1","approved":true}"#).unwrap();
    assert_eq!(
        ok,
        ClientMessage::Confirm {
            interrupt_id: "i1".into(),
            approved: true,
            remember: false,
            reason: None,
        }
    );
    for bad in [
        r#"{"type":"confirm","interrupt_id":"i1","approved":true,"extra":1}"#,
        r#"{"type":"approve_everything"}"#,
        r#"{"interrupt_id":"i1"}"#,
        r#"{"type":"cancel","why":"x"}"#,
        r#"{"type":"answer","interrupt_id":"i1","answers":[{"question_id":"q","values":[],"x":1}]}"#,
        r#"{"type":"input","events":[{"kind":"click","x":1,"y":2,"force":true}]}"#,
        r#"[1,2]"#,
    ] {
        assert!(serde_json::from_str::<ClientMessage>(bad).is_err(), "{bad}");
    }
    let cancel: ClientMessage = serde_json::from_str(r#"{"type":"cancel"}"#).unwrap();
    assert_eq!(cancel, ClientMessage::Cancel {});
    let click: UserInput = serde_json::from_str(r#"{"kind":"click","x":1,"y":2}"#).unwrap();
    assert_eq!(
        click,
        UserInput::Click {
            x: 1.0,
            y: 2.0,
            button: PointerButton::Left,
            count: 1
        }
    );
}

#[test]
fn a_sessions_status_is_its_lifecycle_while_a_run_goes_else_how_the_last_run_ended() {
    assert_eq!(RunStatus::of(Lifecycle::Idle, None), RunStatus::Idle);
    assert_eq!(
        RunStatus::of(Lifecycle::Idle, Some(RunOutcome::Denied)),
        RunStatus::Denied
    );
    assert_eq!(
        RunStatus::of(Lifecycle::Paused, Some(RunOutcome::Done)),
        RunStatus::WaitingInput
    );
    assert_eq!(
        RunStatus::of(Lifecycle::Running, Some(RunOutcome::Failed)),
        RunStatus::Running
    );
}

/// A finished run of one click, as a `transcript` frame carries it: the action's line beside
/// its own fields.
fn transcript_run() -> crate::TranscriptRun {
    let run: crate::TranscriptRun = serde_json::from_value(json!({
        "run_id": "r1", "goal": "click Save", "outcome": "done", "final_response": "Saved.",
        "timeline": {"entries": [{"seq": 0, "at_ms": 7, "item": {
            "type": "action", "action": {"line": "click e4", "action": "click", "eid": "e4"},
            "result": {"status": "success", "summary": "clicked"}}}]},
        "transitions": [],
        "usage": {"requests": 0, "prompt_tokens": 0, "completion_tokens": 0, "cost": 0.0}}))
    .unwrap();
    match &run.timeline.entries()[0].item {
        crate::TimelineItem::Action { action, .. } => {
            assert_eq!(action.line, "click e4");
            assert_eq!(action.action, json!({"action": "click", "eid": "e4"}));
        }
        other => panic!("{other:?}"),
    }
    run
}
