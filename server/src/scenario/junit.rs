//! JUnit XML for CI: one `<testcase>` per scenario, a `<failure>` with the reasons for a failed
//! one, the time breakdown in `<system-out>`.

use tandem_mcp_browser::site::templates::escape;

use super::report::{SuiteReport, seconds};

/// The JUnit XML of a suite.
pub fn junit_xml(suite: &SuiteReport) -> String {
    let mut xml = String::from("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
    xml.push_str(&format!(
        "<testsuites tests=\"{}\" failures=\"{}\" time=\"{:.3}\">\n",
        suite.scenarios.len(),
        suite.failed(),
        suite.wall.as_secs_f64()
    ));
    xml.push_str(&format!(
        "  <testsuite name=\"tandem scenarios\" tests=\"{}\" failures=\"{}\" errors=\"0\" time=\"{:.3}\">\n",
        suite.scenarios.len(),
        suite.failed(),
        suite.wall.as_secs_f64()
    ));
    for scenario in &suite.scenarios {
        xml.push_str(&format!(
            "    <testcase classname=\"scenario\" name=\"{}\" file=\"{}\" time=\"{:.3}\">\n",
            escape(&scenario.name),
            escape(&scenario.file.display().to_string()),
            scenario.wall().as_secs_f64()
        ));
        if !scenario.passed() {
            let first = scenario.failures.first().cloned().unwrap_or_default();
            let mut details = scenario.failures.join("\n");
            for artifact in &scenario.artifacts {
                details.push_str(&format!("\nartifact: {}", artifact.display()));
            }
            xml.push_str(&format!(
                "      <failure message=\"{}\" type=\"scenario\">{}</failure>\n",
                escape(&first),
                escape(&details)
            ));
        }
        xml.push_str(&format!(
            "      <system-out>wall {} ({})</system-out>\n",
            seconds(scenario.timings.wall_us),
            escape(&scenario.timings.breakdown())
        ));
        xml.push_str("    </testcase>\n");
    }
    xml.push_str("  </testsuite>\n</testsuites>\n");
    xml
}

#[cfg(test)]
mod tests {
    use std::path::PathBuf;

    use super::*;
    use crate::scenario::report::{ScenarioReport, Timings};

    #[test]
    fn failures_are_escaped_into_the_report() {
        let report = |name: &str, failures: Vec<String>| ScenarioReport {
            name: name.into(),
            file: PathBuf::from("a.toml"),
            failures,
            timings: Timings::default(),
            runs: Vec::new(),
            screenshot: None,
            artifacts: Vec::new(),
        };
        let suite = SuiteReport {
            scenarios: vec![
                report("ok", vec![]),
                report("bad", vec!["expected <done> & got \"failed\"\u{1}".into()]),
            ],
            ..SuiteReport::default()
        };
        let xml = junit_xml(&suite);
        assert!(xml.contains("tests=\"2\" failures=\"1\""), "{xml}");
        assert!(
            xml.contains("message=\"expected &lt;done&gt; &amp; got &quot;failed&quot;\""),
            "{xml}"
        );
        assert_eq!(xml.matches("<failure").count(), 1);
    }
}
