//! [`ProjectSummary`]: one project as the `projects` frame lists it. A project is what a session
//! works inside (its conversation, memory, Product Doc, site and run history); it outlives
//! sessions and the daemon. A session's id is its project's id.

use serde::{Deserialize, Serialize};

/// One project in the list.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct ProjectSummary {
    /// The project's id (also the id of its session while one is live).
    pub id: String,
    /// Its name: given by the person, else taken from its first message (empty before that).
    pub name: String,
    /// Unix ms of its creation and of its latest activity (a run, a rename).
    pub created_at: u64,
    pub updated_at: u64,
    /// How many runs its history holds.
    pub runs: u64,
    /// Whether it has a site (pages built by the site studio).
    pub has_site: bool,
    /// Whether it has saved logins (browser cookies or local storage) to forget.
    #[serde(default)]
    pub has_logins: bool,
    /// Whether a session of it is live in the daemon now.
    pub live: bool,
}
