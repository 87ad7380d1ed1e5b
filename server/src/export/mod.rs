//! `tandem export PROJECT DIR`: a project's site as a plain static folder that opens from disk.
//!
//! In: the project's site folder (`{sites_dir}/{project}/`, written by the site studio). Out:
//! `DIR/pages/*.html` (the current version of every page), `DIR/design-system.css`, any
//! `images/` or `assets/` folder, and `DIR/index.html`, which opens the home page. The pages
//! already link to each other and to the design system with relative links (`contact.html`,
//! `../design-system.css`), so the folder works from `file://` in any browser. The Product Doc,
//! the validation notes and the page versions are the studio's own and are not exported.

use std::path::{Path, PathBuf};

use clap::Args;

/// `tandem export` arguments.
#[derive(Debug, Clone, Args)]
pub struct ExportArgs {
    /// The project's id (its session id, as the chat page and `projects` list it).
    pub project: String,
    /// The folder to write (made if missing; existing files of the same names are replaced).
    pub dir: PathBuf,
}

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

/// Writes the site of `project` (under `sites_root`) to `dir`; answers the pages written.
pub fn export_site(
    sites_root: &Path,
    project: &str,
    dir: &Path,
) -> Result<Vec<String>, ExportError> {
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
    std::fs::create_dir_all(dir.join("pages"))?;
    let mut written = Vec::new();
    for page in &pages {
        if let Some(name) = page.file_name() {
            std::fs::copy(page, dir.join("pages").join(name))?;
            written.push(name.to_string_lossy().into_owned());
        }
    }
    let css = site.join("design-system.css");
    if css.exists() {
        std::fs::copy(&css, dir.join("design-system.css"))?;
    }
    for folder in ASSET_FOLDERS {
        copy_folder(&site.join(folder), &dir.join(folder))?;
    }
    let home = if written.iter().any(|p| p == "home.html") {
        "home.html".to_owned()
    } else {
        written[0].clone()
    };
    std::fs::write(dir.join("index.html"), index_page(&home))?;
    Ok(written)
}

/// Copies a folder's files and subfolders (nothing when it does not exist).
fn copy_folder(from: &Path, to: &Path) -> std::io::Result<()> {
    let Ok(entries) = std::fs::read_dir(from) else {
        return Ok(());
    };
    std::fs::create_dir_all(to)?;
    for entry in entries.flatten() {
        let path = entry.path();
        if path.is_dir() {
            copy_folder(&path, &to.join(entry.file_name()))?;
        } else {
            std::fs::copy(&path, to.join(entry.file_name()))?;
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
