//! Closes the daemon starts arrive: after its close frame the daemon waits for the client's,
//! discarding what the client still sends, so even a client that floods without reading gets
//! the close code (4429, 4401, 1009) instead of a reset connection.
#![allow(clippy::expect_used, clippy::unwrap_used)] // a failed expectation is the test failing

use support::{TestDaemon, WsClient};
use tandem_protocol::{ClientMessage, CloseCode};

use crate::support;

const SET_MODE: &str = r#"{"type":"set_mode","reasoning":false}"#;

/// A valid frame padded with trailing whitespace to 8 KiB, so a flood of them is still being
/// written when the daemon closes.
fn padded_set_mode() -> String {
    format!("{SET_MODE:<8192}")
}

#[tokio::test]
async fn twenty_clients_flooding_four_hundred_frames_without_reading_each_get_4429() {
    let daemon = TestDaemon::start().await;
    let frame = padded_set_mode();
    let mut codes = Vec::new();
    for _ in 0..20 {
        let mut flood = daemon.client().await;
        flood.flood(&frame, 400).await;
        codes.push(flood.closed_with().await);
    }
    assert_eq!(codes, vec![Some(CloseCode::RateLimited.code()); 20]);
    daemon.stop().await;
}

#[tokio::test]
async fn a_wrong_token_followed_by_a_flood_still_gets_4401() {
    let daemon = TestDaemon::start().await;
    let mut client = WsClient::connect(&daemon, None).await.unwrap();
    client
        .send(&ClientMessage::Auth {
            token: "not the token".into(),
        })
        .await;
    client.flood(&padded_set_mode(), 400).await;
    assert_eq!(
        client.closed_with().await,
        Some(CloseCode::Unauthorized.code())
    );
    daemon.stop().await;
}

#[tokio::test]
async fn a_frame_over_the_limit_followed_by_more_frames_gets_1009() {
    let daemon = TestDaemon::start().await;
    let mut big = daemon.client().await;
    let text = "x".repeat(100 * 1024);
    big.flood(&format!(r#"{{"type":"user_message","text":"{text}"}}"#), 1)
        .await;
    big.flood(SET_MODE, 30).await;
    assert_eq!(big.closed_with().await, Some(CloseCode::TooBig.code()));
    daemon.stop().await;
}
