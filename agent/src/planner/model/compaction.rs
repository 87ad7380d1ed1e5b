//! Keeping the step history small: the three context layers.
//!
//! Layer 1, recent messages: the step lines, all of them while their estimated tokens stay under
//! the threshold. Layer 2, past the threshold: the first 2 and the last 4 steps stay as lines
//! and the middle is folded into a summary (goal / progress / decisions / constraints / pages /
//! issues / next steps) written by the FAST tier. Layer 3, long-term notes, is passed through by
//! the planner.
//!
//! The planner is stateless, so the summary is a cache keyed by run id: "steps 3..k of run r
//! fold into this text". Steps that joined the middle since are sent as lines until they pass a
//! third of the threshold, then folded into the cached summary in one FAST request, so a long run
//! costs one compaction request every few steps and its history stays near the threshold.

use std::collections::HashMap;
use std::sync::{Mutex, PoisonError};

use tandem_mcp_browser::snapshot::render::estimate_tokens;

/// Steps kept verbatim at the start.
pub(crate) const KEEP_FIRST: usize = 2;
/// Steps kept verbatim at the end.
pub(crate) const KEEP_LAST: usize = 4;
/// Runs whose summaries are kept.
const CACHED_RUNS: usize = 64;

/// What the history section will hold.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Layout {
    /// Every line (under the threshold).
    Full(Vec<String>),
    /// First lines, a summary of the middle, middle lines not yet folded, last lines.
    Compacted {
        first: Vec<String>,
        summary: Option<String>,
        middle: Vec<String>,
        last: Vec<String>,
        /// Set when a summary must be (re)written before this request.
        fold: Option<Fold>,
    },
}

/// A compaction request to make.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Fold {
    /// The summary these lines are folded into.
    pub previous: Option<String>,
    /// The lines to fold.
    pub lines: Vec<String>,
    /// The new summary covers step lines `KEEP_FIRST..upto`.
    pub upto: usize,
}

#[derive(Debug, Clone)]
struct Folded {
    upto: usize,
    summary: String,
}

/// The summary cache and the threshold.
#[derive(Debug)]
pub(crate) struct Compactor {
    threshold: usize,
    cache: Mutex<HashMap<String, Folded>>,
}

impl Compactor {
    pub fn new(threshold_tokens: usize) -> Self {
        Self {
            threshold: threshold_tokens.max(1),
            cache: Mutex::new(HashMap::new()),
        }
    }

    /// The longest summary kept, in characters.
    pub fn max_summary_chars(&self) -> usize {
        (self.threshold / 2).max(60) * 4
    }

    /// How to send `lines` (the run's step lines, oldest first).
    pub fn layout(&self, run_id: Option<&str>, lines: Vec<String>) -> Layout {
        let total: usize = lines.iter().map(|l| estimate_tokens(l) + 1).sum();
        if total <= self.threshold || lines.len() <= KEEP_FIRST + KEEP_LAST {
            return Layout::Full(lines);
        }
        let mid_end = lines.len() - KEEP_LAST;
        let cached = run_id.and_then(|run| {
            self.cache
                .lock()
                .unwrap_or_else(PoisonError::into_inner)
                .get(run)
                .filter(|f| f.upto >= KEEP_FIRST && f.upto <= mid_end)
                .cloned()
        });
        let from = cached.as_ref().map_or(KEEP_FIRST, |f| f.upto);
        let pending: Vec<String> = lines[from..mid_end].to_vec();
        let pending_tokens: usize = pending.iter().map(|l| estimate_tokens(l) + 1).sum();
        let first = lines[..KEEP_FIRST].to_vec();
        let last = lines[mid_end..].to_vec();
        match cached {
            Some(folded) if pending_tokens <= self.threshold / 3 => Layout::Compacted {
                first,
                summary: Some(folded.summary),
                middle: pending,
                last,
                fold: None,
            },
            cached => Layout::Compacted {
                first,
                summary: None,
                middle: Vec::new(),
                last,
                fold: Some(Fold {
                    previous: cached.map(|f| f.summary),
                    lines: pending,
                    upto: mid_end,
                }),
            },
        }
    }

    /// Remembers the summary of `run_id` up to step line `upto`.
    pub fn store(&self, run_id: Option<&str>, upto: usize, summary: &str) {
        let Some(run) = run_id else {
            return;
        };
        let mut cache = self.cache.lock().unwrap_or_else(PoisonError::into_inner);
        if cache.len() >= CACHED_RUNS && !cache.contains_key(run) {
            cache.clear();
        }
        cache.insert(
            run.to_owned(),
            Folded {
                upto,
                summary: summary.to_owned(),
            },
        );
    }
}
