//! The browser tools, each declared once. A tool's parameter type implements [`BrowserTool`]: it
//! names the tool, describes it for a model, states what calling it does to the world (its MCP
//! annotations, [`Effect`]) and names its answer type ([`Answer`]). From that one declaration the
//! server serves the tool ([`route`]), a client calls it with
//! [`crate::McpBrowserClient::invoke`], and the agent reads the annotations from the served list.
//!
//! The bottom of the crate's MCP side: `server`, `site` and `client` use this module; it uses
//! none of them.

pub mod answer;
pub mod arguments;
pub(crate) mod route;

use rmcp::model::ToolAnnotations;
use schemars::JsonSchema;
use serde::Serialize;
use serde::de::DeserializeOwned;

pub use answer::{Answer, TabList, ToolOutput};
use arguments::Validate;

/// One MCP tool, declared on its parameter type.
pub trait BrowserTool:
    Serialize + DeserializeOwned + JsonSchema + Validate + Send + Sync + 'static
{
    /// The tool's name on the wire.
    const NAME: &'static str;
    /// What a model reads about the tool in the tool list.
    const DESCRIPTION: &'static str;
    /// What calling it does to the world, served as the tool's annotations.
    const EFFECT: Effect;
    /// What it answers.
    type Output: Answer;
}

/// What calling a tool does to the world: the MCP tool annotations `readOnlyHint`,
/// `destructiveHint`, `idempotentHint` and `openWorldHint`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Effect {
    /// It changes nothing.
    pub read_only: bool,
    /// It may destroy or overwrite something (only meaningful when it is not read-only).
    pub destructive: bool,
    /// Calling it again with the same arguments changes nothing more.
    pub idempotent: bool,
    /// It reaches the open web (pages the session opens), not only the session's own files.
    pub open_world: bool,
}

impl Effect {
    /// Reads and changes nothing; `open_world` when what it reads is a web page.
    pub const fn reads(open_world: bool) -> Effect {
        Effect {
            read_only: true,
            destructive: false,
            idempotent: true,
            open_world,
        }
    }

    /// Changes something.
    pub const fn writes(destructive: bool, idempotent: bool, open_world: bool) -> Effect {
        Effect {
            read_only: false,
            destructive,
            idempotent,
            open_world,
        }
    }

    /// What a listed tool's annotations say, with MCP's defaults for what they leave out (not
    /// read-only, destructive, not idempotent, open world): a tool that says nothing is assumed
    /// to change things.
    pub fn of_annotations(annotations: Option<&ToolAnnotations>) -> Effect {
        let hint = |pick: fn(&ToolAnnotations) -> Option<bool>, default: bool| {
            annotations.and_then(pick).unwrap_or(default)
        };
        Effect {
            read_only: hint(|a| a.read_only_hint, false),
            destructive: hint(|a| a.destructive_hint, true),
            idempotent: hint(|a| a.idempotent_hint, false),
            open_world: hint(|a| a.open_world_hint, true),
        }
    }

    /// The MCP annotations that state this effect.
    pub fn annotations(self) -> ToolAnnotations {
        ToolAnnotations::from_raw(
            None,
            Some(self.read_only),
            Some(self.destructive),
            Some(self.idempotent),
            Some(self.open_world),
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn annotations_read_back_as_the_effect_they_state() {
        for effect in [Effect::reads(true), Effect::writes(true, false, false)] {
            assert_eq!(Effect::of_annotations(Some(&effect.annotations())), effect);
        }
        assert_eq!(
            Effect::of_annotations(None),
            Effect::writes(true, false, true),
            "a tool that says nothing is taken to change things"
        );
    }
}
