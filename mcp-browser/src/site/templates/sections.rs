//! One purpose-fit renderer per section kind: a timetable is a table, prices a price list,
//! reviews are quotes, a gallery an image grid with alt text, a booking/quote/contact section
//! the main form ([`super::forms`]). Content is the brief's own words; anything missing is a
//! placeholder ([`Placeholders`]). Every section is
//! `<section id="{kind}" data-section="{kind}" aria-labelledby=…>` so edits can address it.

use super::content::{Content, capitalised, contact_details};
use super::escape;
use super::forms;
use super::placeholder::Placeholders;
use crate::site::brief::{Facts, PriceFact, SectionKind, SectionPlan};

/// A section's HTML. With `own_heading` it has an `<h2>` in the person's words and is a named
/// region; without (the only section of a page, named by the page's `<h1>`), it is a plain
/// section whose item headings move up a level so the outline has no gap.
pub fn section(
    plan: &SectionPlan,
    content: &Content,
    marks: &mut Placeholders,
    own_heading: bool,
) -> String {
    let id = plan.kind.as_str();
    let (labelled_by, heading) = if own_heading {
        (
            format!(" aria-labelledby=\"{id}-h\""),
            format!("<h2 id=\"{id}-h\">{}</h2>\n", escape(&plan.label)),
        )
    } else {
        (String::new(), String::new())
    };
    let body = match plan.kind {
        SectionKind::About => about(marks),
        SectionKind::Services => services(plan, &content.facts, marks),
        SectionKind::Timetable => timetable(&content.facts, marks),
        SectionKind::Prices | SectionKind::Rooms => prices(plan, &content.facts, marks, false),
        SectionKind::Menu => prices(plan, &content.facts, marks, true),
        SectionKind::Hours => hours(&content.facts, marks),
        SectionKind::Location => location(content, marks),
        SectionKind::Booking | SectionKind::Quote | SectionKind::Contact => {
            forms::form_section(plan.kind, content, marks)
        }
        SectionKind::Reviews => reviews(marks),
        SectionKind::Gallery => gallery(plan, content, marks),
        SectionKind::Faq => faq(plan, marks),
        SectionKind::Team => team(marks),
        SectionKind::Events => events(marks),
        SectionKind::Setlist => setlist(marks),
        SectionKind::Videos => videos(marks),
    };
    let body = if own_heading {
        body
    } else {
        body.replace("<h3", "<h2").replace("</h3>", "</h2>")
    };
    format!(
        "<section class=\"stack section\" id=\"{id}\" data-section=\"{id}\"{labelled_by}>\n{heading}{body}</section>\n"
    )
}

/// `count` stand-in items, numbered from 1 and written by `item`, for a section the brief gives
/// nothing for yet (each item made of placeholders the owner replaces).
fn placeholder_items(count: usize, item: impl FnMut(usize) -> String) -> String {
    (1..=count).map(item).collect()
}

/// [`placeholder_items`] as a whole list: `<{tag} class="{class}">`, the items, the end tag.
fn placeholder_list(
    tag: &str,
    class: &str,
    count: usize,
    item: impl FnMut(usize) -> String,
) -> String {
    let items = placeholder_items(count, item);
    format!("<{tag} class=\"{class}\">\n{items}</{tag}>\n")
}

fn about(marks: &mut Placeholders) -> String {
    format!(
        "<p>{}</p>\n",
        marks.span(
            "about",
            "A few sentences about you: who you are and what you care about"
        )
    )
}

/// The price written for `item`, if the brief gives one.
fn price_of<'a>(item: &str, prices: &'a [PriceFact]) -> Option<&'a PriceFact> {
    let item = item.to_lowercase();
    prices.iter().find(|p| {
        let named = p.item.to_lowercase();
        named.contains(&item) || item.contains(&named)
    })
}

fn services(plan: &SectionPlan, facts: &Facts, marks: &mut Placeholders) -> String {
    let mut names: Vec<String> = facts.services.clone();
    if names.is_empty() {
        names = plan.items.clone();
    }
    // Priced items the list does not already name.
    for price in &facts.prices {
        let item = price.item.to_lowercase();
        let named = names.iter().any(|n| {
            let n = n.to_lowercase();
            n.contains(&item) || item.contains(&n)
        });
        if !named {
            names.push(price.item.clone());
        }
    }
    let rows: String = if names.is_empty() {
        placeholder_items(3, |n| {
            format!(
                "<li class=\"card\"><h3>{}</h3><p class=\"muted\">{}</p></li>\n",
                marks.span("service", &format!("Service {n}")),
                marks.span("service-text", "What it includes")
            )
        })
    } else {
        names
            .iter()
            .map(|name| {
                let price = price_of(name, &facts.prices)
                    .map(|p| format!("<p class=\"price\">{}</p>", escape(&p.price)))
                    .unwrap_or_default();
                format!(
                    "<li class=\"card\"><h3>{}</h3>{price}</li>\n",
                    escape(&capitalised(name))
                )
            })
            .collect()
    };
    format!("<ul class=\"cards\">\n{rows}</ul>\n")
}

/// A price list: the brief's prices, then named items without a price (a placeholder price).
fn prices(plan: &SectionPlan, facts: &Facts, marks: &mut Placeholders, describe: bool) -> String {
    let mut rows = String::new();
    let mut listed: Vec<String> = Vec::new();
    for price in &facts.prices {
        let text = if describe {
            format!(
                "<p class=\"muted\">{}</p>",
                marks.span("dish", &format!("A line about the {}", price.item))
            )
        } else {
            String::new()
        };
        rows.push_str(&format!(
            "<li><div><h3>{}</h3>{text}</div><span class=\"price\">{}</span></li>\n",
            escape(&capitalised(&price.item)),
            escape(&price.price)
        ));
        listed.push(price.item.to_lowercase());
    }
    let unpriced: Vec<&String> = if plan.items.is_empty() && plan.kind != SectionKind::Menu {
        facts.services.iter().collect()
    } else {
        plan.items.iter().collect()
    };
    for item in unpriced {
        if price_of(item, &facts.prices).is_some() || listed.contains(&item.to_lowercase()) {
            continue;
        }
        rows.push_str(&format!(
            "<li><div><h3>{}</h3></div><span class=\"price\">{}</span></li>\n",
            escape(&capitalised(item)),
            marks.span("price", &format!("Your {item} price"))
        ));
    }
    if rows.is_empty() {
        rows = placeholder_items(3, |n| {
            format!(
                "<li><div><h3>{}</h3></div><span class=\"price\">{}</span></li>\n",
                marks.span("item", &format!("Item {n}")),
                marks.span("price", "Price")
            )
        });
    }
    format!("<ul class=\"list price-list\">\n{rows}</ul>\n")
}

/// "Tue-Sat 5pm-10pm" → ("Tue-Sat", "5pm-10pm"): the words before the first number, the rest.
fn split_time(text: &str) -> (&str, &str) {
    match text.find(|c: char| c.is_ascii_digit()) {
        Some(at) if at > 0 => (text[..at].trim(), text[at..].trim()),
        _ => (text.trim(), ""),
    }
}

fn hours(facts: &Facts, marks: &mut Placeholders) -> String {
    if facts.hours.is_empty() {
        return format!("<p>{}</p>\n", marks.span("hours", "Your opening hours"));
    }
    let rows: String = facts
        .hours
        .iter()
        .map(|line| {
            let (days, time) = split_time(line);
            let time = if time.is_empty() && !days.to_lowercase().contains("closed") {
                marks.span("hours", &format!("Opening times on {days}"))
            } else {
                escape(time)
            };
            format!(
                "<tr><th scope=\"row\">{}</th><td>{time}</td></tr>\n",
                escape(days)
            )
        })
        .collect();
    format!("<table class=\"table\">\n<tbody>\n{rows}</tbody>\n</table>\n")
}

fn timetable(facts: &Facts, marks: &mut Placeholders) -> String {
    let mut rows = String::new();
    for line in &facts.hours {
        let (days, time) = split_time(line);
        let time = if time.is_empty() {
            marks.span("time", "Time")
        } else {
            escape(time)
        };
        rows.push_str(&format!(
            "<tr><th scope=\"row\">{}</th><td>{time}</td><td>{}</td></tr>\n",
            escape(days),
            marks.span("class", "What happens")
        ));
    }
    if rows.is_empty() {
        rows = placeholder_items(3, |_| {
            format!(
                "<tr><th scope=\"row\">{}</th><td>{}</td><td>{}</td></tr>\n",
                marks.span("day", "Day"),
                marks.span("time", "Time"),
                marks.span("class", "Class name")
            )
        });
    }
    format!(
        "<div class=\"table-wrap\"><table class=\"table\">\n<thead><tr><th scope=\"col\">Day</th><th scope=\"col\">Time</th><th scope=\"col\">What</th></tr></thead>\n<tbody>\n{rows}</tbody>\n</table></div>\n"
    )
}

fn location(content: &Content, marks: &mut Placeholders) -> String {
    format!(
        "{}<p>{}</p>\n",
        contact_details(content, marks),
        marks.span(
            "directions",
            "How to find you: parking, bus stops, landmarks"
        )
    )
}

fn reviews(marks: &mut Placeholders) -> String {
    placeholder_items(2, |_| {
        format!(
            "<figure class=\"card review\"><blockquote><p>{}</p></blockquote><figcaption>{}</figcaption></figure>\n",
            marks.span("review", "A customer's words, with their permission"),
            marks.span("reviewer", "Their name")
        )
    })
}

/// A neutral picture frame to replace with a real photo (an inline SVG, nothing loaded).
const FRAME: &str = "data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 4 3'%3E%3Crect width='4' height='3' fill='%23d6d3d1'/%3E%3C/svg%3E";

fn gallery(plan: &SectionPlan, content: &Content, marks: &mut Placeholders) -> String {
    let subject = plan
        .items
        .first()
        .cloned()
        .or_else(|| content.name.clone())
        .unwrap_or_else(|| "your work".to_owned());
    placeholder_list("ul", "gallery", 4, |n| {
        format!(
            "<li><figure><img src=\"{FRAME}\" width=\"400\" height=\"300\" alt=\"Photo {n} of {}, to be added\"><figcaption>{}</figcaption></figure></li>\n",
            escape(&subject),
            marks.span(
                "photo",
                &format!("Photo {n} of {subject} and a few words about it")
            )
        )
    })
}

fn faq(plan: &SectionPlan, marks: &mut Placeholders) -> String {
    let questions: String = if plan.items.is_empty() {
        placeholder_items(3, |n| {
            format!(
                "<details class=\"card\"><summary>{}</summary><p>{}</p></details>\n",
                marks.span("question", &format!("A question people ask ({n})")),
                marks.span("answer", "Your answer")
            )
        })
    } else {
        plan.items
            .iter()
            .map(|question| {
                let question = capitalised(question);
                let mark = if question.ends_with('?') { "" } else { "?" };
                format!(
                    "<details class=\"card\"><summary>{}{mark}</summary><p>{}</p></details>\n",
                    escape(&question),
                    marks.span("answer", &format!("Your answer to \"{question}\""))
                )
            })
            .collect()
    };
    format!("<div class=\"stack\">\n{questions}</div>\n")
}

fn team(marks: &mut Placeholders) -> String {
    placeholder_list("ul", "cards", 3, |n| {
        format!(
            "<li class=\"card\"><img src=\"{FRAME}\" width=\"400\" height=\"300\" alt=\"Photo of team member {n}, to be added\"><h3>{}</h3><p class=\"muted\">{}</p></li>\n",
            marks.span("person", &format!("Name {n}")),
            marks.span("role", "Role and what they do best")
        )
    })
}

fn events(marks: &mut Placeholders) -> String {
    placeholder_list("ul", "list", 2, |_| {
        format!(
            "<li><div><h3>{}</h3><p class=\"muted\">{}</p></div><span class=\"price\">{}</span></li>\n",
            marks.span("event", "Event"),
            marks.span("event-text", "What it is"),
            marks.span("event-date", "Date")
        )
    })
}

fn setlist(marks: &mut Placeholders) -> String {
    placeholder_list("ol", "songs", 3, |n| {
        format!(
            "<li>{}</li>\n",
            marks.span("song", &format!("Song {n} — artist"))
        )
    })
}

fn videos(marks: &mut Placeholders) -> String {
    placeholder_list("ul", "songs", 2, |n| {
        format!(
            "<li>{}</li>\n",
            marks.span("video", &format!("Link to video {n}"))
        )
    })
}
