//! Candidates the person could not tell apart either.
//!
//! In: a [`Resolution`], the step's [`Intent`] and the snapshot. Out: the same resolution,
//! except that a tie between elements that are the same in everything the page shows of them
//! (kind, name with its case, value, link target, form, context, frame, state, and the nearest
//! text above them: "Panel one" and "Panel two" tell two OK buttons apart) becomes the first of
//! them in page order. Asking "which one?" there offers the person options with identical labels, which no
//! one can answer better than by taking the first. Only for clicks on plain controls: never for
//! fields, checkboxes or radios (each holds its own state), and never for controls that submit,
//! send, delete or leave ([`super::risky::risky`]) — those still ask.

use tandem_mcp_browser::snapshot::{Element, Snapshot};

use super::report::describe;
use super::resolve::{Intent, Resolution};
use super::risky::risky;
use super::step::{is_checkable, is_editable};

/// `resolution`, with a tie between identical plain controls settled on the first.
pub(crate) fn settle<'s>(
    resolution: Resolution<'s>,
    intent: Intent,
    snap: &Snapshot,
) -> Resolution<'s> {
    match resolution {
        Resolution::Ambiguous(candidates)
            if intent == Intent::Click && interchangeable(&candidates, snap) =>
        {
            Resolution::Found(candidates[0])
        }
        other => other,
    }
}

fn interchangeable(candidates: &[&Element], snap: &Snapshot) -> bool {
    let Some((first, rest)) = candidates.split_first() else {
        return false;
    };
    let above = text_above(first, snap);
    plain(first)
        && rest
            .iter()
            .all(|el| plain(el) && alike(first, el) && text_above(el, snap) == above)
}

/// The text block nearest above `el` (what a person reads before reaching it).
fn text_above<'s>(el: &Element, snap: &'s Snapshot) -> Option<&'s str> {
    snap.texts
        .iter()
        .filter(|t| t.y <= el.rect.y + 1.0)
        .max_by(|a, b| a.y.total_cmp(&b.y))
        .map(|t| t.text.trim())
}

/// A control whose click has no state of its own to tell apart and no risky effect.
fn plain(el: &Element) -> bool {
    !el.disabled
        && !is_editable(el)
        && !is_checkable(el)
        && !risky(el)
        && !el.name.trim().is_empty()
}

fn alike(a: &Element, b: &Element) -> bool {
    a.role == b.role
        && a.tag == b.tag
        && a.name.trim() == b.name.trim()
        && a.input_type == b.input_type
        && a.value == b.value
        && a.href == b.href
        && a.form_submit == b.form_submit
        && a.frame == b.frame
        && a.expanded == b.expanded
        && a.selected == b.selected
        && describe(a) == describe(b)
}

#[cfg(test)]
mod tests {
    use super::*;
    use tandem_mcp_browser::snapshot::{Eid, Rect, TextBlock};

    fn page(texts: &[(&str, f64)]) -> Snapshot {
        Snapshot {
            texts: texts
                .iter()
                .map(|(text, y)| TextBlock {
                    text: (*text).to_owned(),
                    y: *y,
                    ..TextBlock::default()
                })
                .collect(),
            ..Snapshot::default()
        }
    }

    fn at(mut el: Element, y: f64) -> Element {
        el.rect = Rect {
            x: 0.0,
            y,
            w: 60.0,
            h: 20.0,
        };
        el
    }

    fn button(eid: &str, name: &str) -> Element {
        Element {
            eid: Eid::from(eid),
            role: "button".to_owned(),
            name: name.to_owned(),
            tag: "button".to_owned(),
            ..Element::default()
        }
    }

    fn found(resolution: &Resolution<'_>) -> Option<String> {
        match resolution {
            Resolution::Found(el) => Some(el.eid.to_string()),
            Resolution::Ambiguous(_) | Resolution::NotFound => None,
        }
    }

    #[test]
    fn identical_buttons_settle_on_the_first_in_page_order() {
        let (a, b) = (
            at(button("e4", "okay"), 60.0),
            at(button("e9", "okay"), 60.0),
        );
        let snap = page(&[("Click on the button.", 0.0), ("donec lacus", 40.0)]);
        let settled = settle(Resolution::Ambiguous(vec![&a, &b]), Intent::Click, &snap);
        assert_eq!(found(&settled).as_deref(), Some("e4"));
    }

    #[test]
    fn anything_that_tells_them_apart_still_asks() {
        let a = button("e1", "okay");
        let case = button("e2", "Okay");
        let mut near = button("e3", "okay");
        near.context = Some("Row 2".to_owned());
        let mut link = button("e4", "okay");
        link.href = Some("https://example.com/other".to_owned());
        for other in [&case, &near, &link] {
            let settled = settle(
                Resolution::Ambiguous(vec![&a, other]),
                Intent::Click,
                &page(&[]),
            );
            assert_eq!(found(&settled), None, "{other:?}");
        }
        // Two panels, each with its own OK.
        let snap = page(&[("Panel one", 0.0), ("Panel two", 100.0)]);
        let (one, two) = (at(button("e1", "OK"), 30.0), at(button("e2", "OK"), 130.0));
        let settled = settle(
            Resolution::Ambiguous(vec![&one, &two]),
            Intent::Click,
            &snap,
        );
        assert_eq!(found(&settled), None);
    }

    #[test]
    fn risky_controls_fields_and_other_intents_still_ask() {
        let snap = page(&[]);
        let tie = |a, b, intent| found(&settle(Resolution::Ambiguous(vec![a, b]), intent, &snap));
        let (a, b) = (button("e1", "Delete"), button("e2", "Delete"));
        assert_eq!(tie(&a, &b, Intent::Click), None);
        let (c, d) = (button("e3", "okay"), button("e4", "okay"));
        assert_eq!(tie(&c, &d, Intent::Choose), None);
        let mut e = button("e5", "Name");
        e.role = "textbox".to_owned();
        e.tag = "input".to_owned();
        e.editable = true;
        let f = e.clone();
        assert_eq!(tie(&e, &f, Intent::Click), None);
    }
}
