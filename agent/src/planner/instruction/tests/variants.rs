//! A choice described by its parts ("choose size M in the Oat colour"), and a number put in a
//! place as the thing's quantity ("add two to the bag") (`variants`, `to_place`).

use super::builder::{Page, click, run_all};
use crate::action::Action;

/// A product page: colour swatches (toggle buttons), sizes (radios), a quantity list, the add
/// control.
fn product() -> tandem_mcp_browser::snapshot::Snapshot {
    let swatch = |page: Page, name: &str, on: bool| {
        page.button(name).with(|el| {
            el.checked = Some(on);
            el.context = Some("Colour".to_owned());
        })
    };
    let size = |page: Page, name: &str| {
        page.element("radio", name).with(|el| {
            el.checked = Some(false);
            el.context = Some("Size".to_owned());
        })
    };
    let mut page = Page::new("https://shop.test/jumper", "Jumper");
    page = swatch(page, "Charcoal", true);
    page = swatch(page, "Oat", false);
    for name in ["S", "M", "L"] {
        page = size(page, name);
    }
    page.select("Quantity", &["1", "2", "3"])
        .button("Add to bag")
        .button("Save to wishlist")
        .build()
}

#[test]
fn a_described_variant_is_chosen_part_by_part_then_added_with_its_quantity() {
    let page = product();
    let (actions, _) = run_all(
        "choose size M in the Oat colour and add two to the bag",
        &page,
    );
    assert_eq!(actions[0], click("e2"), "Oat, the swatch (a toggle button)");
    assert_eq!(actions[1], Action::Check { eid: "e4".into() }, "M");
    assert!(
        matches!(&actions[2], Action::SelectOption { eid, .. } if eid.as_str() == "e6"),
        "the quantity: {:?}",
        actions[2]
    );
    assert_eq!(actions[3], click("e7"), "Add to bag, not Save to wishlist");
    assert_eq!(actions.len(), 4);
}

#[test]
fn one_named_option_is_an_ordinary_choice() {
    let page = product();
    let (actions, _) = run_all("choose M", &page);
    assert_eq!(actions, vec![Action::Check { eid: "e4".into() }]);
}

#[test]
fn a_drop_down_list_is_never_ticked_as_if_it_were_a_box() {
    let page = Page::new("https://shop.test/coffee", "Coffee")
        .select("Grind", &["Whole bean", "Filter"])
        .button("Add to basket")
        .build();
    let (actions, answer) = run_all("tick Grind", &page);
    assert!(actions.is_empty(), "nothing clicked: {actions:?}");
    assert!(answer.contains("a list to choose from"), "{answer}");
}

#[test]
fn the_one_described_by_size_in_words_and_colour_is_chosen_then_added() {
    let page = product();
    let (actions, answer) = run_all("add the large one in oat to my bag", &page);
    assert_eq!(actions[0], click("e2"), "Oat");
    assert_eq!(
        actions[1],
        Action::Check { eid: "e5".into() },
        "L, said as large"
    );
    assert_eq!(actions[2], click("e7"), "Add to bag");
    assert_eq!(actions.len(), 3, "{answer}");
    // Charcoal is already the chosen colour: only the size is chosen.
    let (actions, _) = run_all("add the medium one in charcoal to my bag", &page);
    assert!(
        actions.contains(&Action::Check { eid: "e4".into() }),
        "{actions:?}"
    );
    assert!(
        !actions.contains(&click("e1")),
        "Charcoal is not pressed again: {actions:?}"
    );
}

#[test]
fn extra_large_is_not_large() {
    let page = product();
    let (actions, _) = run_all("add the extra large one in oat to my bag", &page);
    assert!(
        !actions.contains(&Action::Check { eid: "e5".into() }),
        "L is not extra large: {actions:?}"
    );
}
