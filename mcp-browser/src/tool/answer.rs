//! What a tool answers, read back by a client: [`ToolOutput`] is any tool's result in its three
//! parts, and [`Answer`] turns it into the typed answer a [`super::BrowserTool`] names.
//!
//! Every answer but an observation is the result's structured content (a JSON object, as MCP
//! requires) read with serde. An observation's structured content is the compact snapshot
//! (`snapshot::wire`) without the screenshot, whose image travels once, as the image block.

use schemars::JsonSchema;
use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};
use serde_json::Value;

use crate::browser::ActionOutcome;
use crate::error::ClientError;
use crate::observation::{Observation, ObservedPage, TabInfo};
use crate::snapshot::wire;

/// A tool's answer in its three parts.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct ToolOutput {
    /// All text blocks joined by new lines.
    pub text: String,
    pub structured: Option<Value>,
    /// `(mime type, base64 data)` of each image block.
    pub images: Vec<(String, String)>,
}

/// A typed answer, read from a tool's output and written as one (by stand-in servers in tests
/// and benches, so they answer exactly what the real tools answer).
pub trait Answer: Sized + Send {
    /// Reads the answer `tool` gave.
    fn read(tool: &str, output: ToolOutput) -> Result<Self, ClientError>;
    /// The output a tool gives with this answer.
    fn write(&self) -> ToolOutput;
}

/// The structured content of `launch`, `list_tabs`, `switch_tab` and `close_tab`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct TabList {
    /// The session's tabs, in opening order.
    pub tabs: Vec<TabInfo>,
}

impl ActionOutcome {
    /// The text line of an action's result: `clicked e4 — now at https://… (Title)`.
    pub fn line(&self) -> String {
        format!("{} — now at {} ({})", self.message, self.url, self.title)
    }
}

impl Answer for ActionOutcome {
    fn read(tool: &str, output: ToolOutput) -> Result<Self, ClientError> {
        read_structured(tool, output)
    }

    fn write(&self) -> ToolOutput {
        write_structured(self, self.line())
    }
}

impl Answer for TabList {
    fn read(tool: &str, output: ToolOutput) -> Result<Self, ClientError> {
        read_structured(tool, output)
    }

    fn write(&self) -> ToolOutput {
        write_structured(self, format!("{} tab(s)", self.tabs.len()))
    }
}

/// The site tools' answers: their structured content as it is.
impl Answer for Value {
    fn read(tool: &str, output: ToolOutput) -> Result<Self, ClientError> {
        read_structured(tool, output)
    }

    fn write(&self) -> ToolOutput {
        write_structured(self, String::new())
    }
}

/// An `observe` called with `include_json` and `compact_json` (see
/// `ObserveParams::compact`).
impl Answer for ObservedPage {
    fn read(tool: &str, output: ToolOutput) -> Result<Self, ClientError> {
        let value = output
            .structured
            .ok_or_else(|| ClientError::Decode(format!("{tool} returned no snapshot")))?;
        let compact: Observation<Value> =
            serde_json::from_value(value).map_err(|e| ClientError::Decode(e.to_string()))?;
        let mut observation = compact
            .try_map_snapshot(wire::decode_value)
            .map_err(|e| ClientError::Decode(e.to_string()))?;
        if let (Some(image), Some((_, data))) = (
            observation.screenshot.as_mut(),
            output.images.into_iter().next(),
        ) {
            image.data = data;
        }
        Ok(ObservedPage {
            observation,
            text: output.text,
        })
    }

    fn write(&self) -> ToolOutput {
        let mut structured = self.observation.clone();
        let images = structured
            .screenshot
            .as_mut()
            .map(|image| (image.mime_type.clone(), std::mem::take(&mut image.data)))
            .into_iter()
            .collect();
        let compact = structured
            .try_map_snapshot(|snapshot| wire::encode(&snapshot))
            .ok()
            .and_then(|compact| serde_json::to_value(compact).ok());
        ToolOutput {
            text: self.text.clone(),
            structured: compact,
            images,
        }
    }
}

/// The structured content read as `T`.
fn read_structured<T: DeserializeOwned>(tool: &str, output: ToolOutput) -> Result<T, ClientError> {
    let value = output
        .structured
        .ok_or_else(|| ClientError::Decode(format!("`{tool}` returned no structured content")))?;
    serde_json::from_value(value).map_err(|e| ClientError::Decode(format!("{tool}: {e}")))
}

/// One line of text with `value` as structured content.
fn write_structured<T: Serialize>(value: &T, line: String) -> ToolOutput {
    ToolOutput {
        text: line,
        structured: serde_json::to_value(value).ok(),
        images: Vec::new(),
    }
}

/// A tool whose answer is read as it comes (a screenshot's image block).
impl Answer for ToolOutput {
    fn read(_tool: &str, output: ToolOutput) -> Result<Self, ClientError> {
        Ok(output)
    }

    fn write(&self) -> ToolOutput {
        self.clone()
    }
}
