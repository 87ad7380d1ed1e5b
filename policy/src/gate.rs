//! The decision itself: one action in, one [`PolicyDecision`] out, with no I/O and no state.
//!
//! In: an [`ActionRequest`] and a [`PolicyContext`]. Out: the decision of the strictest rule that
//! matches (deny > takeover > confirm > allow; the first such rule in file order names the
//! decision). Order of judgement:
//! 1. a kind the policy does not know is denied;
//! 2. the places the action touches are checked (scheme, `file:` folder, host lists) and any
//!    failure is a deny;
//! 3. every `[[rule]]` is matched; a key press that activates something (Enter, Space) is also
//!    judged as the click it amounts to (see [`ActionRequest::key_press_as_clicks`]); no matching
//!    rule at all is a deny;
//! 4. a confirmation whose exact action the user approved for this session becomes an allow,
//!    except one that rests on the fact that the person did not ask for this send
//!    (`unasked_send`, [`PolicyContext::unasked_send`]): that one is asked every time;
//! 5. a takeover is replaced by the decision of a rule that names the winning takeover rule in
//!    its `instead_of` and matches too (the strictest such rule): with the default policy, a
//!    secret the person wrote in their own message is typed after a confirmation, and a secret
//!    configured for the page's host is typed without asking (context facts the agent gives,
//!    [`crate::SecretFacts`]). A rule with `instead_of` is only ever judged in place of those
//!    rules. An approval never lifts such a confirmation, and nothing ever lifts a deny.
//!
//! A rule's reason may name `{host}` (the current page's host), `{secret}` (the typed text,
//! masked) and `{name}` (the element's name): they are filled in for the person.

use tandem_protocol::Mode;
use url::Url;

use crate::context::PolicyContext;
use crate::decision::{Effect, PolicyDecision, shorten};
use crate::kind::ActionKind;
use crate::navigation::{NavigationSettings, parse_target};
use crate::prepared::{PreparedRequest, Situation};
use crate::request::ActionRequest;
use crate::rule::{Rule, RuleMatch};

/// The deterministic safety boundary: every action the agent is about to take passes through
/// [`PolicyGate::assess`], and every navigation the browser performs through
/// [`PolicyGate::check_navigation`]. Build it once at start-up (see the constructors) and share
/// it; it is immutable and `Send + Sync`.
#[derive(Debug, Clone)]
pub struct PolicyGate {
    pub(crate) navigation: NavigationSettings,
    pub(crate) rules: Vec<Rule>,
    /// When set, the gate denies everything with this reason (see [`PolicyGate::deny_all`]).
    pub(crate) unavailable: Option<String>,
}

/// The rule that won for one view of a request, and why.
type Winner<'g> = Option<(&'g Rule, RuleMatch<'g>)>;

impl PolicyGate {
    /// Decides whether the agent may take this action now.
    pub fn assess(&self, request: &ActionRequest, context: &PolicyContext<'_>) -> PolicyDecision {
        if let Some(reason) = &self.unavailable {
            return PolicyDecision::new(Effect::Deny, reason.clone(), "policy-unavailable");
        }
        let Some(kind_index) = request.kind.index() else {
            return PolicyDecision::new(
                Effect::Deny,
                format!(
                    "\"{}\" is not an action the policy knows",
                    shorten(request.kind.name(), 80)
                ),
                "unknown-action-kind",
            );
        };
        let current_page = context.current_url.and_then(|url| Url::parse(url).ok());
        let target = match request.target_url.as_deref() {
            None => None,
            Some(text) => match parse_target(text, current_page.as_ref()) {
                Ok(url) => Some(url),
                Err(problem) if changes_location(&request.kind) => {
                    return PolicyDecision::new(Effect::Deny, problem, "invalid-url");
                }
                // A link whose href does not parse goes nowhere the browser could reach; where
                // the browser really goes is judged by `check_navigation`.
                Err(_) => None,
            },
        };
        if let Some(denied) = self.judge_places(request, target.as_ref(), current_page.as_ref()) {
            return denied;
        }

        let prepared = PreparedRequest::new(
            request,
            kind_index,
            Situation::of(context),
            target.as_ref(),
            current_page.as_ref(),
        );
        let decision = self.judge_by_rules(&prepared, target.as_ref(), current_page.as_ref());

        if decision.effect() == Effect::Confirm
            && !self.asks_every_time(decision.rule())
            && !context.session_approvals.is_empty()
            && context
                .session_approvals
                .contains_key(&request.canonical_key(context.current_url))
        {
            return PolicyDecision::new(
                Effect::Allow,
                format!(
                    "You approved this exact action for this session ({})",
                    decision.reason()
                ),
                "session-approval",
            );
        }
        self.instead_of_takeover(decision, &prepared, current_page.as_ref())
    }

    /// Judges a navigation the browser performed or is about to perform by itself: a redirect,
    /// `location=`, a meta refresh, a popup or new tab. It applies the same scheme, host and
    /// rule checks as a `navigate` action. Whether the agent may act at all is not the question
    /// here, so the mode is taken as [`Mode::Agent`]; deny rules apply in every mode anyway.
    pub fn check_navigation(&self, url: &str, context: &PolicyContext<'_>) -> PolicyDecision {
        let request = ActionRequest::navigate(url);
        let as_agent = PolicyContext {
            mode: Mode::Agent,
            ..*context
        };
        self.assess(&request, &as_agent)
    }

    /// Whether the confirmation of rule `id` is asked every time: it rests on the fact that the
    /// person did not ask for the send (`unasked_send`), which an approval of the action for the
    /// session does not change.
    fn asks_every_time(&self, id: &str) -> bool {
        self.rules
            .iter()
            .any(|rule| rule.id == id && rule.needs_unasked_send())
    }

    /// The ids of all rules, in the order they are matched (defaults first).
    pub fn rule_ids(&self) -> impl Iterator<Item = &str> {
        self.rules.iter().map(|rule| rule.id.as_str())
    }

    /// Scheme, folder and host checks for the places an action touches.
    fn judge_places(
        &self,
        request: &ActionRequest,
        target: Option<&Url>,
        current_page: Option<&Url>,
    ) -> Option<PolicyDecision> {
        let navigation = &self.navigation;
        match (&request.kind, target) {
            (ActionKind::Navigate, None) => {
                return Some(PolicyDecision::new(
                    Effect::Deny,
                    "navigate needs a URL",
                    "invalid-url",
                ));
            }
            (ActionKind::Navigate | ActionKind::Back, Some(url)) => {
                return navigation.judge_destination(url);
            }
            (_, Some(url)) => {
                if let Some(denied) = navigation.judge_url_host(url) {
                    return Some(denied);
                }
            }
            (_, None) => {}
        }
        if request.kind.acts_on_page() {
            return current_page.and_then(|page| navigation.judge_url_host(page));
        }
        None
    }

    /// Matches the rules against the request and against the clicks a key press amounts to, and
    /// turns the strictest result into a decision.
    fn judge_by_rules(
        &self,
        prepared: &PreparedRequest<'_>,
        target: Option<&Url>,
        current_page: Option<&Url>,
    ) -> PolicyDecision {
        let request = prepared.request;
        let mut winner = self.strictest_rule(prepared, stands_alone);
        let mut named = request.element_name.as_deref();
        let clicks = request.key_press_as_clicks();
        if let Some(click_index) = ActionKind::Click.index() {
            for click in &clicks {
                let situation = Situation {
                    mode: prepared.mode,
                    secrets: prepared.secrets,
                    unasked_send: prepared.unasked_send,
                };
                let view =
                    PreparedRequest::new(click, click_index, situation, target, current_page);
                let candidate = self.strictest_rule(&view, stands_alone);
                if effect_of(&candidate) > effect_of(&winner) {
                    winner = candidate;
                    named = click.element_name.as_deref();
                }
            }
        }
        decide(request, winner, named, current_page)
    }

    /// The decision of the strictest rule that stands instead of the winning takeover rule and
    /// matches, if any; otherwise `decision` as it is.
    fn instead_of_takeover(
        &self,
        decision: PolicyDecision,
        prepared: &PreparedRequest<'_>,
        current_page: Option<&Url>,
    ) -> PolicyDecision {
        if decision.effect() != Effect::Takeover {
            return decision;
        }
        let replaced = decision.rule();
        let stands_in = |rule: &Rule| rule.instead_of.iter().any(|id| id == replaced);
        match self.strictest_rule(prepared, stands_in) {
            Some(winner) => {
                let named = prepared.request.element_name.as_deref();
                decide(prepared.request, Some(winner), named, current_page)
            }
            None => decision,
        }
    }

    /// The strictest matching rule among those `eligible`, first in file order among equals;
    /// stops at the first deny.
    fn strictest_rule(
        &self,
        prepared: &PreparedRequest<'_>,
        eligible: impl Fn(&Rule) -> bool,
    ) -> Winner<'_> {
        let mut best: Winner<'_> = None;
        for rule in self.rules.iter().filter(|rule| eligible(rule)) {
            let Some(found) = rule.matches(prepared) else {
                continue;
            };
            if best.is_none_or(|(held, _)| rule.effect > held.effect) {
                best = Some((rule, found));
                if rule.effect == Effect::Deny {
                    break;
                }
            }
        }
        best
    }
}

/// A rule judged on its own, not only in place of others (`instead_of`).
fn stands_alone(rule: &Rule) -> bool {
    rule.instead_of.is_empty()
}

/// No matching rule counts as a deny, the strictest outcome.
fn effect_of(winner: &Winner<'_>) -> Effect {
    winner.map_or(Effect::Deny, |(rule, _)| rule.effect)
}

fn changes_location(kind: &ActionKind) -> bool {
    matches!(kind, ActionKind::Navigate | ActionKind::Back)
}

fn decide(
    request: &ActionRequest,
    winner: Winner<'_>,
    named: Option<&str>,
    current_page: Option<&Url>,
) -> PolicyDecision {
    let Some((rule, found)) = winner else {
        return no_rule_matched(request);
    };
    let reason = filled_in(&rule.reason, request, current_page);
    let reason = match (found.word, named) {
        (Some(word), Some(name)) => {
            format!("{reason} (\"{}\" contains \"{word}\")", shorten(name, 80))
        }
        _ => reason,
    };
    let decision = PolicyDecision::new(rule.effect, reason, rule.id.as_str());
    if rule.needs_configured_secret() {
        decision.by_configured_secret()
    } else {
        decision
    }
}

/// A rule's reason with `{host}` (the current page's host, or "this page"), `{secret}` (the
/// typed text as dots, 4 to 12 of them whatever its length) and `{name}` (the element's name,
/// shortened; "this control" when it has none) filled in.
fn filled_in(reason: &str, request: &ActionRequest, current_page: Option<&Url>) -> String {
    if !reason.contains('{') {
        return reason.to_owned();
    }
    let host = current_page.and_then(Url::host_str).unwrap_or("this page");
    let typed = request.typed_text.as_deref().unwrap_or_default();
    let masked = "•".repeat(typed.chars().count().clamp(4, 12));
    let name = match request.element_name.as_deref().map(str::trim) {
        Some(name) if !name.is_empty() => shorten(name, 80),
        _ => "this control".to_owned(),
    };
    reason
        .replace("{host}", host)
        .replace("{secret}", &masked)
        .replace("{name}", &name)
}

fn no_rule_matched(request: &ActionRequest) -> PolicyDecision {
    if request.kind == ActionKind::Tool {
        let reason = match request.tool_name.as_deref() {
            Some(name) => format!(
                "the tool \"{}\" is not known to the policy",
                shorten(name, 80)
            ),
            None => "a tool call without a tool name".to_owned(),
        };
        return PolicyDecision::new(Effect::Deny, reason, "unknown-tool");
    }
    PolicyDecision::new(
        Effect::Deny,
        format!("no policy rule allows {} here", request.kind),
        "no-matching-rule",
    )
}
