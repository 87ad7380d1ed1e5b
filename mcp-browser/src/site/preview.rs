//! The preview server: a loopback, read-only HTTP server for the site files, so the browser
//! (and `validate_html`) opens pages over `http://127.0.0.1:{port}/sites/{session}/…` wherever
//! the tools run — in the daemon, `tandem run` or `tandem mcp` alike.
//!
//! It answers `GET` and `HEAD` only, through [`super::serve::respond`] (so the same names,
//! 404s and sandboxing CSP as the daemon's route), one request per connection. One server per
//! sites folder and process, started on first use on a thread of its own with its own runtime:
//! it lives as long as the process, never as long as the runtime of the call that started it
//! (a test's runtime ends with the test, while another test still holds the address).

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::{Mutex, OnceLock};

use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::{TcpListener, TcpStream};

use super::error::SiteError;
use super::serve::{SiteResponse, respond};

/// Largest request head read, in bytes.
const MAX_REQUEST_BYTES: usize = 8 * 1024;

/// A running preview server: its base address and the thread that answers it.
struct Preview {
    url: String,
    thread: std::thread::JoinHandle<()>,
}

fn servers() -> &'static Mutex<HashMap<PathBuf, Preview>> {
    static SERVERS: OnceLock<Mutex<HashMap<PathBuf, Preview>>> = OnceLock::new();
    SERVERS.get_or_init(Mutex::default)
}

/// The address of the live server for `root`, if there is one.
fn live(map: &HashMap<PathBuf, Preview>, root: &Path) -> Option<String> {
    map.get(root)
        .filter(|preview| !preview.thread.is_finished())
        .map(|preview| preview.url.clone())
}

/// The base address (`http://127.0.0.1:port/sites`) serving `root`, started if needed.
pub async fn base_url(root: &Path) -> Result<String, SiteError> {
    if let Some(url) = servers().lock().ok().and_then(|map| live(&map, root)) {
        return Ok(url);
    }
    let listener = std::net::TcpListener::bind(("127.0.0.1", 0))?;
    listener.set_nonblocking(true)?;
    let url = format!("http://{}/sites", listener.local_addr()?);
    let mut map = servers()
        .lock()
        .map_err(|_| SiteError::Storage("the preview registry is poisoned".into()))?;
    // Another call may have started one meanwhile: keep theirs, drop ours.
    if let Some(existing) = live(&map, root) {
        return Ok(existing);
    }
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()?;
    let served = root.to_path_buf();
    let thread = std::thread::Builder::new()
        .name("site-preview".into())
        .spawn(move || runtime.block_on(serve(listener, served)))?;
    map.insert(
        root.to_path_buf(),
        Preview {
            url: url.clone(),
            thread,
        },
    );
    drop(map);
    tracing::info!(%url, "site preview server started");
    Ok(url)
}

/// Answers `listener` for `root` until the process ends.
async fn serve(listener: std::net::TcpListener, root: PathBuf) {
    let listener = match TcpListener::from_std(listener) {
        Ok(listener) => listener,
        Err(error) => {
            tracing::warn!(%error, "the preview server could not listen");
            return;
        }
    };
    loop {
        match listener.accept().await {
            Ok((stream, _)) => {
                let root = root.clone();
                tokio::spawn(async move {
                    if let Err(error) = answer(stream, &root).await {
                        tracing::debug!(%error, "a preview request failed");
                    }
                });
            }
            Err(error) => tracing::warn!(%error, "the preview server could not accept"),
        }
    }
}

async fn answer(mut stream: TcpStream, root: &Path) -> std::io::Result<()> {
    let mut head = Vec::new();
    let mut buffer = [0u8; 1024];
    while !head.windows(4).any(|w| w == b"\r\n\r\n") && head.len() < MAX_REQUEST_BYTES {
        let read = stream.read(&mut buffer).await?;
        if read == 0 {
            break;
        }
        head.extend_from_slice(&buffer[..read]);
    }
    let text = String::from_utf8_lossy(&head);
    let mut words = text.lines().next().unwrap_or_default().split_whitespace();
    let (method, target) = (
        words.next().unwrap_or_default(),
        words.next().unwrap_or_default(),
    );
    let path = target.split(['?', '#']).next().unwrap_or_default();
    let response = match (method, path.strip_prefix("/sites/")) {
        ("GET" | "HEAD", Some(rest)) => respond(root, rest),
        _ => SiteResponse {
            status: if matches!(method, "GET" | "HEAD") {
                404
            } else {
                405
            },
            content_type: "text/plain; charset=utf-8",
            body: b"not found".to_vec(),
        },
    };
    let reason = match response.status {
        200 => "OK",
        404 => "Not Found",
        _ => "Method Not Allowed",
    };
    let mut reply = format!(
        "HTTP/1.1 {} {reason}\r\nContent-Type: {}\r\nContent-Length: {}\r\nConnection: close\r\n",
        response.status,
        response.content_type,
        response.body.len()
    );
    for (name, value) in SiteResponse::headers() {
        reply.push_str(&format!("{name}: {value}\r\n"));
    }
    reply.push_str("\r\n");
    stream.write_all(reply.as_bytes()).await?;
    if method != "HEAD" {
        stream.write_all(&response.body).await?;
    }
    stream.shutdown().await
}
