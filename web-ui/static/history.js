// The History panel: a session's earlier runs from the daemon's run history (`history` frame),
// each an expandable entry with its timeline and the screenshot taken at each observation.
// Everything is rendered as text; screenshots only as safe data: URLs.

import { el, str, isSafeScreenshot } from "./render.js";

/** One line for an action object (`{action: "click", eid: "e4"}` → `click e4`). */
function actionLine(action) {
  if (!action || typeof action !== "object") {
    return "";
  }
  const kind = str(action.action);
  const detail = ["url", "text", "option", "key", "name", "answer", "reason", "eid"]
    .map((key) => action[key])
    .find((value) => typeof value === "string" && value);
  return detail ? `${kind} ${detail}` : kind;
}

function resultLine(result) {
  if (!result || typeof result !== "object") {
    return "";
  }
  const status = str(result.status);
  const detail = str(result.summary) || str(result.message);
  return detail ? `${status}: ${detail}` : status;
}

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

function usageLine(usage) {
  if (!usage || !usage.requests) {
    return "";
  }
  const tokens = Number(usage.prompt_tokens || 0) + Number(usage.completion_tokens || 0);
  const cost = Number(usage.cost || 0);
  return ` · ${tokens} tokens${cost > 0 ? ` · ${cost.toFixed(4)}` : ""}`;
}

function runItem(run) {
  const screenshots = new Map(
    (Array.isArray(run.screenshots) ? run.screenshots : [])
      .filter((pair) => Array.isArray(pair) && pair.length === 2)
      .map(([reference, url]) => [str(reference), str(url)]),
  );
  const entries = run.timeline && Array.isArray(run.timeline.entries) ? run.timeline.entries : [];
  const items = entries.map((entry) => entryItem(entry && entry.item, screenshots)).filter(Boolean);
  if (items.length === 0 && Array.isArray(run.steps)) {
    for (const step of run.steps) {
      items.push(el("li", { className: "history-action", text: str(step) }));
    }
  }
  return el(
    "li",
    { className: "history-run", attrs: { "data-status": str(run.status) } },
    el(
      "details",
      {},
      el("summary", { text: `${str(run.goal) || "(no goal)"} — ${str(run.status)}${usageLine(run.usage)}` }),
      el("ol", { className: "history-timeline" }, ...items),
    ),
  );
}

/** Replaces the panel's list with `runs` (newest first). */
export function renderHistory(list, empty, runs) {
  list.replaceChildren();
  const all = Array.isArray(runs) ? runs.slice().reverse() : [];
  for (const run of all) {
    if (run && typeof run === "object") {
      list.append(runItem(run));
    }
  }
  empty.hidden = all.length > 0;
  empty.textContent = "No runs in this session's history yet.";
}

/** The discreet usage line for a `usage` frame: tokens and cost of the run so far. */
export function usageText(msg) {
  const tokens = Number(msg.prompt_tokens || 0) + Number(msg.completion_tokens || 0);
  const cost = Number(msg.cost || 0);
  return `${tokens} tokens${cost > 0 ? ` · ${cost.toFixed(4)}` : ""}`;
}
