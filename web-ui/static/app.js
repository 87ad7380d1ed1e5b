// Tandem's chat page: creates the parts of the page, routes each server frame to the part that
// shows it, and keeps the controls in step with the connection, the run and the question.
//
// The parts: connection.js (the link to the daemon), status.js (the header's run status),
// composer.js (the message box and its controls), question.js with cards.js (the question on
// screen), timeline.js with transcript.js (messages, steps, observation), live.js (the live view
// and takeover), history.js (earlier runs), site_pages.js (the site studio's pages).

import { createComposer } from "./composer.js";
import { createLink } from "./connection.js";
import { createHistoryPanel } from "./history.js";
import { createLiveView } from "./live.js";
import { showError } from "./notices.js";
import { createQuestionSlot } from "./question.js";
import { str } from "./render.js";
import { refreshSitePages } from "./site_pages.js";
import { createStatus } from "./status.js";
import { createTimeline } from "./timeline.js";
import { createTranscript } from "./transcript.js";

const link = createLink({ onMessage, onChange: refreshControls });
const send = link.send;
const status = createStatus();
const transcript = createTranscript();
const timeline = createTimeline({ transcript });
const composer = createComposer({ send, onSent: (text) => timeline.say("user", text) });
const question = createQuestionSlot({ send, onChange: refreshControls, focusComposer: composer.focus });
const historyPanel = createHistoryPanel({ send });
const live = createLiveView({
  send,
  manualShown: question.manualShown,
  takeoverTarget: question.takeoverTarget,
});
// The session this page shows (null before the first `session` frame).
let sessionId = null;

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
  if (sessionId === null) {
    sessionId = id;
    transcript.use(id);
    timeline.restore();
  } else if (id && id !== sessionId) {
    sessionId = id;
    transcript.use(id);
    timeline.reset();
    timeline.note("The previous session has ended; this is a new one.");
  }
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
      timeline.note("The previous session has ended; starting a new one.");
      break;
    case "status":
      setStatus(str(msg.status));
      break;
    case "agent_message":
      timeline.say("agent", str(msg.text));
      break;
    case "agent_question":
      question.show(msg);
      break;
    case "question_cleared":
      question.clear(str(msg.interrupt_id));
      break;
    case "observation":
      timeline.observation(msg);
      break;
    case "step":
      timeline.step(msg);
      break;
    case "browser_restarted":
      timeline.browserRestarted(str(msg.reason) || "it stopped");
      break;
    case "run_finished": {
      const outcome = str(msg.outcome) || "done";
      timeline.runEnd(str(msg.text) || `Run ended (${outcome}).`, outcome);
      refreshSitePages(sessionId);
      break;
    }
    case "usage":
      status.showUsage(msg);
      break;
    case "product_doc_updated":
      timeline.productDoc(msg);
      break;
    case "history":
      historyPanel.show(msg.runs);
      break;
    case "error": {
      showError(str(msg.code), str(msg.message));
      const shown = question.current();
      if (shown && shown.submitted) {
        question.markSubmitted(shown.id, false);
      }
      break;
    }
    default:
      break;
  }
}

composer.setMode("agent", false);
setStatus("idle");
link.start();
