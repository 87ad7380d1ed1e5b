//! Several options of one list in one step: "select Corrine, Catherine from the list",
//! "pick red and blue in Colours".
//!
//! In: a native list and the wanted words. Out: `None` when the words are not a list of that
//! list's options (the caller matches them as one option); else the selection of exactly those
//! options ([`Action::SelectOption`] with one label a line, which a list that takes several
//! options sets as its whole selection and a single-choice list refuses), or a skip when the
//! list already shows exactly them selected.

use tandem_mcp_browser::snapshot::{Element, SelectOption};

use super::decision::{Decision, act};
use super::matching::normalize;
use super::report::describe;
use crate::action::Action;

/// The options `wanted` names one by one ("A, B and C"), each exactly one option's label.
fn named<'s>(list: &'s Element, wanted: &str) -> Option<Vec<&'s SelectOption>> {
    let parts: Vec<String> = wanted
        .split([',', ';', '&'])
        .flat_map(|part| part.split(" and "))
        .map(normalize)
        .filter(|part| !part.is_empty() && part != "and")
        .map(|part| part.strip_prefix("and ").map(str::to_owned).unwrap_or(part))
        .collect();
    if parts.len() < 2 {
        return None;
    }
    let mut picked: Vec<&SelectOption> = Vec::new();
    for part in &parts {
        let mut same = list
            .options
            .iter()
            .filter(|o| !o.disabled && normalize(&o.label) == *part);
        let one = same.next()?;
        if same.next().is_some() || picked.iter().any(|p| std::ptr::eq(*p, one)) {
            return None;
        }
        picked.push(one);
    }
    Some(picked)
}

/// Selects every option `wanted` names in `list` (see the module docs).
pub(crate) fn select(list: &Element, wanted: &str) -> Option<Decision> {
    let picked = named(list, wanted)?;
    let labels: Vec<&str> = picked.iter().map(|o| o.label.as_str()).collect();
    let shown = labels.join("\", \"");
    let as_asked = list
        .options
        .iter()
        .all(|o| o.selected == picked.iter().any(|p| std::ptr::eq(*p, o)));
    if as_asked {
        return Some(Decision::Skip {
            note: format!("\"{shown}\" are selected in {}", describe(list)),
        });
    }
    Some(act(
        Action::SelectOption {
            eid: list.eid.clone(),
            option: labels.join("\n"),
        },
        format!("select \"{shown}\" in {}", describe(list)),
    ))
}
