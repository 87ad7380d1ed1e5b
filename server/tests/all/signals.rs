//! A signal stops `tandem mcp` and `tandem run` cleanly: the browser they launched exits with
//! them, instead of running on without a parent (MCP clients stop their servers with SIGTERM).
//! Even SIGKILL, which leaves no chance to clean up, takes the browser (and its profile folder)
//! of `tandem mcp` and `tandem serve` with it.
#![cfg(target_os = "linux")]
#![allow(clippy::expect_used, clippy::unwrap_used)] // a failed expectation is the test failing

use std::process::Stdio;
use std::time::{Duration, Instant};

use serde_json::{Value, json};
use tandem_tests::FixtureSite;
use tokio::io::{AsyncBufReadExt, AsyncWriteExt, BufReader};
use tokio::process::{Child, ChildStdin, Command};

/// How long a process gets to appear or to go; generous for a loaded CI machine.
const DEADLINE: Duration = Duration::from_secs(30);

#[tokio::test]
async fn sigterm_stops_the_stdio_mcp_server_and_its_browser() {
    let site = FixtureSite::start().await.unwrap();
    let (mut server, _pipes) = mcp_server_with_a_browser(&site).await;

    let browser = browser_of(&server).await;
    terminate(&server).await;
    let status = tokio::time::timeout(DEADLINE, server.wait())
        .await
        .expect("tandem mcp exits on SIGTERM")
        .unwrap();
    assert!(status.success(), "{status}");
    wait_until_gone(browser).await;
}

#[tokio::test]
async fn sigterm_cancels_tandem_run_and_closes_its_browser() {
    let site = FixtureSite::start().await.unwrap();
    let goal = format!(
        "open {} then wait for \"a text this page never shows\"",
        site.url("/form.html")
    );
    let mut run = Command::new(env!("CARGO_BIN_EXE_tandem"))
        .args(["run", "--no-input", &goal])
        .env("TANDEM_LOG", "warn")
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .kill_on_drop(true)
        .spawn()
        .unwrap();

    let browser = browser_of(&run).await;
    terminate(&run).await;
    let output = tokio::time::timeout(DEADLINE, async {
        let mut text = String::new();
        let mut stdout = run.stdout.take().unwrap();
        tokio::io::AsyncReadExt::read_to_string(&mut stdout, &mut text)
            .await
            .unwrap();
        (run.wait().await.unwrap(), text)
    })
    .await
    .expect("tandem run exits on SIGTERM");
    assert_eq!(output.0.code(), Some(4), "cancelled; printed: {}", output.1);
    assert!(output.1.contains("Interrupted"), "{}", output.1);
    wait_until_gone(browser).await;
}

#[tokio::test]
async fn sigkill_of_the_stdio_mcp_server_takes_its_browser_with_it() {
    let site = FixtureSite::start().await.unwrap();
    let (mut server, _pipes) = mcp_server_with_a_browser(&site).await;

    let browser = browser_of(&server).await;
    let family = descendants(server.id().unwrap());
    let profile = profile_of(browser);
    kill_hard(&mut server).await;
    for pid in family {
        wait_until_gone(pid).await;
    }
    wait_until_removed(&profile).await;
}

#[tokio::test]
async fn sigkill_of_the_daemon_takes_its_browser_with_it() {
    use futures::{SinkExt, StreamExt};
    use tokio_tungstenite::tungstenite::Message;

    let site = FixtureSite::start().await.unwrap();
    let data = tempfile::tempdir().unwrap();
    let token = "a-test-token-of-at-least-thirty-two-characters";
    let (mut daemon, port, _stdout) = crate::support::serve_process(data.path(), token).await;

    let (mut socket, _) = tokio_tungstenite::connect_async(format!("ws://127.0.0.1:{port}/ws"))
        .await
        .unwrap();
    for frame in [
        json!({"type": "auth", "token": token}),
        json!({"type": "attach"}),
        json!({"type": "user_message", "text": format!("open {}", site.url("/form.html"))}),
    ] {
        socket
            .send(Message::Text(frame.to_string().into()))
            .await
            .unwrap();
    }
    tokio::time::timeout(DEADLINE, async {
        while let Some(Ok(message)) = socket.next().await {
            if let Message::Text(text) = message
                && serde_json::from_str::<Value>(&text).unwrap()["type"] == "run_finished"
            {
                return;
            }
        }
        panic!("the socket closed before the run finished");
    })
    .await
    .expect("the run finishes");

    let browser = browser_of(&daemon).await;
    let family = descendants(daemon.id().unwrap());
    let profile = profile_of(browser);
    kill_hard(&mut daemon).await;
    for pid in family {
        wait_until_gone(pid).await;
    }
    wait_until_removed(&profile).await;
}

/// The pipes of a stdio MCP server, kept open while it should run (closing stdin ends it).
type Pipes = (
    ChildStdin,
    tokio::io::Lines<BufReader<tokio::process::ChildStdout>>,
);

/// `tandem mcp` after a client initialised it and launched its browser on a fixture page.
async fn mcp_server_with_a_browser(site: &FixtureSite) -> (Child, Pipes) {
    let mut server = Command::new(env!("CARGO_BIN_EXE_tandem"))
        .arg("mcp")
        .env("TANDEM_LOG", "warn")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .kill_on_drop(true)
        .spawn()
        .unwrap();
    let mut stdin = server.stdin.take().unwrap();
    let mut lines = BufReader::new(server.stdout.take().unwrap()).lines();
    initialize(&mut stdin, &mut lines).await;
    send(
        &mut stdin,
        json!({"jsonrpc": "2.0", "id": 2, "method": "tools/call", "params": {
        "name": "launch", "arguments": {"url": site.url("/form.html")}}}),
    )
    .await;
    let launched = reply(&mut lines, 2).await;
    assert_eq!(launched["result"]["isError"], json!(false), "{launched}");
    (server, (stdin, lines))
}

async fn initialize(
    stdin: &mut ChildStdin,
    lines: &mut tokio::io::Lines<BufReader<tokio::process::ChildStdout>>,
) {
    send(
        stdin,
        json!({"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {
        "protocolVersion": "2025-06-18", "capabilities": {},
        "clientInfo": {"name": "signals-test", "version": "1"}}}),
    )
    .await;
    assert!(reply(lines, 1).await.get("result").is_some());
    send(
        stdin,
        json!({"jsonrpc": "2.0", "method": "notifications/initialized"}),
    )
    .await;
}

/// SIGKILL: no handler runs, nothing is cleaned up by the process itself.
async fn kill_hard(child: &mut Child) {
    child.start_kill().unwrap();
    tokio::time::timeout(DEADLINE, child.wait())
        .await
        .expect("a killed process exits")
        .unwrap();
}

/// Every process below `root` (children, their children...), found before it dies.
fn descendants(root: u32) -> Vec<u32> {
    let mut found = Vec::new();
    let mut parents = vec![root];
    while let Some(parent) = parents.pop() {
        for child in children(parent) {
            found.push(child);
            parents.push(child);
        }
    }
    found
}

/// The `--user-data-dir` of a browser process.
fn profile_of(browser: u32) -> std::path::PathBuf {
    let cmdline = std::fs::read(format!("/proc/{browser}/cmdline")).unwrap();
    String::from_utf8_lossy(&cmdline)
        .split('\0')
        .find_map(|arg| arg.strip_prefix("--user-data-dir="))
        .map(std::path::PathBuf::from)
        .expect("the browser names its profile")
}

/// Waits until the folder is gone. Polls: removal has no event to await.
async fn wait_until_removed(path: &std::path::Path) {
    let started = Instant::now();
    while path.exists() {
        assert!(
            started.elapsed() < DEADLINE,
            "the profile {} outlived the process that made it",
            path.display()
        );
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
}

async fn send(stdin: &mut ChildStdin, message: Value) {
    let mut line = message.to_string();
    line.push('\n');
    stdin.write_all(line.as_bytes()).await.unwrap();
    stdin.flush().await.unwrap();
}

/// The JSON-RPC response with this id (notifications in between are skipped).
async fn reply(
    lines: &mut tokio::io::Lines<BufReader<tokio::process::ChildStdout>>,
    id: u64,
) -> Value {
    tokio::time::timeout(DEADLINE, async {
        loop {
            let line = lines
                .next_line()
                .await
                .unwrap()
                .expect("the server closed stdout");
            let message: Value = serde_json::from_str(&line).unwrap();
            if message["id"] == json!(id) {
                return message;
            }
        }
    })
    .await
    .expect("a reply in time")
}

/// The pid of the browser `parent` launched: its child process whose command line names
/// Chromium. Polls /proc, which has no change event to await.
async fn browser_of(parent: &Child) -> u32 {
    let parent = parent.id().unwrap();
    let started = Instant::now();
    loop {
        if let Some(pid) = children(parent).into_iter().find(|&pid| {
            std::fs::read(format!("/proc/{pid}/cmdline"))
                .is_ok_and(|cmdline| String::from_utf8_lossy(&cmdline).contains("--user-data-dir"))
        }) {
            return pid;
        }
        assert!(
            started.elapsed() < DEADLINE,
            "no browser under pid {parent}"
        );
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
}

fn children(parent: u32) -> Vec<u32> {
    let Ok(entries) = std::fs::read_dir("/proc") else {
        return Vec::new();
    };
    entries
        .filter_map(|entry| entry.ok()?.file_name().to_str()?.parse::<u32>().ok())
        .filter(|pid| stat(*pid).is_some_and(|(_, ppid)| ppid == parent))
        .collect()
}

/// The state letter and parent pid from /proc/<pid>/stat.
fn stat(pid: u32) -> Option<(char, u32)> {
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).ok()?;
    // The command name is in parentheses and may hold spaces: fields start after the last `)`.
    let fields: Vec<&str> = stat.rsplit_once(')')?.1.split_whitespace().collect();
    Some((
        fields.first()?.chars().next()?,
        fields.get(1)?.parse().ok()?,
    ))
}

async fn terminate(child: &Child) {
    let status = Command::new("kill")
        .args(["-TERM", &child.id().unwrap().to_string()])
        .status()
        .await
        .unwrap();
    assert!(status.success());
}

/// Waits until the process is gone (a zombie nobody reaped counts as gone).
async fn wait_until_gone(pid: u32) {
    let started = Instant::now();
    while stat(pid).is_some_and(|(state, _)| state != 'Z') {
        assert!(
            started.elapsed() < DEADLINE,
            "process {pid} of the browser outlived the process that launched it"
        );
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
}
