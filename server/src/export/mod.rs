//! A project's site as a plain static folder that opens from disk: written to a folder by
//! `tandem export PROJECT DIR`, or packed as a zip the chat page downloads ([`download`]).
//!
//! In: the project's site folder (`{sites_dir}/{project}/`, written by the site studio). Out:
//! `pages/*.html` (the current version of every page), `design-system.css`, any `images/` or
//! `assets/` folder, and `index.html`, which opens the home page. The pages already link to each
//! other and to the design system with relative links (`contact.html`, `../design-system.css`),
//! so the folder works from `file://` in any browser. The Product Doc, the validation notes and
//! the page versions are the studio's own and are not exported.

pub mod download;
pub mod zip;

use std::path::{Path, PathBuf};

/// Why a site could not be exported.
#[derive(Debug, thiserror::Error)]
pub enum ExportError {
    #[error(transparent)]
    BadId(#[from] crate::store::StoreError),
    #[error("project `{0}` has no site: build one first (its folder has no pages)")]
    NoSite(String),
    #[error("writing the export: {0}")]
    Io(#[from] std::io::Error),
}

/// Folders of a site copied whole, besides its pages, when it has them.
const ASSET_FOLDERS: [&str; 2] = ["images", "assets"];

/// One file of an exported site: where it goes in the export (`/`-separated) and its bytes.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SiteFile {
    pub path: String,
    pub bytes: Vec<u8>,
}

/// The exported site of `project` (under `sites_root`): its files, pages first (sorted), then the
/// design system, the asset folders and `index.html`.
pub fn site_files(sites_root: &Path, project: &str) -> Result<Vec<SiteFile>, ExportError> {
    crate::store::check_id(project)?;
    let site = sites_root.join(project);
    let mut pages: Vec<PathBuf> = std::fs::read_dir(site.join("pages"))
        .map(|entries| {
            entries
                .flatten()
                .map(|e| e.path())
                .filter(|p| p.extension().is_some_and(|e| e == "html"))
                .collect()
        })
        .unwrap_or_default();
    if pages.is_empty() {
        return Err(ExportError::NoSite(project.to_owned()));
    }
    pages.sort();
    let mut files = Vec::new();
    for page in &pages {
        if let Some(name) = page.file_name() {
            files.push(SiteFile {
                path: format!("pages/{}", name.to_string_lossy()),
                bytes: std::fs::read(page)?,
            });
        }
    }
    let css = site.join("design-system.css");
    if css.exists() {
        files.push(SiteFile {
            path: "design-system.css".to_owned(),
            bytes: std::fs::read(&css)?,
        });
    }
    for folder in ASSET_FOLDERS {
        read_folder(&site.join(folder), folder, &mut files)?;
    }
    let home = if site.join("pages/home.html").exists() {
        "home.html".to_owned()
    } else {
        files[0].path.trim_start_matches("pages/").to_owned()
    };
    files.push(SiteFile {
        path: "index.html".to_owned(),
        bytes: index_page(&home).into_bytes(),
    });
    Ok(files)
}

/// Writes the site of `project` (under `sites_root`) to `dir`; answers the pages written.
pub fn export_site(
    sites_root: &Path,
    project: &str,
    dir: &Path,
) -> Result<Vec<String>, ExportError> {
    let files = site_files(sites_root, project)?;
    for file in &files {
        let to = dir.join(&file.path);
        if let Some(parent) = to.parent() {
            std::fs::create_dir_all(parent)?;
        }
        std::fs::write(to, &file.bytes)?;
    }
    Ok(files
        .iter()
        .filter_map(|file| file.path.strip_prefix("pages/"))
        .map(str::to_owned)
        .collect())
}

/// Adds a folder's files and subfolders, as `prefix/…` (nothing when it does not exist).
fn read_folder(from: &Path, prefix: &str, files: &mut Vec<SiteFile>) -> std::io::Result<()> {
    let Ok(entries) = std::fs::read_dir(from) else {
        return Ok(());
    };
    let mut entries: Vec<_> = entries.flatten().collect();
    entries.sort_by_key(|entry| entry.file_name());
    for entry in entries {
        let path = entry.path();
        let name = format!("{prefix}/{}", entry.file_name().to_string_lossy());
        if path.is_dir() {
            read_folder(&path, &name, files)?;
        } else {
            files.push(SiteFile {
                path: name,
                bytes: std::fs::read(&path)?,
            });
        }
    }
    Ok(())
}

/// The folder's `index.html`: opens the home page (`home` is a file name the studio wrote).
fn index_page(home: &str) -> String {
    format!(
        "<!doctype html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n\
         <meta http-equiv=\"refresh\" content=\"0; url=pages/{home}\">\n<title>Site</title>\n\
         </head>\n<body>\n<p><a href=\"pages/{home}\">Open the site</a></p>\n</body>\n</html>\n"
    )
}

#[cfg(test)]
mod tests {
    #![allow(clippy::expect_used, clippy::unwrap_used)]

    use super::*;

    #[test]
    fn a_site_is_exported_as_pages_design_system_images_and_an_index() {
        let sites = tempfile::tempdir().unwrap();
        let site = sites.path().join("p-1");
        std::fs::create_dir_all(site.join("pages")).unwrap();
        std::fs::create_dir_all(site.join("images")).unwrap();
        std::fs::create_dir_all(site.join("versions/home")).unwrap();
        std::fs::write(
            site.join("pages/home.html"),
            "<link href=\"../design-system.css\"><a href=\"menu.html\">Menu</a>",
        )
        .unwrap();
        std::fs::write(
            site.join("pages/menu.html"),
            "<a href=\"home.html\">Home</a>",
        )
        .unwrap();
        std::fs::write(site.join("design-system.css"), "body{}").unwrap();
        std::fs::write(site.join("images/logo.svg"), "<svg/>").unwrap();
        std::fs::write(site.join("product-doc.json"), "{}").unwrap();
        let out = tempfile::tempdir().unwrap();

        let pages = export_site(sites.path(), "p-1", out.path()).unwrap();
        assert_eq!(pages, ["home.html", "menu.html"]);
        for file in [
            "pages/home.html",
            "pages/menu.html",
            "design-system.css",
            "images/logo.svg",
            "index.html",
        ] {
            assert!(out.path().join(file).exists(), "{file}");
        }
        assert!(!out.path().join("product-doc.json").exists());
        assert!(!out.path().join("versions").exists());
        let index = std::fs::read_to_string(out.path().join("index.html")).unwrap();
        assert!(index.contains("url=pages/home.html"), "{index}");

        assert!(matches!(
            export_site(sites.path(), "p-2", out.path()),
            Err(ExportError::NoSite(_))
        ));
        assert!(matches!(
            export_site(sites.path(), "../p-1", out.path()),
            Err(ExportError::BadId(_))
        ));
    }
}
