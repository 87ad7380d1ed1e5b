//! Every model request's log line says which session, run, stage, tier, mode, reasoning setting
//! and how many actions the run had done, read from the captured log output.

use std::io::Write;
use std::sync::{Arc, Mutex};

use tandem_protocol::Mode;
use wiremock::matchers::method;
use wiremock::{Mock, MockServer, ResponseTemplate};

use super::{completion, config_for, page};
use crate::planner::model::ModelPlanner;
use crate::planner::{PlanContext, Planner};

/// A log writer that keeps everything written to it.
#[derive(Clone, Default)]
struct Captured(Arc<Mutex<Vec<u8>>>);

impl Write for Captured {
    fn write(&mut self, bytes: &[u8]) -> std::io::Result<usize> {
        self.0
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
            .extend_from_slice(bytes);
        Ok(bytes.len())
    }

    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

impl Captured {
    fn lines(&self) -> Vec<String> {
        let bytes = self
            .0
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
            .clone();
        String::from_utf8_lossy(&bytes)
            .lines()
            .map(str::to_owned)
            .collect()
    }
}

#[tokio::test]
async fn each_model_request_is_logged_with_its_session_run_stage_tier_mode_reasoning_and_actions() {
    let server = MockServer::start().await;
    // An unusable answer first, so the step makes a `plan` and a `repair` request.
    Mock::given(method("POST"))
        .respond_with(ResponseTemplate::new(200).set_body_json(completion("not json")))
        .up_to_n_times(1)
        .mount(&server)
        .await;
    Mock::given(method("POST"))
        .respond_with(ResponseTemplate::new(200).set_body_json(completion(
            r#"{"reasoning":"Done.","action":{"action":"stop","answer":"ok"}}"#,
        )))
        .mount(&server)
        .await;
    let planner = ModelPlanner::from_config(config_for(&server)).unwrap();
    let captured = Captured::default();
    let writer = captured.clone();
    let subscriber = tracing_subscriber::fmt()
        .with_writer(move || writer.clone())
        .with_ansi(false)
        .with_max_level(tracing::Level::INFO)
        .finish();
    let _guard = tracing::subscriber::set_default(subscriber);

    let snapshot = page(&[]);
    let ctx = PlanContext::new("finish", Some(&snapshot), &[])
        .with_ids(Some("session-7"), Some("run-3"))
        .with_mode(Mode::Chat)
        .with_progress(4, 0)
        .with_reasoning(true);
    planner.plan(&ctx).await.unwrap();

    let requests: Vec<String> = captured
        .lines()
        .into_iter()
        .filter(|line| line.contains("model request"))
        .collect();
    assert_eq!(requests.len(), 2, "{requests:#?}");
    for (line, stage) in requests.iter().zip(["plan", "repair"]) {
        for field in [
            "session=\"session-7\"",
            "run=\"run-3\"",
            &format!("stage=\"{stage}\""),
            "tier=\"standard\"",
            "mode=\"chat\"",
            "reasoning=true",
            "actions=4",
        ] {
            assert!(line.contains(field), "{field} missing in {line}");
        }
    }
}
