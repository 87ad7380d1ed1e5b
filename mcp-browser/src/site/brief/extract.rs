//! Who the site is for, in the brief's own words: the business's name (never re-cased), its
//! place, and the kind of business.

use super::vocab::Words;

/// Words that may sit inside a capitalised name ("Crumb and Co", "Ink & Iron").
const NAME_JOINERS: &[&str] = &["and", "&", "of", "the", "de", "la", "on", "at", "for"];

/// Where a name ends when it is written in lowercase ("we're called fellside view b&b").
const NAME_STOPS: &[&str] = &[
    " in ", " on ", " at ", " from ", " near ", " with ", " - ", " – ", " and we", " who ",
    " which ", " that ", " based ",
];

/// The business's or person's name as written, if the brief gives one.
pub fn name(text: &str) -> Option<String> {
    // ASCII lower case keeps byte offsets, so positions found in `lower` index `text`.
    let lower = text.to_ascii_lowercase();
    // "called X", "named X", "we're called X".
    for lead in ["called ", "named ", "name is ", "name's ", "name: "] {
        if let Some(at) = find_word(&lower, lead) {
            let rest = &text[at + lead.len()..];
            if let Some(name) = capital_run(rest).or_else(|| lowercase_name(rest)) {
                return Some(name);
            }
        }
    }
    // "my cheese stall "The Curd Nerd"": a capitalised name in double quotes.
    if let Some(name) = quoted_name(text) {
        return Some(name);
    }
    // "We're X," / "I'm X," / "We are X".
    for lead in [
        "we're ", "we’re ", "we are ", "i'm ", "i’m ", "i am ", "this is ",
    ] {
        let mut from = 0;
        while let Some(found) = find_word(&lower[from..], lead) {
            let at = from + found;
            if let Some(name) = capital_run(&text[at + lead.len()..]) {
                return Some(name);
            }
            from = at + lead.len();
        }
    }
    // "my flower shop, Petal & Stem, on Walcot Street".
    for lead in ["my ", "our "] {
        let mut from = 0;
        while let Some(found) = find_word(&lower[from..], lead) {
            let at = from + found + lead.len();
            // "my flower shop, Petal & Stem", "our choir, the Harbour Voices", "my cleaning
            // company Sparkle & Shine": a business noun, then the name.
            let head: String = text[at..]
                .split([',', '.', '!', '?', ';'])
                .next()
                .unwrap_or_default()
                .to_owned();
            let noun_end = head
                .split_whitespace()
                .take(3)
                .take_while(|w| {
                    *w == w.to_lowercase()
                        && !["in", "at", "on", "from", "near", "with", "for", "and", "is"]
                            .contains(w)
                })
                .map(|w| w.len() + 1)
                .sum::<usize>();
            let between = head.get(..noun_end.min(head.len())).unwrap_or_default();
            if kind(between).is_some() {
                let rest = &text[at + noun_end.min(head.len())..];
                let rest = rest.strip_prefix(", ").unwrap_or(rest);
                let (article, rest) = match rest.strip_prefix("the ") {
                    Some(after) => ("the ", after),
                    None => ("", rest),
                };
                if let Some(name) = capital_run(rest) {
                    return Some(format!("{article}{name}"));
                }
            }
            from = at;
        }
    }
    // "window cleaning round in Swansea, Dai's Windows.": a name right after the place.
    if let Some(name) = name_after_place(text, &lower) {
        return Some(name);
    }
    // "Website for X", "a webpage for X?", "Build a site for X".
    for lead in ["for "] {
        let mut from = 0;
        while let Some(found) = find_word(&lower[from..], lead) {
            let at = from + found + lead.len();
            if let Some(name) = capital_run(&text[at..])
                && (name.split_whitespace().count() >= 2 || !is_place_like(&name))
            {
                return Some(name);
            }
            from = at;
        }
    }
    // A leading "Dave's Bike Shed - bike repairs" or "Ink & Iron Tattoo Collective - Liverpool".
    for dash in [" - ", " – ", " — "] {
        if let Some(at) = text.find(dash) {
            let head = text[..at].trim();
            if let Some(name) = capital_run(head)
                && name == head
                && head.split_whitespace().count() <= 6
            {
                return Some(name);
            }
        }
    }
    None
}

/// The first text in double quotes that reads as a name: capitalised, one to six words, not a
/// question or a sentence.
fn quoted_name(text: &str) -> Option<String> {
    let text = text.replace(['“', '”'], "\"");
    text.split('"')
        .skip(1)
        .step_by(2)
        .map(str::trim)
        .find(|inside| {
            capital_run(inside).is_some_and(|run| run == *inside)
                && !inside.contains(['?', '!', '.'])
        })
        .map(str::to_owned)
}

/// A name that follows the place after a comma and ends the clause ("in Swansea, Dai's
/// Windows."). Only a name that reads as one — a possessive, an ampersand, or a business noun
/// last — since "in Leeds, West Yorkshire" is the place going on.
fn name_after_place(text: &str, lower: &str) -> Option<String> {
    for lead in ["in ", "from ", "round ", "around ", "based in "] {
        let mut from = 0;
        while let Some(found) = find_word(&lower[from..], lead) {
            let at = from + found + lead.len();
            from = at;
            let rest = text[at..].trim_start();
            let Some(place) = capital_run(rest) else {
                continue;
            };
            let Some(after) = rest[place.len()..].strip_prefix(", ") else {
                continue;
            };
            let Some(name) = capital_run(after) else {
                continue;
            };
            let ends = after[name.len()..]
                .chars()
                .next()
                .is_none_or(|c| ".,;!?\n".contains(c));
            let last = name
                .split_whitespace()
                .next_back()
                .unwrap_or_default()
                .to_lowercase();
            let reads_as_name = name.contains("'s")
                || name.contains("’s")
                || name.contains('&')
                || KIND_NOUNS.contains(&last.as_str());
            if ends && reads_as_name && !is_not_a_place(&place) {
                return Some(name);
            }
        }
    }
    None
}

/// The place the brief names ("in Leeds", "based in Small Heath Birmingham", "from Glasgow").
pub fn place(text: &str, name: Option<&str>) -> Option<String> {
    let all_lower = !text.chars().skip(1).any(|c| c.is_uppercase());
    let lower = text.to_ascii_lowercase();
    let mut best: Option<(usize, String)> = None;
    for lead in [
        "based in ",
        "cover ",
        "covering ",
        "serving ",
        "around ",
        "round ",
        "located in ",
        "in ",
        "near ",
        "from ",
        "at ",
        "on ",
    ] {
        let mut from = 0;
        while let Some(found) = find_word(&lower[from..], lead) {
            let at = from + found + lead.len();
            from = at;
            let rest = &text[at..];
            let candidate = if all_lower {
                lowercase_place(rest)
            } else {
                capital_run(rest).map(|run| with_town(rest, run))
            };
            let Some(candidate) = candidate else { continue };
            // "LOCKED IN Escape Rooms in Milton Keynes": an "in" inside the name is no place.
            let inside_name = name
                .and_then(|n| text.find(n).map(|start| (start, start + n.len())))
                .is_some_and(|(start, end)| (start..end).contains(&(at - 1)));
            if inside_name
                || name
                    .is_some_and(|n| n.eq_ignore_ascii_case(&candidate) || n.contains(&candidate))
                || is_not_a_place(&candidate)
            {
                continue;
            }
            let lead_at = at - lead.len();
            if best.as_ref().is_none_or(|(b, _)| lead_at < *b) {
                best = Some((lead_at, candidate));
            }
            break;
        }
    }
    if let Some((_, place)) = best {
        return Some(place);
    }
    // "Website for Studio Nine Hair, Nottingham." / "X - Liverpool (Bold Street)".
    let name = name?;
    let after = &text[text.find(name)? + name.len()..];
    let after = after
        .strip_prefix(", ")
        .or_else(|| after.strip_prefix(" - "))
        .or_else(|| after.strip_prefix(" – "))?;
    let run = capital_run(after)?;
    (run.split_whitespace().count() <= 3 && !is_not_a_place(&run)).then_some(run)
}

/// Labels that state the kind of business ("Business: dog grooming", as the answers to the
/// brief's questions read).
const KIND_LABELS: [&str; 3] = ["business:", "what we do:", "what i do:"];

/// The kind of business in the person's words ("yoga studio", "plumbing business"). A stated
/// kind ([`KIND_LABELS`]) wins over a generic noun elsewhere ("a website for my business").
pub fn kind(text: &str) -> Option<String> {
    let lower = text.to_ascii_lowercase();
    let stated = KIND_LABELS
        .iter()
        .filter_map(|label| lower.find(label).map(|at| at + label.len()))
        .min();
    if let Some(at) = stated {
        let stated = text[at..]
            .split(['.', '\n', ';'])
            .next()
            .unwrap_or_default()
            .trim();
        if !stated.is_empty() {
            return noun_kind(stated).or_else(|| Some(stated.to_owned()));
        }
    }
    noun_kind(text)
}

fn noun_kind(text: &str) -> Option<String> {
    let words = Words::new(text);
    for (index, word) in words.lower.iter().enumerate() {
        if !KIND_NOUNS.contains(&word.as_str()) {
            continue;
        }
        // Up to two qualifying words before the noun ("family Italian restaurant").
        let mut from = index;
        while from > 0
            && index - from < 2
            && words.joined(from - 1)
            && !KIND_STOPS.contains(&words.lower[from - 1].as_str())
            && !words.lower[from - 1].chars().any(|c| c.is_ascii_digit())
        {
            from -= 1;
        }
        return Some(words.slice(from, index + 1).to_owned());
    }
    None
}

const KIND_NOUNS: &[&str] = &[
    "studio",
    "business",
    "restaurant",
    "cafe",
    "café",
    "bakery",
    "shop",
    "stall",
    "salon",
    "practice",
    "clinic",
    "garage",
    "band",
    "photographer",
    "florist",
    "plumber",
    "electrician",
    "builder",
    "accountant",
    "tutor",
    "teacher",
    "physio",
    "physiotherapist",
    "dentist",
    "groomer",
    "gym",
    "garden",
    "b&b",
    "hotel",
    "guesthouse",
    "pub",
    "bar",
    "bistro",
    "company",
    "agency",
    "charity",
    "club",
    "collective",
    "school",
    "nursery",
    "barber",
    "barbers",
    "therapist",
    "coach",
    "trainer",
    "consultant",
    "designer",
    "artist",
    "mechanic",
    "cleaner",
    "cleaning",
    "gardener",
    "decorator",
    "joiner",
    "carpenter",
    "roofer",
    "locksmith",
    "vet",
    "kennels",
    "cattery",
    "farm",
    "brewery",
    "winery",
    "deli",
    "butcher",
    "baker",
    "caterer",
    "catering",
    "venue",
    "choir",
    "orchestra",
    "dj",
    "repairs",
    "firm",
    "surgery",
    "spa",
    "nails",
];

const KIND_STOPS: &[&str] = &[
    "a", "an", "the", "my", "our", "for", "of", "in", "we", "i", "have", "run", "small", "little",
    "local", "and", "with", "its", "it's", "is", "are", "one-page", "simple",
];

/// Finds `lead` at a word start in `lower`.
fn find_word(lower: &str, lead: &str) -> Option<usize> {
    let mut from = 0;
    while let Some(found) = lower[from..].find(lead) {
        let at = from + found;
        let starts = at == 0
            || lower[..at]
                .chars()
                .next_back()
                .is_some_and(|c| !c.is_alphanumeric() && c != '\'');
        if starts {
            return Some(at);
        }
        from = at + lead.len();
    }
    None
}

/// Capitalised words at the start of `text`, with joiners between them and a possessive
/// ("Nonna Rosa's", "Crumb and Co", "Ink & Iron Tattoo Collective").
fn capital_run(text: &str) -> Option<String> {
    let text = text.trim_start();
    let mut end = 0;
    let mut last_capital_end = 0;
    let mut offset = 0;
    for (index, token) in text.split(' ').enumerate() {
        let start = offset;
        offset += token.len() + 1;
        let word = token.trim_end_matches([',', '.', '?', '!', ':', ';', ')']);
        let capital = word
            .chars()
            .next()
            .is_some_and(|c| c.is_uppercase() || (c.is_ascii_digit() && index > 0));
        let joiner = index > 0 && NAME_JOINERS.contains(&word.to_lowercase().as_str());
        if word.is_empty() || !(capital || joiner) || (index == 0 && !capital) {
            break;
        }
        end = start + word.len();
        if capital {
            last_capital_end = end;
        }
        if word.len() != token.len() {
            break;
        }
    }
    let _ = end;
    let run = text[..last_capital_end].trim();
    let first = run.split_whitespace().next().unwrap_or_default();
    let single_pronoun = ["I", "I'm", "We", "Our", "My", "The", "A", "An"].contains(&run);
    (!run.is_empty() && !single_pronoun && first != "I" && run.split_whitespace().count() <= 6)
        .then(|| run.to_owned())
}

/// A lowercase name: up to a stop word or punctuation, at most five words.
fn lowercase_name(text: &str) -> Option<String> {
    let end = text
        .find([',', '.', '!', '?', ';', ':', '('])
        .unwrap_or(text.len());
    let mut name = &text[..end];
    let padded = format!("{name} ");
    if let Some(stop) = NAME_STOPS.iter().filter_map(|s| padded.find(s)).min() {
        name = &name[..stop.min(name.len())];
    }
    let name = name.trim();
    (!name.is_empty() && name.split_whitespace().count() <= 5).then(|| name.to_owned())
}

/// A place in an all-lowercase brief: up to punctuation, at most five words.
fn lowercase_place(text: &str) -> Option<String> {
    let end = text
        .find([',', '.', '!', '?', ';', ':', '('])
        .unwrap_or(text.len());
    let place = text[..end].trim();
    let place = place.strip_prefix("the ").unwrap_or(place);
    let count = place.split_whitespace().count();
    let first = place.split_whitespace().next().unwrap_or_default();
    ((1..=5).contains(&count) && !is_not_a_place(first)).then(|| place.to_owned())
}

/// "Jesmond Health Centre" followed by ", Newcastle": the town after a comma joins the place.
fn with_town(rest: &str, run: String) -> String {
    let after = &rest.trim_start()[run.len()..];
    // "Walcot Street in Bath".
    if let Some(next) = after.strip_prefix(" in ")
        && let Some(town) = capital_run(next)
    {
        return format!("{run} in {town}");
    }
    if let Some(next) = after.strip_prefix(", ")
        && let Some(town) = capital_run(next)
    {
        let single = town.split_whitespace().count() == 1;
        let ends = next[town.len()..]
            .chars()
            .next()
            .is_none_or(|c| ".,;!?)".contains(c));
        if single && ends && run.split_whitespace().count() >= 2 {
            return format!("{run}, {town}");
        }
    }
    run
}

fn is_place_like(name: &str) -> bool {
    name.split_whitespace().count() == 1
}

/// Words after "in"/"on"/"at" that are not places.
fn is_not_a_place(candidate: &str) -> bool {
    let first = candidate
        .split_whitespace()
        .next()
        .unwrap_or_default()
        .to_lowercase();
    [
        "person",
        "summer",
        "winter",
        "spring",
        "autumn",
        "the",
        "a",
        "an",
        "my",
        "our",
        "your",
        "touch",
        "time",
        "advance",
        "person",
        "total",
        "one",
        "two",
        "instagram",
        "insta",
        "facebook",
        "tiktok",
        "twitter",
        "friday",
        "monday",
        "tuesday",
        "wednesday",
        "thursday",
        "saturday",
        "sunday",
        "weekends",
        "nhs",
        "gcse",
        "i",
        "we",
        "it",
        "this",
        "that",
        "their",
        "his",
        "her",
        "what",
        "how",
        "mind",
        "line",
        "request",
        "phone",
        "mobile",
        "desktop",
        "in",
        "at",
        "on",
        "of",
        "for",
        "to",
        "and",
        "with",
        "english",
        "spanish",
        "french",
        "german",
        "italian",
    ]
    .contains(&first.as_str())
}

#[cfg(test)]
#[path = "extract_tests.rs"]
mod tests;
