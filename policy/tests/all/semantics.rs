//! How decisions combine: strictest wins, unknown is denied, approvals are narrow, user files add.

use common::{agent_on, default_gate, expect, gate_with};
use tandem_policy::{
    ActionKind, ActionRequest, Effect, PolicyContext, PolicyGate, SessionApprovals,
};
use tandem_protocol::Mode;

use crate::common;

/// Four overlapping rules that all match a click on "Pay", one per effect.
fn layered_rule(id: &str, effect: &str) -> String {
    format!(
        "[[rule]]\nid = \"{id}\"\neffect = \"{effect}\"\nkinds = [\"click\"]\nname_words = [\"pay\"]\nreason = \"{id}\"\n"
    )
}

#[test]
fn the_strictest_matching_rule_wins_whatever_the_order() {
    let all = [
        ("a", "allow"),
        ("c", "confirm"),
        ("t", "takeover"),
        ("d", "deny"),
    ];
    let cases: [(&[usize], Effect, &str); 8] = [
        (&[0], Effect::Allow, "a"),
        (&[0, 1], Effect::Confirm, "c"),
        (&[1, 0], Effect::Confirm, "c"),
        (&[0, 1, 2], Effect::Takeover, "t"),
        (&[2, 1, 0], Effect::Takeover, "t"),
        (&[0, 1, 2, 3], Effect::Deny, "d"),
        (&[3, 2, 1, 0], Effect::Deny, "d"),
        (&[1, 3], Effect::Deny, "d"),
    ];
    let request = ActionRequest::click("button", "Pay");
    for (picked, effect, rule) in cases {
        let text: String = picked
            .iter()
            .map(|&index| layered_rule(all[index].0, all[index].1))
            .collect();
        let gate = PolicyGate::from_toml_str(&text).expect("test policy loads");
        expect(
            &format!("{picked:?}"),
            &gate,
            &request,
            &agent_on(None),
            effect,
            rule,
        );
    }
}

#[test]
fn among_equally_strict_rules_the_first_in_file_order_decides() {
    let text = format!(
        "{}{}",
        layered_rule("first", "confirm"),
        layered_rule("second", "confirm")
    );
    let gate = PolicyGate::from_toml_str(&text).expect("test policy loads");
    let request = ActionRequest::click("button", "Pay");
    expect(
        "tie",
        &gate,
        &request,
        &agent_on(None),
        Effect::Confirm,
        "first",
    );
}

#[test]
fn a_user_allow_cannot_override_a_default_confirmation() {
    let gate = gate_with(&layered_rule("user-allow-pay", "allow"));
    let request = ActionRequest::click("button", "Pay");
    expect(
        "user allow",
        &gate,
        &request,
        &agent_on(None),
        Effect::Confirm,
        "confirm-purchase",
    );
}

#[test]
fn unknown_kinds_are_denied_even_by_a_catch_all_allow() {
    let gate = PolicyGate::from_toml_str(
        "[[rule]]\nid = \"everything\"\neffect = \"allow\"\nkinds = [\"*\"]\nreason = \"all\"\n",
    )
    .expect("test policy loads");
    for name in ["run_js", "", "NAVIGATE", "eval"] {
        let request = ActionRequest::new(ActionKind::from_name(name));
        expect(
            name,
            &gate,
            &request,
            &agent_on(None),
            Effect::Deny,
            "unknown-action-kind",
        );
    }
    let known = ActionRequest::new(ActionKind::Scroll);
    expect(
        "known kind",
        &gate,
        &known,
        &agent_on(None),
        Effect::Allow,
        "everything",
    );
}

#[test]
fn an_action_no_rule_covers_is_denied() {
    let gate = PolicyGate::from_toml_str(
        "[[rule]]\nid = \"only-scroll\"\neffect = \"allow\"\nkinds = [\"scroll\"]\nreason = \"r\"\n",
    )
    .expect("test policy loads");
    let click = ActionRequest::click("button", "Next");
    expect(
        "click",
        &gate,
        &click,
        &agent_on(None),
        Effect::Deny,
        "no-matching-rule",
    );
    let empty = PolicyGate::from_toml_str("").expect("an empty policy loads");
    let stop = ActionRequest::new(ActionKind::Stop);
    expect(
        "empty policy",
        &empty,
        &stop,
        &agent_on(None),
        Effect::Deny,
        "no-matching-rule",
    );
}

#[test]
fn session_approvals_cover_only_the_identical_action() {
    let gate = default_gate();
    let page = "https://shop.example/checkout";
    let buy = ActionRequest::click("button", "Buy now");
    let mut approvals = SessionApprovals::new();
    approvals.approve(&buy, Some(page));
    let context = PolicyContext::new(Mode::Agent)
        .with_current_url(page)
        .with_approvals(&approvals);

    expect(
        "same action",
        &gate,
        &buy,
        &context,
        Effect::Allow,
        "session-approval",
    );

    let different = [
        (
            "other name",
            ActionRequest::click("button", "Buy now and pay"),
        ),
        ("other role", ActionRequest::click("link", "Buy now")),
        (
            "other kind",
            ActionRequest::press_key("Enter").with_element("button", "Buy now"),
        ),
        (
            "with a target",
            buy.clone().with_target_url("https://shop.example/pay"),
        ),
        (
            "in another row",
            buy.clone().with_element_context("Gift card"),
        ),
        (
            "with other values in its form",
            buy.clone().with_form_values(r#""Name"="Eve""#),
        ),
    ];
    for (case, request) in different {
        expect(
            case,
            &gate,
            &request,
            &context,
            Effect::Confirm,
            "confirm-purchase",
        );
    }
    let other_page = PolicyContext::new(Mode::Agent)
        .with_current_url("https://other.example/checkout")
        .with_approvals(&approvals);
    expect(
        "other page",
        &gate,
        &buy,
        &other_page,
        Effect::Confirm,
        "confirm-purchase",
    );
    let fragment = PolicyContext::new(Mode::Agent)
        .with_current_url("https://shop.example/checkout#summary")
        .with_approvals(&approvals);
    expect(
        "same page, other fragment",
        &gate,
        &buy,
        &fragment,
        Effect::Allow,
        "session-approval",
    );
    let fresh_session = agent_on(Some(page));
    expect(
        "other session",
        &gate,
        &buy,
        &fresh_session,
        Effect::Confirm,
        "confirm-purchase",
    );
}

#[test]
fn session_approvals_never_lift_a_deny_or_a_takeover() {
    let gate = default_gate();
    let page = "https://bank.example/";
    let transfer = ActionRequest::click("button", "Send money");
    let password = ActionRequest::type_text("textbox", "Password", "hunter2");
    let mut approvals = SessionApprovals::new();
    approvals.approve(&transfer, Some(page));
    approvals.approve(&password, Some(page));
    let navigation = ActionRequest::navigate("javascript:alert(1)");
    approvals.approve(&navigation, Some(page));
    let context = PolicyContext::new(Mode::Agent)
        .with_current_url(page)
        .with_approvals(&approvals);
    expect(
        "deny stays",
        &gate,
        &transfer,
        &context,
        Effect::Deny,
        "deny-money-transfer",
    );
    expect(
        "takeover stays",
        &gate,
        &password,
        &context,
        Effect::Takeover,
        "takeover-sensitive-field-name",
    );
    expect(
        "scheme deny stays",
        &gate,
        &navigation,
        &context,
        Effect::Deny,
        "dangerous-scheme",
    );
    let chat = PolicyContext::new(Mode::Chat)
        .with_current_url(page)
        .with_approvals(&approvals);
    let buy = ActionRequest::click("button", "Buy now");
    approvals_for_chat(&gate, &buy, &chat);
}

fn approvals_for_chat(gate: &PolicyGate, buy: &ActionRequest, chat: &PolicyContext<'_>) {
    let mut approvals = SessionApprovals::new();
    approvals.approve(buy, chat.current_url);
    let chat = chat.with_approvals(&approvals);
    expect(
        "mode deny stays",
        gate,
        buy,
        &chat,
        Effect::Deny,
        "chat-mode-no-page-actions",
    );
}

#[test]
fn never_allowed_actions_are_denied_in_every_mode() {
    let gate = default_gate();
    let transfer = ActionRequest::click("button", "Transfer funds");
    for mode in [Mode::Agent, Mode::Chat] {
        let decision = gate.assess(&transfer, &PolicyContext::new(mode));
        assert_eq!(decision.effect(), Effect::Deny, "{mode}: {decision}");
    }
}

#[test]
fn user_files_add_rules_and_lists_to_the_defaults() {
    let gate = gate_with(
        r#"
[navigation]
allowed_schemes = ["ftp"]

[hosts]
deny = ["tracker.example"]

[[rule]]
id = "allow-my-tool"
effect = "allow"
kinds = ["tool"]
tools = ["github_*"]
reason = "My GitHub tools"

[[rule]]
id = "confirm-my-mutating-tools"
effect = "confirm"
kinds = ["tool"]
tools = ["github_*"]
tool_mutates = true
reason = "This GitHub tool changes something"
"#,
    );
    let ids: Vec<&str> = gate.rule_ids().collect();
    assert_eq!(ids.first(), Some(&"allow-read-only"), "defaults come first");
    assert_eq!(
        ids.last(),
        Some(&"confirm-my-mutating-tools"),
        "user rules follow"
    );

    let context = agent_on(None);
    let ftp = ActionRequest::navigate("ftp://files.example/");
    expect(
        "added scheme",
        &gate,
        &ftp,
        &context,
        Effect::Allow,
        "allow-navigation",
    );
    let https = ActionRequest::navigate("https://example.com/");
    expect(
        "default scheme kept",
        &gate,
        &https,
        &context,
        Effect::Allow,
        "allow-navigation",
    );
    let tracker = ActionRequest::navigate("https://tracker.example/");
    expect(
        "added deny",
        &gate,
        &tracker,
        &context,
        Effect::Deny,
        "host-denylist",
    );
    let read = ActionRequest::tool("github_get_issue", false);
    expect(
        "read tool",
        &gate,
        &read,
        &context,
        Effect::Allow,
        "allow-my-tool",
    );
    let write = ActionRequest::tool("github_create_issue", true);
    expect(
        "write tool",
        &gate,
        &write,
        &context,
        Effect::Confirm,
        "confirm-my-mutating-tools",
    );
    let other = ActionRequest::tool("gitlab_create_issue", true);
    expect(
        "other tool",
        &gate,
        &other,
        &context,
        Effect::Deny,
        "unknown-tool",
    );
}

#[test]
fn a_gate_that_could_not_load_denies_everything() {
    let gate = PolicyGate::deny_all("no policy");
    for kind in ActionKind::KNOWN {
        let request = ActionRequest::new(kind);
        expect(
            "deny all",
            &gate,
            &request,
            &agent_on(None),
            Effect::Deny,
            "policy-unavailable",
        );
    }
    let decision = gate.check_navigation("https://example.com/", &agent_on(None));
    assert_eq!(decision.rule(), "policy-unavailable");
}

#[test]
fn the_default_gate_is_the_embedded_policy() {
    let from_default: Vec<String> = PolicyGate::default()
        .rule_ids()
        .map(str::to_owned)
        .collect();
    let from_defaults: Vec<String> = default_gate().rule_ids().map(str::to_owned).collect();
    assert_eq!(from_default, from_defaults);
    assert!(tandem_policy::DEFAULT_POLICY_TOML.contains("[[rule]]"));
}

#[test]
fn the_gate_can_be_shared_between_threads() {
    fn shareable<T: Send + Sync + 'static>() {}
    shareable::<PolicyGate>();
    shareable::<SessionApprovals>();
}

#[test]
fn decisions_serialise_for_the_ui() {
    let decision = default_gate().assess(&ActionRequest::click("button", "Pay"), &agent_on(None));
    let json = serde_json::to_value(&decision).unwrap();
    assert_eq!(json["decision"], "require_confirmation");
    assert_eq!(json["rule"], "confirm-purchase");
    assert!(json["reason"].as_str().unwrap().contains("\"Pay\""));
    let mode: Mode = serde_json::from_str("\"chat\"").unwrap();
    assert_eq!(mode, Mode::Chat);
    assert_eq!(
        serde_json::to_string(&Effect::Takeover).unwrap(),
        "\"takeover\""
    );
}

#[test]
fn effects_are_named_as_rule_files_and_serde_write_them() {
    for (effect, name) in [
        (Effect::Allow, "allow"),
        (Effect::Confirm, "confirm"),
        (Effect::Takeover, "takeover"),
        (Effect::Deny, "deny"),
    ] {
        assert_eq!(effect.name(), name);
        assert_eq!(effect.to_string(), name);
        assert_eq!(Effect::from_name(name), Some(effect));
        assert_eq!(serde_json::to_value(effect).unwrap(), name);
    }
    assert_eq!(Effect::from_name("Deny"), None);
    assert_eq!(Effect::from_name("require_confirmation"), None);
}
