//! Projects bench: the time to reopen a project with 200 runs in its history (what
//! `attach {project_id}` reads from the store: the project, its saved memory and the transcript
//! of its latest runs), the time to read its whole history (the `history` frame), and the
//! database size per 1 000 runs. Runs are synthetic, shaped like the test suite's real ones
//! (three observations with a 25 KB screenshot each, a dozen step frames, a record).
//!
//! Run: `cargo bench -p tandem-server --bench projects`

#![allow(clippy::expect_used, clippy::unwrap_used)] // a bench that cannot run should stop loudly

use std::time::Instant;

use tandem_agent::memory::ChatMessage;
use tandem_agent::state::SavedSession;
use tandem_agent::{RunRecord, TimelineItem};
use tandem_protocol::{Author, RunOutcome, ServerMessage, StepResult};
use tandem_server::store::{ProjectStore, SqliteStore, Write};
use tandem_tests::stats::{Samples, ms};

const SCREENSHOT_BYTES: usize = 25_000;

fn run_writes(n: usize, saved: &SavedSession) -> Vec<Vec<Write>> {
    let run_id = format!("run-{n}");
    let goal = format!("open the shop then add item {n} to the cart then check out");
    let screenshot = format!(
        "data:image/jpeg;base64,{}",
        "QUJD".repeat(SCREENSHOT_BYTES / 4)
    );
    let mut writes = vec![vec![Write::Started {
        run_id: run_id.clone(),
        goal: goal.clone(),
    }]];
    for step in 0..12 {
        let mut frames = vec![ServerMessage::Step {
            node: "execute_action".into(),
            step_id: Some(format!("{run_id}:{step}")),
            summary: format!("click e{step} \"Add item {step}\": clicked, the page changed"),
            result: StepResult::Success,
            elapsed_ms: 120,
        }];
        if step % 4 == 0 {
            frames.push(ServerMessage::Observation {
                url: format!("http://shop.test/item/{step}"),
                title: format!("Item {step}"),
                screenshot: Some(screenshot.clone()),
            });
        }
        writes.push(vec![Write::Frames {
            run_id: run_id.clone(),
            frames,
        }]);
    }
    let mut record = RunRecord::new(run_id.clone(), goal.clone());
    record.timeline.push(TimelineItem::Text {
        author: Author::User,
        text: goal,
    });
    for step in 0..12 {
        record.timeline.push(TimelineItem::Text {
            author: Author::Agent,
            text: format!("clicked e{step} \"Add item {step}\" on http://shop.test/item/{step}"),
        });
    }
    record.outcome = Some(RunOutcome::Done);
    record.final_response = Some("Done: the order is placed.".into());
    writes.push(vec![
        Write::Frames {
            run_id,
            frames: vec![ServerMessage::RunFinished {
                outcome: RunOutcome::Done,
                text: "Done: the order is placed.".into(),
            }],
        },
        Write::Finished {
            record: Box::new(record),
            saved: Box::new(saved.clone()),
        },
    ]);
    writes
}

fn saved() -> SavedSession {
    SavedSession {
        messages: (0..40)
            .map(|n| ChatMessage {
                author: if n % 2 == 0 {
                    Author::User
                } else {
                    Author::Agent
                },
                text: format!("message {n}: add item {n} to the cart, then check out"),
            })
            .collect(),
        runs: Vec::new(),
        card: Some("A shop for kitchen things. ".repeat(20)),
    }
}

fn fill(store: &SqliteStore, project: &str, runs: usize) {
    store.create_project(project).unwrap();
    let saved = saved();
    for n in 0..runs {
        for transaction in run_writes(n, &saved) {
            store.write(project, transaction).unwrap();
        }
    }
}

fn size_on_disk(dir: &std::path::Path) -> u64 {
    std::fs::read_dir(dir)
        .unwrap()
        .flatten()
        .map(|e| e.metadata().map(|m| m.len()).unwrap_or(0))
        .sum()
}

fn main() {
    let dir = tempfile::tempdir().unwrap();
    let store = SqliteStore::open(dir.path()).unwrap();
    let started = Instant::now();
    fill(&store, "p-200", 200);
    let per_write = started.elapsed().as_secs_f64() * 1000.0 / (200.0 * 14.0);
    drop(store);

    let mut reopen = Samples::default();
    let mut history = Samples::default();
    for _ in 0..20 {
        let began = Instant::now();
        let store = SqliteStore::open(dir.path()).unwrap();
        let project = store.project("p-200").unwrap().unwrap();
        let saved = store.saved_session("p-200").unwrap().unwrap();
        let shown = store.transcript("p-200", 16).unwrap();
        reopen.push(began.elapsed());
        assert_eq!((project.runs, shown.len()), (200, 16));
        assert_eq!(saved.messages.len(), 40);
        let began = Instant::now();
        let runs = store.runs("p-200").unwrap();
        history.push(began.elapsed());
        assert_eq!(runs.len(), 200);
    }

    // 1 000 runs over 10 projects of 100 (below the per-project frame cap).
    let sized = tempfile::tempdir().unwrap();
    let store = SqliteStore::open(sized.path()).unwrap();
    for project in 0..10 {
        fill(&store, &format!("p-{project}"), 100);
    }
    drop(store);
    let bytes = size_on_disk(sized.path());

    println!(
        "projects bench (synthetic runs: 3 observations x 25 KB screenshot, 12 steps, a record)"
    );
    println!("  write, one agent event (one transaction): {per_write:.2} ms mean");
    println!(
        "  reopen a project with 200 runs (open the database, project, memory, transcript of 16): median {:.1} ms, p95 {:.1} ms",
        ms(reopen.median()),
        ms(reopen.p95())
    );
    println!(
        "  read its whole history (200 runs, the `history` frame): median {:.1} ms, p95 {:.1} ms",
        ms(history.median()),
        ms(history.p95())
    );
    println!(
        "  database size per 1 000 runs: {:.1} MB ({:.1} KB a run)",
        bytes as f64 / 1e6,
        bytes as f64 / 1000.0 / 1e3
    );
}
