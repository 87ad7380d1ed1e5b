//! Property tests: no input makes the gate panic, and approvals never lift a deny.

use std::sync::LazyLock;

use proptest::prelude::*;
use tandem_policy::{
    ActionKind, ActionRequest, Effect, PolicyContext, PolicyGate, SessionApprovals,
};
use tandem_protocol::Mode;

static GATE: LazyLock<PolicyGate> = LazyLock::new(PolicyGate::default);

/// Strings that look like what pages and models send: URLs with tricks, names in several scripts,
/// control characters, and arbitrary text.
fn text() -> impl Strategy<Value = String> {
    prop_oneof![
        any::<String>(),
        "[a-zA-Z]{0,10}:[/\\\\]{0,3}[a-z0-9.@%:\\[\\]\u{0430}-\u{044f}-]{0,30}(/[a-z0-9.%]{0,10}){0,3}",
        "(https?|file|javascript|data|about|blob|view-source|chrome)://?[^ ]{0,40}",
        "(Buy|Pay|Delete|Send|Sign up|I'm not a robot|Löschen|Überweisung|Card number)[ a-z]{0,12}",
        "[\\x00-\\x20%\\\\/]{0,8}",
    ]
}

fn kind() -> impl Strategy<Value = ActionKind> {
    prop_oneof![
        proptest::sample::select(ActionKind::KNOWN.to_vec()),
        any::<String>().prop_map(|name| ActionKind::from_name(&name)),
    ]
}

prop_compose! {
    fn request()(
        kind in kind(),
        target_url in proptest::option::of(text()),
        element_role in proptest::option::of(text()),
        element_name in proptest::option::of(text()),
        input_type in proptest::option::of(text()),
        autocomplete in proptest::option::of(text()),
        typed_text in proptest::option::of(text()),
        key in proptest::option::of(prop_oneof![Just("Enter".to_owned()), Just(" ".to_owned()), text()]),
        form_submit_label in proptest::option::of(text()),
        tool_name in proptest::option::of(text()),
        flags in any::<(bool, bool, bool)>(),
    ) -> ActionRequest {
        let mut request = ActionRequest::new(kind);
        request.target_url = target_url;
        request.element_role = element_role;
        request.element_name = element_name;
        request.input_type = input_type;
        request.autocomplete = autocomplete;
        request.typed_text = typed_text;
        request.key = key;
        request.form_submit_label = form_submit_label;
        request.tool_name = tool_name;
        (request.text_is_secret, request.tool_mutates, request.captcha_visible) = flags;
        request
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2_000))]

    #[test]
    fn assess_never_panics_and_always_explains(
        request in request(),
        page in proptest::option::of(text()),
        chat in any::<bool>(),
    ) {
        let gate = &*GATE;
        let mode = if chat { Mode::Chat } else { Mode::Agent };
        let context = PolicyContext { current_url: page.as_deref(), ..PolicyContext::new(mode) };
        let decision = gate.assess(&request, &context);
        prop_assert!(!decision.rule().is_empty());
        prop_assert!(!decision.reason().is_empty());
        if let Some(url) = &request.target_url {
            let navigation = gate.check_navigation(url, &context);
            prop_assert!(!navigation.rule().is_empty());
        }
    }

    #[test]
    fn approving_an_action_never_lifts_a_deny_or_takeover(
        request in request(),
        page in proptest::option::of(text()),
    ) {
        let gate = &*GATE;
        let before = gate.assess(&request, &PolicyContext {
            current_url: page.as_deref(),
            ..PolicyContext::new(Mode::Agent)
        });
        let mut approvals = SessionApprovals::new();
        approvals.approve(&request, page.as_deref());
        let context = PolicyContext::new(Mode::Agent).with_approvals(&approvals);
        let after = gate.assess(&request, &PolicyContext { current_url: page.as_deref(), ..context });
        match before.effect() {
            Effect::Deny | Effect::Takeover | Effect::Allow => prop_assert_eq!(&after, &before),
            Effect::Confirm => prop_assert_eq!(after.rule(), "session-approval"),
        }
    }

    #[test]
    fn loading_arbitrary_text_never_panics(text in any::<String>()) {
        let _ = PolicyGate::from_toml_str(&text);
        let _ = GATE.clone().extended_with("arbitrary text", &text);
    }

    #[test]
    fn loading_arbitrary_rule_values_never_panics(
        field in proptest::sample::select(vec![
            "kinds", "modes", "tools", "schemes", "hosts", "paths", "roles", "name_words",
            "input_types", "autocomplete", "keys",
        ]),
        value in text(),
    ) {
        let escaped = value.replace('\\', "\\\\").replace('"', "\\\"");
        let text = format!(
            "[[rule]]\nid = \"r\"\neffect = \"confirm\"\nreason = \"x\"\n{}{field} = [\"{escaped}\"]\n",
            if field == "kinds" { "" } else { "kinds = [\"*\"]\n" },
        );
        let _ = PolicyGate::from_toml_str(&text);
        let hosts = format!("[hosts]\ndeny = [\"{escaped}\"]\n[navigation]\nfile_folders = [\"{escaped}\"]\n");
        let _ = PolicyGate::from_toml_str(&hosts);
    }
}
