//! [`ModelSampler`]: the agent's answer to the site tools' MCP sampling requests.
//!
//! In: a [`SamplingRequest`] from the in-process MCP client (a site tool asking for text).
//! Out: the text of the agent's model on the STANDARD tier. Every request is logged with the
//! session, the run in progress (followed from the agent's events), the person's mode and
//! reasoning flag (read from the agent's settings) and the stage (the tool that asked); the
//! model client logs its own attempts the same way.

use std::sync::{Arc, Mutex, PoisonError};

use async_trait::async_trait;
use tandem_mcp_browser::{SamplingAnswerer, SamplingRequest};
use tokio::sync::{broadcast, watch};

use crate::events::AgentEvent;
use crate::handle::AgentHandle;
use crate::model::{ChatMessage, ChatRequest, ModelClient, RequestMeta, Role, Tier};
use crate::settings::Settings;

/// Answers sampling with a model client.
pub struct ModelSampler {
    client: ModelClient,
    session_id: String,
    run_id: Arc<Mutex<Option<String>>>,
    /// The session's settings, once it follows an agent: its requests log the true mode and
    /// reasoning flag.
    settings: Mutex<Option<watch::Receiver<Settings>>>,
}

impl ModelSampler {
    pub fn new(client: ModelClient, session_id: impl Into<String>) -> Arc<Self> {
        Arc::new(Self {
            client,
            session_id: session_id.into(),
            run_id: Arc::default(),
            settings: Mutex::default(),
        })
    }

    /// Keeps the run id and the person's settings for the logs in step with `agent`, until its
    /// events end.
    pub fn follow(self: &Arc<Self>, agent: &AgentHandle) {
        *self.settings.lock().unwrap_or_else(PoisonError::into_inner) = Some(agent.settings());
        let mut events = agent.subscribe();
        let run_id = Arc::clone(&self.run_id);
        tokio::spawn(async move {
            loop {
                match events.recv().await {
                    Ok(AgentEvent::Status { run_id: run, .. }) => {
                        *run_id.lock().unwrap_or_else(PoisonError::into_inner) = run;
                    }
                    Ok(_) | Err(broadcast::error::RecvError::Lagged(_)) => {}
                    Err(broadcast::error::RecvError::Closed) => break,
                }
            }
        });
    }

    /// The session's settings now (the defaults before it follows an agent).
    fn current_settings(&self) -> Settings {
        self.settings
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .as_ref()
            .map(|settings| *settings.borrow())
            .unwrap_or_default()
    }

    fn current_run(&self) -> Option<String> {
        self.run_id
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .clone()
    }
}

#[async_trait]
impl SamplingAnswerer for ModelSampler {
    async fn answer(&self, request: SamplingRequest) -> Result<(String, String), String> {
        let run = self.current_run();
        let settings = self.current_settings();
        let mut messages = Vec::new();
        if let Some(system) = &request.system {
            messages.push(ChatMessage::text(Role::System, system.clone()));
        }
        for (from_assistant, text) in &request.messages {
            let role = if *from_assistant {
                Role::Assistant
            } else {
                Role::User
            };
            messages.push(ChatMessage::text(role, text.clone()));
        }
        let mut chat = ChatRequest::new(messages);
        chat.max_tokens = Some(request.max_tokens);
        let meta = RequestMeta {
            session_id: Some(&self.session_id),
            run_id: run.as_deref(),
            stage: &request.stage,
            mode: settings.mode.name(),
            reasoning: settings.reasoning,
            actions: 0,
        };
        tracing::info!(
            session = %self.session_id,
            run = run.as_deref().unwrap_or(""),
            stage = %request.stage,
            tier = Tier::Standard.name(),
            "answering a sampling request"
        );
        let response = self
            .client
            .complete(Tier::Standard, &chat, &meta)
            .await
            .map_err(|error| error.to_string())?;
        if let Some(refusal) = response.refusal {
            return Err(format!("the model refused: {refusal}"));
        }
        Ok((response.content, response.model))
    }
}
