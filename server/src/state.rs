//! [`AppState`]: what every handler of the daemon can reach (the HTTP routes in `app`, the
//! WebSocket in `ws`, the site files in `sites`). Below all of them, so none imports another's.

use std::sync::Arc;

use tandem_mcp_browser::BrowserHost;
use tandem_mcp_browser::gate::GateSettings;

use crate::handover::HandoverDesk;
use crate::security::AccessPolicy;
use crate::session::SessionRegistry;
use crate::token::LaunchToken;

/// What every handler can reach.
pub struct AppState {
    pub token: LaunchToken,
    pub access: AccessPolicy,
    pub sessions: Arc<SessionRegistry>,
    /// Cancelled when the daemon starts shutting down: closes long-lived MCP streams so the
    /// graceful shutdown does not wait on them, and WebSockets stop taking operations.
    pub shutdown: tokio_util::sync::CancellationToken,
    /// The policy gate in front of `/mcp` clients: the sessions' policy and the start-up choices.
    pub mcp_gate: GateSettings,
    /// Where `/mcp` clients' takeovers send the person (the handover page), when served.
    pub handover: Option<Arc<HandoverDesk>>,
}

impl AppState {
    pub fn host(&self) -> &Arc<BrowserHost> {
        self.sessions.host()
    }
}
