//! Signing in with the name and password given in a sentence: "sign in as maria.k using the
//! password Tulip-4471", "log me in - username dmitri.v, password is hunter2!", "my login is
//! kim and the password is pw7".
//!
//! In: one clause. Out: [`Step::SignIn`] (and [`Step::Submit`] when the clause says to sign
//! in), or `None` when the clause is not only a name and a password with sign-in words around
//! them: a word it cannot place leaves the clause to the other phrasings (and, at worst, not
//! understood), never silently dropped.
//!
//! The step is a sweep ([`decide`]): type the name into the page's name field (its
//! autocomplete, type or words say user name, email or login), then the password into the
//! password field. A form that asks for the name first (the password field shows only after
//! it) gets the name with Enter. The password's text is never shown in a note or report.

use tandem_mcp_browser::snapshot::{Element, Snapshot};

use super::decision::{Decision, act};
use super::matching::normalize;
use super::progress::StepState;
use super::report::{describe, is_secret};
use super::step::{Secret, Step, is_editable};
use crate::action::Action;

/// Words that name the account's name.
const NAME_WORDS: &[&str] = &["username", "user", "login", "email", "e-mail", "as"];
/// Words that name the password (words the message's secret masking knows, so the value is
/// masked wherever the message is kept: `crate::message_secrets`).
const PASSWORD_WORDS: &[&str] = &["password", "passcode"];
/// Words between a name word and its value.
const LINKING: &[&str] = &["is", ":", "=", "-", "name"];
/// Words that may stand around the values without changing them.
const FILLER: &[&str] = &[
    "sign", "log", "login", "me", "in", "into", "on", "please", "using", "with", "and", "the",
    "my", "is", ":", "-", "=", "name", "then", "to", "account",
];
/// Words that say to sign in (the form is then sent).
const SIGN_IN: &[&[&str]] = &[
    &["sign", "in"],
    &["sign", "me", "in"],
    &["log", "in"],
    &["log", "me", "in"],
    &["sign", "into"],
    &["log", "into"],
];

/// The steps of a sign-in clause (see the module docs).
pub(super) fn parse(clause: &str) -> Option<Vec<Step>> {
    let tokens: Vec<&str> = clause
        .split_whitespace()
        .map(|t| t.trim_matches(|c: char| "\"'“”‘’,;:".contains(c)))
        .filter(|t| !t.is_empty())
        .collect();
    let last = tokens.len().checked_sub(1)?;
    let lower: Vec<String> = tokens
        .iter()
        .enumerate()
        .map(|(i, t)| {
            let t = if i == last {
                t.trim_end_matches('.')
            } else {
                t
            };
            t.to_lowercase()
        })
        .collect();
    let value_after = |at: usize| -> Option<usize> {
        let mut j = at + 1;
        while lower.get(j).is_some_and(|w| LINKING.contains(&w.as_str())) {
            j += 1;
        }
        lower
            .get(j)
            .filter(|w| !FILLER.contains(&w.as_str()) && !PASSWORD_WORDS.contains(&w.as_str()))
            .map(|_| j)
    };
    let password_at = lower
        .iter()
        .position(|w| PASSWORD_WORDS.contains(&w.as_str()))?;
    let password = value_after(password_at)?;
    // A plain lower-case word right after "password" is not masked as a secret when the
    // message is kept ("the password field"): such a clause is left to the other phrasings.
    if password == password_at + 1 && tokens[password].chars().all(|c| c.is_ascii_lowercase()) {
        return None;
    }
    let name_at = lower
        .iter()
        .enumerate()
        .filter(|(i, _)| *i != password && *i < password_at)
        .find(|(i, w)| NAME_WORDS.contains(&w.as_str()) && value_after(*i).is_some())
        .map(|(i, _)| i)?;
    let name = value_after(name_at)?;
    // Every other word is a word of signing in.
    let placed = |i: usize| i == name || i == password || i == name_at || i == password_at;
    if (0..tokens.len()).any(|i| !placed(i) && !FILLER.contains(&lower[i].as_str())) {
        return None;
    }
    let value = |i: usize| {
        let t = tokens[i];
        if i == last {
            t.trim_end_matches('.')
        } else {
            t
        }
        .to_owned()
    };
    let step = Step::SignIn {
        user: value(name),
        password: Secret(value(password)),
    };
    // ("my login is kim" names the account; "login as kim" says to sign in.)
    let says_sign_in = lower[0] == "login"
        || SIGN_IN
            .iter()
            .any(|words| lower.windows(words.len()).any(|w| w == *words));
    Some(if says_sign_in {
        vec![step, Step::Submit]
    } else {
        vec![step]
    })
}

/// "log me in …, and tick keep me signed in": a box ticked after a sign-in is on the sign-in
/// form (nothing of it is left once it is sent), so it is ticked before the form is sent.
pub(super) fn tick_before_sending(steps: &mut [(Step, String)]) {
    for i in 1..steps.len() {
        let mut at = i;
        while at >= 2
            && matches!(steps[at].0, Step::Check { on: true, .. })
            && steps[at - 1].0 == Step::Submit
            && matches!(steps[at - 2].0, Step::SignIn { .. })
        {
            steps.swap(at - 1, at);
            at -= 1;
        }
    }
}

/// A field that takes the account's name.
fn takes_name(el: &Element) -> bool {
    if !is_editable(el) || is_secret(el) || el.disabled {
        return false;
    }
    let auto = el.autocomplete.as_deref().unwrap_or("");
    let words = normalize(&format!(
        "{} {}",
        el.name,
        el.placeholder.as_deref().unwrap_or("")
    ));
    auto.contains("username")
        || auto.contains("email")
        || el.input_type.as_deref() == Some("email")
        || words
            .split(' ')
            .any(|w| ["user", "username", "email", "login", "identifier"].contains(&w))
}

fn takes_password(el: &Element) -> bool {
    el.input_type.as_deref() == Some("password") && !el.disabled
}

/// The sweep's next decision: the name, then the password (see the module docs).
pub(super) fn decide(
    user: &str,
    password: &str,
    snap: &Snapshot,
    state: &StepState,
) -> Result<Decision, Decision> {
    let password_field = snap.elements.iter().find(|el| takes_password(el));
    if state.acted.iter().any(takes_password) {
        return Ok(Decision::Skip {
            note: format!("filled in the sign-in form for \"{user}\""),
        });
    }
    let name_typed = state.acted.iter().any(takes_name);
    if !name_typed && let Some(field) = snap.elements.iter().find(|el| takes_name(el)) {
        // A form that asks for the name first shows the password field once it is sent.
        let next = password_field.is_none();
        return Ok(act(
            Action::Type {
                eid: field.eid.clone(),
                text: user.to_owned(),
                clear: true,
                submit: next,
            },
            format!("type \"{user}\" into {}", describe(field)),
        ));
    }
    match password_field {
        Some(field) => Ok(act(
            Action::Type {
                eid: field.eid.clone(),
                text: password.to_owned(),
                clear: true,
                submit: false,
            },
            format!("type the password into {}", describe(field)),
        )),
        None => Err(Decision::Stop {
            reason: Some(format!(
                "Stopped: I could not find {} on this page to sign in as \"{user}\", so I did \
                 not act on a guess.",
                if name_typed {
                    "a password field"
                } else {
                    "a field for the user name"
                }
            )),
        }),
    }
}

#[cfg(test)]
mod tests {
    use super::{Step, parse, tick_before_sending};

    fn signs_in(clause: &str) -> Option<(String, String, bool)> {
        let steps = parse(clause)?;
        match steps.first()? {
            Step::SignIn { user, password } => {
                Some((user.clone(), password.0.clone(), steps.len() == 2))
            }
            _ => None,
        }
    }

    #[test]
    fn a_name_and_a_password_in_a_sentence_are_a_sign_in() {
        let cases = [
            (
                "sign in as maria.k using the password Tulip-4471",
                "maria.k",
                "Tulip-4471",
                true,
            ),
            (
                "log me in - username dmitri.v, password is hunter2! -",
                "dmitri.v",
                "hunter2!",
                true,
            ),
            ("log in as kim with the password pw7.", "kim", "pw7", true),
            (
                "log in as kim, password is sunshine",
                "kim",
                "sunshine",
                true,
            ),
            (
                "my login is kim and the password is pw7",
                "kim",
                "pw7",
                false,
            ),
            (
                "username: ada@example.org password: s3cret",
                "ada@example.org",
                "s3cret",
                false,
            ),
        ];
        for (clause, user, password, sends) in cases {
            // The message is kept with the password masked.
            let kept = crate::message_secrets::mask_message_secrets(clause);
            assert!(!kept.contains(password), "{kept}");
            assert_eq!(
                signs_in(clause),
                Some((user.to_owned(), password.to_owned(), sends)),
                "{clause}"
            );
        }
    }

    #[test]
    fn other_words_are_not_dropped() {
        for clause in [
            "sign in as kim using the password pw7 and my usual 2FA code",
            "type the password pw7",
            "sign in",
            "log in as kim",
            "change my password to pw7",
            "my login is kim and the password is \"a b\"",
            "sign in as kim with the password sunshine",
        ] {
            assert_eq!(signs_in(clause), None, "{clause}");
        }
    }

    #[test]
    fn a_box_ticked_after_a_sign_in_is_ticked_before_the_form_is_sent() {
        let mut steps = parse("log me in - username kim, password is pw7")
            .unwrap()
            .into_iter()
            .map(|s| (s, String::new()))
            .collect::<Vec<_>>();
        let tick = super::super::parse::parse_clause("tick keep me signed in");
        steps.extend(tick.into_iter().map(|s| (s, String::new())));
        tick_before_sending(&mut steps);
        assert!(matches!(steps[1].0, Step::Check { on: true, .. }));
        assert_eq!(steps[2].0, Step::Submit);
    }
}
