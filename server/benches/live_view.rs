//! Live view bench: one client watches a session's page over a real WebSocket while the page
//! changes (the person scrolls a long page through the input relay, 20 wheel events a second)
//! and while it stands still. Reports frames per second, bandwidth per client (the binary
//! messages as sent), frame size, and the latency from Chromium capturing a frame (its
//! `captured_ms`, wall clock) to the client receiving it (same machine, same clock).
//!
//! Run: `cargo bench -p tandem-server --bench live_view`

#![allow(clippy::expect_used, clippy::unwrap_used)] // a bench that cannot run should stop loudly

#[path = "../tests/all/support/mod.rs"]
mod support;

use std::time::{Duration, Instant, SystemTime, UNIX_EPOCH};

use support::{TestDaemon, WsClient};
use tandem_protocol::{ClientMessage, LiveFrame, ServerMessage, UserInput};
use tandem_tests::FixtureSite;
use tandem_tests::stats::{Samples, ms};
use tokio_tungstenite::tungstenite::Message;

const PHASE: Duration = Duration::from_secs(6);

struct Phase {
    frames: usize,
    bytes: usize,
    latency: Samples,
}

fn now_unix_ms() -> f64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .unwrap()
        .as_secs_f64()
        * 1_000.0
}

/// Receives frames for [`PHASE`]; when `scrolling`, sends a wheel event every 50 ms.
async fn watch(client: &mut WsClient, scrolling: bool) -> Phase {
    let mut phase = Phase {
        frames: 0,
        bytes: 0,
        latency: Samples::default(),
    };
    let end = Instant::now() + PHASE;
    let mut next_wheel = Instant::now();
    let mut down = true;
    while Instant::now() < end {
        if scrolling && Instant::now() >= next_wheel {
            next_wheel += Duration::from_millis(50);
            let delta_y = if down { 120.0 } else { -120.0 };
            client
                .send(&ClientMessage::Input {
                    events: vec![UserInput::Wheel {
                        x: 400.0,
                        y: 400.0,
                        delta_x: 0.0,
                        delta_y,
                    }],
                })
                .await;
            down = !down || rand_flip(phase.frames);
        }
        let Ok(message) =
            tokio::time::timeout(Duration::from_millis(20), client.next_message()).await
        else {
            continue;
        };
        match message.expect("the socket stays open") {
            Message::Binary(bytes) => {
                let received = now_unix_ms();
                let (frame, _) = LiveFrame::decode(&bytes).expect("a live frame");
                phase.frames += 1;
                phase.bytes += bytes.len();
                if let Some(captured) = frame.captured_ms {
                    let delay = (received - captured).max(0.0);
                    phase.latency.push(Duration::from_secs_f64(delay / 1_000.0));
                }
            }
            Message::Text(text) => {
                if let Ok(ServerMessage::Error { code, message }) = serde_json::from_str(&text) {
                    panic!("{code}: {message}");
                }
            }
            _ => {}
        }
    }
    phase
}

/// Mostly scrolls down, sometimes back up, so the page keeps changing.
fn rand_flip(seed: usize) -> bool {
    !seed.is_multiple_of(7)
}

fn report(name: &str, phase: &Phase) {
    let seconds = PHASE.as_secs_f64();
    let per_frame = phase.bytes.checked_div(phase.frames).unwrap_or(0);
    println!(
        "{name}: {:.1} frames/s, {:.0} KiB/s per client, {:.1} KiB per frame, capture→client \
         median {:.1} ms, p95 {:.1} ms ({} frames)",
        phase.frames as f64 / seconds,
        phase.bytes as f64 / 1_024.0 / seconds,
        per_frame as f64 / 1_024.0,
        if phase.latency.is_empty() {
            0.0
        } else {
            ms(phase.latency.median())
        },
        if phase.latency.is_empty() {
            0.0
        } else {
            ms(phase.latency.p95())
        },
        phase.frames,
    );
}

#[tokio::main]
async fn main() {
    let site = FixtureSite::start().await.unwrap();
    let daemon = TestDaemon::start().await;
    let mut client = daemon.client().await;
    client.next().await.unwrap();
    client
        .send(&ClientMessage::UserMessage {
            text: format!("open {}", site.url("/big.html")),
        })
        .await;
    client
        .wait_for(|f| matches!(f, ServerMessage::RunFinished { .. }))
        .await;
    client.send(&ClientMessage::Takeover { reason: None }).await;
    client
        .wait_for(|f| matches!(f, ServerMessage::Takeover { active: true }))
        .await;
    client.send(&ClientMessage::LiveView { on: true }).await;
    client.next_live_frame().await;

    let changing = watch(&mut client, true).await;
    let still = watch(&mut client, false).await;
    report("page changing (scrolled 20×/s)", &changing);
    report("page standing still", &still);
    daemon.stop().await;
}
