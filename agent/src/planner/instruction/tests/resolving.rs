//! Which element a phrase names: preferences, fuzziness, ordinals, ambiguity.

use super::builder::{Page, click, plan, typed};
use crate::action::Action;

#[test]
fn a_role_word_picks_the_button_over_a_link_with_the_same_name() {
    let page = Page::new("https://x.test/", "X")
        .link("Sign in", "https://x.test/login")
        .button("Sign in")
        .build();
    assert_eq!(
        plan("click the Sign in button", Some(&page), &[]).action,
        click("e2")
    );
    assert_eq!(
        plan("click the sign-in link", Some(&page), &[]).action,
        click("e1")
    );
}

#[test]
fn typing_prefers_the_editable_element_over_a_button_of_the_same_name() {
    let page = Page::new("https://x.test/", "X")
        .button("Search")
        .textbox("Search")
        .build();
    assert_eq!(
        plan("type shoes into Search", Some(&page), &[]).action,
        typed("e2", "shoes")
    );
    assert_eq!(plan("click Search", Some(&page), &[]).action, click("e1"));
}

#[test]
fn an_exact_name_beats_a_longer_one_that_starts_the_same() {
    let page = Page::new("https://x.test/", "X")
        .button("Sign in with Google")
        .button("Sign in")
        .build();
    assert_eq!(plan("click Sign in", Some(&page), &[]).action, click("e2"));
}

#[test]
fn a_prefix_or_all_words_are_enough_when_nothing_is_exact() {
    let page = Page::new("https://x.test/", "X")
        .button("Add to cart")
        .button("Checkout")
        .build();
    assert_eq!(plan("click Add", Some(&page), &[]).action, click("e1"));
    assert_eq!(plan("click cart add", Some(&page), &[]).action, click("e1"));
}

#[test]
fn case_punctuation_and_small_typos_are_forgiven() {
    let page = Page::new("https://x.test/", "X")
        .textbox("E-mail address")
        .textbox("Password")
        .build();
    assert_eq!(
        plan("type a@b.c into email address", Some(&page), &[]).action,
        typed("e1", "a@b.c")
    );
    assert_eq!(
        plan("type x into the PASWORD field", Some(&page), &[]).action,
        typed("e2", "x")
    );
}

#[test]
fn a_field_is_found_by_its_placeholder() {
    let page = Page::new("https://x.test/", "X")
        .textbox("")
        .with(|el| el.placeholder = Some("Your city".to_owned()))
        .textbox("Name")
        .build();
    assert_eq!(
        plan("type Oslo into your city", Some(&page), &[]).action,
        typed("e1", "Oslo")
    );
}

#[test]
fn a_disabled_twin_is_avoided() {
    let page = Page::new("https://x.test/", "X")
        .button("Save")
        .disabled()
        .button("Save")
        .build();
    assert_eq!(plan("click Save", Some(&page), &[]).action, click("e2"));
}

#[test]
fn the_twin_in_the_viewport_is_preferred() {
    let page = Page::new("https://x.test/", "X")
        .button("Next")
        .offscreen()
        .button("Next")
        .build();
    assert_eq!(plan("click Next", Some(&page), &[]).action, click("e2"));
}

#[test]
fn ordinals_pick_among_equal_matches_in_document_order() {
    let page = Page::new("https://x.test/", "X")
        .button("Add")
        .button("Add")
        .button("Add")
        .build();
    assert_eq!(
        plan("click the second Add button", Some(&page), &[]).action,
        click("e2")
    );
    assert_eq!(
        plan("click the last Add button", Some(&page), &[]).action,
        click("e3")
    );
    assert_eq!(
        plan("click the 1st Add", Some(&page), &[]).action,
        click("e1")
    );
}

#[test]
fn links_with_the_same_name_and_address_are_not_ambiguous() {
    let page = Page::new("https://x.test/", "X")
        .link("Home", "https://x.test/")
        .link("Home", "https://x.test/")
        .build();
    assert_eq!(plan("click Home", Some(&page), &[]).action, click("e1"));
}

#[test]
fn check_prefers_the_checkbox_over_a_link_with_the_same_words() {
    let page = Page::new("https://x.test/", "X")
        .link("Terms", "https://x.test/terms")
        .checkbox("I accept the terms", false)
        .build();
    assert_eq!(
        plan("check the terms", Some(&page), &[]).action,
        Action::Check { eid: "e2".into() }
    );
    assert_eq!(plan("click terms", Some(&page), &[]).action, click("e1"));
}

#[test]
fn a_name_that_is_also_a_role_word_still_matches_literally() {
    let page = Page::new("https://x.test/", "X")
        .link("Docs", "https://x.test/docs")
        .button("Menu")
        .build();
    assert_eq!(plan("tap Menu", Some(&page), &[]).action, click("e2"));
}

#[test]
fn a_field_is_found_by_its_context_when_it_has_no_name() {
    let page = Page::new("https://x.test/", "X")
        .textbox("")
        .with(|el| el.context = Some("Shipping address".to_owned()))
        .textbox("")
        .with(|el| el.context = Some("Billing address".to_owned()))
        .build();
    assert_eq!(
        plan("type 1 Main St into shipping address", Some(&page), &[]).action,
        typed("e1", "1 Main St")
    );
}

#[test]
fn a_bare_role_word_names_the_only_element_of_that_role() {
    let page = Page::new("https://x.test/", "X")
        .link("Home", "https://x.test/")
        .button("Continue")
        .build();
    assert_eq!(
        plan("click the button", Some(&page), &[]).action,
        click("e2")
    );
}
