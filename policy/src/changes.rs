//! Controls whose click changes data, known by their first words: the one vocabulary for
//! "pressing this does something to what the site keeps".
//!
//! In: a control's name, normalised by the caller to lower-case words separated by single
//! spaces ("add to shopping bag"). Out: [`DataChange::Commits`] for a control that submits,
//! sends, buys, deletes, closes or leaves; [`DataChange::Keeps`] for one that changes what the
//! site keeps (a basket, a wishlist, a record, a message) without committing; nothing for a
//! control that only changes what the page shows.
//!
//! The planner reads it (agent `planner/instruction/risky.rs`): it never clicks a committing
//! control on its own initiative (a sweep, a disclosure, a twin), and a look around never
//! presses either kind. Whether an action the person asked for needs their confirmation is the
//! rules' call ([`crate::PolicyGate::assess`], `default-policy.toml`), not this list's.

/// What pressing a control does to the site's data, as its first words say.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum DataChange {
    /// It commits: submits, sends, buys, deletes, closes or leaves.
    Commits,
    /// It changes what the site keeps (adds, saves, likes, marks, follows…) without committing.
    Keeps,
}

use DataChange::{Commits, Keeps};

/// First words of controls that change data, and how.
const FIRST_WORDS: &[(&str, DataChange)] = &[
    ("submit", Commits),
    ("send", Commits),
    ("buy", Commits),
    ("pay", Commits),
    ("order", Commits),
    ("checkout", Commits),
    ("delete", Commits),
    ("remove", Commits),
    ("sign out", Commits),
    ("log out", Commits),
    ("logout", Commits),
    ("cancel", Commits),
    ("close", Commits),
    ("reset", Commits),
    ("clear", Commits),
    ("save", Commits),
    ("post", Commits),
    ("publish", Commits),
    ("add", Keeps),
    ("apply", Keeps),
    ("approve", Keeps),
    ("archive", Keeps),
    ("block", Keeps),
    ("book", Keeps),
    ("confirm", Keeps),
    ("copy", Keeps),
    ("decline", Keeps),
    ("dislike", Keeps),
    ("download", Keeps),
    ("duplicate", Keeps),
    ("favourite", Keeps),
    ("favorite", Keeps),
    ("flag", Keeps),
    ("follow", Keeps),
    ("invite", Keeps),
    ("join", Keeps),
    ("like", Keeps),
    ("mark", Keeps),
    ("move", Keeps),
    ("mute", Keeps),
    ("pin", Keeps),
    ("rate", Keeps),
    ("reject", Keeps),
    ("rename", Keeps),
    ("reply", Keeps),
    ("report", Keeps),
    ("reserve", Keeps),
    ("share", Keeps),
    ("star", Keeps),
    ("subscribe", Keeps),
    ("unfollow", Keeps),
    ("unpin", Keeps),
    ("unstar", Keeps),
    ("unsubscribe", Keeps),
    ("update", Keeps),
    ("upload", Keeps),
    ("upvote", Keeps),
    ("downvote", Keeps),
    ("vote", Keeps),
    ("accept", Keeps),
    ("agree", Keeps),
    ("register", Keeps),
    ("sign up", Keeps),
    ("sign in", Keeps),
    ("log in", Keeps),
    ("edit", Keeps),
    ("undo", Keeps),
    ("restore", Keeps),
    ("empty", Keeps),
];

/// How a control of this normalised name changes data: the name is one of the words above or
/// starts with one followed by a space ("Add to shopping bag", "Save to wishlist", "Mark as
/// read"; "Address" is not "add"). A committing word wins over a keeping one.
pub fn data_change(normalised_name: &str) -> Option<DataChange> {
    let starts_with = |word: &str| {
        normalised_name
            .strip_prefix(word)
            .is_some_and(|rest| rest.is_empty() || rest.starts_with(' '))
    };
    let mut found = None;
    for (word, change) in FIRST_WORDS {
        if starts_with(word) {
            match change {
                Commits => return Some(Commits),
                Keeps => found = Some(Keeps),
            }
        }
    }
    found
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn first_words_say_how_a_control_changes_data() {
        let cases = [
            ("submit", Some(Commits)),
            ("log out now", Some(Commits)),
            ("add to shopping bag", Some(Keeps)),
            ("sign in", Some(Keeps)),
            ("address", None),
            ("more options", None),
            ("", None),
        ];
        for (name, expected) in cases {
            assert_eq!(data_change(name), expected, "{name}");
        }
    }
}
