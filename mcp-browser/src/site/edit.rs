//! `edit_page`: exact search/replace hunks, and the edits that need no model.
//!
//! A hunk's `search` must occur exactly once in the text it applies to (after the hunks before
//! it), else the whole edit is refused and nothing is written; everything outside the replaced
//! spans stays byte-identical. [`offline_edit`] understands three instruction shapes:
//! `replace "old" with "new"` (also `change … to …`), `set --token to value` (a design-system
//! token) and `remove the "name" section`. Anything else needs a model.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use super::design::check_token_value;
use super::error::SiteError;

/// One exact replacement.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct Hunk {
    /// Text that occurs exactly once in the file, copied exactly.
    pub search: String,
    /// What replaces it.
    pub replace: String,
}

impl Hunk {
    /// Replaces `search` with `replace`.
    pub fn new(search: impl Into<String>, replace: impl Into<String>) -> Hunk {
        Hunk {
            search: search.into(),
            replace: replace.into(),
        }
    }
}

/// Which file an edit changes.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum EditTarget {
    Page,
    DesignSystem,
}

/// An edit worked out without a model.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OfflineEdit {
    pub target: EditTarget,
    pub hunks: Vec<Hunk>,
    /// What it does, in words.
    pub summary: String,
}

impl OfflineEdit {
    /// The edit of `target` that is the one `hunk`.
    fn one(target: EditTarget, hunk: Hunk, summary: String) -> OfflineEdit {
        OfflineEdit {
            target,
            hunks: vec![hunk],
            summary,
        }
    }
}

/// Applies the hunks in order. Refuses (changing nothing) when one is empty or does not occur
/// exactly once.
pub fn apply(text: &str, hunks: &[Hunk]) -> Result<String, SiteError> {
    if hunks.is_empty() {
        return Err(SiteError::HunkMismatch("no hunks were given".into()));
    }
    let mut current = text.to_owned();
    for (index, hunk) in hunks.iter().enumerate() {
        if hunk.search.is_empty() {
            return Err(SiteError::HunkMismatch(format!(
                "hunk {} has an empty search",
                index + 1
            )));
        }
        let count = current.matches(hunk.search.as_str()).count();
        if count != 1 {
            let shown: String = hunk.search.chars().take(60).collect();
            let problem = if count == 0 {
                "is not in"
            } else {
                "occurs more than once in"
            };
            return Err(SiteError::HunkMismatch(format!(
                "hunk {}: `{shown}` {problem} the file{}",
                index + 1,
                if count > 1 {
                    " (include more context)"
                } else {
                    ""
                }
            )));
        }
        current = current.replacen(hunk.search.as_str(), &hunk.replace, 1);
    }
    Ok(current)
}

/// The edit `instructions` ask for, if it is one of the offline shapes; `Ok(None)` when it
/// needs a model. `page` and `css` are the current files.
pub fn offline_edit(
    instructions: &str,
    page: &str,
    css: Option<&str>,
) -> Result<Option<OfflineEdit>, SiteError> {
    let trimmed = instructions.trim();
    let lower = trimmed.to_lowercase();
    let quoted = quoted_strings(trimmed);
    if (lower.starts_with("replace") || lower.starts_with("change")) && quoted.len() == 2 {
        let (old, new) = (&quoted[0], &quoted[1]);
        return Ok(Some(OfflineEdit::one(
            EditTarget::Page,
            Hunk::new(old.clone(), super::templates::escape(new)),
            format!("replaced \"{old}\" with \"{new}\""),
        )));
    }
    if let Some(token_at) = trimmed.find("--") {
        let rest = &trimmed[token_at + 2..];
        let name: String = rest
            .chars()
            .take_while(|c| c.is_ascii_alphanumeric() || *c == '-')
            .collect();
        let after = rest[name.len()..].trim_start();
        let value = after
            .strip_prefix("to ")
            .or_else(|| after.strip_prefix(':'))
            .or_else(|| after.strip_prefix('='))
            .map(|v| v.trim().trim_matches(['"', '\'', '.']).trim().to_owned());
        if let (false, Some(value)) = (name.is_empty(), value) {
            check_token_value(&name, &value)?;
            let css = css.ok_or_else(|| {
                SiteError::InvalidArgument(
                    "the session has no design system yet: call create_design_system".into(),
                )
            })?;
            let declaration = format!("  --{name}: ");
            let Some(start) = css.find(&declaration) else {
                // A site designed before the token existed gets it now.
                let pairs = super::design_upgrade::hunks(css, &name, &value).ok_or_else(|| {
                    SiteError::InvalidArgument(format!("the design system has no token `--{name}`"))
                })?;
                return Ok(Some(OfflineEdit {
                    target: EditTarget::DesignSystem,
                    hunks: pairs
                        .into_iter()
                        .map(|(search, replace)| Hunk::new(search, replace))
                        .collect(),
                    summary: format!("added --{name} ({value}) to this older design system"),
                }));
            };
            let end = css[start..]
                .find(";\n")
                .map(|i| start + i + 2)
                .ok_or_else(|| SiteError::Storage("the design system is malformed".into()))?;
            return Ok(Some(OfflineEdit::one(
                EditTarget::DesignSystem,
                Hunk::new(&css[start..end], format!("{declaration}{value};\n")),
                format!("set --{name} to {value}"),
            )));
        }
    }
    if lower.starts_with("remove") || lower.starts_with("delete") {
        let name = quoted.first().cloned().or_else(|| {
            lower
                .split_whitespace()
                .skip_while(|w| *w != "the" && *w != "remove" && *w != "delete")
                .skip(1)
                .find(|w| *w != "the" && *w != "section")
                .map(str::to_owned)
        });
        if let Some(name) = name {
            let span = section_span(page, &name).ok_or_else(|| {
                SiteError::InvalidArgument(format!(
                    "the page has no section named `{name}` (sections carry data-section=\"…\")"
                ))
            })?;
            return Ok(Some(OfflineEdit::one(
                EditTarget::Page,
                Hunk::new(&page[span.0..span.1], ""),
                format!("removed the \"{name}\" section"),
            )));
        }
    }
    Ok(None)
}

/// Text between double quotes (straight or curly), in order.
fn quoted_strings(text: &str) -> Vec<String> {
    let normalised = text.replace(['“', '”'], "\"");
    normalised
        .split('"')
        .skip(1)
        .step_by(2)
        .map(str::to_owned)
        .collect()
}

/// The byte span of the element carrying `data-section="name"` (or `id="name"`), from its `<`
/// to the end of its matching closing tag and the line break after it.
pub(crate) fn section_span(page: &str, name: &str) -> Option<(usize, usize)> {
    let marker = [format!("data-section=\"{name}\""), format!("id=\"{name}\"")]
        .into_iter()
        .find_map(|m| page.find(&m))?;
    let start = page[..marker].rfind('<')?;
    let tag: String = page[start + 1..]
        .chars()
        .take_while(|c| c.is_ascii_alphanumeric())
        .collect();
    if tag.is_empty() {
        return None;
    }
    let open = format!("<{tag}");
    let close = format!("</{tag}>");
    let mut depth = 0usize;
    let mut at = start;
    loop {
        let next_open = page[at..].find(&open).map(|i| at + i);
        let next_close = page[at..].find(&close).map(|i| at + i)?;
        match next_open {
            Some(o) if o < next_close => {
                depth += 1;
                at = o + open.len();
            }
            _ => {
                depth = depth.checked_sub(1)?;
                at = next_close + close.len();
                if depth == 0 {
                    let end = if page[at..].starts_with('\n') {
                        at + 1
                    } else {
                        at
                    };
                    return Some((start, end));
                }
            }
        }
    }
}

/// Reads a model's hunks: a JSON array of `{search, replace}`, or an object with `hunks`,
/// possibly inside a code fence.
pub fn parse_hunks(answer: &str) -> Result<Vec<Hunk>, SiteError> {
    let body = super::sampling::strip_fence(answer);
    #[derive(Deserialize)]
    struct Wrapped {
        hunks: Vec<Hunk>,
    }
    serde_json::from_str::<Vec<Hunk>>(body)
        .or_else(|_| serde_json::from_str::<Wrapped>(body).map(|w| w.hunks))
        .map_err(|error| SiteError::ModelAnswer(format!("expected JSON hunks: {error}")))
}

#[cfg(test)]
mod tests {
    use super::*;

    const PAGE: &str = "<main>\n<section data-section=\"hero\"><h1>Hi</h1></section>\n\
        <section data-section=\"menu\"><section><p>in</p></section><p>Bread</p></section>\n<p>end</p>\n</main>";

    #[test]
    fn hunks_apply_exactly_or_not_at_all() {
        let edited = apply(PAGE, &[Hunk::new("Hi", "Hello")]).unwrap();
        assert_eq!(edited, PAGE.replacen("Hi", "Hello", 1));
        let missing = apply(PAGE, &[Hunk::new("Nope", "")]);
        assert!(matches!(missing, Err(SiteError::HunkMismatch(_))));
        let twice = apply(PAGE, &[Hunk::new("section", "")]);
        assert!(matches!(twice, Err(SiteError::HunkMismatch(_))));
    }

    /// `file` after the offline edit of `instructions`.
    fn edited(instructions: &str, file: &str, css: Option<&str>) -> String {
        let edit = offline_edit(instructions, PAGE, css).unwrap().unwrap();
        apply(file, &edit.hunks).unwrap()
    }

    #[test]
    fn quoted_text_is_replaced() {
        assert_eq!(
            edited("Replace \"Bread\" with \"Rye & bread\"", PAGE, None),
            PAGE.replace("Bread", "Rye &amp; bread")
        );
    }

    #[test]
    fn a_named_section_is_removed_with_its_nested_sections() {
        assert_eq!(
            edited("remove the \"menu\" section", PAGE, None),
            "<main>\n<section data-section=\"hero\"><h1>Hi</h1></section>\n<p>end</p>\n</main>"
        );
        assert!(offline_edit("remove the \"nope\" section", PAGE, None).is_err());
    }

    #[test]
    fn a_design_token_is_changed() {
        let css = ":root {\n  --color-primary: #123456;\n  --radius-md: 12px;\n}\n";
        let edit = offline_edit("set --radius-md to 4px", PAGE, Some(css)).unwrap();
        assert_eq!(edit.map(|e| e.target), Some(EditTarget::DesignSystem));
        assert_eq!(
            edited("set --radius-md to 4px", css, Some(css)),
            css.replace("--radius-md: 12px;", "--radius-md: 4px;")
        );
        assert!(offline_edit("set --radius-md to 4px; } body {", PAGE, Some(css)).is_err());
    }

    #[test]
    fn other_instructions_need_a_model() {
        assert_eq!(
            offline_edit("make it feel cosier", PAGE, None).unwrap(),
            None
        );
    }

    #[test]
    fn model_hunks_are_read_from_json() {
        let hunks = parse_hunks("```json\n[{\"search\":\"a\",\"replace\":\"b\"}]\n```").unwrap();
        assert_eq!(hunks, vec![Hunk::new("a", "b")]);
        assert!(parse_hunks("sure!").is_err());
    }
}
