//! The structure's rules that `docs/architecture.md` states, checked on the sources: no
//! production file over 600 lines (JS and CSS included), and no import circle between the
//! modules of a crate (a module `a` using `crate::b::…` while `b` uses `crate::a::…`, at any
//! depth of siblings).

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// The most lines a production file may have.
const MAX_LINES: usize = 600;

/// The source folders of the crates, from the workspace root.
const CRATE_SOURCES: [&str; 8] = [
    "agent/src",
    "agent/lexicon/src",
    "mcp-browser/src",
    "policy/src",
    "server/src",
    "server/protocol/src",
    "web-ui/src",
    "tests/src",
];

fn workspace() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("..")
}

fn files_under(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for entry in entries.flatten() {
        let path = entry.path();
        if path.is_dir() {
            files_under(&path, out);
        } else {
            out.push(path);
        }
    }
}

/// Test code and vendored code are not production files.
fn is_production(path: &Path) -> bool {
    let workspace = workspace();
    let relative = path.strip_prefix(&workspace).unwrap_or(path);
    let inside = |folder: &str| {
        relative
            .components()
            .skip(1)
            .any(|c| c.as_os_str() == folder)
    };
    let name = path.file_name().unwrap_or_default().to_string_lossy();
    !inside("tests") && !inside("vendor") && !name.ends_with("tests.rs")
}

#[test]
fn no_production_file_is_over_600_lines() {
    let mut files = Vec::new();
    for dir in
        CRATE_SOURCES
            .iter()
            .chain(&["web-ui/static", "agent/prompts", "mcp-browser/page_script"])
    {
        files_under(&workspace().join(dir), &mut files);
    }
    let long: Vec<String> = files
        .iter()
        .filter(|path| {
            let ext = path.extension().unwrap_or_default();
            ["rs", "js", "css", "html"].iter().any(|e| ext == *e) && is_production(path)
        })
        .filter_map(|path| {
            let lines = std::fs::read_to_string(path).ok()?.lines().count();
            (lines > MAX_LINES).then(|| format!("{} ({lines} lines)", path.display()))
        })
        .collect();
    assert!(files.len() > 100, "the sources were found");
    assert!(long.is_empty(), "files over {MAX_LINES} lines: {long:#?}");
}

type Module = Vec<String>;

/// Every module of the crate whose sources are in `src`, by path, with its file.
fn modules(src: &Path) -> BTreeMap<Module, PathBuf> {
    let mut files = Vec::new();
    files_under(src, &mut files);
    files
        .into_iter()
        .filter(|path| path.extension().is_some_and(|e| e == "rs") && is_production(path))
        .map(|path| {
            let relative = path.strip_prefix(src).unwrap().with_extension("");
            let mut module: Module = relative
                .components()
                .map(|c| c.as_os_str().to_string_lossy().into_owned())
                .collect();
            if matches!(
                module.last().map(String::as_str),
                Some("mod" | "lib" | "main")
            ) {
                module.pop();
            }
            (module, path)
        })
        .collect()
}

/// The code before the file's unit tests, without line comments.
fn code_of(text: &str) -> String {
    let code = text.split("#[cfg(test)]").next().unwrap_or_default();
    code.lines()
        .map(|line| line.split("//").next().unwrap_or_default())
        .collect::<Vec<_>>()
        .join("\n")
}

/// `a::{b, c::{d, e}}` → `a::b`, `a::c::d`, `a::c::e`.
fn expand(tree: &str) -> Vec<String> {
    let tree: String = tree.chars().filter(|c| !c.is_whitespace()).collect();
    let Some(open) = tree.find('{') else {
        return vec![tree];
    };
    let (prefix, body) = (
        &tree[..open],
        &tree[open + 1..tree.rfind('}').unwrap_or(tree.len())],
    );
    let mut parts = vec![String::new()];
    let mut depth = 0;
    for c in body.chars() {
        match c {
            ',' if depth == 0 => parts.push(String::new()),
            _ => {
                depth += i32::from(c == '{') - i32::from(c == '}');
                parts.last_mut().unwrap().push(c);
            }
        }
    }
    parts
        .iter()
        .filter(|part| !part.is_empty())
        .flat_map(|part| expand(part))
        .map(|path| format!("{prefix}{path}"))
        .collect()
}

/// The `crate::…` and `super::…` paths a file names, in `use` trees and inline.
fn paths_named(code: &str) -> Vec<String> {
    let mut paths = Vec::new();
    // A `use` item begins a line (after `pub` or `pub(…)`) and ends at the next `;`.
    let mut offset = 0;
    for line in code.split_inclusive('\n') {
        let item = line.trim_start();
        let item = match item.strip_prefix("pub") {
            Some(after) => after.trim_start_matches(|c| c != ' ').trim_start(),
            None => item,
        };
        if item.starts_with("use ") {
            let from = offset + (line.len() - item.len()) + 4;
            let to = code[from..].find(';').map_or(code.len(), |n| from + n);
            paths.extend(expand(&code[from..to]));
        }
        offset += line.len();
    }
    let bytes = code.as_bytes();
    for start in ["crate::", "super::"] {
        for (at, _) in code.match_indices(start) {
            if at > 0 && (bytes[at - 1].is_ascii_alphanumeric() || bytes[at - 1] == b'_') {
                continue;
            }
            let end = code[at..]
                .find(|c: char| !(c.is_ascii_alphanumeric() || c == '_' || c == ':'))
                .map_or(code.len(), |n| at + n);
            paths.push(code[at..end].to_owned());
        }
    }
    paths
}

/// The module `path` names from inside `module`, if it names one of the crate's.
fn target(module: &Module, path: &str, known: &BTreeMap<Module, PathBuf>) -> Option<Module> {
    let path = path.split(" as ").next().unwrap_or_default();
    let mut segments: Vec<&str> = path.split("::").filter(|s| !s.is_empty()).collect();
    let mut base: Module = match segments.first() {
        Some(&"crate") => Vec::new(),
        Some(&"super") => module[..module.len().saturating_sub(1)].to_vec(),
        Some(&"self") => module.clone(),
        _ => return None,
    };
    segments.remove(0);
    while segments.first() == Some(&"super") {
        base.pop();
        segments.remove(0);
    }
    base.extend(
        segments
            .iter()
            .filter(|s| **s != "self")
            .map(|s| s.to_string()),
    );
    (1..=base.len())
        .rev()
        .map(|n| base[..n].to_vec())
        .find(|candidate| known.contains_key(candidate))
}

/// The circles among sibling modules: strongly connected components of more than one module.
fn circles(edges: &BTreeMap<Module, BTreeSet<Module>>) -> Vec<Vec<Module>> {
    // Kosaraju: finish order on the graph, then components on the reversed graph.
    fn visit(
        v: &Module,
        edges: &BTreeMap<Module, BTreeSet<Module>>,
        seen: &mut BTreeSet<Module>,
        out: &mut Vec<Module>,
    ) {
        if !seen.insert(v.clone()) {
            return;
        }
        for w in edges.get(v).into_iter().flatten() {
            visit(w, edges, seen, out);
        }
        out.push(v.clone());
    }
    let mut reversed: BTreeMap<Module, BTreeSet<Module>> = BTreeMap::new();
    for (a, targets) in edges {
        for b in targets {
            reversed.entry(b.clone()).or_default().insert(a.clone());
        }
    }
    let (mut seen, mut order) = (BTreeSet::new(), Vec::new());
    for v in edges.keys() {
        visit(v, edges, &mut seen, &mut order);
    }
    let mut assigned = BTreeSet::new();
    let mut found = Vec::new();
    for v in order.iter().rev() {
        let mut component = Vec::new();
        visit(v, &reversed, &mut assigned, &mut component);
        if component.len() > 1 {
            found.push(component);
        }
    }
    found
}

#[test]
fn no_crate_has_an_import_circle_between_its_modules() {
    let mut all = Vec::new();
    for src in CRATE_SOURCES {
        let known = modules(&workspace().join(src));
        assert!(!known.is_empty(), "{src} has modules");
        let mut edges: BTreeMap<Module, BTreeSet<Module>> = BTreeMap::new();
        for (module, file) in &known {
            let code = code_of(&std::fs::read_to_string(file).unwrap());
            for path in paths_named(&code) {
                let Some(to) = target(module, &path, &known) else {
                    continue;
                };
                // Compare as siblings under their common parent; a module may use its own
                // ancestors and descendants.
                let common = module.iter().zip(&to).take_while(|(a, b)| a == b).count();
                if common == module.len() || common == to.len() {
                    continue;
                }
                edges
                    .entry(module[..=common].to_vec())
                    .or_default()
                    .insert(to[..=common].to_vec());
            }
        }
        for circle in circles(&edges) {
            all.push(format!(
                "{src}: {}",
                circle
                    .iter()
                    .map(|m| m.join("::"))
                    .collect::<Vec<_>>()
                    .join(" ↔ ")
            ));
        }
    }
    assert!(all.is_empty(), "import circles: {all:#?}");
}

#[test]
fn a_circle_is_found_when_there_is_one() {
    let module = |name: &str| vec![name.to_owned()];
    let mut edges: BTreeMap<Module, BTreeSet<Module>> = BTreeMap::new();
    edges.entry(module("a")).or_default().insert(module("b"));
    edges.entry(module("b")).or_default().insert(module("c"));
    edges.entry(module("c")).or_default().insert(module("a"));
    edges.entry(module("d")).or_default().insert(module("a"));
    let found = circles(&edges);
    assert_eq!(found.len(), 1, "{found:?}");
    assert_eq!(found[0].len(), 3);
    assert_eq!(
        expand("super::{a, b::{c, d}}"),
        ["super::a", "super::b::c", "super::b::d"]
    );
}
