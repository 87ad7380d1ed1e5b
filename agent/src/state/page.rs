//! [`Page`]: the page as the agent last observed it. It outlives runs (the next run starts from
//! it) but not the next observation.

use tandem_mcp_browser::snapshot::Snapshot;
use tandem_mcp_browser::{ObservedPage, Screenshot};

/// The page's part of the state.
#[derive(Debug)]
pub struct Page {
    /// The latest observation (screenshot + snapshot taken together), without its screenshot.
    pub observation: Option<ObservedPage>,
    /// The screenshot of the latest observation (moved out of it to keep one copy).
    pub screenshot: Option<Screenshot>,
    /// The next plan needs a fresh observation.
    pub needs_observe: bool,
}

impl Default for Page {
    /// No page seen yet: the first plan observes.
    fn default() -> Self {
        Self {
            observation: None,
            screenshot: None,
            needs_observe: true,
        }
    }
}

impl Page {
    /// The snapshot of the latest observation.
    pub fn snapshot(&self) -> Option<&Snapshot> {
        self.observation
            .as_ref()
            .map(|page| &page.observation.snapshot)
    }

    /// Forgets the page (the browser left it or lost it): the next plan observes afresh.
    pub fn forget(&mut self) {
        self.observation = None;
        self.needs_observe = true;
    }
}
