//! Reading the model's answer back into an [`Action`].
//!
//! In: the answer text, which must be one JSON object and nothing else in every format the
//! planner asks for (strict schema, JSON mode, schema in the prompt). Out: the action and the
//! optional reasoning, or a one-line problem the repair request sends back. No object is cut out
//! of surrounding prose or a code fence: no provider we test needs it, and an answer that is not
//! pure JSON goes back once with the problem named.
//! Accepted shapes: `{"action": {...}, "reasoning": "..."}` and, from lenient endpoints, the
//! bare action `{"action": "click", "eid": "e3"}`. Strict-mode artefacts are undone: `null`
//! properties are dropped (so serde defaults apply) and a string `args` is parsed as JSON.

use serde_json::{Map, Value};

use crate::action::Action;
use crate::text::clip;

/// Longest reasoning kept, in characters.
const MAX_REASONING: usize = 600;

/// A parsed answer.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct Decision {
    pub action: Action,
    pub reasoning: Option<String>,
}

/// Parses an answer; `Err` holds what was wrong, for the repair request.
pub(crate) fn parse(content: &str, refusal: Option<&str>) -> Result<Decision, String> {
    let text = content.trim();
    if text.is_empty() {
        return Err(match refusal {
            Some(refusal) => format!("the model refused: {}", clip(refusal, 200)),
            None => "the answer was empty".to_owned(),
        });
    }
    let value = serde_json::from_str(text).map_err(|_| {
        format!(
            "the answer is not a JSON object: {}",
            clip(&text.replace('\n', " "), 120)
        )
    })?;
    let Value::Object(mut object) = value else {
        return Err("the answer must be a JSON object".to_owned());
    };
    let reasoning = object
        .get("reasoning")
        .and_then(Value::as_str)
        .map(|r| clip(r.trim(), MAX_REASONING))
        .filter(|r| !r.is_empty());
    let action = match object.remove("action") {
        Some(Value::Object(action)) => action,
        Some(Value::String(tag)) => {
            // A bare action: the object itself is the action.
            object.remove("reasoning");
            object.insert("action".to_owned(), Value::String(tag));
            object
        }
        Some(_) | None => {
            return Err("the answer needs an `action` object, e.g. {\"action\":{\"action\":\"click\",\"eid\":\"e3\"}}".to_owned());
        }
    };
    let action = normalize(action)?;
    let action: Action = serde_json::from_value(Value::Object(action))
        .map_err(|e| format!("the action does not match the schema: {e}"))?;
    Ok(Decision { action, reasoning })
}

/// Drops `null` properties (recursively in objects) and decodes a string `args`.
fn normalize(mut action: Map<String, Value>) -> Result<Map<String, Value>, String> {
    drop_nulls(&mut action);
    if let Some(Value::String(encoded)) = action.get("args") {
        let decoded: Value = if encoded.trim().is_empty() {
            Value::Object(Map::new())
        } else {
            serde_json::from_str(encoded)
                .map_err(|e| format!("`args` must be a JSON object encoded as a string: {e}"))?
        };
        action.insert("args".to_owned(), decoded);
    }
    Ok(action)
}

fn drop_nulls(map: &mut Map<String, Value>) {
    map.retain(|_, v| !v.is_null());
    for value in map.values_mut() {
        match value {
            Value::Object(inner) => drop_nulls(inner),
            Value::Array(items) => items.iter_mut().for_each(|item| {
                if let Value::Object(inner) = item {
                    drop_nulls(inner);
                }
            }),
            Value::Null | Value::Bool(_) | Value::Number(_) | Value::String(_) => {}
        }
    }
}
