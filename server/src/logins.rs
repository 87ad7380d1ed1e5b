//! Saved logins: each project's browser state (cookies and local storage,
//! [`SavedBrowserState`]) in its own file, `{store_dir}/logins/{project}.json`, outside the
//! project database (docs/architecture.md says why).
//!
//! Contract: the folder is owner-only (0700) and every file is written owner-only (0600), whole:
//! to a temporary file in the same folder, synced, then renamed over the old one, so a crash or a
//! failed write leaves the last good state. No value of a file is ever logged; errors name the
//! project and the operation only. An empty state removes the file.

use std::io::Write as _;
use std::path::{Path, PathBuf};

use tandem_mcp_browser::SavedBrowserState;

use crate::store::check_id;

/// Why saved logins could not be read, written or removed.
#[derive(Debug, thiserror::Error)]
pub enum LoginsError {
    #[error("the saved logins of project {project} could not be {operation}: {source}")]
    Io {
        project: String,
        operation: &'static str,
        source: std::io::Error,
    },
    /// The file is not a saved state (damaged or from elsewhere): it is left as it is.
    #[error("the saved logins of project {project} are unreadable (kept as they are)")]
    Unreadable { project: String },
    #[error(transparent)]
    BadId(#[from] crate::store::StoreError),
    /// The work was cut short (the runtime is stopping).
    #[error("saving or reading logins was interrupted")]
    Interrupted,
}

/// Runs vault work on the blocking pool.
pub async fn off_thread<T: Send + 'static>(
    work: impl FnOnce() -> Result<T, LoginsError> + Send + 'static,
) -> Result<T, LoginsError> {
    tokio::task::spawn_blocking(work)
        .await
        .map_err(|_| LoginsError::Interrupted)?
}

/// Where the projects' logins are kept.
#[derive(Debug, Clone)]
pub struct LoginVault {
    dir: PathBuf,
}

impl LoginVault {
    /// The vault under `store_dir` (`{store_dir}/logins`); the folder is made on first save.
    pub fn new(store_dir: &Path) -> Self {
        Self {
            dir: store_dir.join("logins"),
        }
    }

    /// The file of project `id`.
    pub fn path(&self, id: &str) -> Result<PathBuf, LoginsError> {
        check_id(id)?;
        Ok(self.dir.join(format!("{id}.json")))
    }

    /// The project's saved state, `None` when it has none.
    pub fn load(&self, id: &str) -> Result<Option<SavedBrowserState>, LoginsError> {
        let path = self.path(id)?;
        let text = match std::fs::read(&path) {
            Ok(text) => text,
            Err(error) if error.kind() == std::io::ErrorKind::NotFound => return Ok(None),
            Err(source) => return Err(io(id, "read", source)),
        };
        serde_json::from_slice(&text)
            .map(Some)
            .map_err(|_| LoginsError::Unreadable {
                project: id.to_owned(),
            })
    }

    /// Whether the project has saved logins.
    pub fn has(&self, id: &str) -> bool {
        self.path(id).is_ok_and(|path| path.is_file())
    }

    /// Replaces the project's saved state, whole (an empty one removes it).
    pub fn save(&self, id: &str, state: &SavedBrowserState) -> Result<(), LoginsError> {
        if state.is_empty() {
            return self.forget(id);
        }
        let path = self.path(id)?;
        private_dir(&self.dir).map_err(|source| io(id, "saved", source))?;
        let bytes = serde_json::to_vec(state).map_err(|source| io(id, "saved", source.into()))?;
        let mut file = private_temp_file(&self.dir).map_err(|source| io(id, "saved", source))?;
        file.write_all(&bytes)
            .and_then(|()| file.as_file().sync_all())
            .map_err(|source| io(id, "saved", source))?;
        file.persist(&path)
            .map_err(|error| io(id, "saved", error.error))?;
        Ok(())
    }

    /// Removes the project's saved state (nothing to do when it has none).
    pub fn forget(&self, id: &str) -> Result<(), LoginsError> {
        match std::fs::remove_file(self.path(id)?) {
            Ok(()) => Ok(()),
            Err(error) if error.kind() == std::io::ErrorKind::NotFound => Ok(()),
            Err(source) => Err(io(id, "removed", source)),
        }
    }
}

fn io(project: &str, operation: &'static str, source: std::io::Error) -> LoginsError {
    LoginsError::Io {
        project: project.to_owned(),
        operation,
        source,
    }
}

/// Makes `dir`, owner-only on Unix.
fn private_dir(dir: &Path) -> std::io::Result<()> {
    std::fs::create_dir_all(dir)?;
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        std::fs::set_permissions(dir, std::fs::Permissions::from_mode(0o700))?;
    }
    Ok(())
}

/// A temporary file in `dir`, owner-only from its creation on Unix.
fn private_temp_file(dir: &Path) -> std::io::Result<tempfile::NamedTempFile> {
    let mut builder = tempfile::Builder::new();
    builder.prefix(".logins-").suffix(".tmp");
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        builder.permissions(std::fs::Permissions::from_mode(0o600));
    }
    builder.tempfile_in(dir)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn state(value: &str) -> SavedBrowserState {
        serde_json::from_value(serde_json::json!({
            "cookies": [{"name": "sid", "value": value, "domain": "shop.test"}],
            "local_storage": {}
        }))
        .unwrap()
    }

    #[test]
    fn a_saved_state_is_owner_only_replaced_whole_and_forgotten() {
        let dir = tempfile::tempdir().unwrap();
        let vault = LoginVault::new(dir.path());
        assert_eq!(vault.load("p1").unwrap(), None);
        vault.save("p1", &state("first")).unwrap();
        vault.save("p1", &state("second")).unwrap();
        assert_eq!(vault.load("p1").unwrap(), Some(state("second")));
        #[cfg(unix)]
        {
            use std::os::unix::fs::PermissionsExt;
            let mode = |path: &Path| std::fs::metadata(path).unwrap().permissions().mode() & 0o777;
            assert_eq!(mode(&vault.path("p1").unwrap()), 0o600);
            assert_eq!(mode(&dir.path().join("logins")), 0o700);
        }
        // Only the state's file is in the folder: no temporary file left behind.
        let names: Vec<_> = std::fs::read_dir(dir.path().join("logins"))
            .unwrap()
            .map(|entry| entry.unwrap().file_name())
            .collect();
        assert_eq!(names, vec![std::ffi::OsString::from("p1.json")]);
        assert!(vault.has("p1"));
        vault.forget("p1").unwrap();
        assert!(!vault.has("p1"));
        vault.forget("p1").unwrap();
    }

    #[test]
    fn a_damaged_file_is_refused_and_kept_and_a_bad_id_names_no_path() {
        let dir = tempfile::tempdir().unwrap();
        let vault = LoginVault::new(dir.path());
        private_dir(&dir.path().join("logins")).unwrap();
        std::fs::write(vault.path("p1").unwrap(), b"{not json").unwrap();
        assert!(matches!(
            vault.load("p1"),
            Err(LoginsError::Unreadable { .. })
        ));
        assert!(vault.has("p1"));
        assert!(vault.path("../etc").is_err());
    }
}
