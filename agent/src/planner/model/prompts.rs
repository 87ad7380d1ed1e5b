//! The prompts: `agent/prompts/*.md` built in, each replaceable by a file of the same name in
//! the configured folder, with `{{variable}}` interpolation. Every request the model planner
//! makes reads its prompts from here: planning, repair, compaction, chat, the Product Doc patch
//! and the run summary.
//!
//! Interpolation is one pass: inserted values are never scanned again, so page text that
//! contains `{{goal}}` stays literal. An unknown variable is left as written, so a typo in an
//! override is visible in the request.

use std::path::Path;

use crate::model::ModelConfigError;

/// The prompts of the model planner.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Prompts {
    /// System prompt of planning requests (`{{output_format}}`).
    pub system: String,
    /// The step message (`{{goal}}`, `{{notes}}`, `{{site}}`, `{{summary}}`, `{{history}}`,
    /// `{{tool_results}}`, `{{failures}}`, `{{tools}}`, `{{secrets}}`, `{{observation}}`).
    pub step: String,
    /// The repair message (`{{error}}`).
    pub repair: String,
    /// System prompt of compaction requests (`{{max_words}}`).
    pub compaction_system: String,
    /// The compaction message (`{{goal}}`, `{{previous}}`, `{{steps}}`).
    pub compaction_request: String,
    /// System prompt of chat mode's answers.
    pub chat_system: String,
    /// Chat mode's request (`{{notes}}`, `{{observation}}`, `{{question}}`).
    pub chat_request: String,
    /// System prompt of the FAST Product Doc patch request (`{{titles}}`).
    pub doc_patch: String,
    /// System prompt of the FAST run summary request (`{{max_words}}`).
    pub run_summary: String,
    /// Site-studio guidance, the step message's `{{site}}` when the message is about the
    /// person's own site (`{{site_mode}}`, `{{site_pages}}`, `{{design_tokens}}`).
    pub site_studio: String,
}

impl Prompts {
    /// The built-in prompts, with overrides from `dir` when given.
    pub fn load(dir: Option<&Path>) -> Result<Self, ModelConfigError> {
        let read = |name: &str, builtin: &str| -> Result<String, ModelConfigError> {
            let Some(dir) = dir else {
                return Ok(builtin.to_owned());
            };
            let path = dir.join(format!("{name}.md"));
            match std::fs::read_to_string(&path) {
                Ok(text) => Ok(text),
                Err(error) if error.kind() == std::io::ErrorKind::NotFound => {
                    Ok(builtin.to_owned())
                }
                Err(error) => Err(ModelConfigError::Invalid(format!(
                    "prompt {}: {error}",
                    path.display()
                ))),
            }
        };
        Ok(Self {
            system: read("system", include_str!("../../../prompts/system.md"))?,
            step: read("step", include_str!("../../../prompts/step.md"))?,
            repair: read("repair", include_str!("../../../prompts/repair.md"))?,
            compaction_system: read(
                "compaction_system",
                include_str!("../../../prompts/compaction_system.md"),
            )?,
            compaction_request: read(
                "compaction_request",
                include_str!("../../../prompts/compaction_request.md"),
            )?,
            chat_system: read(
                "chat_system",
                include_str!("../../../prompts/chat_system.md"),
            )?,
            chat_request: read(
                "chat_request",
                include_str!("../../../prompts/chat_request.md"),
            )?,
            doc_patch: read("doc_patch", include_str!("../../../prompts/doc_patch.md"))?,
            run_summary: read(
                "run_summary",
                include_str!("../../../prompts/run_summary.md"),
            )?,
            site_studio: read(
                "site_studio",
                include_str!("../../../prompts/site_studio.md"),
            )?,
        })
    }
}

/// `template` with each `{{name}}` replaced by its value in `vars`.
pub(crate) fn render(template: &str, vars: &[(&str, &str)]) -> String {
    let mut out =
        String::with_capacity(template.len() + vars.iter().map(|v| v.1.len()).sum::<usize>());
    let mut rest = template;
    while let Some(start) = rest.find("{{") {
        out.push_str(&rest[..start]);
        let after = &rest[start + 2..];
        let Some(end) = after.find("}}") else {
            out.push_str(&rest[start..]);
            return out;
        };
        let name = after[..end].trim();
        match vars.iter().find(|(key, _)| *key == name) {
            Some((_, value)) => out.push_str(value),
            None => out.push_str(&rest[start..start + 2 + end + 2]),
        }
        rest = &after[end + 2..];
    }
    out.push_str(rest);
    out
}
