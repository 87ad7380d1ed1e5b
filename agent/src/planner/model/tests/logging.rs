//! Every model request's log line says which session, run, stage, tier, mode, reasoning setting
//! and how many actions the run had done, read from the captured log output.

use std::cell::RefCell;
use std::io::Write;
use std::sync::{Arc, Mutex, OnceLock};

use tandem_protocol::Mode;
use wiremock::matchers::method;
use wiremock::{Mock, MockServer, ResponseTemplate};

use super::{completion, config_for, page};
use crate::planner::model::ModelPlanner;
use crate::planner::{PlanContext, Planner};

thread_local! {
    /// The buffer this thread's log lines go to while a test captures them.
    static CAPTURE: RefCell<Option<Arc<Mutex<Vec<u8>>>>> = const { RefCell::new(None) };
}

/// Writes into the current thread's capture buffer, or nowhere when the thread captures nothing.
struct ThreadCapture;

impl Write for ThreadCapture {
    fn write(&mut self, bytes: &[u8]) -> std::io::Result<usize> {
        CAPTURE.with(|capture| {
            if let Some(buffer) = capture.borrow().as_ref() {
                buffer
                    .lock()
                    .unwrap_or_else(std::sync::PoisonError::into_inner)
                    .extend_from_slice(bytes);
            }
        });
        Ok(bytes.len())
    }

    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

/// Starts capturing this thread's INFO log lines until the returned value is dropped.
///
/// The subscriber is the process's global one, set once. A scoped subscriber (`set_default`)
/// is not enough: tracing caches each call site's interest when it is first hit, and a test on
/// another thread hitting the same call site while this one's scoped subscriber is the only one
/// registered caches "never", which silently drops this test's lines.
fn capture_logs() -> Captured {
    static INSTALLED: OnceLock<()> = OnceLock::new();
    INSTALLED.get_or_init(|| {
        let subscriber = tracing_subscriber::fmt()
            .with_writer(|| ThreadCapture)
            .with_ansi(false)
            .with_max_level(tracing::Level::INFO)
            .finish();
        // Another global subscriber in this binary would make the capture meaningless.
        tracing::subscriber::set_global_default(subscriber).expect("no other global subscriber");
        tracing::callsite::rebuild_interest_cache();
    });
    let buffer = Arc::new(Mutex::new(Vec::new()));
    CAPTURE.with(|capture| *capture.borrow_mut() = Some(buffer.clone()));
    Captured(buffer)
}

/// The lines captured on one thread; capturing stops when it is dropped.
struct Captured(Arc<Mutex<Vec<u8>>>);

impl Drop for Captured {
    fn drop(&mut self) {
        CAPTURE.with(|capture| *capture.borrow_mut() = None);
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
    let captured = capture_logs();

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
