use super::*;

fn kinds(text: &str) -> Vec<(&'static str, String)> {
    named_sections(text)
        .into_iter()
        .map(|n| (n.kind.as_str(), n.label))
        .collect()
}

#[test]
fn a_section_keeps_the_list_it_names() {
    let named = named_sections(
        "prices for drop-in and monthly passes, and FAQs (what to wear, do I need a GP referral, etc)",
    );
    assert_eq!(named[0].items, ["drop-in", "monthly passes"]);
    assert_eq!(named[1].items, ["what to wear", "do I need a GP referral"]);
}

#[test]
fn sections_keep_the_persons_words_in_order() {
    assert_eq!(
        kinds(
            "a yoga studio in Leeds: class timetable, prices for drop-in and monthly passes, and a page to book a first class"
        ),
        [
            ("timetable", "Class timetable".to_owned()),
            ("prices", "Prices".to_owned()),
            ("booking", "Book a first class".to_owned()),
        ]
    );
    assert_eq!(
        kinds(
            "my plumbing business in Bristol, with services, emergency call-out prices, reviews and a quote request form"
        ),
        [
            ("services", "Services".to_owned()),
            ("prices", "Call-out prices".to_owned()),
            ("reviews", "Reviews".to_owned()),
            ("quote", "Quote request".to_owned()),
        ]
    );
}

#[test]
fn whole_words_only_and_no_negated_sections() {
    assert!(
        kinds("find us on Facebook, open for an hour")
            .iter()
            .all(|(k, _)| *k != "booking" && *k != "hours")
    );
    assert!(
        kinds("no prices please, just a gallery")
            .iter()
            .all(|(k, _)| *k != "prices")
    );
}

#[test]
fn how_it_works_is_services_and_brackets_are_the_sections_items() {
    assert_eq!(
        kinds(
            "about me, how a lesson works, rates, FAQ (how many lessons? timetable?) and contact"
        ),
        [
            ("about", "About me".to_owned()),
            ("services", "How a lesson works".to_owned()),
            ("prices", "Rates".to_owned()),
            ("faq", "FAQ".to_owned()),
            ("contact", "Contact".to_owned()),
        ]
    );
}

#[test]
fn where_we_will_be_is_a_location() {
    assert!(
        kinds("our menu and where we'll be next weekend")
            .iter()
            .any(|(k, _)| *k == "location")
    );
}

#[test]
fn usual_typos_of_section_words_still_name_them() {
    let found = kinds("a page for my prises, a form to ask for a qoute and some revews");
    let found: Vec<&str> = found.iter().map(|(k, _)| *k).collect();
    assert_eq!(found, ["quote", "reviews"]);
    // A changed letter or a dropped last letter is another word.
    assert!(kinds("dates for the wedding event").is_empty());
}

#[test]
fn what_they_sell_is_services_and_their_people_are_a_team() {
    let found = kinds("Home, Our Stylists, and what teas we sell");
    assert!(
        found.contains(&("team", "Our Stylists".to_owned())),
        "{found:?}"
    );
    assert!(
        found.contains(&("services", "What teas we sell".to_owned())),
        "{found:?}"
    );
}
