//! Icons in people's words: "the gear icon", "the button with the star icon", "the item with
//! the "seek-start" icon", "the bin icon in the row for notes.txt".
//!
//! In: a phrase, or a query and the icon the snapshot says marks an element (`Element::icon`,
//! the icon set's own name such as `trash-can`, `settings`, `seek-start`). Out: where a phrase
//! names a thing by its icon ([`marked_with`], [`ICON_WORDS`]), and how well a query names an
//! icon ([`quality`]): the icon's own words, or the everyday words of a common icon (a bin is a
//! trash can, a gear is the settings icon, a pencil is a pen). The word groups are the common
//! icons of every icon set, kept as data; nothing here knows a page.

use tandem_mcp_browser::snapshot::Element;

use super::matching::{EXACT, NONE, WORDS, normalize, quality as text_quality};

/// Words that say the phrase names an icon ("the trash icon", "the ★ symbol").
pub(super) const ICON_WORDS: &[&str] = &["icon", "symbol", "glyph", "pictogram"];

/// Words people use for one common icon (normalized: lower case, words split at '-').
const GROUPS: &[&[&str]] = &[
    &[
        "trash",
        "trash can",
        "trashcan",
        "bin",
        "dustbin",
        "wastebasket",
        "waste basket",
        "garbage",
        "rubbish",
        "delete",
    ],
    &["gear", "cog", "cogwheel", "settings", "preferences"],
    &["pen", "pencil", "edit", "write", "compose"],
    &["envelope", "mail", "email", "letter", "mail closed"],
    &["magnifier", "magnifying glass", "search", "loupe"],
    &["house", "home"],
    &["x", "xmark", "times", "close", "cross"],
    &["plus", "add"],
    &["minus", "subtract"],
    &["heart", "like", "love", "favorite", "favourite"],
    &["star", "favorite", "favourite"],
    &["bell", "notification", "notifications", "alarm"],
    &["user", "person", "account", "profile", "avatar"],
    &["cart", "shopping cart", "basket", "trolley"],
    &["disk", "floppy", "floppy disk", "diskette", "save"],
    &["lock", "locked", "padlock"],
    &["unlock", "unlocked", "open padlock"],
    &["eye", "view", "show", "visible"],
    &["print", "printer"],
    &["refresh", "reload", "sync"],
    &["copy", "duplicate", "clone"],
    &["link", "chain"],
    &["filter", "funnel"],
    &["phone", "telephone", "call"],
    &["camera", "photo"],
    &["folder", "directory"],
    &["check", "checkmark", "tick"],
    &["ellipsis", "dots", "three dots", "more", "kebab"],
    &["bars", "hamburger", "menu"],
    &["info", "information"],
    &["question", "help"],
    &["share"],
    &["download"],
    &["upload"],
];

/// "the item with the "seek-start" icon", "the button marked with a gear icon": the words
/// before the join (the kind, possibly with an ordinal) and the icon's phrase after it (ending
/// in its icon word), or `None` when the phrase names no thing by its icon.
pub(super) fn marked_with(phrase: &str) -> Option<(&str, &str)> {
    let lower = phrase.to_ascii_lowercase();
    let (at, join) = [" marked with ", " with "]
        .iter()
        .find_map(|j| lower.find(j).map(|at| (at, j.len())))?;
    let icon = &phrase[at + join..];
    let last = normalize(icon);
    let last = last.rsplit(' ').next().unwrap_or("");
    (ICON_WORDS.contains(&last) && normalize(icon).contains(' ')).then(|| (&phrase[..at], icon))
}

/// How well the normalized `query` names `icon` (the snapshot's icon name), as a
/// [`super::matching`] quality: EXACT when it is the icon's own name or one of the everyday
/// words of its common icon, WORDS when it is one of the icon's own words ("trash" for
/// `trash-can`), else the text match with the icon's words.
pub(super) fn quality(query: &str, icon: &str) -> u8 {
    let own = normalize(icon);
    if query.is_empty() || own.is_empty() {
        return NONE;
    }
    let direct = text_quality(query, &own);
    if direct == EXACT {
        return EXACT;
    }
    let words: Vec<&str> = own.split(' ').collect();
    let everyday = GROUPS.iter().filter(|g| {
        g.iter()
            .any(|w| *w == own || (!w.contains(' ') && words.contains(w)))
    });
    for group in everyday {
        if group.contains(&query) {
            return EXACT;
        }
    }
    if words.contains(&query) {
        return WORDS.max(direct);
    }
    direct
}

/// Whether `el`'s icon is the one `name` (a target's words) names exactly: the thing shows.
pub(super) fn marks(el: &Element, name: &str) -> bool {
    el.icon
        .as_deref()
        .is_some_and(|icon| quality(&normalize(name), icon) == EXACT)
}

#[cfg(test)]
#[path = "icons_tests.rs"]
mod tests;
