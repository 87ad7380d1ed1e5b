// The History panel: a session's earlier runs from the daemon's run history (`history` frame),
// each an expandable entry with its timeline and the screenshot taken at each observation.
// Everything is rendered as text; screenshots only as safe data: URLs.

import { actionLine, resultLine, screenshotsOf, usageText } from "./record.js";
import { byId, el, str, isSafeScreenshot } from "./render.js";

function entryItem(item, screenshots) {
  switch (item && item.type) {
    case "text":
      return el("li", { className: "history-text", text: `${str(item.author) === "user" ? "You" : "Tandem"}: ${str(item.text)}` });
    case "action":
      return el("li", {
        className: "history-action",
        text: `${actionLine(item.action)} → ${resultLine(item.result)}`,
      });
    case "observation": {
      const shot = screenshots.get(str(item.screenshot));
      return el(
        "li",
        { className: "history-observation" },
        el("span", { text: `Looked at ${str(item.title) || str(item.url)}` }),
        shot && isSafeScreenshot(shot)
          ? el(
              "figure",
              { className: "history-figure" },
              el("img", {
                className: "history-shot",
                attrs: { src: shot, alt: `Screenshot of ${str(item.title) || str(item.url)}`, loading: "lazy" },
              }),
              el("figcaption", { text: `screenshot ${str(item.screenshot)}` }),
            )
          : null,
      );
    }
    case "question":
      return el("li", { className: "history-question", text: "Asked you a question" });
    default:
      return null;
  }
}

function runItem(run) {
  const screenshots = screenshotsOf(run);
  const entries = run.timeline && Array.isArray(run.timeline.entries) ? run.timeline.entries : [];
  const items = entries.map((entry) => entryItem(entry && entry.item, screenshots)).filter(Boolean);
  if (items.length === 0 && Array.isArray(run.steps)) {
    for (const step of run.steps) {
      items.push(el("li", { className: "history-action", text: str(step) }));
    }
  }
  const usage = run.usage && run.usage.requests ? ` · ${usageText(run.usage)}` : "";
  return el(
    "li",
    { className: "history-run", attrs: { "data-status": str(run.status) } },
    el(
      "details",
      {},
      el("summary", { text: `${str(run.goal) || "(no goal)"} — ${str(run.status)}${usage}` }),
      el("ol", { className: "history-timeline" }, ...items),
    ),
  );
}

/**
 * Wires the panel: "Show earlier runs" asks for the history with `send(frame)`. Returns
 * `show(runs)`, which replaces the panel's list with a `history` frame's runs (newest first).
 */
export function createHistoryPanel({ send }) {
  const list = byId("history");
  const empty = byId("history-empty");
  byId("history-open").addEventListener("click", () => {
    send({ type: "history" });
  });
  return {
    show(runs) {
      list.replaceChildren();
      const all = Array.isArray(runs) ? runs.slice().reverse() : [];
      for (const run of all) {
        if (run && typeof run === "object") {
          list.append(runItem(run));
        }
      }
      empty.hidden = all.length > 0;
      empty.textContent = "No runs in this session's history yet.";
    },
  };
}
