//! Hovering an element: the mouse moved to the centre of a point that reaches it (found as a
//! click finds it, `click.rs`), with nothing pressed. Menus that open a submenu after a delay,
//! tooltips and rows that show their actions under the mouse answer a hover: the page is
//! watched until something that was hidden shows (at most [`HOVER_ANSWER_MS`]), and the answer
//! says what appeared, from the snapshots before and after.

use std::collections::HashSet;

use serde_json::json;

use super::actions::ActionOutcome;
use super::click::{Attempt, Located};
use super::script::{self, ScriptFn};
use super::session::BrowserSession;
use crate::error::Result;
use crate::snapshot::{Element, Snapshot};

/// How long a hover waits for the page to show something (a menu's opening delay is usually
/// 100-300 ms).
pub const HOVER_ANSWER_MS: u64 = 800;

/// How many of the elements that appeared the answer names.
const NAMED: usize = 6;

impl BrowserSession {
    /// Moves the mouse onto an element and says what the page showed in answer: `hovered e6
    /// (menuitem "Playback"); 4 elements appeared: menuitem "Prev", …` or `…; nothing new
    /// showed`. Read-only for the page's data: nothing is pressed.
    pub async fn hover(&mut self, eid: &str) -> Result<ActionOutcome> {
        let element = self.describe(eid).await?;
        let point = match self.locate(eid, Attempt::Settled).await? {
            Located::At(point) => point,
            Located::Covered(_) => match self.locate(eid, Attempt::Retry).await? {
                Located::At(point) => point,
                Located::Covered(cover) => {
                    return Err(super::click::covered(eid, &element, &cover));
                }
            },
        };
        let before = self.active_snapshot().await?;
        let page = self.page().await?;
        let timeout = self.host().config().call_timeout();
        let watching = async { script::call(&page, ScriptFn::HoverWatch, &[]).await };
        script::check(
            self.guard_ours("hover watch", timeout, watching).await?,
            eid,
        )?;
        self.guard("hover", page.move_mouse(point)).await?;
        let args = [json!(HOVER_ANSWER_MS)];
        let answering = async { script::call(&page, ScriptFn::HoverChange, &args).await };
        let answer = self.guard_ours("hover answer", timeout, answering).await;
        if let Err(error) = &answer {
            // A hover that navigated (a rare link that loads on mouseover) has no answer to give.
            tracing::debug!(%error, "no hover answer from the page");
        }
        let after = self.active_snapshot().await?;
        let line = format!(
            "hovered {eid} ({} \"{}\"); {}",
            element.role,
            element.name,
            appeared_words(&before, &after)
        );
        self.outcome(line).await
    }
}

/// What shows in `after` that did not in `before`, in a person's words.
fn appeared_words(before: &Snapshot, after: &Snapshot) -> String {
    let known: HashSet<&str> = before.elements.iter().map(|el| el.eid.as_str()).collect();
    let new: Vec<&Element> = after
        .elements
        .iter()
        .filter(|el| !known.contains(el.eid.as_str()))
        .collect();
    if new.is_empty() {
        return "nothing new showed".to_owned();
    }
    let mut named: Vec<String> = new
        .iter()
        .filter(|el| !el.name.trim().is_empty())
        .take(NAMED)
        .map(|el| format!("{} \"{}\"", el.role, el.name.trim()))
        .collect();
    if new.len() > named.len() {
        named.push("…".to_owned());
    }
    let count = new.len();
    let noun = if count == 1 { "element" } else { "elements" };
    format!("{count} {noun} appeared: {}", named.join(", "))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn snapshot(items: &[(&str, &str)]) -> Snapshot {
        Snapshot {
            elements: items
                .iter()
                .map(|(eid, name)| Element {
                    eid: (*eid).into(),
                    role: "menuitem".into(),
                    name: (*name).into(),
                    ..Element::default()
                })
                .collect(),
            ..Snapshot::default()
        }
    }

    #[test]
    fn the_answer_names_what_appeared() {
        let before = snapshot(&[("e1", "File"), ("e2", "Edit")]);
        let after = snapshot(&[
            ("e1", "File"),
            ("e2", "Edit"),
            ("e3", "Open"),
            ("e4", "Save"),
        ]);
        assert_eq!(
            appeared_words(&before, &after),
            "2 elements appeared: menuitem \"Open\", menuitem \"Save\""
        );
        assert_eq!(appeared_words(&before, &before), "nothing new showed");
    }
}
