//! DOM snapshots: the structured form ([`model`]) and the compact text rendering for models
//! ([`render`]). The in-page script that produces them is assembled from `page_script/*.js` at the crate root; it
//! sends them in a compact [`wire`] form.

pub mod model;
pub mod render;
pub mod sign_in;
pub mod wire;

pub use model::{Eid, Element, Rect, SelectOption, Snapshot, TextBlock, Viewport};
