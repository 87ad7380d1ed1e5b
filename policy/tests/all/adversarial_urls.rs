//! Hosts are judged as the browser will really resolve them, whatever the URL looks like.

use common::{agent_on, expect, gate_with};
use tandem_policy::{ActionRequest, Effect, PolicyContext};
use tandem_protocol::Mode;

use crate::common;

const ALLOW_LIST: &str = r#"
[hosts]
allow = ["*.allowed.com", "docs.example.org", "apple.com"]
"#;

const DENY_LIST: &str = r#"
[hosts]
deny = ["evil.com", "127.0.0.1", "*.bad.example", "аpple.com", "xn--e1afmkfd.com"]
"#;

#[test]
fn allow_list_admits_only_the_listed_hosts() {
    let gate = gate_with(ALLOW_LIST);
    let allowed = [
        "https://allowed.com/",
        "https://www.allowed.com/path",
        "https://a.b.c.allowed.com/",
        "https://ALLOWED.COM./",
        "https://Allowed.Com../",
        "http://allowed.com:8080/x",
        "https://docs.example.org/guide",
        "https://user:pw@allowed.com/",
        "https://apple.com/",
    ];
    for url in allowed {
        let request = ActionRequest::navigate(url);
        expect(
            url,
            &gate,
            &request,
            &agent_on(None),
            Effect::Allow,
            "allow-navigation",
        );
    }
    let denied = [
        "https://allowed.com@evil.com/",
        "https://allowed.com:443@evil.com/",
        "https://allowed.com.evil.com/",
        "https://evil.com/allowed.com",
        "https://evil.com/?next=https://allowed.com",
        "https://evil.com#allowed.com",
        "https://evil.com\\@allowed.com/",
        "https://evil.com\\.allowed.com/",
        "https://notallowed.com/",
        "https://allowed.co/",
        "https://example.org/",
        "https://sub.docs.example.org/",
        "https://\u{0430}llowed.com/",
        "https://xn--pple-43d.com/",
        "https://\u{0430}pple.com/",
        "http://2130706433/",
        "http://[::1]/",
    ];
    for url in denied {
        let request = ActionRequest::navigate(url);
        expect(
            url,
            &gate,
            &request,
            &agent_on(None),
            Effect::Deny,
            "host-not-allowlisted",
        );
    }
}

#[test]
fn deny_list_catches_every_spelling_of_a_host() {
    let gate = gate_with(DENY_LIST);
    let denied = [
        "https://evil.com/",
        "https://EVIL.COM./",
        "https://user:pass@evil.com/",
        "https://allowed.com@evil.com/",
        "https://%65vil.com/",
        "https://ev\til.com/",
        "https://ｅｖｉｌ.com/",
        "http://127.0.0.1:9222/json",
        "http://2130706433/",
        "http://0x7f000001/",
        "http://0x7f.0.0.1/",
        "http://0177.0.0.1/",
        "http://127.1/",
        "http://[::ffff:127.0.0.1]/",
        "https://bad.example/",
        "https://x.y.bad.example/",
        "https://xn--pple-43d.com/",
        "https://\u{0430}pple.com/",
        "https://пример.com/",
    ];
    for url in denied {
        let request = ActionRequest::navigate(url);
        expect(
            url,
            &gate,
            &request,
            &agent_on(None),
            Effect::Deny,
            "host-denylist",
        );
    }
    let allowed = [
        "https://notevil.com/",
        "https://evil.com.safe.org/",
        "https://safe.org/evil.com",
        "https://notbad.example/",
        "https://apple.com/",
        "http://127.0.0.2/",
    ];
    for url in allowed {
        let request = ActionRequest::navigate(url);
        expect(
            url,
            &gate,
            &request,
            &agent_on(None),
            Effect::Allow,
            "allow-navigation",
        );
    }
}

#[test]
fn host_lists_also_cover_links_and_the_current_page() {
    let gate = gate_with(DENY_LIST);
    let link = ActionRequest::click("link", "Read more").with_target_url("https://evil.com/x");
    let safe_page = Some("https://safe.org/");
    expect(
        "link to denied host",
        &gate,
        &link,
        &agent_on(safe_page),
        Effect::Deny,
        "host-denylist",
    );

    let relative_link = ActionRequest::click("link", "Next").with_target_url("/page/2");
    let evil_page = Some("https://evil.com/start");
    expect(
        "acting on a denied page",
        &gate,
        &relative_link,
        &agent_on(evil_page),
        Effect::Deny,
        "host-denylist",
    );
    let typing = ActionRequest::type_text("textbox", "Search", "x");
    expect(
        "typing on a denied page",
        &gate,
        &typing,
        &agent_on(evil_page),
        Effect::Deny,
        "host-denylist",
    );

    let leave = ActionRequest::navigate("https://safe.org/");
    expect(
        "navigating away is fine",
        &gate,
        &leave,
        &agent_on(evil_page),
        Effect::Allow,
        "allow-navigation",
    );
    let stop = ActionRequest::new(tandem_policy::ActionKind::Stop);
    expect(
        "stopping is fine",
        &gate,
        &stop,
        &agent_on(evil_page),
        Effect::Allow,
        "allow-read-only",
    );
}

#[test]
fn file_urls_open_only_inside_configured_folders() {
    let gate = gate_with("[navigation]\nfile_folders = [\"/srv/site\"]\n");
    let allowed = [
        "file:///srv/site/index.html",
        "file:///srv/site/a/b.html",
        "file://localhost/srv/site/x",
    ];
    for url in allowed {
        let request = ActionRequest::navigate(url);
        expect(
            url,
            &gate,
            &request,
            &agent_on(None),
            Effect::Allow,
            "allow-navigation",
        );
    }
    let denied = [
        "file:///srv/site/../secret.txt",
        "file:///srv/site/%2e%2e/secret.txt",
        "file:///srv/site/.%2E/secret.txt",
        "file:///srv/site%2F..%2Fsecret.txt",
        "file:///srv/sitex/index.html",
        "file:///srv/",
        "file:///etc/passwd",
        "file://remote-host/srv/site/index.html",
        "FILE:///ETC/passwd",
    ];
    for url in denied {
        let request = ActionRequest::navigate(url);
        expect(
            url,
            &gate,
            &request,
            &agent_on(None),
            Effect::Deny,
            "file-outside-folders",
        );
    }
}

#[test]
fn browser_navigations_are_checked_too() {
    let gate = gate_with(DENY_LIST);
    let context = agent_on(Some("https://safe.org/"));
    let cases = [
        (
            "redirect to a denied host",
            "https://evil.com/landing",
            Effect::Deny,
            "host-denylist",
        ),
        (
            "location= javascript",
            "javascript:alert(document.cookie)",
            Effect::Deny,
            "dangerous-scheme",
        ),
        (
            "meta refresh to data:",
            "data:text/html;base64,PHNjcmlwdD4=",
            Effect::Deny,
            "dangerous-scheme",
        ),
        (
            "popup to a file",
            "file:///home/user/.ssh/id_rsa",
            Effect::Deny,
            "file-outside-folders",
        ),
        (
            "popup starts blank",
            "about:blank",
            Effect::Allow,
            "allow-navigation",
        ),
        (
            "ordinary redirect",
            "https://safe.org/next",
            Effect::Allow,
            "allow-navigation",
        ),
        (
            "redirect to a download",
            "https://safe.org/tool.exe",
            Effect::Confirm,
            "confirm-download-file",
        ),
    ];
    for (case, url, effect, rule) in cases {
        let decision = gate.check_navigation(url, &context);
        assert_eq!(
            (decision.effect(), decision.rule()),
            (effect, rule),
            "case {case:?}: {decision}"
        );
    }
    let chat = PolicyContext::new(Mode::Chat);
    let decision = gate.check_navigation("https://safe.org/next", &chat);
    assert!(
        decision.is_allowed(),
        "browser navigations are judged by place, not mode: {decision}"
    );
    let decision = gate.check_navigation("https://evil.com/", &chat);
    assert_eq!(decision.rule(), "host-denylist");
}

#[test]
fn paths_are_matched_after_decoding() {
    let gate = gate_with(
        r#"
[[rule]]
id = "deny-bank-transfers"
effect = "deny"
kinds = ["*"]
hosts = ["*.mybank.example"]
paths = ["/transfer*"]
reason = "Bank transfer pages are off limits"
"#,
    );
    for url in [
        "https://mybank.example/transfer",
        "https://www.mybank.example/Transfer/new",
        "https://mybank.example/tr%61nsfer",
        "https://mybank.example/x/../transfer",
    ] {
        let request = ActionRequest::navigate(url);
        expect(
            url,
            &gate,
            &request,
            &agent_on(None),
            Effect::Deny,
            "deny-bank-transfers",
        );
    }
    let on_page = Some("https://mybank.example/transfer/confirm");
    let click = ActionRequest::click("button", "Continue");
    expect(
        "acting on the page",
        &gate,
        &click,
        &agent_on(on_page),
        Effect::Deny,
        "deny-bank-transfers",
    );
    let away = ActionRequest::navigate("https://mybank.example/accounts");
    expect(
        "leaving the page",
        &gate,
        &away,
        &agent_on(on_page),
        Effect::Allow,
        "allow-navigation",
    );
}
