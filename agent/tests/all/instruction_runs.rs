//! The instruction planner on the real agent graph over a stand-in site (no Chromium): several
//! pages whose eids repeat (each document numbers its elements from e1, as real snapshots do),
//! the final report, and answers checked against the question they answer.
#![allow(clippy::expect_used, clippy::unwrap_used)] // a failed expectation is the test failing

use std::sync::{Arc, Mutex};

use async_trait::async_trait;
use serde_json::Value;
use support::{finished, question};
use tandem_agent::planner::InstructionPlanner;
use tandem_agent::{
    Agent, AgentConfig, AgentError, AgentEvent, AgentHandle, AnswerError, BrowserTools, Interrupt,
    InterruptError, InterruptKind, Resume, ToolInfo,
};
use tandem_mcp_browser::Answer as _;
use tandem_mcp_browser::browser::ActionOutcome;
use tandem_mcp_browser::snapshot::{Element, Snapshot};
use tandem_mcp_browser::tool::TabList;
use tandem_mcp_browser::{ClientError, Observation, ObservedPage, ToolOutput};
use tandem_policy::PolicyGate;
use tandem_protocol::{Answer, RunOutcome};
use tokio::sync::broadcast;

use crate::support;

/// One element of a stand-in page and, for buttons and links, the page it leads to.
struct Part {
    role: &'static str,
    name: &'static str,
    context: Option<&'static str>,
    leads_to: Option<&'static str>,
    /// Clicking it fails (the element is covered).
    covered: bool,
}

fn button(name: &'static str) -> Part {
    Part {
        role: "button",
        name,
        context: None,
        leads_to: None,
        covered: false,
    }
}

fn link(name: &'static str, to: &'static str) -> Part {
    Part {
        role: "link",
        name,
        context: None,
        leads_to: Some(to),
        covered: false,
    }
}

fn textbox(name: &'static str) -> Part {
    Part {
        role: "textbox",
        name,
        context: None,
        leads_to: None,
        covered: false,
    }
}

impl Part {
    fn to(mut self, url: &'static str) -> Self {
        self.leads_to = Some(url);
        self
    }

    fn near(mut self, context: &'static str) -> Self {
        self.context = Some(context);
        self
    }

    fn covered(mut self) -> Self {
        self.covered = true;
        self
    }
}

struct StandInPage {
    url: &'static str,
    title: &'static str,
    parts: Vec<Part>,
}

/// A site of stand-in pages; records what was really clicked and typed into, by name.
struct Site {
    pages: Vec<StandInPage>,
    at: Mutex<&'static str>,
    calls: Mutex<Vec<String>>,
}

impl Site {
    fn new(pages: Vec<StandInPage>) -> Arc<Self> {
        Arc::new(Self {
            pages,
            at: Mutex::new("about:blank"),
            calls: Mutex::new(Vec::new()),
        })
    }

    fn calls(&self) -> Vec<String> {
        self.calls.lock().unwrap().clone()
    }

    fn page(&self) -> Option<&StandInPage> {
        let at = *self.at.lock().unwrap();
        self.pages.iter().find(|p| p.url == at)
    }

    fn part(&self, eid: &str) -> Result<&Part, ClientError> {
        let index = eid
            .strip_prefix('e')
            .and_then(|n| n.parse::<usize>().ok())
            .and_then(|n| n.checked_sub(1));
        self.page()
            .zip(index)
            .and_then(|(page, i)| page.parts.get(i))
            .ok_or_else(|| ClientError::Tool {
                code: "unknown_eid".into(),
                message: format!("no element `{eid}` on this page"),
            })
    }

    fn elements(page: &StandInPage) -> Vec<Element> {
        page.parts
            .iter()
            .enumerate()
            .map(|(i, part)| Element {
                eid: format!("e{}", i + 1).as_str().into(),
                role: part.role.into(),
                name: part.name.into(),
                tag: match part.role {
                    "link" => "a",
                    "textbox" => "input",
                    _ => "button",
                }
                .into(),
                input_type: (part.role == "textbox").then(|| "text".into()),
                editable: part.role == "textbox",
                href: (part.role == "link").then(|| part.leads_to.unwrap_or("").into()),
                context: part.context.map(Into::into),
                in_viewport: true,
                ..Element::default()
            })
            .collect()
    }

    fn done(&self, call: String) -> Result<ActionOutcome, ClientError> {
        self.calls.lock().unwrap().push(call.clone());
        let page = self.page();
        Ok(ActionOutcome {
            message: call,
            url: page.map_or("about:blank", |p| p.url).into(),
            title: page.map_or("", |p| p.title).into(),
        })
    }
}

#[async_trait]
impl BrowserTools for Site {
    async fn tools(&self) -> Result<Vec<ToolInfo>, ClientError> {
        Ok(Vec::new())
    }

    async fn call(&self, name: &str, args: Value) -> Result<ToolOutput, ClientError> {
        let arg = |key: &str| args[key].as_str().unwrap_or_default().to_owned();
        let outcome = match name {
            "observe" => return Ok(self.observed().write()),
            "navigate" => self.navigate(&arg("url")),
            "click" => self.click(&arg("eid")),
            "type" => {
                let part = self.part(&arg("eid"))?;
                self.done(format!("type {} into {}", arg("text"), part.name))
            }
            "select_option" => self.done(format!("select {} in {}", arg("option"), arg("eid"))),
            "press_key" => self.done(format!("press {}", arg("key"))),
            "scroll" | "wait" | "back" => self.done(name.to_owned()),
            "close_tab" => return Ok(TabList { tabs: Vec::new() }.write()),
            tool => {
                self.done(format!("tool {tool}"))?;
                return Ok(ToolOutput::default());
            }
        };
        outcome.map(|outcome| outcome.write())
    }
}

impl Site {
    fn observed(&self) -> ObservedPage {
        let snapshot = match self.page() {
            Some(page) => Snapshot {
                url: page.url.into(),
                title: page.title.into(),
                elements: Self::elements(page),
                ..Snapshot::default()
            },
            None => Snapshot {
                url: "about:blank".into(),
                ..Snapshot::default()
            },
        };
        ObservedPage {
            observation: Observation {
                snapshot,
                screenshot: None,
                tabs: Vec::new(),
                notices: Vec::new(),
                sign_in_again: None,
            },
            text: String::new(),
        }
    }

    fn navigate(&self, url: &str) -> Result<ActionOutcome, ClientError> {
        let page = self.pages.iter().find(|p| p.url == url);
        *self.at.lock().unwrap() = page.map_or("about:blank", |p| p.url);
        self.done(format!("open {url}"))
    }
    fn click(&self, eid: &str) -> Result<ActionOutcome, ClientError> {
        let part = self.part(eid)?;
        if part.covered {
            return Err(ClientError::Tool {
                code: "covered".into(),
                message: format!("`{eid}` is covered by another element"),
            });
        }
        let call = format!("click {}", part.name);
        if let Some(to) = part.leads_to {
            *self.at.lock().unwrap() = to;
        }
        self.done(call)
    }
}

fn spawn(site: &Arc<Site>) -> AgentHandle {
    Agent::spawn(
        // Every node counts toward the limit; six steps take more than the default allows.
        AgentConfig::default().with_max_actions(100),
        Arc::new(InstructionPlanner::new()),
        site.clone(),
        Arc::new(PolicyGate::with_defaults().unwrap()),
    )
}

fn shop() -> Arc<Site> {
    Site::new(vec![
        StandInPage {
            url: "https://shop.test/",
            title: "Shop",
            parts: vec![
                button("Add kettle to cart"),
                link("Cart", "https://shop.test/cart"),
            ],
        },
        StandInPage {
            url: "https://shop.test/cart",
            title: "Your cart",
            parts: vec![button("Go to checkout").to("https://shop.test/checkout")],
        },
        StandInPage {
            url: "https://shop.test/checkout",
            title: "Checkout",
            parts: vec![
                textbox("Full name"),
                textbox("Street address"),
                textbox("Country"),
            ],
        },
    ])
}

#[tokio::test]
async fn the_final_report_names_the_elements_acted_on_though_later_pages_reuse_their_eids() {
    let site = shop();
    let agent = spawn(&site);
    let mut events = agent.subscribe();
    agent
        .submit_user_message(
            "open https://shop.test/ then click Add kettle to cart, then click Cart, then click \
             Go to checkout, then type Ada Lovelace into Full name, type 1 Main St into Street \
             address",
        )
        .await
        .unwrap();
    let (outcome, text) = finished(&mut events).await;
    assert_eq!(outcome, RunOutcome::Done, "{text}");
    assert_eq!(
        site.calls(),
        [
            "open https://shop.test/",
            "click Add kettle to cart",
            "click Cart",
            "click Go to checkout",
            "type Ada Lovelace into Full name",
            "type 1 Main St into Street address",
        ]
    );
    assert_eq!(
        text,
        "All steps done. Done: opened https://shop.test/, clicked Add kettle to cart, clicked \
         Cart, clicked Go to checkout, typed \"Ada Lovelace\" into Full name, typed \"1 Main St\" \
         into Street address. Now on \"Checkout\" (https://shop.test/checkout)."
    );
    agent.shutdown().await;
}

/// A page with two Save buttons: "click Save" asks which one (radio, values are eids).
fn drafts() -> Arc<Site> {
    Site::new(vec![
        StandInPage {
            url: "https://drafts.test/",
            title: "Drafts",
            parts: vec![
                button("Save")
                    .near("Profile")
                    .to("https://drafts.test/profile-saved"),
                button("Save")
                    .near("Settings")
                    .to("https://drafts.test/settings-saved"),
            ],
        },
        StandInPage {
            url: "https://drafts.test/profile-saved",
            title: "Profile saved",
            parts: Vec::new(),
        },
        StandInPage {
            url: "https://drafts.test/settings-saved",
            title: "Settings saved",
            parts: Vec::new(),
        },
    ])
}

/// Starts "click Save" on the drafts page; returns the agent, its events, the interrupt and the
/// value of the Settings option.
async fn asked_which_save() -> (
    Arc<Site>,
    AgentHandle,
    broadcast::Receiver<AgentEvent>,
    Interrupt,
    String,
) {
    let site = drafts();
    let agent = spawn(&site);
    let mut events = agent.subscribe();
    agent
        .submit_user_message("open https://drafts.test/, then click Save")
        .await
        .unwrap();
    let asked = question(&mut events).await;
    let InterruptKind::Ask { questions } = &asked.kind else {
        panic!("expected a question, got {asked:?}");
    };
    let settings = questions[0]
        .options
        .iter()
        .find(|o| o.label.contains("Settings"))
        .unwrap_or_else(|| panic!("no option names Settings: {questions:?}"))
        .value
        .clone();
    (site, agent, events, asked, settings)
}

fn answer(question_id: &str, value: &str) -> Resume {
    Resume::Answer {
        answers: vec![Answer {
            question_id: question_id.to_owned(),
            values: vec![value.to_owned()],
        }],
    }
}

fn question_id(asked: &Interrupt) -> String {
    match &asked.kind {
        InterruptKind::Ask { questions } => questions[0].id.clone(),
        other => panic!("expected a question, got {other:?}"),
    }
}

#[tokio::test]
async fn an_answer_to_a_question_that_was_not_asked_is_refused_and_the_question_stays_answerable() {
    let (site, agent, mut events, asked, settings) = asked_which_save().await;

    let refused = agent.resume(&asked.id, answer("bogus", "x")).await;
    assert!(
        matches!(
            &refused,
            Err(AgentError::Interrupt(InterruptError::InvalidAnswer(
                AnswerError::UnknownQuestion(id)
            ))) if id == "bogus"
        ),
        "{refused:?}"
    );
    assert_eq!(refused.unwrap_err().code(), "invalid_answer");
    assert_eq!(
        agent.pending_question().as_ref(),
        Some(&asked),
        "still asked"
    );
    assert!(!site.calls().iter().any(|c| c.starts_with("click")));

    agent
        .resume(&asked.id, answer(&question_id(&asked), &settings))
        .await
        .unwrap();
    let (outcome, text) = finished(&mut events).await;
    assert_eq!(outcome, RunOutcome::Done, "{text}");
    let clicks: Vec<String> = site
        .calls()
        .into_iter()
        .filter(|c| c.starts_with("click"))
        .collect();
    assert_eq!(clicks, ["click Save"]);
    assert!(text.contains("Now on \"Settings saved\""), "{text}");
    agent.shutdown().await;
}

#[tokio::test]
async fn a_value_outside_the_options_is_refused_and_a_listed_one_is_accepted() {
    let (site, agent, mut events, asked, settings) = asked_which_save().await;
    let id = question_id(&asked);

    for outside in ["x", "e9", "Settings"] {
        let refused = agent.resume(&asked.id, answer(&id, outside)).await;
        assert!(
            matches!(
                &refused,
                Err(AgentError::Interrupt(InterruptError::InvalidAnswer(
                    AnswerError::NotAnOption { value, .. }
                ))) if value == outside
            ),
            "{outside}: {refused:?}"
        );
        assert_eq!(agent.pending_question().as_ref(), Some(&asked));
    }
    assert!(!site.calls().iter().any(|c| c.starts_with("click")));

    agent
        .resume(&asked.id, answer(&id, &settings))
        .await
        .unwrap();
    let (outcome, text) = finished(&mut events).await;
    assert_eq!(outcome, RunOutcome::Done, "{text}");
    assert!(text.contains("Now on \"Settings saved\""), "{text}");
    agent.shutdown().await;
}

#[tokio::test]
async fn answering_stop_to_a_choice_cancels_the_run_without_acting() {
    let (site, agent, mut events, asked, _) = asked_which_save().await;
    let id = question_id(&asked);
    agent.resume(&asked.id, answer(&id, "stop")).await.unwrap();
    let (outcome, text) = finished(&mut events).await;
    assert_eq!(outcome, RunOutcome::Cancelled, "{text}");
    assert!(text.starts_with("Stopped as you asked."), "{text}");
    assert!(!site.calls().iter().any(|c| c.starts_with("click")));
    agent.shutdown().await;
}

#[tokio::test]
async fn a_step_that_fails_twice_fails_the_run_and_says_which_step() {
    let site = Site::new(vec![StandInPage {
        url: "https://shop.test/",
        title: "Shop",
        parts: vec![button("Show details").covered()],
    }]);
    let agent = spawn(&site);
    let mut events = agent.subscribe();
    agent
        .submit_user_message("open https://shop.test/ then click Show details")
        .await
        .unwrap();
    let (outcome, text) = finished(&mut events).await;
    assert_eq!(outcome, RunOutcome::Failed, "{text}");
    assert!(
        text.starts_with(
            "Stopped: step 2 (\"click Show details\") failed twice: `e1` is covered by another \
             element. Done: opened https://shop.test/."
        ),
        "{text}"
    );
    agent.shutdown().await;
}

#[tokio::test]
async fn a_message_with_nothing_to_follow_fails_the_run_and_says_what_would_work() {
    let site = shop();
    let agent = spawn(&site);
    let mut events = agent.subscribe();
    for message in ["do something clever", "   "] {
        agent.submit_user_message(message).await.unwrap();
        let (outcome, text) = finished(&mut events).await;
        assert_eq!(outcome, RunOutcome::Failed, "{text}");
        assert!(
            text.contains("so I follow plain step-by-step instructions"),
            "{text}"
        );
    }
    assert!(site.calls().is_empty());
    agent.shutdown().await;
}

#[tokio::test]
async fn a_cancelled_run_says_what_it_had_done_before() {
    let site = shop();
    let agent = spawn(&site);
    let mut events = agent.subscribe();
    agent
        .submit_user_message("open https://shop.test/ then click Buy a unicorn")
        .await
        .unwrap();
    question(&mut events).await;
    agent.cancel();
    let (outcome, text) = finished(&mut events).await;
    assert_eq!(outcome, RunOutcome::Cancelled);
    assert_eq!(
        text,
        "Cancelled. Done before that: open https://shop.test/. Nothing more was done."
    );
    agent.shutdown().await;
}

#[tokio::test]
async fn again_and_do_the_same_with_repeat_the_last_instructions_and_undo_is_answered_honestly() {
    let site = shop();
    let agent = spawn(&site);
    let mut events = agent.subscribe();
    let say = |text: &'static str| agent.submit_user_message(text);
    say("open https://shop.test/checkout then type Ada into Full name")
        .await
        .unwrap();
    assert_eq!(finished(&mut events).await.0, RunOutcome::Done);
    say("now do the same with Grace Hopper.").await.unwrap();
    assert_eq!(finished(&mut events).await.0, RunOutcome::Done);
    say("again").await.unwrap();
    assert_eq!(finished(&mut events).await.0, RunOutcome::Done);
    assert_eq!(
        site.calls(),
        [
            "open https://shop.test/checkout",
            "type Ada into Full name",
            "open https://shop.test/checkout",
            "type Grace Hopper into Full name",
            "open https://shop.test/checkout",
            "type Grace Hopper into Full name",
        ],
        "\"again\" repeats the last instructions followed, with their new value"
    );
    say("undo that").await.unwrap();
    let (outcome, text) = finished(&mut events).await;
    assert_eq!(outcome, RunOutcome::Done);
    assert!(text.starts_with("I can't undo that by myself"), "{text}");
    assert!(
        text.contains("Grace Hopper"),
        "it says what the last run did: {text}"
    );
    assert_eq!(site.calls().len(), 6, "undo did nothing in the browser");
    agent.shutdown().await;
}
