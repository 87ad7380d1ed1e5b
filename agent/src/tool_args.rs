//! Checking a `tool` action's arguments against the tool's input schema before the call.
//!
//! In: the arguments the planner gave (already decoded from the JSON string the strict answer
//! schema carries them in) and the input schema the tool's server lists. Out: `None` when they
//! fit, else one line naming the first misfit, which `validate_action` sends back to the planner
//! as an invalid action. The check covers what a planner gets wrong — not an object, a required
//! argument missing, an argument the tool does not take (when the schema closes the object), a
//! value of the wrong type or outside an `enum` — in nested objects and arrays too. Schemas come
//! from other programs: what it cannot read (`$ref`, combinators, formats) it accepts, and the
//! server still checks the call itself.

use serde_json::{Map, Value};

/// How deep nested objects and arrays are checked (schemas may be recursive).
const MAX_DEPTH: usize = 8;

/// The first way `args` does not fit `schema`, if any. `null` arguments count as `{}`.
pub fn argument_problem(schema: &Value, args: &Value) -> Option<String> {
    let empty = Value::Object(Map::new());
    let args = if args.is_null() { &empty } else { args };
    if !args.is_object() {
        return Some(format!(
            "`args` must be a JSON object, not {}",
            json_type(args)
        ));
    }
    problem_at(schema, args, "args", 0)
}

fn problem_at(schema: &Value, value: &Value, at: &str, depth: usize) -> Option<String> {
    let Value::Object(schema) = schema else {
        return None;
    };
    if depth > MAX_DEPTH {
        return None;
    }
    if let Some(problem) = type_problem(schema, value, at) {
        return Some(problem);
    }
    if let Some(Value::Array(allowed)) = schema.get("enum")
        && !allowed.contains(value)
    {
        let allowed: Vec<String> = allowed.iter().map(Value::to_string).collect();
        return Some(format!(
            "`{at}` is {value}, not one of {}",
            allowed.join(", ")
        ));
    }
    match value {
        Value::Object(object) => object_problem(schema, object, at, depth),
        Value::Array(items) => {
            let item_schema = schema.get("items")?;
            items.iter().enumerate().find_map(|(i, item)| {
                problem_at(item_schema, item, &format!("{at}[{i}]"), depth + 1)
            })
        }
        Value::Null | Value::Bool(_) | Value::Number(_) | Value::String(_) => None,
    }
}

fn object_problem(
    schema: &Map<String, Value>,
    object: &Map<String, Value>,
    at: &str,
    depth: usize,
) -> Option<String> {
    let empty = Map::new();
    let properties = match schema.get("properties") {
        Some(Value::Object(properties)) => properties,
        _ => &empty,
    };
    if let Some(Value::Array(required)) = schema.get("required")
        && let Some(missing) = required
            .iter()
            .filter_map(Value::as_str)
            .find(|name| !object.contains_key(*name))
    {
        return Some(format!("`{at}` lacks the required `{missing}`"));
    }
    if schema.get("additionalProperties") == Some(&Value::Bool(false))
        && let Some(unknown) = object.keys().find(|key| !properties.contains_key(*key))
    {
        let known: Vec<&str> = properties.keys().map(String::as_str).collect();
        return Some(format!(
            "`{at}` has `{unknown}`, which the tool does not take (it takes: {})",
            known.join(", ")
        ));
    }
    object.iter().find_map(|(name, value)| {
        let property = properties.get(name)?;
        problem_at(property, value, &format!("{at}.{name}"), depth + 1)
    })
}

/// A misfit of the schema's `type` (one type or a list), if it names any.
fn type_problem(schema: &Map<String, Value>, value: &Value, at: &str) -> Option<String> {
    let wanted: Vec<&str> = match schema.get("type")? {
        Value::String(one) => vec![one.as_str()],
        Value::Array(many) => many.iter().filter_map(Value::as_str).collect(),
        _ => return None,
    };
    if wanted.is_empty() || wanted.iter().any(|kind| fits(kind, value)) {
        return None;
    }
    Some(format!(
        "`{at}` must be {}, not {}",
        wanted.join(" or "),
        json_type(value)
    ))
}

fn fits(kind: &str, value: &Value) -> bool {
    match kind {
        "object" => value.is_object(),
        "array" => value.is_array(),
        "string" => value.is_string(),
        "boolean" => value.is_boolean(),
        "null" => value.is_null(),
        "number" => value.is_number(),
        "integer" => value.is_i64() || value.is_u64(),
        // A type this check does not know is not held against the value.
        _ => true,
    }
}

fn json_type(value: &Value) -> &'static str {
    match value {
        Value::Null => "null",
        Value::Bool(_) => "a boolean",
        Value::Number(_) => "a number",
        Value::String(_) => "a string",
        Value::Array(_) => "an array",
        Value::Object(_) => "an object",
    }
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::argument_problem;

    fn schema() -> serde_json::Value {
        json!({
            "type": "object",
            "properties": {
                "path": { "type": "string" },
                "width": { "type": "integer" },
                "mode": { "type": "string", "enum": ["draft", "final"] },
                "tags": { "type": "array", "items": { "type": "string" } },
            },
            "required": ["path"],
            "additionalProperties": false,
        })
    }

    #[test]
    fn arguments_that_fit_pass_and_each_misfit_is_named() {
        let fitting = json!({ "path": "index.html", "width": 3, "tags": ["a"], "mode": "final" });
        assert_eq!(argument_problem(&schema(), &fitting), None);
        let cases = [
            (json!("index.html"), "must be a JSON object, not a string"),
            (json!({}), "lacks the required `path`"),
            (json!({ "path": "a", "force": true }), "has `force`"),
            (
                json!({ "path": 7 }),
                "`args.path` must be string, not a number",
            ),
            (json!({ "path": "a", "width": 2.5 }), "must be integer"),
            (json!({ "path": "a", "mode": "wip" }), "not one of"),
            (
                json!({ "path": "a", "tags": [1] }),
                "`args.tags[0]` must be string",
            ),
        ];
        for (args, expected) in cases {
            let problem = argument_problem(&schema(), &args).unwrap_or_default();
            assert!(problem.contains(expected), "{args}: {problem}");
        }
    }

    #[test]
    fn what_the_check_cannot_read_is_accepted() {
        assert_eq!(argument_problem(&json!({}), &json!({ "x": 1 })), None);
        assert_eq!(argument_problem(&json!(null), &json!(null)), None);
        let referenced = json!({ "type": "object", "properties": { "a": { "$ref": "#/x" } } });
        assert_eq!(argument_problem(&referenced, &json!({ "a": 1 })), None);
    }
}
