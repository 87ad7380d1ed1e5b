// The live panel's own markup, one piece for both pages that show a live view (the chat page
// and the handover page): the banner with Hand back, the zoom controls and the surface the page
// streams onto. Each page keeps its title and its `#live-task` (what the person is asked to do);
// the pieces go right after it.
//
// Contract: the ids and test ids below are what live.js and the end-to-end tests find; the
// banner says who waits (`waiter`: "Tandem", "the assistant").

import { el } from "./render.js";

function button(id, text, attrs = {}) {
  return el("button", { className: "btn btn-ghost", text, attrs: { type: "button", id, ...attrs } });
}

/** Builds the live view's pieces into `panel`, after its `#live-task`. */
export function mountLivePanel(panel, { waiter }) {
  const banner = el(
    "div",
    { className: "live-banner", testid: "live-banner", attrs: { id: "live-banner", role: "status", hidden: true } },
    el("span", { text: `You have the browser. Click and type on the page below; ${waiter} waits.` }),
    el("button", {
      className: "btn btn-primary",
      testid: "hand-back",
      text: "Hand back",
      attrs: { type: "button", id: "hand-back" },
    }),
  );
  const zoom = el(
    "div",
    { className: "zoom", attrs: { role: "group", "aria-label": "Zoom" } },
    button("zoom-out", "−", { "aria-label": "Zoom out" }),
    el("output", { className: "zoom-level", text: "100%", attrs: { id: "zoom-level", "aria-live": "polite" } }),
    button("zoom-in", "+", { "aria-label": "Zoom in" }),
    button("zoom-fit", "Fit"),
    button("zoom-actual", "1:1", { title: "Actual size" }),
  );
  const tools = el(
    "div",
    { className: "live-tools", testid: "live-tools", attrs: { id: "live-tools", hidden: true } },
    zoom,
    el("span", { className: "live-keys", attrs: { id: "live-keys", "aria-live": "polite" } }),
  );
  const canvas = el(
    "div",
    { className: "live-canvas", attrs: { id: "live-canvas" } },
    el("img", { attrs: { id: "live-image", alt: "Live view of the page", hidden: true } }),
    el("div", {
      className: "live-target",
      testid: "live-target",
      attrs: { id: "live-target", "aria-hidden": "true", hidden: true },
    }),
  );
  const surface = el(
    "div",
    {
      className: "live-surface",
      testid: "live-view",
      attrs: {
        id: "live-surface",
        tabindex: "0",
        role: "application",
        "data-interactive": "false",
        "aria-label": "Live page, view only. Press Take over to use it.",
      },
    },
    canvas,
    el("p", { className: "screenshot-empty", text: "The page appears here live.", attrs: { id: "live-empty" } }),
  );
  panel.querySelector("#live-task").after(banner, tools, surface);
}
