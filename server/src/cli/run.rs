//! `tandem run "<goal>"`: one run in the terminal, for scripts and CI. `--url` is opened (and
//! checked by the policy) before the first plan, so the planner starts on that page. Progress
//! goes to stderr, one line per action with its result (`-v`: one per graph node); the agent's
//! messages and final answer go to stdout. Confirmations, takeovers and questions are
//! asked on the terminal — or, with `--no-input` (or no terminal), confirmations are denied and
//! takeovers and questions end the run. The exit code says how the run ended.
//!
//! The run's final text is the agent's, written for the chat, except where it speaks of what a
//! terminal cannot do or does not know: a confirmation denied here without asking is not put on
//! the person, and the action limit points at `--max-actions`.

use std::io::IsTerminal;
use std::io::Write;
use std::sync::Arc;

use tandem_agent::interrupt::Resume;
use tandem_agent::nodes::CHAT_LIMIT_HINT;
use tandem_policy::{Effect, PolicyContext, PolicyGate};
use tandem_protocol::{
    AgentQuestion, AgentQuestionKind, Answer, Mode, RunOutcome, ServerMessage, StepResult,
};
use tokio::io::{AsyncBufReadExt, BufReader};

use super::serve::shutdown_signal;
use super::{RunArgs, connect_mcp_servers, session_factory};
use crate::config::Config;
use crate::session::{Session, SessionRegistry};

/// Exit codes of `tandem run`.
pub fn exit_code(outcome: RunOutcome) -> i32 {
    match outcome {
        RunOutcome::Done => 0,
        RunOutcome::Failed => 1,
        RunOutcome::Denied => 3,
        RunOutcome::Cancelled => 4,
        RunOutcome::Blocked => 5,
        RunOutcome::Limit => 6,
    }
}

/// Runs the goal and returns the process exit code.
pub async fn run(mut config: Config, args: RunArgs) -> anyhow::Result<i32> {
    if let Some(max) = args.max_actions {
        config.agent.max_actions = max;
    }
    if let Some(url) = &args.url
        && let Err(problem) = check_start_url(url)
    {
        complain(&format!("--url {url}: {problem}"));
        return Ok(2);
    }
    let mut factory = session_factory(&config)?;
    factory.extra_tools = connect_mcp_servers(&config).await?;
    let gate = Arc::clone(&factory.gate);
    let registry = SessionRegistry::new(factory);
    let session = registry.create().await?;
    if let Some(url) = &args.url {
        let opened = open_start_url(&session, &gate, url).await;
        if let Err((code, problem)) = opened {
            complain(&format!("--url {url}: {problem}"));
            registry.shutdown().await;
            registry.host().shutdown().await;
            return Ok(code);
        }
    }
    let asking = if args.no_input {
        Asking::NoInput
    } else if std::io::stdin().is_terminal() {
        Asking::Terminal
    } else {
        Asking::NotATerminal
    };
    let mut frames = session.watch();
    session.agent.submit_user_message(args.goal.clone()).await?;
    let mut actions = 0;
    let mut input = BufReader::new(tokio::io::stdin()).lines();
    let following = async {
        // The latest message is held until the next frame: the final one is said by
        // `run_finished`, in the terminal's words.
        let mut held: Option<String> = None;
        let mut denied_here: Option<String> = None;
        loop {
            let frame = match frames.recv().await {
                Ok(frame) => frame,
                Err(tokio::sync::broadcast::error::RecvError::Lagged(_)) => continue,
                Err(tokio::sync::broadcast::error::RecvError::Closed) => break 1,
            };
            match frame {
                ServerMessage::AgentMessage { text } => {
                    if let Some(earlier) = held.replace(text) {
                        say(&earlier);
                    }
                }
                ServerMessage::Step {
                    node,
                    summary,
                    result,
                    ..
                } if !summary.is_empty() => {
                    let mark = match result {
                        StepResult::Success => "ok",
                        StepResult::Error => "error",
                        StepResult::Pending => "…",
                    };
                    if args.verbose {
                        complain(&format!("  [{node}] {summary} ({mark})"));
                    } else if result != StepResult::Pending && !node.starts_with("finalize_") {
                        // The run's end (its `finalize_*` step) is the final report below.
                        actions += 1;
                        complain(&format!("{actions:>3}. {mark:<5} {summary}"));
                    }
                }
                ServerMessage::AgentQuestion(question) => {
                    if let Some(earlier) = held.take() {
                        say(&earlier);
                    }
                    if let Some(denied) = answer(&session, &question, asking, &mut input).await {
                        denied_here = Some(denied);
                    }
                }
                ServerMessage::Error { code, message } => tracing::warn!("{code}: {message}"),
                ServerMessage::RunFinished { outcome, text } => {
                    if let Some(earlier) = held.take().filter(|earlier| *earlier != text) {
                        say(&earlier);
                    }
                    let ending = Ending {
                        outcome,
                        denied_here: denied_here.as_deref(),
                        asking,
                    };
                    say(&ending.final_text(&text));
                    break exit_code(outcome);
                }
                _ => {}
            }
        }
    };
    // A signal ends the run like a cancel; the browser is closed either way.
    let code = tokio::select! {
        code = following => code,
        () = shutdown_signal() => {
            say("Interrupted: the run was cancelled.");
            exit_code(RunOutcome::Cancelled)
        }
    };
    registry.shutdown().await;
    registry.host().shutdown().await;
    Ok(code)
}

fn say(text: &str) {
    let mut out = std::io::stdout().lock();
    let _ = writeln!(out, "{text}");
}

/// A line for the person on stderr (stdout carries the agent's words).
fn complain(text: &str) {
    let mut err = std::io::stderr().lock();
    let _ = writeln!(err, "{text}");
}

fn ask(prompt: &str) {
    let mut err = std::io::stderr().lock();
    let _ = write!(err, "{prompt}");
    let _ = err.flush();
}

type Lines = tokio::io::Lines<BufReader<tokio::io::Stdin>>;

/// Asks the person on the terminal (or decides without asking) and resumes the run.
/// Whether the person can be asked on the terminal, and if not, why not.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Asking {
    Terminal,
    NoInput,
    NotATerminal,
}

impl Asking {
    /// Why nobody is asked, for the warnings.
    fn why_not(self) -> &'static str {
        match self {
            Asking::Terminal => "",
            Asking::NoInput => "--no-input",
            Asking::NotATerminal => "stdin is not a terminal",
        }
    }
}

/// How a run ended, as far as the terminal's final text is concerned.
struct Ending<'a> {
    outcome: RunOutcome,
    /// The confirmation this terminal denied without asking anyone, if any.
    denied_here: Option<&'a str>,
    asking: Asking,
}

impl Ending<'_> {
    /// The agent's final `text`, or the terminal's own where the agent's would mislead here.
    fn final_text(&self, text: &str) -> String {
        match (self.outcome, self.denied_here) {
            (RunOutcome::Cancelled, Some(summary)) => format!(
                "Denied without asking ({}): {summary}. It was not done, and the run stopped \
                 there. Run in a terminal without --no-input to be asked.",
                self.asking.why_not()
            ),
            // The agent's text names the limit; only its chat hint does not fit a terminal.
            (RunOutcome::Limit, _) => text.replace(
                CHAT_LIMIT_HINT,
                "Run again with a higher --max-actions to let it go further.",
            ),
            (
                RunOutcome::Done
                | RunOutcome::Failed
                | RunOutcome::Denied
                | RunOutcome::Cancelled
                | RunOutcome::Blocked,
                _,
            ) => text.to_owned(),
        }
    }
}

/// Opens the start URL in the session's browser, if the policy allows it. `Err` holds the exit
/// code (3 denied, 1 failed) and the problem.
async fn open_start_url(
    session: &Session,
    gate: &PolicyGate,
    url: &str,
) -> Result<(), (i32, String)> {
    let decision = gate.check_navigation(url, &PolicyContext::new(Mode::Agent));
    if decision.effect() == Effect::Deny {
        let (reason, rule) = (decision.reason(), decision.rule());
        return Err((
            3,
            format!("the policy does not allow it: {reason} (rule {rule})"),
        ));
    }
    let mut browser = session.browser.lock().await;
    match browser.navigate(url).await {
        Ok(outcome) => {
            complain(&format!("opened {}", outcome.url));
            Ok(())
        }
        Err(error) => Err((1, format!("could not open it: {error}"))),
    }
}

/// Why `url` cannot start a run, if it cannot: it must be an absolute http(s) or file URL.
fn check_start_url(url: &str) -> Result<(), String> {
    match url::Url::parse(url) {
        Ok(parsed) if matches!(parsed.scheme(), "http" | "https" | "file") => Ok(()),
        Ok(parsed) => Err(format!(
            "the scheme `{}` is not one Tandem opens (http, https or file)",
            parsed.scheme()
        )),
        Err(error) => Err(format!(
            "not an absolute URL ({error}); write it like https://example.com/"
        )),
    }
}

/// Answers `question` on the terminal, or without asking. Returns the summary of a
/// confirmation it denied without asking anyone.
async fn answer(
    session: &Session,
    question: &AgentQuestion,
    asking: Asking,
    input: &mut Lines,
) -> Option<String> {
    let id = question.interrupt_id.as_str();
    let interactive = asking == Asking::Terminal;
    match question.kind {
        AgentQuestionKind::Confirm => {
            let summary = question
                .action
                .as_ref()
                .map(|a| a.summary.clone())
                .unwrap_or_default();
            let (approved, remember) = if interactive {
                ask(&format!(
                    "\nConfirm: {summary}\n  why: {} [{}]\nApprove? [y]es / [a]lways this session / [N]o: ",
                    question.reason,
                    question.rule.as_deref().unwrap_or("")
                ));
                let line = input.next_line().await.ok().flatten().unwrap_or_default();
                match line.trim().to_ascii_lowercase().as_str() {
                    "y" | "yes" => (true, false),
                    "a" | "always" => (true, true),
                    _ => (false, false),
                }
            } else {
                tracing::warn!(
                    "denied without asking ({}): {summary} [{}]",
                    asking.why_not(),
                    question.rule.as_deref().unwrap_or("")
                );
                (false, false)
            };
            match session.agent.confirm(id, approved, remember, None).await {
                Ok(_) if !interactive => Some(summary),
                Ok(_) => None,
                Err(error) => {
                    tracing::warn!(%error, "the confirmation was refused");
                    None
                }
            }
        }
        AgentQuestionKind::Manual => {
            if !interactive {
                tracing::warn!(
                    "a takeover needs a person ({}): {}",
                    asking.why_not(),
                    question.reason
                );
                session.agent.cancel();
                return None;
            }
            ask(&format!(
                "\nYour turn: {}\nDo it in the browser (run with --headed to see it), then press Enter: ",
                question.reason
            ));
            let line = input.next_line().await.ok().flatten().unwrap_or_default();
            let resume = Resume::ManualDone { message: line };
            if let Err(error) = session.answer(id, resume).await {
                tracing::warn!(%error, "the takeover reply was refused");
            }
            None
        }
        AgentQuestionKind::Ask => {
            if !interactive {
                let prompts: Vec<&str> = question
                    .questions
                    .iter()
                    .map(|q| q.prompt.as_str())
                    .collect();
                tracing::warn!(
                    "the agent asked, and nobody can answer ({}): {}",
                    asking.why_not(),
                    prompts.join(" / ")
                );
                session.agent.cancel();
                return None;
            }
            // Until the agent takes the answers (a value outside a list is refused), or input ends.
            loop {
                let mut answers = Vec::new();
                for q in &question.questions {
                    let options: Vec<String> = q
                        .options
                        .iter()
                        .enumerate()
                        .map(|(i, o)| format!("  {}) {}", i + 1, o.label))
                        .collect();
                    ask(&format!("\n{}\n{}\n> ", q.prompt, options.join("\n")));
                    let Some(line) = input.next_line().await.ok().flatten() else {
                        complain("No answer (input ended): the run is cancelled.");
                        session.agent.cancel();
                        return None;
                    };
                    let line = line.trim();
                    // An option by its number or its label; else the text as typed.
                    let value = line
                        .parse::<usize>()
                        .ok()
                        .and_then(|n| n.checked_sub(1))
                        .and_then(|i| q.options.get(i))
                        .or_else(|| {
                            q.options
                                .iter()
                                .find(|o| o.label.eq_ignore_ascii_case(line))
                        })
                        .map_or_else(|| line.to_owned(), |o| o.value.clone());
                    answers.push(Answer {
                        question_id: q.id.clone(),
                        values: vec![value],
                    });
                }
                match session.answer(id, Resume::Answer { answers }).await {
                    Ok(_) => return None,
                    Err(error) if error.code() == "invalid_answer" => {
                        complain(&format!("{error}; please answer again."));
                    }
                    Err(error) => {
                        tracing::warn!(%error, "the answer was refused");
                        return None;
                    }
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_start_url_must_be_absolute_and_openable() {
        assert!(check_start_url("https://example.com/a").is_ok());
        assert!(check_start_url("file:///tmp/page.html").is_ok());
        assert!(
            check_start_url("not a url")
                .unwrap_err()
                .contains("not an absolute URL")
        );
        assert!(
            check_start_url("javascript:alert(1)")
                .unwrap_err()
                .contains("javascript")
        );
    }
}
