//! Serving a session's site files read-only, the same way wherever they are served (the
//! daemon's `/sites/…` route and the preview server the browser tools use).
//!
//! Only `{session}/pages/{slug}.html`, `{session}/design-system.css` and `{session}/pages.json`
//! (the list of pages with title, version, validation summary and address, for the UI) exist;
//! everything else is 404, and names are checked before any path is built. Every answer carries a CSP whose
//! `sandbox` lacks `allow-same-origin`: a page runs in an opaque origin, so its scripts cannot
//! read the daemon's responses, cookies or storage, or another session's pages; `connect-src
//! 'none'` and `form-action 'none'` stop it from sending requests at all.

use std::path::Path;

use super::slug::{Slug, is_session_key};
use super::store::{DESIGN_SYSTEM_FILE, SiteStore};

/// The CSP of every served site file.
pub const SITE_CSP: &str = "sandbox allow-scripts allow-forms allow-popups allow-modals; \
    default-src 'none'; style-src 'self' 'unsafe-inline'; script-src 'unsafe-inline'; \
    img-src 'self' data:; font-src 'self' data:; connect-src 'none'; form-action 'none'; \
    base-uri 'none'";

/// An HTTP answer, independent of the server that sends it.
#[derive(Debug, Clone, PartialEq)]
pub struct SiteResponse {
    pub status: u16,
    pub content_type: &'static str,
    pub body: Vec<u8>,
}

impl SiteResponse {
    fn not_found() -> Self {
        Self {
            status: 404,
            content_type: "text/plain; charset=utf-8",
            body: b"not found".to_vec(),
        }
    }

    /// The headers every answer carries besides `Content-Type`.
    /// (No `Cross-Origin-Resource-Policy`: a sandboxed page has an opaque origin, so even its
    /// own design system is a cross-origin load.)
    pub fn headers() -> [(&'static str, &'static str); 5] {
        [
            ("Content-Security-Policy", SITE_CSP),
            ("X-Content-Type-Options", "nosniff"),
            ("Cache-Control", "no-store"),
            ("Referrer-Policy", "no-referrer"),
            ("X-Frame-Options", "SAMEORIGIN"),
        ]
    }
}

/// The answer for `path` (what follows `/sites/`, e.g. `abc/pages/menu.html`) under `root`.
pub fn respond(root: &Path, path: &str) -> SiteResponse {
    let mut parts = path.splitn(2, '/');
    let (Some(session), Some(rest)) = (parts.next(), parts.next()) else {
        return SiteResponse::not_found();
    };
    if !is_session_key(session) {
        return SiteResponse::not_found();
    }
    let folder = root.join(session);
    if rest == "pages.json" {
        return page_list(root, session);
    }
    let (file, content_type) = if rest == DESIGN_SYSTEM_FILE {
        (folder.join(DESIGN_SYSTEM_FILE), "text/css; charset=utf-8")
    } else if let Some(slug) = rest
        .strip_prefix("pages/")
        .and_then(|name| name.strip_suffix(".html"))
        .and_then(|name| Slug::parse(name).ok())
    {
        (
            folder.join("pages").join(format!("{slug}.html")),
            "text/html; charset=utf-8",
        )
    } else {
        return SiteResponse::not_found();
    };
    match std::fs::read(&file) {
        Ok(body) => SiteResponse {
            status: 200,
            content_type,
            body,
        },
        Err(_) => SiteResponse::not_found(),
    }
}

/// `{"pages": [{slug, title, bytes, version, modified_unix, validation?, url}]}`, `url` being
/// the page's path on the same server.
fn page_list(root: &Path, session: &str) -> SiteResponse {
    let pages = SiteStore::new(root, session).and_then(|store| store.list());
    let Ok(pages) = pages else {
        return SiteResponse::not_found();
    };
    let listed: Vec<serde_json::Value> = pages
        .into_iter()
        .map(|page| {
            let url = format!("/sites/{session}/pages/{}.html", page.slug);
            let mut value = serde_json::to_value(page).unwrap_or_default();
            if let Some(object) = value.as_object_mut() {
                object.insert("url".into(), url.into());
            }
            value
        })
        .collect();
    SiteResponse {
        status: 200,
        content_type: "application/json",
        body: serde_json::json!({ "pages": listed })
            .to_string()
            .into_bytes(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_pages_and_the_design_system_are_served() {
        let root = tempfile::tempdir().unwrap();
        std::fs::create_dir_all(root.path().join("s1/pages")).unwrap();
        std::fs::write(root.path().join("s1/pages/home.html"), "<p>hi</p>").unwrap();
        std::fs::write(root.path().join("s1/design-system.css"), "a{}").unwrap();
        std::fs::write(root.path().join("secret.txt"), "no").unwrap();
        assert_eq!(respond(root.path(), "s1/pages/home.html").status, 200);
        let list = respond(root.path(), "s1/pages.json");
        let list: serde_json::Value = serde_json::from_slice(&list.body).unwrap();
        assert_eq!(list["pages"][0]["url"], "/sites/s1/pages/home.html");
        assert_eq!(
            respond(root.path(), "nobody/pages.json").body,
            b"{\"pages\":[]}"
        );
        assert_eq!(
            respond(root.path(), "s1/design-system.css").content_type,
            "text/css; charset=utf-8"
        );
        for bad in [
            "s1/pages/../../secret.txt",
            "../secret.txt",
            "s1/pages/HOME.html",
            "s1/pages/home",
            "s1/versions/home/1.html",
            "s1",
            "s1/pages/%2e%2e.html",
            "..%2fsecret.txt/x",
        ] {
            assert_eq!(respond(root.path(), bad).status, 404, "{bad}");
        }
    }
}
