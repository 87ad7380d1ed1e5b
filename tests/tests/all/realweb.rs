//! The regression subset of the realweb corpus (`fixtures/realweb/`, issue #30): the cases the
//! instruction planner passes today, run through the same harness as the `realweb` bench, in
//! real headless Chromium. A case that passes in the bench is added here, so it stays passing.

use tandem_tests::realweb::{Realweb, load_cases};

/// Cases that must pass (ids in `fixtures/realweb/cases.json`).
const PASSING: &[&str] = &[
    "bank-neg-usual-amount",
    "bookings-neg-sister",
    "survey-neg-usual",
    "mail-archive-march",
    "mail-neg-cc",
    "order-joiners-ship-notes",
    "settings-neg-vague",
    "search-then-third",
    "projects-archive",
    "job-neg-from-cv",
    "files-rename-comma",
    "contacts-star",
    "todo-cross-off",
    "login-prose-password",
    "login-terse-remember",
    "forum-open-by-author",
    "users-edit-in-row",
    "survey-yes-last-question",
    "survey-newsletter-recommend",
    "faq-no-under-refunds",
    "flights-compound",
    "flights-arrival-list",
    "flights-gatwick-departure",
    "address-manual-compound",
    "job-compound-details",
    "flights-terse-combobox",
    "settings-dont-want-push",
    "settings-joiners-switches",
    "contacts-favourite-ampersand",
    "todo-add-and-cross",
    "shadow-joiners-two-items",
    "prefs-joiners-untick",
    "order-note-for-driver",
    "faq-expand-helpful",
    "todo-joiner-name",
    "policy-scroll-bottom",
    "settings-change-language",
    "bank-pay-prose",
    "notes-titled-saying",
    "notes-terse-new",
    "users-change-role",
    "forum-reply-to-tomasz",
    "restaurant-prose-saturday",
    "restaurant-tomorrow-7pm",
    "bookings-keep-deposit",
    "bookings-open-then-cancel",
    "notes-rename",
    "notes-goto-then-rename",
    "chat-ask-order",
    "ho-bookings-2232-credit",
    "catalog-find-walnut-wishlist",
    "job-yes-no-by-question",
    "policy-read-accept",
    "news-manage-cookies",
    "survey-terse-scale",
    "product-size-colour-qty",
    "hang-shop-add-500g",
];

#[tokio::test]
async fn the_realweb_regression_subset_reaches_its_end_states() {
    let cases: Vec<_> = load_cases()
        .unwrap()
        .into_iter()
        .filter(|c| PASSING.contains(&c.id.as_str()))
        .collect();
    assert_eq!(cases.len(), PASSING.len(), "a listed case is missing");
    let mut rig = Realweb::start().await.unwrap();
    let runs = rig.run_all(&cases).await;
    rig.shutdown().await;
    let wrong_done: Vec<&str> = runs
        .iter()
        .filter(|r| r.wrong_done)
        .map(|r| r.case.id.as_str())
        .collect();
    assert!(wrong_done.is_empty(), "ended done wrongly: {wrong_done:?}");
    let failed: Vec<String> = runs
        .iter()
        .filter(|r| !r.passed)
        .map(|r| format!("[{}] {} — {}", r.case.class, r.case.id, r.detail))
        .collect();
    assert!(failed.is_empty(), "{}", failed.join("\n"));
}

/// Looking for something opens what reveals (filters, "Show more") and never presses a control
/// that changes data: a find that fails leaves the basket and the wishlist as they were.
#[tokio::test]
async fn a_find_never_adds_to_the_basket_while_it_looks() {
    let mut case = load_cases()
        .unwrap()
        .into_iter()
        .find(|c| c.id == "catalog-find-walnut-wishlist")
        .expect("the catalog case");
    case.say = "find the teak garden bench".to_owned();
    case.ending = "not_done".to_owned();
    case.expect = Some("r.cart.length === 0 && r.wishlist.length === 0".to_owned());
    let mut rig = Realweb::start().await.unwrap();
    let run = rig.run_case(&case).await.unwrap();
    rig.shutdown().await;
    assert!(run.passed, "{}", run.detail);
    assert!(
        run.asked,
        "the find asks once it has opened everything: {}",
        run.detail
    );
}
