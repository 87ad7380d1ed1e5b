//! Calls into the page script (assembled from `page_script/*.js`), which is installed once per
//! document.
//!
//! The script runs in an isolated world when chromiumoxide has one for the page (page scripts
//! cannot see or tamper with it there) and in the main world otherwise. Arguments are passed as
//! JSON literals, never spliced as code; only the fixed function names below are ever called.

use chromiumoxide::Page;
use chromiumoxide::cdp::js_protocol::runtime::EvaluateParams;
use serde_json::Value;

use crate::error::{BrowserError, Result};

/// The in-page script (see `page_script/01-begin.js` for its API): the fragments in
/// `page_script/`, one concern each, concatenated in name order.
pub const PAGE_SCRIPT: &str = concat!(
    include_str!("../../page_script/01-begin.js"),
    include_str!("../../page_script/02-registry.js"),
    include_str!("../../page_script/03-common.js"),
    include_str!("../../page_script/03-slider.js"),
    include_str!("../../page_script/04-geometry.js"),
    include_str!("../../page_script/05-names.js"),
    include_str!("../../page_script/06-describe.js"),
    include_str!("../../page_script/06-icon.js"),
    include_str!("../../page_script/06-popup.js"),
    include_str!("../../page_script/07-hover-pointer.js"),
    include_str!("../../page_script/07-label-bar.js"),
    include_str!("../../page_script/07-style-rules.js"),
    include_str!("../../page_script/07-svg-parts.js"),
    include_str!("../../page_script/07-svg-peers.js"),
    include_str!("../../page_script/07-walk.js"),
    include_str!("../../page_script/08-snapshot.js"),
    include_str!("../../page_script/09-hit.js"),
    include_str!("../../page_script/09-locate.js"),
    include_str!("../../page_script/10-actions.js"),
    include_str!("../../page_script/11-search.js"),
    include_str!("../../page_script/12-hover.js"),
    include_str!("../../page_script/12-scroll.js"),
    include_str!("../../page_script/13-install.js"),
);

/// Marker returned when the script is not installed in the current document yet.
const MISSING: &str = "__tandem_missing__";

/// The fixed set of page-script functions Rust may call.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ScriptFn {
    Snapshot,
    Locate,
    ClickLanded,
    Describe,
    Focus,
    Clear,
    SelectOption,
    SetValue,
    HasText,
    Find,
    Scroll,
    HoverWatch,
    HoverChange,
}

impl ScriptFn {
    fn name(self) -> &'static str {
        match self {
            Self::Snapshot => "snapshot",
            Self::Locate => "locate",
            Self::ClickLanded => "click_landed",
            Self::Describe => "describe",
            Self::Focus => "focus",
            Self::Clear => "clear",
            Self::SelectOption => "select_option",
            Self::SetValue => "set_value",
            Self::HasText => "has_text",
            Self::Find => "find",
            Self::Scroll => "scroll",
            Self::HoverWatch => "hover_watch",
            Self::HoverChange => "hover_change",
        }
    }
}

/// Calls `window.__tandem.<function>(...args)` and returns its answer as JSON text, installing
/// the script first when the document does not have it yet. The page serialises the answer
/// itself (`JSON.stringify`, after awaiting an answer that is a promise), which is several times faster than CDP's by-value object transfer
/// for large snapshots.
pub async fn call_json(page: &Page, function: ScriptFn, args: &[Value]) -> Result<String> {
    let encoded: Vec<String> = args.iter().map(Value::to_string).collect();
    let invocation = format!(
        "(typeof window.__tandem === 'object' && window.__tandem) ? (a => (a && typeof a.then === 'function') ? a.then(JSON.stringify) : JSON.stringify(a))(window.__tandem.{}({})) : '{MISSING}'",
        function.name(),
        encoded.join(",")
    );
    let first = evaluate(page, &invocation).await?;
    if first != MISSING {
        return Ok(first);
    }
    evaluate(page, PAGE_SCRIPT).await?;
    let second = evaluate(page, &invocation).await?;
    if second == MISSING {
        return Err(BrowserError::PageScript(
            "the page script could not be installed in this document".into(),
        ));
    }
    Ok(second)
}

/// Like [`call_json`], decoded as a JSON value.
pub async fn call(page: &Page, function: ScriptFn, args: &[Value]) -> Result<Value> {
    let text = call_json(page, function, args).await?;
    serde_json::from_str(&text)
        .map_err(|e| BrowserError::PageScript(format!("{} answered: {e}", function.name())))
}

/// Starts a navigation of the page's main frame to `url` from inside the page, and returns at
/// once (it never waits for the new document). This bypasses chromiumoxide's own navigation
/// request, which waits for `load` and holds every later navigation of the tab behind one that
/// never finishes; see [`super::settle`] for how the arrival is awaited instead. `location` is
/// unforgeable, so a page script cannot redirect it. Fails where the document runs no script
/// (an error page, a PDF viewer).
pub async fn start_navigation(page: &Page, url: &str) -> Result<()> {
    evaluate(page, &format!("location.href = {}", Value::from(url))).await?;
    Ok(())
}

/// Evaluates an expression and returns its string result (empty for non-strings).
async fn evaluate(page: &Page, expression: &str) -> Result<String> {
    let mut params = EvaluateParams::builder()
        .expression(expression)
        .return_by_value(true)
        .await_promise(true)
        .silent(true);
    if let Ok(Some(context)) = page.secondary_execution_context().await {
        params = params.context_id(context);
    }
    let params = params
        .build()
        .map_err(|e| BrowserError::PageScript(e.to_string()))?;
    let response = page
        .execute(params)
        .await
        .map_err(|e| super::cdp_error("evaluate", e))?;
    if let Some(details) = &response.result.exception_details {
        let message = details
            .exception
            .as_ref()
            .and_then(|e| e.description.clone())
            .unwrap_or_else(|| details.text.clone());
        return Err(BrowserError::PageScript(message));
    }
    Ok(match response.result.result.value {
        Some(Value::String(text)) => text,
        Some(other) => other.to_string(),
        None => String::new(),
    })
}

/// The common `{ok:false, error, message}` shape of page-script failures.
#[derive(Debug, serde::Deserialize)]
pub struct ScriptFailure {
    pub error: String,
    #[serde(default)]
    pub message: Option<String>,
}

/// The message of a `{ok:false, error, message}` answer, when `json` is one.
pub fn failure_message(json: &str) -> Option<String> {
    let failure: ScriptFailure = serde_json::from_str(json).ok()?;
    Some(match failure.message {
        Some(message) => format!("{}: {message}", failure.error),
        None => failure.error,
    })
}

/// Turns a page-script answer into `Ok(value)` or the matching typed error for `eid`.
pub fn check(value: Value, eid: &str) -> Result<Value> {
    if value.get("ok").and_then(Value::as_bool) == Some(true) {
        return Ok(value);
    }
    let failure: ScriptFailure = serde_json::from_value(value.clone())
        .map_err(|_| BrowserError::PageScript(format!("unexpected answer for {eid}: {value}")))?;
    let message = failure.message.unwrap_or_default();
    Err(match failure.error.as_str() {
        "unknown" => BrowserError::UnknownEid(eid.to_owned()),
        "stale" => BrowserError::StaleEid(eid.to_owned()),
        "hidden" => BrowserError::Hidden(eid.to_owned()),
        "disabled" => BrowserError::Disabled(eid.to_owned()),
        "not_select" => BrowserError::NotSelect {
            eid: eid.to_owned(),
        },
        "no_option" => BrowserError::NoSuchOption(message),
        "bad_value" => BrowserError::InvalidArgument(message),
        "not_editable" => BrowserError::NotEditable {
            eid: eid.to_owned(),
            role: message,
        },
        other => BrowserError::PageScript(format!("{other}: {message}")),
    })
}
