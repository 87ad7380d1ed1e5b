// Wiring: page state, server frames -> DOM, user input -> client frames.

import { renderHistory, usageText } from "./history.js";
import { productDocCard } from "./product_doc.js";
import { createLiveView } from "./live.js";
import { Connection, forgetToken, takeLaunchToken } from "./protocol.js";
import {
  actionFacts,
  el,
  isSafeScreenshot,
  messageItem,
  stepItem,
  str,
} from "./render.js";

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
const MAX_STEPS = 200;
const MAX_MESSAGES = 300;
const MAX_NOTICES = 3;
const TRANSCRIPT_PREFIX = "tandem.transcript.";
const VIEW_PREFIX = "tandem.view.";
// Screenshots bigger than this are not kept for reloads (sessionStorage holds a few MB).
const MAX_STORED_SCREENSHOT = 1_500_000;
// Keyboard activations of a confirm button this soon after the card appears are ignored, so an
// Enter meant for the composer can never approve an action by accident.
const CONFIRM_KEY_GUARD_MS = 400;

const $ = (id) => {
  const node = document.getElementById(id);
  if (!node) {
    throw new Error(`missing #${id}`);
  }
  return node;
};

const ui = {
  status: document.querySelector("[data-testid=status]"),
  conn: $("conn"),
  connText: $("conn-text"),
  connRetry: $("conn-retry"),
  mode: $("mode-toggle"),
  reasoning: $("reasoning-toggle"),
  noToken: $("no-token"),
  noTokenText: $("no-token-text"),
  layout: $("layout"),
  notices: $("notices"),
  messages: $("messages"),
  emptyHint: $("empty-hint"),
  interaction: $("interaction"),
  form: $("composer-form"),
  input: $("composer-input"),
  send: $("send"),
  cancel: $("cancel"),
  takeover: $("takeover"),
  pageName: $("page-name"),
  pageUrl: $("page-url"),
  screenshot: $("screenshot"),
  screenshotEmpty: $("screenshot-empty"),
  timeline: $("timeline"),
  timelineEmpty: $("timeline-empty"),
};

const state = {
  conn: null,
  connected: false,
  status: "idle",
  mode: "agent",
  reasoning: false,
  sessionId: null,
  // The question on screen: { id, kind, submitted, node, setBusy(bool) }.
  question: null,
};

// The live view (live.js), wired once the page's functions exist.
let live = null;

const reducedMotion = window.matchMedia("(prefers-reduced-motion: reduce)");

// ---------- small helpers ----------

function scrollBehavior() {
  return reducedMotion.matches ? "auto" : "smooth";
}

/** Call before appending to `list`; returns a function that scrolls to `item` if we were at the bottom. */
function keepAtBottom(list) {
  const scrolls = list.scrollHeight > list.clientHeight + 1;
  const nearList = list.scrollHeight - list.scrollTop - list.clientHeight < 80;
  const doc = document.scrollingElement || document.documentElement;
  const nearPage = doc.scrollHeight - doc.scrollTop - window.innerHeight < 160;
  return (item) => {
    if (list.scrollHeight > list.clientHeight + 1 && (!scrolls || nearList)) {
      list.scrollTop = list.scrollHeight;
    } else if (!scrolls && nearPage && getComputedStyle(list).overflowY === "visible") {
      item.scrollIntoView({ block: "nearest", behavior: scrollBehavior() });
    }
  };
}

function send(frame) {
  if (!state.conn || !state.connected || !state.conn.send(frame)) {
    showError("not_connected", "Not connected to Tandem right now, so this was not sent. Try again once reconnected.");
    return false;
  }
  return true;
}

// ---------- transcript (kept per session for reloads) ----------

function transcriptKey() {
  return state.sessionId ? TRANSCRIPT_PREFIX + state.sessionId : null;
}

function loadTranscript() {
  const key = transcriptKey();
  if (!key) {
    return [];
  }
  try {
    const parsed = JSON.parse(window.sessionStorage.getItem(key) || "[]");
    return Array.isArray(parsed) ? parsed : [];
  } catch {
    return [];
  }
}

function saveTranscriptEntry(entry) {
  const key = transcriptKey();
  if (!key) {
    return;
  }
  const all = loadTranscript();
  all.push(entry);
  try {
    window.sessionStorage.setItem(key, JSON.stringify(all.slice(-MAX_MESSAGES)));
  } catch {
    // Quota or privacy mode: the transcript just does not survive a reload.
  }
}

// The live page and the steps, kept per session so a reload shows them again.
function loadView() {
  if (!state.sessionId) {
    return { observation: null, steps: [] };
  }
  try {
    const parsed = JSON.parse(window.sessionStorage.getItem(VIEW_PREFIX + state.sessionId) || "{}");
    return {
      observation: parsed && typeof parsed.observation === "object" ? parsed.observation : null,
      steps: parsed && Array.isArray(parsed.steps) ? parsed.steps : [],
    };
  } catch {
    return { observation: null, steps: [] };
  }
}

function saveView(update) {
  if (!state.sessionId) {
    return;
  }
  const view = { ...loadView(), ...update(loadView()) };
  try {
    window.sessionStorage.setItem(VIEW_PREFIX + state.sessionId, JSON.stringify(view));
  } catch {
    // Too big or unavailable: the view just does not survive a reload.
  }
}

// ---------- messages ----------

function addMessage(who, text, { outcome = null, at = new Date(), persist = true } = {}) {
  ui.emptyHint.hidden = true;
  const stick = keepAtBottom(ui.messages);
  const item = messageItem(who, text, { outcome, at });
  ui.messages.append(item);
  while (ui.messages.children.length > MAX_MESSAGES + 1) {
    const first = ui.messages.children[1];
    if (!first) {
      break;
    }
    first.remove();
  }
  stick(item);
  if (persist && who !== "system") {
    saveTranscriptEntry({ who, text, outcome, at: at.toISOString() });
  }
}

/** The run's final answer. When it repeats the agent's last message word for word, that message
 *  takes the outcome badge instead of being shown twice. */
function addRunEnd(text, outcome) {
  const last = ui.messages.lastElementChild;
  const body = last ? last.querySelector(".msg-body") : null;
  const repeats =
    last !== null &&
    last.dataset.role === "agent" &&
    last.querySelector(".outcome") === null &&
    body !== null &&
    body.textContent === text;
  if (!repeats) {
    addMessage("agent", text, { outcome });
    return;
  }
  last.replaceWith(messageItem("agent", text, { outcome }));
  const key = transcriptKey();
  const all = loadTranscript();
  const entry = all[all.length - 1];
  if (key && entry && entry.who === "agent" && entry.text === text) {
    entry.outcome = outcome;
    try {
      window.sessionStorage.setItem(key, JSON.stringify(all));
    } catch {
      // Quota or privacy mode: the transcript just does not survive a reload.
    }
  }
}

function resetConversation() {
  for (const node of [...ui.messages.children]) {
    if (node !== ui.emptyHint) {
      node.remove();
    }
  }
  ui.emptyHint.hidden = false;
  ui.timeline.replaceChildren();
  ui.timelineEmpty.hidden = false;
  ui.pageName.textContent = "No page yet";
  ui.pageUrl.textContent = "";
  ui.screenshot.hidden = true;
  ui.screenshot.removeAttribute("src");
  ui.screenshotEmpty.hidden = false;
}

function restoreView() {
  const view = loadView();
  if (view.observation) {
    showObservation(view.observation, { persist: false });
  }
  for (const step of view.steps) {
    if (step && typeof step === "object") {
      addStep(step, { persist: false });
    }
  }
}

function restoreTranscript() {
  for (const entry of loadTranscript()) {
    if (!entry || (entry.who !== "user" && entry.who !== "agent")) {
      continue;
    }
    const at = new Date(str(entry.at));
    addMessage(entry.who, str(entry.text), {
      outcome: str(entry.outcome) || null,
      at: Number.isNaN(at.getTime()) ? new Date() : at,
      persist: false,
    });
  }
}

// ---------- notices ----------

function showError(code, message) {
  const notice = el(
    "div",
    { className: "notice", testid: "error", attrs: { role: "alert" } },
    el(
      "p",
      { className: "notice-body" },
      code ? el("span", { className: "notice-code", text: code }) : null,
      el("span", { text: message || "Something went wrong." }),
    ),
  );
  const close = el("button", {
    className: "notice-close",
    text: "×",
    attrs: { type: "button", "aria-label": "Dismiss this message" },
    on: {
      click: () => {
        notice.remove();
        ui.input.focus();
      },
    },
  });
  notice.append(close);
  ui.notices.append(notice);
  while (ui.notices.children.length > MAX_NOTICES) {
    ui.notices.firstElementChild?.remove();
  }
}

// ---------- status / mode ----------

function setStatus(status) {
  const known = Object.hasOwn(STATUS_LABELS, status) ? status : "idle";
  state.status = known;
  ui.status.dataset.status = known;
  ui.status.textContent = STATUS_LABELS[known];
  refreshControls();
  if (known !== "waiting_input") {
    clearQuestion();
  }
}

function setMode(mode, reasoning) {
  if (mode === "agent" || mode === "chat") {
    state.mode = mode;
  }
  if (typeof reasoning === "boolean") {
    state.reasoning = reasoning;
  }
  ui.mode.dataset.mode = state.mode;
  const other = state.mode === "agent" ? "chat" : "agent";
  ui.mode.setAttribute("aria-label", `Mode: ${state.mode}. Switch to ${other} mode`);
  ui.mode.title = `Mode: ${state.mode} (click for ${other})`;
  ui.reasoning.checked = state.reasoning;
  ui.input.placeholder =
    state.mode === "agent" ? "Tell Tandem what to do…" : "Chat with Tandem (no browsing)…";
}

function refreshControls() {
  const active = ACTIVE.has(state.status);
  const manualPending = state.question !== null && state.question.kind === "manual";
  ui.cancel.hidden = !active;
  // The browser can be taken between runs too; the live view hides the button during a takeover.
  ui.takeover.hidden = manualPending;
  ui.send.disabled = !state.connected;
  ui.mode.disabled = !state.connected;
  ui.reasoning.disabled = !state.connected;
  ui.cancel.disabled = !state.connected;
  ui.takeover.disabled = !state.connected;
  live?.refresh();
}

function setConnState(kind, detail) {
  if (kind === "open") {
    state.connected = true;
    ui.conn.hidden = true;
  } else {
    state.connected = false;
    ui.conn.hidden = false;
    ui.conn.dataset.state = kind;
    if (kind === "connecting") {
      ui.connText.textContent = "connecting…";
      ui.connRetry.hidden = true;
    } else if (kind === "reconnecting") {
      const secs = Math.ceil((detail.delayMs || 0) / 1000);
      ui.connText.textContent = secs > 1 ? `reconnecting in ${secs} s…` : "reconnecting…";
      ui.connRetry.hidden = secs <= 1;
    } else if (kind === "unauthorized") {
      forgetToken();
      showTokenProblem(
        "Tandem refused this page's launch token. The daemon was probably restarted, which makes a new token.",
      );
    }
  }
  refreshControls();
}

// ---------- questions ----------

function clearQuestion(interruptId) {
  if (!state.question) {
    return;
  }
  if (interruptId && state.question.id !== interruptId) {
    return;
  }
  const hadFocus = state.question.node.contains(document.activeElement);
  state.question.node.remove();
  state.question = null;
  refreshControls();
  if (hadFocus) {
    ui.input.focus();
  }
}

function showQuestion(q) {
  if (!q || typeof q !== "object") {
    return;
  }
  const id = str(q.interrupt_id);
  if (!id) {
    return;
  }
  if (state.question && state.question.id === id && !state.question.submitted) {
    return; // Same question re-sent on re-attach: keep the card (and the person's input).
  }
  clearQuestion();
  let built;
  if (q.kind === "confirm") {
    built = confirmCard(id, q);
  } else if (q.kind === "manual") {
    built = manualBanner(id, q);
  } else if (q.kind === "ask") {
    built = askForm(id, q);
  } else {
    return;
  }
  state.question = { id, kind: q.kind, submitted: false, ...built };
  ui.interaction.append(built.node);
  refreshControls();
  built.node.scrollIntoView({ block: "nearest", behavior: scrollBehavior() });
  if (built.focus) {
    built.focus.focus({ preventScroll: true });
  }
}

function markSubmitted(id, busy) {
  if (state.question && state.question.id === id) {
    state.question.submitted = busy;
    state.question.setBusy(busy);
  }
}

function cardHead(icon, title, titleId) {
  return el(
    "div",
    { className: "card-head" },
    el("span", { className: "card-icon", text: icon, attrs: { "aria-hidden": "true" } }),
    el("h3", { className: "card-title", text: title, attrs: { id: titleId } }),
  );
}

function confirmCard(id, q) {
  const titleId = `q-title-${id}`;
  const shownAt = performance.now();
  const statusLine = el("p", { className: "card-status", attrs: { "aria-live": "polite" } });
  const buttons = [];
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
    if (send(frame)) {
      markSubmitted(id, true);
      statusLine.textContent = approved ? "Approved. Waiting for Tandem…" : "Denied. Waiting for Tandem…";
    }
  };
  const approve = el("button", {
    className: "btn btn-approve",
    testid: "approve",
    text: "Approve",
    attrs: { type: "button" },
    on: { click: answer(true, false) },
  });
  const approveSession = el("button", {
    className: "btn",
    testid: "approve-session",
    text: "Approve for this session",
    attrs: { type: "button", title: "Don't ask again for this exact action in this session" },
    on: { click: answer(true, true) },
  });
  const deny = el("button", {
    className: "btn btn-deny",
    testid: "deny",
    text: "Deny",
    attrs: { type: "button" },
    on: { click: answer(false, false) },
  });
  buttons.push(approve, approveSession, deny);
  const summary = str(q.summary) || str(q.action && q.action.summary);
  const node = el(
    "section",
    {
      className: "card card-confirm",
      testid: "confirm-card",
      attrs: { "aria-labelledby": titleId, "data-interrupt-id": id },
    },
    cardHead("!", "Tandem wants to do this — approve?", titleId),
    summary ? el("p", { text: summary }) : null,
    actionFacts(q),
    el("div", { className: "card-actions" }, ...buttons),
    whyNot.node,
    statusLine,
  );
  return {
    node,
    focus: approve,
    setBusy(busy) {
      for (const b of buttons) {
        b.disabled = busy;
      }
      whyNot.input.disabled = busy;
      if (!busy) {
        statusLine.textContent = "";
      }
    },
  };
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

function manualBanner(id, q) {
  const titleId = `q-title-${id}`;
  const noteId = `q-note-${id}`;
  const note = el("textarea", {
    className: "text-input",
    attrs: { id: noteId, rows: 2, placeholder: "e.g. logged in, now on the dashboard" },
  });
  const statusLine = el("p", { className: "card-status", attrs: { "aria-live": "polite" } });
  const done = el("button", {
    className: "btn btn-primary",
    testid: "manual-done",
    text: "Hand back",
    attrs: { type: "button" },
    on: {
      click: () => {
        if (send({ type: "manual_done", interrupt_id: id, message: note.value.trim() })) {
          markSubmitted(id, true);
          statusLine.textContent = "Handed back. Tandem looks at the page again…";
        }
      },
    },
  });
  const text = str(q.text);
  const reason = str(q.reason);
  const node = el(
    "section",
    {
      className: "card card-manual",
      testid: "takeover-banner",
      attrs: { "aria-labelledby": titleId, "data-interrupt-id": id },
    },
    cardHead("→", "Your turn in the browser", titleId),
    text ? el("p", { text }) : null,
    reason && reason !== text
      ? el("p", {}, text ? el("strong", { text: "Why: " }) : null, reason)
      : null,
    str(q.rule) ? el("p", { className: "card-status" }, "Rule ", el("code", { className: "rule", text: str(q.rule) })) : null,
    el("p", {
      className: "hint-box",
      text: "Use the live view: click and type on the page, then press Hand back (or send a message). Tandem waits until then.",
    }),
    el(
      "div",
      { className: "field" },
      el("label", { text: "Note for Tandem (optional)", attrs: { for: noteId } }),
      note,
    ),
    el("div", { className: "card-actions" }, done),
    statusLine,
  );
  return {
    node,
    focus: null,
    setBusy(busy) {
      done.disabled = busy;
      note.disabled = busy;
      if (!busy) {
        statusLine.textContent = "";
      }
    },
  };
}

function askForm(id, q) {
  const titleId = `q-title-${id}`;
  const questions = Array.isArray(q.questions) ? q.questions : [];
  const statusLine = el("p", { className: "card-status", attrs: { "aria-live": "polite" } });
  const readers = [];
  const fields = questions.map((question, index) => {
    const qid = str(question && question.id) || String(index);
    const kind = ["radio", "checkbox", "text"].includes(question && question.kind) ? question.kind : "text";
    const options = Array.isArray(question && question.options) ? question.options : [];
    const base = `ask-${id}-${index}`;
    const prompt = str(question && question.prompt);
    if (kind === "text" || options.length === 0) {
      const input = el("textarea", { className: "text-input", attrs: { id: base, rows: 2 } });
      readers.push({ qid, kind: "text", prompt, read: () => [input.value.trim()].filter((v) => v !== "") });
      return el("div", { className: "field" }, el("label", { text: prompt || "Answer", attrs: { for: base } }), input);
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
    readers.push({ qid, kind, prompt, read: () => inputs.filter((i) => i.checked).map((i) => i.value) });
    return el("fieldset", { className: "ask-question" }, el("legend", { text: prompt || "Choose" }), ...choices);
  });
  const submit = el("button", {
    className: "btn btn-primary",
    testid: "ask-submit",
    text: "Send answers",
    attrs: { type: "submit" },
  });
  const form = el(
    "form",
    {
      className: "card card-ask",
      testid: "ask-form",
      attrs: { "aria-labelledby": titleId, "data-interrupt-id": id, novalidate: true },
    },
    cardHead("?", "Tandem has a question", titleId),
    str(q.reason) ? el("p", { text: str(q.reason) }) : null,
    ...fields,
    el("div", { className: "card-actions" }, submit),
    statusLine,
  );
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    const answers = readers.map((r) => ({ question_id: r.qid, values: r.read() }));
    const missing = readers.find((r) => r.kind === "radio" && r.read().length === 0);
    if (missing) {
      statusLine.textContent = `Please choose an answer for: ${missing.prompt || missing.qid}`;
      return;
    }
    if (send({ type: "answer", interrupt_id: id, answers })) {
      markSubmitted(id, true);
      statusLine.textContent = "Sent. Waiting for Tandem…";
    }
  });
  const controls = () => form.querySelectorAll("input, textarea, button");
  return {
    node: form,
    focus: null,
    setBusy(busy) {
      for (const c of controls()) {
        c.disabled = busy;
      }
      if (!busy) {
        statusLine.textContent = "";
      }
    },
  };
}

// ---------- observation / steps ----------

function showObservation(msg, { persist = true } = {}) {
  const url = str(msg.url);
  const title = str(msg.title);
  ui.pageName.textContent = title || url || "Untitled page";
  ui.pageUrl.textContent = url;
  if (msg.screenshot !== undefined && msg.screenshot !== null) {
    if (isSafeScreenshot(msg.screenshot)) {
      ui.screenshot.src = msg.screenshot;
      ui.screenshot.alt = `Screenshot of ${title || url || "the page"}`;
      ui.screenshot.hidden = false;
      ui.screenshotEmpty.hidden = true;
    }
  }
  if (persist) {
    const shot =
      isSafeScreenshot(msg.screenshot) && msg.screenshot.length <= MAX_STORED_SCREENSHOT
        ? msg.screenshot
        : null;
    saveView((view) => ({
      observation: { url, title, screenshot: shot ?? view.observation?.screenshot ?? null },
    }));
  }
}

/** The step line already shown for `stepId`, if any (steps carry an id on the wire). */
function stepLine(stepId) {
  if (!stepId) return null;
  for (const line of ui.timeline.children) {
    if (line.dataset.stepId === stepId) return line;
  }
  return null;
}

/** Shows a step: a later frame of the same step updates its line in place. */
function addStep(msg, { persist = true } = {}) {
  ui.timelineEmpty.hidden = true;
  const stick = keepAtBottom(ui.timeline);
  const stepId = str(msg.step_id);
  const item = stepItem(msg);
  const shown = stepLine(stepId);
  if (shown) {
    shown.replaceWith(item);
  } else {
    ui.timeline.append(item);
  }
  while (ui.timeline.children.length > MAX_STEPS) {
    ui.timeline.firstElementChild?.remove();
  }
  stick(item);
  if (persist) {
    const entry = {
      node: str(msg.node),
      step_id: stepId,
      summary: str(msg.summary),
      result: str(msg.result),
      elapsed_ms: Number.isFinite(msg.elapsed_ms) ? msg.elapsed_ms : null,
    };
    saveView((view) => {
      const at = stepId ? view.steps.findIndex((s) => s && s.step_id === stepId) : -1;
      const steps = at >= 0 ? view.steps.map((s, i) => (i === at ? entry : s)) : [...view.steps, entry];
      return { steps: steps.slice(-MAX_STEPS) };
    });
  }
}

// ---------- site pages (the site studio's pages of this session) ----------

/** Lists the session's site pages: title, version, open link, validation summary. */
async function refreshSitePages() {
  const panel = document.getElementById("site-pages");
  const list = document.getElementById("site-pages-list");
  if (!panel || !list || !state.sessionId) return;
  let pages = [];
  try {
    const response = await fetch(`/sites/${encodeURIComponent(state.sessionId)}/pages.json`, {
      cache: "no-store",
    });
    if (!response.ok) return;
    const body = await response.json();
    pages = Array.isArray(body.pages) ? body.pages : [];
  } catch {
    return;
  }
  list.replaceChildren(
    ...pages.map((page) => {
      const url = str(page.url);
      const safe = url.startsWith("/sites/") ? url : "#";
      const validation = str(page.validation) || "not validated yet";
      const passed = validation.includes("no violations");
      return el(
        "li",
        { className: "site-page" },
        el(
          "a",
          { attrs: { href: safe, target: "_blank", rel: "noopener noreferrer" }, testid: "site-page-link" },
          str(page.title) || str(page.slug),
        ),
        el("span", { className: "site-page-version" }, `v${Number(page.version) || 0}`),
        el("p", { className: passed ? "site-page-check ok" : "site-page-check" }, validation),
      );
    }),
  );
  panel.hidden = pages.length === 0;
}

// ---------- server frames ----------

function onSession(msg) {
  const id = str(msg.session_id);
  if (state.sessionId === null) {
    state.sessionId = id;
    restoreTranscript();
    restoreView();
  } else if (id && id !== state.sessionId) {
    state.sessionId = id;
    resetConversation();
    addMessage("system", "The previous session has ended; this is a new one.");
  }
  setMode(msg.mode, msg.reasoning);
  setStatus(str(msg.status));
  refreshSitePages();
  const pending = msg.pending;
  if (pending && typeof pending === "object") {
    if (state.question && state.question.id === str(pending.interrupt_id)) {
      // Still pending after a reconnect: an answer sent before the drop may be lost.
      markSubmitted(state.question.id, false);
    }
    showQuestion(pending);
  } else {
    clearQuestion();
  }
}

function onMessage(msg) {
  switch (msg.type) {
    case "session":
      onSession(msg);
      live.onSession(msg);
      break;
    case "takeover":
      live.setTakeover(msg.active === true);
      break;
    case "live_frame":
      live.showFrame(msg);
      break;
    case "session_lost":
      addMessage("system", "The previous session has ended; starting a new one.");
      break;
    case "status":
      setStatus(str(msg.status));
      break;
    case "agent_message":
      addMessage("agent", str(msg.text));
      break;
    case "agent_question":
      showQuestion(msg);
      break;
    case "question_cleared":
      clearQuestion(str(msg.interrupt_id));
      break;
    case "observation":
      showObservation(msg);
      break;
    case "step":
      addStep(msg);
      break;
    case "browser_restarted":
      addBrowserRestarted(msg);
      break;
    case "run_finished": {
      const outcome = str(msg.outcome) || "done";
      const text = str(msg.text) || `Run ended (${outcome}).`;
      addRunEnd(text, outcome);
      refreshSitePages();
      break;
    }
    case "usage":
      showUsage(msg);
      break;
    case "product_doc_updated":
      ui.messages.append(productDocCard(msg));
      break;
    case "history":
      renderHistory($("history"), $("history-empty"), msg.runs);
      break;
    case "error":
      showError(str(msg.code), str(msg.message));
      if (state.question && state.question.submitted) {
        markSubmitted(state.question.id, false);
      }
      break;
    default:
      break;
  }
}

// ---------- browser restarts ----------

/** A `browser_restarted` frame: one timeline line saying the browser was restarted, and why. */
function addBrowserRestarted(msg) {
  const reason = str(msg.reason) || "it stopped";
  addStep({
    node: "browser restarted",
    summary: `The browser was restarted (${reason}); earlier pages are gone.`,
    result: "error",
  });
  const line = ui.timeline.lastElementChild;
  if (line) {
    line.classList.add("step-restart");
    line.dataset.testid = "browser-restarted";
  }
}

// ---------- usage and history (issue 14) ----------

function showUsage(msg) {
  const usage = $("usage");
  usage.textContent = usageText(msg);
  usage.hidden = false;
}

$("history-open").addEventListener("click", () => {
  send({ type: "history" });
});

// ---------- user input ----------

function submitComposer() {
  const text = ui.input.value.trim();
  if (!text) {
    ui.input.focus();
    return;
  }
  if (send({ type: "user_message", text })) {
    addMessage("user", text);
    ui.input.value = "";
  }
  ui.input.focus();
}

ui.form.addEventListener("submit", (event) => {
  event.preventDefault();
  submitComposer();
});

ui.input.addEventListener("keydown", (event) => {
  if (event.key === "Enter" && !event.shiftKey && !event.isComposing && !event.repeat) {
    event.preventDefault();
    submitComposer();
  }
});

ui.cancel.addEventListener("click", () => {
  send({ type: "cancel" });
});

ui.takeover.addEventListener("click", () => {
  send({ type: "takeover" });
});

ui.mode.addEventListener("click", () => {
  const next = state.mode === "agent" ? "chat" : "agent";
  if (send({ type: "set_mode", mode: next })) {
    setMode(next, undefined);
  }
});

ui.reasoning.addEventListener("change", () => {
  const wanted = ui.reasoning.checked;
  if (send({ type: "set_mode", reasoning: wanted })) {
    setMode(undefined, wanted);
  } else {
    ui.reasoning.checked = state.reasoning;
  }
});

ui.connRetry.addEventListener("click", () => {
  state.conn?.retryNow();
});

// ---------- live view ----------

live = createLiveView({
  send,
  manualShown: () => state.question !== null && state.question.kind === "manual",
});

// ---------- start ----------

/** Replaces the app with the explanation of how to open it (`text`: why, or null for the default). */
function showTokenProblem(text) {
  if (text) {
    ui.noTokenText.textContent = text;
  }
  ui.noToken.hidden = false;
  ui.layout.hidden = true;
  document.querySelector(".controls")?.setAttribute("hidden", "");
  document.querySelector(".run-status")?.setAttribute("hidden", "");
}

function start() {
  setMode("agent", false);
  setStatus("idle");
  const token = takeLaunchToken();
  if (!token) {
    showTokenProblem(null);
    return;
  }
  state.conn = new Connection(token, { onMessage, onState: setConnState });
  state.conn.start();
}

start();
