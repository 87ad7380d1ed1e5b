#![allow(clippy::expect_used, clippy::unwrap_used)] // a failed expectation is the test failing

mod frames;
mod history;
mod web_client;

/// The wire names serde knows for a `type`-tagged enum, in declaration order: serde lists them
/// when it meets a tag it does not know.
fn tag_names<T: serde::de::DeserializeOwned + std::fmt::Debug>() -> Vec<String> {
    let error = serde_json::from_str::<T>(r#"{"type":"-"}"#)
        .unwrap_err()
        .to_string();
    // "expected one of `a`, `b`, `c`", or "expected `a` or `b`" for two.
    let list = error
        .split("expected ")
        .nth(1)
        .unwrap_or_else(|| panic!("no variant list in {error:?}"));
    list.split('`')
        .skip(1)
        .step_by(2)
        .map(str::to_owned)
        .collect()
}
