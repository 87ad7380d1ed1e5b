//! `generate_page` without a model: standalone mobile-first pages from templates.
//!
//! Every page links the design system, has the viewport meta, a 430 px container, 44 px touch
//! targets and no fixed widths. A page made from a brief (`data_model` with `sections`, see
//! [`content::Content`]) renders each section with its purpose-fit template, in the brief's
//! words, with [`placeholder`]s for what the brief does not give. A page from a bare data
//! model (`items: [{name, text, price?}]`, `hours`, …) gets a list, form, cards or hero from its
//! slug and title. All text is HTML-escaped. The navigation between the markers [`NAV_START`]
//! and [`NAV_END`] links only pages that exist; [`with_nav`] rewrites it when pages change.

pub mod content;
mod forms;
pub mod placeholder;
pub mod sections;

use serde_json::Value;

use super::store::{DESIGN_SYSTEM_HREF, PageInfo};
use content::Content;
use forms::FORM_SCRIPT;
use placeholder::{Placeholders, unescape};

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

/// Escapes text for HTML or XML content and attribute values (the site's pages, the scenario
/// runner's JUnit report): the five markup characters as references valid in both, and the
/// control characters other than tab and line breaks dropped (XML 1.0 cannot carry them; in
/// HTML they are parse errors).
pub fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            '\n' | '\t' | '\r' => out.push(c),
            c if c.is_ascii_control() && c != '\u{7f}' => {}
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
    if request
        .data_model
        .get("sections")
        .is_some_and(Value::is_array)
    {
        let content: Content =
            serde_json::from_value(request.data_model.clone()).unwrap_or_default();
        return brief_page(request, &content, pages);
    }
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

/// A page made from a brief: the heading (on the home page the business's name, place and
/// the main action), then each section of the page, then the footer with the facts given.
fn brief_page(request: &PageRequest<'_>, content: &Content, pages: &[PageInfo]) -> String {
    let mut marks = Placeholders::default();
    let site_name = text_field(request.data_model, "site_name").unwrap_or(request.title);
    let home = request.slug == "home" || request.slug == "index";
    let name_html = match &content.name {
        Some(name) => escape(name),
        None => marks.span("name", "Your business name"),
    };
    let hero = if home {
        let lead = match (content.kind.trim(), content.place.as_deref()) {
            ("", Some(place)) => format!("Based in {}", escape(place)),
            ("", None) => marks.span("tagline", "One line about what you do"),
            (kind, Some(place)) => format!(
                "{} in {}",
                escape(&content::capitalised(kind)),
                escape(place)
            ),
            (kind, None) => escape(&content::capitalised(kind)),
        };
        let action = match &content.task_href {
            Some(href) => format!(
                "<p><a class=\"btn btn-primary\" href=\"{}\">{}</a></p>\n",
                escape(href),
                escape(&task_label(content))
            ),
            None => String::new(),
        };
        format!("<h1 id=\"page-title\">{name_html}</h1>\n<p class=\"lead\">{lead}</p>\n{action}")
    } else {
        format!(
            "<span class=\"badge\">{name_html}</span>\n<h1 id=\"page-title\">{}</h1>\n<p class=\"lead muted\">{}</p>\n",
            escape(request.title),
            escape(request.description)
        )
    };
    let own_heading = home || content.sections.len() > 1;
    let body: String = content
        .sections
        .iter()
        .map(|plan| sections::section(plan, content, &mut marks, own_heading))
        .collect();
    let has_form = content.sections.iter().any(|s| s.kind.is_form());
    let script = if has_form { FORM_SCRIPT } else { YEAR_SCRIPT };
    format!(
        "<!doctype html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n\
         <meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n\
         <title>{title}</title>\n<meta name=\"description\" content=\"{description}\">\n\
         <link rel=\"stylesheet\" href=\"{DESIGN_SYSTEM_HREF}\">\n<style>\n{PAGE_STYLE}{BRIEF_STYLE}</style>\n\
         </head>\n<body>\n{nav}\n<main class=\"container stack\">\n\
         <section class=\"hero\" id=\"top\" data-section=\"hero\" aria-labelledby=\"page-title\">\n{hero}</section>\n{body}</main>\n\
         {footer}<script>\n{script}</script>\n</body>\n</html>\n",
        title = escape(&if home {
            site_name.to_owned()
        } else {
            format!("{} | {site_name}", request.title)
        }),
        description = escape(request.description),
        nav = nav_block(site_name, request.slug, pages),
        footer = footer(content, site_name),
    )
}

/// The words of the home page's main button: the form section's label.
fn task_label(content: &Content) -> String {
    let label = content
        .sections
        .iter()
        .find(|s| s.kind.is_form())
        .map(|s| s.label.clone())
        .unwrap_or_else(|| match content.task.kind {
            super::brief::TaskKind::Booking => "Book".to_owned(),
            super::brief::TaskKind::Quote => "Get a quote".to_owned(),
            super::brief::TaskKind::Contact | super::brief::TaskKind::None => {
                "Get in touch".to_owned()
            }
        });
    content::capitalised(&label)
}

/// The footer: the name and the contact facts the brief gives (no placeholders here).
fn footer(content: &Content, site_name: &str) -> String {
    let facts = &content.facts;
    let mut lines: Vec<String> = Vec::new();
    if let Some(address) = &facts.address {
        lines.push(escape(address));
    } else if let Some(place) = &content.place {
        lines.push(escape(place));
    }
    if let Some(phone) = &facts.phone {
        lines.push(format!(
            "<a class=\"tap\" href=\"tel:{}\">{}</a>",
            content::tel(phone),
            escape(phone)
        ));
    }
    if let Some(email) = &facts.email {
        lines.push(format!(
            "<a class=\"tap\" href=\"mailto:{0}\">{0}</a>",
            escape(email)
        ));
    }
    for handle in &facts.social {
        lines.push(escape(handle));
    }
    let facts_html: String = lines.iter().map(|l| format!("<li>{l}</li>")).collect();
    format!(
        "<footer class=\"container footer\" data-section=\"footer\"><ul class=\"facts\">{facts_html}</ul><p>© <span data-year>2025</span> {}</p></footer>\n",
        escape(site_name)
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

/// A page's nav label: "Home" for the home page (its title is the site's name, which the brand
/// link already shows), else its title when short, else its slug in words.
fn short_title(title: &str, slug: &str) -> String {
    if slug == "home" || slug == "index" {
        return "Home".to_owned();
    }
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
        (1..=3)
            .map(|n| (format!("[Item {n}]"), "[A line about it]".to_owned(), None))
            .collect()
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
.list h3, .list h2 { font-size: var(--text-md); margin: 0 0 var(--space-1); }\n\
.list p { margin: 0; }\n\
.nav-inner, .nav-links { flex-wrap: wrap; }\n";

const YEAR_SCRIPT: &str = "document.querySelectorAll('[data-year]').forEach(function (node) {\n  \
node.textContent = String(new Date().getFullYear());\n});\n";

/// The brief pages' own rules: placeholders, tables, galleries, FAQ, cards, footer facts.
const BRIEF_STYLE: &str = ".placeholder { outline: 2px dashed currentColor; outline-offset: 1px; border-radius: 2px; font-style: italic; }\n\
.section > h2 { margin: 0; }\n\
.cards { list-style: none; margin: 0; padding: 0; display: grid; gap: var(--space-3); }\n\
.cards h3, .cards h2 { margin: 0; font-size: var(--text-md); }\n\
.cards img, .gallery img { display: block; width: 100%; height: auto; border-radius: var(--radius-md); }\n\
.gallery { list-style: none; margin: 0; padding: 0; display: grid; grid-template-columns: repeat(auto-fill, minmax(140px, 1fr)); gap: var(--space-3); }\n\
.gallery figure { margin: 0; }\n\
.gallery figcaption { font-size: var(--text-sm); margin-top: var(--space-1); }\n\
.table-wrap { overflow-x: auto; }\n\
.table { width: 100%; border-collapse: collapse; }\n\
.table th, .table td { text-align: left; padding: var(--space-2); border-bottom: 1px solid var(--color-border); vertical-align: top; overflow-wrap: anywhere; }\n\
details summary { display: flex; align-items: center; min-height: var(--touch); cursor: pointer; font-weight: 600; }\n\
details p { margin: var(--space-2) 0 0; }\n\
.review { margin: 0; }\n\
.review blockquote { margin: 0 0 var(--space-2); font-size: var(--text-lg); }\n\
address { font-style: normal; }\n\
address p { margin: 0 0 var(--space-2); }\n\
.tap { display: inline-flex; align-items: center; min-height: var(--touch); color: var(--color-link); }\n\
.field.check { display: flex; align-items: center; gap: var(--space-2); }\n\
.field.check input { width: var(--touch); min-height: var(--touch); margin: 0; }\n\
.songs { margin: 0; padding-left: var(--space-6); }\n\
.songs li { padding: var(--space-1) 0; }\n\
.facts { list-style: none; margin: 0 0 var(--space-2); padding: 0; }\n\
.footer { padding-left: var(--space-4); padding-right: var(--space-4); }\n\
.lead { overflow-wrap: anywhere; }\n\
@media (min-width: 768px) { .cards { grid-template-columns: repeat(2, 1fr); } }\n\
@media (min-width: 1024px) { .cards { grid-template-columns: repeat(3, 1fr); } }\n";

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
