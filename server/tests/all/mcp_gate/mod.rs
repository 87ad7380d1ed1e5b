//! The policy gate in front of MCP clients, tried with rmcp's own client over stdio (`tandem
//! mcp`) and over streamable HTTP (`/mcp` on the daemon), against real Chromium: a shop whose
//! page tells the model to buy, a person who answers (or a client that cannot ask), and a
//! server that counts the orders really posted.

mod handover;
mod person;
mod shop;

use rmcp::ServiceExt;
use rmcp::model::{CallToolRequestParams, CallToolResult, ProtocolVersion};
use rmcp::service::{RoleClient, RunningService};
use rmcp::transport::StreamableHttpClientTransport;
use rmcp::transport::TokioChildProcess;
use rmcp::transport::streamable_http_client::StreamableHttpClientTransportConfig;
use serde_json::{Value, json};

use crate::support::TestDaemon;
use person::{Person, Reply};
use shop::Shop;

type Client = RunningService<RoleClient, Person>;

/// `tandem mcp` as a child process, with these extra arguments.
async fn over_stdio(person: Person, args: &[&str]) -> Client {
    let mut command = tokio::process::Command::new(env!("CARGO_BIN_EXE_tandem"));
    command.arg("mcp").args(args).env("TANDEM_LOG", "warn");
    let transport = TokioChildProcess::new(command).unwrap();
    person.serve(transport).await.unwrap()
}

/// The same, with what `tandem mcp` told the person on stderr at its start: every line up to
/// the one that gives the live view's address (the last it writes before it serves).
async fn over_stdio_told(person: Person, args: &[&str]) -> (Client, String) {
    use tokio::io::AsyncBufReadExt;
    let mut command = tokio::process::Command::new(env!("CARGO_BIN_EXE_tandem"));
    command.arg("mcp").args(args).env("TANDEM_LOG", "warn");
    let (transport, stderr) = TokioChildProcess::builder(command)
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    let client = person.serve(transport).await.unwrap();
    let mut lines = tokio::io::BufReader::new(stderr.unwrap()).lines();
    let mut told = String::new();
    let reading = async {
        while let Some(line) = lines.next_line().await.unwrap() {
            told.push_str(&line);
            told.push('\n');
            if line.contains("takeovers open the live view") {
                return;
            }
        }
    };
    // A cut-off only: the lines are written before `initialize` is answered.
    let read = tokio::time::timeout(std::time::Duration::from_secs(30), reading).await;
    assert!(
        read.is_ok(),
        "tandem mcp never gave the live view's address: {told}"
    );
    // The rest is read and dropped, so the process never writes into a closed pipe.
    tokio::spawn(async move { while let Ok(Some(_)) = lines.next_line().await {} });
    (client, told)
}

/// The daemon's `/mcp`, with the launch token.
async fn over_http(person: Person, daemon: &TestDaemon) -> Client {
    let config = StreamableHttpClientTransportConfig::with_uri(daemon.url("/mcp"))
        .auth_header(daemon.token.clone());
    let client = tandem_mcp_browser::tls::http_client(None).unwrap();
    let transport = StreamableHttpClientTransport::with_client(client, config);
    person.serve(transport).await.unwrap()
}

async fn call(client: &Client, tool: &str, arguments: Value) -> CallToolResult {
    let Value::Object(arguments) = arguments else {
        panic!("arguments must be an object")
    };
    client
        .call_tool(CallToolRequestParams::new(tool.to_owned()).with_arguments(arguments))
        .await
        .unwrap()
}

fn text(result: &CallToolResult) -> String {
    result
        .content
        .iter()
        .filter_map(|block| block.as_text().map(|text| text.text.clone()))
        .collect::<Vec<_>>()
        .join("\n")
}

/// Observes, and returns the eid of the element named `name`.
async fn eid_of(client: &Client, name: &str) -> String {
    let result = call(
        client,
        "observe",
        json!({"include_json": true, "max_tokens": 2000}),
    )
    .await;
    assert_ne!(result.is_error, Some(true), "{}", text(&result));
    let snapshot = &result.structured_content.as_ref().unwrap()["snapshot"];
    snapshot["elements"]
        .as_array()
        .unwrap()
        .iter()
        .find(|element| element["name"] == name)
        .unwrap_or_else(|| panic!("no element named {name}: {snapshot}"))["eid"]
        .as_str()
        .unwrap()
        .to_owned()
}

fn refusal(result: &CallToolResult) -> (String, String) {
    assert_eq!(
        result.is_error,
        Some(true),
        "expected a refusal: {}",
        text(result)
    );
    let body = result.structured_content.as_ref().unwrap();
    (
        body["error"].as_str().unwrap_or_default().to_owned(),
        body["rule"].as_str().unwrap_or_default().to_owned(),
    )
}

/// Clicks "Buy now", which must be refused with `code` under the purchase rule; what it said.
async fn buy_refused(client: &Client, code: &str) -> String {
    let buy = eid_of(client, "Buy now").await;
    let refused = call(client, "click", json!({"eid": buy})).await;
    let (got, rule) = refusal(&refused);
    assert_eq!((got.as_str(), rule.as_str()), (code, "confirm-purchase"));
    text(&refused)
}

/// The purchase with an injected instruction: asked with the card's facts; cancelled or
/// declined, nothing is posted; accepted, exactly one order is.
async fn purchase_is_asked_and_decline_posts_nothing(
    client: &Client,
    person: &Person,
    shop: &Shop,
) {
    call(client, "navigate", json!({"url": shop.url("/product")})).await;

    person.will(Reply::Decline);
    let declined = buy_refused(client, "declined").await;
    assert!(declined.contains("declined"), "{declined}");
    let asked = person.asked();
    assert_eq!(asked.len(), 1, "asked once: {asked:?}");
    for shown in [
        "click the \"Buy now\" button",
        "127.0.0.1",
        "confirm-purchase",
        "purchase",
    ] {
        assert!(
            asked[0].contains(shown),
            "the question shows {shown}: {}",
            asked[0]
        );
    }
    assert!(
        !asked[0].to_lowercase().contains("ignore"),
        "page text is not the question"
    );
    assert_eq!(shop.orders(), 0, "declined: no order was posted");

    // The question dismissed without an answer: the same refusal, saying so.
    person.will(Reply::Cancel);
    let said = buy_refused(client, "declined").await;
    assert!(
        said.contains("cancelled") && said.contains("did not run"),
        "{said}"
    );
    assert_eq!(person.asked().len(), 2);
    assert_eq!(shop.orders(), 0, "cancelled: no order was posted");

    person.will(Reply::Accept { remember: false });
    let buy = eid_of(client, "Buy now").await;
    let accepted = call(client, "click", json!({"eid": buy})).await;
    assert_ne!(accepted.is_error, Some(true), "{}", text(&accepted));
    shop.wait_for_orders(1).await;
    assert_eq!(person.asked().len(), 3);
}

/// Without elicitation: refused with the rule, the host and how to allow it; nothing posted;
/// read-only tools still run.
async fn without_elicitation_refused_and_reads_run(client: &Client, person: &Person, shop: &Shop) {
    call(client, "navigate", json!({"url": shop.url("/product")})).await;
    let message = buy_refused(client, "needs_confirmation").await;
    for shown in ["127.0.0.1", "--approve-all", "policy rule"] {
        assert!(
            message.contains(shown),
            "the refusal names {shown}: {message}"
        );
    }
    assert_eq!(shop.orders(), 0);
    assert!(person.asked().is_empty());
    for (tool, arguments) in [
        ("observe", json!({})),
        ("screenshot", json!({})),
        ("list_tabs", json!({})),
        ("scroll", json!({"to": "bottom"})),
    ] {
        let result = call(client, tool, arguments).await;
        assert_ne!(result.is_error, Some(true), "{tool}: {}", text(&result));
    }
}

#[tokio::test]
async fn stdio_a_purchase_is_asked_and_declining_posts_nothing() {
    let shop = Shop::start().await;
    let person = Person::with_form();
    let client = over_stdio(person.clone(), &[]).await;
    let negotiated = client.peer_info().map(|info| info.protocol_version.clone());
    assert_eq!(negotiated, Some(ProtocolVersion::LATEST_WITH_INITIALIZE));
    purchase_is_asked_and_decline_posts_nothing(&client, &person, &shop).await;
    client.cancel().await.unwrap();
}

#[tokio::test]
async fn http_a_purchase_is_asked_and_declining_posts_nothing() {
    let shop = Shop::start().await;
    let daemon = TestDaemon::start().await;
    // A client of the oldest revision with elicitation is asked the same way.
    let person = Person::with_form().speaking(ProtocolVersion::V_2025_06_18);
    let client = over_http(person.clone(), &daemon).await;
    let negotiated = client.peer_info().map(|info| info.protocol_version.clone());
    assert_eq!(negotiated, Some(ProtocolVersion::V_2025_06_18));
    purchase_is_asked_and_decline_posts_nothing(&client, &person, &shop).await;
    client.cancel().await.unwrap();
    daemon.stop().await;
}

#[tokio::test]
async fn stdio_without_elicitation_a_purchase_is_refused_and_reads_run() {
    let shop = Shop::start().await;
    let person = Person::without_elicitation();
    let client = over_stdio(person.clone(), &[]).await;
    without_elicitation_refused_and_reads_run(&client, &person, &shop).await;
    client.cancel().await.unwrap();
}

#[tokio::test]
async fn http_without_elicitation_a_purchase_is_refused_and_reads_run() {
    let shop = Shop::start().await;
    let daemon = TestDaemon::start().await;
    let person = Person::without_elicitation();
    let client = over_http(person.clone(), &daemon).await;
    without_elicitation_refused_and_reads_run(&client, &person, &shop).await;
    client.cancel().await.unwrap();
    daemon.stop().await;
}

#[tokio::test]
async fn a_session_approval_covers_exactly_one_action() {
    let shop = Shop::start().await;
    let person = Person::with_form();
    let client = over_stdio(person.clone(), &[]).await;
    call(&client, "navigate", json!({"url": shop.url("/product")})).await;

    person.will(Reply::Accept { remember: true });
    let buy = eid_of(&client, "Buy now").await;
    call(&client, "click", json!({"eid": buy})).await;
    shop.wait_for_orders(1).await;
    assert_eq!(person.asked().len(), 1);

    // The same button, the same form values, the same page: not asked again.
    call(&client, "navigate", json!({"url": shop.url("/product")})).await;
    let buy = eid_of(&client, "Buy now").await;
    let again = call(&client, "click", json!({"eid": buy})).await;
    assert_ne!(again.is_error, Some(true), "{}", text(&again));
    shop.wait_for_orders(2).await;
    assert_eq!(
        person.asked().len(),
        1,
        "the approval covered this exact action"
    );

    // Another quantity is another action: asked again, and declined.
    call(&client, "navigate", json!({"url": shop.url("/product")})).await;
    let quantity = eid_of(&client, "Quantity").await;
    call(&client, "type", json!({"eid": quantity, "text": "3"})).await;
    person.will(Reply::Decline);
    let buy = eid_of(&client, "Buy now").await;
    let other = call(&client, "click", json!({"eid": buy})).await;
    assert_eq!(refusal(&other).0, "declined");
    assert_eq!(person.asked().len(), 2, "another action was asked about");
    assert_eq!(shop.orders(), 2);
    client.cancel().await.unwrap();
}

#[tokio::test]
async fn approve_all_runs_confirmations_but_never_denies() {
    let shop = Shop::start().await;
    let person = Person::without_elicitation();
    let (client, told) = over_stdio_told(person.clone(), &["--approve-all"]).await;
    assert!(
        told.contains("WARNING: --approve-all is on"),
        "the start warns: {told}"
    );
    assert!(
        told.contains("http://127.0.0.1:"),
        "the start gives the loopback live view: {told}"
    );
    call(&client, "navigate", json!({"url": shop.url("/product")})).await;
    let buy = eid_of(&client, "Buy now").await;
    let bought = call(&client, "click", json!({"eid": buy})).await;
    assert_ne!(bought.is_error, Some(true), "{}", text(&bought));
    shop.wait_for_orders(1).await;

    call(&client, "navigate", json!({"url": shop.url("/bank")})).await;
    let transfer = eid_of(&client, "Send money").await;
    let denied = call(&client, "click", json!({"eid": transfer})).await;
    assert_eq!(
        refusal(&denied),
        ("policy_denied".to_owned(), "deny-money-transfer".to_owned())
    );
    assert_eq!(shop.transfers(), 0);
    client.cancel().await.unwrap();
}
