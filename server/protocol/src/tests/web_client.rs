//! `web-ui/static/protocol.js`, the browser's client, names the same frame types and close codes
//! as these enums.

use std::collections::BTreeMap;

use super::tag_names;
use crate::{ClientMessage, CloseCode, ServerMessage};

fn protocol_js() -> String {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../web-ui/static/protocol.js"
    );
    std::fs::read_to_string(path).unwrap_or_else(|error| panic!("{path}: {error}"))
}

/// The text between `export const {name} = Object.freeze(` and the `);` that closes it.
fn exported<'a>(js: &'a str, name: &str) -> &'a str {
    let start = format!("export const {name} = Object.freeze(");
    let from = js
        .find(&start)
        .unwrap_or_else(|| panic!("protocol.js exports no {name}"))
        + start.len();
    let length = js[from..].find(");").unwrap();
    &js[from..from + length]
}

/// The double-quoted strings of a JS array literal.
fn strings(array: &str) -> Vec<String> {
    array
        .split('"')
        .skip(1)
        .step_by(2)
        .map(str::to_owned)
        .collect()
}

#[test]
fn the_web_client_lists_every_client_and_server_frame_type() {
    let js = protocol_js();
    assert_eq!(
        strings(exported(&js, "CLIENT_FRAME_TYPES")),
        tag_names::<ClientMessage>()
    );
    assert_eq!(
        strings(exported(&js, "SERVER_FRAME_TYPES")),
        tag_names::<ServerMessage>()
    );
}

#[test]
fn the_web_client_knows_every_close_code_by_the_same_name() {
    let js = protocol_js();
    let table: BTreeMap<String, u16> = exported(&js, "CLOSE_CODES")
        .trim()
        .trim_start_matches('{')
        .trim_end_matches('}')
        .split(',')
        .filter(|entry| !entry.trim().is_empty())
        .map(|entry| {
            let (name, code) = entry.split_once(':').unwrap();
            (name.trim().to_owned(), code.trim().parse().unwrap())
        })
        .collect();
    let rust: BTreeMap<String, u16> = CloseCode::ALL
        .iter()
        .map(|close| (close.name().to_owned(), close.code()))
        .collect();
    assert_eq!(table, rust);
}

#[test]
fn the_handover_page_handles_every_frame_its_socket_sends() {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../web-ui/static/handover.js"
    );
    let js = std::fs::read_to_string(path).unwrap_or_else(|error| panic!("{path}: {error}"));
    let names = tag_names::<crate::HandoverMessage>();
    assert_eq!(names, ["handover", "handed_back"]);
    for name in names {
        assert!(
            js.contains(&format!("msg.type === \"{name}\"")),
            "handover.js does not handle `{name}` frames"
        );
    }
}
