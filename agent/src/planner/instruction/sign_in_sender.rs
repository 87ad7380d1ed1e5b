//! "press login" when no control on the page carries that name: the words name what the
//! sign-in form does, so they mean the control that sends it (a form whose only button reads
//! "OK", "Go" or "Continue").
//!
//! In: the step's target and the snapshot. Out: that control, or `None` (the caller goes on
//! as for any name it cannot find). Only when the page holds exactly one enabled password
//! field and one control that sends it: the button its form names as its submit control, else
//! the page's only enabled button. Never a guess between several buttons.

use tandem_mcp_browser::snapshot::{Element, Snapshot};

use super::decision::Decision;
use super::locate::locate;
use super::matching::normalize;
use super::progress::StepState;
use super::report::is_secret;
use super::resolve::{Intent, Resolution, is_button, resolve};
use super::step::Target;

/// Phrases that name the act of signing in.
const SIGN_IN_NAMES: &[&str] = &["login", "log in", "logon", "log on", "signin", "sign in"];

/// The control that sends the page's sign-in form, when `target` names signing in.
pub(crate) fn sender<'s>(target: &Target, snap: &'s Snapshot) -> Option<&'s Element> {
    if !SIGN_IN_NAMES.contains(&normalize(&target.name).as_str()) {
        return None;
    }
    let mut passwords = snap
        .elements
        .iter()
        .filter(|el| is_secret(el) && !el.disabled);
    let password = passwords.next()?;
    if passwords.next().is_some() {
        return None;
    }
    let buttons: Vec<&Element> = snap
        .elements
        .iter()
        .filter(|el| is_button(el) && !el.disabled)
        .collect();
    let of_form: Vec<&Element> = match password.form_submit.as_deref() {
        Some(label) => buttons
            .iter()
            .copied()
            .filter(|b| b.form_submit.as_deref() == Some(label) && b.name.trim() == label.trim())
            .collect(),
        None => Vec::new(),
    };
    match (of_form.as_slice(), buttons.as_slice()) {
        ([one], _) | ([], [one]) => Some(one),
        _ => None,
    }
}

/// The element a click step names: as [`locate`] finds it, else (nothing carries the name and
/// the person has not named it again) the control that sends the sign-in form.
pub(crate) fn locate_click<'s>(
    snap: &'s Snapshot,
    target: &Target,
    state: &StepState,
) -> Result<&'s Element, Decision> {
    if state.answer.is_none()
        && matches!(resolve(snap, target, Intent::Click), Resolution::NotFound)
        && let Some(el) = sender(target, snap)
    {
        return Ok(el);
    }
    locate(snap, target, Intent::Click, state)
}
