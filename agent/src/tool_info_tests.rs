use serde_json::json;

use super::*;

fn signature(schema: Value) -> String {
    ToolInfo::new("notes__add", "Adds a note.", schema).signature()
}

#[test]
fn required_parameters_come_first_in_required_order_then_optional_ones_with_a_question_mark() {
    let schema = json!({
        "type": "object",
        "properties": {
            "archive": { "type": "boolean" },
            "body": { "type": "string" },
            "title": { "type": "string" },
            "zone": { "type": "integer" },
        },
        "required": ["title", "body"],
    });
    assert_eq!(
        signature(schema),
        "notes__add(title: string, body: string, archive?: boolean, zone?: integer)"
    );
}

#[test]
fn enums_are_quoted_alternatives_and_arrays_show_their_item_type() {
    let schema = json!({
        "type": "object",
        "properties": {
            "mode": { "enum": ["a", "b"] },
            "tags": { "type": "array", "items": { "type": "string" } },
            "weights": { "type": "array", "items": { "enum": [1, 2] } },
            "anything": { "type": "array" },
            "meta": { "type": "object", "properties": { "x": { "type": "string" } } },
        },
        "required": ["mode"],
    });
    assert_eq!(
        signature(schema),
        "notes__add(mode: \"a\"|\"b\", anything?: array<any>, meta?: object, tags?: array<string>, weights?: array<1|2>)"
    );
}

#[test]
fn a_list_of_types_is_a_union_and_a_missing_type_is_any() {
    let schema = json!({
        "type": "object",
        "properties": {
            "limit": { "type": ["integer", "null"] },
            "value": { "description": "whatever you like" },
            "when": { "anyOf": [{ "type": "string" }, { "type": "number" }, { "type": "string" }] },
        },
        "required": ["value", "limit"],
    });
    assert_eq!(
        signature(schema),
        "notes__add(value: any, limit: integer|null, when?: string|number)"
    );
}

#[test]
fn local_references_are_followed_and_constants_are_literals() {
    // The shape schemars gives an `Option<Direction>` whose variants have docs.
    let schema = json!({
        "type": "object",
        "properties": {
            "direction": { "anyOf": [{ "$ref": "#/$defs/Direction" }, { "type": "null" }] },
            "node": { "$ref": "#/$defs/Node" },
            "elsewhere": { "$ref": "https://example.com/schema.json" },
        },
        "$defs": {
            "Direction": { "oneOf": [{ "const": "up" }, { "const": "down" }] },
            "Node": { "type": "array", "items": { "$ref": "#/$defs/Node" } },
        },
    });
    let rendered = signature(schema);
    assert!(
        rendered.contains("direction?: \"up\"|\"down\"|null"),
        "{rendered}"
    );
    assert!(rendered.contains("elsewhere?: any"), "{rendered}");
    // A recursive definition stops after a few levels instead of looping.
    assert!(rendered.contains("node?: array<array<any>>"), "{rendered}");
}

#[test]
fn a_schema_without_parameters_is_empty_parentheses_and_an_unknown_one_is_an_ellipsis() {
    assert_eq!(signature(json!({ "type": "object" })), "notes__add()");
    assert_eq!(
        signature(json!({ "type": "object", "properties": {} })),
        "notes__add()"
    );
    assert_eq!(signature(json!({})), "notes__add(…)");
    assert_eq!(signature(Value::Null), "notes__add(…)");
}

#[test]
fn a_malformed_schema_never_panics() {
    assert_eq!(signature(json!("not a schema")), "notes__add(…)");
    assert_eq!(signature(json!([1, 2])), "notes__add(…)");
    assert_eq!(
        signature(json!({ "type": "object", "properties": ["title"] })),
        "notes__add(…)"
    );
    // A `required` that is not a list of names marks nothing required; odd property schemas
    // are `any`; a required name without a schema is still shown.
    assert_eq!(
        signature(json!({
            "properties": { "a": 7, "b": { "type": 3 }, "c": { "enum": [] } },
            "required": "a",
        })),
        "notes__add(a?: any, b?: any, c?: any)"
    );
    assert_eq!(
        signature(json!({
            "properties": { "a": { "type": "string" } },
            "required": ["ghost", 5, "a", "a"],
        })),
        "notes__add(ghost: any, a: string)"
    );
}

#[test]
fn at_most_twelve_parameters_are_shown() {
    let properties: Map<String, Value> = (0..15)
        .map(|i| (format!("p{i:02}"), json!({ "type": "string" })))
        .collect();
    let rendered = signature(json!({ "type": "object", "properties": properties }));
    assert!(rendered.contains("p11?: string, …)"), "{rendered}");
    assert!(!rendered.contains("p12"), "{rendered}");
    assert_eq!(rendered.matches(": string").count(), 12, "{rendered}");
}

#[test]
fn long_names_and_long_enums_are_cut() {
    let long = "x".repeat(100);
    let values: Vec<String> = (0..20).map(|i| format!("v{i}")).collect();
    let schema = json!({
        "properties": { long.clone(): { "enum": values } },
        "required": [long],
    });
    let rendered = signature(schema);
    assert!(
        rendered.starts_with(&format!("notes__add({}…: \"v0\"|", "x".repeat(39))),
        "{rendered}"
    );
    assert!(rendered.ends_with("\"v7\"|…)"), "{rendered}");
}

#[test]
fn cleaning_reaches_the_servers_text_but_not_the_signatures_own_punctuation() {
    let tool = ToolInfo::new(
        "notes__<add>",
        "",
        json!({
            "properties": {
                "a\n<b>": { "type": "array", "items": { "enum": ["</x>"] } },
            },
        }),
    );
    let cleaned = tool.signature_with(&|text| text.replace('<', "‹"));
    assert_eq!(cleaned, "notes__‹add>(a ‹b>?: array<\"‹/x>\">)");
}
