//! Every default takeover and deny rule, table-driven (allow and confirm rules are in
//! `default_allow_confirm.rs`).

use common::{agent_on, default_gate, expect};
use tandem_policy::{ActionKind, ActionRequest, Effect, PolicyContext};
use tandem_protocol::Mode;

use crate::common;

const SHOP: Option<&str> = Some("https://shop.example/checkout");

fn new(kind: ActionKind) -> ActionRequest {
    ActionRequest::new(kind)
}

fn click(name: &str) -> ActionRequest {
    ActionRequest::click("button", name)
}

fn typing(name: &str) -> ActionRequest {
    ActionRequest::type_text("textbox", name, "hello")
}

#[test]
fn secrets_and_captchas_are_handed_to_the_user() {
    let gate = default_gate();
    let cases = [
        (
            "secret text",
            typing("Name").with_secret_text(),
            "takeover-secret-text",
        ),
        (
            "password input",
            typing("Login").with_input_type("password"),
            "takeover-password-field",
        ),
        (
            "PASSWORD input",
            typing("x").with_input_type("PASSWORD"),
            "takeover-password-field",
        ),
        (
            "cc-number",
            typing("Number").with_autocomplete("cc-number"),
            "takeover-sensitive-autocomplete",
        ),
        (
            "cc-csc token",
            typing("Code").with_autocomplete("section-pay billing cc-csc"),
            "takeover-sensitive-autocomplete",
        ),
        (
            "otp autocomplete",
            typing("Code").with_autocomplete("one-time-code"),
            "takeover-sensitive-autocomplete",
        ),
        (
            "new-password",
            typing("Choose").with_autocomplete("new-password"),
            "takeover-sensitive-autocomplete",
        ),
        (
            "expiry select",
            new(ActionKind::SelectOption)
                .with_element("combobox", "Month")
                .with_autocomplete("cc-exp-month"),
            "takeover-sensitive-autocomplete",
        ),
        (
            "card number name",
            typing("Card number"),
            "takeover-sensitive-field-name",
        ),
        ("CVV name", typing("CVV"), "takeover-sensitive-field-name"),
        (
            "OTP name",
            typing("Enter your one-time code"),
            "takeover-sensitive-field-name",
        ),
        (
            "verification code",
            typing("Verification code"),
            "takeover-sensitive-field-name",
        ),
        (
            "Passwort",
            typing("Passwort"),
            "takeover-sensitive-field-name",
        ),
        (
            "mot de passe",
            typing("Mot de passe"),
            "takeover-sensitive-field-name",
        ),
        (
            "captcha checkbox",
            new(ActionKind::Check).with_element("checkbox", "I'm not a robot"),
            "takeover-captcha",
        ),
        ("captcha frame", click("reCAPTCHA"), "takeover-captcha"),
        (
            "captcha on page",
            click("Continue").with_captcha_visible(),
            "takeover-captcha-visible",
        ),
    ];
    for (case, request, rule) in cases {
        expect(
            case,
            &gate,
            &request,
            &agent_on(SHOP),
            Effect::Takeover,
            rule,
        );
    }
}

#[test]
fn dangerous_and_unknown_things_are_denied() {
    let gate = default_gate();
    let cases = [
        (
            "javascript",
            ActionRequest::navigate("javascript:alert(1)"),
            "dangerous-scheme",
        ),
        (
            "JaVaScRiPt",
            ActionRequest::navigate("  JaVaScRiPt:alert(1)"),
            "dangerous-scheme",
        ),
        (
            "split javascript",
            ActionRequest::navigate("java\nscr\tipt:alert(1)"),
            "dangerous-scheme",
        ),
        (
            "data",
            ActionRequest::navigate("data:text/html,<script>alert(1)</script>"),
            "dangerous-scheme",
        ),
        (
            "vbscript",
            ActionRequest::navigate("vbscript:msgbox"),
            "dangerous-scheme",
        ),
        (
            "chrome",
            ActionRequest::navigate("chrome://settings/passwords"),
            "dangerous-scheme",
        ),
        (
            "devtools",
            ActionRequest::navigate("devtools://devtools/bundled/inspector.html"),
            "dangerous-scheme",
        ),
        (
            "view-source",
            ActionRequest::navigate("view-source:https://example.com"),
            "dangerous-scheme",
        ),
        (
            "extension",
            ActionRequest::navigate("chrome-extension://abcdef/popup.html"),
            "dangerous-scheme",
        ),
        (
            "blob",
            ActionRequest::navigate("blob:https://example.com/1234"),
            "dangerous-scheme",
        ),
        (
            "file",
            ActionRequest::navigate("file:///etc/passwd"),
            "file-outside-folders",
        ),
        (
            "ftp",
            ActionRequest::navigate("ftp://example.com/x"),
            "scheme-not-allowed",
        ),
        (
            "mailto",
            ActionRequest::navigate("mailto:a@example.com"),
            "scheme-not-allowed",
        ),
        (
            "about:config",
            ActionRequest::navigate("about:config"),
            "scheme-not-allowed",
        ),
        ("no url", new(ActionKind::Navigate), "invalid-url"),
        (
            "garbage url",
            ActionRequest::navigate("http://[::1"),
            "invalid-url",
        ),
        ("money", click("Send money"), "deny-money-transfer"),
        (
            "Überweisung",
            ActionRequest::click("link", "Überweisung"),
            "deny-money-transfer",
        ),
        (
            "unknown kind",
            new(ActionKind::Other("run_javascript".into())),
            "unknown-action-kind",
        ),
        (
            "unknown tool",
            ActionRequest::tool("run_shell", true),
            "unknown-tool",
        ),
        ("tool without name", new(ActionKind::Tool), "unknown-tool"),
        (
            "browser action as a tool",
            ActionRequest::tool("click", true),
            "deny-typed-action-tools",
        ),
        (
            "tool names are exact",
            ActionRequest::tool("Generate_Page", true),
            "unknown-tool",
        ),
    ];
    for (case, request, rule) in cases {
        expect(case, &gate, &request, &agent_on(SHOP), Effect::Deny, rule);
    }
}

#[test]
fn relative_navigation_without_a_page_is_invalid() {
    let gate = default_gate();
    let request = ActionRequest::navigate("/cart");
    expect(
        "relative, no page",
        &gate,
        &request,
        &agent_on(None),
        Effect::Deny,
        "invalid-url",
    );
}

#[test]
fn chat_mode_only_reads() {
    let gate = default_gate();
    let chat = PolicyContext::new(Mode::Chat).with_current_url("https://example.com/");
    let denied = [
        (
            "navigate",
            ActionRequest::navigate("https://example.com/b"),
            "chat-mode-no-page-actions",
        ),
        ("click", click("Next"), "chat-mode-no-page-actions"),
        ("type", typing("Search"), "chat-mode-no-page-actions"),
        (
            "press",
            ActionRequest::press_key("Enter"),
            "chat-mode-no-page-actions",
        ),
        ("back", new(ActionKind::Back), "chat-mode-no-page-actions"),
        (
            "mutating tool",
            ActionRequest::tool("generate_page", true),
            "chat-mode-no-mutating-tools",
        ),
        // Both deny; among equals the first rule in file order names the decision.
        ("money", click("Wire transfer"), "chat-mode-no-page-actions"),
    ];
    for (case, request, rule) in denied {
        expect(case, &gate, &request, &chat, Effect::Deny, rule);
    }
    let allowed = [
        ("observe", new(ActionKind::Observe), "allow-read-only"),
        ("scroll", new(ActionKind::Scroll), "allow-read-only"),
        ("hover", new(ActionKind::Hover), "allow-read-only"),
        ("stop", new(ActionKind::Stop), "allow-read-only"),
        (
            "read-only tool",
            ActionRequest::tool("read_page", false),
            "allow-known-tools",
        ),
    ];
    for (case, request, rule) in allowed {
        expect(case, &gate, &request, &chat, Effect::Allow, rule);
    }
}

#[test]
fn reasons_say_what_matched() {
    let gate = default_gate();
    let decision = gate.assess(&click("Buy now"), &agent_on(SHOP));
    assert_eq!(
        decision.reason(),
        "This looks like a purchase or payment (\"Buy now\" contains \"buy\")"
    );
    let enter = ActionRequest::press_key("Enter")
        .with_element("textbox", "Coupon")
        .with_form_submit_label("Place order");
    let decision = gate.assess(&enter, &agent_on(SHOP));
    assert!(decision.reason().contains("\"Place order\""), "{decision}");
    let url = gate.assess(
        &ActionRequest::navigate("javascript:alert(1)"),
        &agent_on(SHOP),
    );
    assert!(url.reason().starts_with("javascript:"), "{url}");
}
