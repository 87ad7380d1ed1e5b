//! `fixtures/realweb/cases.json`, read as the README describes it.

use std::collections::BTreeMap;

use anyhow::Context as _;
use serde::Deserialize;

use crate::FixtureSite;

/// How the page's DOM-ready and first-input times are read (hanging pages).
#[derive(Debug, Clone, Deserialize)]
pub struct Timing {
    /// Expression over `r`: ms from navigation start to DOM ready.
    pub dcl: String,
    /// Expression over `r`: ms from navigation start to the first input after DOM ready.
    pub first_input: String,
    /// The goal for their difference.
    pub goal_ms: u64,
}

/// One case of the corpus.
#[derive(Debug, Clone, Deserialize)]
pub struct RealCase {
    pub id: String,
    /// Page under `/realweb/`; `None` for the dead-host cases.
    pub page: Option<String>,
    /// `page` (the tab opens the page first) or `blank` (the message gives the address).
    pub start: String,
    pub class: String,
    /// At least one confirmation must come (and is approved).
    pub confirm: bool,
    /// `done`, `not_done` or `failed`.
    pub ending: String,
    /// The message, placeholders not yet filled.
    pub say: String,
    /// Expression over the page's record that must hold at the end.
    pub expect: Option<String>,
    /// (`not_done`) the words a correct run cannot place.
    pub unplaced: Option<String>,
    pub timing: Option<Timing>,
    /// (`failed`) the final text must name this host.
    pub names_host: Option<String>,
    /// (`failed`) the run must end within this many ms of the message.
    pub max_ms: Option<u64>,
    /// Written after the corpus, before the planner work on its classes, and kept out of the
    /// corpus figure: the bench reports it beside.
    #[serde(default)]
    pub held_out: bool,
}

#[derive(Deserialize)]
struct Corpus {
    cases: Vec<RealCase>,
}

/// Every case of `fixtures/realweb/cases.json`.
pub fn load_cases() -> anyhow::Result<Vec<RealCase>> {
    let path = FixtureSite::root().join("realweb").join("cases.json");
    let text = std::fs::read_to_string(&path).with_context(|| format!("reading {path:?}"))?;
    let corpus: Corpus = serde_json::from_str(&text).context("parsing cases.json")?;
    Ok(corpus.cases)
}

/// The placeholders' values for one fixture server and one closed port.
pub(crate) fn placeholders(base_addr: &str, dead_addr: &str) -> BTreeMap<&'static str, String> {
    const BLACKHOLE: &str = "10.255.255.1";
    BTreeMap::from([
        ("{base}", format!("http://{base_addr}")),
        ("{host}", base_addr.to_owned()),
        ("{dead}", format!("http://{dead_addr}")),
        ("{dead_host}", dead_addr.to_owned()),
        ("{blackhole}", format!("http://{BLACKHOLE}")),
        ("{blackhole_host}", BLACKHOLE.to_owned()),
    ])
}

/// `text` with every placeholder replaced.
pub(crate) fn fill(text: &str, values: &BTreeMap<&'static str, String>) -> String {
    values.iter().fold(text.to_owned(), |text, (key, value)| {
        text.replace(key, value)
    })
}
