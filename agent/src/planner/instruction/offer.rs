//! The send offered after a fill-only message (issue 24). "Check the 3rd radio button and enter
//! "-5" into the 3rd textbox" asks to fill a form, not to send it, and the planner never sends
//! a form unasked. But ending there leaves the form unsent without a word, so when every step is
//! done the planner offers the send instead: it plans the click on the form's one submit
//! control as an offer ([`Plan::offered`](crate::plan::Plan)), which the policy turns into a
//! confirmation the person answers (rule `confirm-unasked-send`, fact `unasked_send`).
//!
//! In: the parsed instructions, the replayed progress, the run's history, the snapshot and the
//! mode. Out: the control to offer ([`control`]), or how an earlier offer ended ([`outcome`]).
//!
//! The offer is made only when all of these hold, and never otherwise:
//! - agent mode, every clause understood, at least one step;
//! - every step fills or chooses a value (type, set, select, check, a spelled value, named
//!   fields) and is done or needed nothing, and no step failed or was declined;
//! - the message says nothing about sending outside its quoted values (no "submit", "send",
//!   "post", "save", "publish", "unsent", "leave": "but don't send it" is about sending);
//! - the page has one form and that form one submit control: the fields acted on all belong to
//!   it (the page's only form), or, on a page without forms, the page's only button is its
//!   "Submit" (the formless survey the `submit` step also knows).
//!
//! The offer carries the cursor of the final stop (the step count): progress never reads it as
//! a step's record, and [`outcome`] finds it there.

use tandem_mcp_browser::snapshot::{Element, Snapshot};
use tandem_protocol::Mode;

use super::matching::normalize;
use super::progress::{Progress, Status};
use super::resolve::is_button;
use super::step::{Instructions, Step};
use crate::action::Action;
use crate::plan::{StepOutcome, StepRecord};

/// Words that, outside quotes, make the message about sending (or not sending).
const SEND_WORDS: &[&str] = &[
    "submit",
    "submits",
    "submitted",
    "submitting",
    "submission",
    "send",
    "sends",
    "sending",
    "sent",
    "unsent",
    "post",
    "posting",
    "publish",
    "save",
    "saving",
    "leave",
];

/// How an offered send ended.
#[derive(Debug, Clone, PartialEq)]
pub(crate) enum OfferEnd {
    /// The person approved and the click ran; its effect was observed since.
    Sent { control: String },
    /// The person declined (with their reason, if they gave one).
    Declined { control: String },
    /// The click failed.
    Failed { control: String, error: String },
}

/// The submit control to offer, when every condition of the module docs holds.
pub(crate) fn control<'s>(
    instructions: &Instructions,
    progress: &Progress,
    history: &[StepRecord],
    snapshot: Option<&'s Snapshot>,
    mode: Mode,
    message: &str,
) -> Option<&'s Element> {
    let snapshot = snapshot?;
    if mode != Mode::Agent
        || instructions.steps.is_empty()
        || !instructions.ignored.is_empty()
        || speaks_of_sending(message)
    {
        return None;
    }
    let all_filled = instructions
        .steps
        .iter()
        .zip(&progress.states)
        .all(|((step, _), state)| {
            fills(step)
                && state.failures == 0
                && state.declined.is_none()
                && matches!(state.status, Status::Done { .. } | Status::Skipped)
        });
    let acted = progress
        .states
        .iter()
        .any(|state| matches!(state.status, Status::Done { .. }));
    if !all_filled || !acted {
        return None;
    }
    let filled: Vec<&Element> = history
        .iter()
        .filter(|record| matches!(record.outcome, StepOutcome::Succeeded { .. }))
        .filter_map(|record| record.element.as_ref())
        .collect();
    the_one_submit(snapshot, &filled)
}

/// How the offer made in this run ended, if one was made: the record at the final stop's
/// cursor (`step_count`) that clicked.
pub(crate) fn outcome(history: &[StepRecord], step_count: usize) -> Option<OfferEnd> {
    let record = history
        .iter()
        .rev()
        .find(|r| r.cursor == Some(step_count) && matches!(r.action, Action::Click { .. }))?;
    let control = record
        .element
        .as_ref()
        .map(super::report::display_name)
        .unwrap_or_else(|| "the submit button".to_owned());
    Some(match &record.outcome {
        StepOutcome::Declined { .. } => OfferEnd::Declined { control },
        StepOutcome::Failed { error } | StepOutcome::Invalid { error } => OfferEnd::Failed {
            control,
            error: error.clone(),
        },
        StepOutcome::Succeeded { .. }
        | StepOutcome::UserDone { .. }
        | StepOutcome::Answered { .. } => OfferEnd::Sent { control },
    })
}

/// The headline of the final report after an offer.
pub(crate) fn headline(end: &OfferEnd) -> String {
    match end {
        OfferEnd::Sent { control } => {
            format!("All steps done, and \"{control}\" pressed as you approved.")
        }
        OfferEnd::Declined { control } => {
            // Not "you declined": a terminal run with no input declines without asking anyone.
            format!(
                "All steps done; the form is left unsent (pressing \"{control}\" was declined)."
            )
        }
        OfferEnd::Failed { control, error } => {
            format!(
                "All steps done; the form is left unsent: pressing \"{control}\" failed: {error}."
            )
        }
    }
}

/// The note of the offered click.
pub(crate) fn note(el: &Element) -> String {
    format!(
        "You asked me to fill the form, not to send it: offering to press \"{}\"",
        super::report::display_name(el)
    )
}

/// Steps that only fill or choose values in a form.
fn fills(step: &Step) -> bool {
    match step {
        Step::Type { .. }
        | Step::Set { .. }
        | Step::Select { .. }
        | Step::Check { .. }
        | Step::CheckPart { .. }
        | Step::Affixed { .. }
        | Step::Suggested { .. }
        | Step::Similar { .. }
        | Step::CheckAll { .. }
        | Step::Fields { .. } => true,
        Step::Open { .. }
        | Step::Reload
        | Step::Back
        | Step::Click { .. }
        | Step::Path { .. }
        | Step::Focus { .. }
        | Step::Expand
        | Step::Reveal { .. }
        | Step::Prose { .. }
        | Step::Best { .. }
        | Step::PressKey { .. }
        | Step::Scroll(_)
        | Step::Wait(_)
        | Step::Search { .. }
        | Step::Submit
        | Step::Act { .. }
        | Step::Every { .. }
        | Step::Answer { .. }
        | Step::OpenItem { .. }
        | Step::SignIn { .. }
        | Step::Record { .. }
        | Step::Stop => false,
    }
}

/// Whether the message, outside its double-quoted values, says anything about sending.
fn speaks_of_sending(message: &str) -> bool {
    let mut outside = String::new();
    let mut quoted = false;
    for c in message.chars() {
        match c {
            '"' => quoted = !quoted,
            '“' => quoted = true,
            '”' => quoted = false,
            _ if !quoted => outside.push(c),
            _ => {}
        }
    }
    let outside = outside.to_lowercase();
    outside
        .split(|c: char| !c.is_alphanumeric())
        .any(|word| SEND_WORDS.contains(&word))
}

/// The page's one submit control, when the fields acted on belong to the page's one form and
/// that form has one; on a page without forms, its only button when that is named "Submit".
fn the_one_submit<'s>(snapshot: &'s Snapshot, filled: &[&Element]) -> Option<&'s Element> {
    let mut forms: Vec<&str> = snapshot
        .elements
        .iter()
        .filter_map(|el| el.form_submit.as_deref().map(str::trim))
        .filter(|label| !label.is_empty())
        .collect();
    forms.sort_unstable();
    forms.dedup();
    let buttons: Vec<&Element> = snapshot
        .elements
        .iter()
        .filter(|el| !el.disabled && (is_button(el) || is_submit_input(el)))
        .collect();
    match forms.as_slice() {
        [] => {
            let any_in_form = filled.iter().any(|el| el.form_submit.is_some());
            match buttons.as_slice() {
                [one] if !any_in_form && normalize(&one.name) == "submit" => Some(one),
                _ => None,
            }
        }
        [label] => {
            let in_form = filled
                .iter()
                .all(|el| el.form_submit.as_deref().map(str::trim) == Some(*label));
            let submits: Vec<&Element> = buttons
                .iter()
                .copied()
                .filter(|el| is_submit_input(el) || el.name.trim() == *label)
                .collect();
            match submits.as_slice() {
                [one] if in_form && !filled.is_empty() => Some(one),
                _ => None,
            }
        }
        _ => None,
    }
}

fn is_submit_input(el: &Element) -> bool {
    matches!(el.input_type.as_deref(), Some("submit" | "image"))
}

/// The message without a closing "but don't send it" / "without submitting the form", and
/// whether it had one: the person asked for the form to stay unsent, which is no step of its
/// own (and never an offer). Only a clause at the very end, outside quotes, and made of
/// nothing but the negation, a sending verb and its object counts.
pub(crate) fn without_sending(message: &str) -> (&str, bool) {
    let words: Vec<(usize, &str)> = word_spans(message);
    for (at, &(start, _)) in words.iter().enumerate() {
        if message[start..].contains(['"', '“', '”']) {
            continue;
        }
        let tail: Vec<String> = words[at..]
            .iter()
            .map(|(_, w)| {
                w.trim_matches(|c: char| !c.is_alphanumeric() && c != '\'' && c != '’')
                    .to_lowercase()
                    .replace('’', "'")
            })
            .filter(|w| !w.is_empty())
            .collect();
        if is_keep_unsent(&tail) {
            let head = message[..start]
                .trim_end_matches(|c: char| c.is_whitespace() || ",;:-–—".contains(c));
            return (head, !head.is_empty());
        }
    }
    (message, false)
}

/// Words with the byte offset where each starts.
fn word_spans(text: &str) -> Vec<(usize, &str)> {
    let mut spans = Vec::new();
    let mut start = None;
    for (at, c) in text.char_indices() {
        match (c.is_whitespace(), start) {
            (true, Some(from)) => {
                spans.push((from, &text[from..at]));
                start = None;
            }
            (false, None) => start = Some(at),
            _ => {}
        }
    }
    if let Some(from) = start {
        spans.push((from, &text[from..]));
    }
    spans
}

/// "but don't send it", "and do not submit the form yet", "without sending it".
fn is_keep_unsent(words: &[String]) -> bool {
    let mut rest: &[String] = words;
    let skip = |rest: &mut &[String], options: &[&str]| {
        if let Some((first, tail)) = rest.split_first()
            && options.contains(&first.as_str())
        {
            *rest = tail;
        }
    };
    skip(&mut rest, &["but", "and"]);
    skip(&mut rest, &["please"]);
    let negated = match rest {
        [first, second, tail @ ..] if first == "do" && second == "not" => Some(tail),
        [first, tail @ ..] if matches!(first.as_str(), "don't" | "dont" | "never") => Some(tail),
        [first, tail @ ..] if first == "without" => Some(tail),
        _ => None,
    };
    let Some(after) = negated else {
        return false;
    };
    let Some((verb, object)) = after.split_first() else {
        return false;
    };
    const VERBS: &[&str] = &[
        "send",
        "submit",
        "post",
        "save",
        "sending",
        "submitting",
        "posting",
        "saving",
    ];
    const OBJECT: &[&str] = &[
        "it", "this", "that", "them", "the", "form", "yet", "anything",
    ];
    VERBS.contains(&verb.as_str()) && object.iter().all(|w| OBJECT.contains(&w.as_str()))
}
