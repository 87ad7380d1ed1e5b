//! `generate_page` without a model: standalone mobile-first pages from templates.
//!
//! Every page links the design system, has the viewport meta, a 430 px container, 44 px touch
//! targets and no fixed widths, so it passes `validate_html` with no violation. The section
//! kind comes from the slug and title (a list for menus and products, a form for contact and
//! sign-up pages, cards for features and work, a hero for the rest); the content comes from
//! `data_model` (`items: [{name, text, price?}]`, `site_name`, `hours`, `date`, `place`).
//! All text is HTML-escaped. The navigation between the markers [`NAV_START`] and [`NAV_END`]
//! links only pages that exist; [`with_nav`] rewrites it when the site's pages change.

use serde_json::Value;

use super::store::{DESIGN_SYSTEM_HREF, PageInfo};

pub const NAV_START: &str = "<!-- site-nav -->";
pub const NAV_END: &str = "<!-- /site-nav -->";

/// What a page is made from.
pub struct PageRequest<'a> {
    pub slug: &'a str,
    pub title: &'a str,
    pub description: &'a str,
    pub data_model: &'a Value,
}

#[derive(Debug, Clone, Copy, PartialEq)]
enum Kind {
    List,
    Form,
    Cards,
    Hero,
}

fn kind_of(slug: &str, title: &str) -> Kind {
    let words = format!("{slug} {}", title.to_lowercase());
    let has = |list: &[&str]| list.iter().any(|w| words.contains(w));
    if has(&["menu", "product", "pricing", "price", "shop", "catalog"]) {
        Kind::List
    } else if has(&[
        "contact", "register", "signup", "sign-up", "sign up", "booking", "join",
    ]) {
        Kind::Form
    } else if has(&[
        "feature", "work", "gallery", "schedule", "about", "faq", "service",
    ]) {
        Kind::Cards
    } else {
        Kind::Hero
    }
}

/// Escapes text for HTML content and attribute values.
pub fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            other => out.push(other),
        }
    }
    out
}

fn text_field<'a>(value: &'a Value, key: &str) -> Option<&'a str> {
    value
        .get(key)
        .and_then(Value::as_str)
        .filter(|s| !s.trim().is_empty())
}

/// The page's HTML. `pages` are the site's pages (this one included or not) for the nav.
pub fn render(request: &PageRequest<'_>, pages: &[PageInfo]) -> String {
    let title = escape(request.title);
    let description = escape(request.description);
    let site_name = text_field(request.data_model, "site_name").unwrap_or(request.title);
    let kind = kind_of(request.slug, request.title);
    let body = match kind {
        Kind::List => list_section(request.data_model),
        Kind::Form => form_section(request.slug),
        Kind::Cards => cards_section(request.data_model),
        Kind::Hero => hero_extras(request.data_model),
    };
    let script = match kind {
        Kind::Form => FORM_SCRIPT,
        Kind::List | Kind::Cards | Kind::Hero => YEAR_SCRIPT,
    };
    format!(
        "<!doctype html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n\
         <meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n\
         <title>{title}</title>\n<meta name=\"description\" content=\"{description}\">\n\
         <link rel=\"stylesheet\" href=\"{DESIGN_SYSTEM_HREF}\">\n<style>\n{PAGE_STYLE}</style>\n\
         </head>\n<body>\n{nav}\n<main class=\"container stack\">\n\
         <section class=\"hero\" id=\"hero\" data-section=\"hero\">\n<span class=\"badge\">{site}</span>\n\
         <h1>{title}</h1>\n<p class=\"lead muted\">{description}</p>\n</section>\n{body}</main>\n\
         <footer class=\"container footer\" data-section=\"footer\"><p>© <span data-year>2025</span> {site}</p></footer>\n\
         <script>\n{script}</script>\n</body>\n</html>\n",
        nav = nav_block(site_name, request.slug, pages),
        site = escape(site_name),
    )
}

/// The nav block for a page `current` among `pages` (always including `current`).
fn nav_block(site_name: &str, current: &str, pages: &[PageInfo]) -> String {
    let mut slugs: Vec<(String, String)> = pages
        .iter()
        .map(|page| (page.slug.clone(), short_title(&page.title, &page.slug)))
        .collect();
    if !slugs.iter().any(|(slug, _)| slug == current) {
        slugs.push((current.to_owned(), short_title("", current)));
    }
    // Home first, then the others in order.
    slugs.sort_by_key(|(slug, _)| (slug != "home" && slug != "index", slug.clone()));
    let brand_target = slugs.first().map_or(current, |(slug, _)| slug.as_str());
    let links: String = slugs
        .iter()
        .map(|(slug, label)| {
            let current_marker = if slug == current {
                " aria-current=\"page\""
            } else {
                ""
            };
            format!(
                "<li><a href=\"{slug}.html\"{current_marker}>{}</a></li>",
                escape(label)
            )
        })
        .collect();
    format!(
        "{NAV_START}<nav class=\"nav\" aria-label=\"Site\"><div class=\"nav-inner\">\
         <a class=\"nav-brand\" href=\"{brand_target}.html\">{}</a><ul class=\"nav-links\">{links}</ul>\
         </div></nav>{NAV_END}",
        escape(site_name)
    )
}

/// The page's nav rewritten for `pages`; `None` when it has no nav markers (left alone).
pub fn with_nav(html: &str, slug: &str, pages: &[PageInfo]) -> Option<String> {
    let start = html.find(NAV_START)?;
    let end = html[start..].find(NAV_END)? + start + NAV_END.len();
    let old = &html[start..end];
    // Keep the brand text the page was made with.
    let brand = old
        .split("class=\"nav-brand\"")
        .nth(1)
        .and_then(|rest| rest.split_once('>'))
        .and_then(|(_, rest)| rest.split_once("</a>"))
        .map(|(text, _)| unescape(text))
        .unwrap_or_default();
    let fresh = nav_block(&brand, slug, pages);
    (fresh != old).then(|| format!("{}{fresh}{}", &html[..start], &html[end..]))
}

fn unescape(text: &str) -> String {
    text.replace("&lt;", "<")
        .replace("&gt;", ">")
        .replace("&quot;", "\"")
        .replace("&#39;", "'")
        .replace("&amp;", "&")
}

fn short_title(title: &str, slug: &str) -> String {
    let title = title.split(['|', '—', '-']).next().unwrap_or(title).trim();
    if title.is_empty() || title.chars().count() > 14 {
        let mut label: String = slug.replace('-', " ");
        if let Some(first) = label.get(..1) {
            label = first.to_uppercase() + label.get(1..).unwrap_or_default();
        }
        label
    } else {
        title.to_owned()
    }
}

fn items(data_model: &Value) -> Vec<(String, String, Option<String>)> {
    let listed = data_model
        .get("items")
        .and_then(Value::as_array)
        .map(|items| {
            items
                .iter()
                .filter_map(|item| {
                    let name = text_field(item, "name")?.to_owned();
                    let text = text_field(item, "text").unwrap_or_default().to_owned();
                    let price = match item.get("price") {
                        Some(Value::String(price)) => Some(price.clone()),
                        Some(Value::Number(price)) => Some(price.to_string()),
                        _ => None,
                    };
                    Some((name, text, price))
                })
                .take(40)
                .collect::<Vec<_>>()
        })
        .unwrap_or_default();
    if listed.is_empty() {
        vec![
            ("First".into(), "What makes it worth a look.".into(), None),
            ("Second".into(), "Another good reason.".into(), None),
            ("Third".into(), "And one more.".into(), None),
        ]
    } else {
        listed
    }
}

fn list_section(data_model: &Value) -> String {
    let rows: String = items(data_model)
        .iter()
        .map(|(name, text, price)| {
            let price = price
                .as_deref()
                .map(|p| format!("<span class=\"price\">{}</span>", escape(p)))
                .unwrap_or_default();
            format!(
                "<li><div><h3>{}</h3><p class=\"muted\">{}</p></div>{price}</li>\n",
                escape(name),
                escape(text)
            )
        })
        .collect();
    format!(
        "<section class=\"card\" id=\"items\" data-section=\"items\">\n<ul class=\"list\">\n{rows}</ul>\n</section>\n{}",
        info_section(data_model)
    )
}

fn cards_section(data_model: &Value) -> String {
    let cards = item_cards(data_model, usize::MAX);
    format!("<section class=\"stack\" id=\"items\" data-section=\"items\">\n{cards}</section>\n")
}

/// The first `most` items of the data model, one card each (name and text).
fn item_cards(data_model: &Value, most: usize) -> String {
    items(data_model)
        .iter()
        .take(most)
        .map(|(name, text, _)| {
            format!(
                "<article class=\"card\"><h3>{}</h3><p class=\"muted\">{}</p></article>\n",
                escape(name),
                escape(text)
            )
        })
        .collect()
}

fn hero_extras(data_model: &Value) -> String {
    let highlights = item_cards(data_model, 3);
    format!(
        "<section class=\"stack\" id=\"highlights\" data-section=\"highlights\">\n<h2>Highlights</h2>\n{highlights}</section>\n{}",
        info_section(data_model)
    )
}

fn info_section(data_model: &Value) -> String {
    let facts: Vec<String> = ["hours", "date", "place", "address", "phone", "email"]
        .iter()
        .filter_map(|key| {
            text_field(data_model, key).map(|value| {
                let label = key[..1].to_uppercase() + &key[1..];
                format!(
                    "<li><span>{label}</span><span>{}</span></li>",
                    escape(value)
                )
            })
        })
        .collect();
    if facts.is_empty() {
        return String::new();
    }
    format!(
        "<section class=\"card\" id=\"info\" data-section=\"info\">\n<h2>Good to know</h2>\n<ul class=\"list\">{}</ul>\n</section>\n",
        facts.join("")
    )
}

fn form_section(slug: &str) -> String {
    let button = if slug.contains("sign") || slug.contains("register") || slug.contains("join") {
        "Sign up"
    } else if slug.contains("book") {
        "Book"
    } else {
        "Send message"
    };
    format!(
        "<section class=\"card\" id=\"form\" data-section=\"form\">\n<form class=\"form\" data-page-form novalidate>\n\
         <div class=\"field\"><label for=\"name\">Name</label><input id=\"name\" name=\"name\" autocomplete=\"name\" required></div>\n\
         <div class=\"field\"><label for=\"email\">Email</label><input id=\"email\" name=\"email\" type=\"email\" autocomplete=\"email\" required></div>\n\
         <div class=\"field\"><label for=\"message\">Message</label><textarea id=\"message\" name=\"message\" rows=\"4\"></textarea></div>\n\
         <button class=\"btn btn-primary btn-block\" type=\"submit\">{button}</button>\n\
         <p class=\"muted\" role=\"status\" data-form-status></p>\n</form>\n</section>\n"
    )
}

const PAGE_STYLE: &str = ".lead { font-size: var(--text-lg); }\n\
.list h3 { font-size: var(--text-md); margin: 0 0 var(--space-1); }\n\
.list p { margin: 0; }\n\
.nav-inner, .nav-links { flex-wrap: wrap; }\n";

const YEAR_SCRIPT: &str = "document.querySelectorAll('[data-year]').forEach(function (node) {\n  \
node.textContent = String(new Date().getFullYear());\n});\n";

const FORM_SCRIPT: &str = "document.querySelectorAll('[data-year]').forEach(function (node) {\n  \
node.textContent = String(new Date().getFullYear());\n});\n\
document.querySelectorAll('[data-page-form]').forEach(function (form) {\n  \
form.addEventListener('submit', function (event) {\n    event.preventDefault();\n    \
var status = form.querySelector('[data-form-status]');\n    \
var name = form.querySelector('#name');\n    \
if (status) { status.textContent = name && name.value ? 'Thank you, ' + name.value + '! We will reply soon.' : 'Please tell us your name.'; }\n  \
});\n});\n";

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    fn page(slug: &str, title: &str) -> PageInfo {
        PageInfo {
            slug: slug.into(),
            title: title.into(),
            bytes: 0,
            version: 1,
            modified_unix: 0,
            validation: None,
        }
    }

    #[test]
    fn text_is_escaped_and_the_design_system_linked() {
        let model = json!({"items": [{"name": "<script>alert(1)</script>", "price": 3}]});
        let html = render(
            &PageRequest {
                slug: "menu",
                title: "Menu & more",
                description: "\"quoted\"",
                data_model: &model,
            },
            &[],
        );
        assert!(html.contains("&lt;script&gt;alert(1)&lt;/script&gt;"));
        assert!(html.contains("<title>Menu &amp; more</title>"));
        assert!(html.contains("href=\"../design-system.css\""));
        assert!(html.contains("name=\"viewport\""));
        assert!(html.contains("<span class=\"price\">3</span>"));
    }

    #[test]
    fn the_nav_links_existing_pages_and_is_rewritten_when_they_change() {
        let model = json!({"site_name": "Bakery"});
        let request = PageRequest {
            slug: "home",
            title: "Home",
            description: "Fresh bread",
            data_model: &model,
        };
        let html = render(&request, &[]);
        assert!(html.contains("href=\"home.html\" aria-current=\"page\""));
        assert!(!html.contains("menu.html"));
        let pages = [page("home", "Home"), page("menu", "Menu")];
        let updated = with_nav(&html, "home", &pages).unwrap();
        assert!(updated.contains("<a href=\"menu.html\">Menu</a>"));
        assert!(updated.contains(">Bakery</a>"));
        assert!(
            with_nav(&updated, "home", &pages).is_none(),
            "nothing left to change"
        );
        let outside = |text: &str| {
            text.replace(
                &text[text.find(NAV_START).unwrap()..text.find(NAV_END).unwrap()],
                "",
            )
        };
        assert_eq!(outside(&html), outside(&updated));
    }
}
