//! Scripted scenarios: a browser task, the decisions a person makes along the way and what must
//! be true at the end, described in a TOML file (`docs/scenarios.md`) and run against real
//! headless Chromium — the engine behind `tandem scenario`.
//!
//! In: scenario files and [`SuiteOptions`]. Out: a [`SuiteReport`] (one [`ScenarioReport`] per
//! file with its failures and time breakdown), JUnit XML and, for each failed scenario, its run
//! records and last screenshot in the output folder. Scenarios run in parallel, each in its own
//! session (agent + browser context) on one shared browser; the fixture site is served on
//! loopback by the suite. Nothing here prints: progress goes to the caller's callback.

pub mod assertions;
pub mod format;
pub mod human;
pub mod junit;
mod loopback;
pub mod report;
pub mod runner;
pub mod scripted_model;
pub mod site;

use std::path::PathBuf;
use std::sync::Arc;
use std::time::Instant;

use anyhow::Context;
use tandem_mcp_browser::BrowserHost;
use tandem_policy::PolicyGate;

pub use self::format::Scenario;
pub use self::report::{ScenarioReport, SuiteReport, Timings};

use self::format::Variables;
use self::runner::Shared;
use self::site::SiteServer;
use crate::config::Config;

/// Where `{{site}}` points.
#[derive(Debug, Clone, Default)]
pub enum Site {
    /// No fixture site: scenarios that use `{{site}}` fail.
    #[default]
    None,
    /// Serve this folder on a free loopback port for the suite.
    Dir(PathBuf),
    /// A site that is already running (`{{site_alias}}` is not available).
    Url(String),
}

/// How a suite runs.
#[derive(Debug, Clone)]
pub struct SuiteOptions {
    /// Browser, policy and agent settings (as for the daemon).
    pub config: Config,
    /// The fixture site.
    pub site: Site,
    /// Scenarios run at the same time (at least 1).
    pub parallel: usize,
    /// Where failed scenarios' artifacts go (created if needed).
    pub out_dir: Option<PathBuf>,
    /// Where the JUnit XML goes.
    pub junit: Option<PathBuf>,
}

impl SuiteOptions {
    /// Options with the given config, no site, parallelism 2 and no outputs.
    pub fn new(config: Config) -> Self {
        Self {
            config,
            site: Site::None,
            parallel: 2,
            out_dir: None,
            junit: None,
        }
    }
}

/// Runs every file and writes the reports. `progress` is called as each scenario ends, with the
/// number done so far. Errors only for what stops the suite from starting (the output folder, the
/// site, the policy); a report that cannot be written is listed in
/// [`SuiteReport::write_errors`].
pub async fn run_suite(
    files: &[PathBuf],
    options: &SuiteOptions,
    mut progress: impl FnMut(usize, usize, &ScenarioReport),
) -> anyhow::Result<SuiteReport> {
    let started = Instant::now();
    // Created now so a folder that cannot exist stops the suite before it runs; removed again
    // at the end if nothing failed into it (a passing suite leaves no empty folder behind).
    let created_out = options
        .out_dir
        .as_ref()
        .filter(|out| !out.exists())
        .cloned();
    if let Some(out) = &options.out_dir {
        std::fs::create_dir_all(out)
            .with_context(|| format!("cannot create the output folder {}", out.display()))?;
    }
    let gate = match &options.config.policy.file {
        Some(path) => PolicyGate::with_defaults_and_file(path)
            .with_context(|| format!("loading the policy file {}", path.display()))?,
        None => PolicyGate::with_defaults().context("loading the default policy")?,
    };
    let (site, vars) = match &options.site {
        Site::None => (None, Variables::default()),
        Site::Url(url) => (
            None,
            Variables {
                site: Some(url.trim_end_matches('/').to_owned()),
                site_alias: None,
            },
        ),
        Site::Dir(dir) => {
            let site = SiteServer::start(dir).await?;
            let vars = Variables {
                site: Some(site.base_url()),
                site_alias: Some(site.alias_url()),
            };
            (Some(site), vars)
        }
    };
    let host = BrowserHost::new(options.config.browser.clone());
    let shared = Shared {
        host: Arc::clone(&host),
        gate,
        agent: options.config.agent.agent_config(),
        vars,
    };
    let parallel = options.parallel.max(1);
    let limit = Arc::new(tokio::sync::Semaphore::new(parallel));
    let mut tasks = tokio::task::JoinSet::new();
    for (index, file) in files.iter().enumerate() {
        let (file, shared, limit) = (file.clone(), shared.clone(), Arc::clone(&limit));
        tasks.spawn(async move {
            let _permit = limit.acquire_owned().await;
            (index, runner::run_file(&file, &shared).await)
        });
    }
    let mut reports: Vec<Option<ScenarioReport>> = vec![None; files.len()];
    let mut done = 0;
    while let Some(joined) = tasks.join_next().await {
        match joined {
            Ok((index, report)) => {
                done += 1;
                progress(done, files.len(), &report);
                if let Some(slot) = reports.get_mut(index) {
                    *slot = Some(report);
                }
            }
            Err(error) => tracing::error!(%error, "a scenario task failed"),
        }
    }
    host.shutdown().await;
    drop(site);
    let mut suite = SuiteReport {
        scenarios: reports.into_iter().flatten().collect(),
        wall: started.elapsed(),
        parallel,
        write_errors: Vec::new(),
    };
    if suite.scenarios.len() != files.len() {
        suite
            .write_errors
            .push("a scenario task stopped without a report".to_owned());
    }
    write_outputs(&mut suite, options);
    if let Some(out) = created_out {
        // Fails, as it should, when a failure wrote into it.
        let _ = std::fs::remove_dir(out);
    }
    Ok(suite)
}

/// Writes the failed scenarios' artifacts and the JUnit XML; failures are recorded, not fatal.
fn write_outputs(suite: &mut SuiteReport, options: &SuiteOptions) {
    if let Some(out) = &options.out_dir {
        for scenario in suite.scenarios.iter_mut().filter(|s| !s.passed()) {
            if let Err(error) = scenario.write_artifacts(out) {
                suite.write_errors.push(format!(
                    "the artifacts of {} were not saved: {error:#}",
                    scenario.name
                ));
            }
        }
    }
    if let Some(path) = &options.junit {
        let xml = junit::junit_xml(suite);
        if let Err(error) = report::write(path, xml.as_bytes()) {
            suite
                .write_errors
                .push(format!("the JUnit report was not saved: {error:#}"));
        }
    }
}
