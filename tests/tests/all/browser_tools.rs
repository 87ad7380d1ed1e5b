//! The MCP browser tools against the fixture site in real headless Chromium, through the typed
//! client over the in-process MCP transport.
#![allow(clippy::expect_used, clippy::unwrap_used)] // a failed expectation is the test failing

use tandem_mcp_browser::browser::WaitCondition;
use tandem_mcp_browser::server::params::{
    BackParams, ClickParams, KeyParams, NavigateParams, ObserveParams, SelectParams,
    SwitchTabParams, TypeParams, WaitParams,
};
use tandem_mcp_browser::snapshot::{Element, Snapshot};
use tandem_mcp_browser::{ClientError, McpBrowserClient, PageNotice};
use tandem_tests::{FixtureSite, TestBrowser};

fn find<'a>(snapshot: &'a Snapshot, role: &str, name: &str) -> &'a Element {
    snapshot
        .elements
        .iter()
        .find(|e| e.role == role && e.name.contains(name))
        .unwrap_or_else(|| panic!("no {role} named {name:?} in {:#?}", names(snapshot)))
}

fn names(snapshot: &Snapshot) -> Vec<String> {
    snapshot
        .elements
        .iter()
        .map(|e| format!("{} {} {:?}", e.eid, e.role, e.name))
        .collect()
}

async fn open(client: &McpBrowserClient, site: &FixtureSite, path: &str) -> Snapshot {
    client
        .invoke(&NavigateParams {
            url: site.url(path).to_string(),
        })
        .await
        .expect("navigate");
    client
        .invoke(&ObserveParams::compact(None))
        .await
        .expect("observe")
        .observation
        .snapshot
}

async fn page_has(client: &McpBrowserClient, text: &str) {
    let waited = client
        .invoke(&WaitParams {
            condition: tandem_mcp_browser::browser::WaitCondition::Text { text: text.into() },
            timeout_ms: Some(5_000),
        })
        .await;
    assert!(waited.is_ok(), "page never showed {text:?}: {waited:?}");
}

#[tokio::test]
async fn observes_every_kind_of_form_field_with_its_state() {
    let site = FixtureSite::start().await.unwrap();
    let browser = TestBrowser::start().await.unwrap();
    let client = &browser.client;
    client
        .invoke(&NavigateParams {
            url: site.url("/form.html").to_string(),
        })
        .await
        .unwrap();
    let observed = client.invoke(&ObserveParams::compact(None)).await.unwrap();
    let snapshot = &observed.observation.snapshot;

    assert_eq!(snapshot.title, "Sign up form");
    let name = find(snapshot, "textbox", "Full name");
    assert_eq!(name.placeholder.as_deref(), Some("Jane Doe"));
    assert!(name.editable && name.in_viewport);
    assert_eq!(
        find(snapshot, "textbox", "Email").input_type.as_deref(),
        Some("email")
    );
    let password = find(snapshot, "textbox", "Password");
    assert_eq!(password.input_type.as_deref(), Some("password"));
    let country = find(snapshot, "combobox", "Country");
    let labels: Vec<&str> = country.options.iter().map(|o| o.label.as_str()).collect();
    assert_eq!(labels, ["Choose…", "France", "Germany", "Spain"]);
    let free = find(snapshot, "radio", "Free");
    assert_eq!(free.checked, Some(true));
    assert_eq!(find(snapshot, "radio", "Pro").checked, Some(false));
    assert_eq!(
        find(snapshot, "checkbox", "Send me news").checked,
        Some(false)
    );
    assert!(find(snapshot, "textbox", "About you").editable);
    assert!(find(snapshot, "textbox", "Birthday").input_type.as_deref() == Some("date"));
    assert!(find(snapshot, "button", "Disabled action").disabled);
    assert_eq!(name.form_submit.as_deref(), Some("Create account"));
    assert!(
        !snapshot
            .elements
            .iter()
            .any(|e| e.name.contains("Invisible")),
        "hidden elements must not be listed"
    );
    assert!(
        !observed.text.contains("secret-token"),
        "hidden inputs must not leak into the text"
    );
    let shot = observed
        .observation
        .screenshot
        .expect("observe includes a screenshot");
    assert_eq!((shot.width, shot.height), (1280, 800));
    assert!(shot.data.starts_with("/9j/"), "a base64 JPEG by default");
    assert_eq!(shot.mime_type, "image/jpeg");
    assert!(observed.text.contains(&name.eid.to_string()));
    browser.shutdown().await;
}

#[tokio::test]
async fn fills_and_submits_a_form_with_every_action() {
    let site = FixtureSite::start().await.unwrap();
    let browser = TestBrowser::start().await.unwrap();
    let client = &browser.client;
    let snapshot = open(client, &site, "/form.html").await;

    let eid = |role: &str, name: &str| find(&snapshot, role, name).eid.to_string();
    client
        .invoke(&TypeParams {
            eid: eid("textbox", "Full name").to_string(),
            text: "Ada Lovelace".into(),
            clear: true,
            submit: false,
        })
        .await
        .unwrap();
    client
        .invoke(&TypeParams {
            eid: eid("textbox", "Email").to_string(),
            text: "ada@example.com".into(),
            clear: true,
            submit: false,
        })
        .await
        .unwrap();
    client
        .invoke(&TypeParams {
            eid: eid("textbox", "Password").to_string(),
            text: "hunter2".into(),
            clear: true,
            submit: false,
        })
        .await
        .unwrap();
    let selected = client
        .invoke(&SelectParams {
            eid: eid("combobox", "Country").to_string(),
            option: "Germany".into(),
        })
        .await
        .unwrap();
    assert!(selected.message.contains("Germany"), "{selected:?}");
    client
        .invoke(&ClickParams {
            eid: eid("radio", "Pro").to_string(),
        })
        .await
        .unwrap();
    client
        .invoke(&ClickParams {
            eid: eid("checkbox", "Send me news").to_string(),
        })
        .await
        .unwrap();
    client
        .invoke(&TypeParams {
            eid: eid("textbox", "About you").to_string(),
            text: "Counts things".into(),
            clear: true,
            submit: false,
        })
        .await
        .unwrap();
    client
        .invoke(&TypeParams {
            eid: eid("textbox", "Birthday").to_string(),
            text: "2000-01-31".into(),
            clear: true,
            submit: false,
        })
        .await
        .unwrap();
    // Typing again with clear replaces, without clear appends.
    client
        .invoke(&TypeParams {
            eid: eid("textbox", "Full name").to_string(),
            text: "Ada".into(),
            clear: true,
            submit: false,
        })
        .await
        .unwrap();
    client
        .invoke(&TypeParams {
            eid: eid("textbox", "Full name").to_string(),
            text: " King".into(),
            clear: false,
            submit: false,
        })
        .await
        .unwrap();

    let after = client
        .invoke(&ObserveParams::compact(None))
        .await
        .unwrap()
        .observation
        .snapshot;
    assert_eq!(find(&after, "checkbox", "Send me news").checked, Some(true));
    assert_eq!(find(&after, "radio", "Pro").checked, Some(true));
    assert_eq!(
        find(&after, "combobox", "Country").value.as_deref(),
        Some("Germany")
    );
    let password_value = find(&after, "textbox", "Password")
        .value
        .clone()
        .unwrap_or_default();
    assert!(
        !password_value.contains("hunter2"),
        "password values are masked: {password_value}"
    );

    client
        .invoke(&ClickParams {
            eid: eid("button", "Create account").to_string(),
        })
        .await
        .unwrap();
    page_has(
        client,
        "Submitted: name=Ada King; email=ada@example.com; password=hunter2; country=de; birthday=2000-01-31; plan=pro; news=on; about=Counts things",
    )
    .await;
    browser.shutdown().await;
}

#[tokio::test]
async fn eids_stay_stable_across_observations_and_mutations() {
    let site = FixtureSite::start().await.unwrap();
    let browser = TestBrowser::start().await.unwrap();
    let client = &browser.client;
    let first = open(client, &site, "/mutate.html").await;
    let again = client
        .invoke(&ObserveParams::compact(None))
        .await
        .unwrap()
        .observation
        .snapshot;
    // The page may add its late button between the two observations; everything seen the
    // first time must come back with the same eid.
    for element in &first.elements {
        let same = again
            .elements
            .iter()
            .find(|e| e.eid == element.eid)
            .unwrap_or_else(|| panic!("{} vanished", element.eid));
        assert_eq!(same.name, element.name, "same node, same eid");
    }

    let item = find(&first, "button", "First item").eid.clone();
    client
        .invoke(&ClickParams {
            eid: (find(&first, "button", "Add item on top").eid.as_str()).to_string(),
        })
        .await
        .unwrap();
    let mutated = client
        .invoke(&ObserveParams::compact(None))
        .await
        .unwrap()
        .observation
        .snapshot;
    assert_eq!(
        find(&mutated, "button", "First item").eid,
        item,
        "existing node keeps its eid"
    );
    let inserted = find(&mutated, "button", "Inserted item").eid.clone();
    assert!(
        first.elements.iter().all(|e| e.eid != inserted),
        "a new node gets a new eid"
    );

    // The page adds a button by itself after load: wait for it, then use it.
    client
        .invoke(&WaitParams {
            condition: tandem_mcp_browser::browser::WaitCondition::Element {
                name: "Late button".into(),
                role: Some("button".into()),
            },
            timeout_ms: Some(5_000),
        })
        .await
        .unwrap();
    let late = client
        .invoke(&ObserveParams::compact(None))
        .await
        .unwrap()
        .observation
        .snapshot;
    client
        .invoke(&ClickParams {
            eid: (find(&late, "button", "Late button").eid.as_str()).to_string(),
        })
        .await
        .unwrap();
    page_has(client, "Late clicked").await;

    // A removed node's eid is stale, not reused.
    client
        .invoke(&ClickParams {
            eid: (find(&late, "button", "Remove first item").eid.as_str()).to_string(),
        })
        .await
        .unwrap();
    let error = client
        .invoke(&ClickParams {
            eid: item.as_str().to_string(),
        })
        .await
        .unwrap_err();
    assert_eq!(error.code(), "stale_eid", "{error}");
    browser.shutdown().await;
}

#[tokio::test]
async fn clicks_styled_spans_and_pointer_cards_and_follows_links() {
    let site = FixtureSite::start().await.unwrap();
    let browser = TestBrowser::start().await.unwrap();
    let client = &browser.client;
    let snapshot = open(client, &site, "/links.html").await;

    let fake = snapshot
        .elements
        .iter()
        .find(|e| e.name == "Show details")
        .expect("a span acting as a link is listed");
    client
        .invoke(&ClickParams {
            eid: fake.eid.as_str().to_string(),
        })
        .await
        .unwrap();
    page_has(client, "Details shown").await;
    let card = snapshot
        .elements
        .iter()
        .find(|e| e.name.contains("Open card"))
        .expect("a clickable card is listed");
    client
        .invoke(&ClickParams {
            eid: card.eid.as_str().to_string(),
        })
        .await
        .unwrap();
    page_has(client, "Card opened").await;

    let link = find(&snapshot, "link", "sign up form");
    assert_eq!(link.href.as_deref(), Some(site.url("/form.html").as_str()));
    let outcome = client
        .invoke(&ClickParams {
            eid: link.eid.as_str().to_string(),
        })
        .await
        .unwrap();
    assert_eq!(
        outcome.title, "Sign up form",
        "the click waited for the navigation"
    );
    let back = client.invoke(&BackParams {}).await.unwrap();
    assert_eq!(back.title, "Links");
    browser.shutdown().await;
}

#[tokio::test]
async fn a_sentence_keeps_its_links_and_a_list_of_links_is_not_repeated_as_text() {
    let site = FixtureSite::start().await.unwrap();
    let browser = TestBrowser::start().await.unwrap();
    let client = &browser.client;
    client
        .invoke(&NavigateParams {
            url: site.url("/links.html").to_string(),
        })
        .await
        .unwrap();
    let page = client.invoke(&ObserveParams::compact(None)).await.unwrap();
    let texts: Vec<&str> = page
        .observation
        .snapshot
        .texts
        .iter()
        .map(|t| t.text.as_str())
        .collect();
    assert!(texts.contains(&"Go to the sign up form."), "{texts:?}");
    assert!(
        page.text.contains("\"Go to the sign up form.\""),
        "{}",
        page.text
    );
    assert!(!page.text.contains("Go to the ."), "{}", page.text);
    // A paragraph that is only a control says nothing its element line does not.
    assert!(!texts.contains(&"Show details"), "{texts:?}");

    // A list of links: each item is its link, not a text too.
    let index = open(client, &site, "/index.html").await;
    let texts: Vec<&str> = index.texts.iter().map(|t| t.text.as_str()).collect();
    assert_eq!(texts, ["Fixture pages"], "{texts:?}");
    assert!(find(&index, "link", "Shadow DOM").in_viewport);
    browser.shutdown().await;
}

#[tokio::test]
async fn reaches_into_shadow_roots_and_same_origin_iframes() {
    let site = FixtureSite::start().await.unwrap();
    let browser = TestBrowser::start().await.unwrap();
    let client = &browser.client;
    let shadow = open(client, &site, "/shadow.html").await;
    let mail = find(&shadow, "textbox", "Your email");
    assert!(mail.in_shadow);
    client
        .invoke(&TypeParams {
            eid: mail.eid.as_str().to_string(),
            text: "me@example.com".into(),
            clear: true,
            submit: false,
        })
        .await
        .unwrap();
    client
        .invoke(&ClickParams {
            eid: (find(&shadow, "button", "Subscribe").eid.as_str()).to_string(),
        })
        .await
        .unwrap();
    page_has(client, "Subscribed me@example.com").await;

    let framed = open(client, &site, "/iframe.html").await;
    let inner = find(&framed, "button", "Inner button");
    assert!(
        inner.frame.is_some(),
        "iframe elements say which frame they are in"
    );
    client
        .invoke(&ClickParams {
            eid: inner.eid.as_str().to_string(),
        })
        .await
        .unwrap();
    page_has(client, "Inner clicked").await;
    client
        .invoke(&ClickParams {
            eid: (find(&framed, "button", "Top button").eid.as_str()).to_string(),
        })
        .await
        .unwrap();
    page_has(client, "Top clicked").await;
    browser.shutdown().await;
}

#[tokio::test]
async fn dialogs_are_dismissed_and_reported_never_accepted() {
    let site = FixtureSite::start().await.unwrap();
    let browser = TestBrowser::start().await.unwrap();
    let client = &browser.client;
    let snapshot = open(client, &site, "/dialog.html").await;
    client
        .invoke(&ClickParams {
            eid: (find(&snapshot, "button", "Delete everything").eid.as_str()).to_string(),
        })
        .await
        .unwrap();
    page_has(client, "confirm returned false").await;
    let observed = client.invoke(&ObserveParams::compact(None)).await.unwrap();
    let reported = observed.observation.notices.iter().any(|n| {
        matches!(n, PageNotice::Dialog { dialog_type, message, .. }
            if dialog_type == "confirm" && message == "Delete everything?")
    });
    assert!(reported, "notices: {:?}", observed.observation.notices);
    assert!(observed.text.contains("Delete everything?"));
    let next = client.invoke(&ObserveParams::compact(None)).await.unwrap();
    assert!(
        next.observation.notices.is_empty(),
        "a notice is reported once"
    );
    browser.shutdown().await;
}

#[tokio::test]
async fn popups_open_as_new_tabs_that_are_reported_not_activated() {
    let site = FixtureSite::start().await.unwrap();
    let browser = TestBrowser::start().await.unwrap();
    let client = &browser.client;
    let snapshot = open(client, &site, "/popup.html").await;
    client
        .invoke(&ClickParams {
            eid: (find(&snapshot, "button", "Open offer").eid.as_str()).to_string(),
        })
        .await
        .unwrap();
    let observed = client
        .invoke(&ObserveParams::compact(None))
        .await
        .unwrap()
        .observation;
    assert_eq!(observed.tabs.len(), 2, "{:?}", observed.tabs);
    assert!(observed.tabs[0].active, "the opener stays active");
    let opened = observed
        .notices
        .iter()
        .find_map(|n| match n {
            PageNotice::TabOpened { tab_id, .. } => Some(tab_id.clone()),
            _ => None,
        })
        .expect("the popup is reported");
    client
        .invoke(&SwitchTabParams {
            tab_id: opened.to_string(),
        })
        .await
        .unwrap();
    let popup = client
        .invoke(&ObserveParams::compact(None))
        .await
        .unwrap()
        .observation;
    assert_eq!(popup.snapshot.title, "Sign up form");
    browser.shutdown().await;
}

#[tokio::test]
async fn bad_input_gets_clear_errors_and_the_session_keeps_working() {
    let site = FixtureSite::start().await.unwrap();
    let browser = TestBrowser::start().await.unwrap();
    let client = &browser.client;
    let snapshot = open(client, &site, "/form.html").await;

    let unknown = client
        .invoke(&ClickParams {
            eid: "e99999".into(),
        })
        .await
        .unwrap_err();
    assert_eq!(unknown.code(), "unknown_eid");
    assert!(unknown.to_string().contains("e99999"));
    let button = find(&snapshot, "button", "Create account").eid.to_string();
    let not_editable = client
        .invoke(&TypeParams {
            eid: button.to_string(),
            text: "hello".into(),
            clear: true,
            submit: false,
        })
        .await
        .unwrap_err();
    assert_eq!(not_editable.code(), "not_editable", "{not_editable}");
    let disabled = find(&snapshot, "button", "Disabled action").eid.to_string();
    assert_eq!(
        client
            .invoke(&ClickParams {
                eid: disabled.to_string()
            })
            .await
            .unwrap_err()
            .code(),
        "disabled"
    );
    let not_select = client
        .invoke(&SelectParams {
            eid: button.to_string(),
            option: "x".into(),
        })
        .await
        .unwrap_err();
    assert_eq!(not_select.code(), "not_select");
    let country = find(&snapshot, "combobox", "Country").eid.to_string();
    let no_option = client
        .invoke(&SelectParams {
            eid: country.to_string(),
            option: "Atlantis".into(),
        })
        .await
        .unwrap_err();
    assert_eq!(no_option.code(), "no_such_option");
    assert!(
        no_option.to_string().contains("France"),
        "lists the options: {no_option}"
    );
    // Several options, one a line, are refused by a list that takes one.
    let several = client
        .invoke(&SelectParams {
            eid: country.to_string(),
            option: "Germany\nFrance".into(),
        })
        .await
        .unwrap_err();
    assert_eq!(several.code(), "invalid_argument", "{several}");
    let unreachable = client
        .invoke(&NavigateParams {
            url: "http://127.0.0.1:9/nothing".into(),
        })
        .await
        .unwrap_err();
    assert_eq!(unreachable.code(), "navigation_failed", "{unreachable}");
    let script = client
        .invoke(&NavigateParams {
            url: "javascript:alert(1)".into(),
        })
        .await
        .unwrap_err();
    assert_eq!(script.code(), "invalid_argument");
    let key = client
        .invoke(&KeyParams {
            key: "Hyper+Q".into(),
        })
        .await
        .unwrap_err();
    assert_eq!(key.code(), "invalid_argument");
    let tool = client
        .call("run_javascript", serde_json::json!({}))
        .await
        .unwrap_err();
    assert!(matches!(tool, ClientError::Server { .. }), "{tool:?}");
    let fields = client
        .call("click", serde_json::json!({ "eid": "e1", "force": true }))
        .await
        .unwrap_err();
    assert!(
        matches!(&fields, ClientError::Tool { code, message }
            if code == "invalid_argument" && message.contains("unknown field `force`")),
        "{fields:?}"
    );
    let waited = client
        .invoke(&WaitParams {
            condition: tandem_mcp_browser::browser::WaitCondition::Text {
                text: "never there".into(),
            },
            timeout_ms: Some(300),
        })
        .await
        .unwrap_err();
    assert_eq!(waited.code(), "wait_timed_out");

    // Still usable after all of that.
    let snapshot = open(client, &site, "/links.html").await;
    assert_eq!(snapshot.title, "Links");
    browser.shutdown().await;
}

#[tokio::test]
async fn a_killed_browser_is_restarted_and_only_read_only_calls_run_again_on_it() {
    let site = FixtureSite::start().await.unwrap();
    let browser = TestBrowser::start().await.unwrap();
    let client = &browser.client;
    open(client, &site, "/form.html").await;

    // A call that can change a page is never run on a browser it was not meant for.
    browser.host.kill_for_test().await;
    let error = client
        .invoke(&ClickParams { eid: "e1".into() })
        .await
        .unwrap_err();
    assert_eq!(error.code(), "browser_crashed", "{error}");
    assert!(
        error.to_string().contains("SIGKILL"),
        "names the kill: {error}"
    );
    let relaunched = client
        .invoke(&NavigateParams {
            url: site.url("/links.html").to_string(),
        })
        .await
        .unwrap();
    assert_eq!(relaunched.title, "Links");
    let observed = client
        .invoke(&ObserveParams::compact(None))
        .await
        .unwrap()
        .observation;
    assert_eq!(restarts_in(&observed.notices), 1, "{:?}", observed.notices);

    // A read-only call that meets a dead browser runs on the restarted one.
    browser.host.kill_for_test().await;
    let observed = client
        .invoke(&ObserveParams::compact(None))
        .await
        .unwrap()
        .observation;
    assert_eq!(observed.snapshot.url, "about:blank", "a fresh tab");
    assert_eq!(restarts_in(&observed.notices), 1, "{:?}", observed.notices);
    browser.shutdown().await;
}

/// How many restart notices name a kill.
fn restarts_in(notices: &[PageNotice]) -> usize {
    notices
        .iter()
        .filter(
            |n| matches!(n, PageNotice::BrowserRestarted { reason } if reason.contains("SIGKILL")),
        )
        .count()
}

#[tokio::test]
async fn the_big_page_fits_the_token_budget_with_every_visible_control() {
    let site = FixtureSite::start().await.unwrap();
    let browser = TestBrowser::start().await.unwrap();
    let client = &browser.client;
    client
        .invoke(&NavigateParams {
            url: site.url("/big.html").to_string(),
        })
        .await
        .unwrap();
    let observed = client
        .invoke(&ObserveParams::compact(Some(8_000)))
        .await
        .unwrap();
    let snapshot = &observed.observation.snapshot;
    assert!(
        snapshot.elements.len() >= 2_000,
        "{} elements",
        snapshot.elements.len()
    );
    let tokens = observed.text.len() / 4;
    assert!(tokens <= 8_000, "{tokens} tokens");
    for element in snapshot.elements.iter().filter(|e| e.in_viewport) {
        assert!(
            observed.text.contains(&format!("[{}]", element.eid)),
            "visible {} {:?} missing from the text",
            element.eid,
            element.name
        );
    }
    // A row's first cell travels as the context of the row's controls, said once per row in
    // the text, and not again as a text block; text that is no one's context stays.
    let save = find(snapshot, "button", "Save 5");
    assert_eq!(save.context.as_deref(), Some("Item 5"));
    assert!(!snapshot.texts.iter().any(|t| t.text == "Item 5"));
    assert!(snapshot.texts.iter().any(|t| t.text == "Quantity"));
    assert!(snapshot.shown_texts().any(|t| t == "Item 5"));
    assert_eq!(
        observed.text.matches("near \"Item 5\"").count(),
        1,
        "{}",
        observed.text
    );
    // Scrolling brings far rows into view.
    let last = find(snapshot, "button", "Save 1000").eid.to_string();
    assert!(!find(snapshot, "button", "Save 1000").in_viewport);
    client
        .invoke(&ClickParams {
            eid: last.to_string(),
        })
        .await
        .unwrap();
    page_has(client, "Saved 1000").await;
    browser.shutdown().await;
}

#[tokio::test]
async fn an_abandoned_call_frees_the_session_at_once() {
    let site = FixtureSite::start().await.unwrap();
    let host = tandem_mcp_browser::BrowserHost::new(tandem_tests::browser_config());
    let server = tandem_mcp_browser::server::BrowserServer::new(std::sync::Arc::clone(&host));
    let session = std::sync::Arc::clone(server.session());
    let client = std::sync::Arc::new(McpBrowserClient::in_process(server).await.unwrap());
    client
        .invoke(&NavigateParams {
            url: site.url("/form.html").to_string(),
        })
        .await
        .unwrap();

    // A wait that would hold the session for a minute, abandoned by its caller mid-way.
    let waiting = {
        let client = std::sync::Arc::clone(&client);
        tokio::spawn(async move {
            let never = tandem_mcp_browser::browser::WaitCondition::Text {
                text: "this text never appears".into(),
            };
            client
                .invoke(&WaitParams {
                    condition: never.clone(),
                    timeout_ms: Some(60_000),
                })
                .await
        })
    };
    // Abandon it only once the server is inside the call (it holds the session).
    while session.try_lock().is_ok() {
        tokio::task::yield_now().await;
    }
    waiting.abort();
    let _ = waiting.await;

    // The next call is served now, not after the abandoned wait's minute.
    let next = tokio::time::timeout(
        std::time::Duration::from_secs(20),
        client.invoke(&NavigateParams {
            url: site.url("/links.html").to_string(),
        }),
    )
    .await
    .expect("the session was freed when the call was abandoned");
    assert_eq!(next.unwrap().title, "Links");
    client.close().await;
    host.shutdown().await;
}

#[tokio::test]
async fn the_compact_and_the_object_form_of_observe_carry_the_same_snapshot() {
    use serde_json::{Value, json};
    use tandem_mcp_browser::Observation;
    use tandem_mcp_browser::snapshot::wire;

    let site = FixtureSite::start().await.unwrap();
    let browser = TestBrowser::start().await.unwrap();
    let client = &browser.client;
    // Selects with options, checkboxes, radios, a textarea, labels and a form to submit.
    open(client, &site, "/form.html").await;
    let observe = |compact: bool| async move {
        let args = json!({ "include_json": true, "compact_json": compact });
        client
            .call("observe", args)
            .await
            .unwrap()
            .structured
            .unwrap()
    };
    let object: Observation = serde_json::from_value(observe(false).await).unwrap();
    let compact_value = observe(true).await;
    let snapshot_json = compact_value["snapshot"].to_string();
    let compact: Observation<Value> = serde_json::from_value(compact_value).unwrap();
    let compact = compact.try_map_snapshot(wire::decode_value).unwrap();

    let without_timing = |mut s: Snapshot| {
        s.timing_ms = None;
        s
    };
    assert!(object.snapshot.elements.len() >= 10);
    assert!(
        object
            .snapshot
            .elements
            .iter()
            .any(|e| !e.options.is_empty())
    );
    assert_eq!(
        without_timing(compact.snapshot.clone()),
        without_timing(object.snapshot.clone())
    );
    assert_eq!(compact.tabs, object.tabs);
    let object_json = serde_json::to_string(&object.snapshot).unwrap();
    assert!(
        snapshot_json.len() * 2 < object_json.len(),
        "compact {} bytes, object {} bytes",
        snapshot_json.len(),
        object_json.len()
    );
    browser.shutdown().await;
}

#[tokio::test]
async fn a_server_that_never_answers_is_a_navigation_timeout_and_the_session_goes_on() {
    let site = FixtureSite::start().await.unwrap();
    let silent_url = site.url("/hang/a-document-that-never-arrives");
    // The suite's navigation timeout: shorter ones are not met by ordinary pages on a busy
    // machine running these tests side by side.
    let browser = TestBrowser::start().await.unwrap();
    let client = &browser.client;
    let within = format!(
        "within {} s (host 127.0.0.1)",
        tandem_tests::browser_config().navigation_timeout_ms / 1_000
    );

    open(client, &site, "/links.html").await;
    let error = client
        .invoke(&NavigateParams {
            url: silent_url.to_string(),
        })
        .await
        .unwrap_err();
    assert!(
        matches!(&error, ClientError::Tool { code, message }
            if code == "navigation_timeout" && message.contains(&within)
                && message.contains("no answer from")),
        "{error:?}"
    );
    // The tab keeps the page it showed, and it opens the next page at once (the abandoned
    // navigation holds nothing up).
    let observed = client.invoke(&ObserveParams::compact(None)).await.unwrap();
    assert_eq!(observed.observation.snapshot.title, "Links");
    let snapshot = open(client, &site, "/form.html").await;
    assert_eq!(snapshot.title, "Sign up form");
    browser.shutdown().await;
}

#[tokio::test]
async fn a_page_whose_subresources_never_arrive_is_usable_at_once_and_never_stopped() {
    let site = FixtureSite::start().await.unwrap();
    let browser = TestBrowser::start().await.unwrap();
    let client = &browser.client;
    // Waiting for `load` would end in a navigation timeout: the image, ad frame, script and
    // long poll of this page never arrive.
    let snapshot = open(client, &site, "/hanging.html").await;
    let order = find(&snapshot, "button", "Order");
    client
        .invoke(&ClickParams {
            eid: order.eid.to_string(),
        })
        .await
        .unwrap();
    client
        .invoke(&WaitParams {
            condition: WaitCondition::Text {
                text: "ordered".into(),
            },
            timeout_ms: Some(5_000),
        })
        .await
        .unwrap();
    let after = client
        .invoke(&ObserveParams::compact(None))
        .await
        .unwrap()
        .observation
        .snapshot;
    let status = serde_json::to_string(&after).unwrap();
    assert!(
        !status.contains("stopped:"),
        "nothing the page loads was stopped: {status}"
    );
    browser.shutdown().await;
}

#[tokio::test]
async fn a_refused_connection_fails_at_once_naming_the_address() {
    let closed = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let dead_url = format!("http://{}/orders", closed.local_addr().unwrap());
    drop(closed);
    let browser = TestBrowser::start().await.unwrap();
    let error = browser
        .client
        .invoke(&NavigateParams {
            url: dead_url.clone(),
        })
        .await
        .unwrap_err();
    assert!(
        matches!(&error, ClientError::Tool { code, message }
            if code == "navigation_failed" && message.contains(&dead_url)
                && message.contains("ERR_CONNECTION_REFUSED")),
        "{error:?}"
    );
    browser.shutdown().await;
}
