//! Turning a target phrase into one usable element, or into a question for the person.
//!
//! In: the snapshot, the step's target and intent, and the step's [`StepState`] (its latest
//! answer and how often it asked). Out: the element, or a [`Decision`] (ask / stop) to return
//! instead. An answer wins over resolution: a picked eid is used while it still exists; a typed
//! name is resolved in its place.

use tandem_mcp_browser::snapshot::{Element, Snapshot};

use super::decision::{Decision, stopped};
use super::progress::{MAX_ASKS, StepAnswer, StepState};
use super::report::{choice_question, describe, target_question};
use super::resolve::{Intent, Resolution, by_eid, resolve};
use super::step::Target;
use super::twins;
use crate::action::{Action, WaitFor};

/// The element `target` names, or the decision to return instead.
pub(crate) fn locate<'s>(
    snapshot: &'s Snapshot,
    target: &Target,
    intent: Intent,
    state: &StepState,
) -> Result<&'s Element, Decision> {
    match &state.answer {
        Some(StepAnswer::Choice(eid)) => {
            if let Some(el) = by_eid(snapshot, eid) {
                return Ok(el);
            }
        }
        Some(StepAnswer::Text(text)) => {
            if let Some(el) = by_eid(snapshot, text) {
                return Ok(el);
            }
            let answered = Target::parse(text);
            return usable(
                resolve(snapshot, &answered, intent),
                &answered,
                snapshot,
                state,
            );
        }
        Some(StepAnswer::Option(_)) | None => {}
    }
    let resolution = match twins::settle(resolve(snapshot, target, intent), intent, snapshot) {
        // "the cookie options" for "Manage options": the page's word for the control.
        Resolution::NotFound => super::ui_synonyms::resolve_variant(snapshot, target, intent),
        resolution => resolution,
    };
    usable(resolution, target, snapshot, state)
}

/// Accepts a single enabled element; asks otherwise.
pub(crate) fn usable<'s>(
    resolution: Resolution<'s>,
    target: &Target,
    snapshot: &Snapshot,
    state: &StepState,
) -> Result<&'s Element, Decision> {
    match resolution {
        Resolution::Found(el) if !el.disabled => Ok(el),
        Resolution::Found(el) => Err(ask_again(
            state,
            format!("{} is disabled right now.", describe(el)),
        )),
        Resolution::Ambiguous(candidates) => Err(ask_which(state, &target.phrase, &candidates)),
        Resolution::NotFound => Err(not_found(state, &target.phrase, snapshot)),
    }
}

/// Asks which of several equally good candidates is meant.
pub(crate) fn ask_which(state: &StepState, phrase: &str, candidates: &[&Element]) -> Decision {
    if state.asks >= MAX_ASKS {
        return Decision::Stop {
            reason: Some(format!(
                "Stopped: several elements match \"{phrase}\" and I could not tell which one."
            )),
        };
    }
    let prompt = format!("Several elements match \"{phrase}\". Which one do you mean?");
    Decision::Ask {
        question: choice_question(prompt, candidates),
        note: format!("\"{phrase}\" is ambiguous"),
    }
}

/// The single best of the `candidates` by their key (the highest); a tie at the top asks which
/// of them `phrase` means (never a guess). `None` when there is no candidate.
pub(crate) fn best_or_ask<'s, K: Ord + Copy>(
    candidates: &mut [(&'s Element, K)],
    state: &StepState,
    phrase: &str,
) -> Result<Option<&'s Element>, Decision> {
    candidates.sort_by_key(|(_, key)| std::cmp::Reverse(*key));
    let Some((first, top)) = candidates.first().copied() else {
        return Ok(None);
    };
    let tied: Vec<&Element> = candidates
        .iter()
        .take_while(|(_, key)| *key == top)
        .map(|(el, _)| *el)
        .collect();
    if tied.len() > 1 {
        return Err(ask_which(state, phrase, &tied));
    }
    Ok(Some(first))
}

/// How long a step waits, once, for what it names to show before it asks the person: pages
/// draw parts of themselves after load (a pop-up a moment later, results fetched by script).
pub(crate) const LATE_WAIT_MS: u64 = 1_000;

/// Reports that nothing matches `phrase`: the first time in a step (no question asked, no wait
/// of its own yet), waits [`LATE_WAIT_MS`] for the page to show it, as an aside; then asks.
pub(crate) fn not_found(state: &StepState, phrase: &str, snapshot: &Snapshot) -> Decision {
    if state.asks == 0 && state.answer.is_none() && state.aside_waits == 0 {
        return Decision::Aside {
            action: Action::Wait {
                until: WaitFor::Millis { ms: LATE_WAIT_MS },
            },
            note: format!("waiting for \"{phrase}\" to show on the page"),
        };
    }
    let title = if snapshot.title.trim().is_empty() {
        snapshot.url.as_str()
    } else {
        snapshot.title.trim()
    };
    ask_again(
        state,
        format!("I can't find \"{phrase}\" on this page (\"{title}\")."),
    )
}

/// Asks the person to name the element again, or stops after [`MAX_ASKS`] questions.
pub(crate) fn ask_again(state: &StepState, problem: String) -> Decision {
    if state.asks >= MAX_ASKS {
        return stopped(&problem);
    }
    Decision::Ask {
        question: target_question(&problem),
        note: problem,
    }
}
