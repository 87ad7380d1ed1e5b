//! The planner's one partition of the steps ([`Step::class`]): those decided without a page,
//! and those that act on the open page, with whether they only fill a form and which element
//! they name. `decide` picks its arm by it, `offer` asks whether every step only filled, and
//! `parse` takes the element a step named for a following "it".

use super::step::{ScrollGoal, Step, Target};
use crate::action::{ScrollDirection, WaitFor};

/// A step's class ([`Step::class`]).
#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) enum StepClass<'a> {
    /// Decided from the step alone: it needs no page.
    OffPage(OffPage<'a>),
    /// Acts on the open page. `fills`: it only fills or chooses values in a form; `target`:
    /// the element it names, for a following "it".
    OnPage {
        fills: bool,
        target: Option<&'a Target>,
    },
}

/// A step that needs no page, with what it says.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) enum OffPage<'a> {
    Open(&'a str),
    Back,
    PressKey(&'a str),
    Stop,
    Wait(&'a WaitFor),
    ScrollBy(ScrollDirection),
}

impl Step {
    /// The element a step named, for a following "it".
    pub(crate) fn named_target(&self) -> Option<Target> {
        match self.class() {
            StepClass::OnPage { target, .. } => target.cloned(),
            StepClass::OffPage(_) => None,
        }
    }

    /// Whether the step only fills or chooses values in a form (it sends nothing).
    pub(crate) fn fills(&self) -> bool {
        matches!(self.class(), StepClass::OnPage { fills: true, .. })
    }

    /// The planner's one partition of the steps: those decided without a page, and those
    /// that act on the open page (whether they fill a form, which element they name).
    pub(crate) fn class(&self) -> StepClass<'_> {
        let on_page = |fills, target| StepClass::OnPage { fills, target };
        match self {
            Step::Open { url } => StepClass::OffPage(OffPage::Open(url)),
            Step::Back => StepClass::OffPage(OffPage::Back),
            Step::PressKey { key } => StepClass::OffPage(OffPage::PressKey(key)),
            Step::Stop => StepClass::OffPage(OffPage::Stop),
            Step::Wait(until) => StepClass::OffPage(OffPage::Wait(until)),
            Step::Scroll(ScrollGoal::By(direction)) => {
                StepClass::OffPage(OffPage::ScrollBy(*direction))
            }
            Step::Scroll(ScrollGoal::To(target))
            | Step::Click { target }
            | Step::OpenItem { shown: target }
            | Step::Focus { target }
            | Step::Reveal { target } => on_page(false, Some(target)),
            Step::Check { target, .. }
            | Step::CheckPart { target, .. }
            | Step::Suggested { target, .. }
            | Step::Set { target, .. } => on_page(true, Some(target)),
            Step::Type { target, .. } | Step::Select { target, .. } => {
                on_page(true, target.as_ref())
            }
            Step::Affixed { .. }
            | Step::Similar { .. }
            | Step::CheckAll { .. }
            | Step::Fields { .. } => on_page(true, None),
            Step::Reload
            | Step::Scroll(ScrollGoal::Top | ScrollGoal::Bottom | ScrollGoal::Inside { .. })
            | Step::Path { .. }
            | Step::Expand
            | Step::Prose { .. }
            | Step::Best { .. }
            | Step::Search { .. }
            | Step::Submit
            | Step::Act { .. }
            | Step::Every { .. }
            | Step::Answer { .. }
            | Step::SignIn { .. }
            | Step::Record { .. } => on_page(false, None),
        }
    }
}
