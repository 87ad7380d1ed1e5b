//! The agent task: receives operations, drives runs through the graph runner, keeps paused
//! runs in the checkpointer and publishes records, status and the end of each run.

use std::sync::Arc;
use std::sync::atomic::Ordering;

use tandem_protocol::{Lifecycle, QuestionEnd, RunOutcome};
use tokio::sync::mpsc;
use tokio_util::sync::CancellationToken;

use super::{Op, Shared, TakeoverStart, lock};
use crate::checkpointer::PausedRun;
use crate::error::AgentError;
use crate::events::AgentEvent;
use crate::graph::{GraphRunner, RunExit};
use crate::interrupt::{Interrupt, InterruptError, InterruptKind};
use crate::nodes::{AgentGraph, NodeId, Runtime};
use crate::state::AgentState;

/// Where the session's state is between operations.
enum Held {
    /// No run: the task holds the state.
    Idle(Box<AgentState>),
    /// A run is paused: the checkpointer holds the state.
    Paused,
}

/// How a run starts or continues.
enum Start {
    Node(NodeId),
    Resume(NodeId, crate::interrupt::Resume),
}

pub(crate) async fn submission_loop(rt: Runtime, shared: Arc<Shared>, mut ops: mpsc::Receiver<Op>) {
    let mut held = Held::Idle(Box::new(AgentState::new(rt.mode())));
    let mut open = true;
    while open {
        let Some(op) = ops.recv().await else {
            break;
        };
        held = match op {
            Op::UserMessage { text, reply } if paused_at_takeover(&held, &shared) => {
                // A message during a takeover hands the browser back; it is the person's note.
                let interrupt_id = shared
                    .checkpointer
                    .pending(&shared.session_id)
                    .map(|interrupt| interrupt.id)
                    .unwrap_or_default();
                let resume = crate::interrupt::Resume::ManualDone { message: text };
                let (accepted, answer) = tokio::sync::oneshot::channel();
                let next = resume_paused(
                    &rt,
                    &shared,
                    &mut ops,
                    &mut open,
                    held,
                    interrupt_id,
                    resume,
                    QuestionEnd::Answered,
                    accepted,
                    Some(reply),
                )
                .await;
                drop(answer);
                next
            }
            Op::UserMessage { text, reply } => {
                shared.takeover.store(false, Ordering::Release);
                let mut state = match held {
                    Held::Idle(state) => state,
                    Held::Paused => match end_paused(&rt, &shared, &mut ops, &mut open).await {
                        Some(state) => state,
                        None => Box::new(AgentState::new(rt.mode())),
                    },
                };
                let run_id = uuid::Uuid::new_v4().to_string();
                state.start_run(run_id.clone(), text);
                let cancel = CancellationToken::new();
                *lock(&shared.current_cancel) = Some(cancel.clone());
                set_status(&rt, &shared, Lifecycle::Running, Some(run_id.clone()));
                let _ = reply.send(Ok(run_id));
                drive(
                    &rt,
                    &shared,
                    &mut ops,
                    &mut open,
                    state,
                    cancel,
                    Start::Node(NodeId::IngestUserInput),
                )
                .await
            }
            Op::Resume {
                interrupt_id,
                resume,
                by,
                reply,
            } => {
                resume_paused(
                    &rt,
                    &shared,
                    &mut ops,
                    &mut open,
                    held,
                    interrupt_id,
                    resume,
                    by,
                    reply,
                    None,
                )
                .await
            }
            Op::TakeOver { reply } => match held {
                idle @ Held::Idle(_) => {
                    let _ = reply.send(TakeoverStart::NoRun);
                    idle
                }
                Held::Paused if paused_at_takeover(&Held::Paused, &shared) => {
                    let _ = reply.send(TakeoverStart::AlreadyHanded);
                    Held::Paused
                }
                Held::Paused => match shared.checkpointer.discard(&shared.session_id) {
                    None => {
                        let _ = reply.send(TakeoverStart::NoRun);
                        Held::Idle(Box::new(AgentState::new(rt.mode())))
                    }
                    Some(paused) => {
                        replace_question(&rt, &shared, &mut ops, &mut open, paused, reply).await
                    }
                },
            },
            Op::Cancel => match held {
                Held::Paused => match end_paused(&rt, &shared, &mut ops, &mut open).await {
                    Some(state) => Held::Idle(state),
                    None => Held::Idle(Box::new(AgentState::new(rt.mode()))),
                },
                idle @ Held::Idle(_) => idle,
            },
            Op::ModeChanged => {
                let status = lock(&shared.status).clone();
                set_status(&rt, &shared, status.lifecycle, status.run_id);
                held
            }
            Op::Shutdown => {
                open = false;
                held
            }
        };
    }
    // A paused run dies with the task: its question is dropped, which denies it.
    if let Some(paused) = shared.checkpointer.discard(&shared.session_id) {
        cleared(&rt, &paused, QuestionEnd::Cancelled);
        tracing::info!(session = %shared.session_id, "agent stopped with a paused run; it was dropped");
    }
    *lock(&shared.current_cancel) = None;
    set_status(&rt, &shared, Lifecycle::Idle, None);
}

/// True when the run is paused at a manual question: the person has the browser.
fn paused_at_takeover(held: &Held, shared: &Shared) -> bool {
    matches!(held, Held::Paused)
        && shared
            .checkpointer
            .pending(&shared.session_id)
            .is_some_and(|interrupt| matches!(interrupt.kind, InterruptKind::Manual { .. }))
}

/// Continues the paused run with `resume` if it fits the pending question; otherwise refuses
/// (through `reply`) and leaves it paused. `started`, for a message that handed the browser
/// back, gets the run's id (or the refusal).
#[allow(clippy::too_many_arguments)]
async fn resume_paused(
    rt: &Runtime,
    shared: &Shared,
    ops: &mut mpsc::Receiver<Op>,
    open: &mut bool,
    held: Held,
    interrupt_id: String,
    resume: crate::interrupt::Resume,
    by: QuestionEnd,
    reply: tokio::sync::oneshot::Sender<Result<(), AgentError>>,
    started: Option<tokio::sync::oneshot::Sender<Result<String, AgentError>>>,
) -> Held {
    match shared
        .checkpointer
        .take_for_resume(&shared.session_id, &interrupt_id, &resume)
    {
        Err(error) => {
            if let Some(started) = started {
                let _ = started.send(Err(error.clone().into()));
            }
            let _ = reply.send(Err(error.into()));
            held
        }
        Ok(mut paused) => {
            let _ = reply.send(Ok(()));
            let run_id = paused.state.run.run_id.clone();
            if let Some(started) = started {
                let _ = started.send(Ok(run_id.clone()));
            }
            cleared(rt, &paused, by);
            paused.state.question_end = Some(by);
            set_status(rt, shared, Lifecycle::Running, Some(run_id));
            drive(
                rt,
                shared,
                ops,
                open,
                paused.state,
                paused.cancel,
                Start::Resume(paused.at, resume),
            )
            .await
        }
    }
}

/// Withdraws the pending confirmation or ask and pauses the run at a takeover instead.
async fn replace_question(
    rt: &Runtime,
    shared: &Shared,
    ops: &mut mpsc::Receiver<Op>,
    open: &mut bool,
    mut paused: PausedRun,
    reply: tokio::sync::oneshot::Sender<TakeoverStart>,
) -> Held {
    cleared(rt, &paused, QuestionEnd::Cancelled);
    let state = &mut paused.state;
    if let Some(seq) = state.planned_action.as_ref().and_then(|p| p.timeline_seq) {
        state.run.timeline.set_result(
            seq,
            tandem_protocol::ActionResult::Error {
                message: "not done: you took the browser".to_owned(),
            },
        );
    }
    state.planned_action = Some(crate::nodes::plan::person_takes_over());
    let run_id = state.run.run_id.clone();
    let _ = reply.send(TakeoverStart::QuestionReplaced {
        run_id: run_id.clone(),
    });
    set_status(rt, shared, Lifecycle::Running, Some(run_id));
    drive(
        rt,
        shared,
        ops,
        open,
        paused.state,
        paused.cancel,
        Start::Node(NodeId::ManualInterrupt),
    )
    .await
}

/// Ends the paused run as cancelled; returns the session state.
async fn end_paused(
    rt: &Runtime,
    shared: &Shared,
    ops: &mut mpsc::Receiver<Op>,
    open: &mut bool,
) -> Option<Box<AgentState>> {
    let paused = shared.checkpointer.discard(&shared.session_id)?;
    cleared(rt, &paused, QuestionEnd::Cancelled);
    paused.cancel.cancel();
    match drive(
        rt,
        shared,
        ops,
        open,
        paused.state,
        paused.cancel,
        Start::Node(NodeId::FinalizeCancelled),
    )
    .await
    {
        Held::Idle(state) => Some(state),
        Held::Paused => None,
    }
}

/// Runs the graph until the run ends or pauses, answering operations meanwhile.
async fn drive(
    rt: &Runtime,
    shared: &Shared,
    ops: &mut mpsc::Receiver<Op>,
    open: &mut bool,
    mut state: Box<AgentState>,
    cancel: CancellationToken,
    start: Start,
) -> Held {
    let graph = AgentGraph { rt };
    let runner = GraphRunner::new(&graph, rt.limits(), cancel.clone());
    let exit = {
        let running = async {
            match start {
                Start::Node(node) => runner.run(node, &mut state).await,
                Start::Resume(node, resume) => runner.resume(node, resume, &mut state).await,
            }
        };
        tokio::pin!(running);
        loop {
            tokio::select! {
                exit = &mut running => break exit,
                op = ops.recv(), if *open => match op {
                    Some(op) => while_running(rt, shared, op, &cancel, open),
                    None => *open = false,
                },
            }
        }
    };
    match exit {
        RunExit::Finished => {
            finish(rt, shared, &state);
            Held::Idle(state)
        }
        RunExit::Interrupted { at, interrupt } => {
            pause(rt, shared, at, interrupt, state, cancel);
            Held::Paused
        }
    }
}

/// An operation that arrives while a run executes.
fn while_running(
    rt: &Runtime,
    shared: &Shared,
    op: Op,
    cancel: &CancellationToken,
    open: &mut bool,
) {
    match op {
        Op::UserMessage { reply, .. } => {
            let _ = reply.send(Err(AgentError::Busy));
        }
        Op::Resume {
            interrupt_id,
            resume,
            reply,
            ..
        } => {
            // Nothing is paused while a run executes: the checkpointer says why this id is
            // refused (already used, or no pending question).
            let refused = match shared.checkpointer.take_for_resume(
                &shared.session_id,
                &interrupt_id,
                &resume,
            ) {
                Err(error) => error,
                Ok(_) => InterruptError::NoPendingInterrupt,
            };
            let _ = reply.send(Err(refused.into()));
        }
        Op::TakeOver { reply } => {
            rt.takeover.store(true, Ordering::Release);
            let run_id = lock(&shared.status).run_id.clone().unwrap_or_default();
            let _ = reply.send(TakeoverStart::WillPause { run_id });
        }
        Op::Cancel => cancel.cancel(),
        Op::ModeChanged => {
            let status = lock(&shared.status).clone();
            set_status(rt, shared, status.lifecycle, status.run_id);
        }
        Op::Shutdown => {
            cancel.cancel();
            *open = false;
        }
    }
}

fn pause(
    rt: &Runtime,
    shared: &Shared,
    at: NodeId,
    interrupt: Interrupt,
    state: Box<AgentState>,
    cancel: CancellationToken,
) {
    let run_id = state.run.run_id.clone();
    let paused = PausedRun {
        interrupt: interrupt.clone(),
        at,
        state,
        cancel,
    };
    if let Some(older) = shared.checkpointer.pause(&shared.session_id, paused) {
        tracing::warn!(interrupt = %older.interrupt.id, "a second paused run replaced the first");
    }
    set_status(rt, shared, Lifecycle::Paused, Some(run_id.clone()));
    // Published only now, so a reply to it finds the run in the checkpointer.
    rt.emit(AgentEvent::Question { run_id, interrupt });
}

/// Tells watchers that the paused run's question is no longer pending.
fn cleared(rt: &Runtime, paused: &PausedRun, by: QuestionEnd) {
    rt.emit(AgentEvent::QuestionCleared {
        run_id: paused.state.run.run_id.clone(),
        interrupt_id: paused.interrupt.id.clone(),
        by,
    });
}

fn finish(rt: &Runtime, shared: &Shared, state: &AgentState) {
    let record = state.run.clone();
    let outcome = record.outcome.unwrap_or(RunOutcome::Failed);
    let text = record.final_response.clone().unwrap_or_default();
    let run_id = record.run_id.clone();
    {
        let mut runs = lock(&shared.runs);
        runs.push_back(record);
        while runs.len() > shared.kept_runs {
            runs.pop_front();
        }
    }
    *lock(&shared.current_cancel) = None;
    // A takeover asked too late to pause this run is the server's to honour (the run is over).
    shared.takeover.store(false, Ordering::Release);
    set_status(rt, shared, Lifecycle::Idle, None);
    tracing::info!(run = %run_id, outcome = outcome.name(), actions = state.actions, transitions = state.transitions, "run finished");
    rt.emit(AgentEvent::RunFinished {
        run_id,
        outcome,
        text,
    });
}

fn set_status(rt: &Runtime, shared: &Shared, lifecycle: Lifecycle, run_id: Option<String>) {
    let mode = rt.mode();
    {
        let mut status = lock(&shared.status);
        status.lifecycle = lifecycle;
        status.mode = mode;
        status.run_id = run_id.clone();
    }
    rt.emit(AgentEvent::Status {
        lifecycle,
        mode,
        run_id,
    });
}
