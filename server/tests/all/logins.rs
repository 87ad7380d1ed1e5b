//! Logins that last: a person logs in through a takeover on a local login page that keeps a
//! session cookie and a name in local storage; after a daemon restart the reopened project's
//! page is still logged in. The saved state is owner-only, outside the database, and gone after
//! "forget logins" and after the project is deleted.
#![allow(clippy::expect_used, clippy::unwrap_used)] // a failed expectation is the test failing

use std::path::Path;
use std::sync::Arc;

use support::{TestDaemon, WAIT, WsClient};
use tandem_agent::sign_in_again::asked_again;
use tandem_mcp_browser::McpBrowserClient;
use tandem_mcp_browser::server::BrowserServer;
use tandem_protocol::{AgentQuestionKind, ClientMessage, PointerButton, ServerMessage, UserInput};
use tandem_server::Config;
use tandem_server::session::Session;
use tandem_tests::FixtureSite;

use crate::support;
use crate::support::ui::snapshot;
use crate::takeover::centre_of;

fn config_in(dir: &Path) -> Config {
    let mut config = Config::default();
    config.sessions.store_dir = Some(dir.join("store"));
    config
}

fn click_at((x, y): (f64, f64)) -> UserInput {
    UserInput::Click {
        x,
        y,
        button: PointerButton::Left,
        count: 1,
    }
}

/// The person, who has the browser, logs in on the account page as ada and hands back.
async fn log_in_and_hand_back(client: &mut WsClient, session: &Session) {
    let username = centre_of(session, "Username").await;
    let password = centre_of(session, "Password").await;
    let log_in = centre_of(session, "Log in").await;
    client
        .send(&ClientMessage::Input {
            events: vec![
                click_at(username),
                UserInput::Text { text: "ada".into() },
                click_at(password),
                UserInput::Text {
                    text: "hunter2".into(),
                },
                click_at(log_in),
            ],
        })
        .await;
    page_titled(session, "Account: signed in as ada").await;
    client
        .send(&ClientMessage::HandBack { message: None })
        .await;
    client
        .wait_for(|f| matches!(f, ServerMessage::Takeover { active: false }))
        .await;
}

/// Waits until the session's page has this title (the page's own answer to the login).
async fn page_titled(session: &Session, title: &str) {
    let server = BrowserServer::with_session(Arc::clone(&session.browser));
    let eyes = McpBrowserClient::in_process(server).await.unwrap();
    let seen = tokio::time::timeout(WAIT, async {
        loop {
            if snapshot(&eyes).await.title == title {
                return;
            }
            tokio::task::yield_now().await;
        }
    })
    .await;
    assert!(seen.is_ok(), "the page never showed {title:?}");
}

/// Asks the agent to open `url`: the title of its first observation of the page (the run
/// ending first fails), once the run is done.
async fn title_after_opening(client: &mut WsClient, url: &str) -> String {
    client
        .send(&ClientMessage::UserMessage {
            text: format!("open {url}"),
        })
        .await;
    let title = match client
        .wait_for(|f| match f {
            ServerMessage::Observation { url: seen, .. } => seen == url,
            ServerMessage::RunFinished { .. } => true,
            _ => false,
        })
        .await
    {
        ServerMessage::Observation { title, .. } => title,
        ServerMessage::RunFinished { outcome, text, .. } => {
            panic!("the run ended ({outcome:?}: {text}) before the page was seen")
        }
        _ => unreachable!(),
    };
    client.expect_done().await;
    title
}

/// The `projects` frame answering `op`, or the error it got.
async fn project_op(client: &mut WsClient, op: ClientMessage) -> ServerMessage {
    client.send(&op).await;
    client
        .wait_for(|f| {
            matches!(
                f,
                ServerMessage::Projects { .. } | ServerMessage::Error { .. }
            )
        })
        .await
}

fn has_logins(frame: &ServerMessage, id: &str) -> bool {
    match frame {
        ServerMessage::Projects { projects } => {
            projects
                .iter()
                .find(|p| p.id == id)
                .expect("the project is listed")
                .has_logins
        }
        other => panic!("{other:?}"),
    }
}

/// Every file under `dir` whose bytes contain `needle`.
fn files_containing(dir: &Path, needle: &[u8]) -> Vec<std::path::PathBuf> {
    let mut found = Vec::new();
    for entry in std::fs::read_dir(dir).unwrap().flatten() {
        let path = entry.path();
        if path.is_dir() {
            found.extend(files_containing(&path, needle));
        } else if std::fs::read(&path)
            .unwrap()
            .windows(needle.len())
            .any(|w| w == needle)
        {
            found.push(path);
        }
    }
    found
}

#[cfg(unix)]
fn mode(path: &Path) -> u32 {
    use std::os::unix::fs::PermissionsExt;
    std::fs::metadata(path).unwrap().permissions().mode() & 0o777
}

#[tokio::test]
async fn a_login_made_in_a_takeover_lasts_across_a_restart_until_it_is_forgotten() {
    let site = FixtureSite::start().await.unwrap();
    let dir = tempfile::tempdir().unwrap();
    let store = dir.path().join("store");
    let account = site.url("/account.html");

    // The person logs in on the page by taking over, and hands back.
    let daemon = TestDaemon::start_with(config_in(dir.path())).await;
    let mut client = daemon.client().await;
    let project = client.session_id().await;
    let session = daemon.state.sessions.get(&project).unwrap();
    client
        .send(&ClientMessage::UserMessage {
            text: format!("open {account}"),
        })
        .await;
    client.expect_done().await;
    client.send(&ClientMessage::Takeover { reason: None }).await;
    client
        .wait_for(|f| matches!(f, ServerMessage::Takeover { active: true }))
        .await;
    log_in_and_hand_back(&mut client, &session).await;
    drop((client, session));
    daemon.stop().await;

    // Saved in its own owner-only file, and nowhere else in the data folder.
    let saved = store.join("logins").join(format!("{project}.json"));
    let text = std::fs::read_to_string(&saved).expect("the logins were saved");
    let at = text.find("tok").expect("the session cookie is saved");
    let cookie = &text[at..at + 27];
    assert_eq!(
        files_containing(&store, cookie.as_bytes()),
        vec![saved.clone()]
    );
    #[cfg(unix)]
    assert_eq!(
        (mode(&saved), mode(saved.parent().unwrap())),
        (0o600, 0o700)
    );

    // After a restart the reopened project's page is still logged in.
    let restarted = TestDaemon::start_with(config_in(dir.path())).await;
    let mut client = restarted.open_project(&project).await;
    assert_eq!(client.session_id().await, project);
    assert_eq!(
        title_after_opening(&mut client, &account).await,
        "Account: signed in as ada"
    );
    let listed = project_op(&mut client, ClientMessage::Projects {}).await;
    assert!(has_logins(&listed, &project));

    // Forgetting the logins removes the file and logs the live browser out.
    let forgot = project_op(
        &mut client,
        ClientMessage::ForgetLogins {
            project_id: project.clone(),
        },
    )
    .await;
    assert!(!has_logins(&forgot, &project), "{forgot:?}");
    assert!(!saved.exists());
    assert_eq!(
        title_after_opening(&mut client, &account).await,
        "Account: log in"
    );

    // Deleting the project removes its saved logins.
    let project_again = project.clone();
    std::fs::write(&saved, &text).unwrap();
    let deleted = project_op(
        &mut client,
        ClientMessage::DeleteProject {
            project_id: project_again,
        },
    )
    .await;
    assert!(
        matches!(deleted, ServerMessage::Projects { .. }),
        "{deleted:?}"
    );
    assert!(!saved.exists(), "deleted with the project");
    restarted.stop().await;
}

#[tokio::test]
async fn a_login_lost_since_is_said_and_handed_over_and_the_run_goes_on_signed_in() {
    let site = FixtureSite::start().await.unwrap();
    let dir = tempfile::tempdir().unwrap();
    let account = site.url("/account.html");
    let host = url::Url::parse(&account)
        .unwrap()
        .host_str()
        .unwrap()
        .to_owned();
    let daemon = TestDaemon::start_with(config_in(dir.path())).await;
    let mut client = daemon.client().await;
    let project = client.session_id().await;
    let session = daemon.state.sessions.get(&project).unwrap();

    // Never signed in here: the login form is only a page, and the run ends done.
    assert_eq!(
        title_after_opening(&mut client, &account).await,
        "Account: log in"
    );
    // The person signs in through a takeover; the project keeps the login.
    client.send(&ClientMessage::Takeover { reason: None }).await;
    client
        .wait_for(|f| matches!(f, ServerMessage::Takeover { active: true }))
        .await;
    log_in_and_hand_back(&mut client, &session).await;
    let saved = tokio::time::timeout(WAIT, async {
        while !has_logins(
            &project_op(&mut client, ClientMessage::Projects {}).await,
            &project,
        ) {}
    })
    .await;
    assert!(saved.is_ok(), "the login was never saved");

    // The site's session has expired since: opening the page, the agent says the login was
    // lost and hands the browser over.
    let asked = client
        .ask(format!(
            "open {account}?expired then wait for \"Signed in as ada\""
        ))
        .await;
    assert_eq!(asked.kind, AgentQuestionKind::Manual, "{asked:?}");
    assert!(
        asked.reason.starts_with(&asked_again(&host)),
        "{}",
        asked.reason
    );
    client
        .wait_for(|f| matches!(f, ServerMessage::Takeover { active: true }))
        .await;

    // The person signs in again and hands back: the run goes on to its next step, which sees
    // the page signed in, and ends done.
    log_in_and_hand_back(&mut client, &session).await;
    client.expect_done().await;
    page_titled(&session, "Account: signed in as ada").await;
    drop((client, session));
    daemon.stop().await;
}
