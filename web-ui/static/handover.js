// The handover page: an MCP client's browser handed to the person for one step (a password, a
// CAPTCHA, a payment). The MCP server sent the person here by URL elicitation; the address's
// fragment is a single-use token (never sent in a request line, removed from the address bar).
//
// Protocol on `/handover/ws` of the page's own host: the first frame is `{type: "auth", token}`;
// the server answers `{type: "handover", card}` (the step, page, rule and why, one per line)
// and streams the page as binary live frames; the page sends `input` frames (live.js) and
// `{type: "hand_back", message}` once. The server answers `{type: "handed_back"}` and closes;
// any other ending closes the socket, and the link does not work again.
//
// Contract: the live view and its takeover stage are the chat page's own (live.js); what the
// person types travels only as `input` frames and is never stored here.

import { createLiveView } from "./live.js";
import { decodeLiveFrame, parseTextFrame } from "./protocol.js";
import { byId } from "./render.js";

const card = byId("handover-card");
const note = byId("handover-note");
const done = byId("handover-done");
const token = window.location.hash.slice(1);
window.history.replaceState(null, "", window.location.pathname);

const scheme = window.location.protocol === "https:" ? "wss:" : "ws:";
const socket = new WebSocket(`${scheme}//${window.location.host}/handover/ws`);
socket.binaryType = "arraybuffer";
let finished = false;

function send(frame) {
  if (socket.readyState !== WebSocket.OPEN) {
    return false;
  }
  const message = frame.type === "hand_back" && note.value.trim() ? note.value.trim() : undefined;
  socket.send(JSON.stringify(message === undefined ? frame : { ...frame, message }));
  return true;
}

const live = createLiveView({
  send,
  manualShown: () => false,
  takeoverTarget: () => null,
  waiter: "the assistant",
});

function end(text) {
  finished = true;
  live.setTakeover(false);
  byId("live-task").hidden = true;
  done.textContent = text;
  done.hidden = false;
}

socket.addEventListener("open", () => {
  socket.send(JSON.stringify({ type: "auth", token }));
});

socket.addEventListener("message", (event) => {
  if (event.data instanceof ArrayBuffer) {
    const frame = decodeLiveFrame(event.data);
    if (frame !== null) {
      live.showFrame(frame);
    }
    return;
  }
  const msg = parseTextFrame(event.data);
  if (msg === null) {
    return;
  }
  if (msg.type === "handover") {
    card.textContent = String(msg.card ?? "");
    live.setTakeover(true);
  } else if (msg.type === "handed_back") {
    end("Handed back. The assistant goes on; you can close this page.");
  } else if (msg.type === "error") {
    done.textContent = String(msg.message ?? "Something went wrong.");
    done.hidden = false;
  }
});

socket.addEventListener("close", () => {
  if (!finished) {
    end("This link has ended. Each link works once; the assistant can ask again.");
  }
});
