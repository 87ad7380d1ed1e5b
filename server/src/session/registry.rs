//! The daemon's live sessions: made under a cap, kept while used, closed when idle.
//!
//! Lifetime: a session lives while a client holds an [`Attachment`] to it, a run is going or a
//! question is pending. Once none of that holds (the last client detached, the run ended, the
//! pending confirmation expired), its expiry task waits [`SessionLifetime::idle_grace`]; an
//! attachment or a new run in that time cancels the wait, otherwise the session leaves the
//! registry (its id is then unknown) and is closed, which disposes of its browser context. A
//! session made by [`SessionRegistry::create`] and never attached belongs to its creator (the
//! CLI, scenarios) and is closed by [`SessionRegistry::shutdown`]. At most
//! [`SessionLifetime::max_sessions`] sessions live at once.

use std::collections::HashMap;
use std::num::NonZeroUsize;
use std::sync::{Arc, Mutex, Weak};
use std::time::Duration;

use tandem_agent::site_sampling::ModelSampler;
use tandem_agent::{Agent, BrowserTools, ToolHub};
use tandem_mcp_browser::server::BrowserServer;
use tandem_mcp_browser::site::SiteStudio;
use tandem_mcp_browser::{BrowserHost, ClientError, McpBrowserClient};
use tokio::sync::{broadcast, watch};
use tokio_util::sync::CancellationToken;

use crate::logins::LoginVault;
use crate::store::{ProjectStore, StoreError, blocking};

use super::{CONFIRM_EXPIRY, FANOUT_CAPACITY, Session, SessionFactory, forward, lock};

/// How long a session nobody is attached to may sit idle before it is closed.
pub const DEFAULT_IDLE_GRACE: Duration = Duration::from_secs(600);

/// Live sessions allowed at once by default.
pub const DEFAULT_MAX_SESSIONS: NonZeroUsize = match NonZeroUsize::new(32) {
    Some(max) => max,
    None => NonZeroUsize::MIN,
};

/// How long sessions live and how many may live at once.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SessionLifetime {
    /// How long a session with no client attached, no run going and no question pending is
    /// kept before it is closed.
    pub idle_grace: Duration,
    /// Live sessions at most; creating one more fails with [`SessionError::TooMany`].
    pub max_sessions: NonZeroUsize,
    /// How long a confirmation may wait before the agent denies it ([`CONFIRM_EXPIRY`]); also how
    /// long an `ask` or a takeover may wait with no client attached before its run is cancelled.
    pub confirm_expiry: Duration,
}

impl Default for SessionLifetime {
    fn default() -> Self {
        Self {
            idle_grace: DEFAULT_IDLE_GRACE,
            max_sessions: DEFAULT_MAX_SESSIONS,
            confirm_expiry: CONFIRM_EXPIRY,
        }
    }
}

/// Why no session could be made.
#[derive(Debug, thiserror::Error)]
pub enum SessionError {
    /// The registry holds [`SessionLifetime::max_sessions`] sessions. Sent to the client as
    /// `too_many_sessions`; its socket stays open and it may re-attach to a live session.
    #[error(
        "{limit} sessions are open, the most this daemon allows: re-attach to one of them, or \
         try again once an idle session nobody is attached to has closed"
    )]
    TooMany { limit: usize },
    /// The session's browser tools could not be connected. Sent as `session_failed`.
    #[error("starting the session's browser tools: {0}")]
    Browser(#[from] ClientError),
    /// The project could not be made or read (`unknown_project` for an id the store does not
    /// know).
    #[error(transparent)]
    Store(#[from] StoreError),
    /// Projects were asked for but the daemon keeps none.
    #[error("this daemon keeps no projects")]
    NoProjects,
}

impl SessionError {
    /// The protocol's error code.
    pub fn code(&self) -> &'static str {
        match self {
            Self::TooMany { .. } => "too_many_sessions",
            Self::Browser(_) => "session_failed",
            Self::Store(error) => error.code(),
            Self::NoProjects => "no_projects",
        }
    }
}

/// A client's hold on a session: the session is not expired while one exists. Dropping it
/// detaches (a closed socket, or a re-attach elsewhere).
pub struct Attachment {
    session: Arc<Session>,
}

impl Attachment {
    fn new(session: Arc<Session>) -> Self {
        *lock(&session.attached).get_or_insert(0) += 1;
        session.changed.send_replace(());
        Self { session }
    }

    pub fn session(&self) -> &Arc<Session> {
        &self.session
    }
}

impl Drop for Attachment {
    fn drop(&mut self) {
        if let Some(count) = lock(&self.session.attached).as_mut() {
            *count = count.saturating_sub(1);
        }
        self.session.changed.send_replace(());
    }
}

/// What a reopened project's session goes on from.
struct Reopened {
    /// What its agent remembered.
    saved: tandem_agent::state::SavedSession,
    /// Its latest runs as the conversation shows them.
    earlier_runs: Vec<tandem_agent::RunRecord>,
}

/// All live sessions of the daemon.
pub struct SessionRegistry {
    factory: SessionFactory,
    lifetime: SessionLifetime,
    live: Mutex<Live>,
    /// Where every session's project lasts, when the daemon keeps projects.
    store: std::sync::OnceLock<Arc<dyn ProjectStore>>,
    /// Held while a project's session is opened, so one project never gets two.
    opening_project: tokio::sync::Mutex<()>,
    /// `{data_dir}/sites`: each session's Product Doc goes to `{sites}/{id}/product-doc.json`.
    sites_dir: std::sync::OnceLock<std::path::PathBuf>,
    /// Where each project's logins are kept, when the daemon keeps them.
    logins: std::sync::OnceLock<LoginVault>,
}

/// The sessions, and how many are being made (they count against the cap already).
#[derive(Default)]
struct Live {
    sessions: HashMap<String, Arc<Session>>,
    opening: usize,
}

/// A place reserved under the cap while a session is made: filled by the session, or given
/// back when dropped (the session could not be made, or the caller went away).
struct Reservation<'a> {
    registry: &'a SessionRegistry,
    filled: bool,
}

impl Reservation<'_> {
    fn fill(mut self, session: &Arc<Session>) {
        let mut live = lock(&self.registry.live);
        live.sessions
            .insert(session.id.clone(), Arc::clone(session));
        live.opening = live.opening.saturating_sub(1);
        self.filled = true;
    }
}

impl Drop for Reservation<'_> {
    fn drop(&mut self) {
        if !self.filled {
            let mut live = lock(&self.registry.live);
            live.opening = live.opening.saturating_sub(1);
        }
    }
}

impl SessionRegistry {
    /// A registry with the default [`SessionLifetime`].
    pub fn new(factory: SessionFactory) -> Arc<Self> {
        Self::with_lifetime(factory, SessionLifetime::default())
    }

    /// A registry whose sessions expire and are capped as `lifetime` says.
    pub fn with_lifetime(factory: SessionFactory, lifetime: SessionLifetime) -> Arc<Self> {
        Arc::new(Self {
            factory,
            lifetime,
            live: Mutex::new(Live::default()),
            store: std::sync::OnceLock::new(),
            opening_project: tokio::sync::Mutex::new(()),
            sites_dir: std::sync::OnceLock::new(),
            logins: std::sync::OnceLock::new(),
        })
    }

    /// Stores each session made from now on's Product Doc under `sites_dir` (set once).
    pub fn keep_product_docs(&self, sites_dir: std::path::PathBuf) {
        if self.sites_dir.set(sites_dir).is_err() {
            tracing::warn!("the sites directory was already set; keeping the first");
        }
    }

    /// Makes every session from now on work inside a project kept in `store` (set once).
    pub fn keep_projects(&self, store: Arc<dyn ProjectStore>) {
        if self.store.set(store).is_err() {
            tracing::warn!("the project store was already set; keeping the first");
        }
    }

    /// Keeps each project's logins in `vault` from now on: restored into a session's browser
    /// context before its first navigation, saved when it closes and after a takeover (set once).
    pub fn keep_logins(&self, vault: LoginVault) {
        if self.logins.set(vault).is_err() {
            tracing::warn!("the login vault was already set; keeping the first");
        }
    }

    /// Where the projects' logins are kept, when the daemon keeps them.
    pub fn logins(&self) -> Option<&LoginVault> {
        self.logins.get()
    }

    /// The project store, when the daemon keeps projects.
    pub fn store(&self) -> Option<&Arc<dyn ProjectStore>> {
        self.store.get()
    }

    /// The sites folder (each project's site and Product Doc are in `{sites}/{id}/`).
    pub fn sites_dir(&self) -> Option<&std::path::Path> {
        self.sites_dir.get().map(std::path::PathBuf::as_path)
    }

    pub fn host(&self) -> &Arc<BrowserHost> {
        &self.factory.host
    }

    /// The policy every session's actions are judged by.
    pub fn gate(&self) -> Arc<tandem_policy::PolicyGate> {
        Arc::clone(&self.factory.gate)
    }

    /// Which planner new sessions use.
    pub fn planner_label(&self) -> &str {
        &self.factory.planner_label
    }

    /// How long this registry's sessions live and how many there may be.
    pub fn lifetime(&self) -> &SessionLifetime {
        &self.lifetime
    }

    /// The ids of the live sessions.
    pub fn ids(&self) -> Vec<String> {
        lock(&self.live).sessions.keys().cloned().collect()
    }

    /// The session with this id, if it is live.
    pub fn get(&self, id: &str) -> Option<Arc<Session>> {
        lock(&self.live).sessions.get(id).cloned()
    }

    /// Attaches a client to the live session with this id.
    pub fn attach(&self, id: &str) -> Option<Attachment> {
        // Under the registry's lock, so the expiry task cannot remove it in between.
        let live = lock(&self.live);
        live.sessions.get(id).cloned().map(Attachment::new)
    }

    /// A new session with a client attached to it.
    pub async fn open(self: &Arc<Self>) -> Result<Attachment, SessionError> {
        self.create().await.map(Attachment::new)
    }

    pub fn len(&self) -> usize {
        lock(&self.live).sessions.len()
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// A new session with its own agent and browser context, in a new project when the
    /// daemon keeps projects. Until a client attaches, it is the caller's and is not expired.
    pub async fn create(self: &Arc<Self>) -> Result<Arc<Session>, SessionError> {
        let reservation = self.reserve()?;
        let id = uuid::Uuid::new_v4().to_string();
        if let Some(store) = self.store.get() {
            let (store, project) = (Arc::clone(store), id.clone());
            blocking(move || store.create_project(&project)).await?;
        }
        let session = self.build(id, None).await?;
        reservation.fill(&session);
        Ok(session)
    }

    /// Attaches a client to the project `id`: to its live session, else to a new session of
    /// it that goes on from what the project remembers.
    pub async fn open_project(self: &Arc<Self>, id: &str) -> Result<Attachment, SessionError> {
        let store = Arc::clone(self.store.get().ok_or(SessionError::NoProjects)?);
        let _opening = self.opening_project.lock().await;
        if let Some(attachment) = self.attach(id) {
            return Ok(attachment);
        }
        let kept = self.factory.agent.kept_runs;
        let reopened = {
            let (store, id) = (Arc::clone(&store), id.to_owned());
            blocking(move || match store.project(&id)? {
                Some(_) => Ok(Reopened {
                    saved: store.saved_session(&id)?.unwrap_or_default(),
                    earlier_runs: store.transcript(&id, kept)?,
                }),
                None => Err(StoreError::UnknownProject(id)),
            })
            .await?
        };
        let reservation = self.reserve()?;
        let session = self.build(id.to_owned(), Some(reopened)).await?;
        reservation.fill(&session);
        Ok(Attachment::new(session))
    }

    /// Closes the live session of project `id`, if there is one (its project is deleted).
    pub async fn close_project(&self, id: &str) {
        let session = lock(&self.live).sessions.remove(id);
        if let Some(session) = session {
            session.close().await;
        }
    }

    fn reserve(&self) -> Result<Reservation<'_>, SessionError> {
        let mut live = lock(&self.live);
        let limit = self.lifetime.max_sessions.get();
        if live.sessions.len() + live.opening >= limit {
            return Err(SessionError::TooMany { limit });
        }
        live.opening += 1;
        Ok(Reservation {
            registry: self,
            filled: false,
        })
    }

    async fn build(
        self: &Arc<Self>,
        id: String,
        reopened: Option<Reopened>,
    ) -> Result<Arc<Session>, SessionError> {
        let (restore, earlier_runs) = match reopened {
            Some(reopened) => (Some(reopened.saved), reopened.earlier_runs),
            None => (None, Vec::new()),
        };
        // The site tools write this session's folder, served at `/sites/{id}/…`.
        let server = BrowserServer::new(Arc::clone(&self.factory.host))
            .with_site(SiteStudio::new(id.clone()));
        let browser_session = Arc::clone(server.session());
        if let Some(vault) = self.logins.get() {
            super::logins::restore(vault, &id, &browser_session).await;
        }
        // With a model, the site tools' sampling requests are answered by it.
        let sampler = self
            .factory
            .planner
            .model_client()
            .map(|model| ModelSampler::new(model, id.clone()));
        let client = Arc::new(match &sampler {
            Some(sampler) => {
                let answerer: Arc<dyn tandem_mcp_browser::SamplingAnswerer> = sampler.clone();
                McpBrowserClient::in_process_with_sampling(server, answerer).await?
            }
            None => McpBrowserClient::in_process(server).await?,
        });
        let browser: Arc<dyn BrowserTools> = if self.factory.extra_tools.is_empty() {
            client.clone()
        } else {
            Arc::new(ToolHub::new(
                client.clone(),
                self.factory.extra_tools.clone(),
            ))
        };
        let mut config = self.factory.agent.clone();
        config.session_id = id.clone();
        config.confirm_expiry = self.lifetime.confirm_expiry;
        config.restore = restore;
        if let Some(sites) = self.sites_dir.get() {
            config.product_doc_path = Some(sites.join(&id).join("product-doc.json"));
        }
        let agent = Agent::spawn(
            config,
            Arc::clone(&self.factory.planner),
            browser,
            Arc::clone(&self.factory.gate),
        );
        if let Some(sampler) = &sampler {
            sampler.follow(&agent);
        }
        let store = self.store.get().cloned();
        let (outbox, _) = broadcast::channel(FANOUT_CAPACITY);
        let (changed, wake) = watch::channel(());
        // A question that cannot expire by itself is abandoned after as long as a confirmation
        // may wait.
        let abandon_after = self.lifetime.confirm_expiry;
        let session = Arc::new_cyclic(|weak: &Weak<Session>| {
            let forwarder = tokio::spawn(forward(agent.clone(), weak.clone(), abandon_after));
            Session {
                id,
                agent,
                browser: Arc::clone(&browser_session),
                outbox,
                forwarder,
                client,
                attached: Mutex::new(None),
                changed,
                closing: CancellationToken::new(),
                last_cleared: Mutex::new(None),
                unstarted: super::record::Unstarted::default(),
                last_observation: Mutex::new(None),
                store,
                logins: self.logins.get().cloned(),
                earlier_runs,
                live: super::LiveView::new(Arc::clone(&browser_session)),
                input: Mutex::default(),
            }
        });
        tokio::spawn(expire_when_idle(
            Arc::downgrade(self),
            Arc::downgrade(&session),
            wake,
            self.lifetime.idle_grace,
        ));
        Ok(session)
    }

    /// Takes the session out when it is still expirable; checked under the registry's lock, so
    /// no client can attach in between.
    fn remove_if_expirable(&self, id: &str) -> Option<Arc<Session>> {
        let mut live = lock(&self.live);
        if !live.sessions.get(id).is_some_and(|s| s.expirable()) {
            return None;
        }
        live.sessions.remove(id)
    }

    /// Denies pending confirmations, ends every run, closes every browser context.
    pub async fn shutdown(&self) {
        let sessions: Vec<Arc<Session>> =
            lock(&self.live).sessions.drain().map(|(_, s)| s).collect();
        futures::future::join_all(sessions.iter().map(|session| session.close())).await;
    }
}

/// The session's expiry task: whenever the session becomes expirable, waits the grace period
/// (restarting it at every change) and then closes the session if it still is.
async fn expire_when_idle(
    registry: Weak<SessionRegistry>,
    session: Weak<Session>,
    mut wake: watch::Receiver<()>,
    grace: Duration,
) {
    loop {
        wake.borrow_and_update();
        let Some((expirable, closing)) = session
            .upgrade()
            .map(|s| (s.expirable(), s.closing.clone()))
        else {
            return;
        };
        let grace_over = async {
            if expirable {
                tokio::time::sleep(grace).await;
            } else {
                std::future::pending::<()>().await;
            }
        };
        tokio::select! {
            () = closing.cancelled() => return,
            woken = wake.changed() => {
                if woken.is_err() {
                    return;
                }
            }
            () = grace_over => {
                let Some(registry) = registry.upgrade() else {
                    return;
                };
                let Some(session) = session.upgrade() else {
                    return;
                };
                if let Some(session) = registry.remove_if_expirable(&session.id) {
                    tracing::info!(
                        session = %session.id,
                        ?grace,
                        "closing a session left idle with no client"
                    );
                    session.close().await;
                    return;
                }
            }
        }
    }
}
