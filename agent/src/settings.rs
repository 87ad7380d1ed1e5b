//! [`Settings`]: the person's settings for their agent, with one source: a `watch` channel that
//! the [`crate::AgentHandle`] writes (mode, reasoning), the agent task writes (a take-over asked
//! for during a run) and the nodes read when they need them.
//!
//! Contract: a change applies from the next node that reads it, also in a run that is going on
//! (the next policy decision uses the new mode; the next planning step hands over when a
//! take-over is asked for). Nothing else keeps a copy.

use tokio::sync::watch;

use tandem_protocol::Mode;

/// The person's settings.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Settings {
    /// Chat or agent mode.
    pub mode: Mode,
    /// Whether the planner's short "why" is shown in the chat (model planners also reason
    /// visibly).
    pub reasoning: bool,
    /// The person asked for the browser while a run executes: its next `plan_action` hands over
    /// instead of planning (and takes the request). A run that ends first leaves the browser to
    /// the person.
    pub takeover_requested: bool,
}

/// The one place the settings live. Cheap to clone: every clone is the same channel.
#[derive(Debug, Clone)]
pub(crate) struct SharedSettings(watch::Sender<Settings>);

impl SharedSettings {
    /// Settings as `Settings::default()` (agent mode, no reasoning, nothing asked).
    pub fn new() -> Self {
        Self(watch::Sender::new(Settings::default()))
    }

    /// The settings now.
    pub fn get(&self) -> Settings {
        *self.0.borrow()
    }

    /// Changes the settings with `change`.
    pub fn update(&self, change: impl FnOnce(&mut Settings)) {
        self.0.send_modify(change);
    }

    /// A reader of the settings as they change.
    pub fn watch(&self) -> watch::Receiver<Settings> {
        self.0.subscribe()
    }

    /// Takes a take-over request: true (and cleared) when one was pending.
    pub fn take_takeover_request(&self) -> bool {
        self.0
            .send_if_modified(|settings| std::mem::take(&mut settings.takeover_requested))
    }
}
