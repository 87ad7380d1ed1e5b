//! The instruction planner's vocabulary: one parsed [`Step`] per instruction clause, and the
//! [`Target`] phrase that names an element ("the second Add button").
//!
//! In: produced by `parse` from the person's text. Out: read by `decide` (what to do) and
//! `resolve` (which element).

use tandem_mcp_browser::snapshot::Element;

use super::icons::ICON_WORDS;
use super::matching::normalize;
use super::measures::Order;
use crate::action::{ScrollDirection, WaitFor};

/// The parsed message.
#[derive(Debug, Clone, PartialEq, Default)]
pub(crate) struct Instructions {
    /// Understood steps with their source clause, in order.
    pub steps: Vec<(Step, String)>,
    /// Clauses that were not understood, in order.
    pub ignored: Vec<String>,
}

/// One instruction, as understood.
#[derive(Debug, Clone, PartialEq)]
pub(crate) enum Step {
    /// Load an address (already normalized to an absolute URL).
    Open { url: String },
    /// Load the current address again.
    Reload,
    /// Go back one page.
    Back,
    /// Click a named element.
    Click { target: Target },
    /// A path through menus ("File>Export>PDF"): each level whose next one does not show is
    /// hovered, the last is clicked (see `menus`).
    Path { levels: Vec<Target> },
    /// Type text into a named field, or into the focused / only field when `target` is `None`.
    /// An empty text clears the field.
    Type {
        text: String,
        target: Option<Target>,
    },
    /// "set X to V" / "fill X with V": the element's kind decides between typing, selecting
    /// and checking.
    Set { target: Target, value: String },
    /// Choose an option of a named list, or of the list that has such an option.
    Select {
        option: String,
        target: Option<Target>,
    },
    /// Check (`on`) or uncheck a checkbox, radio button or switch.
    Check { target: Target, on: bool },
    /// One item of a list ("tick Red, Blue and Green"): like `Check`, except that when the
    /// whole phrase names one element ("Terms and Conditions") the first part acts on it and
    /// the other parts need nothing.
    CheckPart {
        target: Target,
        whole: Target,
        on: bool,
        first: bool,
    },
    /// A value described by its spelling ("an item that starts with An and ends with ica"; empty
    /// parts ask nothing): typed, then chosen among the suggestions (a sweep, see `affixes`).
    Affixed {
        starts: String,
        ends: String,
        contains: String,
        target: Option<Target>,
    },
    /// A value typed into a field that suggests entries ("from: Anvik, AK"): the one suggestion
    /// that shows every word of it is chosen; none shows, the typed value stays (a sweep, see
    /// `suggested`).
    Suggested { target: Target, value: String },
    /// The item of a repeated list best by a value each shows ("the cheapest flight"): the
    /// search is sent first when the message gave its values (`search`) or no item shows yet,
    /// then that item's control is pressed (a sweep, see `best_item`).
    Best {
        verb: String,
        order: Order,
        thing: String,
        search: bool,
    },
    /// Check (`on`) or uncheck the boxes whose labels are like `word` in meaning ("words
    /// similar to mild"; a sweep, see `likeness`). `others`: the other words of the same list.
    Similar {
        word: String,
        others: Vec<String>,
        on: bool,
    },
    /// Check (`on`) or uncheck every checkbox of the page (a sweep: one box per action); the
    /// boxes named by `except` the other way (`all_but`).
    CheckAll { on: bool, except: Vec<Target> },
    /// Put the keyboard focus in a field (a click into it).
    Focus { target: Target },
    /// Open the page's one collapsed section ("expand the section below"): a sweep that ends
    /// once the control it clicked shows expanded (`disclose`).
    Expand,
    /// Open collapsed sections, tabs, folders, menus or next pages until `target` shows (a
    /// bounded sweep that remembers what it opened).
    Reveal { target: Target },
    /// A description with values ("jazz albums released by Monk in 1957"): the values go into
    /// the form fields they fit, then the form is sent (a sweep).
    Prose { text: String },
    /// Press a key (normalized name such as `Enter` or `Control+A`).
    PressKey { key: String },
    /// Scroll the page.
    Scroll(ScrollGoal),
    /// Wait for text, time or navigation.
    Wait(WaitFor),
    /// Type a query into the page's search field and press Enter.
    Search { query: String },
    /// Submit the form of the last-typed / focused field, or the page's only form.
    Submit,
    /// A verb the vocabulary does not list, applied to a thing: the click on the control
    /// named by one of `verbs` that belongs to `object` (a sweep, see `verbs`). No `verbs`:
    /// the thing's box, ticked ("cross off X"). A `message` ("reply to Priya: thanks") is
    /// typed into the field that control opens; with `renames` ("rename X to Y") it replaces
    /// the field's text and Enter confirms it.
    Act {
        verbs: Vec<String>,
        object: Target,
        message: Option<String>,
        renames: bool,
    },
    /// The control named by one of `verbs` in every item that shows `items` ("Share on all
    /// posts by @kim"), or in the first `count` of them (a sweep, see `every`).
    Every {
        verbs: Vec<String>,
        items: Target,
        count: Option<usize>,
    },
    /// Choose the answer `option` of one question of the page (a sweep, see `questions`).
    Answer { option: String, question: Question },
    /// Open a list item named by the text it shows ("the thread by Ada"): the title above that
    /// text's byline when it has one (`byline`), else the element that shows it.
    OpenItem { shown: Target },
    /// Sign in with a name and password given in prose (a sweep, see `sign_in`). The password
    /// is never shown: not in notes, reports or `Debug`.
    SignIn { user: String, password: Secret },
    /// A sentence that names fields and gives each a value ("first name Lena, email …"): read
    /// against the page's labels and filled in (a sweep, see `fields`).
    Fields { text: String },
    /// A record written or changed through its form ("a note titled X saying Y", "change
    /// Omar's role to Admin", "rename X to Y"): `object` is the item changed (none: a new
    /// one); each value goes to the field its key names (`records`; a sweep, see
    /// `record_form`), then the form is kept (Save, Done, Close).
    Record {
        object: Option<Target>,
        values: Vec<(String, String)>,
    },
    /// End the run here.
    Stop,
}

impl Step {
    /// A step whose words are all an element's name (no value, no address).
    pub(crate) fn names_an_element(&self) -> bool {
        matches!(
            self,
            Step::Click { .. }
                | Step::OpenItem { .. }
                | Step::Focus { .. }
                | Step::Reveal { .. }
                | Step::Check { .. }
                | Step::Scroll(ScrollGoal::To(_))
        )
    }

    /// For a sweep step (it acts until the page is as asked), the most actions it may take;
    /// `None` for a step that one successful action completes.
    pub(crate) fn sweep_budget(&self) -> Option<u32> {
        match self {
            Step::CheckAll { .. } => Some(40),
            Step::Similar { .. } => Some(12),
            // Type the start, wait for suggestions (twice at most), click one.
            Step::Affixed { .. } => Some(5),
            // Type the value, wait for suggestions (twice at most), click one; once more when
            // the field took another entry.
            Step::Suggested { .. } => Some(8),
            // Send the search, wait for the items (twice at most), press the best one's.
            Step::Best { .. } => Some(5),
            Step::Reveal { .. } => Some(16),
            Step::Expand => Some(2),
            Step::Prose { .. } => Some(10),
            Step::Select { .. } => Some(16),
            // A slider moves one step a key (`slider`): twenty steps and the focus.
            Step::Set { .. } => Some(24),
            // Open the thing or its menu, click the control, type a message, confirm it.
            // A rename with no Rename control: the menu, the item itself, the name, keep it.
            Step::Act { renames: true, .. } => Some(6),
            Step::Act { .. } => Some(4),
            // One click per item.
            Step::Every { .. } => Some(40),
            // The name (sent alone when the password field shows only after it), the password.
            Step::SignIn { .. } => Some(3),
            // Open the collapsed question, choose the answer.
            Step::Answer { .. } => Some(3),
            // The control that opens the form, then one action per field.
            Step::Fields { .. } => Some(12),
            // Open the form (a menu, then its entry), one action per value, keep it.
            Step::Record { .. } => Some(8),
            Step::Open { .. }
            | Step::Reload
            | Step::Back
            | Step::Click { .. }
            | Step::Path { .. }
            | Step::OpenItem { .. }
            | Step::Type { .. }
            | Step::Check { .. }
            | Step::CheckPart { .. }
            | Step::Focus { .. }
            | Step::PressKey { .. }
            | Step::Scroll(_)
            | Step::Wait(_)
            | Step::Search { .. }
            | Step::Submit
            | Step::Stop => None,
        }
    }
}

/// Which question of the page an answer is for (`questions`): by its place among the page's
/// questions, or by words of its text.
#[derive(Debug, Clone, PartialEq)]
pub(crate) enum Question {
    At(Ordinal),
    About(Vec<String>),
    /// The one question that offers the answer ("4 out of 5": the page's one scale).
    Offering,
}

/// A password the person gave: its `Debug` never shows it.
#[derive(Clone, PartialEq)]
pub(crate) struct Secret(pub String);

impl std::fmt::Debug for Secret {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Secret(••••)")
    }
}

/// Where a scroll step goes.
#[derive(Debug, Clone, PartialEq)]
pub(crate) enum ScrollGoal {
    By(ScrollDirection),
    Top,
    Bottom,
    To(Target),
    /// The bottom (or top) of a box that scrolls inside the page, named by the person's words
    /// (`scroll_box`).
    Inside {
        within: String,
        bottom: bool,
    },
}

/// Kinds of element a phrase can name with a role word.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum RoleClass {
    /// field, box, input, textbox, textarea
    Editable,
    Button,
    /// link, also "page" in "go to the Pricing page"
    Link,
    /// checkbox, also switch and toggle
    Checkbox,
    /// radio button, option
    Radio,
    /// dropdown, list, select, menu, combobox
    Select,
    Tab,
}

/// "first", "second", ..., "last" in front of a phrase.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Ordinal {
    /// 1-based position among equally good matches, in document order.
    Nth(usize),
    Last,
}

/// A phrase naming an element.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct Target {
    /// The phrase as written (quotes and leading articles removed), for messages.
    pub phrase: String,
    /// Normalized name words: role words and ordinal removed. Empty for "the button".
    pub name: String,
    /// Normalized whole phrase without ordinal, for names that contain a role word ("Menu").
    pub full: String,
    pub role: Option<RoleClass>,
    pub ordinal: Option<Ordinal>,
    /// Words that only describe the value ("type the code \"42\""): when nothing matches them,
    /// the focused or only field is meant.
    pub optional: bool,
    /// For one of several values given together ("the username \"kim\" and the password
    /// \"pw7\" into the fields"): when the name matches nothing, the field at this 1-based
    /// position among the page's fields is meant.
    pub position: Option<usize>,
    /// Written with "a", "an" or "any" ("click a checkbox"): any one of equally good matches
    /// will do, so the first is taken instead of asking.
    pub any: bool,
    /// The phrase names an icon ("the trash icon", "the item with the gear icon"): an element's
    /// icon then counts before its written name (see `icons`).
    pub icon: bool,
}

const TWO_WORD_ROLES: &[(&str, RoleClass)] = &[
    ("text box", RoleClass::Editable),
    ("text field", RoleClass::Editable),
    ("input field", RoleClass::Editable),
    ("text area", RoleClass::Editable),
    ("check box", RoleClass::Checkbox),
    ("radio button", RoleClass::Radio),
    ("combo box", RoleClass::Select),
    ("drop down", RoleClass::Select),
    ("select box", RoleClass::Select),
    ("select list", RoleClass::Select),
    ("scroll list", RoleClass::Select),
    ("scrolling list", RoleClass::Select),
    ("list box", RoleClass::Select),
];

const ONE_WORD_ROLES: &[(&str, RoleClass)] = &[
    ("field", RoleClass::Editable),
    ("box", RoleClass::Editable),
    ("input", RoleClass::Editable),
    ("textbox", RoleClass::Editable),
    ("textarea", RoleClass::Editable),
    ("searchbox", RoleClass::Editable),
    ("button", RoleClass::Button),
    ("btn", RoleClass::Button),
    ("link", RoleClass::Link),
    ("hyperlink", RoleClass::Link),
    ("page", RoleClass::Link),
    // "the second result" of a search: results are links.
    ("result", RoleClass::Link),
    ("results", RoleClass::Link),
    ("checkbox", RoleClass::Checkbox),
    ("switch", RoleClass::Checkbox),
    ("toggle", RoleClass::Checkbox),
    ("radio", RoleClass::Radio),
    ("option", RoleClass::Radio),
    ("dropdown", RoleClass::Select),
    ("list", RoleClass::Select),
    ("select", RoleClass::Select),
    ("menu", RoleClass::Select),
    ("combobox", RoleClass::Select),
    ("listbox", RoleClass::Select),
    ("tab", RoleClass::Tab),
];

pub(crate) fn ordinal_of(word: &str) -> Option<Ordinal> {
    let nth = match word {
        "first" | "1st" => 1,
        "second" | "2nd" => 2,
        "third" | "3rd" => 3,
        "fourth" | "4th" => 4,
        "fifth" | "5th" => 5,
        "sixth" | "6th" => 6,
        "seventh" | "7th" => 7,
        "eighth" | "8th" => 8,
        "ninth" | "9th" => 9,
        "tenth" | "10th" => 10,
        "last" => return Some(Ordinal::Last),
        _ => return None,
    };
    Some(Ordinal::Nth(nth))
}

impl Target {
    /// Parses a phrase such as `the "Sign in" button`, `link Help` or `the 2nd Add button`.
    pub(crate) fn parse(phrase: &str) -> Target {
        let trimmed = phrase
            .trim()
            .trim_matches(|c: char| ",.;:!?".contains(c))
            .trim();
        // "the second item with the gear icon": the icon names it, the words before say its
        // kind and place.
        if let Some((kind, icon)) = super::icons::marked_with(trimmed) {
            let kind = Target::parse(kind);
            let mut target = Target::parse(icon);
            target.role = kind.role.or(target.role);
            target.ordinal = kind.ordinal.or(target.ordinal);
            target.any = kind.any;
            return target;
        }
        let display = strip_article(trimmed);
        let quoted = super::split::quoted_inner(trimmed);
        let mut words: Vec<String> = normalize(trimmed)
            .split(' ')
            .filter(|w| !w.is_empty())
            .map(str::to_owned)
            .collect();
        let ordinal = words.first().and_then(|w| ordinal_of(w));
        if ordinal.is_some() && words.len() > 1 {
            words.remove(0);
            // "the second of the results"
            if words.len() > 1 && words[0] == "of" {
                words.remove(0);
            }
        }
        // "the close icon", "a link element": words that name no kind and no text.
        let (mut noise, mut icon) = (false, false);
        let icon_word = |w: &String| ICON_WORDS.contains(&w.as_str());
        while words.len() > 1
            && words
                .last()
                .is_some_and(|w| NOISE_WORDS.contains(&w.as_str()) || icon_word(w))
        {
            icon |= words.pop().is_some_and(|w| icon_word(&w));
            noise = true;
        }
        let full = words.join(" ");
        let (role, name) = match &quoted {
            // 'a "link" element' names a kind, not a text. For a field the kind's own word
            // stays as the name ('a "textarea" widget' is no single-line field), matched by the
            // element's kind words.
            Some(inner) if noise && words.len() == 1 && role_word(&normalize(inner)).is_some() => {
                let role = role_word(&normalize(inner));
                let name = if role == Some(RoleClass::Editable) {
                    normalize(inner)
                } else {
                    String::new()
                };
                (role, name)
            }
            // A quoted name is taken literally; role words may surround it.
            Some(inner) => (role_in(&words), normalize(inner)),
            None => split_role(&words),
        };
        let lower = trimmed.to_lowercase();
        let any = ["a ", "an ", "any "].iter().any(|a| lower.starts_with(a));
        Target {
            any,
            phrase: quoted.unwrap_or_else(|| display.to_owned()),
            name,
            full,
            role,
            ordinal,
            optional: false,
            position: None,
            icon,
        }
    }

    /// A target naming an element by one exact phrase, with an optional role.
    pub(crate) fn named(name: &str, role: Option<RoleClass>) -> Target {
        Target {
            phrase: name.to_owned(),
            name: normalize(name),
            full: normalize(name),
            role,
            ordinal: None,
            optional: false,
            position: None,
            any: false,
            icon: false,
        }
    }
}

/// Trailing words that add nothing to a phrase ("link element"; the icon words too: "close
/// icon").
const NOISE_WORDS: &[&str] = &["element", "control", "widget"];

/// The kind one word (or two joined words) names, if any.
fn role_word(word: &str) -> Option<RoleClass> {
    TWO_WORD_ROLES
        .iter()
        .chain(ONE_WORD_ROLES)
        .find(|(w, _)| *w == word)
        .map(|(_, r)| *r)
}

fn strip_article(text: &str) -> &str {
    for article in ["the ", "a ", "an ", "The ", "A ", "An "] {
        if let Some(rest) = text.strip_prefix(article) {
            return rest.trim_start();
        }
    }
    text
}

/// Any role word among `words` (used around quoted names).
fn role_in(words: &[String]) -> Option<RoleClass> {
    let joined = words.join(" ");
    TWO_WORD_ROLES
        .iter()
        .find(|(w, _)| joined.contains(w))
        .or_else(|| {
            ONE_WORD_ROLES
                .iter()
                .find(|(w, _)| words.iter().any(|x| x == w))
        })
        .map(|(_, r)| *r)
}

/// Splits a trailing (or leading) role word off the name words.
fn split_role(words: &[String]) -> (Option<RoleClass>, String) {
    let n = words.len();
    if n >= 2 {
        let last_two = format!("{} {}", words[n - 2], words[n - 1]);
        if let Some((_, role)) = TWO_WORD_ROLES.iter().find(|(w, _)| *w == last_two) {
            return (Some(*role), words[..n - 2].join(" "));
        }
    }
    if let Some(last) = words.last()
        && let Some((_, role)) = ONE_WORD_ROLES.iter().find(|(w, _)| w == last)
    {
        return (Some(*role), words[..n - 1].join(" "));
    }
    if n >= 2
        && let Some((_, role)) = ONE_WORD_ROLES.iter().find(|(w, _)| *w == words[0])
    {
        return (Some(*role), words[1..].join(" "));
    }
    (None, words.join(" "))
}

impl RoleClass {
    /// True when `el` is of this kind.
    pub(crate) fn fits(self, el: &Element) -> bool {
        let role = el.role.as_str();
        let input = el.input_type.as_deref().unwrap_or("");
        match self {
            RoleClass::Editable => is_editable(el),
            RoleClass::Button => {
                role == "button" || matches!(input, "submit" | "button" | "reset" | "image")
            }
            RoleClass::Link => role == "link",
            RoleClass::Checkbox => matches!(role, "checkbox" | "switch") || input == "checkbox",
            RoleClass::Radio => {
                matches!(role, "radio" | "option" | "menuitemradio") || input == "radio"
            }
            RoleClass::Select => is_select(el),
            RoleClass::Tab => role == "tab",
        }
    }
}

/// Accepts typed text.
pub(crate) fn is_editable(el: &Element) -> bool {
    el.editable || matches!(el.role.as_str(), "textbox" | "searchbox" | "spinbutton")
}

/// A select / listbox / combobox with options to choose from.
pub(crate) fn is_select(el: &Element) -> bool {
    !el.options.is_empty()
        || el.tag == "select"
        || (matches!(el.role.as_str(), "combobox" | "listbox") && !el.editable)
}

/// A checkbox, radio button or switch (something with a checked state).
pub(crate) fn is_checkable(el: &Element) -> bool {
    el.checked.is_some()
        || matches!(el.role.as_str(), "checkbox" | "radio" | "switch")
        || matches!(el.input_type.as_deref(), Some("checkbox" | "radio"))
}

/// The target a phrase names, if it names any.
pub(super) fn target(text: &str) -> Option<Target> {
    let target = Target::parse(text);
    (!target.full.is_empty() || target.role.is_some()).then_some(target)
}
