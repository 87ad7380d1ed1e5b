//! `analyze_brief` without a model: the brief as the person wrote it — name, place, facts,
//! the sections they named in their words, the main task's form, the pages — and, only for a
//! brief too vague to build from, 3 to 5 structured questions.
//!
//! Deterministic and offline, a pure function of the text: [`extract`] finds the name and place,
//! [`facts`] the prices, hours and contact details, [`vocab`] the sections, [`plan`] the pages
//! and the form. Nothing is invented: what the brief does not give is left empty and the pages
//! show a placeholder for it. What `analyze_brief` returns is what the site flow builds.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::{Value, json};

pub mod extract;
pub mod facts;
pub mod plan;
pub mod vague;
pub mod vocab;
pub mod words;

pub use facts::{Facts, PriceFact};
pub use plan::{FieldSpec, InputKind, Structure, TaskKind, TaskPlan};
pub use vocab::SectionKind;

use super::slug::Slug;

/// The kinds of site the templates know.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum ProductType {
    Landing,
    Restaurant,
    Shop,
    Portfolio,
    Event,
    AppOnboarding,
}

impl ProductType {
    pub const ALL: [ProductType; 6] = [
        Self::Landing,
        Self::Restaurant,
        Self::Shop,
        Self::Portfolio,
        Self::Event,
        Self::AppOnboarding,
    ];

    pub fn as_str(self) -> &'static str {
        match self {
            Self::Landing => "landing",
            Self::Restaurant => "restaurant",
            Self::Shop => "shop",
            Self::Portfolio => "portfolio",
            Self::Event => "event",
            Self::AppOnboarding => "app_onboarding",
        }
    }

    /// Words that point at this type, strongest first.
    pub(crate) fn words(self) -> &'static [&'static str] {
        match self {
            Self::Landing => &["landing", "startup", "saas", "product launch", "agency"],
            Self::Restaurant => &[
                "restaurant",
                "bakery",
                "cafe",
                "café",
                "coffee",
                "bistro",
                "pizz",
                "bar ",
                "menu",
                "food",
                "kitchen",
                "diner",
                "patisserie",
            ],
            Self::Shop => &[
                "shop",
                "store",
                "boutique",
                "sell",
                "products",
                "cart",
                "e-commerce",
            ],
            Self::Portfolio => &[
                "portfolio",
                "photographer",
                "designer",
                "artist",
                "my work",
                "illustrator",
            ],
            Self::Event => &[
                "event",
                "wedding",
                "conference",
                "festival",
                "meetup",
                "party",
                "concert",
            ],
            Self::AppOnboarding => &["onboarding", "mobile app", "sign up flow", "app intro"],
        }
    }

    /// The sections a site of this type gets when the brief names none.
    pub fn default_sections(self) -> &'static [SectionKind] {
        match self {
            Self::Landing => &[
                SectionKind::About,
                SectionKind::Services,
                SectionKind::Contact,
            ],
            Self::Restaurant => &[SectionKind::Menu, SectionKind::Hours, SectionKind::Location],
            Self::Shop => &[
                SectionKind::Services,
                SectionKind::Hours,
                SectionKind::Contact,
            ],
            Self::Portfolio => &[
                SectionKind::About,
                SectionKind::Gallery,
                SectionKind::Contact,
            ],
            Self::Event => &[
                SectionKind::Timetable,
                SectionKind::Location,
                SectionKind::Contact,
            ],
            Self::AppOnboarding => &[SectionKind::Services, SectionKind::Contact],
        }
    }
}

/// A section of a page: its kind and the heading in the person's words.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct SectionPlan {
    pub kind: SectionKind,
    pub label: String,
    /// What the person says the section lists, as written (price items, FAQ questions…).
    #[serde(default)]
    pub items: Vec<String>,
}

/// A page the site should have.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct PagePlan {
    pub slug: String,
    pub title: String,
    pub purpose: String,
    /// The page's sections in order (after the page's heading).
    #[serde(default)]
    pub sections: Vec<SectionPlan>,
}

/// How a question is answered.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum AnswerKind {
    Radio,
    Checkbox,
    Text,
}

/// A question worth asking before building, with suggested answers.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct OpenQuestion {
    /// A stable id (`what`, `name`, `place`, `sections`, `task`): answers are folded back into
    /// the brief by it.
    #[serde(default)]
    pub id: String,
    pub question: String,
    #[serde(default = "text_kind")]
    pub kind: AnswerKind,
    pub options: Vec<String>,
}

fn text_kind() -> AnswerKind {
    AnswerKind::Text
}

/// What `analyze_brief` returns.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct BriefAnalysis {
    pub product_type: ProductType,
    /// The kind of business in the person's words ("yoga studio"), or empty.
    pub subject: String,
    /// The name to put on the pages: the business's name as written, or a placeholder.
    pub site_name: String,
    /// The business's name exactly as written, when the brief gives one.
    #[serde(default)]
    pub name: Option<String>,
    /// The place as written ("Leeds", "Small Heath Birmingham").
    #[serde(default)]
    pub place: Option<String>,
    pub audience: String,
    pub scenario: String,
    #[serde(default)]
    pub structure: Structure,
    /// The sections the brief names (and those its facts imply), in its order.
    #[serde(default)]
    pub sections: Vec<SectionPlan>,
    #[serde(default)]
    pub facts: Facts,
    /// The site's main task: the form a visitor sends.
    #[serde(default)]
    pub task: TaskPlan,
    pub pages: Vec<PagePlan>,
    /// What every page is made from (`generate_page`'s `data_model`, with the page's
    /// `sections` added): name, place, kind, facts and task.
    pub data_model: Value,
    /// Questions to ask before building: 3 to 5 for a vague brief, none otherwise.
    pub open_questions: Vec<OpenQuestion>,
    /// True when the brief is too vague to build from.
    #[serde(default)]
    pub vague: bool,
}

impl BriefAnalysis {
    /// `generate_page`'s `data_model` for `page`: the brief's content and the page's sections.
    pub fn page_model(&self, page: &PagePlan) -> Value {
        let mut model = self.data_model.clone();
        let form = |p: &PagePlan| p.sections.iter().find(|s| s.kind.is_form()).map(|s| s.kind);
        let task_href = match form(page) {
            Some(kind) => Some(format!("#{}", kind.as_str())),
            None => self
                .pages
                .iter()
                .find(|p| form(p).is_some())
                .map(|p| format!("{}.html", p.slug)),
        };
        if let Value::Object(object) = &mut model {
            object.insert("task_href".into(), task_href.into());
            object.insert("site_name".into(), self.site_name.clone().into());
            object.insert(
                "sections".into(),
                serde_json::to_value(&page.sections).unwrap_or_default(),
            );
        }
        model
    }
}

/// The placeholder shown where the brief gives no name.
pub const NAME_PLACEHOLDER: &str = "[Your business name]";

/// Analyses a request without a model. `conversation_summary` (e.g. the answers to the open
/// questions) is read as more of the brief.
pub fn analyze(request: &str, conversation_summary: Option<&str>) -> BriefAnalysis {
    let text = match conversation_summary.filter(|s| !s.trim().is_empty()) {
        Some(more) => format!("{}\n{}", request.trim(), more.trim()),
        None => request.trim().to_owned(),
    };
    let lower = format!(" {} ", text.to_lowercase());
    let product_type = detect_type(&lower);
    let name = extract::name(&text);
    let place = extract::place(&text, name.as_deref());
    let subject = extract::kind(&text)
        .filter(|kind| {
            name.as_deref()
                .is_none_or(|name| !name.to_lowercase().contains(&kind.to_lowercase()))
        })
        .unwrap_or_default();
    let facts = facts::facts(&text);
    let structure = plan::structure(&text);
    let sections = plan::sections(&text, &facts, product_type);
    let task = plan::task(&text, &sections, &facts);
    let pages = plan::pages(&text, structure, &sections);
    let generic = matches!(
        subject.to_lowercase().as_str(),
        "" | "business" | "company" | "small company" | "small business" | "firm"
    );
    let vague = name.is_none()
        && generic
        && vocab::named_sections(&text).is_empty()
        && facts.is_empty()
        && !ProductType::ALL
            .iter()
            .any(|kind| kind.words().iter().any(|w| lower.contains(w)));
    let open_questions = if vague {
        vague::questions(&text)
    } else {
        Vec::new()
    };
    let site_name = name.clone().unwrap_or_else(|| NAME_PLACEHOLDER.to_owned());
    let data_model = json!({
        "name": name,
        "place": place,
        "kind": subject,
        "facts": facts,
        "task": task,
    });
    BriefAnalysis {
        product_type,
        audience: audience_of(product_type, &subject),
        scenario: format!(
            "A visitor on a phone finds {site_name}, learns what it offers and {} in a few taps.",
            task.kind.visitor_action()
        ),
        subject,
        site_name,
        name,
        place,
        structure,
        sections,
        facts,
        task,
        pages,
        data_model,
        open_questions,
        vague,
    }
}

fn detect_type(text: &str) -> ProductType {
    // The type whose strongest word appears first wins ties of count.
    let score = |kind: ProductType| kind.words().iter().filter(|w| text.contains(*w)).count();
    ProductType::ALL
        .into_iter()
        .filter(|kind| score(*kind) > 0)
        .max_by_key(|kind| score(*kind))
        .unwrap_or(ProductType::Landing)
}

fn audience_of(kind: ProductType, subject: &str) -> String {
    let who = match kind {
        ProductType::Landing => "people comparing options who want to try it quickly",
        ProductType::Restaurant => "neighbours and passers-by deciding where to eat",
        ProductType::Shop => "shoppers on their phone looking for a good buy",
        ProductType::Portfolio => "clients and employers checking the work",
        ProductType::Event => "guests who need the date, place and programme",
        ProductType::AppOnboarding => "new users opening the app for the first time",
    };
    if subject.is_empty() {
        who.to_owned()
    } else {
        format!("{who} ({subject})")
    }
}

/// The slug of a page plan, checked.
pub fn plan_slug(page: &PagePlan) -> Option<Slug> {
    Slug::parse(&page.slug).ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn slugs(brief: &BriefAnalysis) -> Vec<&str> {
        brief.pages.iter().map(|p| p.slug.as_str()).collect()
    }

    #[test]
    fn the_yoga_brief_gets_every_named_section_and_no_questions() {
        let brief = analyze(
            "a yoga studio in Leeds: class timetable, prices for drop-in and monthly passes, and a page to book a first class",
            None,
        );
        assert_eq!(brief.place.as_deref(), Some("Leeds"));
        assert_eq!(brief.subject, "yoga studio");
        assert_eq!(brief.site_name, NAME_PLACEHOLDER);
        assert!(brief.open_questions.is_empty());
        assert_eq!(slugs(&brief), ["home", "timetable", "booking"]);
        assert_eq!(brief.pages[1].title, "Class timetable");
        assert_eq!(brief.pages[2].title, "Book a first class");
        assert_eq!(brief.task.kind, TaskKind::Booking);
        let home: Vec<SectionKind> = brief.pages[0].sections.iter().map(|s| s.kind).collect();
        assert_eq!(home, [SectionKind::Prices]);
    }

    #[test]
    fn a_bakery_called_crumb_and_co_keeps_its_name_and_prices() {
        let brief = analyze(
            "Build a site for a bakery called Crumb and Co in Totnes, with our menu and opening hours. We do sourdough (£4.50), cinnamon buns (£2.80) and custom birthday cakes from £35. Open Wed-Sun 8am-3pm.",
            None,
        );
        assert_eq!(brief.site_name, "Crumb and Co");
        assert_eq!(brief.product_type, ProductType::Restaurant);
        assert_eq!(brief.facts.prices.len(), 3);
        assert_eq!(brief.facts.hours, ["Wed-Sun 8am-3pm"]);
        assert_eq!(slugs(&brief), ["home", "menu"]);
    }

    #[test]
    fn six_product_types_are_told_apart() {
        let cases = [
            ("a landing page for my startup", ProductType::Landing),
            ("a site for a pizza restaurant", ProductType::Restaurant),
            ("an online shop for my ceramics store", ProductType::Shop),
            ("a portfolio for a photographer", ProductType::Portfolio),
            ("a site for our wedding", ProductType::Event),
            (
                "onboarding screens for a mobile app",
                ProductType::AppOnboarding,
            ),
        ];
        for (request, kind) in cases {
            assert_eq!(analyze(request, None).product_type, kind, "{request}");
        }
    }

    #[test]
    fn a_vague_brief_gets_three_to_five_structured_questions() {
        for request in [
            "a website for my business",
            "can you make me a site? need one asap",
            "I want a nice website for my small company, something modern and clean",
        ] {
            let brief = analyze(request, None);
            assert!(brief.vague, "{request}");
            let n = brief.open_questions.len();
            assert!((3..=5).contains(&n), "{request}: {n}");
            assert!(
                brief
                    .open_questions
                    .iter()
                    .any(|q| q.kind == AnswerKind::Checkbox)
            );
            assert!(
                brief
                    .open_questions
                    .iter()
                    .any(|q| q.kind == AnswerKind::Radio)
            );
        }
        let answered = analyze(
            "a website for my business",
            Some(
                "What we do: dog walking. Name: Muddy Paws. Sections: Prices, Reviews. Main action: Booking.",
            ),
        );
        assert!(!answered.vague, "{answered:?}");
        assert_eq!(answered.name.as_deref(), Some("Muddy Paws"));
        assert_eq!(answered.task.kind, TaskKind::Booking);
        // The answers as the questions' form folds them: what the business does is its kind,
        // and no section is named from words across the line break.
        let summary = vague::answers_as_brief(&[
            ("what".into(), vec!["dog grooming".into()]),
            ("name".into(), vec!["Muddy Paws".into()]),
            ("place".into(), vec!["Bristol".into()]),
            ("sections".into(), vec!["Services".into(), "Prices".into()]),
            ("task".into(), vec!["Book an appointment".into()]),
        ]);
        let answered = analyze("a website for my business", Some(&summary));
        assert_eq!(answered.subject, "dog grooming", "{answered:#?}");
        let labels: Vec<&str> = answered.sections.iter().map(|s| s.label.as_str()).collect();
        assert_eq!(labels[..2], ["Services", "Prices"], "{labels:?}");
        assert_eq!(answered.place.as_deref(), Some("Bristol"));
    }
}
