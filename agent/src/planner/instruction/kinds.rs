//! Values known by their kind, not a label word: "Pay 45.50 to Northside Energy from my
//! everyday account, reference ACC-2231-77".
//!
//! In: a sentence that [`super::fields`] could not place by label words alone, and the page.
//! Out ([`read`]): each value with its field, the words no field takes, and whether the
//! sentence's verb asks for the form to be sent ("pay", "send", "transfer", "search", "book").
//!
//! The sentence is cut into parts at piece ends (",", ";", ...) and at relation words ("to",
//! "from", "out of", "with"); the first word, a sending verb, is dropped. Each part picks a field:
//! 1. its first words name a field's label (a word, or its first letters: "ref" / "Reference");
//! 2. its words are all words of one option of exactly one list ("my everyday account" →
//!    "Everyday Account ····4821");
//! 3. an amount of money ("45.50", "£95") goes to the one field labelled amount, price, sum or
//!    total; an email to the one email field, a phone number to the one phone field;
//! 4. a part after "from" / "out of" or "to" goes to the one field whose label says that word
//!    or a usual synonym (origin, departure / destination, arrival, payee).
//!
//! A part no field takes is quoted back, never dropped; two lists holding the value tie (the
//! caller then stops before anything is sent).

use tandem_mcp_browser::snapshot::{Element, Snapshot};

use super::decision::{Decision, act};
use super::field_words::{Field, Word, fields, options_where, value_for, words};
use super::matching::normalize;
use super::progress::StepState;
use super::report::describe;
use super::resolve::is_button;
use super::step::{is_editable, is_select};
use crate::action::Action;

/// Verbs that ask for the filled form to be sent.
const SENDING: &[&str] = &["pay", "send", "transfer", "search", "book", "submit"];
/// Words that cut the sentence into parts, and the label words each stands for.
const RELATIONS: &[(&str, &[&str])] = &[
    (
        "from",
        &["from", "origin", "departure", "departing", "source"],
    ),
    ("out of", &["from", "origin", "departure", "source"]),
    (
        "to",
        &[
            "to",
            "destination",
            "arrival",
            "arriving",
            "payee",
            "recipient",
            "paying",
        ],
    ),
    ("with", &[]),
];
/// Words that stand before a value and are not part of it.
const FILLERS: &[&str] = &["", "the", "a", "an", "my", "our", "your", "please"];
/// Words that may stand before the sentence's verb.
const LEAD_INS: &[&str] = &[
    "please", "pls", "now", "then", "so", "ok", "and", "also", "just",
];

/// The sentence from its first word that is not a lead-in ("please pay …" → "pay …").
fn strip_lead_ins(text: &str) -> &str {
    let lead = words(text)
        .into_iter()
        .find(|w| !LEAD_INS.contains(&w.norm.as_str()));
    lead.map_or("", |w| &text[w.start..])
}
/// Label words of the field that takes an amount of money.
const AMOUNT: &[&str] = &["amount", "price", "sum", "total"];

/// How a sentence reads on a page, by its values' kinds.
#[derive(Debug, Default)]
pub(super) struct Reading<'s> {
    /// Each field with its value, in the sentence's order.
    pub values: Vec<(&'s Element, String)>,
    /// Parts no field takes.
    pub unplaced: Vec<String>,
    /// The sentence's verb asks for the form to be sent.
    pub sends: bool,
}

/// Whether a clause reads as values by kind: it starts with a sending verb and holds an amount
/// of money and a relation word (the gate of [`super::fields::instead`]).
pub(super) fn reads(clause: &str) -> bool {
    let body = strip_lead_ins(clause);
    let words = words(body);
    let Some(first) = words.first() else {
        return false;
    };
    SENDING.contains(&first.norm.as_str())
        && words.iter().any(|w| money(body, w).is_some())
        && (0..words.len()).any(|at| relation(&words, at).is_some())
}

/// The sending verb the sentence starts with.
pub(super) fn sending_verb(text: &str) -> Option<String> {
    let body = strip_lead_ins(text);
    words(body)
        .first()
        .map(|w| w.norm.clone())
        .filter(|w| SENDING.contains(&w.as_str()))
}

/// The relation word `at` starts (its index in [`RELATIONS`]) and how many words it takes.
fn relation(all: &[Word], at: usize) -> Option<(usize, usize)> {
    let word = &all[at].norm;
    if word == "out" && all.get(at + 1).is_some_and(|w| w.norm == "of") {
        return Some((1, 2));
    }
    RELATIONS
        .iter()
        .position(|(r, _)| r == word)
        .map(|n| (n, 1))
}

/// An amount of money: "45.50", "£95", "120 pounds" → the number.
fn money(text: &str, word: &Word) -> Option<String> {
    let raw = &text[word.start..word.end];
    let digits = raw.trim_start_matches(['£', '$', '€']);
    let number = !digits.is_empty()
        && digits
            .chars()
            .all(|c| c.is_ascii_digit() || c == '.' || c == ',')
        && digits.starts_with(|c: char| c.is_ascii_digit());
    let cents = digits
        .rsplit_once('.')
        .is_some_and(|(_, after)| after.len() == 2);
    (number && (digits.len() < raw.len() || cents)).then(|| digits.replace(',', ""))
}

/// Whether `said` names label word `label`: the same word, a longer or shorter form of four
/// letters or more, or its first three letters or more when the part goes on ("ref X").
fn names(said: &str, label: &str, abbreviation: bool) -> bool {
    said == label
        || (said.len().min(label.len()) >= 4
            && (said.starts_with(label) || label.starts_with(said)))
        || (abbreviation && said.len() >= 3 && label.starts_with(said))
}

fn label_words<'f>(field: &'f Field<'_>) -> impl Iterator<Item = &'f str> {
    field.labels.iter().flatten().map(String::as_str)
}

/// The fields a sentence's values go to, by their kind (see the module docs).
pub(super) fn read<'s>(text: &str, snap: &'s Snapshot) -> Reading<'s> {
    let body = strip_lead_ins(text);
    let words = words(body);
    let fields = fields(snap);
    let mut reading = Reading::default();
    // The parts: (relation, first word, end).
    let mut parts: Vec<(Option<usize>, usize, usize)> = Vec::new();
    let mut start = 0;
    let mut rel = None;
    if words
        .first()
        .is_some_and(|w| SENDING.contains(&w.norm.as_str()))
    {
        reading.sends = true;
        start = 1;
    }
    let mut at = start;
    while at < words.len() {
        if let Some((n, len)) = relation(&words, at) {
            parts.push((rel, start, at));
            rel = Some(n);
            at += len;
            start = at;
            continue;
        }
        if words[at].ends_piece {
            parts.push((rel, start, at + 1));
            rel = None;
            start = at + 1;
        }
        at += 1;
    }
    parts.push((rel, start, words.len()));
    let mut taken: Vec<&Element> = Vec::new();
    for (rel, mut first, end) in parts {
        while first < end && FILLERS.contains(&words[first].norm.as_str()) {
            first += 1;
        }
        if first >= end {
            continue;
        }
        let part = &words[first..end];
        let said = body[part[0].start..part[part.len() - 1].end].trim();
        // A piece that is only the sending verb ("…, search please").
        if part
            .iter()
            .all(|w| SENDING.contains(&w.norm.as_str()) || FILLERS.contains(&w.norm.as_str()))
        {
            reading.sends = true;
            continue;
        }
        let free: Vec<&Field<'s>> = fields
            .iter()
            .filter(|f| !taken.iter().any(|t| t.eid == f.el.eid))
            .collect();
        match place(body, part, rel, &free) {
            Some((el, value)) => {
                taken.push(el);
                reading.values.push((el, value));
            }
            None => reading.unplaced.push(said.to_owned()),
        }
    }
    reading
}

/// The one field a part's value goes to (see the module docs), with the value.
fn place<'s>(
    body: &str,
    part: &[Word],
    rel: Option<usize>,
    free: &[&Field<'s>],
) -> Option<(&'s Element, String)> {
    // 1. A label's words first ("reference ACC-1", "ref CT0425").
    if part.len() >= 2 {
        let named: Vec<&&Field<'s>> = free
            .iter()
            .filter(|f| label_words(f).any(|l| names(&part[0].norm, l, true)))
            .collect();
        if let [field] = named.as_slice()
            && let Some(value) = value_for(field.el, body, &part[1..])
        {
            return Some((field.el, value));
        }
    }
    let said = &body[part[0].start..part[part.len() - 1].end];
    // 2. An option of exactly one list.
    let lists: Vec<(&'s Element, String)> = free
        .iter()
        .filter_map(|f| option_holding(f.el, part).map(|o| (f.el, o)))
        .collect();
    if let [one] = lists.as_slice() {
        return Some(one.clone());
    }
    if lists.len() > 1 {
        return None;
    }
    let one = |fits: &dyn Fn(&Field<'s>) -> bool| -> Option<&'s Element> {
        let found: Vec<&&Field<'s>> = free.iter().filter(|f| fits(f)).collect();
        match found.as_slice() {
            [one] => Some(one.el),
            _ => None,
        }
    };
    let text_field = |f: &Field<'_>| f.el.options.is_empty();
    // 3. Kinds: money, email, phone.
    if let [word] = part
        && let Some(amount) = money(body, word)
    {
        return one(&|f| text_field(f) && label_words(f).any(|l| AMOUNT.contains(&l)))
            .map(|el| (el, amount));
    }
    for kind in ["email", "tel"] {
        if let Some(el) = one(&|f| f.el.input_type.as_deref() == Some(kind))
            && let Some(value) = value_for(el, body, part)
            && value.contains(['@', '0', '1', '2', '3', '4', '5', '6', '7', '8', '9'])
        {
            return Some((el, value));
        }
    }
    // 4. The relation word's label words.
    let (_, stands_for) = RELATIONS.get(rel?)?;
    let el = one(&|f| text_field(f) && label_words(f).any(|l| stands_for.contains(&l)))?;
    value_for(el, body, part)
        .filter(|_| !said.is_empty())
        .map(|value| (el, value))
}

/// The one option of `list` that holds every word of the part ("everyday account").
fn option_holding(list: &Element, part: &[Word]) -> Option<String> {
    let said: Vec<&str> = part
        .iter()
        .flat_map(|w| w.norm.split(' '))
        .filter(|w| !FILLERS.contains(w))
        .collect();
    if said.is_empty() {
        return None;
    }
    let found = options_where(list, |words| {
        said.iter()
            .all(|s| words.split(' ').any(|w| names(s, w, false)))
    });
    match found.as_slice() {
        [one] => Some((*one).to_owned()),
        _ => None,
    }
}

/// A control of the page (a button, or what acts as one).
fn is_control(el: &Element) -> bool {
    !el.disabled && (is_button(el) || el.role == "clickable")
}

fn click(el: &Element, what: &str) -> Decision {
    act(
        Action::Click {
            eid: el.eid.clone(),
        },
        format!("{what} {}", describe(el)),
    )
}

/// Whether a control's name holds a word that starts with `verb` ("Pay now", "Confirm
/// payment" for "pay").
fn named_by(el: &Element, verb: &str) -> bool {
    normalize(&el.name).split(' ').any(|w| w.starts_with(verb))
}

/// The values are in: the control that sends the form — the submit control of a filled field's
/// form, else the one control named by the sentence's verb. `None`: nothing sends it (the step
/// is done).
pub(super) fn send(verb: &str, values: &[(&Element, String)], snap: &Snapshot) -> Option<Decision> {
    let controls = || snap.elements.iter().filter(|el| is_control(el));
    let one = |found: Vec<&Element>| match found.as_slice() {
        [one] => Some(click(one, "send the form with")),
        _ => None,
    };
    let label = values.iter().find_map(|(el, _)| el.form_submit.as_deref());
    label
        .and_then(|label| {
            one(controls()
                .filter(|el| el.name.trim() == label.trim())
                .collect())
        })
        .or_else(|| one(controls().filter(|el| named_by(el, verb)).collect()))
}

/// Whether the step already sent the form: its last action was on a control, after a field.
pub(super) fn sent(state: &StepState) -> bool {
    let field = |el: &Element| is_editable(el) || is_select(el);
    state.acted.last().is_some_and(|el| !field(el)) && state.acted.iter().any(field)
}

/// After the form was sent: the page's one control that confirms it ("Confirm payment", or one
/// named by the verb) not pressed yet, else the step is done.
pub(super) fn confirm(verb: &str, snap: &Snapshot, state: &StepState) -> Decision {
    let pressed = |el: &Element| {
        state
            .acted
            .iter()
            .any(|done| done.eid == el.eid && done.name == el.name)
    };
    let confirming: Vec<&Element> = snap
        .elements
        .iter()
        .filter(|el| is_control(el) && !pressed(el))
        .filter(|el| named_by(el, verb) || normalize(&el.name).starts_with("confirm"))
        .collect();
    match confirming.as_slice() {
        [one] => click(one, "confirm with"),
        _ => Decision::Skip {
            note: "the form is filled and sent".to_owned(),
        },
    }
}
