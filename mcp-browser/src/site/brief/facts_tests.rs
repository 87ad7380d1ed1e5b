use super::*;

fn priced(text: &str) -> Vec<(String, String)> {
    prices(text)
        .into_iter()
        .map(|p| (p.item, p.price))
        .collect()
}

fn pairs(list: &[(&str, &str)]) -> Vec<(String, String)> {
    list.iter()
        .map(|(a, b)| ((*a).to_owned(), (*b).to_owned()))
        .collect()
}

#[test]
fn prices_keep_the_items_and_amounts_as_written() {
    assert_eq!(
        priced(
            "We do sourdough (£4.50), cinnamon buns (£2.80) and custom birthday cakes from £35. Open Wed-Sun 8am-3pm."
        ),
        pairs(&[
            ("sourdough", "£4.50"),
            ("cinnamon buns", "£2.80"),
            ("custom birthday cakes", "from £35")
        ])
    );
    assert_eq!(
        priced("my rates (£30 for an hour, £150 for a block of 6)"),
        pairs(&[("an hour", "£30"), ("a block of 6", "£150")])
    );
    assert_eq!(
        priced("rooms are £95 a night, £120 for the family room."),
        pairs(&[("rooms", "£95 a night"), ("family room", "£120")])
    );
    assert_eq!(
        priced("full groom small dogs £35 medium £45 large £55, nail clip £10."),
        pairs(&[
            ("full groom small dogs", "£35"),
            ("medium", "£45"),
            ("large", "£55"),
            ("nail clip", "£10")
        ])
    );
    assert_eq!(
        priced("Two courts: Centre and Side. £12 per court, lights £3."),
        pairs(&[("per court", "£12"), ("lights", "£3")])
    );
    assert_eq!(
        priced("Packages start at £1,400."),
        pairs(&[("Packages", "£1,400")])
    );
}

#[test]
fn hours_contacts_and_addresses() {
    assert_eq!(
        hours(
            "our opening hours (Tue-Sat 5pm-10pm, Sunday lunch 12-3, closed Mondays), walk-ins Thu"
        ),
        ["Tue-Sat 5pm-10pm", "Sunday lunch 12-3", "closed Mondays"]
    );
    assert_eq!(
        hours("Opening times are Monday to Friday 8.30am - 5.30pm."),
        ["Monday to Friday 8.30am - 5.30pm"]
    );
    assert_eq!(hours("Open Tues-Sat. Insta @studioninehair"), ["Tues-Sat"]);
    assert_eq!(
        phone("Phone is 0114 496 0321."),
        Some("0114 496 0321".into())
    );
    assert_eq!(
        email("My email is marta.spanish@example.com"),
        Some("marta.spanish@example.com".into())
    );
    assert_eq!(social("Insta @studioninehair"), ["@studioninehair"]);
    assert_eq!(
        address("Address: 27 Harbour Lane, Leicester LE1 6XY. Telephone"),
        Some("27 Harbour Lane, Leicester LE1 6XY".into())
    );
    assert_eq!(
        address("in Sheffield (14 Abbeydale Road, S7 1FA)"),
        Some("14 Abbeydale Road, S7 1FA".into())
    );
}

#[test]
fn services_are_short_listed_items() {
    assert_eq!(
        services("Cuts, colour, balayage, blow-dries. Price list + book online + opening hours."),
        ["Cuts", "colour", "balayage", "blow-dries"]
    );
    assert_eq!(
        services("I treat sports injuries, back and neck pain and do post-op rehab."),
        ["sports injuries", "back and neck pain", "post-op rehab"]
    );
    assert_eq!(
        services(
            "Pages: Home, Treatments (check-ups, hygienist, teeth whitening, Invisalign), Fees."
        ),
        ["check-ups", "hygienist", "teeth whitening", "Invisalign"]
    );
    assert!(services("Need: services, prices, FAQ, contact.").is_empty());
}
