//! `analyze_brief` without a model: what kind of site a request asks for, its pages, a default
//! data model and the questions worth asking.
//!
//! Deterministic and offline: the product type comes from words in the request (six types), the
//! pages from the type's defaults plus pages the request names ("a menu and a contact page").
//! A request that names no subject gets open questions with options, for the caller to ask.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::{Value, json};

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
    fn words(self) -> &'static [&'static str] {
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

    /// The pages a site of this type starts with: (slug, title, purpose).
    fn default_pages(self) -> &'static [(&'static str, &'static str, &'static str)] {
        match self {
            Self::Landing => &[
                (
                    "home",
                    "Home",
                    "What it is, why it helps, one clear call to action",
                ),
                ("features", "Features", "The main features as cards"),
                (
                    "contact",
                    "Contact",
                    "A short form and how to reach the team",
                ),
            ],
            Self::Restaurant => &[
                (
                    "home",
                    "Home",
                    "Welcome, opening hours and the way to the menu",
                ),
                ("menu", "Menu", "Dishes with descriptions and prices"),
                ("contact", "Contact", "Address, hours and a message form"),
            ],
            Self::Shop => &[
                ("home", "Home", "Featured products and the shop's promise"),
                ("products", "Products", "The product list with prices"),
                ("contact", "Contact", "Questions, delivery and returns"),
            ],
            Self::Portfolio => &[
                ("home", "Home", "Who the person is and what they do"),
                ("work", "Work", "Selected projects as cards"),
                ("contact", "Contact", "How to hire or reach them"),
            ],
            Self::Event => &[
                (
                    "home",
                    "Home",
                    "What, when and where, with a call to register",
                ),
                ("schedule", "Schedule", "The programme hour by hour"),
                ("register", "Register", "A registration form"),
            ],
            Self::AppOnboarding => &[
                ("home", "Welcome", "The app's promise and a start button"),
                ("features", "Features", "Three steps that show how it works"),
                ("signup", "Sign up", "Create an account"),
            ],
        }
    }

    /// The default data model: what the pages list.
    fn data_model(self) -> Value {
        match self {
            Self::Landing => json!({"features": [
                {"name": "Fast", "text": "Ready in minutes, not weeks."},
                {"name": "Simple", "text": "Everything in one place."},
                {"name": "Friendly", "text": "Help from real people."}]}),
            Self::Restaurant => json!({"items": [
                {"name": "Sourdough loaf", "text": "Slow-fermented, baked every morning.", "price": "6.50"},
                {"name": "Butter croissant", "text": "Flaky layers, French butter.", "price": "3.20"},
                {"name": "Seasonal tart", "text": "Fruit from the market.", "price": "4.80"}],
                "hours": "Tue–Sun 7:00–18:00"}),
            Self::Shop => json!({"items": [
                {"name": "Canvas tote", "text": "Sturdy and washable.", "price": "24.00"},
                {"name": "Ceramic mug", "text": "Hand-glazed, 350 ml.", "price": "18.00"},
                {"name": "Notebook", "text": "Recycled paper, dotted.", "price": "12.00"}]}),
            Self::Portfolio => json!({"items": [
                {"name": "Brand refresh", "text": "Identity for a local roastery."},
                {"name": "Mobile app", "text": "Booking flow, from research to launch."},
                {"name": "Editorial", "text": "Illustrations for a monthly magazine."}]}),
            Self::Event => json!({"items": [
                {"name": "09:00 Welcome", "text": "Coffee and introductions."},
                {"name": "10:00 Keynote", "text": "Where we are heading."},
                {"name": "13:00 Workshops", "text": "Hands-on sessions."}],
                "date": "Saturday 14 June", "place": "Town Hall"}),
            Self::AppOnboarding => json!({"items": [
                {"name": "Plan", "text": "Set a goal in two taps."},
                {"name": "Track", "text": "See your progress every day."},
                {"name": "Share", "text": "Celebrate with friends."}]}),
        }
    }
}

/// A page the site should have.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct PagePlan {
    pub slug: String,
    pub title: String,
    pub purpose: String,
}

/// A question worth asking before building, with suggested answers.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct OpenQuestion {
    pub question: String,
    pub options: Vec<String>,
}

/// What `analyze_brief` returns.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct BriefAnalysis {
    pub product_type: ProductType,
    /// The site's subject as the request names it ("bakery"), or empty.
    pub subject: String,
    /// A name to put on the pages.
    pub site_name: String,
    pub audience: String,
    pub scenario: String,
    pub pages: Vec<PagePlan>,
    pub data_model: Value,
    /// Questions worth asking; essential ones first. Empty when the brief is enough.
    pub open_questions: Vec<OpenQuestion>,
}

/// Page names a request may ask for: (words, slug, title, purpose).
const NAMED_PAGES: [(&[&str], &str, &str, &str); 9] = [
    (
        &["menu"],
        "menu",
        "Menu",
        "Dishes with descriptions and prices",
    ),
    (
        &["contact"],
        "contact",
        "Contact",
        "Address, hours and a message form",
    ),
    (
        &["about"],
        "about",
        "About",
        "The story and the people behind it",
    ),
    (
        &["gallery", "photos"],
        "gallery",
        "Gallery",
        "Pictures as cards",
    ),
    (
        &["pricing", "prices"],
        "pricing",
        "Pricing",
        "Plans and what they include",
    ),
    (&["faq"], "faq", "FAQ", "Answers to common questions"),
    (
        &["schedule", "programme", "program"],
        "schedule",
        "Schedule",
        "The programme",
    ),
    (
        &["products", "catalog", "catalogue"],
        "products",
        "Products",
        "The product list",
    ),
    (
        &["booking", "reservation", "reserve"],
        "booking",
        "Booking",
        "A booking form",
    ),
];

/// Analyses a request without a model.
pub fn analyze(request: &str, conversation_summary: Option<&str>) -> BriefAnalysis {
    let text = format!(
        " {} {} ",
        request.to_lowercase(),
        conversation_summary.unwrap_or_default().to_lowercase()
    );
    let product_type = detect_type(&text);
    let subject = subject_of(&request.to_lowercase());
    let site_name = if subject.is_empty() {
        "Our site".to_owned()
    } else {
        title_case(&subject)
    };
    let mut pages: Vec<PagePlan> = vec![home_page(product_type)];
    let named: Vec<PagePlan> = NAMED_PAGES
        .iter()
        .filter(|(words, ..)| words.iter().any(|word| text.contains(word)))
        .map(|(_, slug, title, purpose)| plan(slug, title, purpose))
        .collect();
    if named.is_empty() {
        pages.extend(
            product_type.default_pages()[1..]
                .iter()
                .map(|(slug, title, purpose)| plan(slug, title, purpose)),
        );
    } else {
        pages.extend(named);
    }
    let mut open_questions = Vec::new();
    if subject.is_empty() {
        open_questions.push(OpenQuestion {
            question: "What is the site for?".into(),
            options: ProductType::ALL
                .iter()
                .map(|kind| kind.as_str().replace('_', " "))
                .collect(),
        });
    }
    open_questions.push(OpenQuestion {
        question: "Which colours should the site use?".into(),
        options: vec![
            "Warm (brown, cream)".into(),
            "Fresh (green, white)".into(),
            "Bold (blue, orange)".into(),
            "Let Tandem choose".into(),
        ],
    });
    BriefAnalysis {
        product_type,
        audience: audience_of(product_type, &subject),
        scenario: format!(
            "A visitor on a phone finds {site_name}, learns what it offers and acts on it in a few taps."
        ),
        subject,
        site_name,
        pages,
        data_model: product_type.data_model(),
        open_questions,
    }
}

fn plan(slug: &str, title: &str, purpose: &str) -> PagePlan {
    PagePlan {
        slug: slug.to_owned(),
        title: title.to_owned(),
        purpose: purpose.to_owned(),
    }
}

fn home_page(kind: ProductType) -> PagePlan {
    let (slug, title, purpose) = kind.default_pages()[0];
    plan(slug, title, purpose)
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

/// The noun phrase after "for a/an/the/my/our" up to "with", "that", "and" or punctuation.
fn subject_of(request: &str) -> String {
    for lead in [
        " for a ",
        " for an ",
        " for the ",
        " for my ",
        " for our ",
        " for ",
    ] {
        let padded = format!(" {request} ");
        let Some(at) = padded.find(lead) else {
            continue;
        };
        let rest = &padded[at + lead.len()..];
        let end = [
            " with ", " that ", " which ", " and ", ",", ".", ";", ":", "!", "?",
        ]
        .iter()
        .filter_map(|stop| rest.find(stop))
        .min()
        .unwrap_or(rest.len());
        let subject = rest[..end].trim();
        if !subject.is_empty() && subject.split_whitespace().count() <= 5 {
            return subject.to_owned();
        }
    }
    String::new()
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

fn title_case(text: &str) -> String {
    text.split_whitespace()
        .map(|word| {
            let mut chars = word.chars();
            match chars.next() {
                Some(first) => first.to_uppercase().chain(chars).collect(),
                None => String::new(),
            }
        })
        .collect::<Vec<_>>()
        .join(" ")
}

/// The slug of a page plan, checked.
pub fn plan_slug(page: &PagePlan) -> Option<Slug> {
    Slug::parse(&page.slug).ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_bakery_with_a_menu_and_a_contact_page() {
        let brief = analyze(
            "build a small site for a bakery with a menu and a contact page",
            None,
        );
        assert_eq!(brief.product_type, ProductType::Restaurant);
        assert_eq!(brief.subject, "bakery");
        assert_eq!(brief.site_name, "Bakery");
        let slugs: Vec<&str> = brief.pages.iter().map(|p| p.slug.as_str()).collect();
        assert_eq!(slugs, ["home", "menu", "contact"]);
        assert_eq!(brief.open_questions.len(), 1, "only the colour question");
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
    fn a_brief_without_a_subject_asks_what_the_site_is_for() {
        let brief = analyze("build me a website", None);
        assert_eq!(brief.open_questions[0].question, "What is the site for?");
        assert_eq!(brief.open_questions[0].options.len(), 6);
        assert!(brief.pages.len() >= 3);
    }
}
