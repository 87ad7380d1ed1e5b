//! Applies the Product Doc patches a node collected (`ask_user` answers, site-tool results):
//! the doc is loaded on first use, patched, saved, and its project card becomes the long
//! context layer; a `ProductDocUpdated` event says what changed. Runs after `ask_user` and
//! `execute_action`. A doc that cannot be read or written is logged and kept in memory.

use super::Runtime;
use crate::events::AgentEvent;
use crate::product_doc::ProductDoc;
use crate::state::AgentState;

pub(crate) fn apply_patches(rt: &Runtime, state: &mut AgentState) {
    if state.doc_patches.is_empty() {
        return;
    }
    let path = rt.config.product_doc_path.as_deref();
    let doc = state.product_doc.get_or_insert_with(|| {
        path.map(|path| {
            ProductDoc::load(path).unwrap_or_else(|error| {
                tracing::warn!(%error, "could not read the Product Doc; starting a new one");
                ProductDoc::default()
            })
        })
        .unwrap_or_default()
    });
    let changed = doc.apply(std::mem::take(&mut state.doc_patches));
    if changed.is_empty() {
        return;
    }
    if let Some(path) = path
        && let Err(error) = doc.save(path)
    {
        tracing::warn!(%error, "could not save the Product Doc");
    }
    let doc = doc.clone();
    state.memory.set_card(doc.card());
    rt.emit(AgentEvent::ProductDocUpdated {
        run_id: state.run.run_id.clone(),
        changed,
        doc,
    });
}
