// The conversation kept in this tab's sessionStorage per session, so that a reload shows it
// again: the messages (the person's and the agent's, with a run's outcome), the last observation
// and the steps. Storage can fail (quota, privacy modes): the page then just forgets on reload.
// To be replaced by the agent's own record of the runs, sent when the page attaches.

import { isSafeScreenshot, str } from "./render.js";
import { MAX_MESSAGES, MAX_STEPS } from "./timeline.js";

const TRANSCRIPT_PREFIX = "tandem.transcript.";
const VIEW_PREFIX = "tandem.view.";
// Screenshots bigger than this are not kept for reloads (sessionStorage holds a few MB).
const MAX_STORED_SCREENSHOT = 1_500_000;

function read(key, fallback) {
  try {
    return JSON.parse(window.sessionStorage.getItem(key) || fallback);
  } catch {
    return JSON.parse(fallback);
  }
}

function write(key, value) {
  try {
    window.sessionStorage.setItem(key, JSON.stringify(value));
  } catch {
    // Quota or privacy mode: this just does not survive a reload.
  }
}

/** Creates the transcript; it keeps nothing until `use(sessionId)` names the session. */
export function createTranscript() {
  let sessionId = null;

  function storedMessages() {
    if (!sessionId) {
      return [];
    }
    const parsed = read(TRANSCRIPT_PREFIX + sessionId, "[]");
    return Array.isArray(parsed) ? parsed : [];
  }

  function view() {
    if (!sessionId) {
      return { observation: null, steps: [] };
    }
    const parsed = read(VIEW_PREFIX + sessionId, "{}");
    return {
      observation: parsed && typeof parsed.observation === "object" ? parsed.observation : null,
      steps: parsed && Array.isArray(parsed.steps) ? parsed.steps : [],
    };
  }

  function updateView(update) {
    if (sessionId) {
      write(VIEW_PREFIX + sessionId, { ...view(), ...update(view()) });
    }
  }

  return {
    /** Keeps from now on what is shown in session `id` (none when empty). */
    use(id) {
      sessionId = id;
    },
    /** The kept messages, oldest first: `{ who, text, outcome, at }` with `at` a Date. */
    messages() {
      return storedMessages()
        .filter((entry) => entry && (entry.who === "user" || entry.who === "agent"))
        .map((entry) => {
          const at = new Date(str(entry.at));
          return {
            who: entry.who,
            text: str(entry.text),
            outcome: str(entry.outcome) || null,
            at: Number.isNaN(at.getTime()) ? new Date() : at,
          };
        });
    },
    /** The kept observation (or null) and steps (the objects `saveStep` was given). */
    view() {
      const kept = view();
      return { observation: kept.observation, steps: kept.steps.filter((s) => s && typeof s === "object") };
    },
    /** Keeps a message of the person or the agent shown at `at`. */
    saveMessage(who, text, outcome, at) {
      if (sessionId) {
        const all = storedMessages();
        all.push({ who, text, outcome, at: at.toISOString() });
        write(TRANSCRIPT_PREFIX + sessionId, all.slice(-MAX_MESSAGES));
      }
    },
    /** The last kept message, when it is the agent's `text`, takes the run's outcome. */
    setLastOutcome(text, outcome) {
      const all = storedMessages();
      const entry = all[all.length - 1];
      if (sessionId && entry && entry.who === "agent" && entry.text === text) {
        entry.outcome = outcome;
        write(TRANSCRIPT_PREFIX + sessionId, all);
      }
    },
    /** Keeps an observation frame (its screenshot only when safe and small enough). */
    saveObservation(msg) {
      const shot =
        isSafeScreenshot(msg.screenshot) && msg.screenshot.length <= MAX_STORED_SCREENSHOT
          ? msg.screenshot
          : null;
      updateView((kept) => ({
        observation: {
          url: str(msg.url),
          title: str(msg.title),
          screenshot: shot ?? kept.observation?.screenshot ?? null,
        },
      }));
    },
    /** Keeps a step frame; a later frame of the same step replaces it. */
    saveStep(msg) {
      const stepId = str(msg.step_id);
      const entry = {
        node: str(msg.node),
        step_id: stepId,
        summary: str(msg.summary),
        result: str(msg.result),
        elapsed_ms: Number.isFinite(msg.elapsed_ms) ? msg.elapsed_ms : null,
      };
      updateView((kept) => {
        const at = stepId ? kept.steps.findIndex((s) => s && s.step_id === stepId) : -1;
        const steps = at >= 0 ? kept.steps.map((s, i) => (i === at ? entry : s)) : [...kept.steps, entry];
        return { steps: steps.slice(-MAX_STEPS) };
      });
    },
  };
}
