//! Clauses that only say where to look: "expand the sections below", "switch between the
//! tabs", "navigate through the file tree", "open the pie menu", with a purpose that a later
//! clause states ("…, to find and click on the link X").
//!
//! In: one clause, lead-ins stripped. Out: whether it names only containers (no element of its own); `parse` then
//! makes the next click a find (open what hides the element, then click it) instead of
//! looking for an element called "section below".

use super::matching::normalize;
use super::split::first_word;

/// Verbs of opening or moving around.
const VERBS: &[&str] = &[
    "expand", "open", "switch", "navigate", "browse", "look", "go", "explore", "search", "use",
];

/// Words that name a container (singular and plural).
const CONTAINERS: &[&str] = &[
    "section",
    "sections",
    "tab",
    "tabs",
    "menu",
    "menus",
    "pie",
    "tree",
    "file",
    "files",
    "folder",
    "folders",
    "directory",
    "directories",
    "panel",
    "panels",
    "accordion",
    "accordions",
    "list",
    "lists",
    "dropdown",
    "collapsible",
    "collapsibles",
    "group",
    "groups",
    "node",
    "nodes",
    "headers",
    "header",
    "categories",
    "category",
];

/// Words around container words that add nothing ("the sections below").
const FILLER: &[&str] = &[
    "between",
    "through",
    "in",
    "into",
    "all",
    "each",
    "every",
    "of",
    "below",
    "above",
    "here",
    "on",
    "this",
    "page",
    "and",
    "or",
    "its",
    "different",
    "various",
    "other",
];

/// Purpose phrases that end the container part ("…, to find X", "… in order to").
const PURPOSE: &[&str] = &[
    ", to ",
    " to find",
    " to look",
    " in order to",
    " and find",
    ". find",
];

/// True when `clause` (lead-ins already stripped) is an opening verb followed only by
/// container words.
pub(crate) fn names_only_containers(clause: &str) -> bool {
    let text = clause.trim();
    let (verb, rest) = first_word(text);
    if !VERBS.contains(&verb.as_str()) {
        return false;
    }
    let lower = rest.to_ascii_lowercase();
    let cut = PURPOSE
        .iter()
        .filter_map(|p| lower.find(p))
        .min()
        .unwrap_or(lower.len());
    let mut words: Vec<String> = normalize(&rest[..cut])
        .split(' ')
        .filter(|w| !w.is_empty())
        .map(str::to_owned)
        .collect();
    // "… the file tree. Find" (a purpose verb merged back into the clause).
    if words.last().is_some_and(|w| w == "find") {
        words.pop();
    }
    let mut containers = 0;
    for word in &words {
        if CONTAINERS.contains(&word.as_str()) {
            containers += 1;
        } else if !FILLER.contains(&word.as_str()) {
            return false;
        }
    }
    containers > 0
}

#[cfg(test)]
mod tests {
    use super::names_only_containers;

    #[test]
    fn opening_verbs_with_container_words_only() {
        for clause in [
            "Expand the section below",
            "Expand the sections below, to find",
            "Switch between the tabs to find",
            "Navigate through the file tree. Find",
            "open the pie menu",
            "look through the folders",
            "browse the categories",
        ] {
            assert!(names_only_containers(clause), "{clause}");
        }
    }

    #[test]
    fn a_named_thing_is_not_only_a_container() {
        for clause in [
            "expand Company",
            "open the Actions menu",
            "open example.com",
            "switch to the Billing tab",
            "click the tabs",
            "go to the Pricing page",
        ] {
            assert!(!names_only_containers(clause), "{clause}");
        }
    }
}
