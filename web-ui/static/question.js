// The question on screen: at most one card (cards.js) above the composer (a takeover card:
// with the live view, live.js). A new question
// replaces the old one; the same question re-sent on re-attach keeps its card and what the
// person typed. While an answer is on its way the card's controls are disabled; they come back
// when the answer may have been lost (a reconnect, an error).

import { askForm, confirmCard, manualBanner } from "./cards.js";
import { byId, str } from "./render.js";
import { scrollBehavior } from "./scroll.js";

const BUILDERS = { confirm: confirmCard, manual: manualBanner, ask: askForm };

/** A takeover question's `target.rect` with the question's id, or null when it has none. */
function takeoverRect(q) {
  const rect = q.kind === "manual" && q.target && typeof q.target === "object" ? q.target.rect : null;
  if (!rect || !["x", "y", "width", "height"].every((k) => Number.isFinite(rect[k]))) {
    return null;
  }
  return { id: str(q.interrupt_id), x: rect.x, y: rect.y, width: rect.width, height: rect.height };
}

/**
 * Creates the question slot. `send(frame)` sends a client frame (false when offline);
 * `onChange()` is called when a card comes or goes; `focusComposer()` takes the focus back when
 * the card that had it goes.
 */
export function createQuestionSlot({ send, onChange, focusComposer }) {
  const interaction = byId("interaction");
  // The question on screen: { id, kind, submitted, node, status }.
  let question = null;

  /** Marks question `id` as answered and waiting (`busy`), or as open to an answer again. */
  function markSubmitted(id, busy) {
    if (!question || question.id !== id) {
      return;
    }
    question.submitted = busy;
    for (const control of question.node.querySelectorAll("input, textarea, button")) {
      control.disabled = busy;
    }
    if (!busy) {
      question.status.textContent = "";
    }
  }

  /** Removes the card (only if it is question `interruptId`, when given). */
  function clear(interruptId) {
    if (!question) {
      return;
    }
    if (interruptId && question.id !== interruptId) {
      return;
    }
    const hadFocus = question.node.contains(document.activeElement);
    question.node.remove();
    question = null;
    onChange();
    if (hadFocus) {
      focusComposer();
    }
  }

  /** Shows a question (an `agent_question` frame or a session's pending question). */
  function show(q) {
    if (!q || typeof q !== "object") {
      return;
    }
    const id = str(q.interrupt_id);
    if (!id) {
      return;
    }
    if (question && question.id === id && !question.submitted) {
      return; // Same question re-sent on re-attach: keep the card (and the person's input).
    }
    clear();
    if (!Object.hasOwn(BUILDERS, q.kind)) {
      return;
    }
    const reply = (frame) => {
      if (!send(frame)) {
        return false;
      }
      markSubmitted(id, true);
      return true;
    };
    const built = BUILDERS[q.kind](id, q, reply);
    question = { id, kind: q.kind, submitted: false, node: built.node, status: built.status, target: takeoverRect(q) };
    // A takeover card sits with the live view, which is the main thing on screen then.
    (q.kind === "manual" ? byId("live-task") : interaction).append(built.node);
    onChange();
    built.node.scrollIntoView({ block: "nearest", behavior: scrollBehavior() });
    if (built.focus) {
      built.focus.focus({ preventScroll: true });
    }
  }

  return {
    show,
    clear,
    markSubmitted,
    /** The question on screen, `{ id, kind, submitted }`, or null. */
    current: () => (question ? { id: question.id, kind: question.kind, submitted: question.submitted } : null),
    /** The takeover on screen's element box (`{id, x, y, width, height}` in page pixels), or null. */
    takeoverTarget: () => (question && question.kind === "manual" ? question.target : null),
    /** True while a takeover banner (with its own Hand back) is on screen. */
    manualShown: () => question !== null && question.kind === "manual",
  };
}
