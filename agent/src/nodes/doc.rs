//! The Product Doc nodes.
//!
//! - `doc_from_message`, at a run's start in sessions that keep a Product Doc (a model request
//!   per message is not spent on sessions without one): the planner's patches from the person's
//!   message (none offline).
//! - `patch_doc`, whenever a node collected patches (`doc_from_message`, `ask_user` answers,
//!   site-tool results in `execute_action`): the doc is loaded on first use, patched, saved,
//!   and its project card becomes the long context layer; a `ProductDocUpdated` event says what
//!   changed. A doc that cannot be read or written is logged and kept in memory.

use tandem_protocol::ProductDoc;

use super::Runtime;
use super::measure::record_usage;
use crate::events::AgentEvent;
use crate::graph::Flow;
use crate::interrupt::Interrupt;
use crate::model::UsageMeter;
use crate::product_doc;
use crate::state::AgentState;

pub(crate) async fn doc_from_message(rt: &Runtime, state: &mut AgentState) -> Flow<Interrupt> {
    let titles: Vec<String> = state
        .session
        .product_doc
        .as_ref()
        .map(|doc| doc.sections.iter().map(|s| s.title.clone()).collect())
        .unwrap_or_default();
    let meter = UsageMeter::default();
    let patches = {
        let ctx = rt.request_context(state, None, &[]).with_usage(&meter);
        rt.check_request(&ctx);
        rt.planner.doc_patches(&titles, &ctx).await
    };
    record_usage(rt, state, meter.take());
    state.run.doc_patches.extend(patches);
    Flow::Next
}

pub(crate) fn patch_doc(rt: &Runtime, state: &mut AgentState) -> Flow<Interrupt> {
    let path = rt.config.product_doc_path.as_deref();
    let doc = state.session.product_doc.get_or_insert_with(|| {
        path.map(|path| {
            product_doc::load(path).unwrap_or_else(|error| {
                tracing::warn!(%error, "could not read the Product Doc; starting a new one");
                ProductDoc::default()
            })
        })
        .unwrap_or_default()
    });
    let changed = product_doc::apply(doc, std::mem::take(&mut state.run.doc_patches));
    if changed.is_empty() {
        return Flow::Next;
    }
    if let Some(path) = path
        && let Err(error) = product_doc::save(doc, path)
    {
        tracing::warn!(%error, "could not save the Product Doc");
    }
    let doc = doc.clone();
    state.session.memory.set_card(product_doc::card(&doc));
    rt.emit(AgentEvent::ProductDocUpdated {
        run_id: state.run.id().to_owned(),
        changed,
        doc,
    });
    Flow::Next
}
