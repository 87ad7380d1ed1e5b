//! The scenario file format (TOML, documented in `docs/scenarios.md`).
//!
//! In: the text of one `*.toml` file and the values of the site variables. Out: a [`Scenario`],
//! or an error naming the line and the problem. Unknown keys are refused everywhere, so a typo
//! is an error and never a silently ignored check.

use std::collections::BTreeMap;
use std::path::Path;

use anyhow::Context;
use serde::Deserialize;
use tandem_agent::{Action, ModelConfig};
use tandem_protocol::{AgentQuestionKind, RunOutcome};

/// One scenario: what the person says, how they answer, what must be true at the end.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Scenario {
    /// Shown in progress lines and JUnit; defaults to the file name.
    #[serde(default)]
    pub name: String,
    /// One line saying what the scenario shows.
    #[serde(default)]
    pub description: Option<String>,
    /// A page the browser shows before the first message, as if the person had opened it.
    #[serde(default)]
    pub start_url: Option<String>,
    /// Who plans the actions.
    #[serde(default)]
    pub planner: PlannerSpec,
    /// Policy rules (TOML, `docs/policy.md`) added to the daemon's policy for this scenario.
    #[serde(default)]
    pub policy: Option<String>,
    /// Actions a run may execute (the daemon's default otherwise).
    #[serde(default)]
    pub max_actions: Option<usize>,
    /// The whole scenario must end within this many seconds.
    #[serde(default = "default_timeout")]
    pub timeout_secs: u64,
    /// The person's messages, in order; each starts a run that must end before the next.
    #[serde(rename = "message")]
    pub messages: Vec<Message>,
    /// The questions the agent must ask, in order over all runs, and the answer to each.
    #[serde(default, rename = "expect")]
    pub expects: Vec<Expect>,
    /// What must be true at the end.
    #[serde(default, rename = "assert")]
    pub checks: Checks,
}

fn default_timeout() -> u64 {
    60
}

/// Who plans the actions.
#[derive(Debug, Clone, Default, Deserialize)]
#[serde(rename_all = "snake_case", deny_unknown_fields)]
pub enum PlannerSpec {
    /// The offline instruction planner (the default).
    #[default]
    Instructions,
    /// A model on an OpenAI-compatible endpoint (a `[model]` table, `docs/configuration.md`).
    Model(Box<ModelConfig>),
    /// A model server run by the runner that answers with these replies, in order.
    Scripted(Vec<ScriptedReply>),
}

/// One reply of the scripted model.
#[derive(Debug, Clone, Deserialize)]
#[serde(untagged)]
pub enum ScriptedReply {
    /// The assistant message's content, e.g. `{"action": {"action": "stop", "answer": "ok"}}`.
    /// `{{eid:Name}}` becomes the eid of the element named `Name` on the page in the request.
    Content(String),
    /// Full control over the HTTP answer.
    Http(HttpReply),
}

/// A scripted HTTP answer: a status, a raw body or a content, after a delay.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct HttpReply {
    /// HTTP status (200 by default).
    #[serde(default = "ok_status")]
    pub status: u16,
    /// The assistant message's content, wrapped in a chat completion.
    #[serde(default)]
    pub content: Option<String>,
    /// The raw response body instead (for garbage answers).
    #[serde(default)]
    pub body: Option<String>,
    /// Wait this long before answering (to provoke timeouts).
    #[serde(default)]
    pub delay_ms: u64,
}

fn ok_status() -> u16 {
    200
}

/// A message from the person.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Message {
    /// What the person types.
    pub text: String,
    /// How this run must end (`done`, `denied`, `cancelled`, `blocked`, `limit`, `failed`).
    #[serde(default)]
    pub outcome: Option<RunOutcome>,
    /// Cancel the run when the agent starts executing an action of this kind (`wait`, `click`…).
    #[serde(default)]
    pub cancel_on_action: Option<String>,
}

/// One expected question and the person's answer.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Expect {
    /// `confirm`, `manual` or `ask`.
    pub kind: AgentQuestionKind,
    /// The policy rule that must have asked; a trailing `*` matches any rest (`takeover-*`).
    #[serde(default)]
    pub rule: Option<String>,
    /// Text the question must contain (the action summary, the takeover text or a prompt).
    #[serde(default)]
    pub contains: Option<String>,
    /// The answer. Confirm: `approve`, `approve_for_session` or `deny` (the default); manual:
    /// `done` (the default); ask: `reply` (the default, with `choose` or `text`); any: `cancel`.
    #[serde(default)]
    pub answer: Option<AnswerKind>,
    /// Ask: pick the option whose label contains this text.
    #[serde(default)]
    pub choose: Option<String>,
    /// Ask: answer with this text.
    #[serde(default)]
    pub text: Option<String>,
    /// Manual: what the person does in the browser before handing it back.
    #[serde(default)]
    pub human: Vec<HumanStep>,
    /// Manual: what the person says when handing back.
    #[serde(default)]
    pub message: Option<String>,
}

/// How the person answers.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum AnswerKind {
    Approve,
    ApproveForSession,
    Deny,
    Done,
    Reply,
    Cancel,
}

/// One thing the person does in the browser during a takeover. Elements are found by their
/// accessible name (exact, case-insensitive; then by placeholder; then by a name containing it).
#[derive(Debug, Clone, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case", deny_unknown_fields)]
pub enum HumanStep {
    /// Types into the field named `field` (clearing it first).
    Type { field: String, text: String },
    /// Clicks the element named `name` (buttons, links, checkboxes).
    Click { name: String },
    /// Picks `option` in the list named `field`.
    Select { field: String, option: String },
    /// Presses a key (`Enter`, `Tab`…).
    Press { key: String },
    /// Opens a URL.
    Navigate { url: String },
    /// Waits (up to 5 s) until the page shows `text`.
    WaitFor { text: String },
}

/// What must be true at the end of the scenario; every check is optional.
#[derive(Debug, Clone, Default, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Checks {
    /// How the last run ended.
    pub outcome: Option<RunOutcome>,
    /// The active tab's URL, exactly.
    pub final_url: Option<String>,
    /// Texts the page must show (each waited for up to 5 s).
    pub text_present: Vec<String>,
    /// Texts the page must not show.
    pub text_absent: Vec<String>,
    /// Field values by the field's accessible name.
    pub fields: BTreeMap<String, String>,
    /// How many actions ran successfully, over all runs.
    pub actions_executed: Option<usize>,
    /// The kinds of the actions that ran successfully, in order, over all runs.
    pub executed: Option<Vec<String>>,
    /// A confirmation was declined and no action ran after it in that run.
    pub nothing_after_deny: bool,
    /// Text the agent's final message of the last run must contain.
    pub message_contains: Option<String>,
    /// How many tabs are open at the end.
    pub tabs: Option<usize>,
}

/// Values of the `{{name}}` placeholders in a scenario file.
#[derive(Debug, Clone, Default)]
pub struct Variables {
    /// `{{site}}`: the fixture site, `http://127.0.0.1:<port>`.
    pub site: Option<String>,
    /// `{{site_alias}}`: the same site under another host name, `http://localhost:<port>`.
    pub site_alias: Option<String>,
}

impl Variables {
    /// The text with every known placeholder replaced; `{{eid:…}}` is left for the scripted
    /// model. A placeholder without a value is an error.
    pub fn apply(&self, text: &str) -> anyhow::Result<String> {
        let mut out = text.to_owned();
        for (name, value) in [("site", &self.site), ("site_alias", &self.site_alias)] {
            let placeholder = format!("{{{{{name}}}}}");
            if out.contains(&placeholder) {
                let value = value.as_deref().with_context(|| {
                    format!(
                        "the scenario uses {placeholder} but no fixture site is served \
                         (pass --site DIR or --site-url URL)"
                    )
                })?;
                out = out.replace(&placeholder, value);
            }
        }
        // A `{{word}}` left is a misspelt placeholder (`{{eid:…}}` is filled in during the run;
        // other braces are text).
        for (start, _) in out.match_indices("{{") {
            let rest = &out[start + 2..];
            let Some((name, _)) = rest.split_once("}}") else {
                continue;
            };
            let word =
                !name.is_empty() && name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_');
            if word {
                anyhow::bail!(
                    "unknown placeholder {{{{{name}}}}}: the placeholders are {{{{site}}}}, \
                     {{{{site_alias}}}} and {{{{eid:Name}}}}"
                );
            }
        }
        Ok(out)
    }
}

impl Scenario {
    /// Reads and parses a scenario file, with the placeholders replaced.
    pub fn load(path: &Path, vars: &Variables) -> anyhow::Result<Self> {
        let text = std::fs::read_to_string(path)
            .with_context(|| format!("reading the scenario {}", path.display()))?;
        let mut scenario = Self::parse(&vars.apply(&text)?)?;
        if scenario.name.is_empty() {
            scenario.name = default_name(path);
        }
        Ok(scenario)
    }

    /// Parses scenario text (placeholders already replaced); errors name the line.
    pub fn parse(text: &str) -> anyhow::Result<Self> {
        let scenario: Self = crate::config::from_toml(text)?;
        scenario.validate()?;
        Ok(scenario)
    }

    fn validate(&self) -> anyhow::Result<()> {
        if self.messages.is_empty() {
            anyhow::bail!("a scenario needs at least one [[message]]");
        }
        if self.timeout_secs == 0 {
            anyhow::bail!("timeout_secs must be at least 1");
        }
        for (i, message) in self.messages.iter().enumerate() {
            if let Some(kind) = &message.cancel_on_action {
                check_action_kind(kind).with_context(|| format!("message #{}", i + 1))?;
            }
        }
        for kind in self.checks.executed.iter().flatten() {
            check_action_kind(kind).context("assert.executed")?;
        }
        for (i, expect) in self.expects.iter().enumerate() {
            let n = i + 1;
            let answer = expect.answer();
            let fits = matches!(
                (expect.kind, answer),
                (_, AnswerKind::Cancel)
                    | (
                        AgentQuestionKind::Confirm,
                        AnswerKind::Approve | AnswerKind::ApproveForSession | AnswerKind::Deny
                    )
                    | (AgentQuestionKind::Manual, AnswerKind::Done)
                    | (AgentQuestionKind::Ask, AnswerKind::Reply)
            );
            if !fits {
                anyhow::bail!(
                    "expect #{n}: a {} question cannot be answered with {answer:?}",
                    expect.kind.name()
                );
            }
            if expect.kind == AgentQuestionKind::Ask
                && answer == AnswerKind::Reply
                && expect.choose.is_none() == expect.text.is_none()
            {
                anyhow::bail!("expect #{n}: an ask answer needs exactly one of `choose` or `text`");
            }
            if !expect.human.is_empty() && expect.kind != AgentQuestionKind::Manual {
                anyhow::bail!("expect #{n}: `human` steps belong to a manual takeover");
            }
        }
        Ok(())
    }
}

impl Expect {
    /// The answer, with the kind's default.
    pub fn answer(&self) -> AnswerKind {
        self.answer.unwrap_or(match self.kind {
            AgentQuestionKind::Confirm => AnswerKind::Deny,
            AgentQuestionKind::Manual => AnswerKind::Done,
            AgentQuestionKind::Ask => AnswerKind::Reply,
        })
    }

    /// Whether `rule` matches the expected rule (a trailing `*` matches any rest).
    pub fn rule_matches(&self, rule: Option<&str>) -> bool {
        match (&self.rule, rule) {
            (None, _) => true,
            (Some(_), None) => false,
            (Some(expected), Some(actual)) => match expected.strip_suffix('*') {
                Some(prefix) => actual.starts_with(prefix),
                None => expected == actual,
            },
        }
    }
}

/// An action kind as the agent names it (`click`, `select_option`…), or an error listing them.
fn check_action_kind(kind: &str) -> anyhow::Result<()> {
    if Action::KIND_NAMES.contains(&kind) {
        return Ok(());
    }
    anyhow::bail!(
        "`{kind}` is not an action kind; the kinds are {}",
        Action::KIND_NAMES.join(", ")
    )
}

/// The file name without its extension.
pub fn default_name(path: &Path) -> String {
    path.file_stem()
        .map(|s| s.to_string_lossy().into_owned())
        .unwrap_or_else(|| path.display().to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_complete_scenario_parses() {
        let scenario = Scenario::parse(
            r#"
            name = "buy"
            start_url = "http://127.0.0.1:1/shop.html"
            planner = "instructions"
            max_actions = 40
            [[message]]
            text = "click Buy now"
            outcome = "done"
            [[expect]]
            kind = "confirm"
            rule = "confirm-*"
            answer = "approve"
            [[expect]]
            kind = "manual"
            human = [{ type = "type", field = "Password", text = "x" }, { type = "click", name = "Go" }]
            [assert]
            outcome = "done"
            text_present = ["Orders placed: 1"]
            fields = { "Name" = "Ada" }
            actions_executed = 1
            "#,
        )
        .unwrap();
        assert_eq!(scenario.messages.len(), 1);
        assert_eq!(scenario.expects[0].answer(), AnswerKind::Approve);
        assert!(scenario.expects[0].rule_matches(Some("confirm-purchase")));
        assert!(!scenario.expects[0].rule_matches(Some("takeover-captcha")));
        assert_eq!(scenario.expects[1].answer(), AnswerKind::Done);
        assert_eq!(scenario.expects[1].human.len(), 2);
        assert_eq!(scenario.checks.fields["Name"], "Ada");
    }

    #[test]
    fn planners_parse_in_their_three_shapes() {
        let scripted = Scenario::parse(
            r#"
            [planner]
            scripted = ['{"action":{"action":"stop","answer":"ok"}}', { status = 500 }]
            [[message]]
            text = "go"
            "#,
        )
        .unwrap();
        let PlannerSpec::Scripted(replies) = scripted.planner else {
            panic!("scripted planner expected");
        };
        assert_eq!(replies.len(), 2);
        let model = Scenario::parse(
            r#"
            [planner.model]
            base_url = "http://127.0.0.1:9/v1"
            standard = "m"
            [[message]]
            text = "go"
            "#,
        )
        .unwrap();
        assert!(matches!(model.planner, PlannerSpec::Model(_)));
    }

    #[test]
    fn unknown_keys_and_bad_answers_are_refused_with_their_line() {
        let error = Scenario::parse("[[message]]\ntext = \"a\"\n[assert]\noutcom = \"done\"\n")
            .unwrap_err()
            .to_string();
        assert!(
            error.contains("line 4") && error.contains("outcom"),
            "{error}"
        );
        let error = Scenario::parse(
            "[[message]]\ntext = \"a\"\n[[expect]]\nkind = \"manual\"\nanswer = \"approve\"\n",
        )
        .unwrap_err()
        .to_string();
        assert!(error.contains("expect #1"), "{error}");
        assert!(Scenario::parse("name = \"x\"\n").is_err());
    }

    #[test]
    fn the_documented_example_parses() {
        let docs = include_str!("../../../docs/scenarios.md");
        let example = docs
            .split("## A complete example\n\n```toml\n")
            .nth(1)
            .and_then(|rest| rest.split("```").next())
            .unwrap();
        let vars = Variables {
            site: Some("http://127.0.0.1:1".into()),
            site_alias: None,
        };
        let scenario = Scenario::parse(&vars.apply(example).unwrap()).unwrap();
        assert_eq!(scenario.expects.len(), 1);
        assert_eq!(scenario.checks.fields.len(), 2);
    }

    #[test]
    fn placeholders_need_a_site() {
        let none = Variables::default();
        assert!(none.apply("open {{site}}/a").is_err());
        assert_eq!(none.apply("{{eid:Buy}}").unwrap(), "{{eid:Buy}}");
        let vars = Variables {
            site: Some("http://127.0.0.1:5".into()),
            site_alias: Some("http://localhost:5".into()),
        };
        assert_eq!(
            vars.apply("{{site}}/a {{site_alias}}/b").unwrap(),
            "http://127.0.0.1:5/a http://localhost:5/b"
        );
    }

    #[test]
    fn a_misspelt_placeholder_is_refused_before_the_run() {
        let vars = Variables {
            site: Some("http://127.0.0.1:5".into()),
            site_alias: None,
        };
        let error = vars.apply("start_url = \"{{sitee}}/a\"").unwrap_err();
        assert!(error.to_string().contains("{{sitee}}"), "{error}");
        // Braces that are not a placeholder are text.
        assert!(vars.apply("type \"{{ a b }}\" into Name").is_ok());
    }

    #[test]
    fn action_kinds_are_checked_when_the_file_is_read() {
        let with = |extra: &str| {
            Scenario::parse(&format!(
                "[[message]]\ntext = \"click Buy\"\n{extra}\n[assert]\nexecuted = [\"click\"]\n"
            ))
        };
        assert!(with("").is_ok());
        let error = with("cancel_on_action = \"teleport\"").unwrap_err();
        assert!(
            format!("{error:#}").contains("`teleport` is not an action kind"),
            "{error:#}"
        );
        let error = Scenario::parse("[[message]]\ntext = \"x\"\n[assert]\nexecuted = [\"clik\"]\n")
            .unwrap_err();
        assert!(format!("{error:#}").contains("`clik`"), "{error:#}");
    }
}
