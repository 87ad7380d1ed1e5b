//! Chat mode with a model: one plain-text answer per message, with the page and the session's
//! memory in context. No schema, no action: chat mode never acts (the graph does not route a
//! chat run through planning, validation or execution at all).
//!
//! In: a [`PlanContext`] whose `goal` is the person's message, with the latest observation and
//! the memory layers in `notes`. Out: the answer text, or `Unavailable` when the STANDARD tier's
//! models failed (the graph then answers offline and says so). Logged with stage `chat`.

use super::prompts::render;
use super::{ModelPlanner, observation, record};
use crate::error::PlannerError;
use crate::model::{ChatMessage, ChatRequest, Role, Tier};
use crate::planner::PlanContext;

/// Longest chat answer asked for, in tokens.
const CHAT_MAX_TOKENS: u32 = 800;

impl ModelPlanner {
    /// The model's answer to the person's chat message in `ctx.goal`.
    pub(super) async fn chat_answer(&self, ctx: &PlanContext<'_>) -> Result<String, PlannerError> {
        let observation = match ctx.snapshot {
            Some(snapshot) => self.secrets.mask(&observation::compact_observation(
                snapshot,
                ctx.page,
                self.config().observation_max_tokens,
            )),
            None => "no page is open yet\n".to_owned(),
        };
        let notes = ctx
            .notes
            .map_or_else(|| "nothing yet".to_owned(), |n| self.secrets.mask(n));
        let text = render(
            &self.prompts.chat_request,
            &[
                ("notes", &notes),
                ("observation", &observation),
                ("question", &self.secrets.mask(ctx.goal)),
            ],
        );
        let request = ChatRequest {
            messages: vec![
                ChatMessage::text(Role::System, self.prompts.chat_system.clone()),
                ChatMessage::text(Role::User, text),
            ],
            response_format: None,
            temperature: self.config().temperature,
            max_tokens: Some(CHAT_MAX_TOKENS),
        };
        let meta = Self::meta(ctx, "chat");
        let response = self
            .client
            .complete(Tier::Standard, &request, &meta)
            .await
            .map_err(|error| PlannerError::Unavailable {
                message: error.to_string(),
            })?;
        record(ctx, &response, "chat");
        Ok(response.content.trim().to_owned())
    }
}
