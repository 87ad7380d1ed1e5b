//! `tandem scenario FILES…`: runs scenario files (see [`crate::scenario`]) and reports to a
//! writer the binary passes in: one progress line per scenario, then the summary with the time
//! breakdown. Exit codes: 0 all passed, 1 a scenario failed, 2 a report could not be written
//! (or two scenarios share a name, or the output folder cannot be made: nothing runs then).

use std::collections::HashMap;
use std::io::Write;
use std::path::{Path, PathBuf};

use anyhow::Context;

use super::ScenarioArgs;
use crate::config::Config;
use crate::scenario::format::default_name;
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
    // Refused before anything runs: names are the artifact folders and JUnit test cases.
    if let Some(problem) = shared_name(&files) {
        let _ = writeln!(out, "{problem}");
        return Ok(2);
    }
    if let Err(error) = std::fs::create_dir_all(&args.out) {
        let _ = writeln!(
            out,
            "cannot create the output folder {}: {error}",
            args.out.display()
        );
        return Ok(2);
    }
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

/// Two files whose scenarios have one name, said as a sentence. A file that does not parse
/// is left to its run, which reports why.
fn shared_name(files: &[PathBuf]) -> Option<String> {
    let mut seen: HashMap<String, &Path> = HashMap::new();
    for file in files {
        let Ok(table) = std::fs::read_to_string(file)
            .map_err(anyhow::Error::from)
            .and_then(|text| Ok(text.parse::<toml::Table>()?))
        else {
            continue;
        };
        let name = match table.get("name").and_then(toml::Value::as_str) {
            Some(name) if !name.is_empty() => name.to_owned(),
            _ => default_name(file),
        };
        if let Some(first) = seen.insert(name.clone(), file) {
            return Some(format!(
                "two scenarios are named `{name}` ({} and {}): names must be unique, because \
                 they name the artifact folders and the JUnit test cases",
                first.display(),
                file.display()
            ));
        }
    }
    None
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
