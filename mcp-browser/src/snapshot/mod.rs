//! DOM snapshots: the structured form ([`model`]) and the compact text rendering for models
//! ([`render`]). The in-page script that produces them is `page_script.js` at the crate root.

pub mod model;
pub mod render;

pub use model::{Eid, Element, Rect, SelectOption, Snapshot, TextBlock, Viewport};
