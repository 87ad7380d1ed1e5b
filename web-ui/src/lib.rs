//! Tandem's chat UI: a static page (plain HTML, CSS and ES modules, no build step) embedded in
//! the binary.
//!
//! In: nothing at run time; the files under `static/` are compiled in with `include_bytes!`.
//! Out: [`assets`] lists every file and [`asset`] looks one up by its URL path, for the server
//! to serve at the root of its HTTP address (`/` is `index.html`).
//!
//! Contract:
//! - the page works under the CSP `default-src 'self'; img-src 'self' data: blob:; connect-src 'self'`:
//!   no inline scripts or styles, no event handler attributes, no external URLs;
//! - it reads the launch token from the `#token=…` fragment, keeps it in `sessionStorage` and
//!   removes it from the address bar, then speaks the WebSocket protocol of `docs/protocol.md`
//!   on `/ws` of the page's own host;
//! - all server, model and page text is rendered as text, never as markup; screenshots are only
//!   shown when they are base64 PNG or JPEG `data:` URLs;
//! - stable `data-testid` attributes mark the elements that end-to-end tests drive (see
//!   [`TEST_IDS`]).

#![deny(clippy::print_stdout, clippy::print_stderr)]

/// One embedded file of the UI.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Asset {
    /// URL path it is served at, starting with `/` (`/` itself for `index.html`).
    pub path: &'static str,
    /// Value for the `Content-Type` header.
    pub content_type: &'static str,
    /// The file's bytes.
    pub body: &'static [u8],
}

const HTML: &str = "text/html; charset=utf-8";
const CSS: &str = "text/css; charset=utf-8";
const JS: &str = "text/javascript; charset=utf-8";
const SVG: &str = "image/svg+xml";

/// The [`Asset`]s of files under `static/`: `"name.ext" as TYPE` is served at `/name.ext`,
/// `"name.ext" at "/path" as TYPE` at `/path`.
macro_rules! static_assets {
    ($($file:literal $(at $path:literal)? as $content_type:ident),* $(,)?) => {
        &[$(Asset {
            path: static_assets!(@path $file $(, $path)?),
            content_type: $content_type,
            body: include_bytes!(concat!("../static/", $file)),
        }),*]
    };
    (@path $file:literal, $path:literal) => { $path };
    (@path $file:literal) => { concat!("/", $file) };
}

/// `index.html` first; stylesheets in the order index.html links them.
static ASSETS: &[Asset] = static_assets![
    "index.html" at "/" as HTML,
    "handover.html" as HTML,
    "base.css" as CSS,
    "layout.css" as CSS,
    "conversation.css" as CSS,
    "cards.css" as CSS,
    "panels.css" as CSS,
    "live.css" as CSS,
    "projects.css" as CSS,
    "takeover.css" as CSS,
    "app.js" as JS,
    "protocol.js" as JS,
    "connection.js" as JS,
    "notices.js" as JS,
    "status.js" as JS,
    "composer.js" as JS,
    "question.js" as JS,
    "cards.js" as JS,
    "timeline.js" as JS,
    "record.js" as JS,
    "scroll.js" as JS,
    "live.js" as JS,
    "live_panel.js" as JS,
    "live_zoom.js" as JS,
    "render.js" as JS,
    "history.js" as JS,
    "product_doc.js" as JS,
    "site_pages.js" as JS,
    "projects.js" as JS,
    "site_download.js" as JS,
    "handover.js" as JS,
    "favicon.svg" as SVG,
];

/// The `data-testid` values the page carries, for end-to-end tests. `confirm-card`,
/// `approve`, `approve-session`, `deny`, `takeover-banner`, `manual-done`, `ask-form`,
/// `ask-submit` and `error` exist only while their card or notice is shown.
pub const TEST_IDS: &[&str] = &[
    "composer",
    "send",
    "status",
    "confirm-card",
    "approve",
    "approve-session",
    "deny",
    "takeover-banner",
    "manual-done",
    "ask-form",
    "ask-submit",
    "screenshot",
    "timeline",
    "messages",
    "mode-toggle",
    "reasoning-toggle",
    "cancel",
    "takeover",
    "error",
    "why-not",
    "usage",
    "history-open",
    "history",
    "product-doc-card",
    "live-view",
    "live-banner",
    "live-tools",
    "live-target",
    "hand-back",
    "projects-toggle",
    "projects",
];

/// The HTML pages: the chat page and the handover page (an MCP client's takeover, see
/// `handover.js`).
pub const PAGES: &[&str] = &["/", "/handover.html"];

/// Every embedded file, `index.html` first.
pub fn assets() -> &'static [Asset] {
    ASSETS
}

/// The file served at `path` (`/`, `/index.html`, `/app.js`, …), or `None`.
///
/// Query strings are not stripped: pass the request's path only.
pub fn asset(path: &str) -> Option<&'static Asset> {
    let path = if path == "/index.html" { "/" } else { path };
    ASSETS.iter().find(|a| a.path == path)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn text(path: &str) -> &'static str {
        let a = asset(path).expect("asset exists");
        std::str::from_utf8(a.body).expect("asset is UTF-8")
    }

    fn index() -> &'static str {
        text("/")
    }

    /// Values of `attr="…"` in `html`.
    fn attr_values<'a>(html: &'a str, attr: &str) -> Vec<&'a str> {
        let needle = format!(" {attr}=\"");
        let mut out = Vec::new();
        let mut rest = html;
        while let Some(at) = rest.find(&needle) {
            let after = &rest[at + needle.len()..];
            let end = after.find('"').expect("closed attribute");
            out.push(&after[..end]);
            rest = &after[end..];
        }
        out
    }

    /// Lower-cased tags (`<name attr…>`) of `html`, comments excluded.
    fn tags(html: &str) -> Vec<String> {
        let mut out = Vec::new();
        let mut rest = html;
        while let Some(at) = rest.find('<') {
            let after = &rest[at..];
            if after.starts_with("<!--") {
                let end = after.find("-->").expect("closed comment");
                rest = &after[end + 3..];
                continue;
            }
            let end = after.find('>').expect("closed tag");
            out.push(after[..=end].to_ascii_lowercase());
            rest = &after[end + 1..];
        }
        out
    }

    /// `tag` with the contents of its double-quoted attribute values removed.
    fn strip_quoted(tag: &str) -> String {
        let mut out = String::new();
        let mut quoted = false;
        for c in tag.chars() {
            if c == '"' {
                quoted = !quoted;
                out.push(c);
            } else if !quoted {
                out.push(c);
            }
        }
        out
    }

    #[test]
    fn every_asset_is_found_by_its_path() {
        assert!(!assets().is_empty());
        for a in assets() {
            assert!(a.path.starts_with('/'), "{}", a.path);
            assert!(!a.body.is_empty(), "{} is empty", a.path);
            assert_eq!(asset(a.path), Some(a));
        }
        assert_eq!(asset("/index.html"), asset("/"));
        assert_eq!(assets()[0].path, "/");
        for path in ["/", "/app.js", "/base.css", "/protocol.js", "/render.js"] {
            assert!(asset(path).is_some(), "{path}");
        }
    }

    #[test]
    fn every_static_file_is_an_asset() {
        let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/static");
        let mut files: Vec<String> = std::fs::read_dir(dir)
            .expect("static dir")
            .map(|entry| {
                entry
                    .expect("dir entry")
                    .file_name()
                    .into_string()
                    .expect("UTF-8")
            })
            .collect();
        files.sort();
        let mut served: Vec<String> = assets()
            .iter()
            .map(|a| match a.path {
                "/" => "index.html".to_owned(),
                path => path.trim_start_matches('/').to_owned(),
            })
            .collect();
        served.sort();
        assert_eq!(files, served);
    }

    #[test]
    fn no_asset_is_over_600_lines() {
        for a in assets() {
            let lines = text(a.path).lines().count();
            assert!(lines <= 600, "{} has {lines} lines", a.path);
        }
    }

    #[test]
    fn unknown_paths_are_none() {
        for path in [
            "",
            "/nope.js",
            "/../Cargo.toml",
            "app.js",
            "/app.css",
            "/APP.JS",
            "/app.js?x=1",
        ] {
            assert_eq!(asset(path), None, "{path}");
        }
    }

    #[test]
    fn content_types_match_extensions() {
        for a in assets() {
            let expected = if PAGES.contains(&a.path) {
                "text/html; charset=utf-8"
            } else if a.path.ends_with(".css") {
                "text/css; charset=utf-8"
            } else if a.path.ends_with(".js") {
                "text/javascript; charset=utf-8"
            } else if a.path.ends_with(".svg") {
                "image/svg+xml"
            } else {
                panic!("no expected content type for {}", a.path)
            };
            assert_eq!(a.content_type, expected, "{}", a.path);
        }
    }

    #[test]
    fn assets_are_utf8_text() {
        for a in assets() {
            assert!(std::str::from_utf8(a.body).is_ok(), "{}", a.path);
        }
    }

    #[test]
    fn index_references_only_existing_assets() {
        let html = index();
        let mut refs: Vec<&str> = attr_values(html, "src");
        refs.extend(
            attr_values(html, "href")
                .into_iter()
                .filter(|h| !h.starts_with('#')),
        );
        assert!(refs.contains(&"/app.js"));
        let stylesheets: Vec<&str> = assets()
            .iter()
            .filter(|a| a.path.ends_with(".css"))
            .map(|a| a.path)
            .collect();
        let linked: Vec<&str> = refs
            .iter()
            .copied()
            .filter(|r| r.ends_with(".css"))
            .collect();
        assert_eq!(linked, stylesheets, "every stylesheet is linked, in order");
        for r in refs {
            assert!(
                asset(r).is_some(),
                "index.html references missing asset {r}"
            );
        }
    }

    /// The module specifiers `js` imports (`"./render.js"`), single- and multi-line imports.
    fn imports(js: &str) -> Vec<&str> {
        js.lines()
            .filter_map(|line| {
                let line = line.trim();
                let spec = if line.starts_with("import ") {
                    line.split(" from ").nth(1)?
                } else {
                    line.strip_prefix("} from ")?
                };
                spec.trim_end_matches(';')
                    .strip_prefix('"')?
                    .strip_suffix('"')
            })
            .collect()
    }

    #[test]
    fn module_imports_resolve_to_assets() {
        for a in assets().iter().filter(|a| a.path.ends_with(".js")) {
            for spec in imports(text(a.path)) {
                let path = spec.strip_prefix('.').unwrap_or(spec);
                assert!(asset(path).is_some(), "{} imports missing {spec}", a.path);
            }
        }
    }

    #[test]
    fn every_module_is_reached_from_a_page_script() {
        let mut reached = vec!["/app.js", "/handover.js"];
        let mut next = 0;
        while let Some(&path) = reached.get(next) {
            next += 1;
            for spec in imports(text(path)) {
                let imported = spec.strip_prefix('.').unwrap_or(spec);
                if !reached.contains(&imported) {
                    reached.push(imported);
                }
            }
        }
        for a in assets().iter().filter(|a| a.path.ends_with(".js")) {
            assert!(reached.contains(&a.path), "{} is never imported", a.path);
        }
    }

    #[test]
    fn pages_have_no_inline_script_style_or_handlers() {
        for page in PAGES {
            no_inline_script_style_or_handlers(text(page));
        }
    }

    fn no_inline_script_style_or_handlers(html: &str) {
        for tag in tags(html) {
            if tag.starts_with("<script") {
                assert!(
                    tag.contains(" src=\""),
                    "script without src (inline script): {tag}"
                );
                assert!(tag.contains("type=\"module\""), "non-module script: {tag}");
            }
            assert!(!tag.starts_with("<style"), "inline <style> block: {tag}");
            assert!(!tag.contains(" style="), "style attribute: {tag}");
            // Attribute names starting with `on` (onclick, onload, …).
            let names = strip_quoted(&tag);
            for attr in names.split_whitespace().skip(1) {
                assert!(!attr.starts_with("on"), "event handler attribute in {tag}");
            }
            assert!(!tag.contains("javascript:"), "javascript: URL in {tag}");
        }
        // Every <script …> is immediately closed: no body.
        let lower = html.to_ascii_lowercase();
        let mut rest = lower.as_str();
        while let Some(at) = rest.find("<script") {
            let after = &rest[at..];
            let open_end = after.find('>').expect("closed tag");
            let body = &after[open_end + 1..];
            assert!(body.starts_with("</script>"), "inline script body");
            rest = body;
        }
    }

    #[test]
    fn no_external_urls_in_any_asset() {
        // The SVG namespace is an identifier, not a fetched resource.
        const ALLOWED: &[&str] = &["http://www.w3.org/2000/svg"];
        for a in assets() {
            let body = std::str::from_utf8(a.body)
                .expect("UTF-8")
                .to_ascii_lowercase();
            for scheme in ["http://", "https://", "//cdn", "@import"] {
                let mut rest = body.as_str();
                while let Some(at) = rest.find(scheme) {
                    let hit = &rest[at..];
                    let ok = ALLOWED.iter().any(|allowed| hit.starts_with(allowed))
                        || (scheme == "http://" && hit.starts_with("http://127.0.0.1:port/"));
                    assert!(
                        ok,
                        "{} contains an external URL near {:?}",
                        a.path,
                        &hit[..hit.len().min(60)]
                    );
                    rest = &hit[scheme.len()..];
                }
            }
        }
    }

    #[test]
    fn js_never_uses_html_sinks() {
        for a in assets().iter().filter(|a| a.path.ends_with(".js")) {
            let js = text(a.path);
            for sink in [
                "innerHTML",
                "outerHTML",
                "insertAdjacentHTML",
                "document.write",
                "eval(",
                "new Function",
            ] {
                assert!(!js.contains(sink), "{} uses {sink}", a.path);
            }
        }
    }

    #[test]
    fn every_test_id_is_in_the_page() {
        let all: String = assets()
            .iter()
            .filter(|a| a.path == "/" || a.path.ends_with(".js"))
            .map(|a| std::str::from_utf8(a.body).expect("UTF-8"))
            .collect();
        for id in TEST_IDS {
            let in_html = all.contains(&format!("data-testid=\"{id}\""));
            let in_js = all.contains(&format!("testid: \"{id}\""));
            assert!(in_html || in_js, "data-testid {id} is missing");
        }
    }

    #[test]
    fn screenshots_are_limited_to_png_and_jpeg_data_urls() {
        let js = text("/render.js");
        assert!(js.contains(r"^data:image\/(?:png|jpeg);base64,"));
    }
}
