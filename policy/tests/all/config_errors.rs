//! A bad policy file is refused at start-up with its line and a clear problem.

use std::path::Path;

use tandem_policy::{PolicyError, PolicyGate};

fn refused(text: &str) -> PolicyError {
    match PolicyGate::from_toml_str(text) {
        Ok(_) => panic!("policy should be refused:\n{text}"),
        Err(error) => error,
    }
}

fn rule(body: &str) -> String {
    format!("# comment\n[[rule]]\nid = \"r1\"\neffect = \"deny\"\nreason = \"x\"\n{body}")
}

#[test]
fn toml_syntax_errors_name_line_and_column() {
    let error = refused("[navigation]\nallowed_schemes = [\"https\"\n\n[hosts]\n");
    let PolicyError::Syntax { line, .. } = &error else {
        panic!("expected a syntax error, got {error:?}");
    };
    assert!(*line >= 2 && *line <= 4, "{error}");
    let message = error.to_string();
    assert!(message.starts_with("policy text: line "), "{message}");
    assert!(message.contains("column"), "{message}");
}

#[test]
fn misspelled_keys_are_refused_not_ignored() {
    let error = refused(&rule("kinds = [\"click\"]\nname_word = [\"buy\"]\n"));
    let message = error.to_string();
    assert!(
        matches!(error, PolicyError::Syntax { line: 7, .. }),
        "{message}"
    );
    assert!(message.contains("name_word"), "{message}");
    let error = refused("[host]\nallow = []\n");
    assert!(error.to_string().contains("host"), "{error}");
}

#[test]
fn wrong_types_are_refused() {
    let error = refused(&rule("kinds = \"click\"\n"));
    assert!(
        matches!(error, PolicyError::Syntax { line: 6, .. }),
        "{error}"
    );
}

#[test]
fn rule_problems_name_the_rule_and_the_line() {
    let cases = [
        (
            "# comment\n[[rule]]\nid = \"r1\"\neffect = \"forbid\"\nreason = \"x\"\nkinds = [\"click\"]\n",
            4,
            "unknown effect \"forbid\"",
        ),
        (
            &rule("kinds = [\"click\", \"teleport\"]\n") as &str,
            6,
            "unknown action kind \"teleport\"",
        ),
        (
            &rule("kinds = [\"click\"]\nmodes = [\"turbo\"]\n"),
            7,
            "unknown mode \"turbo\"",
        ),
        (
            &rule(
                "kinds = [\"navigate\"]\nhosts = [\n  \"ok.example\",\n  \"bad host.example\",\n]\n",
            ),
            9,
            "bad host pattern",
        ),
        (
            &rule("kinds = [\"navigate\"]\nhosts = [\"a.*.example\"]\n"),
            7,
            "wildcard",
        ),
        (
            &rule("kinds = [\"navigate\"]\npaths = [\"transfer\"]\n"),
            7,
            "must start with /",
        ),
        (
            &rule("kinds = [\"click\"]\nname_words = [\"...\"]\n"),
            7,
            "no letters or digits",
        ),
        (
            &rule("kinds = [\"click\"]\nroles = [\"\"]\n"),
            7,
            "empty pattern",
        ),
        (
            &rule("kinds = [\"navigate\"]\nschemes = [\"ht tp\"]\n"),
            7,
            "not a URL scheme",
        ),
        (&rule("kinds = []\n"), 2, "empty list"),
        (&rule(""), 2, "missing `kinds`"),
        (
            "[[rule]]\nid = \"r1\"\neffect = \"deny\"\nkinds = [\"click\"]\n",
            1,
            "missing `reason`",
        ),
        (
            "[[rule]]\nid = \"r1\"\nreason = \"x\"\nkinds = [\"click\"]\n",
            1,
            "missing `effect`",
        ),
        (
            "[[rule]]\nid = \"a\"\neffect = \"deny\"\nreason = \"x\"\nkinds = [\"click\"]\n[[rule]]\nid = \"a\"\neffect = \"deny\"\nreason = \"x\"\nkinds = [\"click\"]\n",
            6,
            "used by an earlier rule",
        ),
    ];
    for (text, expected_line, expected_problem) in cases {
        let error = refused(text);
        let PolicyError::InvalidRule {
            line,
            rule,
            problem,
            ..
        } = &error
        else {
            panic!("expected a rule error for:\n{text}\ngot {error:?}");
        };
        assert_eq!(*line, expected_line, "{error}");
        assert!(rule == "r1" || rule == "a", "{error}");
        assert!(problem.contains(expected_problem), "{error}");
        assert!(
            error
                .to_string()
                .contains(&format!("line {expected_line}: rule \"{rule}\"")),
            "{error}"
        );
    }
}

#[test]
fn bad_or_reserved_ids_are_refused() {
    let missing = refused("[[rule]]\neffect = \"deny\"\nreason = \"x\"\nkinds = [\"click\"]\n");
    assert!(
        missing.to_string().contains("rule \"#1\": missing `id`"),
        "{missing}"
    );
    let upper = refused(
        "[[rule]]\nid = \"Bad Id\"\neffect = \"deny\"\nreason = \"x\"\nkinds = [\"click\"]\n",
    );
    assert!(upper.to_string().contains("lower-case"), "{upper}");
    let reserved = refused(
        "[[rule]]\nid = \"session-approval\"\neffect = \"allow\"\nreason = \"x\"\nkinds = [\"click\"]\n",
    );
    assert!(reserved.to_string().contains("reserved"), "{reserved}");
}

#[test]
fn setting_problems_name_the_setting_and_the_line() {
    let cases = [
        (
            "[hosts]\ndeny = [\"ok.example\", \"https://evil.example/\"]\n",
            2,
            "hosts.deny",
        ),
        ("[hosts]\nallow = [\n\"*\"\n]\n", 3, "hosts.allow"),
        (
            "[navigation]\nallowed_schemes = [\"https\", \"javascript\"]\n",
            2,
            "navigation.allowed_schemes",
        ),
        (
            "[navigation]\nallowed_schemes = [\"file\"]\n",
            2,
            "navigation.allowed_schemes",
        ),
        (
            "[navigation]\nfile_folders = [\"site\"]\n",
            2,
            "navigation.file_folders",
        ),
        (
            "[navigation]\nfile_folders = [\"/srv/../etc\"]\n",
            2,
            "navigation.file_folders",
        ),
    ];
    for (text, expected_line, expected_setting) in cases {
        let error = refused(text);
        let PolicyError::InvalidSetting { line, setting, .. } = &error else {
            panic!("expected a setting error for:\n{text}\ngot {error:?}");
        };
        assert_eq!(
            (*line, setting.as_str()),
            (expected_line, expected_setting),
            "{error}"
        );
    }
}

#[test]
fn user_rules_may_not_reuse_default_ids() {
    let text = "[[rule]]\nid = \"confirm-purchase\"\neffect = \"allow\"\nreason = \"x\"\nkinds = [\"click\"]\n";
    let error = match PolicyGate::with_defaults_and(text) {
        Ok(_) => panic!("a default id must not be reused"),
        Err(error) => error,
    };
    let message = error.to_string();
    assert!(
        message.starts_with("user policy: line 1: rule \"confirm-purchase\""),
        "{message}"
    );
}

#[test]
fn files_are_read_and_errors_name_the_path() {
    let missing = Path::new("/nonexistent/tandem/policy.toml");
    let error = match PolicyGate::with_defaults_and_file(missing) {
        Ok(_) => panic!("a missing file must be refused"),
        Err(error) => error,
    };
    assert!(matches!(error, PolicyError::Read { .. }), "{error:?}");
    assert!(
        error
            .to_string()
            .contains("/nonexistent/tandem/policy.toml"),
        "{error}"
    );

    let path = std::env::temp_dir().join(format!("tandem-policy-test-{}.toml", std::process::id()));
    std::fs::write(
        &path,
        "[hosts]\ndeny = [\"evil.example\"]\n\n[[rule]]\nid = \"x\"\n",
    )
    .unwrap();
    let error = match PolicyGate::with_defaults_and_file(&path) {
        Ok(_) => panic!("an incomplete rule must be refused"),
        Err(error) => error,
    };
    assert!(
        error
            .to_string()
            .starts_with(&format!("{}: line 4", path.display())),
        "{error}"
    );
    std::fs::write(&path, "[hosts]\ndeny = [\"evil.example\"]\n").unwrap();
    let gate = PolicyGate::with_defaults_and_file(&path).expect("a good file loads");
    assert!(gate.rule_ids().count() > 10);
    let standalone = PolicyGate::from_file(&path).expect("a good file loads alone");
    assert_eq!(standalone.rule_ids().count(), 0);
    std::fs::remove_file(&path).unwrap();
}
