//! One compiled `[[rule]]`: its effect, its reason, and the conditions an action must meet.
//!
//! In: values from the policy file, one at a time, through [`RuleBuilder`]; later a
//! [`PreparedRequest`]. Out: a [`Rule`] and, per request, whether it matches and which listed
//! word made it match (for the reason shown to the user).
//!
//! Every condition that is present must hold (AND); a list condition holds when any entry matches
//! (OR); an absent condition always holds. A rule may also name, in `instead_of`, takeover rules
//! whose decision it replaces when it matches too (see `PolicyGate::assess`).

use crate::decision::Effect;
use crate::glob::Glob;
use crate::host::{HostPattern, HostSet};
use crate::kind::ActionKind;
use crate::navigation::scheme_name;
use crate::prepared::{PreparedRequest, UrlFacts};
use crate::words::WordList;
use tandem_protocol::Mode;

/// A checked rule, ready to match.
#[derive(Debug, Clone)]
pub(crate) struct Rule {
    pub(crate) id: String,
    pub(crate) effect: Effect,
    pub(crate) reason: String,
    /// 1-based line of the rule in its file, for error messages.
    pub(crate) line: usize,
    /// Bit `i` set when [`ActionKind::KNOWN`]`[i]` is listed.
    kinds: u32,
    /// Bit per [`Mode::ALL`] entry; 0 means any mode.
    modes: u8,
    tools: Vec<Glob>,
    schemes: Vec<String>,
    hosts: Option<HostSet>,
    paths: Vec<Glob>,
    roles: Vec<Glob>,
    name_words: Option<WordList>,
    input_types: Vec<Glob>,
    autocomplete: Vec<Glob>,
    keys: Vec<Glob>,
    flags: Flags,
    /// Ids of the takeover rules whose decision this rule replaces when it matches too.
    pub(crate) instead_of: Vec<String>,
}

/// The yes/no conditions of a rule; `None` holds whatever the fact.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub(crate) struct Flags {
    pub(crate) tool_mutates: Option<bool>,
    pub(crate) types_text: Option<bool>,
    pub(crate) text_is_secret: Option<bool>,
    pub(crate) captcha_visible: Option<bool>,
    /// The typed secret is one the person wrote in this run's message (a context fact).
    pub(crate) secret_in_message: Option<bool>,
    /// A configured secret of the page's host fits the field (a context fact).
    pub(crate) configured_secret: Option<bool>,
    /// The action sends a form the person did not ask to send (a context fact).
    pub(crate) unasked_send: Option<bool>,
}

/// Which list condition a value belongs to.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum ListField {
    Kinds,
    Modes,
    Tools,
    Schemes,
    Hosts,
    Paths,
    Roles,
    NameWords,
    InputTypes,
    Autocomplete,
    Keys,
}

/// Why a rule matched, beyond its own reason.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct RuleMatch<'a> {
    /// The `name_words` entry found in the element's name, if the rule has that condition.
    pub(crate) word: Option<&'a str>,
}

impl Rule {
    /// Whether the rule holds only where a configured secret of the host fits the field.
    pub(crate) fn needs_configured_secret(&self) -> bool {
        self.flags.configured_secret == Some(true)
    }

    /// Whether every condition of this rule holds for the request.
    pub(crate) fn matches(&self, prepared: &PreparedRequest<'_>) -> Option<RuleMatch<'_>> {
        let request = prepared.request;
        let kind_bit = 1u32 << prepared.kind_index;
        if self.kinds & kind_bit == 0 || !self.mode_matches(prepared.mode) {
            return None;
        }
        let flags = &self.flags;
        let flags_hold = flag_holds(flags.tool_mutates, request.tool_mutates)
            && flag_holds(flags.types_text, request.types_text())
            && flag_holds(flags.text_is_secret, request.text_is_secret)
            && flag_holds(flags.captcha_visible, request.captcha_visible)
            && flag_holds(flags.secret_in_message, prepared.secrets.in_message)
            && flag_holds(flags.configured_secret, prepared.secrets.configured)
            && flag_holds(flags.unasked_send, prepared.unasked_send);
        if !flags_hold
            || !any_glob(&self.tools, request.tool_name.as_deref())
            || !any_glob(&self.roles, request.element_role.as_deref())
            || !any_glob(&self.input_types, request.input_type.as_deref())
            || !any_glob(&self.keys, request.key.as_deref())
            || !self.autocomplete_matches(request.autocomplete.as_deref())
            || !self.urls_match(&prepared.urls)
        {
            return None;
        }
        match &self.name_words {
            None => Some(RuleMatch { word: None }),
            Some(list) => list
                .find(&prepared.name_words)
                .map(|word| RuleMatch { word: Some(word) }),
        }
    }

    /// Whether the rule holds only for a send the person did not ask for.
    pub(crate) fn needs_unasked_send(&self) -> bool {
        self.flags.unasked_send == Some(true)
    }

    fn mode_matches(&self, mode: Mode) -> bool {
        self.modes == 0 || self.modes & mode_bit(mode) != 0
    }

    fn autocomplete_matches(&self, autocomplete: Option<&str>) -> bool {
        if self.autocomplete.is_empty() {
            return true;
        }
        // The attribute is a list of tokens such as "section-pay billing cc-number".
        autocomplete.is_some_and(|value| {
            value
                .split_ascii_whitespace()
                .any(|token| self.autocomplete.iter().any(|glob| glob.matches(token)))
        })
    }

    fn has_url_conditions(&self) -> bool {
        !self.schemes.is_empty() || self.hosts.is_some() || !self.paths.is_empty()
    }

    /// The URL conditions hold together for at least one of the request's URLs.
    fn urls_match(&self, urls: &[UrlFacts]) -> bool {
        if !self.has_url_conditions() {
            return true;
        }
        urls.iter().any(|url| {
            let scheme_ok = self.schemes.is_empty() || self.schemes.contains(&url.scheme);
            let host_ok = match (&self.hosts, &url.host) {
                (None, _) => true,
                (Some(set), Some(host)) => set.matches(host),
                (Some(_), None) => false,
            };
            let path_ok = self.paths.is_empty() || self.paths.iter().any(|g| g.matches(&url.path));
            scheme_ok && host_ok && path_ok
        })
    }
}

fn flag_holds(wanted: Option<bool>, actual: bool) -> bool {
    wanted.is_none_or(|wanted| wanted == actual)
}

/// An empty list always holds; otherwise the value must be present and match an entry.
fn any_glob(globs: &[Glob], value: Option<&str>) -> bool {
    globs.is_empty() || value.is_some_and(|value| globs.iter().any(|glob| glob.matches(value)))
}

fn mode_bit(mode: Mode) -> u8 {
    match mode {
        Mode::Agent => 1,
        Mode::Chat => 2,
    }
}

/// Builds a [`Rule`] value by value, so each bad value can be reported on its own line.
#[derive(Debug)]
pub(crate) struct RuleBuilder {
    rule: Rule,
}

impl RuleBuilder {
    pub(crate) fn new(id: &str, reason: &str, line: usize) -> RuleBuilder {
        RuleBuilder {
            rule: Rule {
                id: id.to_owned(),
                effect: Effect::Deny,
                reason: reason.to_owned(),
                line,
                kinds: 0,
                modes: 0,
                tools: Vec::new(),
                schemes: Vec::new(),
                hosts: None,
                paths: Vec::new(),
                roles: Vec::new(),
                name_words: None,
                input_types: Vec::new(),
                autocomplete: Vec::new(),
                keys: Vec::new(),
                flags: Flags::default(),
                instead_of: Vec::new(),
            },
        }
    }

    pub(crate) fn effect(&mut self, name: &str) -> Result<(), String> {
        self.rule.effect = Effect::from_name(name.trim()).ok_or_else(|| {
            format!("unknown effect \"{name}\" (expected allow, confirm, takeover or deny)")
        })?;
        Ok(())
    }

    /// Adds one entry of a list condition.
    pub(crate) fn add(&mut self, field: ListField, value: &str) -> Result<(), String> {
        let rule = &mut self.rule;
        match field {
            ListField::Kinds => rule.kinds |= kind_bits(value.trim())?,
            ListField::Modes => {
                let mode = Mode::from_name(value.trim())
                    .ok_or_else(|| format!("unknown mode \"{value}\" (expected agent or chat)"))?;
                rule.modes |= mode_bit(mode);
            }
            ListField::Tools => rule.tools.push(Glob::compile(value.trim(), false)?),
            ListField::Schemes => rule.schemes.push(scheme_name(value)?),
            ListField::Hosts => rule
                .hosts
                .get_or_insert_with(HostSet::default)
                .insert(HostPattern::parse(value)?),
            ListField::Paths => rule.paths.push(path_glob(value)?),
            ListField::Roles => rule.roles.push(Glob::compile(value.trim(), true)?),
            ListField::NameWords => rule
                .name_words
                .get_or_insert_with(WordList::default)
                .add(value)?,
            ListField::InputTypes => rule.input_types.push(Glob::compile(value.trim(), true)?),
            ListField::Autocomplete => rule.autocomplete.push(Glob::compile(value.trim(), true)?),
            ListField::Keys => rule.keys.push(Glob::compile(value.trim(), true)?),
        }
        Ok(())
    }

    /// Sets the yes/no conditions.
    pub(crate) fn flags(&mut self, flags: Flags) {
        self.rule.flags = flags;
    }

    /// Names a takeover rule whose decision this rule replaces; only a rule that is not a
    /// takeover or a deny itself may replace one.
    pub(crate) fn instead_of(&mut self, id: &str) -> Result<(), String> {
        if matches!(self.rule.effect, Effect::Takeover | Effect::Deny) {
            return Err(format!(
                "a {} rule cannot stand instead of another; only allow and confirm rules can",
                self.rule.effect
            ));
        }
        self.rule.instead_of.push(id.trim().to_owned());
        Ok(())
    }

    pub(crate) fn build(self) -> Rule {
        self.rule
    }
}

fn kind_bits(name: &str) -> Result<u32, String> {
    if name == "*" {
        return Ok((1u32 << ActionKind::KNOWN.len()) - 1);
    }
    match ActionKind::from_name(name).index() {
        Some(index) => Ok(1u32 << index),
        None => {
            let known: Vec<&str> = ActionKind::KNOWN.iter().map(ActionKind::name).collect();
            Err(format!(
                "unknown action kind \"{name}\" (expected \"*\" or one of {})",
                known.join(", ")
            ))
        }
    }
}

fn path_glob(value: &str) -> Result<Glob, String> {
    let value = value.trim();
    if !value.starts_with('/') && !value.starts_with('*') {
        return Err(format!(
            "path pattern \"{value}\" must start with / or * (it is matched against the URL path)"
        ));
    }
    Glob::compile(value, true)
}
