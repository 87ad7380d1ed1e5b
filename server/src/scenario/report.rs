//! What a scenario run produced: pass or fail with the reasons, where the time went, and the
//! artifacts written for a failure (the run records as JSON and the last screenshot).

use std::path::{Path, PathBuf};
use std::time::Duration;

use anyhow::Context;
use tandem_agent::RunRecord;

/// Where a scenario's time went, in microseconds.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Timings {
    /// From loading the file to the last check.
    pub wall_us: u64,
    /// Inside browser calls made by the agent (observations and actions).
    pub browser_us: u64,
    /// Inside the planner.
    pub planner_us: u64,
    /// In the agent's graph outside browser and planner calls (the daemon itself).
    pub agent_us: u64,
    /// Before the first message: the session, the browser context, the start page.
    pub setup_us: u64,
    /// The scripted person's own browser steps during takeovers.
    pub person_us: u64,
    /// The final checks (they read the page, waiting up to 5 s for expected texts).
    pub checks_us: u64,
}

impl Timings {
    /// The rest: event delivery, answering questions, the gaps between nodes.
    pub fn other_us(&self) -> u64 {
        self.wall_us.saturating_sub(
            self.browser_us
                + self.planner_us
                + self.agent_us
                + self.setup_us
                + self.person_us
                + self.checks_us,
        )
    }

    /// Adds another scenario's figures.
    pub fn add(&mut self, other: &Timings) {
        self.wall_us += other.wall_us;
        self.browser_us += other.browser_us;
        self.planner_us += other.planner_us;
        self.agent_us += other.agent_us;
        self.setup_us += other.setup_us;
        self.person_us += other.person_us;
        self.checks_us += other.checks_us;
    }

    /// `browser 1.20 s, planner 0.00 s, agent 0.10 s, setup …, person …, checks …, other …`.
    pub fn breakdown(&self) -> String {
        format!(
            "browser {}, planner {}, agent {}, setup {}, person {}, checks {}, other {}",
            seconds(self.browser_us),
            seconds(self.planner_us),
            seconds(self.agent_us),
            seconds(self.setup_us),
            seconds(self.person_us),
            seconds(self.checks_us),
            seconds(self.other_us())
        )
    }

    /// `browser 61% · planner 2% · agent 4% · …` of the summed wall time.
    pub fn shares(&self) -> String {
        let share = |part: u64| {
            if self.wall_us == 0 {
                0.0
            } else {
                part as f64 * 100.0 / self.wall_us as f64
            }
        };
        format!(
            "browser {:.0}% · planner {:.0}% · agent {:.0}% · setup {:.0}% · person {:.0}% · \
             checks {:.0}% · other {:.0}%",
            share(self.browser_us),
            share(self.planner_us),
            share(self.agent_us),
            share(self.setup_us),
            share(self.person_us),
            share(self.checks_us),
            share(self.other_us())
        )
    }
}

/// `1.23 s`.
pub fn seconds(us: u64) -> String {
    format!("{:.2} s", us as f64 / 1e6)
}

/// A screenshot of the page at the end.
#[derive(Debug, Clone)]
pub struct Screenshot {
    pub mime_type: String,
    pub bytes: Vec<u8>,
}

/// The result of one scenario.
#[derive(Debug, Clone)]
pub struct ScenarioReport {
    /// The scenario's name.
    pub name: String,
    /// Its file.
    pub file: PathBuf,
    /// Why it failed; empty when it passed.
    pub failures: Vec<String>,
    /// Where the time went.
    pub timings: Timings,
    /// The records of its runs, in order.
    pub runs: Vec<RunRecord>,
    /// The page at the end (kept for failures).
    pub screenshot: Option<Screenshot>,
    /// Files written for a failure.
    pub artifacts: Vec<PathBuf>,
}

impl ScenarioReport {
    pub fn passed(&self) -> bool {
        self.failures.is_empty()
    }

    pub fn wall(&self) -> Duration {
        Duration::from_micros(self.timings.wall_us)
    }

    /// Writes the run records (`timeline.json`), the screenshot and the failure reasons
    /// (`failure.txt`) into `<out>/<name>/`.
    pub fn write_artifacts(&mut self, out: &Path) -> anyhow::Result<()> {
        let dir = out.join(file_safe(&self.name));
        std::fs::create_dir_all(&dir)
            .with_context(|| format!("creating the output folder {}", dir.display()))?;
        let timeline = dir.join("timeline.json");
        let json = serde_json::to_vec_pretty(&self.runs).context("serialising the runs")?;
        write(&timeline, &json)?;
        self.artifacts.push(timeline);
        let failure = dir.join("failure.txt");
        write(&failure, self.failures.join("\n").as_bytes())?;
        self.artifacts.push(failure);
        if let Some(shot) = &self.screenshot {
            let extension = if shot.mime_type.contains("jpeg") {
                "jpg"
            } else {
                "png"
            };
            let path = dir.join(format!("screenshot.{extension}"));
            write(&path, &shot.bytes)?;
            self.artifacts.push(path);
        }
        Ok(())
    }
}

/// Writes a file, with its path in the error.
pub fn write(path: &Path, bytes: &[u8]) -> anyhow::Result<()> {
    use std::io::Write;
    let mut file =
        std::fs::File::create(path).with_context(|| format!("cannot write {}", path.display()))?;
    file.write_all(bytes)
        .and_then(|()| file.sync_all())
        .with_context(|| format!("cannot write {}", path.display()))
}

/// The name with anything but letters, digits, `-` and `_` replaced.
pub fn file_safe(name: &str) -> String {
    let safe: String = name
        .chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() || c == '-' || c == '_' {
                c
            } else {
                '_'
            }
        })
        .collect();
    if safe.is_empty() {
        "scenario".to_owned()
    } else {
        safe
    }
}

/// The result of a suite.
#[derive(Debug, Clone, Default)]
pub struct SuiteReport {
    /// One report per file, in the order given.
    pub scenarios: Vec<ScenarioReport>,
    /// Wall time of the whole suite.
    pub wall: Duration,
    /// Parallelism used.
    pub parallel: usize,
    /// Reports or artifacts that could not be written.
    pub write_errors: Vec<String>,
}

impl SuiteReport {
    /// True when every scenario passed and every file was written.
    pub fn passed(&self) -> bool {
        self.write_errors.is_empty() && self.scenarios.iter().all(ScenarioReport::passed)
    }

    pub fn failed(&self) -> usize {
        self.scenarios.iter().filter(|s| !s.passed()).count()
    }

    /// The summed figures of every scenario.
    pub fn total(&self) -> Timings {
        let mut total = Timings::default();
        for scenario in &self.scenarios {
            total.add(&scenario.timings);
        }
        total
    }

    /// The summary printed after the progress lines.
    pub fn summary(&self) -> String {
        let mut out = String::new();
        out.push_str(&format!(
            "\n{} scenario{}: {} passed, {} failed in {:.1} s (parallel {})\n",
            self.scenarios.len(),
            if self.scenarios.len() == 1 { "" } else { "s" },
            self.scenarios.len() - self.failed(),
            self.failed(),
            self.wall.as_secs_f64(),
            self.parallel
        ));
        let total = self.total();
        out.push_str(&format!(
            "time summed over scenarios {}: {}\n  (browser/planner/agent: inside the agent's runs; agent = the daemon's own graph work)\n",
            seconds(total.wall_us),
            total.shares()
        ));
        for scenario in self.scenarios.iter().filter(|s| !s.passed()) {
            out.push_str(&format!(
                "\nFAILED {} ({})\n",
                scenario.name,
                scenario.file.display()
            ));
            for failure in &scenario.failures {
                out.push_str(&format!("  - {failure}\n"));
            }
            for artifact in &scenario.artifacts {
                out.push_str(&format!("  artifact: {}\n", artifact.display()));
            }
        }
        for error in &self.write_errors {
            out.push_str(&format!("\nerror: {error}\n"));
        }
        out
    }
}

/// One progress line: `[ 3/17] PASS name  3.10 s  (browser …)`.
pub fn progress_line(done: usize, total: usize, report: &ScenarioReport) -> String {
    let mark = if report.passed() { "PASS" } else { "FAIL" };
    let width = total.to_string().len();
    let mut line = format!(
        "[{done:>width$}/{total}] {mark} {:<34} {:>8}  ({})",
        report.name,
        seconds(report.timings.wall_us),
        report.timings.breakdown()
    );
    if let Some(first) = report.failures.first() {
        line.push_str(&format!("\n        {first}"));
    }
    line
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shares_add_up_and_names_become_file_safe() {
        let timings = Timings {
            wall_us: 1_000,
            browser_us: 500,
            planner_us: 100,
            agent_us: 100,
            setup_us: 100,
            person_us: 0,
            checks_us: 100,
        };
        assert_eq!(timings.other_us(), 100);
        assert_eq!(
            timings.shares(),
            "browser 50% · planner 10% · agent 10% · setup 10% · person 0% · checks 10% · other 10%"
        );
        assert_eq!(file_safe("a b/../c"), "a_b____c");
    }
}
