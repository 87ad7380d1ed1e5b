//! The words people use for the parts of a small business's site, and how a brief's words map
//! to section kinds.
//!
//! Matching is on whole words (lowercased, split on anything that is not a letter, digit, `&`,
//! `'` or a joining `-`), so "book" never matches "Facebook" and "hours" never matches "an hour".

use schemars::JsonSchema;

pub use super::words::Words;
use super::words::{asides, how_it_works};
use serde::{Deserialize, Serialize};

/// The kinds of section a page can have, each rendered by a purpose-fit template.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum SectionKind {
    About,
    Services,
    Timetable,
    Prices,
    Menu,
    Hours,
    Location,
    Booking,
    Quote,
    Contact,
    Reviews,
    Gallery,
    Faq,
    Team,
    Events,
    Rooms,
    Setlist,
    Videos,
}

impl SectionKind {
    pub const ALL: [SectionKind; 18] = [
        Self::About,
        Self::Services,
        Self::Timetable,
        Self::Prices,
        Self::Menu,
        Self::Hours,
        Self::Location,
        Self::Booking,
        Self::Quote,
        Self::Contact,
        Self::Reviews,
        Self::Gallery,
        Self::Faq,
        Self::Team,
        Self::Events,
        Self::Rooms,
        Self::Setlist,
        Self::Videos,
    ];

    /// The section's id and `data-section` value.
    pub fn as_str(self) -> &'static str {
        match self {
            Self::About => "about",
            Self::Services => "services",
            Self::Timetable => "timetable",
            Self::Prices => "prices",
            Self::Menu => "menu",
            Self::Hours => "hours",
            Self::Location => "location",
            Self::Booking => "booking",
            Self::Quote => "quote",
            Self::Contact => "contact",
            Self::Reviews => "reviews",
            Self::Gallery => "gallery",
            Self::Faq => "faq",
            Self::Team => "team",
            Self::Events => "events",
            Self::Rooms => "rooms",
            Self::Setlist => "setlist",
            Self::Videos => "videos",
        }
    }

    /// The heading used when the person named the section with no words of their own.
    pub fn default_label(self) -> &'static str {
        match self {
            Self::About => "About",
            Self::Services => "Services",
            Self::Timetable => "Timetable",
            Self::Prices => "Prices",
            Self::Menu => "Menu",
            Self::Hours => "Opening hours",
            Self::Location => "Where we are",
            Self::Booking => "Book",
            Self::Quote => "Get a quote",
            Self::Contact => "Contact",
            Self::Reviews => "Reviews",
            Self::Gallery => "Gallery",
            Self::Faq => "FAQ",
            Self::Team => "Team",
            Self::Events => "Events",
            Self::Rooms => "Rooms",
            Self::Setlist => "Setlist",
            Self::Videos => "Videos",
        }
    }

    /// True for a section that holds the site's main form.
    pub fn is_form(self) -> bool {
        matches!(self, Self::Booking | Self::Quote | Self::Contact)
    }

    /// True for a section big enough to be a page of its own on a multi-page site.
    pub fn wants_own_page(self) -> bool {
        matches!(
            self,
            Self::Booking
                | Self::Quote
                | Self::Contact
                | Self::Menu
                | Self::Gallery
                | Self::Timetable
                | Self::Faq
                | Self::Team
                | Self::Rooms
                | Self::Events
        )
    }

    /// What a page made of this section is for.
    pub fn purpose(self) -> &'static str {
        match self {
            Self::About => "Who is behind it and what they stand for",
            Self::Services => "What is on offer",
            Self::Timetable => "Days and times",
            Self::Prices => "What things cost",
            Self::Menu => "Dishes and prices",
            Self::Hours => "When you are open",
            Self::Location => "How to find you",
            Self::Booking => "A booking request form",
            Self::Quote => "A quote request form",
            Self::Contact => "A message form and how to reach you",
            Self::Reviews => "What customers say, in their words",
            Self::Gallery => "Photos of the work",
            Self::Faq => "Answers to common questions",
            Self::Team => "The people",
            Self::Events => "What is coming up",
            Self::Rooms => "The rooms and their prices",
            Self::Setlist => "The songs",
            Self::Videos => "Videos",
        }
    }
}

/// Phrases naming a section kind, longest first within a kind. `true` marks a verb phrase
/// whose label continues with the words after it ("book a first class").
const SECTION_WORDS: &[(SectionKind, &[&str], bool)] = &[
    (
        SectionKind::About,
        &[
            "about me",
            "about us",
            "about page",
            "about section",
            "our story",
            "my story",
            "who we are",
            "who i am",
        ],
        false,
    ),
    (
        SectionKind::Services,
        &[
            "services",
            "treatments",
            "what i teach",
            "what we teach",
            "what we do",
            "what i do",
            "what we offer",
            "what i offer",
            "what we sell",
            "what i sell",
            "what we make",
            "what i make",
            "what to expect",
        ],
        false,
    ),
    (
        SectionKind::Timetable,
        &[
            "timetable",
            "schedule",
            "class times",
            "sessions",
            "classes times",
            "lesson times",
            "session times",
        ],
        false,
    ),
    (
        SectionKind::Menu,
        &["menu", "menus", "food menu", "drinks menu"],
        false,
    ),
    (
        SectionKind::Prices,
        &[
            "price list",
            "prices",
            "pricing",
            "rates",
            "fees",
            "price",
            "tariff",
        ],
        false,
    ),
    (
        SectionKind::Hours,
        &[
            "opening hours",
            "opening times",
            "open hours",
            "hours",
            "when we're open",
            "when we are open",
        ],
        false,
    ),
    (
        SectionKind::Location,
        &[
            "where we are",
            "where to find us",
            "find us",
            "location",
            "directions",
            "map",
            "how to get here",
            "where we'll be",
            "where we will be",
            "where i'll be",
            "where i will be",
            "where to find me",
            "find me",
            "locations",
        ],
        false,
    ),
    (
        SectionKind::Quote,
        &[
            "quote request",
            "quote form",
            "quote",
            "quotes",
            "estimate",
            "estimates",
            "enquiry form",
        ],
        false,
    ),
    (
        SectionKind::Booking,
        &[
            "book",
            "booking",
            "bookings",
            "appointment",
            "appointments",
            "reserve",
            "reservation",
            "reservations",
            "availability",
        ],
        true,
    ),
    (
        SectionKind::Contact,
        &[
            "contact form",
            "contact page",
            "contact us",
            "contact",
            "get in touch",
            "enquiries",
            "enquiry",
            "inquiries",
        ],
        false,
    ),
    (
        SectionKind::Reviews,
        &[
            "reviews",
            "testimonials",
            "testimonial",
            "what customers say",
            "what clients say",
            "what people say",
            "what parents say",
            "words from",
            "kind words",
            "feedback",
        ],
        false,
    ),
    (
        SectionKind::Gallery,
        &[
            "gallery",
            "photos",
            "photo gallery",
            "pictures",
            "pics",
            "images",
            "photographs",
        ],
        false,
    ),
    (
        SectionKind::Faq,
        &[
            "faq",
            "faqs",
            "frequently asked questions",
            "common questions",
            "questions and answers",
        ],
        false,
    ),
    (
        SectionKind::Team,
        &[
            "meet the team",
            "our team",
            "the team",
            "team",
            "artists",
            "artist pages",
            "staff",
            "our people",
            "our vets",
            "our doctors",
            "our dentists",
            "our nurses",
            "our therapists",
            "our practitioners",
            "our stylists",
            "our barbers",
            "our coaches",
            "our trainers",
            "our instructors",
            "our teachers",
            "our tutors",
            "our chefs",
        ],
        false,
    ),
    (
        SectionKind::Events,
        &["events", "upcoming events", "what's on", "gigs"],
        false,
    ),
    (
        SectionKind::Rooms,
        &["rooms", "bedrooms", "our rooms"],
        false,
    ),
    (
        SectionKind::Setlist,
        &["setlist", "set list", "songs", "repertoire"],
        false,
    ),
    (SectionKind::Videos, &["videos", "video"], false),
];

/// Words that never start or extend a label.
const FILLER: &[&str] = &[
    "a", "an", "the", "our", "my", "some", "with", "and", "of", "to", "for", "few", "little",
    "want", "need", "have", "also", "please", "plus", "&", "can", "could", "be", "able", "people",
    "way", "page", "section", "form", "site", "website", "in", "on", "online", "is", "are", "we",
    "i", "it", "its", "it's", "their", "your", "us", "me", "so", "that", "them",
];

/// A section the brief names: its kind, the person's words for it, and where they were.
#[derive(Debug, Clone, PartialEq)]
pub struct Named {
    pub kind: SectionKind,
    pub label: String,
    /// What the person says the section lists ("prices for drop-in and monthly passes",
    /// "FAQs (what to wear, do I need a GP referral, etc)").
    pub items: Vec<String>,
    pub at: usize,
}

/// The sections the brief names, in the brief's order, one per kind.
pub fn named_sections(text: &str) -> Vec<Named> {
    let words = Words::new(text);
    let mut found: Vec<Named> = Vec::new();
    let how = how_it_works(&words);
    let aside = asides(&words);
    // A phrase inside "how sessions work" or inside brackets is not a section of its own: the
    // brackets hold what the section before them lists ("FAQ (how many sessions?)").
    let counts = |at: usize, length: usize| {
        !(at..at + length)
            .any(|i| aside.contains(&i) || how.iter().any(|(a, b)| (*a..*b).contains(&i)))
    };
    for (kind, phrases, verb) in SECTION_WORDS {
        let hit = phrases
            .iter()
            .filter_map(|phrase| {
                let length = phrase.split_whitespace().count();
                let mut from = 0;
                while let Some(at) = words.find(phrase, from) {
                    if counts(at, length) {
                        return Some((at, *phrase));
                    }
                    from = at + 1;
                }
                None
            })
            .min_by_key(|(at, phrase)| (*at, std::cmp::Reverse(phrase.len())));
        let hit = match (hit, *kind, how.first()) {
            (Some((at, phrase)), _, _) => Some((at, phrase.split_whitespace().count())),
            (None, SectionKind::Services, Some((from, to))) => Some((*from, to - from)),
            (None, _, _) => None,
        };
        let Some((at, length)) = hit else { continue };
        if negated(&words, at) || (*kind == SectionKind::Booking && !bookable(&words, at)) {
            continue;
        }
        let label = label_of(&words, at, length, *verb);
        let items = if *verb {
            Vec::new()
        } else {
            items_after(&words, at + length)
        };
        found.push(Named {
            kind: *kind,
            label,
            items,
            at,
        });
    }
    found.sort_by_key(|named| named.at);
    // "contact form for wedding enquiries": one contact section; "menu" and "prices" of a
    // restaurant stay apart (the menu lists the prices).
    found
}

/// The list after a section's words: "for a and b" / "of the restaurant" up to the end of the
/// clause, or a parenthesised list right after it.
fn items_after(words: &Words<'_>, next: usize) -> Vec<String> {
    let Some((start, _)) = words.spans.get(next) else {
        return Vec::new();
    };
    let gap = words
        .spans
        .get(next.wrapping_sub(1))
        .map_or("", |(_, end)| &words.text[*end..*start]);
    let rest = &words.text[*start..];
    let list = if gap.trim() == "(" {
        rest.split(')').next().unwrap_or_default()
    } else if gap.trim().is_empty() && ["for", "of"].contains(&words.lower[next].as_str()) {
        let body = &rest[words.lower[next].len()..];
        body.split([',', '.', ';', ':', '(', ')', '!', '?', '\n'])
            .next()
            .unwrap_or_default()
    } else {
        return Vec::new();
    };
    list.split(',')
        .flat_map(|item| item.split(" and "))
        .map(|item| item.trim().trim_start_matches("and ").trim())
        .filter(|item| !item.is_empty() && *item != "etc" && item.split_whitespace().count() <= 6)
        .map(str::to_owned)
        .collect()
}

/// "no prices", "don't need a gallery", "without reviews".
fn negated(words: &Words<'_>, at: usize) -> bool {
    let before: Vec<&str> = words.lower[at.saturating_sub(3)..at]
        .iter()
        .map(String::as_str)
        .collect();
    before
        .iter()
        .any(|w| ["no", "without", "don't", "dont", "not", "skip"].contains(w))
}

/// "book" as a verb or noun of booking, not "a book" or "books".
/// "book" after an article is the noun ("a book", "our face book"); "a booking" is a booking.
fn bookable(words: &Words<'_>, at: usize) -> bool {
    let previous = at.checked_sub(1).map(|i| words.lower[i].as_str());
    words.lower[at] != "book"
        || !matches!(previous, Some("a" | "the" | "my" | "our" | "this" | "face"))
}

/// The person's words for a section: the matched phrase, with the word before it when it
/// qualifies it ("class timetable", "emergency call-out prices"), or the words after a verb
/// ("book a first class"), without "form", "page" or "section".
fn label_of(words: &Words<'_>, at: usize, length: usize, verb: bool) -> String {
    let mut from = at;
    let mut to = at + length;
    if verb && words.lower[at] == "book" {
        while to < words.lower.len()
            && to - at < 6
            && words.joined(to - 1)
            && !["and", "or", "with", "for", "if", "so"].contains(&words.lower[to].as_str())
        {
            to += 1;
        }
    } else if at > 0
        && words.joined(at - 1)
        && !FILLER.contains(&words.lower[at - 1].as_str())
        && !words.lower[at - 1].chars().all(|c| c.is_ascii_digit())
        && !is_verb(&words.lower[at - 1])
    {
        from = at - 1;
    }
    while to > from + 1
        && ["form", "page", "section", "pages"].contains(&words.lower[to - 1].as_str())
    {
        to -= 1;
    }
    sentence_case(words.slice(from, to))
}

fn is_verb(word: &str) -> bool {
    [
        "see", "show", "list", "add", "include", "want", "need", "like", "request", "ask", "check",
        "read", "view", "watch", "put", "tell", "do", "teach", "treat", "explain",
    ]
    .contains(&word)
}

/// First letter upper-cased, the rest as written ("class timetable" → "Class timetable").
pub fn sentence_case(text: &str) -> String {
    let mut chars = text.chars();
    match chars.next() {
        Some(first) => first.to_uppercase().chain(chars).collect(),
        None => String::new(),
    }
}

/// The section a page title or label names ("Meet the Team" → team), if any.
pub fn kind_of_label(label: &str) -> Option<SectionKind> {
    named_sections(label).first().map(|named| named.kind)
}

#[cfg(test)]
#[path = "vocab_tests.rs"]
mod tests;
