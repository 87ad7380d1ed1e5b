use super::edits::{Edit, PageText, edits, unique_hunks};
use super::phrasings::PHRASINGS;
use super::*;
use crate::site::edit::apply;

/// The shape a refinement has, in the corpus' notation.
fn shape(refinement: &Refinement) -> String {
    match refinement {
        Refinement::Colour { part, colour } => format!("colour:{}:{}", part.as_str(), colour.name),
        Refinement::Font { role, family } => format!(
            "font:{}:{}",
            match role {
                FontRole::Heading => "heading",
                FontRole::Body => "body",
                FontRole::Both => "both",
            },
            match family {
                Family::Serif => "serif",
                Family::Sans => "sans",
                Family::Mono => "mono",
            }
        ),
        Refinement::TextSize { up } => format!("size:{}", if *up { "up" } else { "down" }),
        Refinement::Phone { .. } => "phone".into(),
        Refinement::Email { .. } => "email".into(),
        Refinement::Replace { old, new } => format!("replace:{old}=>{new}"),
        Refinement::AddPage { kind } => format!("add:{}", kind.as_str()),
        Refinement::RemoveSection { kind } => format!("remove:{}", kind.as_str()),
        Refinement::SwapSections { first, second } => {
            format!("swap:{}={}", first.as_str(), second.as_str())
        }
        Refinement::MoveSection {
            kind,
            position,
            anchor,
        } => format!(
            "move:{}{}{}",
            kind.as_str(),
            match position {
                Position::Before => "<",
                Position::After => ">",
            },
            anchor.as_str()
        ),
    }
}

#[test]
fn every_phrasing_reads_as_the_change_it_asks_for() {
    let mut wrong = Vec::new();
    for (message, expected) in PHRASINGS {
        let got = match parse(message) {
            Some(refinement) => shape(&refinement),
            None if looks_like_site_edit(message) => "needs_model".to_owned(),
            None => "nothing".to_owned(),
        };
        if got != *expected {
            wrong.push(format!("{message:?}: expected {expected}, got {got}"));
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

#[test]
fn phone_numbers_and_addresses_are_read_whole() {
    assert_eq!(
        parse("change the phone number to 0117 496 0000"),
        Some(Refinement::Phone {
            new: "0117 496 0000".into()
        })
    );
    assert_eq!(
        parse("our number is +44 (0)161 496 0123."),
        Some(Refinement::Phone {
            new: "+44 (0)161 496 0123".into()
        })
    );
    assert!(parse("go to the third page").is_none());
}

fn site(brief_text: &str) -> Vec<PageText> {
    PageText::offline_site(brief_text)
}

const YOGA: &str = "a yoga studio in Leeds: class timetable, prices for drop-in and monthly passes, reviews, and a page to book a first class. Call 0113 496 0000.";

/// Applies the page edits and returns the new pages.
fn applied(pages: &[PageText], edits: &[Edit]) -> Vec<PageText> {
    pages
        .iter()
        .map(|page| {
            let mut html = page.html.clone();
            for edit in edits {
                if let Edit::Page { slug, hunks } = edit
                    && *slug == page.slug
                {
                    html = apply(&html, hunks).unwrap();
                }
            }
            PageText {
                slug: page.slug.clone(),
                html,
            }
        })
        .collect()
}

#[test]
fn a_rename_changes_visible_text_only() {
    let pages = site(YOGA);
    let change = edits(&parse("rename Timetable to Class times").unwrap(), &pages).unwrap();
    let after = applied(&pages, &change);
    for (before, after) in pages.iter().zip(&after) {
        if before.html.contains(">Timetable<") {
            assert!(after.html.contains(">Class times<"), "{}", after.slug);
        }
        assert!(!after.html.contains(">Timetable<"), "{}", after.html);
        // Addresses and ids keep the slug.
        assert_eq!(
            before.html.matches("timetable.html").count(),
            after.html.matches("timetable.html").count()
        );
    }
}

#[test]
fn the_phone_number_changes_everywhere_with_its_link() {
    let pages = site(YOGA);
    let change = edits(
        &parse("our number is actually 0161 496 0123").unwrap(),
        &pages,
    )
    .unwrap();
    assert!(!change.is_empty());
    let after = applied(&pages, &change);
    let all: String = after.iter().map(|p| p.html.as_str()).collect();
    assert!(
        all.contains("href=\"tel:01614960123\">0161 496 0123</a>"),
        "{all}"
    );
    assert!(!all.contains("0113 496 0000"));
}

#[test]
fn a_section_is_removed_and_the_rest_is_byte_identical() {
    let pages = site(YOGA);
    let change = edits(&parse("get rid of the testimonials").unwrap(), &pages).unwrap();
    let [Edit::Page { slug, hunks }] = change.as_slice() else {
        panic!("{change:?}");
    };
    let page = pages.iter().find(|p| p.slug == *slug).unwrap();
    let after = apply(&page.html, hunks).unwrap();
    assert!(!after.contains("data-section=\"reviews\""));
    let removed = &hunks[0].search;
    assert_eq!(after, page.html.replacen(removed.as_str(), "", 1));
    assert!(edits(&parse("remove the gallery section").unwrap(), &pages).is_err());
}

#[test]
fn a_section_moves_above_another_on_the_same_page_or_across_pages() {
    let pages = site(YOGA);
    let change = edits(&parse("move the reviews above the prices").unwrap(), &pages).unwrap();
    let after = applied(&pages, &change);
    let home = after
        .iter()
        .find(|p| p.html.contains("data-section=\"prices\""))
        .unwrap();
    let reviews = home.html.find("data-section=\"reviews\"").unwrap();
    let prices = home.html.find("data-section=\"prices\"").unwrap();
    assert!(reviews < prices);
    let before = pages.iter().find(|p| p.slug == home.slug).unwrap();
    assert_eq!(before.html.len(), home.html.len());

    let change = edits(&parse("move prices above the timetable").unwrap(), &pages).unwrap();
    let after = applied(&pages, &change);
    let timetable = after.iter().find(|p| p.slug == "timetable").unwrap();
    let prices = timetable.html.find("data-section=\"prices\"").unwrap();
    let table = timetable.html.find("data-section=\"timetable\"").unwrap();
    assert!(prices < table, "{}", timetable.html);
}

#[test]
fn two_sections_of_a_page_swap_and_nothing_else_moves() {
    let pages = site(YOGA);
    let change = edits(
        &parse("swap the order of prices and reviews").unwrap(),
        &pages,
    )
    .unwrap();
    let after = applied(&pages, &change);
    let home = after
        .iter()
        .find(|p| p.html.contains("data-section=\"prices\""))
        .unwrap();
    let before = pages.iter().find(|p| p.slug == home.slug).unwrap();
    let order = |html: &str| {
        let prices = html.find("data-section=\"prices\"").unwrap();
        let reviews = html.find("data-section=\"reviews\"").unwrap();
        prices < reviews
    };
    assert_ne!(order(&before.html), order(&home.html));
    assert_eq!(before.html.len(), home.html.len());
    let mut sorted_before: Vec<char> = before.html.chars().collect();
    let mut sorted_after: Vec<char> = home.html.chars().collect();
    sorted_before.sort_unstable();
    sorted_after.sort_unstable();
    assert_eq!(sorted_before, sorted_after, "the same bytes, reordered");
    // Sections on different pages are not swapped offline.
    assert!(edits(&parse("swap the timetable and the prices").unwrap(), &pages).is_err());
}

#[test]
fn colours_fonts_and_sizes_are_design_tokens_with_readable_text() {
    let pages = site(YOGA);
    let change = edits(&parse("make the header green").unwrap(), &pages).unwrap();
    let tokens: Vec<(&str, &str)> = change
        .iter()
        .map(|edit| match edit {
            Edit::Token { name, value } => (name.as_str(), value.as_str()),
            other => panic!("{other:?}"),
        })
        .collect();
    let fill = crate::site::colors::parse_hex(tokens[0].1).unwrap();
    let ink = crate::site::colors::parse_hex(tokens[1].1).unwrap();
    assert_eq!(tokens[0].0, "color-header");
    assert!(crate::site::colors::contrast(fill, ink) >= 4.5);
    let change = edits(&parse("use a serif font for headings").unwrap(), &pages).unwrap();
    assert!(
        matches!(&change[..], [Edit::Token { name, value }] if name == "font-heading" && value.ends_with("serif"))
    );
}

#[test]
fn a_new_page_is_generated_unless_it_exists() {
    let pages = site(YOGA);
    let change = edits(&parse("add a FAQ page").unwrap(), &pages).unwrap();
    assert!(matches!(&change[..], [Edit::NewPage { slug, .. }] if slug == "faq"));
    assert!(edits(&parse("add a timetable page").unwrap(), &pages).is_err());
}

#[test]
fn repeated_text_gets_hunks_that_each_occur_once() {
    let text = "<p>Book</p><p>Book</p><p>Book now</p>";
    let spans: Vec<(usize, usize, String)> = [3usize, 14]
        .iter()
        .map(|at| (*at, at + 4, "Reserve".to_owned()))
        .collect();
    let hunks = unique_hunks(text, &spans);
    assert_eq!(
        apply(text, &hunks).unwrap(),
        "<p>Reserve</p><p>Reserve</p><p>Book now</p>"
    );
}
