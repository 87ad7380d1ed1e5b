use super::*;

#[test]
fn names_are_kept_as_written() {
    let cases = [
        (
            "Build a site for a bakery called Crumb and Co in Totnes, with our menu",
            Some("Crumb and Co"),
        ),
        (
            "a small family Italian restaurant called Nonna Rosa's in Sheffield (14",
            Some("Nonna Rosa's"),
        ),
        (
            "We're The Velvet Hours, a 5-piece wedding & function band",
            Some("The Velvet Hours"),
        ),
        ("Hola! I'm Marta, I teach Spanish", Some("Marta")),
        ("Hi, I'm a physio (HCPC registered)", None),
        (
            "set up a little website for my flower shop, Petal & Stem, on Walcot Street in Bath.",
            Some("Petal & Stem"),
        ),
        (
            "Website for Studio Nine Hair, Nottingham. Cuts",
            Some("Studio Nine Hair"),
        ),
        (
            "Dave's Bike Shed - bike repairs in Cardiff.",
            Some("Dave's Bike Shed"),
        ),
        (
            "would love a site. we're called fellside view b&b",
            Some("fellside view b&b"),
        ),
        (
            "its called Paws & Claws, were in Didsbury manchester",
            Some("Paws & Claws"),
        ),
        (
            "Could you build a webpage for Elm Road Community Garden? We're a volunteer-run",
            Some("Elm Road Community Garden"),
        ),
        ("a yoga studio in Leeds: class timetable", None),
        (
            "a site for my cleaning company Sparkle & Shine, we cover Reading",
            Some("Sparkle & Shine"),
        ),
        (
            "Our choir, the Harbour Voices, rehearses on Tuesdays",
            Some("the Harbour Voices"),
        ),
        ("my plumbing business in Bristol, with services", None),
        (
            "site for my food van “Wrap Star” - find me at markets",
            Some("Wrap Star"),
        ),
        ("FAQ like \"Do you deliver?\" and prices", None),
        (
            "gutter clearing round in Bangor, Gwen's Gutters. from £40",
            Some("Gwen's Gutters"),
        ),
        ("a dog walker in Leeds, West Yorkshire. walks £12", None),
        (
            "cake maker based in Hull, Sugar & Spice, weddings",
            Some("Sugar & Spice"),
        ),
        ("pages: About us, Our rooms, Fees, Contact.", None),
        (
            "I need a one-page portfolio for a wedding photographer",
            None,
        ),
    ];
    for (text, expected) in cases {
        assert_eq!(name(text).as_deref(), expected, "{text}");
    }
}

#[test]
fn places_are_kept_as_written() {
    let cases = [
        (
            "a yoga studio in Leeds: class timetable",
            None,
            Some("Leeds"),
        ),
        (
            "I teach Spanish online and in person in Brighton, mostly",
            Some("Marta"),
            Some("Brighton"),
        ),
        (
            "Based in Small Heath Birmingham. 0121",
            None,
            Some("Small Heath Birmingham"),
        ),
        (
            "a 5-piece wedding & function band from Glasgow.",
            None,
            Some("Glasgow"),
        ),
        (
            "working from a clinic room at Jesmond Health Centre, Newcastle. I treat",
            None,
            Some("Jesmond Health Centre, Newcastle"),
        ),
        (
            "hi there we have a small b&b in the lake district near keswick, 3 rooms",
            None,
            Some("lake district near keswick"),
        ),
        (
            "Website for Studio Nine Hair, Nottingham. Cuts",
            Some("Studio Nine Hair"),
            Some("Nottingham"),
        ),
        ("a website for my business", None, None),
        (
            "a page for STUCK IN Puzzle Rooms in Market Harborough!",
            Some("STUCK IN Puzzle Rooms"),
            Some("Market Harborough"),
        ),
        (
            "a coffee van doing festivals round Ipswich. Menu",
            None,
            Some("Ipswich"),
        ),
        (
            "window cleaning round in swansea, cheap rates",
            None,
            Some("swansea"),
        ),
        (
            "Sparkle & Shine, we cover Reading and Wokingham.",
            Some("Sparkle & Shine"),
            Some("Reading and Wokingham"),
        ),
    ];
    for (text, name, expected) in cases {
        assert_eq!(place(text, name).as_deref(), expected, "{text}");
    }
}

#[test]
fn kinds_are_the_persons_words() {
    assert_eq!(
        kind("a yoga studio in Leeds").as_deref(),
        Some("yoga studio")
    );
    assert_eq!(
        kind("my plumbing business in Bristol").as_deref(),
        Some("plumbing business")
    );
    assert_eq!(
        kind("a website for my business").as_deref(),
        Some("business")
    );
    // Text whose lower case is longer ("İ") before the label leaves the stated kind whole.
    assert_eq!(
        kind("İSTANBUL KEBAB. Business:kebab shop").as_deref(),
        Some("kebab shop")
    );
}
