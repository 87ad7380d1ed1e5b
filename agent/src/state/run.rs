//! [`Run`]: everything that lives for one run, from the person's message to its `finalize_*`
//! node. A run starts as [`Run::new`]; nothing of an earlier run carries over except through the
//! session (memory, messages) and the page.

use tandem_mcp_browser::ObservedPage;
use tandem_mcp_browser::snapshot::Element;
use tandem_policy::{ActionRequest, PolicyDecision};
use tandem_protocol::{QuestionEnd, RunOutcome};
use tokio::sync::{mpsc, oneshot};

use crate::message_secrets::mask_message_secrets;
use crate::plan::{Plan, StepOutcome, StepRecord};
use crate::product_doc::DocPatch;
use crate::timeline::{RunRecord, TimelineItem};

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
    /// For a `tool` action: what the tool does, as its annotations said when `validate_action`
    /// found it in the served list (the policy reads it).
    pub tool_effect: Option<tandem_mcp_browser::Effect>,
    /// The policy's request and decision (set by `policy_gate`).
    pub gate: Option<(ActionRequest, PolicyDecision)>,
    /// The action hash a confirmation approved (set by `confirm_interrupt`).
    pub confirmed_hash: Option<String>,
}

impl PlannedAction {
    /// The element the action aims at, as the person sees it (for step lines and cards).
    pub fn target(&self) -> Option<tandem_protocol::ActionTarget> {
        self.element.as_ref().map(crate::wording::target_of)
    }

    /// A freshly planned action targeting `element`.
    pub fn new(plan: Plan, element: Option<Element>) -> Self {
        Self {
            plan,
            element,
            step_id: None,
            timeline_seq: None,
            invalid: None,
            tool_effect: None,
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

/// One run's part of the state.
#[derive(Debug, Default)]
pub struct Run {
    /// The record of this run: its id, the person's message (its goal), the timeline and the
    /// transitions.
    pub record: RunRecord,
    /// How many of the session's messages came before this run (the medium layer shows those).
    pub messages_before: usize,
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
    /// Actions planned in this run; numbers the step ids.
    pub plans: usize,
    /// Action hashes the person declined in this run: the same action is refused if planned
    /// again (`validate_action`).
    pub declined_hashes: Vec<String>,
    /// Pages (URLs without fragment) the person was handed for their CAPTCHA and handed back in
    /// this run: the page-level CAPTCHA rule does not hand them over again (`policy_gate`).
    pub captcha_pages_handed_back: Vec<String>,
    /// Patches for the Product Doc collected by a node, applied by `patch_doc`.
    pub doc_patches: Vec<DocPatch>,
    /// Set by a node when the run must end early; routing then goes to its `finalize_*` node.
    pub ending: Option<Ending>,
    /// The final message to the person.
    pub final_response: Option<String>,
    /// How the last question ended, set when its reply is accepted (a denial that nobody gave
    /// is worded as such).
    pub question_end: Option<QuestionEnd>,
    /// The page as it was when the person took the browser, until the observation after they
    /// hand it back says what changed ([`crate::handover::what_changed`]).
    pub before_handover: Option<ObservedPage>,
    /// Who asked for the record so far while the run executes ([`Run::transcript_requests`]).
    transcript: Option<TranscriptRequests>,
    /// The person's message as written ([`Run::message`]).
    message: String,
}

/// Requests for the record of a run that is executing, answered between two nodes.
#[derive(Debug)]
struct TranscriptRequests {
    sender: mpsc::UnboundedSender<oneshot::Sender<RunRecord>>,
    requests: mpsc::UnboundedReceiver<oneshot::Sender<RunRecord>>,
}

impl Run {
    /// A new run `run_id` for the person's message `goal`. The record (and so everything
    /// recorded or shown) holds the message with its secrets masked
    /// ([`crate::message_secrets`]); [`Run::message`] keeps it as written.
    pub fn new(run_id: String, goal: String) -> Self {
        let (sender, requests) = mpsc::unbounded_channel();
        Self {
            record: RunRecord::new(run_id, mask_message_secrets(&goal)),
            message: goal,
            transcript: Some(TranscriptRequests { sender, requests }),
            ..Self::default()
        }
    }

    /// The run's id.
    pub fn id(&self) -> &str {
        &self.record.run_id
    }

    /// The person's message that started the run, with the secrets it gives masked: what is
    /// recorded, shown and sent to a model.
    pub fn goal(&self) -> &str {
        &self.record.goal
    }

    /// The person's message as written, secrets included: only for the planner that follows
    /// it and the policy gate that checks a typed secret came from it. Never recorded.
    pub fn message(&self) -> &str {
        if self.message.is_empty() {
            &self.record.goal
        } else {
            &self.message
        }
    }

    /// The item of the run's timeline entry `seq`.
    pub fn timeline_item(&self, seq: usize) -> Option<&TimelineItem> {
        self.record
            .timeline
            .entries()
            .get(seq)
            .map(|entry| &entry.item)
    }

    /// Records the run's end.
    pub fn finish(&mut self, outcome: RunOutcome, text: String) {
        self.record.outcome = Some(outcome);
        self.record.final_response = Some(text.clone());
        self.final_response = Some(text);
    }

    /// Where to ask for the record so far while the run executes: each request is answered
    /// with a copy of the record between two nodes, or when the run ends or pauses.
    pub(crate) fn transcript_requests(
        &self,
    ) -> Option<mpsc::UnboundedSender<oneshot::Sender<RunRecord>>> {
        self.transcript.as_ref().map(|t| t.sender.clone())
    }

    /// Answers every pending request for the record so far.
    pub(crate) fn answer_transcript_requests(&mut self) {
        let Some(transcript) = self.transcript.as_mut() else {
            return;
        };
        while let Ok(reply) = transcript.requests.try_recv() {
            let _ = reply.send(self.record.clone());
        }
    }
}
