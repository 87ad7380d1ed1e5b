//! The whole answer schema against the rules of strict structured output (OpenAI `json_schema`
//! with `strict: true`; vLLM, llama.cpp and LM Studio follow them): an object at the root, every
//! subschema typed, every object closed with all its properties required, and only the keywords
//! strict mode supports. A schema that breaks one is refused by such a provider, which would
//! push the planner into JSON mode on every request.

use serde_json::{Map, Value, json};

use super::super::schema::answer_schema;

/// The keywords strict mode accepts in a subschema.
const SUPPORTED: [&str; 8] = [
    "type",
    "description",
    "properties",
    "required",
    "additionalProperties",
    "items",
    "enum",
    "anyOf",
];

/// The types strict mode knows.
const TYPES: [&str; 7] = [
    "string", "number", "integer", "boolean", "object", "array", "null",
];

/// Every rule broken in `schema`, each with its path.
fn strict_mode_problems(schema: &Value, at: &str, problems: &mut Vec<String>) {
    let Value::Object(map) = schema else {
        problems.push(format!("{at}: a subschema must be an object, not {schema}"));
        return;
    };
    for key in map.keys() {
        if !SUPPORTED.contains(&key.as_str()) {
            problems.push(format!("{at}: unsupported keyword `{key}`"));
        }
    }
    let types: Vec<&str> = match map.get("type") {
        Some(Value::String(one)) => vec![one.as_str()],
        Some(Value::Array(many)) => many.iter().filter_map(Value::as_str).collect(),
        Some(other) => {
            problems.push(format!("{at}: `type` is {other}"));
            Vec::new()
        }
        None => Vec::new(),
    };
    for kind in &types {
        if !TYPES.contains(kind) {
            problems.push(format!("{at}: unknown type `{kind}`"));
        }
    }
    match map.get("anyOf") {
        Some(Value::Array(variants)) => {
            if !types.is_empty() {
                problems.push(format!("{at}: both `type` and `anyOf`"));
            }
            for (i, variant) in variants.iter().enumerate() {
                strict_mode_problems(variant, &format!("{at}.anyOf[{i}]"), problems);
            }
        }
        Some(other) => problems.push(format!("{at}: `anyOf` is {other}")),
        None if types.is_empty() => problems.push(format!("{at}: untyped subschema")),
        None => {}
    }
    if let Some(values) = map.get("enum") {
        match values {
            Value::Array(values) if !values.is_empty() => {}
            other => problems.push(format!("{at}: `enum` is {other}")),
        }
    }
    if types.contains(&"object") {
        closed_object_problems(map, at, problems);
    } else if map.contains_key("properties") {
        problems.push(format!("{at}: `properties` on a non-object"));
    }
    if types.contains(&"array") {
        match map.get("items") {
            Some(items) => strict_mode_problems(items, &format!("{at}.items"), problems),
            None => problems.push(format!("{at}: an array without `items`")),
        }
    }
}

fn closed_object_problems(map: &Map<String, Value>, at: &str, problems: &mut Vec<String>) {
    if map.get("additionalProperties") != Some(&json!(false)) {
        problems.push(format!("{at}: not closed (`additionalProperties: false`)"));
    }
    let Some(Value::Object(properties)) = map.get("properties") else {
        problems.push(format!("{at}: an object without `properties`"));
        return;
    };
    let required: Vec<&str> = map
        .get("required")
        .and_then(Value::as_array)
        .map(|names| names.iter().filter_map(Value::as_str).collect())
        .unwrap_or_default();
    for (name, property) in properties {
        if !required.contains(&name.as_str()) {
            problems.push(format!("{at}.{name}: not required"));
        }
        strict_mode_problems(property, &format!("{at}.{name}"), problems);
    }
    for name in required {
        if !properties.contains_key(name) {
            problems.push(format!("{at}: requires `{name}`, which it does not define"));
        }
    }
}

#[test]
fn the_whole_answer_schema_follows_strict_mode() {
    for reasoning in [false, true] {
        let schema = answer_schema(reasoning);
        assert_eq!(schema["type"], "object", "the root is an object");
        let mut problems = Vec::new();
        strict_mode_problems(&schema, "$", &mut problems);
        assert!(
            problems.is_empty(),
            "reasoning {reasoning}: {problems:#?}\n{schema:#}"
        );
    }
}

#[test]
fn a_tools_arguments_travel_as_a_json_encoded_string() {
    let schema = answer_schema(false);
    let tool = schema["properties"]["action"]["anyOf"]
        .as_array()
        .and_then(|variants| {
            variants
                .iter()
                .find(|v| v["properties"]["action"]["enum"] == json!(["tool"]))
        })
        .cloned()
        .unwrap_or_default();
    assert_eq!(
        tool["properties"]["args"]["type"],
        json!(["string", "null"]),
        "{tool:#}"
    );
}

#[test]
fn the_checker_catches_each_kind_of_break() {
    let cases = [
        (
            json!({ "type": "object", "properties": { "a": {} }, "required": ["a"], "additionalProperties": false }),
            "untyped",
        ),
        (
            json!({ "type": "object", "properties": { "a": { "type": "string" } }, "required": [], "additionalProperties": false }),
            "not required",
        ),
        (
            json!({ "type": "object", "properties": {}, "required": [] }),
            "not closed",
        ),
        (
            json!({ "type": "string", "format": "uri" }),
            "unsupported keyword `format`",
        ),
        (
            json!({ "oneOf": [{ "type": "string" }] }),
            "unsupported keyword `oneOf`",
        ),
        (json!({ "type": "array" }), "without `items`"),
    ];
    for (schema, expected) in cases {
        let mut problems = Vec::new();
        strict_mode_problems(&schema, "$", &mut problems);
        assert!(
            problems.iter().any(|p| p.contains(expected)),
            "{schema}: {problems:?}"
        );
    }
}
