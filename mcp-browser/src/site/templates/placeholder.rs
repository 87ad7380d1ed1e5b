//! Placeholders: what the brief does not give, shown on the page for the owner to fill in,
//! never invented. Each is `<span class="placeholder" data-placeholder="id">[Text]</span>`;
//! [`scan`] lists the ones a page still holds, so filling one in takes it off the report.

use super::escape;

/// The marker attribute.
pub const ATTRIBUTE: &str = "data-placeholder";

/// Numbers placeholders within one page so their ids are unique.
#[derive(Default)]
pub struct Placeholders {
    count: usize,
}

impl Placeholders {
    /// A placeholder span reading `[text]`.
    pub fn span(&mut self, id: &str, text: &str) -> String {
        self.count += 1;
        format!(
            "<span class=\"placeholder\" {ATTRIBUTE}=\"{}-{}\">[{}]</span>",
            escape(id),
            self.count,
            escape(text)
        )
    }
}

/// The placeholders still on a page, as their visible text ("[Your phone number]"), in order.
pub fn scan(html: &str) -> Vec<String> {
    let mut found = Vec::new();
    let mut rest = html;
    let marker = format!("{ATTRIBUTE}=\"");
    while let Some(at) = rest.find(&marker) {
        let after = &rest[at..];
        let Some(open) = after.find('>') else { break };
        let text_start = &after[open + 1..];
        let Some(close) = text_start.find("</span>") else {
            break;
        };
        found.push(unescape(&text_start[..close]));
        rest = &text_start[close..];
    }
    found
}

/// Text of `escape`d HTML back as it was.
pub(super) fn unescape(text: &str) -> String {
    text.replace("&lt;", "<")
        .replace("&gt;", ">")
        .replace("&quot;", "\"")
        .replace("&#39;", "'")
        .replace("&amp;", "&")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn placeholders_are_listed_until_filled() {
        let mut marks = Placeholders::default();
        let html = format!(
            "<p>{} and {}</p>",
            marks.span("price", "Price & VAT"),
            marks.span("phone", "Your phone")
        );
        assert_eq!(scan(&html), ["[Price & VAT]", "[Your phone]"]);
        assert!(html.contains("data-placeholder=\"price-1\""));
        let filled = html.replace(
            &html[html.find("<span").unwrap()..html.find("</span>").unwrap() + 7],
            "£5",
        );
        assert_eq!(scan(&filled), ["[Your phone]"]);
    }
}
