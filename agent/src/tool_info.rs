//! [`ToolInfo`]: one tool as the planner is told about it — its name, its description and a
//! one-line parameter signature read from its JSON input schema — and what calling it does
//! (its [`Effect`], from the tool's MCP annotations; the policy reads it).
//!
//! In: what an MCP server lists (name, description, input schema, annotations), for the
//! browser's tools and external servers' alike. Out: [`ToolInfo::signature`], such as
//! `notes__add(title: string, tags?: array<string>, mode?: "a"|"b")`. Schemas come from other
//! programs, so rendering never fails: what it cannot read becomes `any` or `(…)`.

use serde_json::{Map, Value};
use tandem_mcp_browser::Effect;

use crate::text::{clip, one_line};

/// Parameters shown before the signature ends with `, …`.
const MAX_PARAMS: usize = 12;
/// `enum` values shown before the list ends with `|…`.
const MAX_ENUM_VALUES: usize = 8;
/// Longest parameter name or enum value shown, in characters.
const MAX_WORD_CHARS: usize = 40;
/// How many `$ref`/`anyOf`/`items` levels a type is followed (schemas may be recursive).
const MAX_DEPTH: usize = 4;

/// A tool offered to the planner.
#[derive(Debug, Clone, PartialEq)]
pub struct ToolInfo {
    /// The exact name to call it by (`<server>__<tool>` for an external server's tool).
    pub name: String,
    /// What the tool does, as its server describes it (untrusted text; may be empty).
    pub description: String,
    /// The JSON Schema of its arguments object; `{}` or `null` when unknown.
    pub input_schema: Value,
    /// What calling it does, as its annotations state (a tool that states nothing changes
    /// things).
    pub effect: Effect,
}

impl ToolInfo {
    /// A tool with the given name, description and input schema, stating no effect.
    pub fn new(
        name: impl Into<String>,
        description: impl Into<String>,
        input_schema: Value,
    ) -> Self {
        Self {
            name: name.into(),
            description: description.into(),
            input_schema,
            effect: Effect::of_annotations(None),
        }
    }

    /// The same tool with this effect.
    pub fn with_effect(mut self, effect: Effect) -> Self {
        self.effect = effect;
        self
    }

    /// The name followed by the parameters: required ones first (in `required` order), then
    /// optional ones marked `?`, at most [`MAX_PARAMS`]. `(…)` when the schema says nothing
    /// readable about the parameters, `()` when it says there are none. Always one line.
    pub fn signature(&self) -> String {
        self.signature_with(&|text| text.to_owned())
    }

    /// [`ToolInfo::signature`] with `clean` applied to every piece of the server's text in it
    /// (the tool's name, parameter names, type names, literals) but not to the signature's own
    /// punctuation, so a caller can neutralise untrusted text without breaking `array<…>`.
    pub fn signature_with(&self, clean: &dyn Fn(&str) -> String) -> String {
        let renderer = Renderer {
            root: &self.input_schema,
            clean,
        };
        format!(
            "{}({})",
            clean(&one_line(&self.name)),
            renderer.parameters()
        )
    }
}

/// Renders one schema's parameters; `root` is where local `$ref`s point.
struct Renderer<'a> {
    root: &'a Value,
    clean: &'a dyn Fn(&str) -> String,
}

impl Renderer<'_> {
    /// The inside of the signature's parentheses.
    fn parameters(&self) -> String {
        const UNKNOWN: &str = "…";
        let Some(root) = self.root.as_object() else {
            return UNKNOWN.to_owned();
        };
        let properties = match root.get("properties") {
            Some(Value::Object(properties)) => properties,
            Some(_) => return UNKNOWN.to_owned(),
            None if root.is_empty() => return UNKNOWN.to_owned(),
            None => return String::new(),
        };
        let required: Vec<&str> = root
            .get("required")
            .and_then(Value::as_array)
            .map(|names| names.iter().filter_map(Value::as_str).collect())
            .unwrap_or_default();
        let mut seen: Vec<&str> = Vec::new();
        let mut params: Vec<String> = Vec::new();
        for name in required {
            if seen.contains(&name) {
                continue;
            }
            seen.push(name);
            let kind = properties
                .get(name)
                .map_or_else(|| "any".to_owned(), |p| self.type_of(p, 0));
            params.push(format!("{}: {kind}", self.word(name)));
        }
        for (name, property) in properties {
            if seen.contains(&name.as_str()) {
                continue;
            }
            params.push(format!(
                "{}?: {}",
                self.word(name),
                self.type_of(property, 0)
            ));
        }
        if params.len() > MAX_PARAMS {
            params.truncate(MAX_PARAMS);
            params.push("…".to_owned());
        }
        params.join(", ")
    }

    /// The compact type of one property schema, e.g. `string`, `"a"|"b"`, `array<integer>`.
    fn type_of(&self, schema: &Value, depth: usize) -> String {
        const ANY: &str = "any";
        let Some(schema) = schema.as_object() else {
            return ANY.to_owned();
        };
        if depth > MAX_DEPTH {
            return ANY.to_owned();
        }
        if let Some(Value::Array(values)) = schema.get("enum")
            && !values.is_empty()
        {
            return self.literals(values.iter());
        }
        if let Some(value) = schema.get("const") {
            return self.literals(std::iter::once(value));
        }
        if let Some(reference) = schema.get("$ref").and_then(Value::as_str) {
            return self
                .resolve(reference)
                .map_or_else(|| ANY.to_owned(), |target| self.type_of(target, depth + 1));
        }
        for key in ["anyOf", "oneOf"] {
            if let Some(Value::Array(alternatives)) = schema.get(key)
                && !alternatives.is_empty()
            {
                let kinds = alternatives
                    .iter()
                    .map(|alternative| self.type_of(alternative, depth + 1));
                return union(kinds);
            }
        }
        if let Some(Value::Array(parts)) = schema.get("allOf")
            && let [only] = parts.as_slice()
        {
            return self.type_of(only, depth + 1);
        }
        match schema.get("type") {
            Some(Value::String(name)) => self.named_type(name, schema, depth),
            Some(Value::Array(names)) => union(
                names
                    .iter()
                    .filter_map(Value::as_str)
                    .map(|name| self.named_type(name, schema, depth)),
            ),
            Some(_) | None if schema.contains_key("properties") => "object".to_owned(),
            Some(_) | None if schema.contains_key("items") => {
                self.named_type("array", schema, depth)
            }
            Some(_) | None => ANY.to_owned(),
        }
    }

    /// One JSON Schema type name; arrays show their item type.
    fn named_type(&self, name: &str, schema: &Map<String, Value>, depth: usize) -> String {
        match name {
            "array" => {
                let item = schema
                    .get("items")
                    .map_or_else(|| "any".to_owned(), |items| self.type_of(items, depth + 1));
                format!("array<{item}>")
            }
            other => self.word(other),
        }
    }

    /// Literal values as JSON (`"a"|"b"|3`), at most [`MAX_ENUM_VALUES`].
    fn literals<'v>(&self, values: impl ExactSizeIterator<Item = &'v Value>) -> String {
        let more = values.len() > MAX_ENUM_VALUES;
        let mut shown: Vec<String> = values
            .take(MAX_ENUM_VALUES)
            .map(|value| self.word(&value.to_string()))
            .collect();
        if more {
            shown.push("…".to_owned());
        }
        shown.join("|")
    }

    /// A local reference (`#/$defs/Name`, `#/definitions/Name`, any `#/…` pointer) in the root.
    fn resolve(&self, reference: &str) -> Option<&Value> {
        reference
            .strip_prefix('#')
            .and_then(|pointer| self.root.pointer(pointer))
    }

    /// A name or literal from the schema: on one line, cut to [`MAX_WORD_CHARS`], cleaned.
    fn word(&self, text: &str) -> String {
        (self.clean)(&clip(&one_line(text), MAX_WORD_CHARS))
    }
}

/// Alternatives joined with `|`, each once; `any` when there are none.
fn union(kinds: impl Iterator<Item = String>) -> String {
    let mut unique: Vec<String> = Vec::new();
    for kind in kinds {
        if !unique.contains(&kind) {
            unique.push(kind);
        }
    }
    if unique.is_empty() {
        "any".to_owned()
    } else {
        unique.join("|")
    }
}

#[cfg(test)]
#[path = "tool_info_tests.rs"]
mod tests;
