//! Finding the element a [`Target`] phrase names in a snapshot.
//!
//! In: a snapshot, a target and the [`Intent`] of the step. Out: a [`Resolution`]: one
//! element, several equally good ones (never guessed between), or none.
//!
//! Ranking, most important first: match tier (strong = exact/prefix/all words, medium =
//! substring/contained, weak = edit distance); the phrase's role word fits ("the Sign in
//! *button*"); the element suits the intent (checkable for check, not a text field for click);
//! match quality; which text matched (name > placeholder/value > context); enabled; in the
//! viewport. `type` only considers editable elements and `select` only lists. An ordinal ("the
//! second Add button") picks among the best matches in document order.

use tandem_mcp_browser::snapshot::{Element, SelectOption, Snapshot};

use super::absorbed::absorbs;
use super::icons;
use super::matching::{
    EXACT, NONE, PREFIX, SUBSTRING, WITHIN, WORDS, normalize, normalize_into, quality,
};
use super::step::{Ordinal, RoleClass, Target, is_checkable, is_editable, is_select};

/// What the step wants to do with the element.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Intent {
    /// Click: anything, text fields last.
    Click,
    /// Type: editable elements only.
    Type,
    /// Select: lists only.
    Select,
    /// Check: checkboxes, radios and switches first.
    Check,
    /// Pick a named choice that is not in a list: radios, options, tabs first.
    Choose,
    /// Set a value: form controls first.
    Set,
    /// Scroll to: anything.
    Any,
}

/// The outcome of resolving a target.
#[derive(Debug)]
pub(crate) enum Resolution<'s> {
    Found(&'s Element),
    Ambiguous(Vec<&'s Element>),
    NotFound,
}

/// Sort key of one candidate, compared lexicographically (higher is better).
type Score = [u8; 7];

/// Number of leading score entries that define "equally good" for ordinals.
const ORDINAL_KEY: usize = 5;

fn tier(q: u8) -> u8 {
    match q {
        EXACT | PREFIX | WORDS => 3,
        SUBSTRING | WITHIN => 2,
        NONE => 0,
        _ => 1,
    }
}

/// An element's normalized texts with their rank (name 3, placeholder/value 2, context 1), and
/// its icon (ranked above the name when the phrase names an icon, below it otherwise).
struct Texts<'e> {
    fields: Vec<(String, u8)>,
    icon: Option<&'e str>,
}

impl<'e> Texts<'e> {
    fn of(el: &'e Element) -> Texts<'e> {
        let mut fields = Vec::with_capacity(4);
        let mut add = |text: &str, rank: u8| {
            let mut normalized = String::new();
            normalize_into(text, &mut normalized);
            if !normalized.is_empty() {
                fields.push((normalized, rank));
            }
        };
        add(&el.name, 3);
        if let Some(p) = &el.placeholder {
            add(p, 2);
        }
        if !is_editable(el)
            && let Some(v) = &el.value
        {
            add(v, 2);
        }
        if let Some(c) = &el.context {
            add(c, 1);
        }
        if let Some(kind) = kind_words(el) {
            add(kind, 1);
        }
        if closes(&el.name) {
            add("close dismiss x ×", 2);
        }
        Texts {
            fields,
            icon: el.icon.as_deref(),
        }
    }

    /// Best (quality, field rank) of `query` against these texts. A text that is only part of
    /// the phrase never matches when the rest of the phrase is more than a description
    /// (`absorbs`): those words were not placed. `icon`: the phrase names an icon.
    fn best(&self, query: &str, phrase: &str, icon: bool) -> (u8, u8) {
        let by_icon = self
            .icon
            .map(|i| (icons::quality(query, i), if icon { 4 } else { 2 }))
            .filter(|(q, _)| *q > NONE);
        self.fields
            .iter()
            .map(|(text, rank)| (quality(query, text), *rank, text))
            .filter(|(q, _, text)| *q > NONE && !(*q == WITHIN && absorbs(query, text, phrase)))
            .map(|(q, rank, _)| (q, rank))
            .chain(by_icon)
            .max()
            .unwrap_or((NONE, 0))
    }
}

/// Words people use for a field's kind ("the multi-line field", "the email box").
fn kind_words(el: &Element) -> Option<&'static str> {
    if el.tag == "textarea" {
        return Some("multi line multiline textarea large long");
    }
    if el.tag != "input" {
        return None;
    }
    Some(match el.input_type.as_deref().unwrap_or("text") {
        "text" => "input text box field single line",
        "email" => "email e mail",
        "password" => "password",
        "number" => "number numeric",
        "tel" => "phone telephone",
        "url" => "url web address",
        "search" => "search",
        "date" => "date",
        "time" => "time",
        "color" => "colour color",
        "range" => "slider range",
        "file" => "file upload",
        _ => return None,
    })
}

/// A name that says "close": a close glyph (×, ✕, ✖, ⨯, x) or a word for closing.
fn closes(name: &str) -> bool {
    let name = name.trim();
    let first = normalize(name);
    let first = first.split(' ').next().unwrap_or("");
    matches!(
        name,
        "×" | "✕" | "✖" | "⨯" | "╳" | "x" | "X" | "🗙" | "✗" | "✘"
    ) || matches!(first, "close" | "dismiss" | "hide")
}

fn intent_fit(el: &Element, intent: Intent) -> Option<u8> {
    Some(match intent {
        Intent::Type => {
            if !is_editable(el) {
                return None;
            }
            1
        }
        // A list that is not a <select> (a custom dropdown) is opened by a click.
        Intent::Select => {
            if el.editable && !is_select(el) {
                return None;
            }
            u8::from(is_select(el))
        }
        Intent::Click => u8::from(!is_editable(el)),
        Intent::Check => u8::from(is_checkable(el)),
        Intent::Choose => {
            u8::from(is_checkable(el) || matches!(el.role.as_str(), "option" | "tab" | "menuitem"))
        }
        Intent::Set => u8::from(is_editable(el) || is_select(el) || is_checkable(el)),
        Intent::Any => 1,
    })
}

/// Scores `el` for `target`; `None` when it does not match at all.
fn score(el: &Element, target: &Target, intent: Intent) -> Option<Score> {
    let fit = intent_fit(el, intent)?;
    let role_ok = target.role.is_none_or(|r| r.fits(el));
    // Reading 1: name words + role word. Reading 2: the whole phrase as a name ("Menu").
    let texts = Texts::of(el);
    let mut best: Option<(u8, u8, u8)> = None;
    if target.name.is_empty() {
        if target.role.is_some() && role_ok {
            best = Some((1, 1, 0));
        }
    } else {
        let (q, rank) = texts.best(&target.name, &target.phrase, target.icon);
        if q > NONE {
            best = Some((q, u8::from(role_ok), rank));
        }
    }
    if target.role.is_some() && target.full != target.name {
        let (q, rank) = texts.best(&target.full, &target.phrase, target.icon);
        if q > NONE && best.is_none_or(|(bq, br, _)| (tier(q), 1) > (tier(bq), br)) {
            best = Some((q, 1, rank));
        }
    }
    let (q, role, rank) = best?;
    Some([
        tier(q),
        role,
        fit,
        q,
        rank,
        u8::from(!el.disabled),
        u8::from(el.in_viewport),
    ])
}

/// Resolves `target` among the snapshot's elements.
pub(crate) fn resolve<'s>(
    snapshot: &'s Snapshot,
    target: &Target,
    intent: Intent,
) -> Resolution<'s> {
    let scored: Vec<(Score, &Element)> = snapshot
        .elements
        .iter()
        .filter_map(|el| score(el, target, intent).map(|s| (s, el)))
        .collect();
    if scored.is_empty()
        && matches!(intent, Intent::Choose | Intent::Check)
        && let Some(shorter) = without_kind_noun(target)
    {
        // "the Premium plan" for a choice named "Premium $9 / month": the last word named the
        // kind of choice. Such matches rank below every direct one.
        let scored = snapshot
            .elements
            .iter()
            .filter_map(|el| score(el, &shorter, intent).map(|s| (s, el)))
            .filter(|(s, _)| s[0] == 3)
            .map(|(mut s, el)| {
                s[0] = 1;
                (s, el)
            })
            .collect();
        return pick(scored, target.ordinal, &target.phrase).any_one(target.any);
    }
    let scored = super::results::only_results(scored, target, snapshot);
    pick(scored, target.ordinal, &target.phrase).any_one(target.any)
}

impl<'s> Resolution<'s> {
    /// With `any` ("click a checkbox"), the first of equally good matches.
    fn any_one(self, any: bool) -> Resolution<'s> {
        match self {
            Resolution::Ambiguous(candidates) if any => candidates
                .first()
                .copied()
                .map_or(Resolution::NotFound, Resolution::Found),
            other => other,
        }
    }
}

/// The target without the last word of its name, when that leaves a name.
fn without_kind_noun(target: &Target) -> Option<Target> {
    let (rest, _) = target.name.rsplit_once(' ')?;
    Some(Target {
        name: rest.to_owned(),
        full: rest.to_owned(),
        ..target.clone()
    })
}

/// The highest score among `scored` and every candidate that has it, in the given order;
/// `None` when there is no candidate.
fn top_scored<'s, S: Ord + Copy, T>(scored: &[(S, &'s T)]) -> Option<(S, Vec<&'s T>)> {
    let top = scored.iter().map(|(s, _)| *s).max()?;
    let best = scored
        .iter()
        .filter(|(s, _)| *s == top)
        .map(|(_, candidate)| *candidate)
        .collect();
    Some((top, best))
}

/// Picks the best of scored candidates (in document order), honouring an ordinal.
fn pick<'s>(
    scored: Vec<(Score, &'s Element)>,
    ordinal: Option<Ordinal>,
    phrase: &str,
) -> Resolution<'s> {
    let Some((top, best)) = top_scored(&scored) else {
        return Resolution::NotFound;
    };
    if let Some(ordinal) = ordinal {
        let group: Vec<&Element> = scored
            .iter()
            .filter(|(s, _)| s[..ORDINAL_KEY] == top[..ORDINAL_KEY])
            .map(|(_, el)| *el)
            .collect();
        let chosen = match ordinal {
            Ordinal::Nth(n) => group.get(n.saturating_sub(1)).copied(),
            Ordinal::Last => group.last().copied(),
        };
        return chosen.map_or(Resolution::NotFound, Resolution::Found);
    }
    match best.as_slice() {
        [] => Resolution::NotFound,
        [one] => Resolution::Found(one),
        [first, rest @ ..] if rest.iter().all(|el| interchangeable(first, el)) => {
            Resolution::Found(first)
        }
        _ => match written_the_same(&best, phrase).or_else(|| innermost(&best)) {
            Some(el) => Resolution::Found(el),
            None => Resolution::Ambiguous(best),
        },
    }
}

/// Among names that differ only in case ("eget" and "Eget"), the one written exactly as the
/// phrase, when there is exactly one.
fn written_the_same<'s>(candidates: &[&'s Element], phrase: &str) -> Option<&'s Element> {
    let phrase = phrase.trim();
    let mut exact = candidates.iter().filter(|el| el.name.trim() == phrase);
    match (exact.next(), exact.next()) {
        (Some(one), None) => Some(*one),
        _ => None,
    }
}

/// A container named by the control inside it (a header that holds its only button): when
/// all candidates but one hold another candidate, the one they hold.
fn innermost<'s>(candidates: &[&'s Element]) -> Option<&'s Element> {
    let holds = |outer: &Element, inner: &Element| {
        let (o, i) = (&outer.rect, &inner.rect);
        outer.eid != inner.eid
            && i.w > 0.0
            && i.h > 0.0
            && o.x <= i.x
            && o.y <= i.y
            && o.x + o.w >= i.x + i.w
            && o.y + o.h >= i.y + i.h
    };
    let mut inner = candidates
        .iter()
        .filter(|el| !candidates.iter().any(|other| holds(el, other)));
    match (inner.next(), inner.next()) {
        (Some(one), None) => Some(*one),
        _ => None,
    }
}

/// Two links with the same name and target do the same thing: no need to ask.
fn interchangeable(a: &Element, b: &Element) -> bool {
    a.role == "link" && b.role == "link" && a.href.is_some() && a.href == b.href && a.name == b.name
}

/// Lists (select-like elements) having an option that matches `option`, best first.
pub(crate) fn lists_with_option<'s>(snapshot: &'s Snapshot, option: &str) -> Resolution<'s> {
    let scored: Vec<(Score, &Element)> = snapshot
        .elements
        .iter()
        .filter(|el| is_select(el))
        .filter_map(|el| {
            let q = best_option_quality(el, option);
            (q > NONE).then_some((
                [
                    tier(q),
                    1,
                    1,
                    q,
                    1,
                    u8::from(!el.disabled),
                    u8::from(el.in_viewport),
                ],
                el,
            ))
        })
        .collect();
    pick(scored, None, option)
}

fn best_option_quality(el: &Element, option: &str) -> u8 {
    let query = normalize(option);
    el.options
        .iter()
        .map(|o| quality(&query, &normalize(&o.label)).max(quality(&query, &normalize(&o.value))))
        .max()
        .unwrap_or(NONE)
}

/// The option of a list that `option` names.
pub(crate) enum OptionMatch<'s> {
    Found(&'s SelectOption),
    Ambiguous(Vec<&'s SelectOption>),
    NotFound,
}

/// Matches `option` against the options of `list` by label or value.
pub(crate) fn match_option<'s>(list: &'s Element, option: &str) -> OptionMatch<'s> {
    let query = normalize(option);
    let scored: Vec<((u8, u8), &SelectOption)> = list
        .options
        .iter()
        .map(|o| {
            let q =
                quality(&query, &normalize(&o.label)).max(quality(&query, &normalize(&o.value)));
            ((q, u8::from(!o.disabled)), o)
        })
        .filter(|((q, _), _)| *q > NONE)
        .collect();
    let Some((_, best)) = top_scored(&scored) else {
        return OptionMatch::NotFound;
    };
    match best.as_slice() {
        [one] => OptionMatch::Found(one),
        [] => OptionMatch::NotFound,
        _ => OptionMatch::Ambiguous(best),
    }
}

/// Resolves a field for typing when no field was named: the focused editable element, else
/// the only enabled editable element, else the only one in the viewport.
pub(crate) fn default_field(snapshot: &Snapshot) -> Resolution<'_> {
    if let Some(focused) = snapshot
        .elements
        .iter()
        .find(|el| el.focused && is_editable(el) && !el.disabled)
    {
        return Resolution::Found(focused);
    }
    let fields: Vec<&Element> = snapshot
        .elements
        .iter()
        .filter(|el| is_editable(el) && !el.disabled)
        .collect();
    let visible: Vec<&Element> = fields.iter().copied().filter(|el| el.in_viewport).collect();
    match (fields.as_slice(), visible.as_slice()) {
        ([], _) => Resolution::NotFound,
        ([one], _) | (_, [one]) => Resolution::Found(one),
        (_, []) => Resolution::Ambiguous(fields),
        (_, _) => Resolution::Ambiguous(visible),
    }
}

/// The `n`th (1-based) enabled field of the page in document order, for a value whose words
/// name no field.
pub(crate) fn nth_field(snapshot: &Snapshot, n: usize) -> Resolution<'_> {
    snapshot
        .elements
        .iter()
        .filter(|el| is_editable(el) && !el.disabled)
        .nth(n.saturating_sub(1))
        .map_or(Resolution::NotFound, Resolution::Found)
}

/// The element with this eid.
pub(crate) fn by_eid<'s>(snapshot: &'s Snapshot, eid: &str) -> Option<&'s Element> {
    snapshot.elements.iter().find(|el| el.eid.as_str() == eid)
}

/// Button-like elements (for submit).
pub(crate) fn is_button(el: &Element) -> bool {
    RoleClass::Button.fits(el)
}
