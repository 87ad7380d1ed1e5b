//! Validation at agent level, on a real page in headless Chromium: a click on a disabled button,
//! typing into a button, choosing an option of a text box, checking a select and opening a URL
//! that does not parse, or calling the `click` tool instead of the click action, are each refused by `validate_action` before the policy gate sees them,
//! counted (the planner reads why), and the third in a row blocks the run. Nothing reaches the
//! page. One browser serves every case.
#![allow(clippy::expect_used, clippy::unwrap_used)] // a failed expectation is the test failing

use std::sync::{Arc, Mutex};

use async_trait::async_trait;
use tandem_agent::plan::{Plan, StepOutcome};
use tandem_agent::planner::{PlanContext, Planner};
use tandem_agent::{Action, AgentConfig, PlannerError};
use tandem_mcp_browser::server::params::NavigateParams;
use tandem_mcp_browser::snapshot::Snapshot;
use tandem_protocol::RunOutcome;
use tandem_tests::TestAgent;

/// Builds the invalid action from the page the planner sees.
type Case = fn(&Snapshot) -> Action;

/// Plans the current case's action on every call, and keeps what it was told of earlier steps.
#[derive(Default)]
struct Stubborn {
    case: Mutex<Option<Case>>,
    invalid_seen: Mutex<Vec<usize>>,
}

#[async_trait]
impl Planner for Stubborn {
    async fn plan(&self, ctx: &PlanContext<'_>) -> Result<Plan, PlannerError> {
        let invalid = ctx
            .history
            .iter()
            .filter(|step| matches!(step.outcome, StepOutcome::Invalid { .. }))
            .count();
        self.invalid_seen.lock().unwrap().push(invalid);
        let case = self.case.lock().unwrap().expect("a case is set");
        let snapshot = ctx.snapshot.expect("the form is open before the run");
        Ok(Plan::new(case(snapshot)))
    }
}

fn eid_of(snapshot: &Snapshot, role: &str, name: &str) -> tandem_mcp_browser::snapshot::Eid {
    snapshot
        .elements
        .iter()
        .find(|e| e.role == role && e.name.contains(name))
        .unwrap_or_else(|| panic!("no {role} named {name} in {:#?}", snapshot.elements))
        .eid
        .clone()
}

#[tokio::test]
async fn invalid_actions_are_refused_before_the_gate_counted_and_three_block_the_run() {
    let planner = Arc::new(Stubborn::default());
    let mut t = TestAgent::start_with(AgentConfig::default(), planner.clone())
        .await
        .unwrap();
    t.person
        .invoke(&NavigateParams {
            url: t.url("/form.html").to_string(),
        })
        .await
        .unwrap();
    let cases: [(&str, Case, &str); 6] = [
        (
            "click on a disabled button",
            |s| Action::Click {
                eid: eid_of(s, "button", "Disabled action"),
            },
            "is disabled",
        ),
        (
            "type into a button",
            |s| Action::Type {
                eid: eid_of(s, "button", "Create account"),
                text: "hello".into(),
                clear: true,
                submit: false,
            },
            "does not accept text",
        ),
        (
            "select on a text box",
            |s| Action::SelectOption {
                eid: eid_of(s, "textbox", "Full name"),
                option: "Spain".into(),
            },
            "not a select list",
        ),
        (
            "check a select",
            |s| Action::Check {
                eid: eid_of(s, "combobox", "Country"),
            },
            "cannot be checked",
        ),
        (
            "open a URL that does not parse",
            |_| Action::Navigate {
                url: "shop dot example slash cart".into(),
            },
            "is not an absolute URL",
        ),
        (
            "call a typed action's tool",
            |s| Action::Tool {
                name: "click".into(),
                args: serde_json::json!({ "eid": eid_of(s, "button", "Create account") }),
            },
            "use the `click` action",
        ),
    ];
    for (case, action, problem) in cases {
        *planner.case.lock().unwrap() = Some(action);
        planner.invalid_seen.lock().unwrap().clear();
        let run_id = t.say(case).await.unwrap();
        let (outcome, text) = t.finished().await.unwrap();
        assert_eq!(outcome, RunOutcome::Blocked, "{case}: {text}");
        assert!(text.contains(problem), "{case}: {text}");
        let run = t.agent.run(&run_id).unwrap();
        let nodes = run.nodes();
        assert!(!nodes.contains(&"policy_gate"), "{case}: {nodes:?}");
        assert!(!nodes.contains(&"execute_action"), "{case}: {nodes:?}");
        let counted: Vec<u32> = run
            .transitions
            .iter()
            .filter(|step| step.node == "validate_action")
            .map(|step| step.summary.invalid_actions)
            .collect();
        assert_eq!(counted, [1, 2, 3], "{case}");
        assert_eq!(nodes.last(), Some(&"finalize_blocked"), "{case}");
        assert_eq!(
            *planner.invalid_seen.lock().unwrap(),
            [0, 1, 2],
            "{case}: the planner is told of each refusal"
        );
    }
    t.page_shows("Not submitted").await.unwrap();
    t.shutdown().await;
}
