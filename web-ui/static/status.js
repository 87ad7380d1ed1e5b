// The header's run status: the status pill (idle, running, waiting for you, how the last run
// ended) and the discreet usage line with the current run's tokens and cost.

import { usageText } from "./record.js";
import { byId } from "./render.js";

const STATUS_LABELS = {
  idle: "idle",
  running: "running",
  waiting_input: "waiting for you",
  completed: "completed",
  denied: "denied by the policy",
  blocked: "blocked: invalid actions",
  limit: "stopped at the limit",
  failed: "failed",
  cancelled: "cancelled",
};
const ACTIVE = new Set(["running", "waiting_input"]);

/** Creates the status line, showing `idle`. */
export function createStatus() {
  const pill = document.querySelector("[data-testid=status]");
  const usage = byId("usage");
  let current = "idle";
  return {
    /** Shows a status frame's value (an unknown one shows as idle). */
    set(status) {
      current = Object.hasOwn(STATUS_LABELS, status) ? status : "idle";
      pill.dataset.status = current;
      pill.textContent = STATUS_LABELS[current];
    },
    /** True while a run is going or waits for the person. */
    active: () => ACTIVE.has(current),
    /** True while the run waits for the person's answer. */
    waitingForInput: () => current === "waiting_input",
    /** Shows a `usage` frame. */
    showUsage(msg) {
      usage.textContent = usageText(msg);
      usage.hidden = false;
    },
  };
}
