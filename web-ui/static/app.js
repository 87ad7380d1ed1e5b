// Tandem's chat page: creates the parts of the page, routes each server frame to the part that
// shows it, and keeps the controls in step with the connection, the run and the question.
//
// The parts: connection.js (the link to the daemon), status.js (the header's run status),
// composer.js (the message box and its controls), question.js with cards.js (the question on
// screen), timeline.js (messages, steps, observation: live, and the agent's record of the
// conversation that every attach begins with), live.js (the live view and takeover), history.js
// (earlier runs), site_pages.js (the site studio's pages).

import { createComposer } from "./composer.js";
import { createLink } from "./connection.js";
import { createHistoryPanel } from "./history.js";
import { createLiveView } from "./live.js";
import { createProjectsPanel } from "./projects.js";
import { showError } from "./notices.js";
import { createQuestionSlot } from "./question.js";
import { str } from "./render.js";
import { refreshSitePages } from "./site_pages.js";
import { createStatus } from "./status.js";
import { createTimeline } from "./timeline.js";

const link = createLink({ onMessage, onChange: refreshControls });
const send = link.send;
const status = createStatus();
const timeline = createTimeline();
const composer = createComposer({ send, onSent: (text) => timeline.say("user", text) });
const question = createQuestionSlot({ send, onChange: refreshControls, focusComposer: composer.focus });
const historyPanel = createHistoryPanel({ send });
const live = createLiveView({
  send,
  manualShown: question.manualShown,
  takeoverTarget: question.takeoverTarget,
  waiter: "Tandem",
});
// The session this page shows (null before the first `session` frame); its project's id.
let sessionId = null;
const projectsPanel = createProjectsPanel({ send, currentId: () => sessionId });
// A note for the person shown once the next `transcript` frame has replaced the conversation.
let noteAfterTranscript = null;

function refreshControls() {
  composer.refresh({
    connected: link.connected(),
    active: status.active(),
    manualPending: question.manualShown(),
  });
  live.refresh();
}

function setStatus(value) {
  status.set(value);
  refreshControls();
  if (!status.waitingForInput()) {
    question.clear();
  }
}

function onSession(msg) {
  const id = str(msg.session_id);
  if (sessionId !== null && id && id !== sessionId) {
    noteAfterTranscript ??= "Another project is open now.";
  }
  if (id) {
    sessionId = id;
  }
  projectsPanel.refresh();
  composer.setMode(msg.mode, msg.reasoning);
  setStatus(str(msg.status));
  refreshSitePages(sessionId);
  const pending = msg.pending;
  if (pending && typeof pending === "object") {
    const shown = question.current();
    if (shown && shown.id === str(pending.interrupt_id)) {
      // Still pending after a reconnect: an answer sent before the drop may be lost.
      question.markSubmitted(shown.id, false);
    }
    question.show(pending);
  } else {
    question.clear();
  }
}

/** The conversation as the agent recorded it, in place of what was shown (an attach). */
function showTranscript(runs) {
  timeline.reset();
  for (const run of Array.isArray(runs) ? runs : []) {
    if (run && typeof run === "object") {
      timeline.showRun(run);
    }
  }
  if (noteAfterTranscript) {
    timeline.note(noteAfterTranscript);
    noteAfterTranscript = null;
  }
}

/** What each server frame does to the page, by its `type`; frames of other types are ignored. */
const frameHandlers = {
  session(msg) {
    onSession(msg);
    live.onSession(msg);
  },
  takeover: (msg) => live.setTakeover(msg.active === true),
  live_frame: (msg) => live.showFrame(msg),
  session_lost() {
    noteAfterTranscript ??= "The previous session has ended; starting a new one.";
  },
  transcript: (msg) => showTranscript(msg.runs),
  status: (msg) => setStatus(str(msg.status)),
  agent_message: (msg) => timeline.say("agent", str(msg.text)),
  agent_question: (msg) => question.show(msg),
  question_cleared: (msg) => question.clear(str(msg.interrupt_id)),
  observation: (msg) => timeline.observation(msg),
  step: (msg) => timeline.step(msg),
  browser_restarted: (msg) => timeline.browserRestarted(str(msg.reason) || "it stopped"),
  run_finished(msg) {
    const outcome = str(msg.outcome) || "done";
    timeline.runEnd(str(msg.text) || `Run ended (${outcome}).`, outcome);
    refreshSitePages(sessionId);
  },
  usage: (msg) => status.showUsage(msg),
  product_doc_updated: (msg) => timeline.productDoc(msg),
  history: (msg) => historyPanel.show(msg.runs),
  projects: (msg) => projectsPanel.show(msg.projects),
  error(msg) {
    showError(str(msg.code), str(msg.message));
    const shown = question.current();
    if (shown && shown.submitted) {
      question.markSubmitted(shown.id, false);
    }
  },
};

function onMessage(msg) {
  if (Object.hasOwn(frameHandlers, msg.type)) {
    frameHandlers[msg.type](msg);
  }
}

composer.setMode("agent", false);
setStatus("idle");
link.start();
