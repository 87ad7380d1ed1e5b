//! The two secret rules that stand instead of a takeover, on the context facts the agent gives
//! ([`SecretFacts`]): a secret from the person's own message is typed after a confirmation that
//! shows the host and the value masked; a configured secret of the host is typed without asking.
//! Neither lifts a CAPTCHA, a deny or a field the facts do not cover, and an approval never lifts
//! the confirmation.

use crate::common;

use common::{agent_on, default_gate, expect, gate_with};
use tandem_policy::{ActionRequest, Effect, PolicyContext, SecretFacts, SessionApprovals};
use tandem_protocol::Mode;

const LOGIN: &str = "https://shop.example/login";

fn password(text: &str) -> ActionRequest {
    ActionRequest::type_text("textbox", "Password", text)
        .with_input_type("password")
        .with_secret_text()
}

fn from_message() -> SecretFacts {
    SecretFacts {
        in_message: true,
        configured: false,
    }
}

fn configured() -> SecretFacts {
    SecretFacts {
        in_message: false,
        configured: true,
    }
}

#[test]
fn a_secret_from_the_message_is_confirmed_showing_host_and_mask() {
    let gate = default_gate();
    let context = agent_on(Some(LOGIN)).with_secret_facts(from_message());
    let decision = gate.assess(&password("hunter2"), &context);
    assert_eq!(decision.effect(), Effect::Confirm, "{decision:?}");
    assert_eq!(decision.rule(), "confirm-secret-from-message");
    assert_eq!(
        decision.reason(),
        "Type the secret you gave in your message (•••••••) into this field on shop.example?"
    );
    let nowhere = PolicyContext::new(Mode::Agent).with_secret_facts(from_message());
    let short = gate.assess(&password("pin"), &nowhere);
    assert!(
        short
            .reason()
            .contains("(••••) into this field on this page"),
        "{short:?}"
    );
}

#[test]
fn a_configured_secret_is_typed_without_asking_in_any_secret_field() {
    let gate = default_gate();
    let context = agent_on(Some(LOGIN)).with_secret_facts(configured());
    let fields = [
        ("password", password("x")),
        (
            "card number by autocomplete",
            ActionRequest::type_text("textbox", "Number", "x").with_autocomplete("cc-number"),
        ),
        (
            "PIN by name",
            ActionRequest::type_text("textbox", "PIN", "x"),
        ),
    ];
    for (case, request) in fields {
        expect(
            case,
            &gate,
            &request,
            &context,
            Effect::Allow,
            "allow-configured-secret",
        );
    }
}

#[test]
fn the_message_wins_over_a_configured_secret() {
    let facts = SecretFacts {
        in_message: true,
        configured: true,
    };
    let context = agent_on(Some(LOGIN)).with_secret_facts(facts);
    let gate = default_gate();
    let case = "both facts";
    let rule = "confirm-secret-from-message";
    expect(case, &gate, &password("x"), &context, Effect::Confirm, rule);
}

#[test]
fn without_the_facts_or_outside_secret_fields_nothing_changes() {
    let gate = default_gate();
    let plain = agent_on(Some(LOGIN));
    expect(
        "no facts",
        &gate,
        &password("x"),
        &plain,
        Effect::Takeover,
        "takeover-secret-text",
    );
    let context = agent_on(Some(LOGIN)).with_secret_facts(configured());
    let username = ActionRequest::type_text("textbox", "Username", "ada");
    expect(
        "plain field",
        &gate,
        &username,
        &context,
        Effect::Allow,
        "allow-page-actions",
    );
    let captcha = ActionRequest::type_text("textbox", "Captcha", "x");
    expect(
        "captcha",
        &gate,
        &captcha,
        &context,
        Effect::Takeover,
        "takeover-captcha",
    );
    // The message's secret counts only where the text is a secret.
    let pin = ActionRequest::type_text("textbox", "PIN", "1234");
    let in_message = agent_on(Some(LOGIN)).with_secret_facts(from_message());
    let rule = "takeover-sensitive-field-name";
    expect(
        "non-secret text",
        &gate,
        &pin,
        &in_message,
        Effect::Takeover,
        rule,
    );
}

#[test]
fn chat_mode_still_denies_and_an_approval_never_lifts_the_confirmation() {
    let gate = default_gate();
    let chat = PolicyContext::new(Mode::Chat)
        .with_current_url(LOGIN)
        .with_secret_facts(configured());
    let deny = gate.assess(&password("x"), &chat);
    assert_eq!(deny.effect(), Effect::Deny, "{deny:?}");

    let mut approvals = SessionApprovals::new();
    approvals.approve(&password("hunter2"), Some(LOGIN));
    let context = agent_on(Some(LOGIN))
        .with_approvals(&approvals)
        .with_secret_facts(from_message());
    let again = gate.assess(&password("hunter2"), &context);
    assert_eq!(again.effect(), Effect::Confirm, "{again:?}");
}

#[test]
fn instead_of_is_for_allow_and_confirm_rules_only() {
    let error = tandem_policy::PolicyGate::with_defaults_and(
        r#"
[[rule]]
id = "takeover-instead"
effect = "takeover"
kinds = ["type"]
instead_of = ["takeover-secret-text"]
reason = "x"
"#,
    )
    .expect_err("a takeover rule cannot stand instead of another");
    assert!(error.to_string().contains("instead_of"), "{error}");
    // A user rule may stand instead of a default takeover rule, on its own facts.
    let gate = gate_with(
        r#"
[[rule]]
id = "confirm-secret-text"
effect = "confirm"
kinds = ["type"]
text_is_secret = true
instead_of = ["takeover-secret-text"]
reason = "Type a secret on {host}?"
"#,
    );
    let decision = gate.assess(&password("x"), &agent_on(Some(LOGIN)));
    assert_eq!(decision.rule(), "confirm-secret-text", "{decision:?}");
    assert_eq!(decision.reason(), "Type a secret on shop.example?");
}

#[test]
fn a_decision_by_a_configured_secret_rule_says_the_secret_is_typed() {
    let configured = SecretFacts {
        in_message: false,
        configured: true,
    };
    let gate = default_gate();
    let request = password("x");
    let with_secret = gate.assess(
        &request,
        &agent_on(Some(LOGIN)).with_secret_facts(configured),
    );
    assert!(with_secret.types_configured_secret(), "{with_secret:?}");
    // Another rule decided: the planner's text is typed as it is.
    let plain = gate.assess(
        &ActionRequest::click("button", "Next"),
        &agent_on(Some(LOGIN)),
    );
    assert!(!plain.types_configured_secret());
    let from_message = SecretFacts {
        in_message: true,
        configured: true,
    };
    let asked = gate.assess(
        &request,
        &agent_on(Some(LOGIN)).with_secret_facts(from_message),
    );
    assert!(!asked.types_configured_secret(), "{asked:?}");
}
