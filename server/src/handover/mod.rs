//! The handover desk: where an MCP client's takeover sends the person (URL-mode elicitation).
//!
//! In: [`TakeoverDesk::open`] from the MCP gate, with the client's browser session and the
//! step's card. Out: a single-use address of the handover page (`/handover.html#<token>`, the
//! chat page's live view on its takeover stage, see `socket`), and a wait that resolves when the
//! person hands back, with what changed while they had the browser (the agent's own account,
//! [`tandem_agent::handover::what_changed`]) and their note.
//!
//! Contract: a token is 256 random bits, compared in constant time, good for one WebSocket
//! and only while its takeover is open (a withdrawn takeover, one whose tool call ended, cannot
//! be claimed). The page is served on loopback with the chat page's Host and Origin checks
//! ([`router`]); for `tandem mcp` over stdio, [`serve_loopback`] starts it on its own port for
//! the process's life. What the person types is never logged, and a secret field's value never
//! appears in what changed (only how many characters it holds).

mod socket;

use std::sync::{Arc, Mutex as StdMutex};

use async_trait::async_trait;
use axum::Router;
use axum::extract::{Request, State};
use axum::middleware::{self, Next};
use axum::response::Response;
use axum::routing::get;
use tandem_mcp_browser::gate::{OpenDesk, TakeoverDesk, TakeoverOutcome};
use tandem_mcp_browser::screenshot::ScreenshotOptions;
use tandem_mcp_browser::server::describe_observation;
use tandem_mcp_browser::snapshot::render::RenderOptions;
use tandem_mcp_browser::{BrowserSession, ObservedPage};
use tokio::sync::{Mutex, oneshot};

use crate::security::AccessPolicy;
use crate::token::LaunchToken;

/// One takeover waiting for the person to open its page.
struct Pending {
    token: LaunchToken,
    session: Arc<Mutex<BrowserSession>>,
    card: String,
    /// The page when the person was handed the browser.
    before: ObservedPage,
    done: oneshot::Sender<TakeoverOutcome>,
}

/// A claimed takeover: the page's socket holds it until the person hands back.
pub(crate) struct Claimed {
    pub session: Arc<Mutex<BrowserSession>>,
    pub card: String,
    before: ObservedPage,
    done: oneshot::Sender<TakeoverOutcome>,
}

impl Claimed {
    /// Resolves when the takeover is withdrawn (its tool call ended).
    pub async fn withdrawn(&mut self) {
        self.done.closed().await;
    }

    /// The person handed back: what changed since they took the browser, told to the waiting
    /// tool call. Returns the account of what changed.
    pub async fn hand_back(self, note: Option<String>) -> Option<String> {
        let after = observe(&self.session).await;
        let changed = match &after {
            Ok(after) => tandem_agent::handover::what_changed(&self.before, after),
            Err(error) => {
                tracing::warn!(%error, "could not observe the page after a handover");
                None
            }
        };
        let outcome = TakeoverOutcome {
            note: note.filter(|note| !note.trim().is_empty()),
            changed: changed.clone(),
        };
        // A tool call that has ended meanwhile no longer waits: nothing to tell.
        let _ = self.done.send(outcome);
        changed
    }
}

/// Where MCP takeovers send the person, on one loopback address.
pub struct HandoverDesk {
    /// The address the page is served at (`http://127.0.0.1:PORT/`).
    base: url::Url,
    pending: StdMutex<Vec<Pending>>,
}

impl HandoverDesk {
    /// A desk whose page is served at `base`.
    pub fn new(base: url::Url) -> Self {
        Self {
            base,
            pending: StdMutex::new(Vec::new()),
        }
    }

    /// The address the handover page is served at.
    pub fn address(&self) -> &url::Url {
        &self.base
    }

    /// Takes the open takeover whose token is `candidate`, once.
    pub(crate) fn claim(&self, candidate: &str) -> Option<Claimed> {
        let mut pending = self
            .pending
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        pending.retain(|open| !open.done.is_closed());
        let at = pending
            .iter()
            .position(|open| open.token.matches(candidate))?;
        let open = pending.swap_remove(at);
        Some(Claimed {
            session: open.session,
            card: open.card,
            before: open.before,
            done: open.done,
        })
    }
}

#[async_trait]
impl TakeoverDesk for HandoverDesk {
    async fn open(
        &self,
        session: Arc<Mutex<BrowserSession>>,
        card: String,
    ) -> Result<OpenDesk, String> {
        let before = observe(&session)
            .await
            .map_err(|error| format!("the page could not be read before the handover ({error})"))?;
        let token = LaunchToken::generate();
        let mut url = self
            .base
            .join("handover.html")
            .map_err(|error| format!("the handover page has no address ({error})"))?;
        url.set_fragment(Some(token.reveal()));
        let (done, handed_back) = oneshot::channel();
        let mut pending = self
            .pending
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        pending.retain(|open| !open.done.is_closed());
        pending.push(Pending {
            token,
            session,
            card,
            before,
            done,
        });
        Ok(OpenDesk { url, handed_back })
    }
}

/// The page as the agent's account of a takeover compares it.
async fn observe(
    session: &Mutex<BrowserSession>,
) -> Result<ObservedPage, tandem_mcp_browser::BrowserError> {
    let observation = session
        .lock()
        .await
        .observe(&ScreenshotOptions::default())
        .await?;
    let text = describe_observation(&observation, &RenderOptions::default());
    Ok(ObservedPage { observation, text })
}

/// What the handover routes share: the desk and who may reach it.
#[derive(Clone)]
pub(crate) struct Handover {
    desk: Arc<HandoverDesk>,
    access: AccessPolicy,
}

/// The handover page's socket (`/handover/ws`), checked like the chat page's: the request
/// target, Host and Origin must name this address. The page's files are the UI's assets.
pub fn router<S: Clone + Send + Sync + 'static>(
    desk: Arc<HandoverDesk>,
    access: AccessPolicy,
) -> Router<S> {
    let handover = Handover { desk, access };
    Router::new()
        .route("/handover/ws", get(socket::upgrade))
        .with_state(handover)
}

/// Serves the handover page alone on a loopback port for as long as the process runs (`tandem
/// mcp` over stdio): the desk to give the MCP gate.
pub async fn serve_loopback() -> std::io::Result<Arc<HandoverDesk>> {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await?;
    let port = listener.local_addr()?.port();
    let base = url::Url::parse(&format!("http://127.0.0.1:{port}/"))
        .map_err(|error| std::io::Error::other(error.to_string()))?;
    let desk = Arc::new(HandoverDesk::new(base));
    let access = AccessPolicy::for_port("127.0.0.1", port, &[]);
    let app: Router = router(Arc::clone(&desk), access.clone())
        .fallback(get(crate::static_files::ui))
        .layer(middleware::from_fn_with_state(access, check_access));
    tokio::spawn(async move {
        if let Err(error) = axum::serve(listener, app).await {
            tracing::warn!(%error, "the handover page stopped");
        }
    });
    Ok(desk)
}

/// Refuses requests whose target, Host or Origin is not this address.
async fn check_access(
    State(access): State<AccessPolicy>,
    request: Request,
    next: Next,
) -> Response {
    match access.refusal(request.uri(), request.headers(), "a request") {
        None => next.run(request).await,
        Some(refused) => refused,
    }
}
