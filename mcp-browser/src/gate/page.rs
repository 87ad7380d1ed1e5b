//! The page the client last observed: the facts (elements, form values, CAPTCHA) a judgement
//! reads, without a second snapshot on every call.
//!
//! Contract: the page is kept from an `observe` until any call that may change the page runs;
//! then it is forgotten, so a judgement never reads an element of a page that is gone (eids are
//! per page: `e4` on the next page is another element). A judgement that finds no page, or not
//! the element it needs, takes a fresh snapshot.

use std::sync::{Arc, Mutex as StdMutex, PoisonError};

use crate::browser::BrowserSession;
use crate::error::BrowserError;
use crate::snapshot::{Element, Snapshot};

/// The last observed page of one connection.
#[derive(Debug, Default)]
pub struct SeenPage {
    page: StdMutex<Option<Arc<Snapshot>>>,
}

impl SeenPage {
    /// Keeps `snapshot` as the page the client sees.
    pub fn saw(&self, snapshot: Snapshot) {
        *self.lock() = Some(Arc::new(snapshot));
    }

    /// Forgets the page: something may have changed it.
    pub fn forget(&self) {
        *self.lock() = None;
    }

    /// The page as observed, if still current, holding `eid` when one is named; else a fresh
    /// snapshot (kept for the next judgement). With the element, when the page has it.
    pub async fn facts(
        &self,
        session: &mut BrowserSession,
        eid: Option<&str>,
    ) -> Result<(Arc<Snapshot>, Option<Element>), BrowserError> {
        let kept = self.lock().clone();
        let snapshot = match kept {
            Some(page) if eid.is_none_or(|eid| find(&page, eid).is_some()) => page,
            _ => {
                let fresh = Arc::new(session.snapshot().await?);
                *self.lock() = Some(Arc::clone(&fresh));
                fresh
            }
        };
        let mut element = eid.and_then(|eid| find(&snapshot, eid)).cloned();
        if element.is_none()
            && let Some(eid) = eid
        {
            // Past the snapshot's element budget: the page describes the element itself. A bad
            // eid fails the action the same way, so it is left to the action to report.
            element = session.describe(eid).await.ok();
        }
        Ok((snapshot, element))
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, Option<Arc<Snapshot>>> {
        self.page.lock().unwrap_or_else(PoisonError::into_inner)
    }
}

fn find<'s>(snapshot: &'s Snapshot, eid: &str) -> Option<&'s Element> {
    snapshot
        .elements
        .iter()
        .find(|element| element.eid.as_str() == eid)
}
