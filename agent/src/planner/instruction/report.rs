//! Words for the person: element descriptions, questions, step notes and the final report.
//!
//! In: steps, their statuses (a done step carries the element its action targeted, as on the
//! page it acted on), the current snapshot. Out: strings and [`Question`]s. Typed text going
//! into password fields is masked everywhere here.

use tandem_mcp_browser::snapshot::{Element, Snapshot};
use tandem_protocol::{Question, QuestionKind, QuestionOption};

use super::progress::{CHOICE_QUESTION, OPTION_QUESTION, Progress, Status, TARGET_QUESTION};
use super::step::{Instructions, ScrollGoal, Step, Target};
use crate::action::WaitFor;
use crate::text::clip;

/// What the instruction planner understands, for messages it cannot follow.
const VOCABULARY: &str = "No model is configured, so I follow plain step-by-step \
instructions. Examples: open example.com; click the Sign in button; type alice@example.com into \
Email; fill Password with …; set Country to France; select Blue from Color; check Remember me; \
press Enter; scroll down / to the bottom / to Pricing; wait for \"Welcome\" / wait 2 seconds; go \
back; search for shoes; submit; stop. Put several steps on separate lines or join them with \
\"then\", commas or \"and\"; quote values that contain commas.";

/// Why nothing was done for a message without a single step, and what would work.
pub(crate) fn nothing_to_follow(instructions: &Instructions) -> String {
    let said: Vec<String> = instructions
        .ignored
        .iter()
        .map(|clause| format!("\"{}\"", clip(clause.trim(), 60)))
        .collect();
    let headline = if said.is_empty() {
        "There were no instructions to follow, so I did nothing.".to_owned()
    } else {
        format!(
            "I did nothing: I could not understand {} as an instruction.",
            said.join(", ")
        )
    };
    format!("{headline} {VOCABULARY}")
}

/// `the "Sign in" button`, with the field's context when it has one; never the element's id
/// (these words are the person's: notes, questions, reports).
pub(crate) fn describe(el: &Element) -> String {
    let name = if el.name.trim().is_empty() {
        el.placeholder.as_deref().unwrap_or("").trim()
    } else {
        el.name.trim()
    };
    let mut out = crate::wording::element(el);
    if let Some(context) = el
        .context
        .as_deref()
        .map(str::trim)
        .filter(|c| !c.is_empty())
        && context != name
    {
        out.push_str(&format!(" near \"{}\"", clip(context, 40)));
    }
    out
}

/// The element's display name: its name, else placeholder, else what it is ("an unnamed
/// button"); never its id.
pub(crate) fn display_name(el: &Element) -> String {
    let name = el.name.trim();
    if !name.is_empty() {
        return clip(name, 60);
    }
    match el.placeholder.as_deref().map(str::trim) {
        Some(p) if !p.is_empty() => clip(p, 60),
        _ => crate::wording::element(el),
    }
}

/// True when text typed into `el` must not be shown.
pub(crate) fn is_secret(el: &Element) -> bool {
    el.input_type.as_deref() == Some("password")
        || el
            .autocomplete
            .as_deref()
            .is_some_and(|a| a.contains("password") || a.starts_with("cc-") || a == "one-time-code")
}

/// True when a phrase names a field whose content must not be shown.
fn names_secret(target: Option<&Target>) -> bool {
    target.is_some_and(|t| {
        [
            "password",
            "passcode",
            "pin",
            "otp",
            "cvc",
            "cvv",
            "card number",
        ]
        .iter()
        .any(|w| t.full.split(' ').any(|x| x == *w) || t.full.contains(w) && w.contains(' '))
    })
}

/// The step's own words, with secret values masked.
pub(crate) fn source_shown(step: &Step, source: &str) -> String {
    match step {
        Step::Type { target, .. } if names_secret(target.as_ref()) => {
            format!(
                "type \"••••\" into {}",
                target.as_ref().map_or("", |t| t.phrase.as_str())
            )
        }
        Step::Set { target, .. } if names_secret(Some(target)) => {
            format!("set {} to \"••••\"", target.phrase)
        }
        Step::SignIn { user, .. } => format!("sign in as \"{user}\" with the password \"••••\""),
        _ => format!("\"{}\"", clip(source, 80)),
    }
}

/// `"text"` or `"••••"` for secret fields.
pub(crate) fn shown_text(text: &str, el: Option<&Element>) -> String {
    if el.is_some_and(is_secret) {
        "\"••••\"".to_owned()
    } else {
        format!("\"{}\"", clip(text, 60))
    }
}

/// A radio question listing candidate elements (values are eids).
pub(crate) fn choice_question(prompt: String, candidates: &[&Element]) -> Question {
    Question {
        id: CHOICE_QUESTION.to_owned(),
        prompt,
        kind: QuestionKind::Radio,
        options: candidates
            .iter()
            .take(12)
            .map(|el| QuestionOption {
                value: el.eid.to_string(),
                label: describe(el),
            })
            .chain(skip_or_stop())
            .collect(),
    }
}

/// A radio question listing list options (values are option labels).
pub(crate) fn option_question(prompt: String, labels: &[&str]) -> Question {
    Question {
        id: OPTION_QUESTION.to_owned(),
        prompt,
        kind: QuestionKind::Radio,
        options: labels
            .iter()
            .take(20)
            .map(|l| QuestionOption {
                value: (*l).to_owned(),
                label: (*l).to_owned(),
            })
            .chain(skip_or_stop())
            .collect(),
    }
}

/// The two answers every choice offers besides its candidates (their values are the words a
/// text answer would use: see `progress`).
fn skip_or_stop() -> [QuestionOption; 2] {
    [
        QuestionOption {
            value: "skip".to_owned(),
            label: "Skip this step".to_owned(),
        },
        QuestionOption {
            value: "stop".to_owned(),
            label: "Stop".to_owned(),
        },
    ]
}

/// A text question asking for the element's name again.
pub(crate) fn target_question(problem: &str) -> Question {
    Question {
        id: TARGET_QUESTION.to_owned(),
        prompt: format!(
            "{problem} Type the name of the element as shown on the page, \"skip\" to skip \
             this step, or \"stop\"."
        ),
        kind: QuestionKind::Text,
        options: Vec::new(),
    }
}

/// The element's display name, else the step's own words for it.
fn name_for(element: Option<&Element>, fallback: &Target) -> String {
    element.map_or_else(|| fallback.phrase.clone(), display_name)
}

/// Past-tense line for a completed step ("clicked Sign in"). `element` is the one the step's
/// action targeted, as recorded on the page it acted on: eids are only meaningful within one
/// document, so the step is never looked up in a later snapshot.
fn done_line(step: &Step, element: Option<&Element>) -> String {
    match step {
        Step::Open { url } => format!("opened {url}"),
        Step::Reload => "reloaded the page".to_owned(),
        Step::Back => "went back".to_owned(),
        Step::Click { target } => format!("clicked {}", name_for(element, target)),
        Step::OpenItem { shown } => format!("opened {}", name_for(element, shown)),
        Step::Type { text, target } => {
            let field = target.as_ref().map_or_else(
                || element.map_or_else(|| "the field".to_owned(), display_name),
                |t| name_for(element, t),
            );
            let secret = names_secret(target.as_ref()) || element.is_some_and(is_secret);
            if text.is_empty() {
                format!("cleared {field}")
            } else if secret {
                format!("typed \"••••\" into {field}")
            } else {
                format!("typed {} into {field}", shown_text(text, element))
            }
        }
        Step::Set { target, value } => {
            let secret = names_secret(Some(target)) || element.is_some_and(is_secret);
            let shown = if secret {
                "\"••••\"".to_owned()
            } else {
                shown_text(value, element)
            };
            format!("set {} to {shown}", name_for(element, target))
        }
        Step::Select { option, target } => match target {
            Some(t) => format!("selected \"{option}\" in {}", name_for(element, t)),
            None => format!("selected \"{option}\""),
        },
        Step::Check { target, on } => format!(
            "{} {}",
            if *on { "checked" } else { "unchecked" },
            name_for(element, target)
        ),
        Step::CheckPart { target, on, .. } => format!(
            "{} {}",
            if *on { "checked" } else { "unchecked" },
            name_for(element, target)
        ),
        Step::CheckAll { on, except } => {
            let state = if *on { "checked" } else { "unchecked" };
            match except.first() {
                Some(but) => format!("{state} every box but {}", but.phrase),
                None => format!("{state} every box"),
            }
        }
        Step::Suggested { target, value } => match element {
            Some(el) if !el.editable => format!("chose {}", display_name(el)),
            _ => format!("typed \"{value}\" into {}", name_for(element, target)),
        },
        Step::Best { order, thing, .. } => match element {
            Some(el) => format!("pressed {}, the {} {thing}", display_name(el), order.word),
            None => format!("looked for the {} {thing}", order.word),
        },
        Step::Affixed { .. } => match element {
            Some(el) => format!("chose {}", display_name(el)),
            None => "entered a value as described".to_owned(),
        },
        Step::Similar { word, on, .. } => format!(
            "{} the boxes like \"{word}\"",
            if *on { "checked" } else { "unchecked" }
        ),
        Step::Focus { target } => format!("put the cursor in {}", name_for(element, target)),
        Step::Reveal { target } => format!("looked for {}", target.phrase),
        Step::Expand => format!(
            "expanded {}",
            element.map_or("the section".to_owned(), display_name)
        ),
        Step::Prose { text } => format!("filled the form for \"{text}\""),
        Step::PressKey { key } => format!("pressed {key}"),
        Step::Scroll(goal) => match goal {
            ScrollGoal::By(d) => format!("scrolled {}", d.as_str()),
            ScrollGoal::Top => "scrolled to the top".to_owned(),
            ScrollGoal::Bottom => "scrolled to the bottom".to_owned(),
            ScrollGoal::To(t) => format!("scrolled to {}", name_for(element, t)),
            ScrollGoal::Inside { within, bottom } => format!(
                "scrolled \"{within}\" to its {}",
                if *bottom { "end" } else { "top" }
            ),
        },
        Step::Wait(WaitFor::Text { text }) => format!("waited for \"{text}\""),
        Step::Wait(WaitFor::Millis { ms }) => format!("waited {ms} ms"),
        Step::Wait(WaitFor::Navigation) => "waited for the page to load".to_owned(),
        Step::Search { query } => format!("searched for \"{query}\""),
        Step::Submit => "submitted the form".to_owned(),
        Step::Act { object, .. } => match element {
            Some(el) => format!("clicked {} for {}", display_name(el), object.phrase),
            None => format!("acted on {}", object.phrase),
        },
        Step::Every { verbs, items, .. } => format!(
            "clicked \"{}\" on the items showing {}",
            verbs.first().map_or("", String::as_str),
            items.phrase
        ),
        Step::SignIn { user, .. } => format!("filled in the sign-in form for \"{user}\""),
        Step::Path { levels } => format!(
            "chose \"{}\"",
            levels
                .iter()
                .map(|level| level.phrase.as_str())
                .collect::<Vec<_>>()
                .join(" > ")
        ),
        Step::Fields { text } => format!("filled in the fields for \"{}\"", clip(text, 80)),
        Step::Record { object, values } => {
            super::keeping::done_line(object.as_ref(), values, element)
        }
        Step::Answer { option, .. } => match element {
            Some(el) => format!("answered \"{option}\" ({})", display_name(el)),
            None => format!("answered \"{option}\""),
        },
        Step::Stop => "stopped".to_owned(),
    }
}

/// The final report: what was done, what was skipped, what was not understood, where we are.
pub(crate) fn final_report(
    headline: &str,
    instructions: &Instructions,
    progress: &Progress,
    snapshot: Option<&Snapshot>,
) -> String {
    let mut done = Vec::new();
    let mut skipped = Vec::new();
    for ((step, source), state) in instructions.steps.iter().zip(&progress.states) {
        match &state.status {
            Status::Done { element } => done.push(done_line(step, element.as_deref())),
            Status::DoneByUser => done.push(format!("you did {}", source_shown(step, source))),
            Status::Skipped => {
                skipped.push(format!("{} (nothing to do)", source_shown(step, source)));
            }
            Status::SkippedByUser => {
                skipped.push(format!("{} (as you asked)", source_shown(step, source)));
            }
            Status::Pending => {}
        }
    }
    let mut out = headline.to_owned();
    if !done.is_empty() {
        out.push_str(&format!(" Done: {}.", done.join(", ")));
    }
    if !skipped.is_empty() {
        out.push_str(&format!(" Skipped: {}.", skipped.join(", ")));
    }
    if !instructions.ignored.is_empty() {
        let ignored: Vec<String> = instructions
            .ignored
            .iter()
            .map(|c| format!("\"{}\"", clip(c, 60)))
            .collect();
        out.push_str(&format!(" Not understood: {}.", ignored.join(", ")));
    }
    if let Some(s) = snapshot {
        let title = if s.title.trim().is_empty() {
            "(untitled)"
        } else {
            s.title.trim()
        };
        out.push_str(&format!(" Now on \"{}\" ({}).", clip(title, 80), s.url));
    }
    out.trim().to_owned()
}
