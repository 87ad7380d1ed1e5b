// The run as the person follows it: messages and run ends in the conversation, one line per step
// on the Steps panel (a later frame of a step updates its line), and the last observation with
// its screenshot.
//
// One renderer per kind of thing shown. The live frames and the agent's records of the runs
// (`showRun`: the `transcript` frame an attach begins with, the typed items of
// agent/src/timeline.rs `TimelineItem`) both go through them, so each looks the same wherever it
// comes from. The page keeps nothing itself: after a reload, the daemon sends the record again.

import { productDocCard } from "./product_doc.js";
import { actionLine, screenshotsOf } from "./record.js";
import { byId, isSafeScreenshot, messageItem, stepItem, str } from "./render.js";
import { keepAtBottom } from "./scroll.js";

/** The most messages the conversation keeps (older ones are removed). */
export const MAX_MESSAGES = 300;
/** The most lines the Steps panel keeps. */
export const MAX_STEPS = 200;

/** The step line that says the browser was restarted, and why. */
function restartStep(reason) {
  return {
    node: "browser restarted",
    summary: `The browser was restarted (${reason}); earlier pages are gone.`,
    result: "error",
  };
}

/** The step line of an action item of a record: the action (in the words its live `step`
 *  frames used, when the record carries them), and its result's detail. */
function actionStep(item) {
  const result = item.result && typeof item.result === "object" ? item.result : {};
  const detail = str(result.summary) || str(result.message);
  const action = str(item.action && item.action.line) || actionLine(item.action);
  return {
    node: "action",
    summary: detail ? `${action}: ${detail}` : action,
    result: str(result.status),
  };
}

/** Creates the timeline over the page's conversation, Steps and observation panels. */
export function createTimeline() {
  const messages = byId("messages");
  const emptyHint = byId("empty-hint");
  const steps = byId("timeline");
  const stepsEmpty = byId("timeline-empty");
  const pageName = byId("page-name");
  const pageUrl = byId("page-url");
  const screenshot = byId("screenshot");
  const screenshotEmpty = byId("screenshot-empty");

  // ---------- renderers ----------

  /** A message of `who` ("user" | "agent" | "system"), with a run's `outcome` badge if any. */
  function showMessage(who, text, { outcome = null, at = new Date() } = {}) {
    emptyHint.hidden = true;
    const stick = keepAtBottom(messages);
    const item = messageItem(who, text, { outcome, at });
    messages.append(item);
    while (messages.children.length > MAX_MESSAGES + 1) {
      const first = messages.children[1];
      if (!first) {
        break;
      }
      first.remove();
    }
    stick(item);
  }

  /** A run's final answer. When it repeats the agent's last message word for word, that message
   *  takes the outcome badge instead of being shown twice (then this returns true). */
  function showRunEnd(text, outcome, at = new Date()) {
    const last = messages.lastElementChild;
    const body = last ? last.querySelector(".msg-body") : null;
    const repeats =
      last !== null &&
      last.dataset.role === "agent" &&
      last.querySelector(".outcome") === null &&
      body !== null &&
      body.textContent === text;
    if (!repeats) {
      showMessage("agent", text, { outcome, at });
      return false;
    }
    // The message keeps the time it was first shown (live and on a replay alike).
    const shownAt = new Date(Number(last.dataset.at));
    last.replaceWith(
      messageItem("agent", text, { outcome, at: Number.isNaN(shownAt.getTime()) ? at : shownAt }),
    );
    return true;
  }

  /** The page an observation saw: its title, URL and (when safe) screenshot. */
  function showObservation(msg) {
    const url = str(msg.url);
    const title = str(msg.title);
    pageName.textContent = title || url || "Untitled page";
    pageUrl.textContent = url;
    if (isSafeScreenshot(msg.screenshot)) {
      screenshot.src = msg.screenshot;
      screenshot.alt = `Screenshot of ${title || url || "the page"}`;
      screenshot.hidden = false;
      screenshotEmpty.hidden = true;
    }
  }

  /** The step line already shown for `stepId`, if any (steps carry an id on the wire). */
  function stepLine(stepId) {
    if (!stepId) return null;
    for (const line of steps.children) {
      if (line.dataset.stepId === stepId) return line;
    }
    return null;
  }

  /** A step (`node`, `step_id`, `summary`, `result`, `elapsed_ms`): a later one with the same
   *  step id updates its line in place. Returns the line. */
  function showStep(step) {
    stepsEmpty.hidden = true;
    const stick = keepAtBottom(steps);
    const item = stepItem(step);
    const shown = stepLine(str(step.step_id));
    if (shown) {
      shown.replaceWith(item);
    } else {
      steps.append(item);
    }
    while (steps.children.length > MAX_STEPS) {
      steps.firstElementChild?.remove();
    }
    stick(item);
    return item;
  }

  /** One line saying the browser was restarted, and why. */
  function showBrowserRestarted(reason) {
    const line = showStep(restartStep(reason));
    line.classList.add("step-restart");
    line.dataset.testid = "browser-restarted";
  }

  /** One item of a run's record (`TimelineItem`), written at `at`; `screenshots` maps the
   *  observations' screenshot references to data URLs. */
  function showItem(item, at, screenshots) {
    switch (item && item.type) {
      case "text":
        showMessage(str(item.author) === "user" ? "user" : "agent", str(item.text), { at });
        break;
      case "action":
        showStep(actionStep(item));
        break;
      case "observation":
        showObservation({ url: item.url, title: item.title, screenshot: screenshots.get(str(item.screenshot)) });
        break;
      case "question":
        showStep({ node: "question", summary: "Asked you a question", result: "success" });
        break;
      case "browser_restarted":
        showBrowserRestarted(str(item.reason) || "it stopped");
        break;
      default:
        break;
    }
  }

  // ---------- entry points ----------

  return {
    /** A message the person sent or the agent wrote, live. */
    say(who, text) {
      showMessage(who, text);
    },
    /** A note of the page itself in the conversation (not kept). */
    note(text) {
      showMessage("system", text);
    },
    /** A `run_finished` frame's answer and outcome. */
    runEnd(text, outcome) {
      showRunEnd(text, outcome);
    },
    /** An `observation` frame. */
    observation(msg) {
      showObservation(msg);
    },
    /** A `step` frame. */
    step(msg) {
      showStep(msg);
    },
    /** A `browser_restarted` frame's reason. */
    browserRestarted(reason) {
      showBrowserRestarted(reason);
    },
    /** A `product_doc_updated` frame: its card in the conversation (not kept). */
    productDoc(msg) {
      messages.append(productDocCard(msg));
    },
    /**
     * Shows one run from its record (`RunRecord`: `timeline.entries` of `{ at_ms, item }`,
     * `screenshots` as `[reference, data URL]` pairs, `outcome` and `final_response` once
     * ended), with the renderers the live frames use.
     */
    showRun(run) {
      const screenshots = screenshotsOf(run);
      const entries = run.timeline && Array.isArray(run.timeline.entries) ? run.timeline.entries : [];
      for (const entry of entries) {
        const at = new Date(Number(entry && entry.at_ms));
        showItem(entry && entry.item, Number.isNaN(at.getTime()) ? new Date() : at, screenshots);
      }
      // A run with a final response but no outcome is one the daemon stopped under.
      const outcome = str(run.outcome) || (str(run.final_response) ? "interrupted" : "");
      if (outcome) {
        showRunEnd(str(run.final_response) || `Run ended (${outcome}).`, outcome);
      }
    },
    /** Empties the conversation, the Steps panel and the observation (a new session). */
    reset() {
      for (const node of [...messages.children]) {
        if (node !== emptyHint) {
          node.remove();
        }
      }
      emptyHint.hidden = false;
      steps.replaceChildren();
      stepsEmpty.hidden = false;
      pageName.textContent = "No page yet";
      pageUrl.textContent = "";
      screenshot.hidden = true;
      screenshot.removeAttribute("src");
      screenshotEmpty.hidden = false;
    },
  };
}
