//! Replies written where a page has no Reply control (issue #30): "reply to Tomasz's thread:
//! Same here". The thread is named by its author ("NAME's thread": the title above NAME's
//! byline, `byline`); once it is open, its reply box is the field whose name, placeholder or
//! context says the verb ("Write your reply here…", under "Quick Reply"). The message is typed
//! there and the box's form is sent (its submit control, else the control named Post, Send,
//! Submit or the verb, nearest to the box): the person asked for the reply, so it is posted,
//! and policy asks before it goes.
//!
//! In: the `Act` step's verbs, thing and message, the snapshot and the step's state. Out: the
//! next decision, or `None` when the page offers no such box (the caller goes on as before).

use tandem_mcp_browser::snapshot::{Element, Snapshot};

use super::byline::title_above;
use super::decision::{Decision, act, click};
use super::matching::normalize;
use super::progress::StepState;
use super::report::describe;
use super::step::{Target, is_editable};
use crate::action::Action;

/// Names of the controls that send a reply box's text.
const SENDING: &[&str] = &["post", "send", "submit", "publish"];

/// The title of the item "NAME's thread" names by its author's byline, if the page lists it.
pub(super) fn owners_item<'s>(object: &Target, snap: &'s Snapshot) -> Option<&'s Element> {
    let phrase = object.phrase.trim();
    let (owner, noun) = ["'s ", "’s "]
        .iter()
        .find_map(|mark| phrase.rsplit_once(mark))?;
    let noun = normalize(noun);
    let item = noun.split(' ').count() == 1 && super::items::is_item_noun(&noun);
    item.then(|| super::step::target(owner))
        .flatten()
        .and_then(|owner| title_above(&owner, snap))
}

/// The next decision for a message to write in the page's reply box (see the module docs).
pub(super) fn decide(
    verbs: &[String],
    message: &str,
    snap: &Snapshot,
    state: &StepState,
) -> Option<Decision> {
    let typed = state.acted.iter().rev().find(|el| is_editable(el));
    if let Some(field) = typed {
        if let Some(sent) = state
            .acted
            .iter()
            .find(|el| !is_editable(el) && sends(el, field, verbs))
        {
            return Some(Decision::Skip {
                note: format!("sent it with {}", sent.name),
            });
        }
        let field = snap
            .elements
            .iter()
            .find(|el| el.eid == field.eid && el.name == field.name)?;
        return sender(field, verbs, snap).map(click);
    }
    let verb_words: Vec<String> = verbs.iter().map(|v| normalize(v)).collect();
    let says_verb = |text: &str| {
        let text = normalize(text);
        text.split(' ').any(|w| verb_words.iter().any(|v| v == w))
    };
    let boxes: Vec<&Element> = snap
        .elements
        .iter()
        .filter(|el| is_editable(el) && !el.disabled && el.tag != "input")
        .filter(|el| {
            says_verb(&el.name)
                || el.placeholder.as_deref().is_some_and(says_verb)
                || el.context.as_deref().is_some_and(says_verb)
        })
        .collect();
    let [field] = boxes.as_slice() else {
        return None;
    };
    Some(act(
        Action::Type {
            eid: field.eid.clone(),
            text: message.to_owned(),
            clear: true,
            submit: false,
        },
        format!("type \"{message}\" into {}", describe(field)),
    ))
}

/// Whether `el` sends the box `field` belongs to.
fn sends(el: &Element, field: &Element, verbs: &[String]) -> bool {
    let name = normalize(&el.name);
    let own_submit = field
        .form_submit
        .as_deref()
        .is_some_and(|submit| normalize(submit) == name);
    let first = name.split(' ').next().unwrap_or("");
    own_submit
        || (name.split(' ').count() <= 3
            && (SENDING.contains(&first) || verbs.iter().any(|v| normalize(v) == first)))
}

/// The control nearest to `field` that sends it.
fn sender<'s>(field: &Element, verbs: &[String], snap: &'s Snapshot) -> Option<&'s Element> {
    let (fx, fy) = (field.rect.x, field.rect.y + field.rect.h);
    snap.elements
        .iter()
        .filter(|el| !el.disabled && !is_editable(el))
        .filter(|el| el.frame == field.frame && sends(el, field, verbs))
        .min_by_key(|el| ((el.rect.x - fx).abs() + (el.rect.y - fy).abs()) as u64)
}
