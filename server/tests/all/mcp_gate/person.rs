//! The person behind an MCP client: rmcp's client with an elicitation handler that answers as
//! scripted and records every question, or a client that declares no elicitation at all.

use std::collections::VecDeque;
use std::sync::{Arc, Mutex};

use rmcp::ClientHandler;
use rmcp::ErrorData;
use rmcp::model::{
    ClientCapabilities, ClientConfig, ElicitRequestParams, ElicitResult, ElicitationAction,
    ProtocolVersion,
};
use rmcp::service::{RequestContext, RoleClient};
use serde_json::json;

/// How the person answers the next question.
#[derive(Debug, Clone)]
pub enum Reply {
    Accept {
        remember: bool,
    },
    Decline,
    /// Dismisses the question without choosing (closes the dialog).
    Cancel,
}

/// The person, shared between the test and the client's handler.
#[derive(Clone)]
pub struct Person {
    capabilities: ClientCapabilities,
    version: Option<ProtocolVersion>,
    replies: Arc<Mutex<VecDeque<Reply>>>,
    questions: Arc<Mutex<Vec<String>>>,
    /// Every address a URL elicitation sent the person to, in order.
    opened: Arc<tokio::sync::watch::Sender<Vec<String>>>,
}

impl Person {
    fn with(capabilities: serde_json::Value) -> Self {
        Self {
            capabilities: serde_json::from_value(capabilities).unwrap(),
            version: None,
            replies: Arc::default(),
            questions: Arc::default(),
            opened: Arc::new(tokio::sync::watch::channel(Vec::new()).0),
        }
    }

    /// A client that can ask the person in form mode.
    pub fn with_form() -> Self {
        Self::with(json!({"elicitation": {"form": {}}}))
    }

    /// A client that can ask in form mode and send the person to an address (URL mode): it
    /// accepts every URL elicitation, as a client does once the person opened the address.
    pub fn with_url() -> Self {
        Self::with(json!({"elicitation": {"form": {}, "url": {}}}))
    }

    /// Waits until a URL elicitation sent the person somewhere; the address.
    pub async fn address_opened(&self) -> String {
        let mut opened = self.opened.subscribe();
        let seen = tokio::time::timeout(
            std::time::Duration::from_secs(60),
            opened.wait_for(|urls| !urls.is_empty()),
        )
        .await
        .expect("no URL elicitation arrived")
        .unwrap();
        seen[0].clone()
    }

    /// A client that declares no elicitation.
    pub fn without_elicitation() -> Self {
        Self::with(json!({}))
    }

    /// The same person on a client that asks for this protocol revision.
    pub fn speaking(mut self, version: ProtocolVersion) -> Self {
        self.version = Some(version);
        self
    }

    /// The next question is answered so.
    pub fn will(&self, reply: Reply) {
        self.replies.lock().unwrap().push_back(reply);
    }

    /// Every question asked so far.
    pub fn asked(&self) -> Vec<String> {
        self.questions.lock().unwrap().clone()
    }
}

impl ClientHandler for Person {
    async fn create_elicitation(
        &self,
        request: ElicitRequestParams,
        _context: RequestContext<RoleClient>,
    ) -> Result<ElicitResult, ErrorData> {
        let message = match &request {
            ElicitRequestParams::FormElicitationParams { message, .. }
            | ElicitRequestParams::UrlElicitationParams { message, .. } => message.clone(),
            other => format!("{other:?}"),
        };
        self.questions.lock().unwrap().push(message);
        if let ElicitRequestParams::UrlElicitationParams { url, .. } = &request {
            self.opened.send_modify(|urls| urls.push(url.clone()));
            return Ok(ElicitResult::new(ElicitationAction::Accept));
        }
        let reply = self.replies.lock().unwrap().pop_front();
        let mut result = ElicitResult::new(ElicitationAction::Cancel);
        match reply {
            Some(Reply::Accept { remember }) => {
                result = ElicitResult::new(ElicitationAction::Accept);
                result.content = Some(json!({ "remember": remember }));
            }
            Some(Reply::Decline) => result = ElicitResult::new(ElicitationAction::Decline),
            Some(Reply::Cancel) | None => {}
        }
        Ok(result)
    }

    fn get_info(&self) -> ClientConfig {
        let mut info = ClientConfig::default();
        info.capabilities = self.capabilities.clone();
        if let Some(version) = &self.version {
            info.protocol_version = version.clone();
        }
        info
    }
}
