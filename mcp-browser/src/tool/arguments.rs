//! Tool arguments checked by the tools themselves.
//!
//! rmcp answers arguments it cannot deserialize with a text-only error. The served tools parse
//! their arguments with [`parse`] instead (see `route`), so a bad argument is refused the way
//! every other caller mistake is: an `isError` result with `{error: "invalid_argument",
//! message}`, and the message names the field. [`Validate`] adds the checks a JSON schema states
//! but serde does not enforce: ranges and contradictions.

use serde::de::DeserializeOwned;
use serde_json::{Map, Value};

/// Checks that deserializing cannot express.
pub trait Validate {
    /// Why these arguments cannot be acted on, naming the field, or `Ok`. By default, nothing
    /// beyond the schema is checked.
    fn validate(&self) -> Result<(), String> {
        Ok(())
    }
}

/// The parameters `P` the caller's `arguments` stand for, or why they do not, naming the field.
pub fn parse<P: DeserializeOwned + Validate>(arguments: Value) -> Result<P, String> {
    let params: P = match serde_json::from_value(arguments.clone()) {
        Ok(params) => params,
        Err(error) => return Err(explain::<P>(&arguments, &error.to_string())),
    };
    params.validate()?;
    Ok(params)
}

/// serde's message, led by the field it is about when serde does not say (`invalid type`,
/// `unknown variant`...). The field is the one whose removal changes the error: serde stops at
/// the first bad field, so without it the call either succeeds, misses that field, or trips on a
/// later one.
fn explain<P: DeserializeOwned>(arguments: &Value, message: &str) -> String {
    let Value::Object(fields) = arguments else {
        return format!("the arguments must be a JSON object: {message}");
    };
    if message.contains("field `") {
        return message.to_owned();
    }
    let culprit = fields.keys().find(|key| {
        let without: Map<String, Value> = fields
            .iter()
            .filter(|(other, _)| other != key)
            .map(|(k, v)| (k.clone(), v.clone()))
            .collect();
        match serde_json::from_value::<P>(Value::Object(without)) {
            Ok(_) => true,
            Err(error) => error.to_string() != message,
        }
    });
    match culprit {
        Some(field) => format!("`{field}`: {message}"),
        None => message.to_owned(),
    }
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use serde::Deserialize;

    use super::*;

    #[derive(Debug, Deserialize)]
    #[serde(deny_unknown_fields)]
    struct Example {
        eid: String,
        #[serde(default)]
        quality: Option<u8>,
        #[serde(default)]
        direction: Option<Direction>,
    }

    #[derive(Debug, Deserialize)]
    #[serde(rename_all = "lowercase")]
    enum Direction {
        Up,
    }

    impl Validate for Example {
        fn validate(&self) -> Result<(), String> {
            match self.quality {
                Some(0) => Err("`quality` must be 1 to 100".into()),
                _ => Ok(()),
            }
        }
    }

    fn refusal(arguments: Value) -> String {
        match parse::<Example>(arguments) {
            Ok(params) => panic!("accepted {params:?}"),
            Err(message) => message,
        }
    }

    #[test]
    fn good_arguments_pass_through() {
        let parsed = parse::<Example>(json!({ "eid": "e1" })).unwrap();
        assert_eq!(parsed.eid, "e1");
        assert_eq!(parsed.quality, None);
        assert!(parsed.direction.is_none());
    }

    #[test]
    fn every_refusal_names_the_field() {
        assert!(refusal(json!({})).contains("missing field `eid`"));
        assert!(refusal(json!({ "eid": "e1", "force": true })).contains("unknown field `force`"));
        let wrong_type = refusal(json!({ "eid": 12 }));
        assert!(wrong_type.contains("`eid`: invalid type"), "{wrong_type}");
        let too_big = refusal(json!({ "eid": "e1", "quality": 300 }));
        assert!(too_big.contains("`quality`: invalid value"), "{too_big}");
        let variant = refusal(json!({ "eid": "e1", "direction": "sideways" }));
        assert!(
            variant.contains("`direction`: unknown variant"),
            "{variant}"
        );
        let both_bad = refusal(json!({ "eid": 1, "quality": "high" }));
        assert!(both_bad.contains("`eid`: invalid type"), "{both_bad}");
        assert!(refusal(json!({ "eid": "e1", "quality": 0 })).contains("`quality` must be 1"));
    }
}
