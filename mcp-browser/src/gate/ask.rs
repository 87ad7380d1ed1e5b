//! How a verdict reaches the person through the MCP client, and the tool errors for calls that
//! do not run.
//!
//! - Confirm: a form-mode elicitation whose message shows what the chat page's confirm card
//!   shows (the action, the element's role and name, the page's host, the rule and why), with
//!   one optional field, `remember` ("don't ask again for this exact action in this session").
//! - Takeover: a URL-mode elicitation pointing at the live view (a [`TakeoverDesk`]); the call
//!   returns when the person hands back.
//! - Anything that cannot be asked (no elicitation, a declined or cancelled question, a deny) is
//!   a tool error naming the rule, the host and, where it can be allowed, how.

use std::sync::Arc;

use async_trait::async_trait;
use rmcp::ErrorData;
use rmcp::model::{
    CallToolResponse, CallToolResult, ContentBlock, CustomNotification, ElicitRequestParams,
    ElicitationAction, ElicitationSchema, ServerNotification,
};
use rmcp::service::{ElicitationMode, Peer, RoleServer};
use serde_json::{Value, json};
use tandem_policy::ActionKind;
use tandem_protocol::words::{ElementStep, SECRET_MASK, element_words, step_words};
use tokio::sync::Mutex;

use super::Judged;
use crate::browser::BrowserSession;

/// A call the gate did not let run, as the client's tool error.
#[derive(Debug, Clone)]
pub struct Refusal {
    /// `policy_denied`, `declined`, `needs_confirmation`, `needs_takeover` or `takeover_failed`.
    pub code: &'static str,
    pub message: String,
    pub rule: String,
    pub host: String,
}

impl Refusal {
    /// A refusal whose `message` is worded around the action on its host (`click the "Buy now"
    /// button on shop.example`) and the rule with its reason (`rule confirm-payments: a payment`).
    fn new(
        code: &'static str,
        judged: &Judged,
        message: impl FnOnce(String, String) -> String,
    ) -> Self {
        Self {
            code,
            message: message(action_on_host(judged), rule_and_reason(judged)),
            rule: judged.decision.rule().to_owned(),
            host: judged.host(),
        }
    }

    /// A deny verdict.
    pub fn denied(judged: &Judged) -> Self {
        Self::new("policy_denied", judged, |action, rule| {
            format!("Tandem's policy does not allow {action} ({rule}).")
        })
    }

    fn declined(judged: &Judged, how: &str) -> Self {
        Self::new("declined", judged, |action, rule| {
            format!("The person {how} {action} ({rule}). It did not run.")
        })
    }

    fn cannot_ask_to_confirm(judged: &Judged, why: &str) -> Self {
        let host = judged.host();
        Self::new("needs_confirmation", judged, |action, rule| {
            format!(
                "{} needs the person's confirmation ({rule}), but {why}. It did not run. To \
                 allow it, add a policy rule for this action on {host} (see docs/policy.md) to \
                 the file given with --policy, or start Tandem with --approve-all.",
                capitalised(&action)
            )
        })
    }

    fn cannot_hand_over(judged: &Judged, why: &str) -> Self {
        Self::new("needs_takeover", judged, |action, rule| {
            format!(
                "{} is for the person to do themselves ({rule}), but {why}. It did not run. Use \
                 an MCP client that supports URL elicitation, or do this step in the browser \
                 yourself.",
                capitalised(&action)
            )
        })
    }

    fn takeover_failed(judged: &Judged, why: &str) -> Self {
        Self::new("takeover_failed", judged, |action, rule| {
            format!(
                "{} was handed to the person ({rule}), but {why}. It did not run; observe to see \
                 the page now.",
                capitalised(&action)
            )
        })
    }

    /// The refusal as MCP answers it: an `isError` result with `{error, message, rule, host}`.
    pub fn into_response(self) -> Result<CallToolResponse, ErrorData> {
        let mut result = CallToolResult::error(vec![ContentBlock::text(self.message.clone())]);
        result.structured_content = Some(json!({
            "error": self.code,
            "message": self.message,
            "rule": self.rule,
            "host": self.host,
        }));
        Ok(result.into())
    }
}

/// Asks the person, through the client, to confirm `judged`. `Ok(remember)` when they accepted
/// (remember: not again for this exact action in this session).
pub(super) async fn confirm(judged: &Judged, peer: &Peer<RoleServer>) -> Result<bool, Refusal> {
    if !can_elicit(peer, ElicitationMode::Form) {
        return Err(Refusal::cannot_ask_to_confirm(
            judged,
            "this MCP client cannot ask the person (it does not support elicitation)",
        ));
    }
    let schema = ElicitationSchema::builder()
        .bool_property("remember", |field| {
            field
                .title("Don't ask again for this exact action in this session")
                .with_default(false)
        })
        .build()
        .map_err(|problem| Refusal::cannot_ask_to_confirm(judged, problem))?;
    let question = ElicitRequestParams::FormElicitationParams {
        meta: None,
        message: confirm_message(judged),
        requested_schema: schema,
    };
    let answer = peer.create_elicitation(question).await.map_err(|error| {
        Refusal::cannot_ask_to_confirm(judged, &format!("asking the person failed ({error})"))
    })?;
    match answer.action {
        ElicitationAction::Accept => Ok(answer
            .content
            .as_ref()
            .and_then(|content| content.get("remember"))
            .and_then(Value::as_bool)
            .unwrap_or(false)),
        ElicitationAction::Decline => Err(Refusal::declined(judged, "declined")),
        ElicitationAction::Cancel => Err(Refusal::declined(judged, "cancelled")),
        _ => Err(Refusal::declined(judged, "did not accept")),
    }
}

/// What the person reads when asked to confirm: the confirm card's facts, one per line.
pub fn confirm_message(judged: &Judged) -> String {
    format!(
        "Tandem asks before this step.\n\
         Action: {}\n\
         Page: {}\n\
         Rule: {} — {}\n\
         Accept runs it once. Decline, and it does not run.",
        action_line(judged),
        judged.host(),
        judged.decision.rule(),
        judged.decision.reason(),
    )
}

/// Where a takeover sends the person: the daemon's live view of the session, with Hand back.
#[async_trait]
pub trait TakeoverDesk: Send + Sync {
    /// Opens the live view of `session` for one takeover (`card`: the step, page, rule and why,
    /// one per line, for the person to read there): its single-use address, and a wait
    /// that ends when the person hands back, with what changed and their note. Dropping the
    /// wait withdraws the takeover (the address stops working).
    async fn open(
        &self,
        session: Arc<Mutex<BrowserSession>>,
        card: String,
    ) -> Result<OpenDesk, String>;
}

/// One open takeover.
pub struct OpenDesk {
    pub url: url::Url,
    /// Resolves when the person hands back; dropped unresolved when the live view closed first.
    pub handed_back: tokio::sync::oneshot::Receiver<TakeoverOutcome>,
}

/// How a takeover ended: the person handed back, with their note.
#[derive(Debug, Clone, Default)]
pub struct TakeoverOutcome {
    pub note: Option<String>,
    /// What changed while the person had the browser (secret values never appear).
    pub changed: Option<String>,
}

/// Hands the step in `judged` to the person through the live view, and waits until they hand
/// back.
pub(super) async fn takeover(
    judged: &Judged,
    desk: Option<&dyn TakeoverDesk>,
    session: Arc<Mutex<BrowserSession>>,
    peer: &Peer<RoleServer>,
) -> Result<TakeoverOutcome, Refusal> {
    let Some(desk) = desk else {
        return Err(Refusal::cannot_hand_over(
            judged,
            "this server has no live view to hand the browser over",
        ));
    };
    if !can_elicit(peer, ElicitationMode::Url) {
        return Err(Refusal::cannot_hand_over(
            judged,
            "this MCP client cannot open the live view for the person (it does not support URL elicitation)",
        ));
    }
    let message = format!(
        "Please do this step yourself in Tandem's live view, then press Hand back.\n{}",
        step_card(judged)
    );
    let open = desk
        .open(session, step_card(judged))
        .await
        .map_err(|problem| Refusal::cannot_hand_over(judged, &problem))?;
    let elicitation_id = uuid::Uuid::new_v4().to_string();
    let question = ElicitRequestParams::UrlElicitationParams {
        meta: None,
        message,
        url: open.url.to_string(),
        elicitation_id: elicitation_id.clone(),
    };
    let asked = peer.create_elicitation(question);
    tokio::pin!(asked);
    let mut handed_back = open.handed_back;
    // The client's `accept` only says the person opened the address (URL mode): the call goes
    // on until they hand back. A decline or a cancel ends the takeover at once.
    let outcome = tokio::select! {
        outcome = &mut handed_back => outcome,
        answer = &mut asked => {
            match answer {
                Ok(answer) if answer.action == ElicitationAction::Accept => {}
                Ok(answer) if answer.action == ElicitationAction::Decline => {
                    return Err(Refusal::declined(judged, "declined"));
                }
                Ok(_) => return Err(Refusal::declined(judged, "cancelled")),
                Err(error) => {
                    return Err(Refusal::takeover_failed(
                        judged,
                        &format!("asking the person failed ({error})"),
                    ));
                }
            }
            handed_back.await
        }
    };
    let outcome = outcome.map_err(|_| {
        Refusal::takeover_failed(judged, "the live view closed before the person handed back")
    })?;
    // Best effort: the spec's completion notice, so the client can close its prompt.
    let complete = CustomNotification::new(
        "notifications/elicitation/complete",
        Some(json!({ "elicitationId": elicitation_id })),
    );
    if let Err(error) = peer
        .send_notification(ServerNotification::CustomNotification(complete))
        .await
    {
        tracing::debug!(%error, "could not tell the client the takeover ended");
    }
    Ok(outcome)
}

/// The takeover card's facts, one per line: the step, the page's host, the rule and why.
fn step_card(judged: &Judged) -> String {
    format!(
        "Step: {}\nPage: {}\nRule: {} — {}",
        action_line(judged),
        judged.host(),
        judged.decision.rule(),
        judged.decision.reason(),
    )
}

/// True when the client said it can ask the person questions in `mode`.
fn can_elicit(peer: &Peer<RoleServer>, mode: ElicitationMode) -> bool {
    peer.supported_elicitation_modes().contains(&mode)
}

/// The action and where: `click the "Buy now" button on shop.example`.
fn action_on_host(judged: &Judged) -> String {
    format!("{} on {}", action_line(judged), judged.host())
}

/// The rule that decided, and why: `rule confirm-payments: a payment`.
fn rule_and_reason(judged: &Judged) -> String {
    format!(
        "rule {}: {}",
        judged.decision.rule(),
        judged.decision.reason()
    )
}

/// The action in the person's words, as the chat page's cards word it (`click the "Buy now"
/// button`, `type "••••••" into the "Password" field`): secrets masked, never an element id.
fn action_line(judged: &Judged) -> String {
    let request = &judged.request;
    let element = || match (&request.element_role, &request.element_name) {
        (Some(role), name) => element_words(role, name.as_deref().unwrap_or_default()),
        (None, _) => "an element that is no longer on the page".to_owned(),
    };
    let typed = match (&request.typed_text, request.text_is_secret) {
        (Some(_), true) => SECRET_MASK,
        (Some(text), false) => text.as_str(),
        (None, _) => "",
    };
    match &request.kind {
        ActionKind::Navigate => {
            format!("open {}", request.target_url.as_deref().unwrap_or("a page"))
        }
        ActionKind::Click => step_words(ElementStep::Click, &element()),
        ActionKind::Type => {
            let step = ElementStep::Type {
                text: typed,
                submit: false,
            };
            step_words(step, &element())
        }
        ActionKind::SelectOption => {
            let option = request.option.as_deref().unwrap_or_default();
            step_words(ElementStep::Select { option }, &element())
        }
        ActionKind::PressKey => match &request.element_role {
            Some(_) => format!(
                "press {} on {}",
                request.key.as_deref().unwrap_or("a key"),
                element()
            ),
            None => format!("press {}", request.key.as_deref().unwrap_or("a key")),
        },
        ActionKind::Tool => format!(
            "call the tool `{}`",
            request.tool_name.as_deref().unwrap_or(&judged.tool)
        ),
        other => match &request.element_role {
            Some(_) => format!("{} (`{}`) on {}", other.name(), judged.tool, element()),
            None => format!("{} (`{}`)", other.name(), judged.tool),
        },
    }
}

fn capitalised(text: &str) -> String {
    let mut characters = text.chars();
    match characters.next() {
        Some(first) => first.to_uppercase().chain(characters).collect(),
        None => String::new(),
    }
}
