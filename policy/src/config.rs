//! The policy file format: TOML read with serde, then checked value by value.
//!
//! In: TOML text and a name for where it came from. Out: a [`CompiledPolicy`] (navigation
//! settings plus compiled [`Rule`]s in file order), or a [`PolicyError`] naming the line, the
//! rule id or setting, and the problem. Unknown keys are refused, so a typo never silently turns
//! a rule off. The format itself is documented in `docs/policy.md`.

use std::path::{Component, Path, PathBuf};

use serde::Deserialize;
use toml::Spanned;

use crate::error::{PolicyError, line_and_column};
use crate::host::{HostPattern, HostSet};
use crate::navigation::{NEVER_ALLOWED_SCHEMES, NavigationSettings, scheme_name};
use crate::rule::{Flags, ListField, Rule, RuleBuilder};

/// Rule ids the gate itself uses for decisions that no `[[rule]]` made.
pub(crate) const BUILT_IN_RULE_IDS: [&str; 11] = [
    "unknown-action-kind",
    "unknown-tool",
    "no-matching-rule",
    "invalid-url",
    "dangerous-scheme",
    "scheme-not-allowed",
    "file-outside-folders",
    "host-denylist",
    "host-not-allowlisted",
    "session-approval",
    "policy-unavailable",
];

type Strings = Option<Vec<Spanned<String>>>;

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct RawPolicy {
    #[serde(default)]
    navigation: RawNavigation,
    #[serde(default)]
    hosts: RawHosts,
    #[serde(default)]
    rule: Vec<Spanned<RawRule>>,
}

#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
struct RawNavigation {
    allowed_schemes: Strings,
    #[serde(default)]
    file_folders: Vec<Spanned<String>>,
}

#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
struct RawHosts {
    #[serde(default)]
    allow: Vec<Spanned<String>>,
    #[serde(default)]
    deny: Vec<Spanned<String>>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct RawRule {
    id: Option<Spanned<String>>,
    effect: Option<Spanned<String>>,
    reason: Option<Spanned<String>>,
    kinds: Strings,
    modes: Strings,
    tools: Strings,
    tool_mutates: Option<bool>,
    schemes: Strings,
    hosts: Strings,
    paths: Strings,
    roles: Strings,
    name_words: Strings,
    input_types: Strings,
    autocomplete: Strings,
    keys: Strings,
    types_text: Option<bool>,
    text_is_secret: Option<bool>,
    captcha_visible: Option<bool>,
    secret_in_message: Option<bool>,
    configured_secret: Option<bool>,
    unasked_send: Option<bool>,
    instead_of: Strings,
}

/// A checked policy file: what it says about navigation, and its rules in file order.
#[derive(Debug, Clone, Default)]
pub(crate) struct CompiledPolicy {
    pub(crate) navigation: NavigationSettings,
    pub(crate) rules: Vec<Rule>,
}

/// Where the text came from, for error messages.
struct Origin<'a> {
    name: &'a str,
    text: &'a str,
}

impl Origin<'_> {
    fn line(&self, offset: usize) -> usize {
        line_and_column(self.text, offset).0
    }

    fn setting_error(&self, setting: &str, at: usize, problem: String) -> PolicyError {
        PolicyError::InvalidSetting {
            origin: self.name.to_owned(),
            line: self.line(at),
            setting: setting.to_owned(),
            problem,
        }
    }

    fn rule_error(&self, rule: &str, at: usize, problem: String) -> PolicyError {
        PolicyError::InvalidRule {
            origin: self.name.to_owned(),
            line: self.line(at),
            rule: rule.to_owned(),
            problem,
        }
    }
}

/// Parses and checks one policy text. `origin` names it in errors ("embedded defaults", a path).
pub(crate) fn compile(origin_name: &str, text: &str) -> Result<CompiledPolicy, PolicyError> {
    let origin = Origin {
        name: origin_name,
        text,
    };
    let raw: RawPolicy = toml::from_str(text).map_err(|error| {
        let (line, column) = error
            .span()
            .map_or((1, 1), |span| line_and_column(text, span.start));
        PolicyError::Syntax {
            origin: origin_name.to_owned(),
            line,
            column,
            problem: error.message().trim().to_owned(),
        }
    })?;
    let navigation = compile_navigation(&origin, &raw.navigation, &raw.hosts)?;
    let mut rules: Vec<Rule> = Vec::with_capacity(raw.rule.len());
    for (index, raw_rule) in raw.rule.iter().enumerate() {
        let rule = compile_rule(&origin, index, raw_rule)?;
        if rules.iter().any(|earlier| earlier.id == rule.id) {
            return Err(origin.rule_error(
                &rule.id,
                raw_rule.span().start,
                "this id is used by an earlier rule; ids must be unique".to_owned(),
            ));
        }
        rules.push(rule);
    }
    Ok(CompiledPolicy { navigation, rules })
}

fn compile_navigation(
    origin: &Origin<'_>,
    raw: &RawNavigation,
    hosts: &RawHosts,
) -> Result<NavigationSettings, PolicyError> {
    let mut settings = NavigationSettings::default();
    if let Some(schemes) = &raw.allowed_schemes {
        let mut allowed = Vec::with_capacity(schemes.len());
        for scheme in schemes {
            allowed.push(check_allowed_scheme(scheme.get_ref()).map_err(|problem| {
                origin.setting_error("navigation.allowed_schemes", scheme.span().start, problem)
            })?);
        }
        settings.allowed_schemes = Some(allowed);
    }
    for folder in &raw.file_folders {
        let path = check_folder(folder.get_ref()).map_err(|problem| {
            origin.setting_error("navigation.file_folders", folder.span().start, problem)
        })?;
        settings.file_folders.push(path);
    }
    settings.allow_hosts = compile_host_list(origin, "hosts.allow", &hosts.allow)?;
    settings.deny_hosts = compile_host_list(origin, "hosts.deny", &hosts.deny)?;
    Ok(settings)
}

fn check_allowed_scheme(scheme: &str) -> Result<String, String> {
    let scheme = scheme_name(scheme)?;
    if scheme == "file" {
        return Err(
            "file: is never allowed wholesale; list folders in navigation.file_folders instead"
                .to_owned(),
        );
    }
    if NEVER_ALLOWED_SCHEMES.contains(&scheme.as_str()) {
        return Err(format!("{scheme}: can never be allowed"));
    }
    Ok(scheme)
}

fn check_folder(folder: &str) -> Result<PathBuf, String> {
    let path = Path::new(folder);
    if !path.is_absolute() {
        return Err(format!("\"{folder}\" is not an absolute path"));
    }
    if path
        .components()
        .any(|component| matches!(component, Component::ParentDir | Component::CurDir))
    {
        return Err(format!("\"{folder}\" contains . or .. segments"));
    }
    Ok(path.components().collect())
}

fn compile_host_list(
    origin: &Origin<'_>,
    setting: &str,
    patterns: &[Spanned<String>],
) -> Result<HostSet, PolicyError> {
    let mut set = HostSet::default();
    for pattern in patterns {
        let parsed = HostPattern::parse(pattern.get_ref())
            .map_err(|problem| origin.setting_error(setting, pattern.span().start, problem))?;
        set.insert(parsed);
    }
    Ok(set)
}

fn compile_rule(
    origin: &Origin<'_>,
    index: usize,
    spanned: &Spanned<RawRule>,
) -> Result<Rule, PolicyError> {
    let raw = spanned.get_ref();
    let rule_start = spanned.span().start;
    let fallback_name = format!("#{}", index + 1);
    let Some(id) = &raw.id else {
        return Err(origin.rule_error(&fallback_name, rule_start, "missing `id`".to_owned()));
    };
    let id_text = id.get_ref().trim();
    check_rule_id(id_text)
        .map_err(|problem| origin.rule_error(&fallback_name, id.span().start, problem))?;
    let fail = |at: usize, problem: String| origin.rule_error(id_text, at, problem);

    let Some(effect) = &raw.effect else {
        return Err(fail(
            rule_start,
            "missing `effect` (allow, confirm, takeover or deny)".to_owned(),
        ));
    };
    let Some(reason) = &raw.reason else {
        return Err(fail(
            rule_start,
            "missing `reason` (shown to the user)".to_owned(),
        ));
    };
    if reason.get_ref().trim().is_empty() {
        return Err(fail(reason.span().start, "`reason` is empty".to_owned()));
    }
    let Some(kinds) = &raw.kinds else {
        return Err(fail(
            rule_start,
            "missing `kinds` (action kinds, or [\"*\"] for all)".to_owned(),
        ));
    };

    let mut builder = RuleBuilder::new(id_text, reason.get_ref().trim(), origin.line(rule_start));
    builder
        .effect(effect.get_ref())
        .map_err(|problem| fail(effect.span().start, problem))?;
    let conditions = [
        ("kinds", Some(kinds), ListField::Kinds),
        ("modes", raw.modes.as_ref(), ListField::Modes),
        ("tools", raw.tools.as_ref(), ListField::Tools),
        ("schemes", raw.schemes.as_ref(), ListField::Schemes),
        ("hosts", raw.hosts.as_ref(), ListField::Hosts),
        ("paths", raw.paths.as_ref(), ListField::Paths),
        ("roles", raw.roles.as_ref(), ListField::Roles),
        ("name_words", raw.name_words.as_ref(), ListField::NameWords),
        (
            "input_types",
            raw.input_types.as_ref(),
            ListField::InputTypes,
        ),
        (
            "autocomplete",
            raw.autocomplete.as_ref(),
            ListField::Autocomplete,
        ),
        ("keys", raw.keys.as_ref(), ListField::Keys),
    ];
    for (key, values, field) in conditions {
        let Some(values) = values else { continue };
        if values.is_empty() {
            return Err(fail(
                rule_start,
                format!(
                    "`{key}` is an empty list and would match nothing; leave it out to match anything"
                ),
            ));
        }
        for value in values {
            builder
                .add(field, value.get_ref())
                .map_err(|problem| fail(value.span().start, format!("`{key}`: {problem}")))?;
        }
    }
    builder.flags(Flags {
        tool_mutates: raw.tool_mutates,
        types_text: raw.types_text,
        text_is_secret: raw.text_is_secret,
        captcha_visible: raw.captcha_visible,
        secret_in_message: raw.secret_in_message,
        configured_secret: raw.configured_secret,
        unasked_send: raw.unasked_send,
    });
    for id in raw.instead_of.iter().flatten() {
        check_rule_id(id.get_ref().trim())
            .and_then(|()| builder.instead_of(id.get_ref()))
            .map_err(|problem| fail(id.span().start, format!("`instead_of`: {problem}")))?;
    }
    Ok(builder.build())
}

fn check_rule_id(id: &str) -> Result<(), String> {
    if id.is_empty() {
        return Err("`id` is empty".to_owned());
    }
    if !id
        .chars()
        .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || matches!(c, '-' | '_' | '.'))
    {
        return Err(format!(
            "id \"{id}\" may only use lower-case letters, digits, '-', '_' and '.'"
        ));
    }
    if BUILT_IN_RULE_IDS.contains(&id) {
        return Err(format!(
            "id \"{id}\" is reserved for the gate's own decisions"
        ));
    }
    Ok(())
}
