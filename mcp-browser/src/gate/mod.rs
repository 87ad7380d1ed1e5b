//! The policy gate in front of MCP clients: every tool call that can change something is judged
//! by the same [`PolicyGate`] as the agent's own actions before it runs.
//!
//! - [`facts`]: from a snapshot element to the policy's request (shared with the agent).
//! - [`McpGate`]: one MCP connection's gate: the shared policy, the person's approvals for this
//!   session, and the page the client last observed (the facts a judgement uses).
//! - `ask`: how a verdict reaches the person: form elicitation for a confirm, URL elicitation to
//!   the live view for a takeover, and the tool errors for everything that cannot run.
//!
//! Contract: a verdict depends only on the action and the page's host (prompt text on the page
//! never changes it). An allow runs the action; a confirm runs it only after the person accepted
//! it through the client (or with `--approve-all`), exactly once unless they asked not to be
//! asked again for that exact action; a takeover runs only through the person's own hands; a
//! deny never runs. Read-only tools are never judged.

mod ask;
pub mod facts;
mod page;

use std::sync::{Arc, Mutex as StdMutex};

use rmcp::service::{RequestContext, RoleServer};
use tandem_policy::{
    ActionRequest, Effect, PolicyContext, PolicyDecision, PolicyGate, SessionApprovals,
};
use tandem_protocol::Mode;
use tokio::sync::Mutex;

use crate::browser::BrowserSession;

pub use ask::{OpenDesk, Refusal, TakeoverDesk, TakeoverOutcome, confirm_message};
pub use page::SeenPage;

/// What every connection's gate is made from: the policy and the start-up choices.
#[derive(Clone)]
pub struct GateSettings {
    pub policy: Arc<PolicyGate>,
    /// Confirmations are taken as given, without asking (`--approve-all`). Takeovers and denies
    /// are untouched.
    pub approve_all: bool,
    /// Where a takeover sends the person (the live view with Hand back), if anywhere.
    pub takeover: Option<Arc<dyn TakeoverDesk>>,
}

impl GateSettings {
    /// Settings with this policy, asking for every confirmation, and no live view.
    pub fn new(policy: Arc<PolicyGate>) -> Self {
        Self {
            policy,
            approve_all: false,
            takeover: None,
        }
    }
}

/// One action about to run, as the gate judges it.
#[derive(Debug, Clone)]
pub struct Judged {
    /// The tool the client called.
    pub tool: String,
    pub request: ActionRequest,
    /// The page the action is taken on.
    pub page_url: Option<String>,
    pub decision: PolicyDecision,
}

impl Judged {
    /// The page's host, as the person knows it.
    pub fn host(&self) -> String {
        self.page_url
            .as_deref()
            .and_then(|url| url::Url::parse(url).ok())
            .and_then(|url| url.host_str().map(str::to_owned))
            .unwrap_or_else(|| "this page".to_owned())
    }
}

/// One MCP connection's gate.
pub struct McpGate {
    settings: GateSettings,
    approvals: StdMutex<SessionApprovals>,
    seen: SeenPage,
}

impl McpGate {
    pub fn new(settings: GateSettings) -> Self {
        Self {
            settings,
            approvals: StdMutex::new(SessionApprovals::new()),
            seen: SeenPage::default(),
        }
    }

    /// The page the client last observed, which judgements read their facts from.
    pub fn seen(&self) -> &SeenPage {
        &self.seen
    }

    /// The verdict on an action, described by one request or several (a typed text that is
    /// submitted is also the Enter it ends with): the strictest one's, taken on the page at
    /// `page_url`.
    pub fn judge(
        &self,
        tool: &str,
        requests: Vec<ActionRequest>,
        page_url: Option<String>,
    ) -> Judged {
        let approvals = self
            .approvals
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        let mut context = PolicyContext::new(Mode::Agent).with_approvals(&approvals);
        if let Some(url) = page_url.as_deref() {
            context = context.with_current_url(url);
        }
        let mut verdicts = requests.into_iter().map(|request| {
            let decision = self.settings.policy.assess(&request, &context);
            (request, decision)
        });
        let first = verdicts.next();
        let strictest = verdicts.fold(first, |best, next| match best {
            Some(best) if best.1.effect() >= next.1.effect() => Some(best),
            _ => Some(next),
        });
        drop(approvals);
        let (request, decision) = strictest.unwrap_or_else(|| {
            let request = ActionRequest::new(tandem_policy::ActionKind::Other(tool.to_owned()));
            let decision = PolicyDecision::new(
                Effect::Deny,
                "the call describes no action",
                "unknown-action-kind",
            );
            (request, decision)
        });
        Judged {
            tool: tool.to_owned(),
            request,
            page_url,
            decision,
        }
    }

    /// Whether `judged` may run now: at once for an allow; after the person's answer, through
    /// `context`'s client, for a confirm or a takeover. `Err` is the tool error the client gets;
    /// `Ok(Some(_))` means the person did the step themselves (the action must not run).
    pub async fn clear(
        &self,
        judged: &Judged,
        session: &Arc<Mutex<BrowserSession>>,
        context: &RequestContext<RoleServer>,
    ) -> Result<Option<TakeoverOutcome>, Refusal> {
        match judged.decision.effect() {
            Effect::Allow => Ok(None),
            Effect::Deny => Err(Refusal::denied(judged)),
            Effect::Confirm if self.settings.approve_all => {
                tracing::warn!(
                    tool = %judged.tool,
                    rule = judged.decision.rule(),
                    "confirmation skipped: started with --approve-all"
                );
                Ok(None)
            }
            Effect::Confirm => {
                let remember = ask::confirm(judged, &context.peer).await?;
                if remember {
                    self.approvals
                        .lock()
                        .unwrap_or_else(std::sync::PoisonError::into_inner)
                        .approve(&judged.request, judged.page_url.as_deref());
                }
                Ok(None)
            }
            Effect::Takeover => {
                let desk = self.settings.takeover.as_deref();
                ask::takeover(judged, desk, Arc::clone(session), &context.peer)
                    .await
                    .map(Some)
            }
        }
    }
}
