// page_script/ holds one script in fragments, concatenated in name order at build time
// (mcp-browser/src/browser/script.rs). This first fragment opens the function the last one closes.
//
// Tandem's in-page script. Evaluated (possibly many times) in the top-level frame; installs
// `window.__tandem` once per document and keeps it, so element ids survive re-evaluation.
//
// Contract (all functions return plain JSON values and never throw; failures are
// `{ok:false, error, message}` with error one of unknown | stale | hidden | disabled |
// not_editable | not_select | no_option | bad_args | internal):
//   snapshot({max_elements=5000, max_texts=400})  -> a Snapshot in its wire form (see
//                 src/snapshot/wire.rs), with timing_ms {walk, total, candidates} for tracing
//   locate(eid, {retry?, hovered?}) -> {ok, x, y, rect:{x,y,w,h}, in_viewport, cover?}
//                 (top-level CSS px; cover = {kind, role, name, control} when no point of the
//                 element is reachable; a retry first moves the element clear of the last cover
//                 and awaits a frame, hovered first awaits the element standing still, so it
//                 answers a promise)
//   click_landed() -> {ok, known, landed?, cover?}: where the pointerdown (and its mouse
//                 events) after the last successful locate went
//   describe(eid) -> {ok, element}
//   focus(eid)    -> {ok}
//   clear(eid)    -> {ok}
//   select_option(eid, wanted) -> {ok, value, label}
//   has_text(text) -> boolean
//   find({name, role?}) -> {ok:true, eid, element} | {ok:false}
//   scroll({direction, amount_px?} | {eid} | {to:"top"|"bottom"}) -> {ok, scroll_y, moved}
//
// Element ids: a node gets `e<N>` the first time it is reported and keeps it for the life of the
// document; ids are never reused. The snapshot only reads the DOM (no writes, no forced style
// changes), so it does not disturb the page. In an isolated world, handlers the page set as
// properties (`el.onclick = f`) are invisible; `onclick` attributes and cursor:pointer are not.
(() => {
  'use strict';
  if (window.__tandem && window.__tandem.__doc === document) return;

