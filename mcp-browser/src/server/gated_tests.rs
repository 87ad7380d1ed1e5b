//! Every tool's annotations checked against the policy's verdicts on the calls it can make: a
//! tool that says it is read-only is never asked about or refused, and a tool the default policy
//! can ask about, hand over or refuse says it is destructive.

use std::sync::Arc;

use serde_json::{Value, json};
use tandem_policy::{ActionKind, ActionRequest, Effect as Verdict, PolicyGate};

use super::{Planned, plan};
use crate::gate::facts::{focused, with_element_facts};
use crate::gate::{GateSettings, McpGate};
use crate::server::BrowserServer;
use crate::snapshot::{Eid, Element, Snapshot};
use crate::{BrowserConfig, BrowserHost};

fn element(eid: &str, role: &str, name: &str, input_type: Option<&str>) -> Element {
    Element {
        eid: Eid::from(eid),
        role: role.into(),
        name: name.into(),
        tag: "input".into(),
        input_type: input_type.map(str::to_owned),
        ..Element::default()
    }
}

/// Pages with what the default policy asks about, hands over or refuses, and ordinary things.
fn sample_page() -> Snapshot {
    Snapshot {
        url: "https://shop.example/cart".into(),
        elements: vec![
            element("e1", "button", "Buy now", None),
            element("e2", "button", "Send money", None),
            element("e3", "textbox", "Password", Some("password")),
            element("e4", "checkbox", "I'm not a robot", Some("checkbox")),
            element("e5", "textbox", "Search", Some("text")),
            element("e6", "link", "Docs", None),
        ],
        ..Snapshot::default()
    }
}

/// The calls each tool can make, as sample arguments.
fn sample_calls(tool: &str) -> Vec<Value> {
    let eids = ["e1", "e2", "e3", "e4", "e5", "e6"];
    match tool {
        "click" => eids.iter().map(|eid| json!({"eid": eid})).collect(),
        "type" => eids
            .iter()
            .flat_map(|eid| {
                [
                    json!({"eid": eid, "text": "hunter2"}),
                    json!({"eid": eid, "text": "x", "submit": true}),
                ]
            })
            .collect(),
        "select_option" => eids
            .iter()
            .map(|eid| json!({"eid": eid, "option": "a"}))
            .collect(),
        "press_key" => vec![json!({"key": "Enter"}), json!({"key": "a"})],
        "navigate" | "launch" => vec![json!({"url": "https://example.org/"})],
        _ => vec![json!({})],
    }
}

#[test]
fn every_tools_annotations_agree_with_the_policys_verdicts() {
    let server = BrowserServer::new(BrowserHost::new(BrowserConfig::default()));
    let policy = Arc::new(PolicyGate::with_defaults().unwrap());
    let gate = McpGate::new(GateSettings::new(policy));
    let page = sample_page();
    let tools = server.tool_router.list_all();
    assert!(tools.len() >= 20, "browser and site tools: {}", tools.len());
    for tool in tools {
        let name = tool.name.to_string();
        let effect = server.effect_of(&name);
        let annotations = tool.annotations.as_ref().expect("annotations");
        for hint in [
            annotations.read_only_hint,
            annotations.destructive_hint,
            annotations.idempotent_hint,
            annotations.open_world_hint,
        ] {
            assert!(hint.is_some(), "{name} states every hint");
        }
        let mut strictest = Verdict::Allow;
        let mut acts_on_pages = false;
        if effect.read_only {
            // The server never judges it; the policy, asked about it all the same, allows it.
            let request = match ActionKind::from_name(&name) {
                ActionKind::Other(_) => ActionRequest::tool(name.clone(), false),
                kind => ActionRequest::new(kind),
            };
            let judged = gate.judge(&name, vec![request], Some(page.url.clone()));
            assert_eq!(
                judged.decision.effect(),
                Verdict::Allow,
                "{name}: {}",
                judged.decision
            );
            continue;
        }
        for arguments in sample_calls(&name) {
            let Value::Object(arguments) = arguments else {
                unreachable!()
            };
            let Some(planned) = plan(&name, &arguments) else {
                continue;
            };
            acts_on_pages |= !matches!(planned, Planned::Tool(_));
            let requests = match planned {
                Planned::OnPage(request) | Planned::Tool(request) => vec![request],
                Planned::OnFocused(request) => page
                    .elements
                    .iter()
                    .map(|element| {
                        let mut page = page.clone();
                        for other in &mut page.elements {
                            other.focused = other.eid == element.eid;
                        }
                        with_element_facts(request.clone(), focused(&page), Some(&page))
                    })
                    .collect(),
                Planned::OnElement(eid, requests) => {
                    let target = page.elements.iter().find(|e| e.eid.as_str() == eid);
                    requests
                        .into_iter()
                        .map(|request| with_element_facts(request, target, Some(&page)))
                        .collect()
                }
            };
            for request in requests {
                let judged = gate.judge(&name, vec![request], Some(page.url.clone()));
                strictest = strictest.max(judged.decision.effect());
            }
        }
        if strictest > Verdict::Allow {
            assert!(
                !effect.read_only && effect.destructive,
                "{name} can be asked about, handed over or refused ({strictest}): it must say \
                 it is destructive and not read-only"
            );
        }
        if acts_on_pages {
            assert!(effect.open_world, "{name} acts on web pages: open_world");
        }
    }
}
