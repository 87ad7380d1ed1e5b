//! [`SiteStore`]: one session's site files under `{root}/{session}/`.
//!
//! Layout: `pages/{slug}.html`, `design-system.css`, and every write's numbered copy under
//! `versions/{slug}/{n}.html` (`versions/design-system/{n}.css`), `n` counting from 1. Pages link
//! the design system as `../design-system.css`, which is right both on disk and where the files
//! are served (`/sites/{session}/pages/{slug}.html`). Sizes and the number of pages are bounded;
//! a refused write writes nothing. Writes go through a temporary file and a rename, so a reader
//! never sees half a page.

use std::path::{Path, PathBuf};
use std::time::UNIX_EPOCH;

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use super::error::SiteError;
use super::slug::{Slug, is_session_key};

/// Largest page, in bytes.
pub const MAX_PAGE_BYTES: usize = 256 * 1024;
/// Largest design system, in bytes.
pub const MAX_CSS_BYTES: usize = 128 * 1024;
/// Most pages per session.
pub const MAX_PAGES: usize = 50;
/// The design system's file name, beside `pages/`.
pub const DESIGN_SYSTEM_FILE: &str = "design-system.css";
/// Where a page finds the design system.
pub const DESIGN_SYSTEM_HREF: &str = "../design-system.css";

/// One page as `list_pages` reports it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct PageInfo {
    pub slug: String,
    /// The page's `<title>` (empty when it has none).
    pub title: String,
    pub bytes: u64,
    /// How many times the page was written (1 for a new page).
    pub version: u32,
    /// Last write, seconds since the Unix epoch.
    pub modified_unix: u64,
    /// The one-line summary of the page's latest `validate_html`, if it was validated.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub validation: Option<String>,
}

/// The files of one session.
#[derive(Debug, Clone)]
pub struct SiteStore {
    dir: PathBuf,
    session: String,
}

impl SiteStore {
    /// The store of `session` under `root`. The session key must be one folder name.
    pub fn new(root: &Path, session: &str) -> Result<Self, SiteError> {
        if !is_session_key(session) {
            return Err(SiteError::InvalidArgument(format!(
                "session key `{session}` is not a folder name"
            )));
        }
        Ok(Self {
            dir: root.join(session),
            session: session.to_owned(),
        })
    }

    pub fn session(&self) -> &str {
        &self.session
    }

    /// The session's folder.
    pub fn dir(&self) -> &Path {
        &self.dir
    }

    pub fn page_path(&self, slug: &Slug) -> PathBuf {
        self.dir.join("pages").join(format!("{slug}.html"))
    }

    pub fn design_system_path(&self) -> PathBuf {
        self.dir.join(DESIGN_SYSTEM_FILE)
    }

    pub fn exists(&self, slug: &Slug) -> bool {
        self.page_path(slug).is_file()
    }

    /// The page's HTML.
    pub fn read_page(&self, slug: &Slug) -> Result<String, SiteError> {
        match std::fs::read_to_string(self.page_path(slug)) {
            Ok(html) => Ok(html),
            Err(error) if error.kind() == std::io::ErrorKind::NotFound => {
                Err(SiteError::NoSuchPage(slug.to_string()))
            }
            Err(error) => Err(error.into()),
        }
    }

    /// Writes the page (keeping a numbered copy) and returns what `list_pages` would say of it.
    pub fn write_page(&self, slug: &Slug, html: &str) -> Result<PageInfo, SiteError> {
        bounded(&format!("page `{slug}`"), html, MAX_PAGE_BYTES)?;
        if !self.exists(slug) && self.slugs()?.len() >= MAX_PAGES {
            return Err(SiteError::TooManyPages(MAX_PAGES));
        }
        let version = self.keep_version(slug.as_str(), "html", html)?;
        write_atomically(&self.page_path(slug), html)?;
        tracing::debug!(session = %self.session, %slug, version, "page written");
        self.info(slug, version)
    }

    /// The design system's CSS, if one was made.
    pub fn read_design_system(&self) -> Result<Option<String>, SiteError> {
        match std::fs::read_to_string(self.design_system_path()) {
            Ok(css) => Ok(Some(css)),
            Err(error) if error.kind() == std::io::ErrorKind::NotFound => Ok(None),
            Err(error) => Err(error.into()),
        }
    }

    /// Writes the design system (keeping a numbered copy); returns its version.
    pub fn write_design_system(&self, css: &str) -> Result<u32, SiteError> {
        bounded("design-system.css", css, MAX_CSS_BYTES)?;
        let version = self.keep_version("design-system", "css", css)?;
        write_atomically(&self.design_system_path(), css)?;
        Ok(version)
    }

    /// The session's pages, by slug.
    pub fn list(&self) -> Result<Vec<PageInfo>, SiteError> {
        self.slugs()?
            .iter()
            .map(|slug| self.info(slug, self.version_of(slug.as_str())?))
            .collect()
    }

    /// The slugs of the pages on disk, sorted.
    pub fn slugs(&self) -> Result<Vec<Slug>, SiteError> {
        let entries = match std::fs::read_dir(self.dir.join("pages")) {
            Ok(entries) => entries,
            Err(error) if error.kind() == std::io::ErrorKind::NotFound => return Ok(Vec::new()),
            Err(error) => return Err(error.into()),
        };
        let mut slugs: Vec<Slug> = entries
            .filter_map(|entry| entry.ok())
            .filter_map(|entry| {
                let name = entry.file_name().into_string().ok()?;
                Slug::parse(name.strip_suffix(".html")?).ok()
            })
            .collect();
        slugs.sort();
        Ok(slugs)
    }

    fn info(&self, slug: &Slug, version: u32) -> Result<PageInfo, SiteError> {
        let path = self.page_path(slug);
        let metadata = std::fs::metadata(&path)?;
        let html = std::fs::read_to_string(&path)?;
        let modified_unix = metadata
            .modified()
            .ok()
            .and_then(|time| time.duration_since(UNIX_EPOCH).ok())
            .map_or(0, |since| since.as_secs());
        Ok(PageInfo {
            slug: slug.to_string(),
            title: title_of(&html),
            bytes: metadata.len(),
            version,
            modified_unix,
            validation: self.read_validation(slug),
        })
    }

    /// Where the site's main-task scenario is written (`tandem scenario` runs it).
    pub fn scenario_path(&self) -> PathBuf {
        self.dir.join("scenario.toml")
    }

    /// Writes the site's main-task scenario (see [`crate::site::scenario`]).
    pub fn write_scenario(&self, toml: &str) -> Result<(), SiteError> {
        bounded("scenario.toml", toml, MAX_CSS_BYTES)?;
        write_atomically(&self.scenario_path(), toml)
    }

    /// Keeps the summary of the page's latest validation (shown by `list_pages` and the UI).
    pub fn write_validation(&self, slug: &Slug, summary: &str) -> Result<(), SiteError> {
        let line: String = summary
            .lines()
            .next()
            .unwrap_or_default()
            .chars()
            .take(500)
            .collect();
        write_atomically(
            &self.dir.join("validation").join(format!("{slug}.txt")),
            &line,
        )
    }

    fn read_validation(&self, slug: &Slug) -> Option<String> {
        std::fs::read_to_string(self.dir.join("validation").join(format!("{slug}.txt"))).ok()
    }

    fn versions_dir(&self, name: &str) -> PathBuf {
        self.dir.join("versions").join(name)
    }

    /// How many numbered copies `name` has.
    fn version_of(&self, name: &str) -> Result<u32, SiteError> {
        match std::fs::read_dir(self.versions_dir(name)) {
            Ok(entries) => Ok(u32::try_from(entries.count()).unwrap_or(u32::MAX)),
            Err(error) if error.kind() == std::io::ErrorKind::NotFound => Ok(0),
            Err(error) => Err(error.into()),
        }
    }

    fn keep_version(&self, name: &str, extension: &str, content: &str) -> Result<u32, SiteError> {
        let version = self.version_of(name)?.saturating_add(1);
        let path = self
            .versions_dir(name)
            .join(format!("{version}.{extension}"));
        write_atomically(&path, content)?;
        Ok(version)
    }
}

/// The text of the first `<title>`, entities left as written.
pub fn title_of(html: &str) -> String {
    let lower = html.to_ascii_lowercase();
    let Some(start) = lower.find("<title") else {
        return String::new();
    };
    let Some(open_end) = lower[start..].find('>').map(|i| start + i + 1) else {
        return String::new();
    };
    let Some(close) = lower[open_end..].find("</title>").map(|i| open_end + i) else {
        return String::new();
    };
    html[open_end..close].trim().to_owned()
}

fn bounded(what: &str, content: &str, limit: usize) -> Result<(), SiteError> {
    if content.len() > limit {
        return Err(SiteError::TooLarge {
            what: what.to_owned(),
            bytes: content.len(),
            limit,
        });
    }
    Ok(())
}

fn write_atomically(path: &Path, content: &str) -> Result<(), SiteError> {
    let folder = path
        .parent()
        .ok_or_else(|| SiteError::Storage(format!("{} has no folder", path.display())))?;
    std::fs::create_dir_all(folder)?;
    let mut temporary = tempfile::NamedTempFile::new_in(folder)?;
    std::io::Write::write_all(&mut temporary, content.as_bytes())?;
    temporary
        .persist(path)
        .map_err(|error| SiteError::Storage(error.to_string()))?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn store() -> (tempfile::TempDir, SiteStore) {
        let root = tempfile::tempdir().unwrap();
        let store = SiteStore::new(root.path(), "s1").unwrap();
        (root, store)
    }

    #[test]
    fn every_write_keeps_a_numbered_version() {
        let (_root, store) = store();
        let slug = Slug::parse("menu").unwrap();
        let first = store.write_page(&slug, "<title>Menu</title>one").unwrap();
        let second = store.write_page(&slug, "<title>Menu</title>two").unwrap();
        assert_eq!((first.version, second.version), (1, 2));
        assert_eq!(second.title, "Menu");
        assert_eq!(store.read_page(&slug).unwrap(), "<title>Menu</title>two");
        let kept = store.dir().join("versions/menu/1.html");
        assert_eq!(
            std::fs::read_to_string(kept).unwrap(),
            "<title>Menu</title>one"
        );
        assert_eq!(store.list().unwrap(), vec![second]);
    }

    #[test]
    fn oversized_pages_write_nothing() {
        let (_root, store) = store();
        let slug = Slug::parse("big").unwrap();
        let refused = store.write_page(&slug, &"x".repeat(MAX_PAGE_BYTES + 1));
        assert!(matches!(refused, Err(SiteError::TooLarge { .. })));
        assert!(!store.dir().exists());
    }

    #[test]
    fn a_session_key_must_be_one_folder() {
        let root = tempfile::tempdir().unwrap();
        assert!(SiteStore::new(root.path(), "../other").is_err());
    }
}
