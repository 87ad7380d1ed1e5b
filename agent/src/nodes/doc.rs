//! Applies the Product Doc patches a node collected (`ask_user` answers, site-tool results, and
//! with a model the person's message at a run's start):
//! the doc is loaded on first use, patched, saved, and its project card becomes the long
//! context layer; a `ProductDocUpdated` event says what changed. Runs after `ask_user` and
//! `execute_action`. A doc that cannot be read or written is logged and kept in memory.

use tandem_protocol::ProductDoc;

use super::Runtime;
use super::plan::record_usage;
use crate::events::AgentEvent;
use crate::model::UsageMeter;
use crate::planner::PlanContext;
use crate::product_doc;
use crate::state::AgentState;

/// Patches from the person's message of this run (sessions that keep a Product Doc only: a
/// model request per message is not spent on sessions without one).
pub(crate) async fn patch_from_message(rt: &Runtime, state: &mut AgentState) {
    if rt.config.product_doc_path.is_none() {
        return;
    }
    let titles: Vec<String> = state
        .product_doc
        .as_ref()
        .map(|doc| doc.sections.iter().map(|s| s.title.clone()).collect())
        .unwrap_or_default();
    let meter = UsageMeter::default();
    let patches = {
        let ctx = PlanContext::new(&state.last_user_message, None, &[])
            .with_ids(Some(&rt.config.session_id), Some(&state.run.run_id))
            .with_usage(&meter);
        rt.planner.doc_patches(&titles, &ctx).await
    };
    record_usage(rt, state, meter.take());
    state.doc_patches.extend(patches);
    apply_patches(rt, state);
}

pub(crate) fn apply_patches(rt: &Runtime, state: &mut AgentState) {
    if state.doc_patches.is_empty() {
        return;
    }
    let path = rt.config.product_doc_path.as_deref();
    let doc = state.product_doc.get_or_insert_with(|| {
        path.map(|path| {
            product_doc::load(path).unwrap_or_else(|error| {
                tracing::warn!(%error, "could not read the Product Doc; starting a new one");
                ProductDoc::default()
            })
        })
        .unwrap_or_default()
    });
    let changed = product_doc::apply(doc, std::mem::take(&mut state.doc_patches));
    if changed.is_empty() {
        return;
    }
    if let Some(path) = path
        && let Err(error) = product_doc::save(doc, path)
    {
        tracing::warn!(%error, "could not save the Product Doc");
    }
    let doc = doc.clone();
    state.memory.set_card(product_doc::card(&doc));
    rt.emit(AgentEvent::ProductDocUpdated {
        run_id: state.run.run_id.clone(),
        changed,
        doc,
    });
}
