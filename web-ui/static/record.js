// Reading the agent's run record (agent/src/timeline.rs and the history's run records) for
// display: one line for an action and for its result, the screenshots a run refers to, and the
// tokens and cost of a run or of a `usage` frame.

import { str } from "./render.js";

/** One line for an action object (`{action: "click", eid: "e4"}` → `click e4`). */
export function actionLine(action) {
  if (!action || typeof action !== "object") {
    return "";
  }
  const kind = str(action.action);
  const detail = ["url", "text", "option", "key", "name", "answer", "reason", "eid"]
    .map((key) => action[key])
    .find((value) => typeof value === "string" && value);
  return detail ? `${kind} ${detail}` : kind;
}

/** One line for an action's result (`{status: "success", summary: "clicked"}` → `success: clicked`). */
export function resultLine(result) {
  if (!result || typeof result !== "object") {
    return "";
  }
  const status = str(result.status);
  const detail = str(result.summary) || str(result.message);
  return detail ? `${status}: ${detail}` : status;
}

/** A run's screenshots by reference (`obs-1` → data URL), from its `[reference, url]` pairs. */
export function screenshotsOf(run) {
  return new Map(
    (Array.isArray(run.screenshots) ? run.screenshots : [])
      .filter((pair) => Array.isArray(pair) && pair.length === 2)
      .map(([reference, url]) => [str(reference), str(url)]),
  );
}

/** Tokens and cost of a `usage` frame or a run's usage: `1234 tokens · 0.0012`. */
export function usageText(usage) {
  const tokens = Number(usage.prompt_tokens || 0) + Number(usage.completion_tokens || 0);
  const cost = Number(usage.cost || 0);
  return `${tokens} tokens${cost > 0 ? ` · ${cost.toFixed(4)}` : ""}`;
}
