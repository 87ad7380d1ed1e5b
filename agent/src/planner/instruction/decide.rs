//! One step + the current page → one [`Decision`].
//!
//! In: a [`Step`], the snapshot (if any page is open), the step's [`StepState`] and the field
//! typed into last. Out: act (an action and a note), skip (the page is already as asked), ask
//! (a question) or stop (with a reason; `None` means "finished as asked").

use tandem_mcp_browser::snapshot::{Element, Snapshot};

use super::decision::{Decision, Situation, act, check, click};
use super::locate::{ask_again, locate, usable};
use super::matching::contains_normalized;
use super::progress::{StepAnswer, StepState};
use super::report::{describe, shown_text};
use super::resolve::{Intent, Resolution, by_eid, default_field, nth_field, resolve};
use super::step::{RoleClass, ScrollGoal, Step, Target, is_checkable, is_editable, is_select};
use super::step_class::{OffPage, StepClass};
use super::submit::submit;
use super::{
    affixes, all_but, best_item, booking, byline, choose, datepicker, disclose, every, explore,
    fields, likeness, matching, menus, own_names, paged_results, prose, questions, record_form,
    same_name, sign_in, sign_in_sender, slider, suggested, to_place, value_format, variants, verbs,
    with_choice,
};
use crate::action::{Action, ScrollDirection, WaitFor};

/// Decides what to do for `step`.
pub(crate) fn decide(step: &Step, sit: &Situation<'_>) -> Decision {
    match step.class() {
        StepClass::OffPage(OffPage::Open(url)) => act(
            Action::Navigate {
                url: url.to_owned(),
            },
            format!("open {url}"),
        ),
        StepClass::OffPage(OffPage::Back) => act(Action::Back, "go back".to_owned()),
        StepClass::OffPage(OffPage::PressKey(key)) => act(
            Action::PressKey {
                key: key.to_owned(),
            },
            format!("press {key}"),
        ),
        StepClass::OffPage(OffPage::Stop) => Decision::Stop { reason: None },
        StepClass::OffPage(OffPage::Wait(until)) => decide_wait(until, sit.snapshot),
        StepClass::OffPage(OffPage::ScrollBy(direction)) => act(
            Action::Scroll {
                direction,
                eid: None,
                within: None,
            },
            format!("scroll {}", direction.as_str()),
        ),
        StepClass::OnPage { .. } => match sit.snapshot {
            Some(snapshot) => on_page(step, snapshot, sit).unwrap_or_else(|decision| decision),
            None => Decision::Stop {
                reason: Some(
                    "Stopped: no page is open yet, so there is nothing to act on. Start with \
                     an \"open <address>\" step."
                        .to_owned(),
                ),
            },
        },
    }
}

/// Steps that need a page. `Err` carries an ask/stop decision from locating an element.
fn on_page(step: &Step, snap: &Snapshot, sit: &Situation<'_>) -> Result<Decision, Decision> {
    let state = sit.state;
    Ok(match step {
        Step::Reload => act(
            Action::Navigate {
                url: snap.url.clone(),
            },
            "reload the page".to_owned(),
        ),
        Step::Click { target } => {
            if let Some(decision) = paged_results::decide(target, snap, state)
                .or_else(|| menus::hover_to_find(target, snap, state))
            {
                return Ok(decision);
            }
            let el = sign_in_sender::locate_click(snap, target, state)?;
            act(
                Action::Click {
                    eid: el.eid.clone(),
                },
                format!("click {}", describe(el)),
            )
        }
        Step::OpenItem { shown } => match byline::title_above(shown, snap) {
            Some(title) => act(
                Action::Click {
                    eid: title.eid.clone(),
                },
                format!("click {}", describe(title)),
            ),
            None => on_page(
                &Step::Click {
                    target: shown.clone(),
                },
                snap,
                sit,
            )?,
        },
        Step::Type { text, target } => {
            if let Some(el) = super::verb_phrases::clear_control(text, target.as_ref(), snap) {
                return Ok(super::decision::click(el));
            }
            let el = match target {
                Some(t) if t.optional => match resolve(snap, t, Intent::Type) {
                    Resolution::NotFound => unnamed_field(snap, state)?,
                    _ => locate(snap, t, Intent::Type, state)?,
                },
                Some(
                    t @ Target {
                        position: Some(n), ..
                    },
                ) if state.answer.is_none() => match resolve(snap, t, Intent::Type) {
                    Resolution::NotFound => usable(nth_field(snap, *n), t, snap, state)?,
                    _ => locate(snap, t, Intent::Type, state)?,
                },
                Some(t) => locate(snap, t, Intent::Type, state)?,
                None => unnamed_field(snap, state)?,
            };
            let text = own_names::value_before_name(text, el).unwrap_or_else(|| text.clone());
            type_into(el, &text, false)
        }
        Step::Focus { target } => {
            let el = locate(snap, target, Intent::Type, state)?;
            if el.focused {
                return Ok(Decision::Skip {
                    note: format!("{} already has the focus", describe(el)),
                });
            }
            act(
                Action::Click {
                    eid: el.eid.clone(),
                },
                format!("put the cursor in {}", describe(el)),
            )
        }
        Step::CheckPart {
            target,
            whole,
            on,
            first,
        } => {
            // "Terms and Conditions" is one box, not two.
            if let Resolution::Found(el) = resolve(snap, whole, Intent::Check)
                && is_checkable(el)
                && matching::quality(&whole.full, &matching::normalize(&el.name)) == matching::EXACT
            {
                if *first {
                    return Ok(check(el, *on));
                }
                return Ok(Decision::Skip {
                    note: format!("\"{}\" is one box", whole.phrase),
                });
            }
            // "choose Paris, France": the whole phrase is one choice the page shows.
            // (A later part also finds the choice made: a field now holds the whole phrase.)
            if *on && names_one_choice(snap, whole, !*first) {
                if *first {
                    return choose::select(&whole.phrase, None, snap, state);
                }
                return Ok(Decision::Skip {
                    note: format!("\"{}\" is one choice", whole.phrase),
                });
            }
            let el = locate(snap, target, Intent::Check, state)?;
            check(el, *on)
        }
        Step::CheckAll { on, except } if except.is_empty() => explore::check_all(*on, snap),
        Step::CheckAll { on, except } => all_but::decide(*on, except, snap),
        Step::Similar { word, others, on } => likeness::decide(word, others, *on, snap, state),
        Step::Affixed {
            starts,
            ends,
            contains,
            target,
        } => affixes::decide((starts, ends, contains), target.as_ref(), snap, state)?,
        Step::Suggested { target, value } => suggested::decide(target, value, snap, state)?,
        Step::Best {
            verb,
            order,
            thing,
            search,
        } => best_item::decide(verb, order, (thing, *search), snap, state)?,
        // "find and click the 7th result": the click counts the results across pages.
        Step::Reveal { target } if paged_results::counted(target) => Decision::Skip {
            note: format!("{} is counted across the pages", target.phrase),
        },
        Step::Reveal { target } => explore::reveal(target, snap, state),
        Step::Expand => disclose::expand_one(snap, state),
        Step::Prose { text } => match prose::fill(text, snap, state) {
            Some(decision) => decision,
            None if !state.acted.is_empty() => Decision::Skip {
                note: format!("searched for \"{text}\""),
            },
            // Nothing on the page takes these values: a search field takes the words.
            None => {
                let search = Target::named("search", Some(RoleClass::Editable));
                match resolve(snap, &search, Intent::Type) {
                    Resolution::Found(el) => type_into(el, text, true),
                    Resolution::Ambiguous(_) | Resolution::NotFound => {
                        return Err(ask_again(
                            state,
                            format!(
                                "I could not tell which fields of this page \"{text}\" is for."
                            ),
                        ));
                    }
                }
            }
        },
        Step::Search { query } => {
            let search = Target::named("search", Some(RoleClass::Editable));
            let el = match resolve(snap, &search, Intent::Type) {
                Resolution::NotFound => unnamed_field(snap, state)?,
                found => match &state.answer {
                    Some(StepAnswer::Choice(_) | StepAnswer::Text(_)) => {
                        locate(snap, &search, Intent::Type, state)?
                    }
                    Some(StepAnswer::Option(_)) | None => usable(found, &search, snap, state)?,
                },
            };
            type_into(el, query, true)
        }
        Step::Set { target, value } => {
            if let Some(decision) = slider::decide(target, value, snap) {
                return Ok(decision);
            }
            if let Some(decision) = same_name::choose(target, value, snap, state) {
                return decision;
            }
            if let Some(decision) = choose::in_opened_list(value, snap, state) {
                return Ok(decision);
            }
            let el = locate(snap, target, Intent::Set, state)?;
            if choose::drawn_list(el) {
                return Ok(explore::choose_in_widget(Some(el), value, snap, state));
            }
            // A read-only field (a textbox by role, but no typing) is a calendar's field.
            let direct = el.editable || is_select(el) || is_checkable(el) || takes_value(el);
            if direct && state.acted_on(el) {
                return Ok(Decision::Skip {
                    note: format!("{} is set", describe(el)),
                });
            }
            if !direct && let Some(iso) = value_format::date(value) {
                return Ok(datepicker::pick(el, &iso, snap, state));
            }
            set_value(el, value, state)
        }
        Step::Select { option, target } => {
            // "choose size M in the Oat colour": options of several choices in one phrase.
            let phrase = match target {
                Some(t) => format!("{option} {}", t.phrase),
                None => option.clone(),
            };
            if let Some(decision) = variants::decide(&phrase, snap, state) {
                return Ok(decision);
            }
            match target
                .as_ref()
                .and_then(|t| same_name::choose(t, option, snap, state))
            {
                Some(decision) => return decision,
                None => choose::select(option, target.as_ref(), snap, state)?,
            }
        }
        Step::Check { target, on } => {
            let el = locate(snap, target, Intent::Check, state)?;
            check(el, *on)
        }
        Step::Scroll(goal) => scroll(goal, snap, state)?,
        Step::Submit => submit(snap, sit)?,
        Step::Act {
            verbs,
            object,
            message,
            renames,
        } => match to_place::own_page_control(verbs, object, snap, state) {
            // "add it to the basket" on the thing's own page.
            Some(one) => click(one),
            None => match verbs::decide(verbs, object, (message.as_deref(), *renames), snap, state)
            {
                // No Rename control: the name is the title field of the item's editor.
                Err(stop @ Decision::Stop { .. }) if *renames => {
                    match message.as_deref().map(|name| {
                        let values = [(super::records::NAME.to_owned(), name.to_owned())];
                        record_form::decide(Some(object), &values, snap, state)
                    }) {
                        Some(Ok(fields::Next::Decided(decision))) => decision,
                        Some(Ok(fields::Next::Set(el, value))) => set_value(el, &value, state),
                        Some(Err(_)) | None => return Err(stop),
                    }
                }
                other => other?,
            },
        },
        Step::Every {
            verbs,
            items,
            count,
        } => every::decide(verbs, items, *count, snap, state)?,
        Step::SignIn { user, password } => sign_in::decide(user, &password.0, snap, state)?,
        Step::Path { levels } => menus::decide(levels, snap, state),
        Step::Answer { option, question } => questions::decide(option, question, snap, state)?,
        Step::Fields { text } if with_choice::read(text).is_some() => {
            with_choice::decide(text, snap, state)?
        }
        Step::Fields { text } if booking::reads(text) => {
            match booking::decide(text, snap, state)? {
                fields::Next::Decided(decision) => decision,
                fields::Next::Set(el, value) => set_value(el, &value, state),
            }
        }
        Step::Fields { text } => match fields::decide(text, snap, state)? {
            fields::Next::Decided(decision) => decision,
            fields::Next::Set(el, value) => set_value(el, &value, state),
        },
        Step::Record { object, values } => {
            match record_form::decide(object.as_ref(), values, snap, state)? {
                fields::Next::Decided(decision) => decision,
                fields::Next::Set(el, value) => set_value(el, &value, state),
            }
        }
        Step::Open { .. } | Step::Back | Step::PressKey { .. } | Step::Stop | Step::Wait(_) => {
            return Err(decide(
                step,
                &Situation {
                    snapshot: None,
                    ..*sit
                },
            ));
        }
    })
}

/// Whether an element or a list option of the page is named exactly `whole` (or, with
/// `values`, an element holds it as its value).
fn names_one_choice(snap: &Snapshot, whole: &Target, values: bool) -> bool {
    let exact =
        |text: &str| matching::quality(&whole.full, &matching::normalize(text)) == matching::EXACT;
    snap.elements.iter().any(|el| {
        exact(&el.name)
            || el.options.iter().any(|o| exact(&o.label))
            || (values && el.value.as_deref().is_some_and(exact))
    })
}

fn type_into(el: &Element, text: &str, submit: bool) -> Decision {
    let text = &value_format::for_element(el, text);
    let shown = shown_text(text, Some(el));
    act(
        Action::Type {
            eid: el.eid.clone(),
            text: text.to_owned(),
            clear: true,
            submit,
        },
        format!("type {shown} into {}", describe(el)),
    )
}

/// The field for "type X" without a name: an answered choice, else the focused or only field.
fn unnamed_field<'s>(snap: &'s Snapshot, state: &StepState) -> Result<&'s Element, Decision> {
    if let Some(StepAnswer::Choice(eid) | StepAnswer::Text(eid)) = &state.answer
        && let Some(el) = by_eid(snap, eid)
    {
        return Ok(el);
    }
    let field = Target::named("text field", Some(RoleClass::Editable));
    usable(default_field(snap), &field, snap, state)
}

fn set_value(el: &Element, value: &str, state: &StepState) -> Decision {
    if is_select(el) {
        return choose::select_in(el, value, state);
    }
    let switch = match value.trim().to_lowercase().as_str() {
        "on" | "yes" | "true" | "checked" | "enabled" | "ticked" => Some(true),
        "off" | "no" | "false" | "unchecked" | "disabled" | "unticked" => Some(false),
        _ => None,
    };
    match (is_checkable(el), switch, is_editable(el) || takes_value(el)) {
        (true, Some(on), _) => check(el, on),
        (_, _, true) => type_into(el, value, false),
        (_, _, false) => Decision::Stop {
            reason: Some(format!(
                "Stopped: {} is not a field I can set to \"{value}\".",
                describe(el)
            )),
        },
    }
}

/// Inputs whose value the browser sets directly (colour, range, date and time kinds).
fn takes_value(el: &Element) -> bool {
    el.tag == "input"
        && matches!(
            el.input_type.as_deref(),
            Some("color" | "range" | "date" | "time" | "datetime-local" | "month" | "week")
        )
}

fn decide_wait(until: &WaitFor, snapshot: Option<&Snapshot>) -> Decision {
    if let (WaitFor::Text { text }, Some(snap)) = (until, snapshot)
        && page_shows(snap, text)
    {
        return Decision::Skip {
            note: format!("\"{text}\" is already on the page"),
        };
    }
    let note = Action::Wait {
        until: until.clone(),
    }
    .to_string();
    act(
        Action::Wait {
            until: until.clone(),
        },
        note,
    )
}

/// Scrolling the page to its top, or its `bottom`: the first or the last element into view.
fn scroll_to_end(bottom: bool, snap: &Snapshot) -> Decision {
    let (direction, el, end) = if bottom {
        (ScrollDirection::Down, snap.elements.last(), "bottom")
    } else {
        (ScrollDirection::Up, snap.elements.first(), "top")
    };
    act(
        Action::Scroll {
            direction,
            eid: el.map(|el| el.eid.clone()),
            within: None,
        },
        format!("scroll to the {end}"),
    )
}

fn page_shows(snap: &Snapshot, text: &str) -> bool {
    snap.shown_texts()
        .any(|shown| contains_normalized(shown, text))
}

fn scroll(goal: &ScrollGoal, snap: &Snapshot, state: &StepState) -> Result<Decision, Decision> {
    let vp = snap.viewport;
    Ok(match goal {
        ScrollGoal::By(direction) => act(
            Action::Scroll {
                direction: *direction,
                eid: None,
                within: None,
            },
            format!("scroll {}", direction.as_str()),
        ),
        ScrollGoal::Top if vp.scroll_y <= 0.0 => Decision::Skip {
            note: "already at the top".to_owned(),
        },
        ScrollGoal::Bottom if vp.scroll_y + vp.height >= vp.page_height - 1.0 => Decision::Skip {
            note: "already at the bottom".to_owned(),
        },
        ScrollGoal::Top => scroll_to_end(false, snap),
        ScrollGoal::Bottom => scroll_to_end(true, snap),
        ScrollGoal::Inside { within, bottom } => act(
            Action::Scroll {
                direction: if *bottom {
                    ScrollDirection::Down
                } else {
                    ScrollDirection::Up
                },
                eid: None,
                within: Some(within.clone()),
            },
            format!(
                "scroll \"{within}\" to its {}",
                if *bottom { "end" } else { "top" }
            ),
        ),
        ScrollGoal::To(target) => {
            let el = locate(snap, target, Intent::Any, state)?;
            if el.in_viewport {
                return Ok(Decision::Skip {
                    note: format!("{} is already in view", describe(el)),
                });
            }
            let direction = if el.rect.y < 0.0 {
                ScrollDirection::Up
            } else {
                ScrollDirection::Down
            };
            act(
                Action::Scroll {
                    direction,
                    eid: Some(el.eid.clone()),
                    within: None,
                },
                format!("scroll to {}", describe(el)),
            )
        }
    })
}
