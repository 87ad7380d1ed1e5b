//! The person's side, owned by the agent, over a stand-in browser: who has the browser during a
//! run and between runs (each change an event), a take-over that waits for the step in flight or
//! withdraws a pending confirmation, confirmations by id bound to their action, and the
//! transcript a re-attaching client reads.

use crate::agent_flow::{FakeBrowser, Script, click, element, stop};
use crate::support::{finished, next_matching, question};

use std::sync::{Arc, Mutex};

use async_trait::async_trait;
use tandem_agent::plan::Plan;
use tandem_agent::planner::{PlanContext, Planner};
use tandem_agent::{
    Action, Agent, AgentConfig, AgentError, AgentEvent, AgentHandle, InterruptError, InterruptKind,
    PlannerError, TakeoverStart,
};
use tandem_policy::PolicyGate;
use tandem_protocol::{ActionResult, Lifecycle, QuestionEnd, RunOutcome};
use tokio::sync::{Notify, Semaphore, broadcast};

/// Plays `actions` one per call (the last one again when they run out), each call only once the
/// test lets it ([`Gated::let_plan`]): the test knows a run is executing while it acts.
struct Gated {
    actions: Vec<Action>,
    calls: Mutex<usize>,
    /// Told when a call starts.
    entered: Notify,
    permits: Semaphore,
}

impl Gated {
    fn new(actions: Vec<Action>) -> Arc<Self> {
        Arc::new(Self {
            actions,
            calls: Mutex::new(0),
            entered: Notify::new(),
            permits: Semaphore::new(0),
        })
    }

    fn let_plan(&self) {
        self.permits.add_permits(1);
    }
}

#[async_trait]
impl Planner for Gated {
    async fn plan(&self, _: &PlanContext<'_>) -> Result<Plan, PlannerError> {
        self.entered.notify_one();
        let permit = self
            .permits
            .acquire()
            .await
            .map_err(|_| PlannerError::Cancelled)?;
        permit.forget();
        let mut calls = self.calls.lock().unwrap();
        let action = self.actions[(*calls).min(self.actions.len() - 1)].clone();
        *calls += 1;
        Ok(Plan::new(action))
    }
}

fn spawn(browser: &Arc<FakeBrowser>, planner: Arc<dyn Planner>) -> AgentHandle {
    Agent::spawn(
        AgentConfig::default(),
        planner,
        browser.clone(),
        Arc::new(PolicyGate::with_defaults().unwrap()),
    )
}

fn ok_page() -> Arc<FakeBrowser> {
    Arc::new(FakeBrowser::with(vec![element("e1", "button", "Ok")]))
}

/// Whether the person has the browser, from the next takeover event.
async fn takeover(events: &mut broadcast::Receiver<AgentEvent>) -> bool {
    match next_matching(events, |e| matches!(e, AgentEvent::Takeover { .. })).await {
        AgentEvent::Takeover { active } => active,
        _ => unreachable!(),
    }
}

#[tokio::test]
async fn between_runs_the_browser_is_the_persons_until_they_hand_it_back_cancel_or_write() {
    let browser = ok_page();
    let agent = spawn(&browser, Script::new(vec![stop()]));
    let mut events = agent.subscribe();
    let refused = agent.hand_back("").await;
    assert!(
        matches!(refused, Err(AgentError::NotTakenOver)),
        "{refused:?}"
    );

    assert_eq!(
        agent.request_takeover().await.unwrap(),
        TakeoverStart::NoRun
    );
    assert!(takeover(&mut events).await);
    assert!(agent.taken_over());
    agent.hand_back("").await.unwrap();
    assert!(!takeover(&mut events).await);
    assert!(!agent.taken_over());

    agent.request_takeover().await.unwrap();
    assert!(takeover(&mut events).await);
    agent.cancel();
    assert!(!takeover(&mut events).await);

    // A message gives the browser back before its run starts.
    agent.request_takeover().await.unwrap();
    assert!(takeover(&mut events).await);
    agent.submit_user_message("go").await.unwrap();
    let next = next_matching(&mut events, |e| {
        matches!(
            e,
            AgentEvent::Takeover { .. }
                | AgentEvent::Status {
                    lifecycle: Lifecycle::Running,
                    ..
                }
        )
    })
    .await;
    assert!(
        matches!(next, AgentEvent::Takeover { active: false }),
        "{next:?}"
    );
    assert_eq!(finished(&mut events).await.0, RunOutcome::Done);

    // Handing back with a note starts a run of it.
    agent.request_takeover().await.unwrap();
    assert!(takeover(&mut events).await);
    agent.hand_back("carry on from here").await.unwrap();
    assert!(!takeover(&mut events).await);
    assert_eq!(finished(&mut events).await.0, RunOutcome::Done);
    let last = agent.runs().pop().unwrap();
    assert_eq!(last.goal, "carry on from here");
    assert_eq!(
        browser.calls(),
        ["observe", "observe"],
        "nothing was acted on"
    );
}

#[tokio::test]
async fn take_over_during_a_run_waits_for_the_step_in_flight_then_pauses_it() {
    let browser = ok_page();
    let planner = Gated::new(vec![click("e1"), stop()]);
    let agent = spawn(&browser, planner.clone());
    let mut events = agent.subscribe();
    let run_id = agent.submit_user_message("click ok").await.unwrap();
    planner.entered.notified().await;
    assert_eq!(
        agent.request_takeover().await.unwrap(),
        TakeoverStart::WillPause {
            run_id: run_id.clone()
        }
    );
    assert!(!agent.taken_over(), "not before the step in flight is done");

    planner.let_plan();
    let asked = question(&mut events).await;
    let InterruptKind::Manual { reason, .. } = &asked.kind else {
        panic!("expected a takeover, got {asked:?}");
    };
    assert_eq!(reason, "You took the browser.");
    assert!(takeover(&mut events).await);
    assert!(agent.taken_over());
    assert_eq!(
        browser.calls(),
        ["observe", "click e1", "observe"],
        "the step in flight ran and its page was looked at; nothing more"
    );
    assert_eq!(
        agent.request_takeover().await.unwrap(),
        TakeoverStart::AlreadyHanded
    );

    agent.hand_back("all yours").await.unwrap();
    let cleared = next_matching(&mut events, |e| {
        matches!(e, AgentEvent::QuestionCleared { .. })
    })
    .await;
    assert!(
        matches!(&cleared, AgentEvent::QuestionCleared { interrupt_id, by: QuestionEnd::Answered, .. } if *interrupt_id == asked.id),
        "{cleared:?}"
    );
    assert!(!takeover(&mut events).await);
    planner.let_plan();
    assert_eq!(finished(&mut events).await.0, RunOutcome::Done);
    let run = agent.run(&run_id).unwrap();
    assert!(
        serde_json::to_string(&run.timeline)
            .unwrap()
            .contains("all yours"),
        "the note is the person's message in the record"
    );
}

#[tokio::test]
async fn a_run_that_ends_before_it_could_pause_leaves_the_browser_to_the_person() {
    let browser = ok_page();
    let planner = Gated::new(vec![stop()]);
    let agent = spawn(&browser, planner.clone());
    let mut events = agent.subscribe();
    agent.submit_user_message("nothing to do").await.unwrap();
    planner.entered.notified().await;
    agent.request_takeover().await.unwrap();
    planner.let_plan();
    assert_eq!(finished(&mut events).await.0, RunOutcome::Done);
    assert!(takeover(&mut events).await, "after the run's end");
    assert!(agent.taken_over());
    assert!(agent.pending_question().is_none());
}

#[tokio::test]
async fn take_over_at_a_confirmation_withdraws_it_and_a_message_hands_back() {
    let browser = Arc::new(FakeBrowser::with(vec![element("e1", "button", "Buy now")]));
    let agent = spawn(&browser, Script::new(vec![click("e1"), stop()]));
    let mut events = agent.subscribe();
    let run_id = agent.submit_user_message("buy it").await.unwrap();
    let asked = question(&mut events).await;
    assert!(matches!(asked.kind, InterruptKind::Confirm { .. }));

    assert_eq!(
        agent.request_takeover().await.unwrap(),
        TakeoverStart::QuestionReplaced {
            run_id: run_id.clone()
        }
    );
    let cleared = next_matching(&mut events, |e| {
        matches!(e, AgentEvent::QuestionCleared { .. })
    })
    .await;
    assert!(
        matches!(&cleared, AgentEvent::QuestionCleared { interrupt_id, by: QuestionEnd::Cancelled, .. } if *interrupt_id == asked.id),
        "{cleared:?}"
    );
    let manual = question(&mut events).await;
    assert!(matches!(manual.kind, InterruptKind::Manual { .. }));
    assert!(takeover(&mut events).await);
    let withdrawn = agent.confirm(&asked.id, true, false, None).await;
    assert!(
        matches!(
            withdrawn,
            Err(AgentError::Interrupt(InterruptError::AlreadyUsed(_)))
        ),
        "{withdrawn:?}"
    );
    let not_a_confirmation = agent.confirm(&manual.id, true, false, None).await;
    assert!(
        matches!(
            not_a_confirmation,
            Err(AgentError::Interrupt(InterruptError::WrongKind { .. }))
        ),
        "{not_a_confirmation:?}"
    );

    let resumed = agent.submit_user_message("I looked, carry on").await;
    assert_eq!(resumed.unwrap(), run_id, "the same run goes on");
    assert!(!takeover(&mut events).await);
    assert_eq!(finished(&mut events).await.0, RunOutcome::Done);
    assert!(
        !browser.calls().iter().any(|c| c.starts_with("click")),
        "the withdrawn action never ran"
    );
    let run = agent.run(&run_id).unwrap();
    let results: Vec<_> = run.timeline.actions().map(|(_, r)| r.clone()).collect();
    assert!(
        results.contains(&ActionResult::Error {
            message: "not done: you took the browser".into()
        }),
        "{results:?}"
    );
}

#[tokio::test]
async fn a_confirmation_by_id_is_bound_to_the_action_its_question_showed() {
    let browser = Arc::new(FakeBrowser::with(vec![element("e1", "button", "Buy now")]));
    let agent = spawn(&browser, Script::new(vec![click("e1"), stop()]));
    let mut events = agent.subscribe();
    agent.submit_user_message("buy it").await.unwrap();
    let asked = question(&mut events).await;

    let stale = agent.confirm("not-the-id", true, false, None).await;
    assert!(
        matches!(
            stale,
            Err(AgentError::Interrupt(InterruptError::StaleId(_)))
        ),
        "{stale:?}"
    );
    agent.confirm(&asked.id, true, false, None).await.unwrap();
    assert_eq!(finished(&mut events).await.0, RunOutcome::Done);
    let again = agent.confirm(&asked.id, true, false, None).await;
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
}

#[tokio::test]
async fn the_transcript_holds_the_kept_runs_and_the_one_going_on() {
    let browser = Arc::new(FakeBrowser::with(vec![element("e1", "button", "Buy now")]));
    let planner = Gated::new(vec![stop(), click("e1")]);
    let agent = spawn(&browser, planner.clone());
    let mut events = agent.subscribe();
    assert!(agent.transcript().await.unwrap().is_empty());

    agent.submit_user_message("look").await.unwrap();
    planner.entered.notified().await;
    planner.let_plan();
    assert_eq!(finished(&mut events).await.0, RunOutcome::Done);
    let after_one = agent.transcript().await.unwrap();
    assert_eq!(after_one.len(), 1);
    assert_eq!(after_one[0].outcome, Some(RunOutcome::Done));

    let second = agent.submit_user_message("buy it").await.unwrap();
    planner.entered.notified().await;
    let asking = tokio::spawn({
        let agent = agent.clone();
        async move { agent.transcript().await }
    });
    planner.let_plan();
    let during = asking.await.unwrap().unwrap();
    assert_eq!(during.len(), 2, "{during:?}");
    assert_eq!(
        (during[1].run_id.as_str(), during[1].goal.as_str()),
        (second.as_str(), "buy it")
    );
    assert_eq!(during[1].outcome, None, "still going");

    question(&mut events).await;
    let paused = agent.transcript().await.unwrap();
    assert_eq!(paused.len(), 2);
    assert!(
        serde_json::to_string(&paused[1].timeline)
            .unwrap()
            .contains("\"question\""),
        "the pending question is in the record so far"
    );
}
