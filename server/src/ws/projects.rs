//! The project operations of the socket: `projects` (the list), `rename_project`,
//! `delete_project` and `forget_logins`, each answered with the list to this client only (or an
//! `error`). Deleting a project closes its live session first, then removes its history and
//! memory from the store, its site folder (pages, Product Doc) and its saved logins from disk.

use std::path::Path;
use std::sync::Arc;

use tandem_protocol::{ProjectSummary, ServerMessage};

use crate::session::SessionRegistry;
use crate::store::{ProjectStore, StoreError, blocking};

/// What a project operation asks.
pub(super) enum ProjectOp {
    List,
    Rename { id: String, name: String },
    Delete { id: String },
    ForgetLogins { id: String },
}

/// Applies `op` and answers the frame for its client.
pub(super) async fn project_op(sessions: &Arc<SessionRegistry>, op: ProjectOp) -> ServerMessage {
    let Some(store) = sessions.store().cloned() else {
        return ServerMessage::error("no_projects", "this daemon keeps no projects");
    };
    let done = match op {
        ProjectOp::List => Ok(()),
        ProjectOp::Rename { id, name } => {
            let store = Arc::clone(&store);
            blocking(move || store.rename_project(&id, &name)).await
        }
        ProjectOp::Delete { id } => delete(sessions, &store, id).await,
        ProjectOp::ForgetLogins { id } => match forget_logins(sessions, &store, id).await {
            Ok(()) => Ok(()),
            Err(refusal) => return refusal,
        },
    };
    if let Err(error) = done {
        return ServerMessage::error(error.code(), error.to_string());
    }
    match list(sessions, store).await {
        Ok(projects) => ServerMessage::Projects { projects },
        Err(error) => ServerMessage::error(error.code(), error.to_string()),
    }
}

async fn delete(
    sessions: &Arc<SessionRegistry>,
    store: &Arc<dyn ProjectStore>,
    id: String,
) -> Result<(), StoreError> {
    crate::store::check_id(&id)?;
    sessions.close_project(&id).await;
    let sites = sessions.sites_dir().map(|dir| dir.join(&id));
    let logins = sessions.logins().cloned();
    let store = Arc::clone(store);
    blocking(move || {
        store.delete_project(&id)?;
        if let Some(vault) = logins
            && let Err(error) = vault.forget(&id)
        {
            return Err(StoreError::Io(std::io::Error::other(error.to_string())));
        }
        if let Some(folder) = sites
            && folder.exists()
        {
            std::fs::remove_dir_all(folder)?;
        }
        Ok(())
    })
    .await
}

/// Forgets a project's logins: refused while a run of it is going; its live session's
/// context is closed and the saved state removed. The refusal is the frame to answer.
async fn forget_logins(
    sessions: &Arc<SessionRegistry>,
    store: &Arc<dyn ProjectStore>,
    id: String,
) -> Result<(), ServerMessage> {
    let refuse = |code: &str, message: String| ServerMessage::error(code, message);
    crate::store::check_id(&id).map_err(|error| refuse(error.code(), error.to_string()))?;
    let known = {
        let (store, id) = (Arc::clone(store), id.clone());
        blocking(move || store.project(&id)).await
    };
    match known {
        Ok(Some(_)) => {}
        Ok(None) => {
            let error = StoreError::UnknownProject(id);
            return Err(refuse(error.code(), error.to_string()));
        }
        Err(error) => return Err(refuse(error.code(), error.to_string())),
    }
    let forgotten = match sessions.get(&id) {
        Some(session) if session.agent.status().lifecycle != tandem_protocol::Lifecycle::Idle => {
            return Err(refuse(
                "busy",
                "a run of this project is going; forget its logins when it has ended".into(),
            ));
        }
        Some(session) => session.forget_logins().await,
        None => match sessions.logins().cloned() {
            Some(vault) => crate::logins::off_thread(move || vault.forget(&id)).await,
            None => Ok(()),
        },
    };
    forgotten.map_err(|error| refuse("logins_failed", error.to_string()))
}

/// The projects, latest activity first, with whether each is live and has a site.
async fn list(
    sessions: &Arc<SessionRegistry>,
    store: Arc<dyn ProjectStore>,
) -> Result<Vec<ProjectSummary>, StoreError> {
    let live = sessions.ids();
    let sites = sessions.sites_dir().map(Path::to_path_buf);
    let logins = sessions.logins().cloned();
    blocking(move || {
        let projects = store.projects()?;
        Ok(projects
            .into_iter()
            .map(|project| ProjectSummary {
                live: live.contains(&project.id),
                has_site: sites
                    .as_deref()
                    .is_some_and(|sites| has_pages(&sites.join(&project.id))),
                has_logins: logins.as_ref().is_some_and(|vault| vault.has(&project.id)),
                id: project.id,
                name: project.name,
                created_at: project.created_at,
                updated_at: project.updated_at,
                runs: project.runs,
            })
            .collect())
    })
    .await
}

/// Whether a site folder holds a page.
fn has_pages(folder: &Path) -> bool {
    std::fs::read_dir(folder.join("pages")).is_ok_and(|entries| {
        entries
            .flatten()
            .any(|entry| entry.path().extension().is_some_and(|e| e == "html"))
    })
}
