//! [`ModelPlanner`]: plans one action per call with a model on an OpenAI-compatible endpoint.
//!
//! In: a [`PlanContext`]. Out: a [`Plan`] whose note is the model's reasoning (when the person
//! turned reasoning on), or a [`PlannerError`]: `Unavailable` when the tier's models failed after
//! retries and fallback (the run ends in `finalize_failed` with the provider's message),
//! `InvalidOutput` when the answer was unusable even after one repair (the graph counts it).
//!
//! One planning step is: maybe a compaction request on the FAST tier ([`compaction`]), then the
//! planning request on STANDARD (POWERFUL once `escalate_after_invalid` invalid outputs happened
//! in a row), then at most one repair request that sends the problem back. Structured output is
//! the strict schema of [`schema`]; an endpoint that refuses `json_schema` is asked again in
//! JSON mode, one that refuses that too with the schema in the prompt alone, and this planner
//! keeps the weakest format it had to use. Secret values never leave the process: every
//! text bound for the model goes through [`crate::secrets::Secrets::mask`], and the graph substitutes
//! placeholders when typing through [`Planner::resolve_typed_text`].

mod chat;
mod compaction;
mod doc_patch;
mod history;
mod observation;
mod output;
mod prompts;
mod request;
mod run_fold;
mod schema;
mod site_guide;
mod tool_results;

#[cfg(test)]
mod tests;

use std::sync::Mutex;

use async_trait::async_trait;
use serde_json::Value;

use self::compaction::{Compactor, Fold, Layout};
use self::prompts::{Prompts, render};
use self::request::StepInputs;
use super::{PlanContext, Planner};
use crate::error::PlannerError;
use crate::model::{
    ChatMessage, ChatRequest, ChatResponse, ModelClient, ModelConfig, ModelConfigError, ModelError,
    RequestMeta, ResponseFormat, Role, StructuredOutput, Tier,
};
use crate::plan::{Plan, StopMeaning};
use crate::secrets::Secrets;
use crate::tool_info::ToolInfo;

pub use self::observation::REMOVED as REMOVED_PROTOCOL_TEXT;

/// Words asked of a compaction summary.
const SUMMARY_WORDS: &str = "180";

/// The model planner. Share it (`Arc`) between sessions: it holds only the client, the prompts,
/// the secrets and caches.
#[derive(Debug)]
pub struct ModelPlanner {
    client: ModelClient,
    prompts: Prompts,
    secrets: Secrets,
    compactor: Compactor,
    notes: Option<String>,
    /// How the model is asked for JSON now: the configured way, weakened for good each time the
    /// endpoint refuses one (`json_schema`, then `json_object`, then the prompt alone).
    format: Mutex<StructuredOutput>,
    /// The answer schemas without and with `reasoning`.
    schemas: [Value; 2],
}

impl ModelPlanner {
    /// A planner for `config`: validates it, builds the client, loads the prompts.
    pub fn from_config(config: ModelConfig) -> Result<Self, ModelConfigError> {
        config.validate()?;
        let prompts = Prompts::load(config.prompts_dir.as_deref())?;
        let secrets = Secrets::new(&config.secrets);
        let compactor = Compactor::new(config.compaction_threshold_tokens);
        let format = Mutex::new(config.structured_output);
        let client =
            ModelClient::new(config).map_err(|e| ModelConfigError::Invalid(e.to_string()))?;
        Ok(Self {
            client,
            prompts,
            secrets,
            compactor,
            notes: None,
            format,
            schemas: [schema::answer_schema(false), schema::answer_schema(true)],
        })
    }

    /// The same planner with long-term notes (a project card, under ~500 tokens) in every
    /// request; notes in the context come after these.
    pub fn with_notes(mut self, notes: impl Into<String>) -> Self {
        self.notes = Some(notes.into());
        self
    }

    /// The model client.
    pub fn client(&self) -> &ModelClient {
        &self.client
    }

    /// The strict answer schema sent as `response_format` (with or without `reasoning`).
    pub fn answer_schema(&self, reasoning: bool) -> &Value {
        &self.schemas[usize::from(reasoning)]
    }

    fn config(&self) -> &ModelConfig {
        self.client.config()
    }

    fn meta<'a>(ctx: &PlanContext<'a>, stage: &'a str) -> RequestMeta<'a> {
        RequestMeta {
            session_id: ctx.session_id,
            run_id: ctx.run_id,
            stage,
            mode: ctx.mode.name(),
            reasoning: ctx.reasoning,
            actions: ctx.actions,
        }
    }

    /// The step message for `ctx`, after compaction.
    async fn step_inputs(&self, ctx: &PlanContext<'_>) -> StepInputs {
        let mask = |text: &str| self.secrets.mask(text);
        let lines: Vec<String> = ctx
            .history
            .iter()
            .enumerate()
            .map(|(i, record)| mask(&history::step_line(i + 1, record)))
            .collect();
        let (history, summary) = match self.compactor.layout(ctx.run_id, lines) {
            Layout::Full(lines) => (lines, None),
            Layout::Compacted {
                first,
                summary,
                middle,
                last,
                fold,
            } => {
                let (summary, middle) = match fold {
                    None => (summary, middle),
                    Some(fold) => self.fold(ctx, fold).await,
                };
                (
                    first.into_iter().chain(middle).chain(last).collect(),
                    summary,
                )
            }
        };
        let notes = match (&self.notes, ctx.notes) {
            (Some(own), Some(theirs)) => Some(format!("{own}\n{theirs}")),
            (Some(own), None) => Some(own.clone()),
            (None, Some(theirs)) => Some(theirs.to_owned()),
            (None, None) => None,
        };
        let observation = match ctx.snapshot {
            Some(snapshot) => mask(&observation::compact_observation(
                snapshot,
                ctx.page,
                self.config().observation_max_tokens,
            )),
            None => "no page is open yet (use `navigate`)\n".to_owned(),
        };
        StepInputs {
            goal: mask(ctx.goal),
            notes: notes.map(|n| mask(&n)),
            summary,
            history,
            failures: ctx.failures.iter().map(|f| mask(f)).collect(),
            tools: ctx
                .tools
                .iter()
                .map(|tool| ToolInfo {
                    description: mask(&tool.description),
                    ..tool.clone()
                })
                .collect(),
            secrets: self.secrets.describe(),
            observation,
            site: site_guide::guidance(&self.prompts, ctx).unwrap_or_default(),
            tool_results: mask(&tool_results::section(ctx.history)),
        }
    }

    /// Folds lines into the run's summary on the FAST tier. On failure the lines are dropped
    /// with a marker (planning goes on with the previous summary).
    async fn fold(&self, ctx: &PlanContext<'_>, fold: Fold) -> (Option<String>, Vec<String>) {
        let system = render(
            &self.prompts.compaction_system,
            &[("max_words", SUMMARY_WORDS)],
        );
        let previous = fold.previous.clone().unwrap_or_else(|| "none".to_owned());
        let text = render(
            &self.prompts.compaction_request,
            &[
                ("goal", &self.secrets.mask(ctx.goal)),
                ("previous", &previous),
                ("steps", &fold.lines.join("\n")),
            ],
        );
        match self
            .fast_summary(
                ctx,
                "compaction",
                system,
                text,
                400,
                self.compactor.max_summary_chars(),
            )
            .await
        {
            Ok(summary) => {
                self.compactor.store(ctx.run_id, fold.upto, &summary);
                (Some(summary), Vec::new())
            }
            Err(error) => {
                tracing::warn!(%error, "history compaction failed; older steps are left out");
                let marker = format!("… {} earlier steps left out …", fold.lines.len());
                (fold.previous, vec![marker])
            }
        }
    }

    /// A summary asked of the FAST tier (`system` says how, `text` holds what): the answer,
    /// secrets masked, cut to `max_chars` characters. The request is recorded as `stage`.
    async fn fast_summary(
        &self,
        ctx: &PlanContext<'_>,
        stage: &'static str,
        system: String,
        text: String,
        max_tokens: u32,
        max_chars: usize,
    ) -> Result<String, ModelError> {
        let request = ChatRequest {
            messages: vec![
                ChatMessage::text(Role::System, system),
                ChatMessage::text(Role::User, text),
            ],
            response_format: None,
            temperature: self.config().temperature,
            max_tokens: Some(max_tokens),
        };
        let meta = Self::meta(ctx, stage);
        let response = self.client.complete(Tier::Fast, &request, &meta).await?;
        record(ctx, &response, stage);
        Ok(self
            .secrets
            .mask(response.content.trim())
            .chars()
            .take(max_chars)
            .collect())
    }

    /// One request on `tier`; moves to a weaker format while the endpoint refuses the current one.
    async fn ask(
        &self,
        tier: Tier,
        conversation: &[ChatMessage],
        ctx: &PlanContext<'_>,
        stage: &'static str,
    ) -> Result<ChatResponse, PlannerError> {
        let meta = Self::meta(ctx, stage);
        loop {
            let format = self.current_format();
            let schema = self.answer_schema(ctx.reasoning);
            let schema_in_prompt = format != StructuredOutput::JsonSchema;
            let mut messages = Vec::with_capacity(conversation.len() + 1);
            messages.push(request::system_message(
                &self.prompts,
                schema_in_prompt,
                ctx.reasoning,
                schema,
            ));
            messages.extend_from_slice(conversation);
            let request = ChatRequest {
                messages,
                response_format: match format {
                    StructuredOutput::JsonSchema => Some(ResponseFormat::JsonSchema {
                        name: "tandem_action".to_owned(),
                        schema: schema.clone(),
                    }),
                    StructuredOutput::JsonObject => Some(ResponseFormat::JsonObject),
                    StructuredOutput::Prompt => None,
                },
                temperature: self.config().temperature,
                max_tokens: self.config().max_output_tokens,
            };
            match self.client.complete(tier, &request, &meta).await {
                Ok(response) => {
                    record(ctx, &response, stage);
                    return Ok(response);
                }
                Err(error) if error.refuses_response_format() && self.weaken(format) => {
                    tracing::warn!(%error, ?format, "the endpoint refuses this response_format");
                }
                Err(error) => {
                    return Err(PlannerError::Unavailable {
                        message: error.to_string(),
                    });
                }
            }
        }
    }

    fn current_format(&self) -> StructuredOutput {
        *self
            .format
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
    }

    /// Moves from `refused` to the next weaker format (unless another request already did).
    /// False when there is none left to try.
    fn weaken(&self, refused: StructuredOutput) -> bool {
        let mut format = self
            .format
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        if *format != refused {
            return true;
        }
        match refused.weaker() {
            Some(weaker) => {
                *format = weaker;
                true
            }
            None => false,
        }
    }
}

/// Adds a response's usage to the context's meter.
fn record(ctx: &PlanContext<'_>, response: &ChatResponse, stage: &str) {
    if let Some(meter) = ctx.usage {
        meter.record(response.usage_record(stage));
    }
}

#[async_trait]
impl Planner for ModelPlanner {
    fn model_client(&self) -> Option<ModelClient> {
        Some(self.client.clone())
    }

    async fn plan(&self, ctx: &PlanContext<'_>) -> Result<Plan, PlannerError> {
        let inputs = self.step_inputs(ctx).await;
        let text = request::step_text(&self.prompts, &inputs);
        let screenshot = if self.config().vision {
            ctx.screenshot
        } else {
            None
        };
        let mut conversation = vec![request::user_message(text, screenshot)];
        let tier = if ctx.invalid_actions >= self.config().escalate_after_invalid {
            Tier::Powerful
        } else {
            Tier::Standard
        };
        let answer = self.ask(tier, &conversation, ctx, "plan").await?;
        let problem = match output::parse(&answer.content, answer.refusal.as_deref()) {
            Ok(decision) => return Ok(into_plan(decision)),
            Err(problem) => problem,
        };
        tracing::info!(%problem, "invalid model output; asking for a repair");
        conversation.push(ChatMessage::text(Role::Assistant, answer.content));
        conversation.push(ChatMessage::text(
            Role::User,
            render(&self.prompts.repair, &[("error", &problem)]),
        ));
        let repaired = self.ask(tier, &conversation, ctx, "repair").await?;
        output::parse(&repaired.content, repaired.refusal.as_deref())
            .map(into_plan)
            .map_err(|problem| PlannerError::InvalidOutput {
                message: format!(
                    "the model's answer was not a usable action after a repair: {problem}"
                ),
            })
    }

    async fn chat(&self, ctx: &PlanContext<'_>) -> Result<Option<String>, PlannerError> {
        self.chat_answer(ctx).await.map(Some)
    }

    async fn fold_run(&self, facts: &str, ctx: &PlanContext<'_>) -> Option<String> {
        self.fold_run_facts(facts, ctx).await
    }

    async fn doc_patches(
        &self,
        titles: &[String],
        ctx: &PlanContext<'_>,
    ) -> Vec<crate::product_doc::DocPatch> {
        self.doc_patches_from_message(titles, ctx).await
    }

    fn uses_tools(&self) -> bool {
        true
    }

    fn resolve_typed_text(&self, text: &str, page_url: Option<&str>) -> Result<String, String> {
        self.secrets.resolve(text, page_url)
    }
}

fn into_plan(decision: output::Decision) -> Plan {
    Plan {
        action: decision.action,
        note: decision.reasoning,
        cursor: None,
        stop_meaning: StopMeaning::Finished,
        offered: false,
    }
}
