//! The planner interface: one typed [`crate::Action`] per call, decided from a [`PlanContext`].
//!
//! In: the user's goal, the latest snapshot and the records of this run's earlier steps. Out: a
//! [`Plan`] (the action plus a short note for the person, plus an optional [`Plan::cursor`]).
//! The optional parts of the context (page, screenshot, failures, tools, ids, reasoning, notes,
//! usage meter) are filled by the graph and read by the model planner. Planners keep no state
//! between calls (caches aside); whatever they need to continue is in the context,
//! which is why the runtime copies [`Plan::cursor`] into the [`StepRecord`] of the step it
//! executes.

pub mod instruction;
pub mod model;

use async_trait::async_trait;
use tandem_mcp_browser::snapshot::Snapshot;
use tandem_mcp_browser::{ObservedPage, Screenshot};
use tandem_policy::PolicyGate;
use tandem_protocol::Mode;

use crate::error::PlannerError;
use crate::memory::SessionMemory;
use crate::model::UsageMeter;
use crate::plan::{Plan, StepRecord};
use crate::tool_info::ToolInfo;

pub use instruction::InstructionPlanner;
pub use model::ModelPlanner;

/// Decides the next action. Implementations: the model planner and [`InstructionPlanner`].
#[async_trait]
pub trait Planner: Send + Sync {
    /// Plans exactly one action for the current state.
    async fn plan(&self, ctx: &PlanContext<'_>) -> Result<Plan, PlannerError>;

    /// Chat mode: a plain-text answer to the person's message (`ctx.goal`) with the page and
    /// the memory layers in context; never an action. `Ok(None)` (the default) means this
    /// planner cannot chat, and the graph answers from the snapshot without a model.
    async fn chat(&self, ctx: &PlanContext<'_>) -> Result<Option<String>, PlannerError> {
        let _ = ctx;
        Ok(None)
    }

    /// A compact summary of a finished run described by `facts` (a model planner asks its FAST
    /// tier), for the memory of later runs; `None` (the default) keeps the facts as they are.
    async fn fold_run(&self, facts: &str, ctx: &PlanContext<'_>) -> Option<String> {
        let _ = (facts, ctx);
        None
    }

    /// Product Doc patches from the person's message (`ctx.goal`) for a doc whose sections are
    /// `titles` (a model planner asks its FAST tier); none by default (offline, the doc is filled
    /// from answers and site-tool results only).
    async fn doc_patches(
        &self,
        titles: &[String],
        ctx: &PlanContext<'_>,
    ) -> Vec<crate::product_doc::DocPatch> {
        let _ = (titles, ctx);
        Vec::new()
    }

    /// Whether this planner reads [`PlanContext::tools`]. The graph lists the server's tools
    /// afresh before each planning step only for planners that do.
    fn uses_tools(&self) -> bool {
        false
    }

    /// The text to type for a planned `type` action on the page at `page_url`: planners that
    /// hand out placeholders (the model planner's `<secret:name>`) substitute them here, and
    /// refuse (`Err`, shown to the planner as the step's failure) where the value may not go.
    /// The default types the text as planned.
    fn resolve_typed_text(&self, text: &str, page_url: Option<&str>) -> Result<String, String> {
        let _ = page_url;
        Ok(text.to_owned())
    }

    /// The model client behind this planner, if it has one: the session answers the site
    /// tools' sampling requests with it (STANDARD tier). `None` (the default): the tools use
    /// their templates.
    fn model_client(&self) -> Option<crate::model::ModelClient> {
        None
    }
}

/// Everything a planner may use for one decision.
#[derive(Debug, Clone, Copy)]
pub struct PlanContext<'a> {
    /// The person's latest message in agent mode: the goal or the instructions of this run.
    pub goal: &'a str,
    /// The latest observation. The graph observes before planning, so this is `None` only when
    /// no page has been opened yet in this session.
    pub snapshot: Option<&'a Snapshot>,
    /// The steps of this run so far, oldest first. A run starts at the person's message; steps
    /// of earlier runs are not included.
    pub history: &'a [StepRecord],
    /// The latest observation as the browser returned it (tabs, notices such as dismissed
    /// dialogs); its screenshot is in [`PlanContext::screenshot`].
    pub page: Option<&'a ObservedPage>,
    /// The screenshot taken with the snapshot (model planners attach it when vision is on).
    pub screenshot: Option<&'a Screenshot>,
    /// Problems met in this run (invalid actions, tool errors), oldest first.
    pub failures: &'a [String],
    /// The tools the server offers this step, with descriptions and input schemas (filled for
    /// planners whose [`Planner::uses_tools`] is true).
    pub tools: &'a [ToolInfo],
    /// The session, for logs.
    pub session_id: Option<&'a str>,
    /// The run, for logs and per-run caches.
    pub run_id: Option<&'a str>,
    /// Actions executed so far in this run.
    pub actions: usize,
    /// The session's mode, for logs.
    pub mode: Mode,
    /// Invalid actions (or unusable planner outputs) in a row just before this call.
    pub invalid_actions: u32,
    /// The person's reasoning toggle: explain the decision in [`Plan::note`].
    pub reasoning: bool,
    /// Long-term notes for this session (a project card), if any.
    pub notes: Option<&'a str>,
    /// Where model planners record the token usage of their requests.
    pub usage: Option<&'a UsageMeter>,
    /// The session's memory of earlier runs (the offline planner resolves "again", "do the
    /// same with …" and "undo that" from it; model planners read it through `notes`).
    pub memory: Option<&'a SessionMemory>,
    /// The session's site, when it has one: its Product Doc "Pages" section (one line per
    /// page: slug, title, address). Follow-up messages then may be refinements of it.
    pub site_pages: Option<&'a str>,
    /// The site's brand choices (its Product Doc "Design system" section), if any.
    pub site_design: Option<&'a str>,
    /// The session's policy, for planners that must know in advance which actions it would
    /// stop to confirm (the instruction planner's caution). `None`: the default rules.
    pub policy: Option<&'a PolicyGate>,
}

impl<'a> PlanContext<'a> {
    /// A context for `goal` with the given snapshot and history; everything else empty.
    pub fn new(goal: &'a str, snapshot: Option<&'a Snapshot>, history: &'a [StepRecord]) -> Self {
        Self {
            goal,
            snapshot,
            history,
            page: None,
            screenshot: None,
            failures: &[],
            tools: &[],
            session_id: None,
            run_id: None,
            actions: 0,
            mode: Mode::Agent,
            invalid_actions: 0,
            reasoning: false,
            notes: None,
            usage: None,
            memory: None,
            site_pages: None,
            site_design: None,
            policy: None,
        }
    }

    /// With the session's policy (see [`PlanContext::policy`]).
    pub fn with_policy(mut self, policy: &'a PolicyGate) -> Self {
        self.policy = Some(policy);
        self
    }

    /// With the session's site pages (see [`PlanContext::site_pages`]).
    pub fn with_site_pages(mut self, pages: Option<&'a str>) -> Self {
        self.site_pages = pages.filter(|pages| !pages.trim().is_empty());
        self
    }

    /// With the site's brand choices (see [`PlanContext::site_design`]).
    pub fn with_site_design(mut self, design: Option<&'a str>) -> Self {
        self.site_design = design.filter(|design| !design.trim().is_empty());
        self
    }

    /// With the observation the snapshot came from.
    pub fn with_page(mut self, page: Option<&'a ObservedPage>) -> Self {
        self.page = page;
        self
    }

    /// With the screenshot of the latest observation.
    pub fn with_screenshot(mut self, screenshot: Option<&'a Screenshot>) -> Self {
        self.screenshot = screenshot;
        self
    }

    /// With the run's failures.
    pub fn with_failures(mut self, failures: &'a [String]) -> Self {
        self.failures = failures;
        self
    }

    /// With the tools offered this step.
    pub fn with_tools(mut self, tools: &'a [ToolInfo]) -> Self {
        self.tools = tools;
        self
    }

    /// With the session and run ids.
    pub fn with_ids(mut self, session_id: Option<&'a str>, run_id: Option<&'a str>) -> Self {
        self.session_id = session_id;
        self.run_id = run_id;
        self
    }

    /// With the run's action count and invalid actions in a row.
    pub fn with_progress(mut self, actions: usize, invalid_actions: u32) -> Self {
        self.actions = actions;
        self.invalid_actions = invalid_actions;
        self
    }

    /// With the session's mode.
    pub fn with_mode(mut self, mode: Mode) -> Self {
        self.mode = mode;
        self
    }

    /// With the person's reasoning toggle.
    pub fn with_reasoning(mut self, reasoning: bool) -> Self {
        self.reasoning = reasoning;
        self
    }

    /// With long-term notes.
    pub fn with_notes(mut self, notes: Option<&'a str>) -> Self {
        self.notes = notes;
        self
    }

    /// With the session's memory.
    pub fn with_memory(mut self, memory: &'a SessionMemory) -> Self {
        self.memory = Some(memory);
        self
    }

    /// With a usage meter.
    pub fn with_usage(mut self, usage: &'a UsageMeter) -> Self {
        self.usage = Some(usage);
        self
    }
}
