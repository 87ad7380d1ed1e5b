//! Refinements of a built site that need no model: a follow-up message ("make the header
//! green", "rename Booking to Appointments", "move prices above the timetable") read as one
//! [`Refinement`] ([`parse`]), then turned into exact edits of the pages and design tokens
//! ([`edits::edits`]) that leave everything else byte-identical. A message that reads as a site
//! edit but is none of these shapes needs a model ([`looks_like_site_edit`]).

pub mod colour;
pub mod edits;
#[cfg(test)]
mod phrasings;
#[cfg(test)]
mod tests;

use super::brief::SectionKind;
use super::brief::vocab::kind_of_label;
pub use colour::{Named, Part};

/// Which text a font change is for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FontRole {
    Heading,
    Body,
    Both,
}

/// A generic font family (fixed local stacks; nothing is downloaded).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Family {
    Serif,
    Sans,
    Mono,
}

/// Where a moved section goes, relative to another.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Position {
    Before,
    After,
}

/// One offline change to a built site.
#[derive(Debug, Clone, PartialEq)]
pub enum Refinement {
    /// A colour for a part of every page (design-system tokens).
    Colour {
        part: Part,
        colour: Named,
    },
    Font {
        role: FontRole,
        family: Family,
    },
    /// Text a step larger (`up`) or smaller.
    TextSize {
        up: bool,
    },
    /// The phone number on every page, its `tel:` link too.
    Phone {
        new: String,
    },
    /// The e-mail address on every page, its `mailto:` link too.
    Email {
        new: String,
    },
    /// Visible text, on every page (a nav label, a heading, a word); never in attributes.
    Replace {
        old: String,
        new: String,
    },
    AddPage {
        kind: SectionKind,
    },
    RemoveSection {
        kind: SectionKind,
    },
    MoveSection {
        kind: SectionKind,
        position: Position,
        anchor: SectionKind,
    },
    /// Two sections of one page trade places ("swap the prices and the reviews").
    SwapSections {
        first: SectionKind,
        second: SectionKind,
    },
}

impl Refinement {
    /// What the change is, in words.
    pub fn describe(&self) -> String {
        match self {
            Self::Colour { part, colour } => format!("{} {}", part.as_str(), colour.name),
            Self::Font { role, family } => format!(
                "{} font for {}",
                match family {
                    Family::Serif => "a serif",
                    Family::Sans => "a sans-serif",
                    Family::Mono => "a monospace",
                },
                match role {
                    FontRole::Heading => "headings",
                    FontRole::Body => "body text",
                    FontRole::Both => "all text",
                }
            ),
            Self::TextSize { up } => format!("{} text", if *up { "larger" } else { "smaller" }),
            Self::Phone { new } => format!("phone number {new}"),
            Self::Email { new } => format!("e-mail address {new}"),
            Self::Replace { old, new } => format!("\"{old}\" renamed \"{new}\""),
            Self::AddPage { kind } => format!("a new {} page", kind.default_label()),
            Self::RemoveSection { kind } => format!("the {} section removed", kind.as_str()),
            Self::MoveSection {
                kind,
                position,
                anchor,
            } => format!(
                "{} moved {} {}",
                kind.as_str(),
                match position {
                    Position::Before => "above",
                    Position::After => "below",
                },
                anchor.as_str()
            ),
            Self::SwapSections { first, second } => {
                format!("{} and {} swapped", first.as_str(), second.as_str())
            }
        }
    }
}

/// The refinement a follow-up message asks for, or `None` when it is not one of the offline
/// shapes (then it needs a model, or is not about the site at all).
pub fn parse(message: &str) -> Option<Refinement> {
    let text = message
        .trim()
        .replace(['“', '”'], "\"")
        .replace(['‘', '’'], "'");
    let lower = format!(" {} ", text.to_lowercase());
    phone(&text, &lower)
        .or_else(|| email(&text, &lower))
        .or_else(|| font(&lower))
        .or_else(|| size(&lower))
        .or_else(|| colour::parse(&lower).map(|(part, colour)| Refinement::Colour { part, colour }))
        .or_else(|| structure(&lower))
        .or_else(|| replace(&text))
}

/// True when a message reads as a change to the site ("make it feel more premium", "write a
/// warmer introduction"): an editing verb and something a site has. Such a message that
/// [`parse`] does not understand needs a model.
pub fn looks_like_site_edit(message: &str) -> bool {
    let lower = format!(" {} ", message.to_lowercase().replace('’', "'"));
    const VERBS: &[&str] = &[
        " make ",
        " change ",
        " add ",
        " remove ",
        " move ",
        " rename ",
        " put ",
        " use ",
        " replace ",
        " rewrite ",
        " write ",
        " swap ",
        " delete ",
        " update ",
        " fix ",
        " set ",
        " give ",
        " could ",
        " can you ",
        " should ",
        " look ",
        " feel ",
        " i'd like ",
        " i want ",
        " needs ",
        " more ",
        " less ",
    ];
    const THINGS: &[&str] = &[
        "site",
        "page",
        "section",
        "header",
        "footer",
        "font",
        "colour",
        "color",
        "heading",
        "title",
        "button",
        "menu",
        "nav",
        "logo",
        "text",
        "image",
        "photo",
        "picture",
        "background",
        "layout",
        "style",
        "intro",
        "wording",
        "copy",
        "about us",
        "look",
        "feel",
        "premium",
        "modern",
        "design",
        "theme",
        "price",
        "form",
    ];
    VERBS.iter().any(|verb| lower.contains(verb)) && THINGS.iter().any(|t| lower.contains(t))
}

/// A UK-style phone number in the message with a cue that it is the phone number.
fn phone(text: &str, lower: &str) -> Option<Refinement> {
    const CUES: &[&str] = &["phone", "number", "mobile", "call us", "tel", "landline"];
    if !CUES.iter().any(|cue| lower.contains(cue)) {
        return None;
    }
    let number = phone_number(text)?;
    Some(Refinement::Phone { new: number })
}

/// The longest run of digits, spaces, `+`, `(`, `)` and `-` holding 9 to 15 digits.
fn phone_number(text: &str) -> Option<String> {
    let mut best: Option<String> = None;
    let mut current = String::new();
    for c in text.chars().chain(std::iter::once('.')) {
        if c.is_ascii_digit()
            || (!current.is_empty() && matches!(c, ' ' | '-' | '(' | ')'))
            || (current.is_empty() && matches!(c, '+' | '('))
        {
            current.push(c);
            continue;
        }
        let candidate = current
            .trim()
            .trim_end_matches(['-', '('])
            .trim()
            .to_owned();
        let digits = candidate.chars().filter(char::is_ascii_digit).count();
        if (9..=15).contains(&digits) && best.as_ref().is_none_or(|b| b.len() < candidate.len()) {
            best = Some(candidate);
        }
        current.clear();
    }
    best
}

/// An e-mail address in the message with a cue that it is the site's address.
fn email(text: &str, lower: &str) -> Option<Refinement> {
    if !(lower.contains("email") || lower.contains("e-mail") || lower.contains("address")) {
        return None;
    }
    let address = text
        .split_whitespace()
        .map(|word| word.trim_matches(|c: char| !c.is_alphanumeric()))
        .find(|word| {
            let parts: Vec<&str> = word.split('@').collect();
            parts.len() == 2 && !parts[0].is_empty() && parts[1].contains('.')
        })?;
    Some(Refinement::Email {
        new: address.to_owned(),
    })
}

fn font(lower: &str) -> Option<Refinement> {
    let family = if lower.contains("sans-serif") || lower.contains("sans serif") {
        Family::Sans
    } else if lower.contains("serif") {
        Family::Serif
    } else if lower.contains(" sans")
        || lower.contains("modern font")
        || lower.contains("clean font")
    {
        Family::Sans
    } else if lower.contains("monospace") || lower.contains("typewriter") {
        Family::Mono
    } else {
        return None;
    };
    let heading = ["heading", "title", "headline", "header"]
        .iter()
        .any(|w| lower.contains(w));
    let body = ["body", "paragraph", " text", "main text"]
        .iter()
        .any(|w| lower.contains(w));
    let role = match (heading, body) {
        (true, false) => FontRole::Heading,
        (false, true) => FontRole::Body,
        _ => FontRole::Both,
    };
    Some(Refinement::Font { role, family })
}

fn size(lower: &str) -> Option<Refinement> {
    const UP: &[&str] = &[
        "bigger text",
        "larger text",
        "text bigger",
        "text larger",
        "bigger font",
        "larger font",
        "font bigger",
        "easier to read",
        "text size up",
    ];
    const DOWN: &[&str] = &[
        "smaller text",
        "text smaller",
        "smaller font",
        "font smaller",
    ];
    // "make the writing a bit bigger": a word for the text and a word for the size.
    let text = [
        " text",
        " writing",
        " font",
        " words",
        " lettering",
        " print",
    ]
    .iter()
    .any(|w| lower.contains(w));
    let bigger = [" bigger", " larger"].iter().any(|w| lower.contains(w));
    let smaller = lower.contains(" smaller");
    if UP.iter().any(|w| lower.contains(w)) || (text && bigger && !smaller) {
        Some(Refinement::TextSize { up: true })
    } else if DOWN.iter().any(|w| lower.contains(w)) || (text && smaller && !bigger) {
        Some(Refinement::TextSize { up: false })
    } else {
        None
    }
}

/// Add a page, remove or move a section: a verb and the sections named.
fn structure(lower: &str) -> Option<Refinement> {
    const REMOVE: &[&str] = &[
        " remove ",
        " delete ",
        " get rid of ",
        " take out ",
        " take away ",
        " drop ",
        " lose the ",
        " don't need the ",
        " do not need the ",
        " without the ",
    ];
    const ADD: &[&str] = &[
        " add ",
        " can we have ",
        " could we have ",
        " can i have ",
        " we need ",
        " i need ",
        " include ",
        " create ",
        " i'd like ",
        " i would like ",
        " also want ",
        " new ",
    ];
    const MOVE: &[(&str, Position)] = &[
        (" above ", Position::Before),
        (" before ", Position::Before),
        (" ahead of ", Position::Before),
        (" over ", Position::Before),
        (" below ", Position::After),
        (" after ", Position::After),
        (" under ", Position::After),
        (" beneath ", Position::After),
        (" underneath ", Position::After),
    ];
    let moving = [
        " move ",
        " put ",
        " go ",
        " come ",
        " swap ",
        " should be ",
        " place ",
    ]
    .iter()
    .any(|v| lower.contains(v));
    if let Some(at) = [" swap ", " switch ", " swop ", " reverse "]
        .iter()
        .filter_map(|verb| lower.find(verb))
        .min()
        && let Some(and) = lower[at..].find(" and ").map(|and| at + and)
        && let (Some(first), Some(second)) = (
            kind_of_label(&lower[at..and]),
            kind_of_label(&lower[and + 5..]),
        )
        && first != second
    {
        return Some(Refinement::SwapSections { first, second });
    }
    if moving {
        for (word, position) in MOVE {
            if let Some(at) = lower.find(word) {
                let kind = kind_of_label(&lower[..at]);
                let anchor = kind_of_label(&lower[at + word.len()..]);
                if let (Some(kind), Some(anchor)) = (kind, anchor)
                    && kind != anchor
                {
                    return Some(Refinement::MoveSection {
                        kind,
                        position: *position,
                        anchor,
                    });
                }
            }
        }
    }
    if REMOVE.iter().any(|verb| lower.contains(verb)) {
        let kind = kind_of_label(lower)?;
        return Some(Refinement::RemoveSection { kind });
    }
    if ADD.iter().any(|verb| lower.contains(verb)) && lower.contains("page") {
        let kind = kind_of_label(lower)?;
        return Some(Refinement::AddPage { kind });
    }
    None
}

/// "rename X to Y", "call the X page Y", "change X to Y", "replace X with Y", quoted or not.
fn replace(text: &str) -> Option<Refinement> {
    let quoted = quoted(text);
    let lower = text.to_ascii_lowercase();
    let starts = |w: &str| lower.starts_with(w);
    if quoted.len() == 2
        && ["rename", "call", "change", "replace", "swap", "use"]
            .iter()
            .any(|w| starts(w))
    {
        let (old, new) = (&quoted[0], &quoted[1]);
        return replacement(old, new);
    }
    if let Some(rest) = strip_word(text, "rename") {
        let (old, new) = split_on(rest, &[" to ", " as "])?;
        return replacement(&unquote(strip_kind_word(old)), &unquote(new));
    }
    if let Some(rest) = strip_word(text, "call") {
        // "call the Reviews page 'Kind words' instead"
        let rest = rest.trim_end_matches(['.', '!']).trim();
        let rest = rest.strip_suffix(" instead").unwrap_or(rest);
        let new = quoted.last()?;
        let old = rest.split(['\'', '"']).next()?.trim();
        return replacement(&unquote(strip_kind_word(old)), new);
    }
    // "can we call it Book a visit instead of Register", "say Menu instead of Food".
    if let Some(at) = lower.find(" instead of ") {
        let head = &text[..at];
        let head_lower = &lower[..at];
        let new = [
            " call it ",
            " call that ",
            " say ",
            " use ",
            " have ",
            " name it ",
        ]
        .iter()
        .filter_map(|lead| {
            head_lower
                .rfind(lead)
                .map(|found| &head[found + lead.len()..])
        })
        .min_by_key(|rest| rest.len());
        if let Some(new) = new {
            let old = text[at + " instead of ".len()..].trim_end_matches(['.', '!', '?']);
            return replacement(&unquote(strip_kind_word(old)), &unquote(new));
        }
    }
    for verb in ["change", "replace"] {
        if let Some(rest) = strip_word(text, verb) {
            let (old, new) = split_on(rest, &[" to ", " with ", " for "])?;
            return replacement(&unquote(old), &unquote(new));
        }
    }
    None
}

fn replacement(old: &str, new: &str) -> Option<Refinement> {
    let old = old.trim();
    let new = new
        .trim()
        .trim_end_matches(" everywhere")
        .trim_end_matches(" instead")
        .trim_end_matches(" please")
        .trim_end_matches(['.', '!'])
        .trim();
    (!old.is_empty() && !new.is_empty() && old != new).then(|| Refinement::Replace {
        old: old.to_owned(),
        new: unquote(new),
    })
}

/// `text` after a leading `word` (any case), or `None`.
fn strip_word<'a>(text: &'a str, word: &str) -> Option<&'a str> {
    let head = text.get(..word.len())?;
    let rest = text.get(word.len()..)?;
    (head.eq_ignore_ascii_case(word) && rest.starts_with(' ')).then(|| rest.trim_start())
}

/// Splits at the last of `separators` found (so "rename Bed to Breakfast to B and B" is rare).
fn split_on<'a>(text: &'a str, separators: &[&str]) -> Option<(&'a str, &'a str)> {
    separators
        .iter()
        .filter_map(|sep| text.find(sep).map(|at| (at, sep.len())))
        .min()
        .map(|(at, len)| (&text[..at], &text[at + len..]))
}

/// "the Reviews page" → "Reviews".
fn strip_kind_word(text: &str) -> &str {
    let text = text.trim();
    let text = text
        .strip_prefix("the ")
        .or_else(|| text.strip_prefix("The "))
        .unwrap_or(text);
    for suffix in [" page", " section", " tab", " button", " link", " heading"] {
        if let Some(stripped) = text.strip_suffix(suffix) {
            return stripped.trim();
        }
    }
    text
}

fn unquote(text: &str) -> String {
    text.trim().trim_matches(['"', '\'']).trim().to_owned()
}

/// Text between double or single quotes, in order (an apostrophe inside a word is not a quote).
fn quoted(text: &str) -> Vec<String> {
    let mut found = Vec::new();
    let chars: Vec<char> = text.chars().collect();
    let mut open: Option<(char, usize)> = None;
    for (i, c) in chars.iter().enumerate() {
        let before = i.checked_sub(1).map(|j| chars[j]);
        let after = chars.get(i + 1).copied();
        match open {
            None if (*c == '"' || *c == '\'') && before.is_none_or(|b| !b.is_alphanumeric()) => {
                open = Some((*c, i));
            }
            Some((q, start)) if *c == q && after.is_none_or(|a| !a.is_alphanumeric()) => {
                found.push(chars[start + 1..i].iter().collect());
                open = None;
            }
            _ => {}
        }
    }
    found
}
