//! Bench: one instruction-planner decision on a 2,000-element page.
//!
//! Prints the median and p95 of each scenario and PASS/FAIL against a 5 ms target (p95).
//! Run with `cargo bench -p tandem-agent --bench instruction_planner`.

use std::time::{Duration, Instant};

use tandem_agent::planner::{InstructionPlanner, PlanContext};
use tandem_mcp_browser::snapshot::{Element, Rect, SelectOption, Snapshot, Viewport};

const ELEMENTS: usize = 2_000;
const RUNS: usize = 200;
const TARGET: Duration = Duration::from_millis(5);

fn page() -> Snapshot {
    let elements = (0..ELEMENTS)
        .map(|i| {
            let (role, name, editable) = match i % 5 {
                0 | 1 => ("textbox", format!("Field {i}"), true),
                2 => ("button", format!("Action {i}"), false),
                3 => ("link", format!("Article number {i} about things"), false),
                _ => ("checkbox", format!("Option {i}"), false),
            };
            Element {
                eid: format!("e{}", i + 1).as_str().into(),
                role: role.to_owned(),
                name,
                tag: "input".to_owned(),
                editable,
                in_viewport: i < 40,
                context: Some(format!("Section {}", i / 20)),
                options: if i % 97 == 0 {
                    (0..10)
                        .map(|o| SelectOption {
                            value: format!("v{o}"),
                            label: format!("Choice {o}"),
                            selected: o == 0,
                            disabled: false,
                        })
                        .collect()
                } else {
                    Vec::new()
                },
                rect: Rect {
                    x: 0.0,
                    y: 30.0 * i as f64,
                    w: 200.0,
                    h: 24.0,
                },
                ..Element::default()
            }
        })
        .chain(std::iter::once(Element {
            eid: "e9999".into(),
            role: "button".to_owned(),
            name: "Submit".to_owned(),
            tag: "button".to_owned(),
            ..Element::default()
        }))
        .collect();
    Snapshot {
        url: "https://bench.test/".to_owned(),
        title: "Bench".to_owned(),
        viewport: Viewport {
            width: 1280.0,
            height: 800.0,
            scroll_x: 0.0,
            scroll_y: 0.0,
            page_height: 60_000.0,
        },
        elements,
        ..Snapshot::default()
    }
}

fn measure(name: &str, goal: &str, snapshot: &Snapshot, expect: &str) -> bool {
    let planner = InstructionPlanner::new();
    let ctx = PlanContext::new(goal, Some(snapshot), &[]);
    let first = planner.plan_now(&ctx).action;
    let ok_action = first.target_eid().is_some_and(|e| e.as_str() == expect);
    let mut times: Vec<Duration> = (0..RUNS)
        .map(|_| {
            let start = Instant::now();
            let plan = planner.plan_now(&ctx);
            let elapsed = start.elapsed();
            std::hint::black_box(plan);
            elapsed
        })
        .collect();
    times.sort();
    let median = times[RUNS / 2];
    let p95 = times[RUNS * 95 / 100];
    let pass = ok_action && p95 <= TARGET;
    println!(
        "{name:<34} median {:>8.3} ms  p95 {:>8.3} ms  -> {}  ({first})",
        median.as_secs_f64() * 1e3,
        p95.as_secs_f64() * 1e3,
        if pass { "PASS" } else { "FAIL" },
    );
    pass
}

fn main() {
    let snapshot = page();
    println!(
        "instruction planner, {} elements, {RUNS} runs, target p95 <= {} ms",
        snapshot.elements.len(),
        TARGET.as_millis()
    );
    let results = [
        measure(
            "type into 'Field 1500'",
            "type x into the field named 'Field 1500'",
            &snapshot,
            "e1501",
        ),
        measure(
            "click the Submit button",
            "click the Submit button",
            &snapshot,
            "e9999",
        ),
        measure(
            "check a checkbox by fuzzy name",
            "check Opton 1999",
            &snapshot,
            "e2000",
        ),
        measure(
            "select an option in any list",
            "choose Choice 7",
            &snapshot,
            "e1",
        ),
    ];
    let all = results.iter().all(|ok| *ok);
    println!("overall: {}", if all { "PASS" } else { "FAIL" });
}
