//! What a brief-made page is built from, and the small pieces every section template uses:
//! the contact details block and text helpers.

use serde::Deserialize;

use super::escape;
use super::placeholder::Placeholders;
use crate::site::brief::{Facts, SectionPlan, TaskPlan};

/// What a brief-made page is built from (`generate_page`'s `data_model`); every part may be
/// missing.
#[derive(Debug, Default, Deserialize)]
#[serde(default)]
pub struct Content {
    pub name: Option<String>,
    pub place: Option<String>,
    pub kind: String,
    pub facts: Facts,
    pub task: TaskPlan,
    pub sections: Vec<SectionPlan>,
    /// Where the main form is: `booking.html`, `#booking`, or nothing.
    pub task_href: Option<String>,
}

/// The address, phone and e-mail as given, placeholders for the rest.
pub fn contact_details(content: &Content, marks: &mut Placeholders) -> String {
    let facts = &content.facts;
    let address = match (&facts.address, &content.place) {
        (Some(address), _) => escape(address),
        (None, Some(place)) => format!(
            "{}, {}",
            marks.span("address", "Your street address"),
            escape(place)
        ),
        (None, None) => marks.span("address", "Your address"),
    };
    let phone = match &facts.phone {
        Some(phone) => format!(
            "<a class=\"tap\" href=\"tel:{}\">{}</a>",
            tel(phone),
            escape(phone)
        ),
        None => marks.span("phone", "Your phone number"),
    };
    let email = match &facts.email {
        Some(email) => format!(
            "<a class=\"tap\" href=\"mailto:{0}\">{0}</a>",
            escape(email)
        ),
        None => marks.span("email", "Your email address"),
    };
    format!(
        "<address class=\"card\">\n<p>{address}</p>\n<p>Phone: {phone}</p>\n<p>Email: {email}</p>\n</address>\n"
    )
}

/// A phone number for a `tel:` link: digits and a leading `+`.
pub fn tel(phone: &str) -> String {
    phone
        .chars()
        .filter(|c| c.is_ascii_digit() || *c == '+')
        .collect()
}

/// First letter in upper case, the rest as written.
pub fn capitalised(text: &str) -> String {
    crate::site::brief::vocab::sentence_case(text)
}
