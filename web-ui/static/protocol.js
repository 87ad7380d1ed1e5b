// The WebSocket side of the page: launch token, `auth` + `attach`, automatic reconnect.
//
// Protocol: docs/protocol.md. The first frame is `auth`, the second `attach` (with the project
// id kept in sessionStorage, so a reload, or a reconnect to a restarted daemon, reopens it). A close with 4401 means the token was
// refused: no retry. Every other drop reconnects with exponential backoff and jitter.
//
// The frame types and close codes below are the daemon's (the Rust enums in the tandem-protocol
// crate, server/protocol/); a test there reads this file and fails when the two differ.

/** Every frame type a client sends (`ClientMessage`). */
export const CLIENT_FRAME_TYPES = Object.freeze([
  "auth",
  "attach",
  "user_message",
  "confirm",
  "manual_done",
  "answer",
  "takeover",
  "hand_back",
  "live_view",
  "input",
  "cancel",
  "set_mode",
  "history",
  "projects",
  "rename_project",
  "delete_project",
  "forget_logins",
]);

/** Every frame type the daemon sends (`ServerMessage`). */
export const SERVER_FRAME_TYPES = Object.freeze([
  "session",
  "takeover",
  "status",
  "agent_message",
  "agent_question",
  "question_cleared",
  "observation",
  "step",
  "run_finished",
  "browser_restarted",
  "usage",
  "product_doc_updated",
  "transcript",
  "history",
  "projects",
  "error",
]);

/** A text message as the frame object it carries, or null when it is not a JSON object. */
export function parseTextFrame(data) {
  if (typeof data !== "string") {
    return null;
  }
  try {
    const msg = JSON.parse(data);
    return msg !== null && typeof msg === "object" ? msg : null;
  } catch {
    return null;
  }
}

/** Binary frames (`tandem_protocol::LiveFrame`): byte 0 the kind, byte 1 the version, bytes
 *  2–3 the header length (u16 LE); a live frame then has width and height (f32 LE, CSS pixels)
 *  and the capture time (f64 LE ms since the epoch, NaN when unknown) before the JPEG. */
export const LIVE_FRAME = Object.freeze({ kind: 1, version: 1, headerLength: 20 });

/**
 * A binary message as `{type: "live_frame", jpeg, width, height, captured_ms}`, or null when it
 * is not a live frame this client reads (another kind or version, or too short).
 */
export function decodeLiveFrame(buffer) {
  if (!(buffer instanceof ArrayBuffer) || buffer.byteLength < LIVE_FRAME.headerLength) {
    return null;
  }
  const view = new DataView(buffer);
  const headerLength = view.getUint16(2, true);
  if (view.getUint8(0) !== LIVE_FRAME.kind || view.getUint8(1) !== LIVE_FRAME.version
      || headerLength < LIVE_FRAME.headerLength || headerLength > buffer.byteLength) {
    return null;
  }
  const captured = view.getFloat64(12, true);
  return {
    type: "live_frame",
    width: view.getFloat32(4, true),
    height: view.getFloat32(8, true),
    captured_ms: Number.isNaN(captured) ? null : captured,
    jpeg: new Uint8Array(buffer, headerLength),
  };
}

/** The close codes the daemon sends (`CloseCode`), by name. */
export const CLOSE_CODES = Object.freeze({
  going_away: 1001,
  protocol_error: 1002,
  invalid_payload: 1007,
  too_big: 1009,
  internal_error: 1011,
  unauthorized: 4401,
  rate_limited: 4429,
});

const TOKEN_KEY = "tandem.token";
const SESSION_KEY = "tandem.session";

const BACKOFF_START_MS = 500;
const BACKOFF_MAX_MS = 15000;

function storageGet(key) {
  try {
    return window.sessionStorage.getItem(key);
  } catch {
    return null;
  }
}

function storageSet(key, value) {
  try {
    if (value === null || value === undefined) {
      window.sessionStorage.removeItem(key);
    } else {
      window.sessionStorage.setItem(key, value);
    }
  } catch {
    // Storage can be unavailable (privacy modes); the page still works without reloads.
  }
}

/**
 * Takes `#token=…` from the address bar (then removes the fragment so the token is not left
 * in history or shared screenshots) and falls back to the token kept for this tab.
 * Returns the token or null.
 */
export function takeLaunchToken() {
  const hash = window.location.hash.startsWith("#") ? window.location.hash.slice(1) : "";
  const params = new URLSearchParams(hash);
  const fromUrl = params.get("token");
  if (hash !== "") {
    const clean = window.location.pathname + window.location.search;
    window.history.replaceState(window.history.state, "", clean);
  }
  if (fromUrl) {
    // A new launch token means a restarted daemon: the project kept here is reopened.
    storageSet(TOKEN_KEY, fromUrl);
    return fromUrl;
  }
  return storageGet(TOKEN_KEY);
}

/** The launch token kept for this tab (after `takeLaunchToken`), or null. */
export function launchToken() {
  return storageGet(TOKEN_KEY);
}

export function forgetToken() {
  storageSet(TOKEN_KEY, null);
  storageSet(SESSION_KEY, null);
}

export function storedSessionId() {
  return storageGet(SESSION_KEY);
}

export function storeSessionId(id) {
  storageSet(SESSION_KEY, id);
}

function socketUrl() {
  const scheme = window.location.protocol === "https:" ? "wss:" : "ws:";
  return `${scheme}//${window.location.host}/ws`;
}

/**
 * One logical connection to the daemon that survives dropped sockets.
 *
 * Callbacks:
 * - `onMessage(msg)` for every server frame (parsed JSON object with a string `type`), and for
 *   every live-view frame (binary, `decodeLiveFrame`: type `live_frame`);
 * - `onState(state, detail)` with state `connecting` | `open` | `reconnecting` | `unauthorized`;
 *   for `reconnecting`, `detail.delayMs` is the wait before the next try.
 */
export class Connection {
  constructor(token, { onMessage, onState }) {
    this.token = token;
    this.onMessage = onMessage;
    this.onState = onState;
    this.ws = null;
    this.attempt = 0;
    this.timer = null;
    this.attached = false;
    this.attachedFresh = false;
    this.stopped = false;
  }

  start() {
    this.stopped = false;
    this.open();
  }

  /** Reconnects now instead of waiting for the backoff timer. */
  retryNow() {
    if (this.stopped || (this.ws && this.ws.readyState <= WebSocket.OPEN)) {
      return;
    }
    window.clearTimeout(this.timer);
    this.timer = null;
    this.open();
  }

  isOpen() {
    return this.ws !== null && this.ws.readyState === WebSocket.OPEN && this.attached;
  }

  /** Sends one client frame. Returns false when the socket is not ready or the frame's type is
   * not one the daemon takes. */
  send(frame) {
    const ready = this.ws !== null && this.ws.readyState === WebSocket.OPEN;
    if (!ready || !CLIENT_FRAME_TYPES.includes(frame.type)) {
      return false;
    }
    this.ws.send(JSON.stringify(frame));
    return true;
  }

  open() {
    this.onState(this.attempt === 0 ? "connecting" : "reconnecting", { delayMs: 0 });
    let ws;
    try {
      ws = new WebSocket(socketUrl());
    } catch {
      this.scheduleReconnect();
      return;
    }
    ws.binaryType = "arraybuffer";
    this.ws = ws;
    this.attached = false;

    ws.addEventListener("open", () => {
      ws.send(JSON.stringify({ type: "auth", token: this.token }));
      this.sendAttach(storedSessionId());
    });

    ws.addEventListener("message", (event) => {
      if (event.data instanceof ArrayBuffer) {
        const frame = decodeLiveFrame(event.data);
        if (frame !== null && this.attached) {
          this.onMessage(frame);
        }
        return;
      }
      const msg = parseTextFrame(event.data);
      if (msg === null || !SERVER_FRAME_TYPES.includes(msg.type)) {
        return;
      }
      if (msg.type === "session") {
        this.attached = true;
        this.attempt = 0;
        if (typeof msg.session_id === "string") {
          storeSessionId(msg.session_id);
        }
        this.onState("open", {});
      } else if (msg.type === "error" && !this.attached && !this.attachedFresh) {
        // Reopening a project the daemon no longer knows (deleted): start a new one instead.
        this.sendAttach(null);
        this.onMessage({ type: "session_lost" });
        return;
      }
      this.onMessage(msg);
    });

    ws.addEventListener("close", (event) => {
      if (this.ws !== ws) {
        return;
      }
      this.ws = null;
      this.attached = false;
      if (event.code === CLOSE_CODES.unauthorized) {
        this.stopped = true;
        this.onState("unauthorized", { code: event.code });
        return;
      }
      this.scheduleReconnect();
    });
  }

  sendAttach(projectId) {
    this.attachedFresh = !projectId;
    // A session's id is its project's: this re-attaches to the live session, or reopens it.
    const frame = projectId ? { type: "attach", project_id: projectId } : { type: "attach" };
    this.send(frame);
  }

  scheduleReconnect() {
    if (this.stopped) {
      return;
    }
    const base = Math.min(BACKOFF_MAX_MS, BACKOFF_START_MS * 2 ** this.attempt);
    const delayMs = Math.round(base * (0.75 + Math.random() * 0.5));
    this.attempt += 1;
    this.onState("reconnecting", { delayMs });
    this.timer = window.setTimeout(() => {
      this.timer = null;
      this.open();
    }, delayMs);
  }
}
