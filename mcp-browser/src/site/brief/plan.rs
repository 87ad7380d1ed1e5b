//! From what the brief says to what gets built: one page or several, the sections of each
//! page, and the main task's form. A vague brief's questions are [`super::vague`]'s.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use super::facts::Facts;
use super::vocab::{self, SectionKind, sentence_case};
use super::{PagePlan, ProductType, SectionPlan};
use crate::site::slug::Slug;

/// Whether the person asked for one page, named pages, or left it open.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum Structure {
    OnePage,
    Pages,
    #[default]
    Either,
}

/// The site's main task.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum TaskKind {
    Booking,
    Quote,
    Contact,
    #[default]
    None,
}

impl TaskKind {
    /// What a visitor does, for the scenario sentence.
    pub fn visitor_action(self) -> &'static str {
        match self {
            Self::Booking => "books",
            Self::Quote => "asks for a quote",
            Self::Contact => "gets in touch",
            Self::None => "finds what they need",
        }
    }
}

/// How a form field is entered.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum InputKind {
    Text,
    Email,
    Tel,
    Date,
    Time,
    Number,
    Select,
    Textarea,
    Checkbox,
}

/// One field of the main form.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct FieldSpec {
    /// The field's id and name (`name`, `email`, `date`, `postcode`, …).
    pub name: String,
    pub label: String,
    pub input: InputKind,
    pub required: bool,
    /// A `<select>`'s options, as the brief names them.
    #[serde(default)]
    pub options: Vec<String>,
    /// The `autocomplete` token, when there is one.
    #[serde(default)]
    pub autocomplete: Option<String>,
}

/// The main form: its kind and fields.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct TaskPlan {
    pub kind: TaskKind,
    pub fields: Vec<FieldSpec>,
}

/// One page, several named pages, or either.
pub fn structure(text: &str) -> Structure {
    let lower = text.to_lowercase();
    if explicit_pages(text).is_some() {
        Structure::Pages
    } else if [
        "one-page",
        "one page",
        "single page",
        "single-page",
        "one-pager",
        "landing page",
        "just a page",
        "a simple page",
        "onepager",
    ]
    .iter()
    .any(|w| lower.contains(w))
    {
        Structure::OnePage
    } else {
        Structure::Either
    }
}

/// "Pages: Home, Treatments (…), Fees, Meet the Team, and Book an Appointment."
fn explicit_pages(text: &str) -> Option<Vec<String>> {
    let lower = text.to_ascii_lowercase();
    let at = lower.find("pages:")?;
    let rest = &text[at + "pages:".len()..];
    let mut plain = String::new();
    let mut depth = 0;
    for c in rest.chars() {
        match c {
            '(' => depth += 1,
            ')' => depth -= 1,
            '.' | '\n' if depth == 0 => break,
            _ if depth == 0 => plain.push(c),
            _ => {}
        }
    }
    let items: Vec<String> = plain
        .split([',', '+'])
        .map(|item| item.trim().trim_start_matches("and ").trim().to_owned())
        .filter(|item| !item.is_empty() && item.split_whitespace().count() <= 5)
        .collect();
    (items.len() >= 2).then_some(items)
}

/// The sections to build: the ones named, then those the facts imply (a price list, opening
/// hours, services), or the product type's defaults when the brief names none.
pub fn sections(text: &str, facts: &Facts, product_type: ProductType) -> Vec<SectionPlan> {
    let mut sections: Vec<SectionPlan> = vocab::named_sections(text)
        .into_iter()
        .map(|named| SectionPlan {
            kind: named.kind,
            label: named.label,
            items: named.items,
        })
        .collect();
    let has = |sections: &[SectionPlan], kinds: &[SectionKind]| {
        sections.iter().any(|s| kinds.contains(&s.kind))
    };
    let named_any = !sections.is_empty();
    if facts.services.len() >= 2 && !has(&sections, &[SectionKind::Services, SectionKind::Rooms]) {
        sections.insert(0, plan_of(SectionKind::Services));
    }
    if !facts.prices.is_empty()
        && !has(
            &sections,
            &[SectionKind::Prices, SectionKind::Menu, SectionKind::Rooms],
        )
    {
        let at = sections
            .iter()
            .position(|s| s.kind.is_form())
            .unwrap_or(sections.len());
        sections.insert(at, plan_of(SectionKind::Prices));
    }
    if !facts.hours.is_empty() && !has(&sections, &[SectionKind::Hours, SectionKind::Timetable]) {
        let at = sections
            .iter()
            .position(|s| s.kind.is_form())
            .unwrap_or(sections.len());
        sections.insert(at, plan_of(SectionKind::Hours));
    }
    // "call Mike on 07700 …", "Email reception@…": a way to reach them and no form named is a
    // contact section (the site's main task), last.
    if (facts.phone.is_some() || facts.email.is_some())
        && named_any
        && !sections.iter().any(|s| s.kind.is_form())
    {
        sections.push(plan_of(SectionKind::Contact));
    }
    if !named_any {
        for kind in product_type.default_sections() {
            if !has(&sections, &[*kind]) {
                sections.push(plan_of(*kind));
            }
        }
    }
    sections
}

fn plan_of(kind: SectionKind) -> SectionPlan {
    SectionPlan {
        kind,
        label: kind.default_label().to_owned(),
        items: Vec::new(),
    }
}

/// The pages: the named ones; one page with every section; or a home page with the short
/// sections and a page for each big one (forms, menu, gallery, timetable, FAQ, team…).
pub fn pages(text: &str, structure: Structure, sections: &[SectionPlan]) -> Vec<PagePlan> {
    if structure == Structure::Pages
        && let Some(named) = explicit_pages(text)
    {
        return named_pages(&named, sections);
    }
    let mut home = PagePlan {
        slug: "home".into(),
        title: "Home".into(),
        purpose: "Who you are, what you offer and the way to act on it".into(),
        sections: Vec::new(),
    };
    if structure == Structure::OnePage {
        home.sections = sections.to_vec();
        return vec![home];
    }
    let mut pages = Vec::new();
    for section in sections {
        if section.kind.wants_own_page() {
            pages.push(PagePlan {
                slug: section.kind.as_str().to_owned(),
                title: section.label.clone(),
                purpose: section.kind.purpose().to_owned(),
                sections: vec![section.clone()],
            });
        } else {
            home.sections.push(section.clone());
        }
    }
    pages.insert(0, home);
    pages
}

fn named_pages(named: &[String], sections: &[SectionPlan]) -> Vec<PagePlan> {
    let mut pages: Vec<PagePlan> = Vec::new();
    for label in named {
        let kind = vocab::kind_of_label(label);
        let home = label.eq_ignore_ascii_case("home") || label.eq_ignore_ascii_case("homepage");
        let slug = if home {
            "home".to_owned()
        } else {
            kind.map(|k| k.as_str().to_owned())
                .or_else(|| Slug::from_words(label).map(|s| s.as_str().to_owned()))
                .unwrap_or_else(|| format!("page-{}", pages.len() + 1))
        };
        if pages.iter().any(|p| p.slug == slug) {
            continue;
        }
        let own: Vec<SectionPlan> = match kind {
            Some(kind) => vec![SectionPlan {
                kind,
                label: sentence_case(label),
                items: sections
                    .iter()
                    .find(|s| s.kind == kind)
                    .map(|s| s.items.clone())
                    .unwrap_or_default(),
            }],
            None if home => Vec::new(),
            None => vec![SectionPlan {
                kind: SectionKind::About,
                label: sentence_case(label),
                items: Vec::new(),
            }],
        };
        pages.push(PagePlan {
            slug,
            title: sentence_case(label),
            purpose: kind
                .map_or("What the page's title says", |k| k.purpose())
                .to_owned(),
            sections: own,
        });
    }
    if !pages.iter().any(|p| p.slug == "home") {
        pages.insert(
            0,
            PagePlan {
                slug: "home".into(),
                title: "Home".into(),
                purpose: "Who you are and what you offer".into(),
                sections: Vec::new(),
            },
        );
    }
    // Sections the brief names or implies outside the page list go on the home page.
    let placed: Vec<SectionKind> = pages
        .iter()
        .flat_map(|p| p.sections.iter().map(|s| s.kind))
        .collect();
    let rest: Vec<SectionPlan> = sections
        .iter()
        .filter(|s| !placed.contains(&s.kind))
        .cloned()
        .collect();
    if let Some(home) = pages.iter_mut().find(|p| p.slug == "home") {
        home.sections.extend(rest);
    }
    pages
}

/// The main form: the first booking, quote or contact section, with the fields that fit it
/// and the ones the brief asks for by name.
pub fn task(text: &str, sections: &[SectionPlan], facts: &Facts) -> TaskPlan {
    let Some(kind) = sections.iter().find(|s| s.kind.is_form()).map(|s| s.kind) else {
        return TaskPlan::default();
    };
    let lower = format!(" {} ", text.to_lowercase());
    let says = |words: &[&str]| words.iter().any(|w| lower.contains(w));
    // A stay, not "three rooms" of an escape room or a salon.
    let stay = says(&[
        "b&b",
        "night",
        "guest house",
        "guesthouse",
        "hotel",
        "cottage",
    ]);
    let table = says(&[" table", "restaurant", "dinner", "lunch"]);
    let event = says(&["wedding", "event", "party", "function", "gig"]);
    let mut fields = vec![
        field("name", "Your name", InputKind::Text, true, Some("name")),
        field("email", "Email", InputKind::Email, true, Some("email")),
        field(
            "phone",
            "Phone (optional)",
            InputKind::Tel,
            false,
            Some("tel"),
        ),
    ];
    match kind {
        SectionKind::Booking => {
            let options = service_options(facts);
            if !table && !stay {
                let mut service = field(
                    "service",
                    "What would you like to book?",
                    InputKind::Select,
                    true,
                    None,
                );
                service.options = options;
                fields.push(service);
            }
            if stay {
                fields.push(field("check_in", "Arriving", InputKind::Date, true, None));
                fields.push(field("check_out", "Leaving", InputKind::Date, true, None));
                fields.push(field("guests", "Guests", InputKind::Number, true, None));
            } else {
                fields.push(field("date", "Preferred date", InputKind::Date, true, None));
                fields.push(field("time", "Preferred time", InputKind::Time, true, None));
                if table {
                    fields.push(field(
                        "guests",
                        "Number of people",
                        InputKind::Number,
                        true,
                        None,
                    ));
                }
            }
        }
        SectionKind::Quote => {
            if says(&[" reg ", " reg,", "registration"]) {
                fields.push(field(
                    "reg",
                    "Registration (reg)",
                    InputKind::Text,
                    true,
                    None,
                ));
            }
            if says(&[" bike"]) {
                fields.push(field("bike", "Your bike", InputKind::Text, false, None));
            }
            if event {
                fields.push(field(
                    "event_date",
                    "Date of your event",
                    InputKind::Date,
                    true,
                    None,
                ));
                fields.push(field("venue", "Venue", InputKind::Text, false, None));
            }
            fields.push(field(
                "job",
                "What do you need doing?",
                InputKind::Textarea,
                true,
                None,
            ));
            if !event {
                fields.push(field(
                    "postcode",
                    "Postcode",
                    InputKind::Text,
                    true,
                    Some("postal-code"),
                ));
            }
        }
        _ => {
            if event {
                fields.push(field(
                    "event_date",
                    "Date of your event",
                    InputKind::Date,
                    false,
                    None,
                ));
            }
        }
    }
    for (words, spec) in EXTRA_FIELDS {
        if says(words) && !fields.iter().any(|f| f.name == spec.0) {
            fields.push(field(spec.0, spec.1, spec.2, spec.3, None));
        }
    }
    if !fields.iter().any(|f| f.input == InputKind::Textarea) {
        fields.push(field(
            "message",
            "Message",
            InputKind::Textarea,
            false,
            None,
        ));
    }
    TaskPlan {
        kind: match kind {
            SectionKind::Booking => TaskKind::Booking,
            SectionKind::Quote => TaskKind::Quote,
            _ => TaskKind::Contact,
        },
        fields,
    }
}

/// Fields a brief may ask for by name: (words, (name, label, input, required)).
type Extra = (&'static str, &'static str, InputKind, bool);

const EXTRA_FIELDS: &[(&[&str], Extra)] = &[
    (
        &[" idea"],
        ("idea", "Describe your idea", InputKind::Textarea, true),
    ),
    (
        &[" placement"],
        ("placement", "Placement", InputKind::Text, true),
    ),
    (
        &[" size,", " size "],
        ("size", "Size", InputKind::Text, true),
    ),
    (
        &["18+", "over 18", "id required"],
        ("age_confirm", "I am 18 or over", InputKind::Checkbox, true),
    ),
    (
        &["postcode"],
        ("postcode", "Postcode", InputKind::Text, false),
    ),
    (
        &[
            "number of players",
            "number of people",
            "number of guests",
            "how many people",
            "party size",
            "group size",
        ],
        ("guests", "Number of people", InputKind::Number, true),
    ),
];

fn field(
    name: &str,
    label: &str,
    input: InputKind,
    required: bool,
    autocomplete: Option<&str>,
) -> FieldSpec {
    FieldSpec {
        name: name.to_owned(),
        label: label.to_owned(),
        input,
        required,
        options: Vec::new(),
        autocomplete: autocomplete.map(str::to_owned),
    }
}

/// A booking's choices: the services, else the priced items, as written.
fn service_options(facts: &Facts) -> Vec<String> {
    if !facts.services.is_empty() {
        facts.services.iter().take(12).cloned().collect()
    } else {
        facts
            .prices
            .iter()
            .take(12)
            .map(|p| p.item.clone())
            .collect()
    }
}
