//! `tandem scenario FILES…`: runs scenario files (see [`crate::scenario`]) and reports to a
//! writer the binary passes in: one progress line per scenario, then the summary with the time
//! breakdown. Exit codes: 0 all passed, 1 a scenario failed, 2 a report could not be written.

use std::io::Write;
use std::path::{Path, PathBuf};

use anyhow::Context;

use super::ScenarioArgs;
use crate::config::Config;
use crate::scenario::{Site, SuiteOptions, run_suite};

/// The folder served as `{{site}}` when none is given.
pub const DEFAULT_SITE: &str = "tests/fixtures";

/// Runs the scenarios and returns the process exit code.
pub async fn run(config: Config, args: ScenarioArgs, out: &mut dyn Write) -> anyhow::Result<i32> {
    let files = expand(&args.files)?;
    let site = match (&args.site, &args.site_url) {
        (_, Some(url)) => Site::Url(url.clone()),
        (Some(dir), None) => Site::Dir(dir.clone()),
        (None, None) if Path::new(DEFAULT_SITE).is_dir() => Site::Dir(DEFAULT_SITE.into()),
        (None, None) => Site::None,
    };
    let options = SuiteOptions {
        config,
        site,
        parallel: args.parallel,
        out_dir: Some(args.out.clone()),
        junit: args.junit.clone(),
    };
    let suite = run_suite(&files, &options, |done, total, report| {
        let _ = writeln!(
            out,
            "{}",
            crate::scenario::report::progress_line(done, total, report)
        );
    })
    .await?;
    let _ = write!(out, "{}", suite.summary());
    let _ = out.flush();
    Ok(if !suite.write_errors.is_empty() {
        2
    } else if suite.passed() {
        0
    } else {
        1
    })
}

/// The files, with folders replaced by their `*.toml` files in name order.
pub fn expand(paths: &[PathBuf]) -> anyhow::Result<Vec<PathBuf>> {
    let mut files = Vec::new();
    for path in paths {
        if path.is_dir() {
            let mut found: Vec<PathBuf> = std::fs::read_dir(path)
                .with_context(|| format!("reading the folder {}", path.display()))?
                .filter_map(|entry| entry.ok().map(|e| e.path()))
                .filter(|p| p.extension().is_some_and(|e| e == "toml"))
                .collect();
            found.sort();
            files.extend(found);
        } else {
            files.push(path.clone());
        }
    }
    if files.is_empty() {
        anyhow::bail!("no scenario files found");
    }
    Ok(files)
}
