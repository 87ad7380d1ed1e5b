// The "Product Doc updated" card: an expandable note in the conversation naming the sections
// that changed, with the project card, and a view of the whole doc. Rendered as text only.

import { el, str } from "./render.js";

function sectionItem(section) {
  const by = str(section.updated_by) === "person" ? "you" : "Tandem";
  return el(
    "li",
    { className: "doc-section" },
    el("h4", { className: "doc-section-title", text: str(section.title) }),
    el("p", { className: "doc-section-content", text: str(section.content) }),
    el("p", { className: "doc-section-meta", text: `updated by ${by}` }),
  );
}

/** The card for a `product_doc_updated` frame (a list item for the messages list). */
export function productDocCard(msg) {
  const changed = Array.isArray(msg.changed) ? msg.changed.map(str).filter(Boolean) : [];
  const sections = msg.doc && Array.isArray(msg.doc.sections) ? msg.doc.sections : [];
  return el(
    "li",
    { className: "msg msg-system doc-card", testid: "product-doc-card" },
    el(
      "details",
      {},
      el("summary", { text: `Product Doc updated: ${changed.join(", ") || "no change"}` }),
      el("pre", { className: "doc-project-card", text: str(msg.card) }),
      el(
        "details",
        { className: "doc-whole" },
        el("summary", { text: "Whole Product Doc" }),
        el("ol", { className: "doc-sections" }, ...sections.map(sectionItem)),
      ),
    ),
  );
}
