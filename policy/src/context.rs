//! The situation an action is judged in: the page the browser is on, what the user already
//! approved in this session, the user's mode, what the agent knows about the secret a `type`
//! action would type ([`SecretFacts`]), and whether the person asked for the action at all
//! (`unasked_send`).
//!
//! In: the agent's session state. Out: a borrowed [`PolicyContext`] for one `assess` call, and the
//! [`SessionApprovals`] set the agent keeps for the session's life.

use std::collections::BTreeSet;

use tandem_protocol::Mode;

use crate::request::ActionRequest;

/// The exact actions the user said "don't ask again" for, in one session. An approval only ever
/// turns a confirmation into an allow for the identical canonical action; it never lifts a
/// takeover or a deny.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct SessionApprovals {
    keys: BTreeSet<String>,
}

impl SessionApprovals {
    /// No approvals yet.
    pub const fn new() -> SessionApprovals {
        SessionApprovals {
            keys: BTreeSet::new(),
        }
    }

    /// Records that the user approved this exact action on this page for the session.
    pub fn approve(&mut self, request: &ActionRequest, current_url: Option<&str>) {
        self.keys.insert(request.canonical_key(current_url));
    }

    /// Records an approval by its canonical key (from [`ActionRequest::canonical_key`]).
    pub fn approve_key(&mut self, key: impl Into<String>) {
        self.keys.insert(key.into());
    }

    /// Whether this canonical key was approved.
    pub fn contains_key(&self, key: &str) -> bool {
        self.keys.contains(key)
    }

    /// Number of approvals.
    pub fn len(&self) -> usize {
        self.keys.len()
    }

    /// Whether there are no approvals.
    pub fn is_empty(&self) -> bool {
        self.keys.is_empty()
    }

    /// Forgets every approval (for example when the user changes mode).
    pub fn clear(&mut self) {
        self.keys.clear();
    }
}

static NO_APPROVALS: SessionApprovals = SessionApprovals::new();

/// What the agent knows about the text a `type` action would type into a secret field, which the
/// request itself cannot say. Rules test them with `secret_in_message` and `configured_secret`.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct SecretFacts {
    /// The typed text is a secret the person wrote in this run's own message.
    pub in_message: bool,
    /// A secret configured for the page's host fits the field (it is the host's only one, or the
    /// only one whose name fits the field's), or the text already names one of the host's.
    pub configured: bool,
}

/// Everything besides the action itself that a decision depends on. Cheap to build for every
/// step: it only borrows.
#[derive(Debug, Clone, Copy)]
pub struct PolicyContext<'a> {
    /// The URL of the page the browser is on, if any.
    pub current_url: Option<&'a str>,
    /// What the user approved for this session.
    pub session_approvals: &'a SessionApprovals,
    /// The user's mode.
    pub mode: Mode,
    /// What the agent knows about a secret being typed.
    pub secrets: SecretFacts,
    /// The action sends a form the person did not ask to send: the agent offers it after a
    /// message that only filled the form. Rules test it with `unasked_send`.
    pub unasked_send: bool,
}

impl<'a> PolicyContext<'a> {
    /// A context in this mode, on no page, with no approvals.
    pub fn new(mode: Mode) -> PolicyContext<'static> {
        PolicyContext {
            current_url: None,
            session_approvals: &NO_APPROVALS,
            mode,
            secrets: SecretFacts::default(),
            unasked_send: false,
        }
    }

    /// The same context on the page at `url`.
    pub fn with_current_url<'b>(self, url: &'b str) -> PolicyContext<'b>
    where
        'a: 'b,
    {
        PolicyContext {
            current_url: Some(url),
            ..self
        }
    }

    /// The same context with these session approvals.
    pub fn with_approvals<'b>(self, approvals: &'b SessionApprovals) -> PolicyContext<'b>
    where
        'a: 'b,
    {
        PolicyContext {
            session_approvals: approvals,
            ..self
        }
    }

    /// The same context with these facts about the secret being typed.
    pub fn with_secret_facts(self, secrets: SecretFacts) -> PolicyContext<'a> {
        PolicyContext { secrets, ..self }
    }

    /// The same context for an action that sends a form the person did not ask to send (the
    /// agent offers it).
    pub fn with_unasked_send(self, unasked_send: bool) -> PolicyContext<'a> {
        PolicyContext {
            unasked_send,
            ..self
        }
    }
}
