//! Product Doc patches from the person's message, decided by the model on the FAST tier (stage
//! `doc_patch`): which sections the message adds to or changes. Unusable output or a failed
//! request gives no patch; the doc never blocks a run.

use serde::Deserialize;
use tandem_protocol::DocAuthor;

use super::prompts::render;
use super::{ModelPlanner, record};
use crate::model::{ChatMessage, ChatRequest, Role, Tier};
use crate::planner::PlanContext;
use crate::product_doc::DocPatch;

/// Patches kept from one message.
const MAX_PATCHES: usize = 6;

#[derive(Deserialize)]
struct Answer {
    #[serde(default)]
    patches: Vec<Patch>,
}

#[derive(Deserialize)]
struct Patch {
    title: String,
    content: String,
}

impl ModelPlanner {
    /// The patches the person's message `ctx.goal` makes to a doc whose sections are `titles`.
    pub(super) async fn doc_patches_from_message(
        &self,
        titles: &[String],
        ctx: &PlanContext<'_>,
    ) -> Vec<DocPatch> {
        let titles = if titles.is_empty() {
            "none yet".to_owned()
        } else {
            titles.join(", ")
        };
        let request = ChatRequest {
            messages: vec![
                ChatMessage::text(
                    Role::System,
                    render(&self.prompts.doc_patch, &[("titles", &titles)]),
                ),
                ChatMessage::text(Role::User, self.secrets.mask(ctx.goal)),
            ],
            response_format: None,
            temperature: self.config().temperature,
            max_tokens: Some(400),
        };
        let meta = Self::meta(ctx, "doc_patch");
        let response = match self.client.complete(Tier::Fast, &request, &meta).await {
            Ok(response) => response,
            Err(error) => {
                tracing::warn!(%error, "no Product Doc patch from the message");
                return Vec::new();
            }
        };
        record(ctx, &response, "doc_patch");
        parse(&response.content)
    }
}

/// The patches in `content` (the outermost JSON object in it), or none.
fn parse(content: &str) -> Vec<DocPatch> {
    let (Some(start), Some(end)) = (content.find('{'), content.rfind('}')) else {
        return Vec::new();
    };
    let Some(json) = content.get(start..=end) else {
        return Vec::new();
    };
    match serde_json::from_str::<Answer>(json) {
        Ok(answer) => answer
            .patches
            .into_iter()
            .take(MAX_PATCHES)
            .map(|patch| DocPatch {
                title: patch.title,
                content: patch.content,
                by: DocAuthor::Person,
            })
            .collect(),
        Err(error) => {
            tracing::debug!(%error, "the Product Doc patch was not usable");
            Vec::new()
        }
    }
}
