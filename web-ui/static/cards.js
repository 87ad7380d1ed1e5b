// The question cards above the composer, one per question kind: the confirm card (approve,
// approve for this session, deny with an optional reason), the takeover banner (the person does
// something in the browser, then hands back) and the ask form (radio, checkbox and text
// questions answered together). Every piece of question text is shown as text.
//
// Each builder takes the question's interrupt id, the question frame and `reply(frame)`, which
// sends the answer and marks the question as answered (false when it could not be sent). It
// returns `{ node, focus, status }`: the card, the control to focus first (or null) and the
// line that says what happened to the answer.

import { actionFacts, el, str } from "./render.js";

// Keyboard activations of a confirm button this soon after the card appears are ignored, so an
// Enter meant for the composer can never approve an action by accident.
const CONFIRM_KEY_GUARD_MS = 400;

/** A card: `tag` (`section` or `form`) with its icon and title as its accessible name. */
function card(tag, { className, testid, id, icon, title, attrs = {} }, ...children) {
  const titleId = `q-title-${id}`;
  return el(
    tag,
    { className, testid, attrs: { "aria-labelledby": titleId, "data-interrupt-id": id, ...attrs } },
    el(
      "div",
      { className: "card-head" },
      el("span", { className: "card-icon", text: icon, attrs: { "aria-hidden": "true" } }),
      el("h3", { className: "card-title", text: title, attrs: { id: titleId } }),
    ),
    ...children,
  );
}

function statusLine() {
  return el("p", { className: "card-status", attrs: { "aria-live": "polite" } });
}

function button({ className, testid, text, title = null }, onClick) {
  return el("button", { className, testid, text, attrs: { type: "button", title }, on: { click: onClick } });
}

/** The confirm card's optional "why not?" field: sent with a denial, read by the planner. */
function declineReasonField(id) {
  const inputId = `q-why-not-${id}`;
  const input = el("input", {
    className: "text-input why-not-input",
    testid: "why-not",
    attrs: { id: inputId, type: "text", maxlength: 300, placeholder: "optional, sent with Deny" },
  });
  const node = el(
    "div",
    { className: "why-not" },
    el("label", { text: "Why not?", attrs: { for: inputId } }),
    input,
  );
  return { node, input };
}

/** A `confirm` question: the action with its facts, and the three answers. */
export function confirmCard(id, q, reply) {
  const shownAt = performance.now();
  const status = statusLine();
  const whyNot = declineReasonField(id);
  const answer = (approved, remember) => (event) => {
    if (event.detail === 0 && performance.now() - shownAt < CONFIRM_KEY_GUARD_MS) {
      return;
    }
    const frame = { type: "confirm", interrupt_id: id, approved, remember };
    const reason = whyNot.input.value.trim();
    if (!approved && reason) {
      frame.reason = reason;
    }
    if (reply(frame)) {
      status.textContent = approved ? "Approved. Waiting for Tandem…" : "Denied. Waiting for Tandem…";
    }
  };
  const approve = button({ className: "btn btn-approve", testid: "approve", text: "Approve" }, answer(true, false));
  const approveSession = button(
    {
      className: "btn",
      testid: "approve-session",
      text: "Approve for this session",
      title: "Don't ask again for this exact action in this session",
    },
    answer(true, true),
  );
  const deny = button({ className: "btn btn-deny", testid: "deny", text: "Deny" }, answer(false, false));
  const summary = str(q.summary) || str(q.action && q.action.summary);
  const node = card(
    "section",
    { className: "card card-confirm", testid: "confirm-card", id, icon: "!", title: "Tandem wants to do this — approve?" },
    summary ? el("p", { text: summary }) : null,
    actionFacts(q),
    el("div", { className: "card-actions" }, approve, approveSession, deny),
    whyNot.node,
    el("p", { className: "card-status", text: "A message you send now says no, with your words as the reason." }),
    status,
  );
  return { node, focus: approve, status };
}

/** A `manual` question: what to do in the browser, an optional note, and Hand back. */
export function manualBanner(id, q, reply) {
  const noteId = `q-note-${id}`;
  const note = el("textarea", {
    className: "text-input",
    attrs: { id: noteId, rows: 2, placeholder: "e.g. logged in, now on the dashboard" },
  });
  const status = statusLine();
  const done = button({ className: "btn btn-primary", testid: "manual-done", text: "Hand back" }, () => {
    if (reply({ type: "manual_done", interrupt_id: id, message: note.value.trim() })) {
      status.textContent = "Handed back. Tandem looks at the page again…";
    }
  });
  const text = str(q.text);
  const reason = str(q.reason);
  const node = card(
    "section",
    { className: "card card-manual", testid: "takeover-banner", id, icon: "→", title: "Your turn in the browser" },
    text ? el("p", { text }) : null,
    reason && reason !== text
      ? el("p", {}, text ? el("strong", { text: "Why: " }) : null, reason)
      : null,
    str(q.rule) ? el("p", { className: "card-status" }, "Rule ", el("code", { className: "rule", text: str(q.rule) })) : null,
    el("p", {
      className: "hint-box",
      text: "Click and type on the page below (the outlined element is the one Tandem asks about), then press Hand back. Tandem waits until then.",
    }),
    el(
      "div",
      { className: "field" },
      el("label", { text: "Note for Tandem (optional)", attrs: { for: noteId } }),
      note,
    ),
    el("div", { className: "card-actions" }, done),
    status,
  );
  return { node, focus: null, status };
}

/** One question of an ask form: its field, and a reader of its answer values. */
function askField(id, question, index) {
  const qid = str(question && question.id) || String(index);
  const kind = ["radio", "checkbox", "text"].includes(question && question.kind) ? question.kind : "text";
  const options = Array.isArray(question && question.options) ? question.options : [];
  const base = `ask-${id}-${index}`;
  const prompt = str(question && question.prompt);
  if (kind === "text" || options.length === 0) {
    const input = el("textarea", { className: "text-input", attrs: { id: base, rows: 2 } });
    return {
      field: el("div", { className: "field" }, el("label", { text: prompt || "Answer", attrs: { for: base } }), input),
      reader: { qid, kind: "text", prompt, read: () => [input.value.trim()].filter((v) => v !== "") },
    };
  }
  const inputs = [];
  const choices = options.map((option, oi) => {
    const input = el("input", {
      attrs: { type: kind, name: base, id: `${base}-${oi}`, value: str(option && option.value) },
    });
    inputs.push(input);
    return el(
      "label",
      { className: "choice", attrs: { for: `${base}-${oi}` } },
      input,
      el("span", { text: str(option && option.label) || str(option && option.value) }),
    );
  });
  return {
    field: el("fieldset", { className: "ask-question" }, el("legend", { text: prompt || "Choose" }), ...choices),
    reader: { qid, kind, prompt, read: () => inputs.filter((i) => i.checked).map((i) => i.value) },
  };
}

/** An `ask` question: its questions as one form, sent together; a radio question needs an answer. */
export function askForm(id, q, reply) {
  const questions = Array.isArray(q.questions) ? q.questions : [];
  const status = statusLine();
  const fields = questions.map((question, index) => askField(id, question, index));
  const readers = fields.map((f) => f.reader);
  const submit = el("button", {
    className: "btn btn-primary",
    testid: "ask-submit",
    text: "Send answers",
    attrs: { type: "submit" },
  });
  const form = card(
    "form",
    { className: "card card-ask", testid: "ask-form", id, icon: "?", title: "Tandem has a question", attrs: { novalidate: true } },
    str(q.reason) ? el("p", { text: str(q.reason) }) : null,
    ...fields.map((f) => f.field),
    el("div", { className: "card-actions" }, submit),
    el("p", { className: "card-status", text: "Or answer in a message." }),
    status,
  );
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    const answers = readers.map((r) => ({ question_id: r.qid, values: r.read() }));
    const missing = readers.find((r) => r.kind === "radio" && r.read().length === 0);
    if (missing) {
      status.textContent = `Please choose an answer for: ${missing.prompt || missing.qid}`;
      return;
    }
    if (reply({ type: "answer", interrupt_id: id, answers })) {
      status.textContent = "Sent. Waiting for Tandem…";
    }
  });
  return { node: form, focus: null, status };
}
