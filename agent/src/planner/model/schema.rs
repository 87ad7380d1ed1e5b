//! The structured-output schema: the [`Action`] schema from schemars, wrapped for strict mode.
//!
//! Strict mode (OpenAI `json_schema` with `strict: true`, also accepted by vLLM, llama.cpp and
//! LM Studio) wants an object at the root, `additionalProperties: false` and every property
//! required. So the answer is `{"action": <Action>}` (plus `"reasoning"` when the person turned
//! reasoning on); `oneOf` becomes `anyOf`, `const` becomes a one-value `enum`, optional
//! properties become required but nullable, keywords strict mode refuses (`format`, `default`,
//! bounds) are dropped, and free-form JSON (a tool's `args`) travels as a JSON-encoded string.
//! [`super::output`] undoes the last two on the way back.

use schemars::generate::SchemaSettings;
use serde_json::{Map, Value, json};

use crate::action::Action;

/// Keywords strict mode does not accept (or that add nothing for the model).
const DROPPED: [&str; 9] = [
    "$schema", "title", "format", "default", "minimum", "maximum", "examples", "minItems",
    "maxItems",
];

/// The [`Action`] schema, subschemas inlined.
pub(crate) fn action_schema() -> Value {
    let schema = SchemaSettings::draft07()
        .with(|s| s.inline_subschemas = true)
        .into_generator()
        .into_root_schema_for::<Action>();
    Value::from(schema)
}

/// The strict answer schema: `action`, and `reasoning` when asked for.
pub(crate) fn answer_schema(reasoning: bool) -> Value {
    let mut action = action_schema();
    strictify(&mut action);
    let mut properties = Map::new();
    let mut required = Vec::new();
    if reasoning {
        properties.insert(
            "reasoning".to_owned(),
            json!({
                "type": "string",
                "description": "At most three short sentences: what happened, what you do next and why.",
            }),
        );
        required.push(json!("reasoning"));
    }
    properties.insert("action".to_owned(), action);
    required.push(json!("action"));
    json!({
        "type": "object",
        "properties": properties,
        "required": required,
        "additionalProperties": false,
    })
}

/// Rewrites a schema in place for strict mode.
pub(crate) fn strictify(schema: &mut Value) {
    let Some(object) = schema.as_object_mut() else {
        return;
    };
    for key in DROPPED {
        object.remove(key);
    }
    if let Some(one_of) = object.remove("oneOf") {
        object.insert("anyOf".to_owned(), one_of);
    }
    if let Some(value) = object.remove("const") {
        object.insert("enum".to_owned(), json!([value]));
    }
    for key in ["anyOf", "allOf"] {
        if let Some(Value::Array(items)) = object.get_mut(key) {
            items.iter_mut().for_each(strictify);
        }
    }
    if let Some(items) = object.get_mut("items") {
        strictify(items);
    }
    if !matches!(object.get("properties"), Some(Value::Object(_))) {
        return;
    }
    let required: Vec<String> = match object.get("required") {
        Some(Value::Array(names)) => names
            .iter()
            .filter_map(|n| n.as_str().map(str::to_owned))
            .collect(),
        _ => Vec::new(),
    };
    let Some(Value::Object(properties)) = object.get_mut("properties") else {
        return;
    };
    for (name, property) in properties.iter_mut() {
        // Dropped keywords first: a free-form value with a `default` is still free-form.
        strictify(property);
        if is_free_form(property) {
            let description = property
                .get("description")
                .and_then(Value::as_str)
                .unwrap_or("JSON value")
                .to_owned();
            *property = json!({
                "type": "string",
                "description": format!("{description} Encoded as a JSON string, e.g. \"{{}}\"."),
            });
        }
        if !required.contains(name) {
            make_nullable(property);
        }
    }
    let all: Vec<Value> = properties.keys().map(|k| json!(k)).collect();
    object.insert("required".to_owned(), Value::Array(all));
    object.insert("additionalProperties".to_owned(), Value::Bool(false));
}

/// A schema that accepts any JSON (`true`, `{}` or only a description).
fn is_free_form(schema: &Value) -> bool {
    match schema {
        Value::Bool(true) => true,
        Value::Object(map) => map.keys().all(|k| k == "description"),
        _ => false,
    }
}

fn make_nullable(schema: &mut Value) {
    let Some(object) = schema.as_object_mut() else {
        return;
    };
    match object.get_mut("type") {
        Some(Value::String(kind)) if kind != "null" => {
            let kind = kind.clone();
            object.insert("type".to_owned(), json!([kind, "null"]));
            if let Some(Value::Array(values)) = object.get_mut("enum") {
                values.push(Value::Null);
            }
        }
        Some(Value::Array(kinds)) => {
            if !kinds.iter().any(|k| k == "null") {
                kinds.push(json!("null"));
            }
        }
        _ => {
            let inner = std::mem::take(object);
            let description = inner.get("description").cloned();
            let mut wrapped = Map::new();
            if let Some(description) = description {
                wrapped.insert("description".to_owned(), description);
            }
            wrapped.insert(
                "anyOf".to_owned(),
                json!([Value::Object(inner), { "type": "null" }]),
            );
            *object = wrapped;
        }
    }
}
