//! The agent graph end to end over a stand-in browser (no Chromium): confirmations bound to
//! their action, invalid and failing actions, chat mode, check/uncheck, cancel and supersede.
#![allow(clippy::expect_used, clippy::unwrap_used)] // a failed expectation is the test failing

use std::sync::{Arc, Mutex};

use async_trait::async_trait;
use serde_json::Value;
use support::{finished, next_matching, question};
use tandem_agent::plan::{Plan, StopMeaning};
use tandem_agent::planner::{PlanContext, Planner};
use tandem_agent::{
    Action, Agent, AgentConfig, AgentError, AgentEvent, AgentHandle, BrowserTools, InterruptError,
    InterruptKind, PlannerError, Resume, ToolInfo,
};
use tandem_mcp_browser::browser::ActionOutcome;
use tandem_mcp_browser::snapshot::{Element, Snapshot};
use tandem_mcp_browser::tool::TabList;
use tandem_mcp_browser::{Answer, ClientError, Observation, ObservedPage, ToolOutput};
use tandem_policy::PolicyGate;
use tandem_protocol::{ActionResult, Mode, QuestionEnd, RunOutcome};

use crate::support;

/// A page with a few elements; records the calls it gets.
#[derive(Default)]
pub(crate) struct FakeBrowser {
    elements: Vec<Element>,
    calls: Mutex<Vec<String>>,
    fail_clicks: bool,
    /// Clicks never return: the call stays in flight until the run is cancelled.
    hang_clicks: bool,
    /// What its observations say in `sign_in_again`: the page asks to sign in on this host,
    /// where the browser was signed in before.
    lost_login: Option<String>,
}

impl FakeBrowser {
    pub(crate) fn with(elements: Vec<Element>) -> Self {
        Self {
            elements,
            ..Self::default()
        }
    }

    /// A browser whose page asks to sign in again on `host`.
    pub(crate) fn asking_to_sign_in_again(host: &str, elements: Vec<Element>) -> Self {
        Self {
            elements,
            lost_login: Some(host.to_owned()),
            ..Self::default()
        }
    }

    pub(crate) fn calls(&self) -> Vec<String> {
        self.calls.lock().unwrap().clone()
    }

    fn log(&self, call: String) -> Result<ActionOutcome, ClientError> {
        self.calls.lock().unwrap().push(call.clone());
        Ok(ActionOutcome {
            message: call,
            url: "https://shop.test/".into(),
            title: "Shop".into(),
        })
    }
}

pub(crate) fn element(eid: &str, role: &str, name: &str) -> Element {
    Element {
        eid: eid.into(),
        role: role.into(),
        name: name.into(),
        tag: "button".into(),
        ..Element::default()
    }
}

#[async_trait]
impl BrowserTools for FakeBrowser {
    async fn tools(&self) -> Result<Vec<ToolInfo>, ClientError> {
        Ok(vec![
            ToolInfo::new("observe", "Observe the active tab.", Value::Null),
            ToolInfo::new("click", "Click an element.", Value::Null),
        ])
    }

    async fn call(&self, name: &str, args: Value) -> Result<ToolOutput, ClientError> {
        let arg = |key: &str| args[key].as_str().unwrap_or_default().to_owned();
        let outcome = match name {
            "observe" => return Ok(self.page().write()),
            "click" => self.click(&arg("eid")).await,
            "navigate" => self.log(format!("navigate {}", arg("url"))),
            "type" => self.log(format!("type {} into {}", arg("text"), arg("eid"))),
            "select_option" => self.log(format!("select {} in {}", arg("option"), arg("eid"))),
            "press_key" => self.log(format!("press {}", arg("key"))),
            "scroll" | "wait" | "back" => self.log(name.to_owned()),
            "close_tab" => {
                self.log(format!("close {}", arg("tab_id")))?;
                return Ok(TabList { tabs: Vec::new() }.write());
            }
            tool => {
                self.log(format!("tool {tool}"))?;
                return Ok(ToolOutput::default());
            }
        };
        outcome.map(|outcome| outcome.write())
    }
}

impl FakeBrowser {
    fn page(&self) -> ObservedPage {
        self.calls.lock().unwrap().push("observe".into());
        ObservedPage {
            observation: Observation {
                snapshot: Snapshot {
                    url: "https://shop.test/".into(),
                    title: "Shop".into(),
                    elements: self.elements.clone(),
                    ..Snapshot::default()
                },
                screenshot: None,
                tabs: Vec::new(),
                notices: Vec::new(),
                sign_in_again: self.lost_login.clone(),
            },
            text: String::new(),
        }
    }

    async fn click(&self, eid: &str) -> Result<ActionOutcome, ClientError> {
        if self.hang_clicks {
            std::future::pending::<()>().await;
        }
        if self.fail_clicks {
            self.calls
                .lock()
                .unwrap()
                .push(format!("click {eid} (failed)"));
            return Err(ClientError::Tool {
                code: "covered".into(),
                message: format!("element `{eid}` is covered"),
            });
        }
        self.log(format!("click {eid}"))
    }
}

/// Plays a fixed list of actions, one per call; repeats the last one when the list runs out.
pub(crate) struct Script(Vec<Action>, Mutex<usize>);

impl Script {
    pub(crate) fn new(actions: Vec<Action>) -> Arc<Self> {
        Arc::new(Self(actions, Mutex::new(0)))
    }
}

#[async_trait]
impl Planner for Script {
    async fn plan(&self, _: &PlanContext<'_>) -> Result<Plan, PlannerError> {
        let mut next = self.1.lock().unwrap();
        let action = self.0[(*next).min(self.0.len() - 1)].clone();
        *next += 1;
        Ok(Plan::new(action))
    }
}

pub(crate) fn spawn(browser: &Arc<FakeBrowser>, planner: Arc<Script>) -> AgentHandle {
    Agent::spawn(
        AgentConfig::default(),
        planner,
        browser.clone(),
        Arc::new(PolicyGate::with_defaults().unwrap()),
    )
}

pub(crate) fn click(eid: &str) -> Action {
    Action::Click { eid: eid.into() }
}

pub(crate) fn stop() -> Action {
    Action::Stop {
        answer: "all done".into(),
    }
}

#[tokio::test]
async fn a_confirmation_is_bound_to_its_id_kind_and_action_and_runs_the_action_once() {
    let browser = Arc::new(FakeBrowser::with(vec![element("e1", "button", "Buy now")]));
    let agent = spawn(&browser, Script::new(vec![click("e1"), stop()]));
    let mut events = agent.subscribe();
    agent.submit_user_message("buy it").await.unwrap();
    let asked = question(&mut events).await;
    let InterruptKind::Confirm {
        action_hash, rule, ..
    } = &asked.kind
    else {
        panic!("expected a confirmation, got {asked:?}");
    };
    assert_eq!(rule, "confirm-purchase");
    assert_eq!(agent.pending_question().as_ref(), Some(&asked));

    let confirm = |hash: &str| Resume::Confirm {
        approved: true,
        action_hash: hash.to_owned(),
        remember: false,
        reason: None,
    };
    let refused = agent.resume("not-the-id", confirm(action_hash)).await;
    assert!(
        matches!(
            refused,
            Err(AgentError::Interrupt(InterruptError::StaleId(_)))
        ),
        "{refused:?}"
    );
    let refused = agent.resume(&asked.id, confirm("0000")).await;
    assert!(
        matches!(
            refused,
            Err(AgentError::Interrupt(InterruptError::ActionChanged))
        ),
        "{refused:?}"
    );
    let refused = agent
        .resume(
            &asked.id,
            Resume::Answer {
                answers: Vec::new(),
            },
        )
        .await;
    assert!(
        matches!(
            refused,
            Err(AgentError::Interrupt(InterruptError::WrongKind { .. }))
        ),
        "{refused:?}"
    );
    assert_eq!(
        agent.pending_question().as_ref(),
        Some(&asked),
        "still paused"
    );
    assert!(!browser.calls().iter().any(|c| c.starts_with("click")));

    agent.resume(&asked.id, confirm(action_hash)).await.unwrap();
    let (outcome, text) = finished(&mut events).await;
    assert_eq!((outcome, text.as_str()), (RunOutcome::Done, "all done"));
    let again = agent.resume(&asked.id, confirm(action_hash)).await;
    assert!(
        matches!(
            again,
            Err(AgentError::Interrupt(InterruptError::AlreadyUsed(_)))
        ),
        "{again:?}"
    );
    let clicks: Vec<String> = browser
        .calls()
        .into_iter()
        .filter(|c| c.starts_with("click"))
        .collect();
    assert_eq!(clicks, ["click e1"]);
    let run = agent.runs().pop().unwrap();
    let results: Vec<_> = run.timeline.actions().map(|(_, r)| r.clone()).collect();
    assert!(
        matches!(results.as_slice(), [ActionResult::Success { .. }]),
        "{results:?}"
    );
}

/// A run stopped at the confirmation of "Delete account", and the denial that answers it.
pub(crate) fn delete_account_page() -> Arc<FakeBrowser> {
    Arc::new(FakeBrowser::with(vec![element(
        "e1",
        "button",
        "Delete account",
    )]))
}

#[tokio::test]
async fn a_declined_confirmation_is_a_step_the_run_goes_on_from_and_is_never_retried() {
    let browser = delete_account_page();
    // The script insists: the same click again after the decline, then a stop.
    let agent = spawn(
        &browser,
        Script::new(vec![click("e1"), click("e1"), stop()]),
    );
    let mut events = agent.subscribe();
    agent.submit_user_message("delete it").await.unwrap();
    let asked = question(&mut events).await;
    let InterruptKind::Confirm { action_hash, .. } = &asked.kind else {
        panic!("expected a confirmation");
    };
    let no = Resume::Confirm {
        approved: false,
        action_hash: action_hash.clone(),
        remember: false,
        reason: Some("  I need that account  ".into()),
    };
    agent.resume(&asked.id, no).await.unwrap();
    let (outcome, text) = finished(&mut events).await;
    assert_eq!((outcome, text.as_str()), (RunOutcome::Done, "all done"));
    assert_eq!(browser.calls(), ["observe"], "nothing was clicked");
    let run = agent.runs().pop().unwrap();
    let results: Vec<_> = run.timeline.actions().map(|(_, r)| r.clone()).collect();
    let [
        ActionResult::Error { message: declined },
        ActionResult::Error { message: again },
    ] = results.as_slice()
    else {
        panic!("one declined action, one refused repeat: {results:?}");
    };
    assert_eq!(declined, "declined by you: I need that account");
    assert!(again.contains("already declined"), "{again}");
    let confirmations = run
        .nodes()
        .iter()
        .filter(|n| **n == "confirm_interrupt")
        .count();
    assert_eq!(
        confirmations, 2,
        "asked once (paused and resumed), never again"
    );
}

#[tokio::test]
async fn a_confirmation_nobody_answered_in_time_is_not_worded_as_the_persons_refusal() {
    let browser = delete_account_page();
    let config = AgentConfig {
        confirm_expiry: std::time::Duration::from_millis(200),
        ..AgentConfig::default()
    };
    let agent = Agent::spawn(
        config,
        Script::new(vec![click("e1"), stop()]),
        browser.clone(),
        Arc::new(PolicyGate::with_defaults().unwrap()),
    );
    let mut events = agent.subscribe();
    agent.submit_user_message("delete it").await.unwrap();
    let asked = question(&mut events).await;
    assert!(matches!(asked.kind, InterruptKind::Confirm { .. }));
    // Nobody answers: the agent denies it once the confirmation expired.
    let cleared = next_matching(&mut events, |e| {
        matches!(e, AgentEvent::QuestionCleared { .. })
    })
    .await;
    assert!(
        matches!(
            &cleared,
            AgentEvent::QuestionCleared {
                by: QuestionEnd::Expired,
                ..
            }
        ),
        "{cleared:?}"
    );
    let (outcome, text) = finished(&mut events).await;
    assert_eq!(outcome, RunOutcome::Cancelled);
    assert!(text.starts_with("Nobody confirmed in time"), "{text}");
    assert!(!text.contains("You declined"), "{text}");
    assert_eq!(browser.calls(), ["observe"]);
}

#[tokio::test]
async fn three_invalid_actions_in_a_row_block_the_run() {
    let browser = Arc::new(FakeBrowser::with(vec![element("e1", "button", "Ok")]));
    let agent = spawn(&browser, Script::new(vec![click("e99")]));
    let mut events = agent.subscribe();
    agent
        .submit_user_message("click the missing thing")
        .await
        .unwrap();
    let (outcome, text) = finished(&mut events).await;
    assert_eq!(outcome, RunOutcome::Blocked, "{text}");
    let run = agent.runs().pop().unwrap();
    let validations = run
        .nodes()
        .iter()
        .filter(|n| **n == "validate_action")
        .count();
    assert_eq!(validations, 3);
    assert_eq!(run.nodes().last(), Some(&"finalize_blocked"));
    assert_eq!(browser.calls(), ["observe"], "nothing was executed");
}

#[tokio::test]
async fn three_tool_errors_in_a_row_fail_the_run() {
    let browser = Arc::new(FakeBrowser {
        elements: vec![element("e1", "button", "Ok")],
        fail_clicks: true,
        ..FakeBrowser::default()
    });
    let agent = spawn(&browser, Script::new(vec![click("e1")]));
    let mut events = agent.subscribe();
    agent.submit_user_message("click ok").await.unwrap();
    let (outcome, text) = finished(&mut events).await;
    assert_eq!(outcome, RunOutcome::Failed);
    assert!(text.contains("3 browser calls failed in a row"), "{text}");
    let failed = browser
        .calls()
        .iter()
        .filter(|c| c.ends_with("(failed)"))
        .count();
    assert_eq!(failed, 3);
}

#[tokio::test]
async fn chat_mode_reads_the_page_answers_offline_and_never_acts() {
    let browser = Arc::new(FakeBrowser::with(vec![element("e1", "button", "Buy now")]));
    let agent = spawn(&browser, Script::new(vec![click("e1")]));
    let mut events = agent.subscribe();
    agent.set_mode(Mode::Chat).await.unwrap();
    agent
        .submit_user_message("which buttons are there?")
        .await
        .unwrap();
    let (outcome, text) = finished(&mut events).await;
    assert_eq!(outcome, RunOutcome::Done);
    assert_eq!(text, "This page has 1 buttons: \"Buy now\".");
    agent.submit_user_message("hello there").await.unwrap();
    let (_, text) = finished(&mut events).await;
    assert!(
        text.starts_with("This is \"Shop\" (https://shop.test/)"),
        "{text}"
    );
    assert!(text.contains("Anything else needs a model"), "{text}");
    assert_eq!(
        browser.calls(),
        ["observe", "observe"],
        "each message reads the page; nothing else"
    );
    assert_eq!(agent.status().mode, Mode::Chat);
}

#[tokio::test]
async fn check_clicks_only_when_the_box_is_in_the_other_state() {
    let mut checked = element("e1", "checkbox", "Remember me");
    checked.checked = Some(true);
    let mut unchecked = element("e2", "checkbox", "Newsletter");
    unchecked.checked = Some(false);
    let browser = Arc::new(FakeBrowser::with(vec![checked, unchecked]));
    let script = vec![
        Action::Check { eid: "e1".into() },
        Action::Check { eid: "e2".into() },
        stop(),
    ];
    let agent = spawn(&browser, Script::new(script));
    let mut events = agent.subscribe();
    agent.submit_user_message("check both").await.unwrap();
    assert_eq!(finished(&mut events).await.0, RunOutcome::Done);
    let clicks: Vec<String> = browser
        .calls()
        .into_iter()
        .filter(|c| c.starts_with("click"))
        .collect();
    assert_eq!(clicks, ["click e2"]);
}

#[tokio::test]
async fn cancel_ends_a_paused_run_and_a_message_declines_its_question_instead() {
    let browser = Arc::new(FakeBrowser::with(vec![element("e1", "button", "Pay now")]));
    let agent = spawn(&browser, Script::new(vec![click("e1")]));
    let mut events = agent.subscribe();

    agent.submit_user_message("pay").await.unwrap();
    let first = question(&mut events).await;
    agent.cancel();
    assert_eq!(finished(&mut events).await.0, RunOutcome::Cancelled);
    assert!(agent.pending_question().is_none());

    agent.submit_user_message("pay again").await.unwrap();
    let second = question(&mut events).await;
    assert_ne!(first.id, second.id);
    agent
        .submit_user_message("never mind, something else")
        .await
        .unwrap();
    // The message declined the click; the script keeps proposing it, which is refused.
    assert_eq!(finished(&mut events).await.0, RunOutcome::Blocked);
    assert!(!browser.calls().iter().any(|call| call.starts_with("click")));
    let late = agent
        .resume(
            &second.id,
            Resume::ManualDone {
                message: String::new(),
            },
        )
        .await;
    assert!(
        matches!(
            late,
            Err(AgentError::Interrupt(InterruptError::AlreadyUsed(_)))
        ),
        "{late:?}"
    );
    assert!(!browser.calls().iter().any(|c| c.starts_with("click")));
    agent.shutdown().await;
}

/// Stops at once, with a note saying why.
struct Explains;

#[async_trait]
impl Planner for Explains {
    async fn plan(&self, _: &PlanContext<'_>) -> Result<Plan, PlannerError> {
        let mut plan = Plan::new(stop());
        plan.note = Some("the goal is already met".into());
        Ok(plan)
    }
}

/// The messages of one run, in order, up to its end.
async fn messages_of_run(agent: &AgentHandle) -> Vec<String> {
    let mut events = agent.subscribe();
    agent.submit_user_message("is it done?").await.unwrap();
    let mut messages = Vec::new();
    loop {
        match next_matching(&mut events, |e| {
            matches!(
                e,
                AgentEvent::Message { .. } | AgentEvent::RunFinished { .. }
            )
        })
        .await
        {
            AgentEvent::Message { text, .. } => messages.push(text),
            _ => return messages,
        }
    }
}

#[tokio::test]
async fn the_reasoning_toggle_shows_the_planners_why_only_when_on() {
    let browser = Arc::new(FakeBrowser::default());
    let agent = Agent::spawn(
        AgentConfig::default(),
        Arc::new(Explains),
        browser.clone(),
        Arc::new(PolicyGate::with_defaults().unwrap()),
    );
    let quiet = messages_of_run(&agent).await;
    assert!(
        !quiet.iter().any(|m| m.starts_with("Reasoning:")),
        "{quiet:?}"
    );

    agent.set_reasoning(true);
    let explained = messages_of_run(&agent).await;
    assert!(
        explained
            .iter()
            .any(|m| m == "Reasoning: the goal is already met"),
        "{explained:?}"
    );
}

/// An external MCP server with one tool that records its calls.
#[derive(Default)]
struct NotesServer {
    calls: Mutex<Vec<(String, Value)>>,
}

#[async_trait]
impl BrowserTools for NotesServer {
    async fn tools(&self) -> Result<Vec<ToolInfo>, ClientError> {
        Ok(vec![ToolInfo::new(
            "add",
            "Adds a note.",
            serde_json::json!({
                "type": "object",
                "properties": { "text": { "type": "string" } },
                "required": ["text"],
            }),
        )])
    }

    async fn call(&self, tool: &str, arguments: Value) -> Result<ToolOutput, ClientError> {
        self.calls
            .lock()
            .unwrap()
            .push((tool.to_owned(), arguments));
        Ok(ToolOutput {
            text: "note saved".into(),
            ..ToolOutput::default()
        })
    }
}

fn add_note() -> Action {
    Action::Tool {
        name: "notes__add".into(),
        args: serde_json::json!({ "text": "buy milk" }),
    }
}

fn with_notes(gate: PolicyGate, notes: &Arc<NotesServer>) -> AgentHandle {
    let browser: Arc<dyn tandem_agent::BrowserTools> = Arc::new(FakeBrowser::default());
    let hub = tandem_agent::ToolHub::new(
        browser,
        vec![tandem_agent::ExternalServer {
            name: "notes".into(),
            server: notes.clone(),
        }],
    );
    Agent::spawn(
        AgentConfig::default(),
        Script::new(vec![add_note(), stop()]),
        Arc::new(hub),
        Arc::new(gate),
    )
}

#[tokio::test]
async fn the_hub_offers_an_external_servers_tools_prefixed_with_their_description_and_schema() {
    let browser: Arc<dyn BrowserTools> = Arc::new(FakeBrowser::default());
    let notes: Arc<NotesServer> = Arc::new(NotesServer::default());
    let hub = tandem_agent::ToolHub::new(
        browser,
        vec![tandem_agent::ExternalServer {
            name: "notes".into(),
            server: notes,
        }],
    );
    let tools = hub.tools().await.unwrap();
    let names: Vec<&str> = tools.iter().map(|tool| tool.name.as_str()).collect();
    assert_eq!(names, ["observe", "click", "notes__add"]);
    let add = &tools[2];
    assert_eq!(add.description, "Adds a note.");
    assert_eq!(add.signature(), "notes__add(text: string)");
}

#[tokio::test]
async fn an_external_servers_tool_is_denied_until_the_policy_allows_it() {
    let notes = Arc::new(NotesServer::default());
    let agent = with_notes(PolicyGate::with_defaults().unwrap(), &notes);
    let mut events = agent.subscribe();
    agent.submit_user_message("note: buy milk").await.unwrap();
    let (outcome, _) = finished(&mut events).await;
    assert_eq!(
        outcome,
        RunOutcome::Denied,
        "tools the policy does not list are denied"
    );
    assert!(notes.calls.lock().unwrap().is_empty());

    let allowed = PolicyGate::with_defaults_and(
        r#"
        [[rule]]
        id = "allow-notes"
        effect = "allow"
        kinds = ["tool"]
        tools = ["notes__*"]
        reason = "The notes server only stores notes"
        "#,
    )
    .unwrap();
    let agent = with_notes(allowed, &notes);
    let mut events = agent.subscribe();
    agent.submit_user_message("note: buy milk").await.unwrap();
    let (outcome, _) = finished(&mut events).await;
    assert_eq!(outcome, RunOutcome::Done);
    let calls = notes.calls.lock().unwrap().clone();
    assert_eq!(
        calls,
        [("add".to_owned(), serde_json::json!({ "text": "buy milk" }))]
    );
}

fn is_click_step(event: &AgentEvent, pending: bool) -> bool {
    matches!(
        event,
        AgentEvent::Step { action: Some(Action::Click { .. }), result: Some(result), .. }
            if matches!(result, ActionResult::Pending { .. }) == pending
    )
}

#[tokio::test]
async fn a_cancel_closes_the_step_in_flight_and_says_what_was_done_before_it() {
    let browser = Arc::new(FakeBrowser {
        elements: vec![element("e1", "button", "Ok")],
        hang_clicks: true,
        ..FakeBrowser::default()
    });
    let open = Action::Navigate {
        url: "https://shop.test/".into(),
    };
    let agent = spawn(&browser, Script::new(vec![open, click("e1")]));
    let mut events = agent.subscribe();
    agent
        .submit_user_message("open the shop, press Ok")
        .await
        .unwrap();
    next_matching(&mut events, |e| is_click_step(e, true)).await;
    agent.cancel();

    let closed = next_matching(&mut events, |e| is_click_step(e, false)).await;
    let AgentEvent::Step { node, result, .. } = closed else {
        unreachable!()
    };
    assert_eq!(node, "finalize_cancelled");
    assert_eq!(
        result,
        Some(ActionResult::Error {
            message: "cancelled".into()
        })
    );
    let (outcome, text) = finished(&mut events).await;
    assert_eq!(outcome, RunOutcome::Cancelled);
    assert_eq!(
        text,
        "Cancelled. Done before that: open https://shop.test/. Cut short: click the \"Ok\" \
         button (it may have partly happened). Nothing more was done."
    );
    let run = agent.runs().pop().unwrap();
    assert!(
        !run.timeline
            .actions()
            .any(|(_, result)| matches!(result, ActionResult::Pending { .. })),
        "{:?}",
        run.timeline
    );
}

#[tokio::test]
async fn a_cancel_at_a_confirmation_closes_its_step_and_says_it_was_not_done() {
    let browser = Arc::new(FakeBrowser::with(vec![element("e1", "button", "Pay now")]));
    let agent = spawn(&browser, Script::new(vec![click("e1")]));
    let mut events = agent.subscribe();
    agent.submit_user_message("pay").await.unwrap();
    question(&mut events).await;
    agent.cancel();
    next_matching(&mut events, |e| is_click_step(e, false)).await;
    let (outcome, text) = finished(&mut events).await;
    assert_eq!(outcome, RunOutcome::Cancelled);
    assert_eq!(
        text,
        "Cancelled. Not done: click the \"Pay now\" button (it was waiting for an answer). \
         Nothing more was done."
    );
}

#[tokio::test]
async fn a_cancel_before_any_action_says_nothing_was_done() {
    let browser = Arc::new(FakeBrowser::with(vec![element("e1", "button", "Pay now")]));
    let agent = spawn(
        &browser,
        Script::new(vec![Action::NeedUser {
            reason: "Log in first.".into(),
        }]),
    );
    let mut events = agent.subscribe();
    agent.submit_user_message("pay").await.unwrap();
    question(&mut events).await;
    agent.cancel();
    let (outcome, text) = finished(&mut events).await;
    assert_eq!(
        (outcome, text.as_str()),
        (RunOutcome::Cancelled, "Cancelled before I did anything.")
    );
}

/// Stops at once, having given up.
struct GivesUp;

#[async_trait]
impl Planner for GivesUp {
    async fn plan(&self, _: &PlanContext<'_>) -> Result<Plan, PlannerError> {
        let mut plan = Plan::new(Action::Stop {
            answer: "I could not find the Pay button.".into(),
        });
        plan.stop_meaning = StopMeaning::GaveUp;
        Ok(plan)
    }
}

#[tokio::test]
async fn a_stop_that_gives_up_fails_the_run_with_its_answer() {
    let agent = Agent::spawn(
        AgentConfig::default(),
        Arc::new(GivesUp),
        Arc::new(FakeBrowser::default()),
        Arc::new(PolicyGate::with_defaults().unwrap()),
    );
    let mut events = agent.subscribe();
    agent.submit_user_message("pay").await.unwrap();
    let (outcome, text) = finished(&mut events).await;
    assert_eq!(
        (outcome, text.as_str()),
        (RunOutcome::Failed, "I could not find the Pay button.")
    );
    let run = agent.runs().pop().unwrap();
    assert_eq!(run.nodes().last(), Some(&"finalize_failed"));
    assert_eq!(run.outcome, Some(RunOutcome::Failed));
}

#[tokio::test]
async fn a_choice_question_without_options_is_an_invalid_action_not_a_free_text_question() {
    let browser = Arc::new(FakeBrowser::with(vec![element("e1", "button", "Ok")]));
    let ask = Action::AskUser {
        questions: vec![tandem_protocol::Question {
            id: "size".into(),
            prompt: "Which size?".into(),
            kind: tandem_protocol::QuestionKind::Radio,
            options: Vec::new(),
        }],
    };
    let agent = spawn(&browser, Script::new(vec![ask]));
    let mut events = agent.subscribe();
    agent.submit_user_message("ask me").await.unwrap();
    let (outcome, text) = finished(&mut events).await;
    assert_eq!(outcome, RunOutcome::Blocked, "{text}");
    assert!(text.contains("radio question without options"), "{text}");
    assert!(agent.pending_question().is_none());
}
