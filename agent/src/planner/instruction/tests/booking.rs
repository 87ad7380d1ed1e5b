//! Bookings in people's words (issue #30): the party size, the day, the time, the name, the
//! phone and a note read from one sentence, placed on the page's own lists, day and time slots
//! and fields, then the one control that books; words placed nowhere, or a slot the page shows
//! as taken, stop the run before it books.

use super::super::booking_words::{Day, read, reads};
use super::builder::{Page, click, run_all, typed};
use crate::action::Action;

#[test]
fn a_sentence_gives_the_party_the_day_the_time_the_name_the_phone_and_a_note() {
    let r = read(
        "Book a table for 4 on Saturday at 19:30 under the name Keller, phone 0170 5551234, \
         and mention we need a high chair",
    );
    assert_eq!(r.party.map(|p| p.value), Some(4));
    assert_eq!(r.day.map(|d| d.value), Some(Day::Weekday(5)));
    let time = r.time.unwrap();
    assert_eq!(
        (time.value.minutes, time.words.as_str()),
        (19 * 60 + 30, "at 19:30")
    );
    assert_eq!(r.name.as_deref(), Some("Keller"));
    assert_eq!(r.phone.as_deref(), Some("0170 5551234"));
    assert_eq!(r.note.as_deref(), Some("we need a high chair"));
    assert!(r.unplaced.is_empty(), "{:?}", r.unplaced);
}

#[test]
fn number_words_tomorrow_pm_and_a_bare_phone_number_are_read() {
    let r = read("table for two tomorrow at 7pm please, name Ruth Adler, 07700 900456");
    assert_eq!(r.party.map(|p| p.value), Some(2));
    assert_eq!(r.day.map(|d| d.value), Some(Day::From(1)));
    assert_eq!(r.time.map(|t| t.value.minutes), Some(19 * 60));
    assert_eq!(r.name.as_deref(), Some("Ruth Adler"));
    assert_eq!(r.phone.as_deref(), Some("07700 900456"));
    assert!(r.unplaced.is_empty(), "{:?}", r.unplaced);
}

#[test]
fn spoken_times_dates_and_the_name_of_keep_their_meaning() {
    let r =
        read("reserve a table for 3 people on 14 May 2025 at half past seven in the name of Ines");
    assert_eq!(r.party.map(|p| p.value), Some(3));
    assert_eq!(r.day.map(|d| d.value), Some(Day::Date(14, 5, Some(2025))));
    let time = r.time.unwrap().value;
    // Without am/pm both readings stay open; the page's slots decide.
    assert!(time.is(7 * 60 + 30) && time.is(19 * 60 + 30));
    assert_eq!(r.name.as_deref(), Some("Ines"));
    let r = read("book a table for 2 on May 3rd at quarter to 8 pm");
    assert_eq!(r.day.map(|d| d.value), Some(Day::Date(3, 5, None)));
    assert_eq!(
        r.time.map(|t| (t.value.minutes, t.value.either_half)),
        Some((19 * 60 + 45, false))
    );
}

#[test]
fn words_that_are_no_part_of_a_booking_are_kept_to_be_quoted() {
    let r = read("Book a table for 2 on Friday at 8pm for my sister's birthday");
    assert_eq!(r.unplaced, vec!["sister's birthday".to_owned()]);
}

#[test]
fn only_a_request_for_a_table_or_a_booking_reads_as_one() {
    assert!(reads("Book a table for 4 on Saturday at 19:30"));
    assert!(reads("can we get a table for 6 please"));
    assert!(reads("book me an appointment on Tuesday at 10:15"));
    // A click on a slot, a cancellation, a date without a party or time, an address.
    assert!(!reads("click the 7pm slot on Friday"));
    assert!(!reads("cancel the booking for 4 on Saturday at 19:30"));
    assert!(!reads("set up a payment of £120 for 1 July 2025"));
    assert!(!reads(
        "open https://osteria.test/book then book a table for 2 at 7pm"
    ));
}

/// A booking widget as restaurants build it: a party-size list, day and time slots (pressed
/// buttons), fields, and one control that books.
fn restaurant(full_at_eight: bool) -> Page {
    let page = Page::new("https://osteria.test/", "Reserve a table")
        .select(
            "Party size",
            &["1 person", "2 people", "3 people", "4 people"],
        )
        .button("Today")
        .button("Tomorrow")
        .button("Sat 14 Jun")
        .button("19:30")
        .button("20:00");
    let page = if full_at_eight { page.disabled() } else { page };
    page.textbox("Name for the booking")
        .textbox("Mobile number")
        .with(|el| el.input_type = Some("tel".to_owned()))
        .element("textbox", "Special requests")
        .with(|el| el.tag = "textarea".to_owned())
        .button("Book now")
}

#[test]
fn a_booking_is_set_on_the_page_in_order_then_booked() {
    let page = restaurant(false).build();
    let (actions, answer) = run_all(
        "Book a table for 4 on Saturday at 19:30 under the name Keller, phone 0170 5551234, \
         and mention we need a high chair",
        &page,
    );
    assert_eq!(
        actions,
        vec![
            Action::SelectOption {
                eid: "e1".into(),
                option: "4 people".to_owned()
            },
            click("e4"),
            click("e5"),
            typed("e7", "Keller"),
            typed("e8", "0170 5551234"),
            typed("e9", "we need a high chair"),
            click("e10"),
        ],
        "{answer}"
    );
}

#[test]
fn a_time_the_page_shows_as_taken_stops_the_run_before_it_books() {
    let page = restaurant(true).build();
    let (actions, answer) = run_all(
        "Book a table for 2 on Saturday at 8pm under the name Reyes, phone 07700 900111",
        &page,
    );
    assert!(!actions.contains(&click("e10")), "{actions:?}");
    assert!(answer.contains("\"at 8pm\""), "{answer}");
    assert!(answer.contains("not available"), "{answer}");
}

#[test]
fn words_no_booking_takes_stop_the_run_before_anything_is_done() {
    let page = restaurant(false).build();
    let (actions, answer) = run_all(
        "Book a table for 2 on Saturday at 19:30 for my sister, phone 07700 900111",
        &page,
    );
    assert!(actions.is_empty(), "{actions:?}");
    assert!(answer.contains("\"sister\""), "{answer}");
}

#[test]
fn a_date_names_its_month_by_name_abbreviation_or_sept_only() {
    let r = read("book a table for 2 on 14 Sept at 8pm");
    assert_eq!(r.day.map(|d| d.value), Some(Day::Date(14, 9, None)));
    let r = read("book a table for 2 on Sep 14th at 8pm");
    assert_eq!(r.day.map(|d| d.value), Some(Day::Date(14, 9, None)));
    // A word that merely starts like a month names no date.
    let r = read("book a table for 2 at 8pm with Marchant 14");
    assert_eq!(r.day, None);
}
