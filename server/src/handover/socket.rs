//! The handover page's socket, `/handover/ws`: one person, one takeover.
//!
//! Before the upgrade: the request target, Host and Origin must name this address (403
//! otherwise). After it: the first text frame must be `auth` with the takeover's token, within
//! [`AUTH_TIMEOUT`] (else close 4401); the token is spent at once. Then the server sends
//! `{"type":"handover","card":…}` and the page as binary live frames, relays the person's
//! `input` frames to the page (rate-bounded like the chat page's), and on `hand_back` tells the
//! waiting tool call what changed, sends `{"type":"handed_back","changed":…}` and closes. A
//! withdrawn takeover (its tool call ended) closes the socket (1001).
//!
//! Contract: what the person types is relayed, never logged or stored.

use std::sync::Arc;

use axum::extract::State;
use axum::extract::ws::{CloseFrame, Message, Utf8Bytes, WebSocket, WebSocketUpgrade};
use axum::http::{HeaderMap, Uri};
use axum::response::Response;
use tandem_protocol::{ClientMessage, CloseCode, HandoverMessage, ServerMessage, UserInput};

use super::{Claimed, Handover};
use crate::security::AUTH_TIMEOUT;
use crate::session::{InputBudget, LiveView, live_frame_message};

/// Largest accepted frame (a batch of input events, a note).
const MAX_FRAME_BYTES: usize = 64 * 1024;

/// `GET /handover/ws`: checks the target, Host and Origin, then upgrades.
pub(super) async fn upgrade(
    State(handover): State<Handover>,
    target: Uri,
    headers: HeaderMap,
    ws: WebSocketUpgrade,
) -> Response {
    let access = handover.access.clone();
    let upgrade = move |socket| connection(handover, socket);
    let what = "a handover socket";
    access.admit_socket((&target, &headers), what, ws, MAX_FRAME_BYTES, upgrade)
}

async fn connection(handover: Handover, mut socket: WebSocket) {
    let Some(claimed) = authenticate(&handover, &mut socket).await else {
        close(&mut socket, Some(CloseCode::Unauthorized)).await;
        return;
    };
    let ending = run(claimed, &mut socket).await;
    close(&mut socket, ending).await;
}

/// The takeover the first frame's token opens, if any.
async fn authenticate(handover: &Handover, socket: &mut WebSocket) -> Option<Claimed> {
    let first = tokio::time::timeout(AUTH_TIMEOUT, async {
        loop {
            match socket.recv().await? {
                Ok(Message::Text(text)) => return Some(text),
                Ok(Message::Ping(_) | Message::Pong(_)) => {}
                Ok(_) | Err(_) => return None,
            }
        }
    })
    .await
    .ok()??;
    match serde_json::from_str::<ClientMessage>(&first) {
        Ok(ClientMessage::Auth { token }) => handover.desk.claim(&token),
        _ => None,
    }
}

/// How the person's time with the browser ended.
enum Ending {
    /// They pressed Hand back, with this note.
    HandedBack(Option<String>),
    /// The socket ends (closed with this code, or just gone).
    Closed(Option<CloseCode>),
}

/// Serves the person until they hand back; returns how to close.
async fn run(mut claimed: Claimed, socket: &mut WebSocket) -> Option<CloseCode> {
    let card = HandoverMessage::Handover {
        card: claimed.card.clone(),
    };
    if send_frame(socket, &card).await.is_err() {
        return None;
    }
    let live = LiveView::new(Arc::clone(&claimed.session));
    let mut watch = live.watch();
    let mut budget = InputBudget::default();
    let ending = loop {
        tokio::select! {
            () = claimed.withdrawn() => break Ending::Closed(Some(CloseCode::GoingAway)),
            changed = watch.frames.changed() => {
                if changed.is_err() {
                    break Ending::Closed(Some(CloseCode::InternalError));
                }
                let frame = watch.frames.borrow_and_update().clone();
                if let Some(frame) = frame {
                    let bytes = live_frame_message(&frame);
                    if socket.send(Message::Binary(bytes.into())).await.is_err() {
                        break Ending::Closed(None);
                    }
                }
            }
            read = socket.recv() => {
                let text = match read {
                    Some(Ok(Message::Text(text))) => text,
                    Some(Ok(Message::Ping(_) | Message::Pong(_))) => continue,
                    Some(Ok(Message::Binary(_))) => break Ending::Closed(Some(CloseCode::ProtocolError)),
                    Some(Ok(Message::Close(_)) | Err(_)) | None => break Ending::Closed(None),
                };
                let answer = match serde_json::from_str::<ClientMessage>(&text) {
                    Ok(ClientMessage::HandBack { message }) => break Ending::HandedBack(message),
                    Ok(ClientMessage::Input { events }) => relay(&claimed, &mut budget, &events).await.err(),
                    Ok(ClientMessage::LiveView { .. }) => None,
                    Ok(_) | Err(_) => Some(ServerMessage::error(
                        "bad_message",
                        "this page takes only input and hand_back frames",
                    )),
                };
                if let Some(error) = answer
                    && send_frame(socket, &error).await.is_err()
                {
                    break Ending::Closed(None);
                }
            }
        }
    };
    // The screencast stops before the page is observed again.
    drop(watch);
    live.close();
    match ending {
        Ending::HandedBack(note) => {
            let changed = claimed.hand_back(note).await;
            let _ = send_frame(socket, &HandoverMessage::HandedBack { changed }).await;
            Some(CloseCode::GoingAway)
        }
        Ending::Closed(code) => code,
    }
}

/// Relays the person's input to the page, within the input budget. The input is never logged.
async fn relay(
    claimed: &Claimed,
    budget: &mut InputBudget,
    events: &[UserInput],
) -> Result<(), ServerMessage> {
    if !budget.spend(events.len()) {
        return Err(ServerMessage::error(
            "input_rate",
            "too much input at once; slow down",
        ));
    }
    let mut browser = claimed.session.lock().await;
    for event in events {
        if let Err(error) = browser.dispatch_input(event).await {
            tracing::debug!(kind = event.kind(), code = error.code(), "input refused");
            return Err(ServerMessage::error(
                "bad_input",
                format!("that input could not be sent to the page: {error}"),
            ));
        }
    }
    Ok(())
}

async fn send_text(socket: &mut WebSocket, text: String) -> Result<(), axum::Error> {
    socket.send(Message::Text(Utf8Bytes::from(text))).await
}

/// Sends one JSON frame (a [`ServerMessage`] or a [`HandoverMessage`]).
async fn send_frame<T: serde::Serialize>(
    socket: &mut WebSocket,
    frame: &T,
) -> Result<(), axum::Error> {
    match serde_json::to_string(frame) {
        Ok(text) => send_text(socket, text).await,
        Err(_) => Ok(()),
    }
}

/// Sends the close frame with `code` (if any) and ends the socket.
async fn close(socket: &mut WebSocket, code: Option<CloseCode>) {
    if let Some(code) = code {
        let frame = CloseFrame {
            code: code.code(),
            reason: Utf8Bytes::from_static(code.reason()),
        };
        let _ = socket.send(Message::Close(Some(frame))).await;
    }
}
