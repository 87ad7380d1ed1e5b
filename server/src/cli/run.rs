//! `tandem run "<goal>"`: one run in the terminal, for scripts and CI. Progress goes to stderr,
//! the agent's messages and final answer to stdout. Confirmations, takeovers and questions are
//! asked on the terminal — or, with `--no-input` (or no terminal), confirmations are denied and
//! takeovers and questions end the run. The exit code says how the run ended.

use std::io::IsTerminal;
use std::io::Write;

use tandem_agent::Answer;
use tandem_agent::interrupt::Resume;
use tokio::io::{AsyncBufReadExt, BufReader};

use super::serve::shutdown_signal;
use super::{RunArgs, connect_mcp_servers, session_factory};
use crate::config::Config;
use crate::protocol::{AgentQuestion, QuestionKind, RunOutcome, ServerMessage, StepResult};
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
    if let Some(max) = args.max_steps {
        config.agent.max_tool_steps = max;
    }
    let mut factory = session_factory(&config)?;
    factory.extra_tools = connect_mcp_servers(&config).await?;
    let registry = SessionRegistry::new(factory);
    let session = registry.create().await?;
    let interactive = !args.no_input && std::io::stdin().is_terminal();
    let goal = match &args.url {
        Some(url) => format!("open {url}\n{}", args.goal),
        None => args.goal.clone(),
    };
    let mut frames = session.watch();
    session.agent.submit_user_message(goal).await?;
    let mut input = BufReader::new(tokio::io::stdin()).lines();
    let mut last_said = String::new();
    let following = async {
        loop {
            let frame = match frames.recv().await {
                Ok(frame) => frame,
                Err(tokio::sync::broadcast::error::RecvError::Lagged(_)) => continue,
                Err(tokio::sync::broadcast::error::RecvError::Closed) => break 1,
            };
            match frame {
                ServerMessage::AgentMessage { text } => {
                    say(&text);
                    last_said = text;
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
                    tracing::info!("[{node}] {summary} ({mark})");
                }
                ServerMessage::AgentQuestion(question) => {
                    answer(&session, &question, interactive, &mut input).await;
                }
                ServerMessage::Error { code, message } => tracing::warn!("{code}: {message}"),
                ServerMessage::RunFinished { outcome, text } => {
                    if text != last_said {
                        say(&text);
                    }
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

fn ask(prompt: &str) {
    let mut err = std::io::stderr().lock();
    let _ = write!(err, "{prompt}");
    let _ = err.flush();
}

type Lines = tokio::io::Lines<BufReader<tokio::io::Stdin>>;

/// Asks the person on the terminal (or decides without asking) and resumes the run.
async fn answer(session: &Session, question: &AgentQuestion, interactive: bool, input: &mut Lines) {
    let id = question.interrupt_id.as_str();
    match question.kind {
        QuestionKind::Confirm => {
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
                tracing::warn!("denied without asking (--no-input): {summary}");
                (false, false)
            };
            let action_hash = session.pending_confirm_hash(id).unwrap_or_default();
            let resume = Resume::Confirm {
                approved,
                action_hash,
                remember,
            };
            if let Err(error) = session.answer(id, resume).await {
                tracing::warn!(%error, "the confirmation was refused");
            }
        }
        QuestionKind::Manual => {
            if !interactive {
                tracing::warn!("a takeover needs a person: {}", question.reason);
                session.agent.cancel();
                return;
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
        }
        QuestionKind::Ask => {
            if !interactive {
                tracing::warn!("the agent asked a question and --no-input is set");
                session.agent.cancel();
                return;
            }
            let mut answers = Vec::new();
            for q in &question.questions {
                let options: Vec<String> = q
                    .options
                    .iter()
                    .enumerate()
                    .map(|(i, o)| format!("  {}) {}", i + 1, o.label))
                    .collect();
                ask(&format!("\n{}\n{}\n> ", q.prompt, options.join("\n")));
                let line = input.next_line().await.ok().flatten().unwrap_or_default();
                let value = line
                    .trim()
                    .parse::<usize>()
                    .ok()
                    .and_then(|n| n.checked_sub(1))
                    .and_then(|i| q.options.get(i))
                    .map(|o| o.value.clone())
                    .unwrap_or_else(|| line.trim().to_owned());
                answers.push(Answer {
                    question_id: q.id.clone(),
                    values: vec![value],
                });
            }
            if let Err(error) = session.answer(id, Resume::Answer { answers }).await {
                tracing::warn!(%error, "the answer was refused");
            }
        }
    }
}
