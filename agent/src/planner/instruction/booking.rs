//! A booking in people's words, carried out on the page (a sweep of [`Step::Fields`]): the
//! party size, the day, the time, then the name, phone, email and note fields, then the one
//! control that books.
//!
//! In: the message (read by [`booking_words`]) and each new snapshot. Out: the next decision.
//! - Party size: a list whose label or options speak of people (party, guests, people, diners,
//!   covers): a native list's option with that number, else the list the page draws (its
//!   button opened, then its option clicked); a number field takes the number.
//! - Day: a button, tab or option that names it ("Tomorrow", "Sat 14 Jun" for Saturday or for
//!   14 June), a list's option that does, or a date field (a date with its year).
//! - Time: the slot whose name reads as that time ("19:30", "7:30 PM"); "half past six" takes
//!   the one of 06:30 / 18:30 the page offers. A slot shown disabled is not available: the run
//!   stops there, quoting the words.
//! - Name, phone, email: the field with that label word or input type; the note goes to the one
//!   multi-line field.
//! - The control whose name says book or reserve sends it (the policy asks the person first).
//!
//! Any words placed nowhere, and any part the page has no place for, stop the run before the
//! booking is sent, quoting the words.
//!
//! [`Step::Fields`]: super::step::Step::Fields

use tandem_mcp_browser::snapshot::{Element, Snapshot};

use super::booking_words::{self, Day, Request, weekday};
use super::decision::{Decision, act};
use super::field_words::{Field, fields};
use super::fields::Next;
use super::matching::normalize;
use super::progress::StepState;
use super::report::describe;
use super::resolve::is_button;
use super::step::{is_editable, is_select};
use super::value_format::month_number;
use super::value_format::{Time, clock};
use crate::action::Action;

/// Label words of a party-size list.
const PARTY: &[&str] = &[
    "party", "guests", "guest", "people", "persons", "diners", "covers", "size", "adults",
];
/// Words of a control that books.
const BOOKS: &[&str] = &["book", "reserve", "reservation"];

/// Whether a message is a booking (the gate; see [`booking_words::reads`]).
pub(super) fn reads(message: &str) -> bool {
    booking_words::reads(message)
}

/// What the page still needs for the part: a decision, or nothing (the part is as asked).
type Part<'s> = Result<Option<Next<'s>>, Decision>;

/// The sweep's next decision (see the module docs).
pub(super) fn decide<'s>(
    text: &str,
    snap: &'s Snapshot,
    state: &StepState,
) -> Result<Next<'s>, Decision> {
    let request = booking_words::read(text);
    if !request.unplaced.is_empty() {
        return Err(not_placed(
            text,
            &request.unplaced,
            "they are not part of a booking I can read",
        ));
    }
    if let Some(sent) = state.acted.last().filter(|el| books(el)) {
        // The booking control was pressed. Still there, with an alert: the page says why the
        // booking did not go.
        let still = snap
            .elements
            .iter()
            .any(|el| el.name == sent.name && !el.disabled);
        let alert = snap
            .texts
            .iter()
            .find(|t| still && t.kind == "alert" && !t.text.trim().is_empty());
        return match alert {
            Some(alert) => Err(Decision::Stop {
                reason: Some(format!(
                    "Stopped: after {} the page says \"{}\".",
                    describe(sent),
                    alert.text.trim()
                )),
            }),
            None => Ok(Next::Decided(Decision::Skip {
                note: "booked".to_owned(),
            })),
        };
    }
    let parts: [&dyn Fn() -> Part<'s>; 4] = [
        &|| party(&request, snap, state),
        &|| day(&request, snap, state),
        &|| time(&request, snap, state),
        &|| details(&request, snap, state),
    ];
    for part in parts {
        if let Some(next) = part()? {
            return Ok(next);
        }
    }
    let controls: Vec<&Element> = snap
        .elements
        .iter()
        .filter(|el| !el.disabled && (is_button(el) || el.role == "clickable") && books(el))
        .collect();
    match controls.as_slice() {
        [one] => Ok(Next::Decided(click(one, "book with"))),
        _ => Err(Decision::Stop {
            reason: Some(format!(
                "Stopped: I filled in the booking but found no one control that books it \
                 ({} found), so I did not guess.",
                controls.len()
            )),
        }),
    }
}

fn not_placed(text: &str, words: &[String], why: &str) -> Decision {
    let quoted: Vec<String> = words.iter().map(|w| format!("\"{w}\"")).collect();
    Decision::Stop {
        reason: Some(format!(
            "Stopped: I could not place {} in \"{text}\": {why}, so I did not act on a guess.",
            quoted.join(" and ")
        )),
    }
}

fn click(el: &Element, what: &str) -> Decision {
    act(
        Action::Click {
            eid: el.eid.clone(),
        },
        format!("{what} {}", describe(el)),
    )
}

/// A control (not a field) whose name says book or reserve ("Book now", "Confirm booking").
fn books(el: &Element) -> bool {
    !is_editable(el)
        && !is_select(el)
        && normalize(&el.name)
            .split(' ')
            .any(|w| BOOKS.iter().any(|b| w.starts_with(b)))
}

/// The numbers a text shows, in order.
fn numbers(text: &str) -> Vec<u32> {
    normalize(text)
        .split(' ')
        .filter_map(|w| w.parse().ok())
        .collect()
}

fn speaks_of_people(text: &str) -> bool {
    normalize(text).split(' ').any(|w| PARTY.contains(&w))
}

/// A control that can be chosen: a button, option, tab, radio or clickable.
fn choosable(el: &Element) -> bool {
    is_button(el)
        || matches!(
            el.role.as_str(),
            "option" | "tab" | "radio" | "clickable" | "gridcell" | "link"
        )
}

fn party<'s>(request: &Request, snap: &'s Snapshot, state: &StepState) -> Part<'s> {
    let Some(said) = &request.party else {
        return Ok(None);
    };
    let n = said.value;
    let missing = |why: &str| {
        Err(not_placed(
            &said.words,
            std::slice::from_ref(&said.words),
            why,
        ))
    };
    let lists: Vec<&Element> = snap
        .elements
        .iter()
        .filter(|el| !el.disabled && el.role != "option" && speaks_of_people(&el.name))
        .filter(|el| is_select(el) || el.expanded.is_some() || is_editable(el))
        .collect();
    let Some(first) = lists.first() else {
        return missing("the page has no party size");
    };
    // A list (native, or the one the page opened) with the size as an option.
    if let Some(list) = lists.iter().find(|el| !el.options.is_empty()) {
        let option = list
            .options
            .iter()
            .find(|o| !o.disabled && numbers(&o.label).first() == Some(&n));
        return match option {
            Some(o) if o.selected || state.acted_on(list) => Ok(None),
            Some(o) => Ok(Some(Next::Set(list, o.label.clone()))),
            None => missing("the list has no such size"),
        };
    }
    if is_editable(first) {
        let holds = first.value.as_deref().map(str::trim) == Some(n.to_string().as_str())
            || state.acted_on(first);
        return Ok((!holds).then(|| Next::Set(first, n.to_string())));
    }
    // A list the page draws: its button shows the size chosen, or this step chose it.
    let shown = numbers(first.value.as_deref().unwrap_or(&first.name));
    let chose = state
        .acted
        .iter()
        .any(|el| el.role == "option" && numbers(&el.name).first() == Some(&n));
    if shown.last() == Some(&n) || chose {
        return Ok(None);
    }
    let option = snap
        .elements
        .iter()
        .find(|el| el.role == "option" && !el.disabled && numbers(&el.name).first() == Some(&n));
    match option {
        Some(option) => Ok(Some(Next::Decided(click(option, "choose")))),
        None if first.expanded != Some(true) && !state.acted_on(first) => {
            Ok(Some(Next::Decided(click(first, "open"))))
        }
        None => missing("the list has no such size"),
    }
}

/// Whether a name names the day.
fn names_day(name: &str, d: &Day) -> bool {
    let words: Vec<String> = name
        .to_lowercase()
        .split(|c: char| !c.is_alphanumeric())
        .filter(|w| !w.is_empty())
        .map(str::to_owned)
        .collect();
    match d {
        Day::From(0) => words.iter().any(|w| w == "today" || w == "tonight"),
        Day::From(_) => words.iter().any(|w| w == "tomorrow"),
        Day::Weekday(n) => words.iter().any(|w| weekday(w) == Some(*n)),
        Day::Date(day, m, _) => {
            words
                .iter()
                .any(|w| w.trim_end_matches(|c: char| c.is_alphabetic()) == day.to_string())
                && words.iter().any(|w| month_number(w) == Some(*m))
        }
    }
}

fn day<'s>(request: &Request, snap: &'s Snapshot, state: &StepState) -> Part<'s> {
    let Some(said) = &request.day else {
        return Ok(None);
    };
    // A date field takes a date with its year.
    let date_field = snap
        .elements
        .iter()
        .find(|el| !el.disabled && el.input_type.as_deref() == Some("date"));
    if let (Some(field), Day::Date(d, m, Some(y))) = (date_field, &said.value) {
        let iso = format!("{y:04}-{m:02}-{d:02}");
        let holds = field.value.as_deref() == Some(iso.as_str()) || state.acted_on(field);
        return Ok((!holds).then_some(Next::Set(field, iso)));
    }
    // A list with an option that names the day.
    for list in snap
        .elements
        .iter()
        .filter(|el| !el.disabled && !el.options.is_empty())
    {
        if let Some(o) = list
            .options
            .iter()
            .find(|o| !o.disabled && names_day(&o.label, &said.value))
        {
            return Ok(
                (!o.selected && !state.acted_on(list)).then(|| Next::Set(list, o.label.clone()))
            );
        }
    }
    let found: Vec<&Element> = snap
        .elements
        .iter()
        .filter(|el| choosable(el) && names_day(&el.name, &said.value) && !books(el))
        .collect();
    slot(&found, "day", &said.words, state)
}

/// The one slot (day or time) of those `found` that is not disabled: chosen already, or to
/// click. Only disabled ones: that `what` is taken; none or several: not placed.
fn slot<'s>(found: &[&'s Element], what: &str, said: &str, state: &StepState) -> Part<'s> {
    let open: Vec<&&Element> = found.iter().filter(|el| !el.disabled).collect();
    let why = match open.as_slice() {
        [one] if one.checked == Some(true) || one.selected == Some(true) || state.acted_on(one) => {
            return Ok(None);
        }
        [one] => {
            return Ok(Some(Next::Decided(click(
                one,
                &format!("choose the {what}"),
            ))));
        }
        [] if !found.is_empty() => format!("the page shows that {what} as not available"),
        _ => format!("the page shows no one {what} that is it"),
    };
    Err(not_placed(said, &[said.to_owned()], &why))
}

/// The time an element's name reads as.
fn slot_time(name: &str) -> Option<Time> {
    let words: Vec<String> = name
        .to_lowercase()
        .split_whitespace()
        .map(str::to_owned)
        .collect();
    match words.as_slice() {
        [_] | [_, _] => clock(&words, 0)
            .filter(|(_, next)| *next == words.len())
            .map(|(t, _)| t),
        _ => None,
    }
}

fn time<'s>(request: &Request, snap: &'s Snapshot, state: &StepState) -> Part<'s> {
    let Some(said) = &request.time else {
        return Ok(None);
    };
    let t = said.value;
    let is = |name: &str| {
        slot_time(name)
            .is_some_and(|slot| t.is(slot.minutes) || (slot.either_half && slot.is(t.minutes)))
    };
    for list in snap
        .elements
        .iter()
        .filter(|el| !el.disabled && !el.options.is_empty())
    {
        let options: Vec<_> = list
            .options
            .iter()
            .filter(|o| !o.disabled && is(&o.label))
            .collect();
        if let [o] = options.as_slice() {
            return Ok(
                (!o.selected && !state.acted_on(list)).then(|| Next::Set(list, o.label.clone()))
            );
        }
    }
    if let Some(field) = snap
        .elements
        .iter()
        .find(|el| !el.disabled && el.input_type.as_deref() == Some("time"))
        && !t.either_half
    {
        let hhmm = format!("{:02}:{:02}", t.minutes / 60, t.minutes % 60);
        let holds = field.value.as_deref() == Some(hhmm.as_str()) || state.acted_on(field);
        return Ok((!holds).then_some(Next::Set(field, hhmm)));
    }
    let found: Vec<&Element> = snap
        .elements
        .iter()
        .filter(|el| choosable(el) && is(&el.name))
        .collect();
    slot(&found, "time", &said.words, state)
}

/// The one field of the page that `fits`.
fn one_field<'f, 's>(
    fields: &'f [Field<'s>],
    fits: impl Fn(&Field<'s>) -> bool,
) -> Option<&'s Element> {
    let found: Vec<&Field<'s>> = fields.iter().filter(|f| fits(f)).collect();
    match found.as_slice() {
        [one] => Some(one.el),
        _ => None,
    }
}

fn labelled(field: &Field<'_>, words: &[&str]) -> bool {
    field
        .labels
        .iter()
        .flatten()
        .any(|w| words.contains(&w.as_str()))
}

fn details<'s>(request: &Request, snap: &'s Snapshot, state: &StepState) -> Part<'s> {
    let fields = fields(snap);
    let text = |f: &Field<'_>| is_editable(f.el) && !is_select(f.el);
    let wanted: [(&Option<String>, &str, Option<&'s Element>); 4] = [
        (
            &request.name,
            "the name",
            one_field(&fields, |f| {
                text(f)
                    && f.el.input_type.as_deref() != Some("email")
                    && labelled(f, &["name"])
                    && !labelled(f, &["user", "username", "card", "first", "last", "surname"])
            }),
        ),
        (
            &request.phone,
            "the phone number",
            one_field(&fields, |f| f.el.input_type.as_deref() == Some("tel")).or_else(|| {
                one_field(&fields, |f| {
                    text(f) && labelled(f, &["phone", "mobile", "telephone", "tel"])
                })
            }),
        ),
        (
            &request.email,
            "the email",
            one_field(&fields, |f| f.el.input_type.as_deref() == Some("email"))
                .or_else(|| one_field(&fields, |f| text(f) && labelled(f, &["email"]))),
        ),
        (
            &request.note,
            "the note",
            one_field(&fields, |f| f.el.tag == "textarea"),
        ),
    ];
    for (value, what, field) in wanted {
        let Some(value) = value else {
            continue;
        };
        let Some(field) = field else {
            return Err(not_placed(
                value,
                std::slice::from_ref(value),
                &format!("the page has no one field for {what}"),
            ));
        };
        if !state.acted_on(field) && field.value.as_deref() != Some(value.as_str()) {
            return Ok(Some(Next::Set(field, value.clone())));
        }
    }
    Ok(None)
}
