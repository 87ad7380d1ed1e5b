//! Refinement requests in different people's words (written before the parser), each with the
//! kind of change it asks for. `needs_model` ones must never be taken as an offline edit.

/// (message, expected shape): `colour:header:green`, `font:heading:serif`, `phone`, `email`,
/// `replace:Old=>New`, `add:faq`, `remove:reviews`, `move:prices<timetable` (before),
/// `move:hours>menu` (after), `size:up`, `needs_model`.
pub const PHRASINGS: &[(&str, &str)] = &[
    ("make the header green", "colour:header:green"),
    ("can the top bit be dark blue", "colour:header:blue"),
    (
        "swap the order of prices and reviews",
        "swap:prices=reviews",
    ),
    ("make the writing a bit bigger please", "size:up"),
    (
        "can we call it Appointments instead of Booking",
        "replace:Booking=>Appointments",
    ),
    (
        "can the top bar be navy blue instead?",
        "colour:header:navy",
    ),
    (
        "I'd prefer the buttons in a darker red",
        "colour:buttons:red",
    ),
    (
        "Could you change the header colour to purple please",
        "colour:header:purple",
    ),
    ("the background should be cream", "colour:background:cream"),
    ("make the links orange", "colour:links:orange"),
    ("use a serif font for headings", "font:heading:serif"),
    (
        "Can the titles be in a serif typeface?",
        "font:heading:serif",
    ),
    (
        "switch the body text to a sans-serif font",
        "font:body:sans",
    ),
    (
        "headings in something more old-fashioned please, like a serif",
        "font:heading:serif",
    ),
    ("change the phone number to 0117 496 0000", "phone"),
    ("our number is actually 0161 496 0123", "phone"),
    ("the email should be hello@crumb.example.com", "email"),
    (
        "rename Booking to Appointments",
        "replace:Booking=>Appointments",
    ),
    (
        "Call the Reviews page 'Kind words' instead",
        "replace:Reviews=>Kind words",
    ),
    (
        "replace \"Leeds\" with \"Headingley, Leeds\" everywhere",
        "replace:Leeds=>Headingley, Leeds",
    ),
    (
        "change Timetable to Class times",
        "replace:Timetable=>Class times",
    ),
    ("add a FAQ page", "add:faq"),
    ("can we have a gallery page as well?", "add:gallery"),
    ("remove the reviews section", "remove:reviews"),
    (
        "get rid of the testimonials, we don't have any yet",
        "remove:reviews",
    ),
    ("Take out the FAQ section please", "remove:faq"),
    ("move prices above the timetable", "move:prices<timetable"),
    ("put the opening hours after the menu", "move:hours>menu"),
    (
        "could the prices go below the reviews?",
        "move:prices>reviews",
    ),
    ("bigger text please, my guests are older", "size:up"),
    (
        "make it feel more premium, like a high-end wedding brand",
        "needs_model",
    ),
    ("write a warmer introduction about us", "needs_model"),
    ("can you make the home page look less empty", "needs_model"),
];
