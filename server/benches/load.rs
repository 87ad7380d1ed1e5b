//! Load bench: 20 concurrent sessions, each with its own browser context, run a short scripted
//! task with the instruction planner over real WebSockets. Reports whether all completed, lost
//! messages, daemon memory per extra session, and the latency from an agent event to the
//! WebSocket client receiving its frame (both clocks are this process's).
//!
//! Run: `cargo bench -p tandem-server --bench load`

#![allow(clippy::expect_used, clippy::unwrap_used)] // a bench that cannot run should stop loudly

#[path = "../tests/all/support/mod.rs"]
mod support;

use std::sync::{Arc, Mutex};
use std::time::Instant;

use support::TestDaemon;
use tandem_protocol::{ClientMessage, RunOutcome, ServerMessage};
use tandem_tests::FixtureSite;
use tandem_tests::stats::Samples;

const SESSIONS: usize = 20;

fn rss_kib(pid: u32) -> u64 {
    std::fs::read_to_string(format!("/proc/{pid}/status"))
        .ok()
        .and_then(|status| {
            status
                .lines()
                .find(|l| l.starts_with("VmRSS:"))
                .and_then(|l| l.split_whitespace().nth(1).map(str::to_owned))
        })
        .and_then(|kib| kib.parse().ok())
        .unwrap_or(0)
}

/// Proportional memory (PSS, shared pages split fairly) of this process's descendants — the
/// Chromium it launched and that browser's renderers — in KiB.
fn descendants_pss_kib(root: u32) -> u64 {
    let parent_of = |pid: u32| -> Option<u32> {
        let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).ok()?;
        // The command name may contain spaces; fields after the closing parenthesis are fixed.
        let rest = stat.rsplit_once(')')?.1;
        rest.split_whitespace().nth(1)?.parse().ok()
    };
    let pss = |pid: u32| -> u64 {
        std::fs::read_to_string(format!("/proc/{pid}/smaps_rollup"))
            .ok()
            .and_then(|s| {
                s.lines()
                    .find(|l| l.starts_with("Pss:"))
                    .and_then(|l| l.split_whitespace().nth(1).and_then(|v| v.parse().ok()))
            })
            .unwrap_or(0)
    };
    let Ok(entries) = std::fs::read_dir("/proc") else {
        return 0;
    };
    let pids: Vec<u32> = entries
        .filter_map(|e| e.ok())
        .filter_map(|e| e.file_name().to_str().and_then(|n| n.parse::<u32>().ok()))
        .collect();
    let descends = |mut pid: u32| -> bool {
        for _ in 0..64 {
            match parent_of(pid) {
                Some(parent) if parent == root => return true,
                Some(parent) if parent > 1 => pid = parent,
                _ => return false,
            }
        }
        false
    };
    pids.into_iter().filter(|&pid| descends(pid)).map(pss).sum()
}

#[tokio::main(flavor = "multi_thread", worker_threads = 2)]
async fn main() {
    let site = FixtureSite::start().await.unwrap();
    let daemon = TestDaemon::start().await;
    let me = std::process::id();

    // Warm the browser with one session so the per-session figures exclude the launch.
    let mut warm = daemon.client().await;
    warm.next().await.unwrap();
    warm.send(&ClientMessage::UserMessage {
        text: format!("open {}", site.url("/links.html")),
    })
    .await;
    warm.wait_for(|f| matches!(f, ServerMessage::RunFinished { .. }))
        .await;
    let daemon_before = rss_kib(me);
    let chromium_before = descendants_pss_kib(me);

    let agent_steps: Arc<Mutex<Vec<(String, Instant)>>> = Arc::default();
    let started = Instant::now();
    let mut runs = Vec::new();
    for index in 0..SESSIONS {
        let mut client = daemon.client().await;
        let ServerMessage::Session { session_id, .. } = client.next().await.unwrap() else {
            panic!("expected the session frame")
        };
        // Record when the agent emits each step, to pair with the client's receipt.
        let session = daemon.state.sessions.get(&session_id).unwrap();
        let mut events = session.agent.subscribe();
        let log = Arc::clone(&agent_steps);
        let tag = session_id.clone();
        tokio::spawn(async move {
            while let Ok(event) = events.recv().await {
                if let tandem_agent::AgentEvent::Step { node, .. } = event {
                    log.lock()
                        .unwrap()
                        .push((format!("{tag}/{node}"), Instant::now()));
                }
            }
        });
        let goal = format!(
            "open {} then click Show details then click Open card",
            site.url("/links.html")
        );
        runs.push(tokio::spawn(async move {
            client
                .send(&ClientMessage::UserMessage { text: goal })
                .await;
            let mut received = Vec::new();
            loop {
                let frame = client.next().await.expect("frames until the run finishes");
                let now = Instant::now();
                match frame {
                    ServerMessage::Step { node, .. } => {
                        received.push((format!("{session_id}/{node}"), now));
                    }
                    ServerMessage::RunFinished { outcome, .. } => {
                        return (index, outcome, received);
                    }
                    _ => {}
                }
            }
        }));
    }
    let mut completed = 0;
    let mut latency = Samples::default();
    let mut lost = 0usize;
    let mut frames = 0usize;
    for run in runs {
        let (_, outcome, received) = run.await.unwrap();
        if outcome == RunOutcome::Done {
            completed += 1;
        }
        let emitted = agent_steps.lock().unwrap().clone();
        // Pair the n-th step of a node in a session on both sides.
        let mut seen: std::collections::HashMap<&str, usize> = std::collections::HashMap::new();
        for (key, at_client) in &received {
            frames += 1;
            let nth = seen.entry(key.as_str()).or_default();
            let at_agent = emitted
                .iter()
                .filter(|(k, _)| k == key)
                .nth(*nth)
                .map(|(_, t)| *t);
            *nth += 1;
            match at_agent {
                Some(at_agent) => latency.push(at_client.saturating_duration_since(at_agent)),
                None => lost += 1,
            }
        }
    }
    let wall = started.elapsed();
    // Every step the agents emitted should have reached its client.
    lost += agent_steps.lock().unwrap().len().saturating_sub(frames);
    let daemon_after = rss_kib(me);
    let chromium_after = descendants_pss_kib(me);

    println!(
        "tandem load bench — {SESSIONS} concurrent sessions, instruction planner, real Chromium"
    );
    println!(
        "runs completed: {completed}/{SESSIONS} in {:.2} s",
        wall.as_secs_f64()
    );
    println!("step frames received: {frames}, lost: {lost}");
    println!(
        "agent event -> WebSocket client latency: {}",
        latency.summary()
    );
    println!(
        "daemon memory per extra session: {:.0} KiB (RSS {} -> {} KiB)",
        daemon_after.saturating_sub(daemon_before) as f64 / SESSIONS as f64,
        daemon_before,
        daemon_after
    );
    println!(
        "browser memory per extra session: {:.1} MiB (PSS of the launched Chromium, {} -> {} MiB)",
        chromium_after.saturating_sub(chromium_before) as f64 / 1024.0 / SESSIONS as f64,
        chromium_before / 1024,
        chromium_after / 1024
    );
    daemon.stop().await;
}
