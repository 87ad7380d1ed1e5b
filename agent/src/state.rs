//! [`AgentState`]: the one typed state of a session's agent graph.
//!
//! In: created once per session; each run resets the per-run part
//! ([`AgentState::start_run`]). Out: read and written only by the nodes; the runner records a
//! [`StateSummary`] at every transition. Chat history lives only here (`messages`). The mode
//! and the reasoning flag belong to the person: only their operations change them.

use serde::{Deserialize, Serialize};
use tandem_mcp_browser::snapshot::{Element, Snapshot};
use tandem_mcp_browser::{ObservedPage, Screenshot};
use tandem_policy::{ActionRequest, PolicyDecision, SessionApprovals};

use crate::graph::{GraphState, Transition};
use crate::memory::{ChatMessage, SessionMemory};
use crate::plan::{Plan, StepOutcome, StepRecord};
use crate::timeline::{RunOutcome, RunRecord, StateSummary};

/// Who drives: the person chats (the agent answers without acting) or the agent acts.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum AgentMode {
    /// The agent answers; it never acts in the browser.
    Chat,
    /// The agent observes, plans and acts.
    #[default]
    Agent,
}

impl AgentMode {
    /// The name, as in JSON and logs.
    pub fn name(self) -> &'static str {
        match self {
            AgentMode::Chat => "chat",
            AgentMode::Agent => "agent",
        }
    }

    /// The policy's mode.
    pub fn policy_mode(self) -> tandem_policy::Mode {
        match self {
            AgentMode::Chat => tandem_policy::Mode::Chat,
            AgentMode::Agent => tandem_policy::Mode::Agent,
        }
    }
}

/// The planned action and what the graph learnt about it while validating and gating.
#[derive(Debug, Clone, PartialEq)]
pub struct PlannedAction {
    /// The planner's decision.
    pub plan: Plan,
    /// The element the action targets, as in the observation it was planned on.
    pub element: Option<Element>,
    /// The step id its events carry (`"{run_id}:{n}"`, n counting this run's plans).
    pub step_id: Option<String>,
    /// The timeline entry of this action once it has one.
    pub timeline_seq: Option<usize>,
    /// Why `validate_action` rejected it.
    pub invalid: Option<String>,
    /// The policy's request and decision (set by `policy_gate`).
    pub gate: Option<(ActionRequest, PolicyDecision)>,
    /// The action hash a confirmation approved (set by `confirm_interrupt`).
    pub confirmed_hash: Option<String>,
}

impl PlannedAction {
    /// A freshly planned action targeting `element`.
    pub fn new(plan: Plan, element: Option<Element>) -> Self {
        Self {
            plan,
            element,
            step_id: None,
            timeline_seq: None,
            invalid: None,
            gate: None,
            confirmed_hash: None,
        }
    }

    /// The action.
    pub fn action(&self) -> &crate::action::Action {
        &self.plan.action
    }

    /// The record of this action with `outcome`: its plan's cursor and its element go with it
    /// (later plans describe the step by that element, not by its eid on a later page).
    pub fn record(&self, outcome: StepOutcome) -> StepRecord {
        StepRecord::of(&self.plan, outcome).with_element(self.element.clone())
    }
}

/// A node's verdict that the run must end early, and why. The routing function of the node
/// sends the run to the `finalize_*` node of `outcome`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Ending {
    /// How the run ends.
    pub outcome: RunOutcome,
    /// One line for the person.
    pub message: String,
    /// Machine code (policy rule id or error code).
    pub code: String,
}

impl Ending {
    /// An ending with this outcome, message and code.
    pub fn new(outcome: RunOutcome, message: impl Into<String>, code: impl Into<String>) -> Self {
        Self {
            outcome,
            message: message.into(),
            code: code.into(),
        }
    }
}

/// The state of one session's agent.
#[derive(Debug, Default)]
pub struct AgentState {
    // --- owned by the person ---
    /// Chat or agent mode.
    pub mode: AgentMode,
    /// Whether the person asked for visible reasoning (used by model planners).
    pub reasoning: bool,
    /// Chat history of the session (all runs).
    pub messages: Vec<ChatMessage>,
    /// "Don't ask again" approvals of this session.
    pub approvals: SessionApprovals,
    /// What the session remembers of earlier runs, and its project card.
    pub memory: SessionMemory,
    /// The session's Product Doc (loaded from disk on first use).
    pub product_doc: Option<crate::product_doc::ProductDoc>,
    /// Patches waiting to be applied to the Product Doc by the node that made them.
    pub doc_patches: Vec<crate::product_doc::DocPatch>,
    /// How many of `messages` came before this run (the medium layer shows those).
    pub messages_before_run: usize,

    // --- the page ---
    /// The latest observation (screenshot + snapshot taken together).
    pub last_observation: Option<ObservedPage>,
    /// The screenshot of the latest observation (moved out of it to keep one copy).
    pub last_screenshot: Option<Screenshot>,
    /// The next plan needs a fresh observation.
    pub needs_observe: bool,

    // --- the run ---
    /// The person's message that started this run.
    pub last_user_message: String,
    /// The action being validated, gated or executed.
    pub planned_action: Option<PlannedAction>,
    /// The steps of this run, for the planner (oldest first).
    pub steps: Vec<StepRecord>,
    /// Problems met in this run (invalid actions, tool errors), oldest first.
    pub failures: Vec<String>,
    /// Graph transitions in this run (every node executed counts).
    pub transitions: usize,
    /// Actions executed in this run (browser actions and tool calls, failed ones included).
    pub actions: usize,
    /// Invalid actions in a row.
    pub invalid_actions: u32,
    /// Tool errors in a row.
    pub consecutive_errors: u32,
    /// Observations taken in this run.
    pub observations: usize,
    /// Action hashes the person declined in this run: the same action is refused if planned
    /// again (`validate_action`).
    pub declined_hashes: Vec<String>,
    /// Pages (URLs without fragment) the person was handed for their CAPTCHA and handed back in
    /// this run: the page-level CAPTCHA rule does not hand them over again (`policy_gate`).
    pub captcha_pages_handed_back: Vec<String>,
    /// Actions planned in this run; numbers the step ids.
    pub plans: usize,
    /// Set by a node when the run must end early; routing then goes to its `finalize_*` node.
    pub ending: Option<Ending>,
    /// The final message to the person.
    pub final_response: Option<String>,
    /// How the last question ended, set when its reply is accepted (a denial that nobody gave
    /// is worded as such).
    pub question_end: Option<crate::events::QuestionEnd>,
    /// The page as it was when the person took the browser, until the observation after they
    /// hand it back says what changed ([`crate::handover::what_changed`]).
    pub before_handover: Option<ObservedPage>,
    /// The record of this run.
    pub run: RunRecord,
}

impl AgentState {
    /// A fresh session state in `mode`.
    pub fn new(mode: AgentMode) -> Self {
        Self {
            mode,
            needs_observe: true,
            run: RunRecord::new(String::new(), String::new()),
            ..Self::default()
        }
    }

    /// Resets the per-run part for a new run of `goal`. The page may have changed since the
    /// last run (the person, a crash), so the first plan observes afresh.
    pub fn start_run(&mut self, run_id: String, goal: String) {
        self.last_user_message = goal.clone();
        self.messages_before_run = self.messages.len();
        self.planned_action = None;
        self.steps.clear();
        self.failures.clear();
        self.transitions = 0;
        self.actions = 0;
        self.invalid_actions = 0;
        self.consecutive_errors = 0;
        self.observations = 0;
        self.declined_hashes.clear();
        self.captcha_pages_handed_back.clear();
        self.plans = 0;
        self.ending = None;
        self.final_response = None;
        self.question_end = None;
        self.before_handover = None;
        self.needs_observe = true;
        self.run = RunRecord::new(run_id, goal);
    }

    /// The snapshot of the latest observation.
    pub fn snapshot(&self) -> Option<&Snapshot> {
        self.last_observation
            .as_ref()
            .map(|page| &page.observation.snapshot)
    }

    /// The URL of the current page, if one is known.
    pub fn current_url(&self) -> Option<&str> {
        self.snapshot().map(|s| s.url.as_str())
    }

    /// The current page's URL without its fragment: what "the same page" means.
    pub fn current_page(&self) -> Option<&str> {
        self.current_url()
            .map(|url| url.split('#').next().unwrap_or(url))
    }

    /// Records the run's end.
    pub fn finish(&mut self, outcome: RunOutcome, text: String) {
        self.run.outcome = Some(outcome);
        self.run.final_response = Some(text.clone());
        self.final_response = Some(text);
    }
}

impl GraphState for AgentState {
    type Summary = StateSummary;

    fn steps(&self) -> usize {
        self.transitions
    }

    fn count_step(&mut self) {
        self.transitions += 1;
    }

    fn summary(&self) -> StateSummary {
        StateSummary {
            transitions: self.transitions,
            actions: self.actions,
            invalid_actions: self.invalid_actions,
            consecutive_errors: self.consecutive_errors,
            needs_observe: self.needs_observe,
            planned_action: self
                .planned_action
                .as_ref()
                .map(|p| p.plan.action.kind_name().to_owned()),
            url: self.current_url().map(str::to_owned),
        }
    }

    fn record(&mut self, transition: Transition<StateSummary>) {
        self.run.transitions.push(transition);
    }
}
