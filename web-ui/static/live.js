// The live view: the session's page as the server streams it (`live_frame`), and, while the
// person has the browser (`takeover` active), their clicks, wheel, keys and typed text on the
// image relayed as `input` frames in the page's CSS pixels.
//
// Contract: frames are shown only when they are `data:image/jpeg;base64,` URLs. Input is sent
// only during a takeover, batched (at most one frame every BATCH_MS, at most MAX_BATCH events),
// and never stored or logged here. A point on the image maps to the page as
// x = offsetX / shown width * frame width (the image keeps its aspect ratio).

import { byId } from "./render.js";

const FRAME_RE = /^data:image\/jpeg;base64,[A-Za-z0-9+/]+={0,2}$/;
const BATCH_MS = 50;
const MAX_BATCH = 64;
// Keys relayed by name; printable characters travel as text.
const NAMED_KEYS = new Set([
  "Enter", "Backspace", "Delete", "Escape", "ArrowUp", "ArrowDown", "ArrowLeft", "ArrowRight",
  "Home", "End", "PageUp", "PageDown", " ",
]);

/**
 * Wires the live view. `send(frame)` sends a client frame (false when offline);
 * `manualShown()` says whether a manual question card (with its own hand-back) is on screen.
 */
export function createLiveView({ send, manualShown }) {
  const surface = byId("live-surface");
  const image = byId("live-image");
  const empty = byId("live-empty");
  const banner = byId("live-banner");
  const handBack = byId("hand-back");
  const takeover = byId("takeover");
  const size = { width: 0, height: 0 };
  let active = false;
  let queue = [];
  let timer = null;

  function flush() {
    timer = null;
    while (queue.length > 0) {
      send({ type: "input", events: queue.slice(0, MAX_BATCH) });
      queue = queue.slice(MAX_BATCH);
    }
  }

  function relay(event) {
    if (!active) {
      return;
    }
    queue.push(event);
    if (timer === null) {
      timer = window.setTimeout(flush, BATCH_MS);
    }
  }

  /** The page point under a pointer event, or null when no frame is shown. The image is drawn
   *  with `object-fit: contain`, so the frame may be letterboxed inside the element's box. */
  function pagePoint(event) {
    const box = image.getBoundingClientRect();
    if (!size.width || !box.width || !box.height) {
      return null;
    }
    const scale = Math.min(box.width / size.width, box.height / size.height);
    const left = box.left + (box.width - size.width * scale) / 2;
    const top = box.top + (box.height - size.height * scale) / 2;
    const x = (event.clientX - left) / scale;
    const y = (event.clientY - top) / scale;
    if (x < 0 || y < 0 || x > size.width || y > size.height) {
      return null;
    }
    return { x: Math.round(x * 10) / 10, y: Math.round(y * 10) / 10 };
  }

  function refresh() {
    banner.hidden = !active;
    handBack.hidden = !active || manualShown();
    surface.dataset.interactive = active ? "true" : "false";
    surface.setAttribute(
      "aria-label",
      active
        ? "Live page. You have the browser: clicks, scrolling and keys here go to the page."
        : "Live page, view only. Press Take over to use it.",
    );
    takeover.hidden = active;
  }

  image.addEventListener("click", (event) => {
    const point = pagePoint(event);
    if (!active || point === null) {
      return;
    }
    event.preventDefault();
    surface.focus();
    const button = event.button === 1 ? "middle" : "left";
    relay({ kind: "click", x: point.x, y: point.y, button, count: Math.min(event.detail || 1, 3) });
  });

  image.addEventListener("wheel", (event) => {
    const point = pagePoint(event);
    if (!active || point === null) {
      return;
    }
    event.preventDefault();
    relay({ kind: "wheel", x: point.x, y: point.y, delta_x: event.deltaX, delta_y: event.deltaY });
  }, { passive: false });

  surface.addEventListener("keydown", (event) => {
    if (!active || event.isComposing || event.key === "Tab") {
      // Tab leaves the live view, so keyboard users are never trapped in it.
      return;
    }
    const modifiers = [
      event.ctrlKey ? "Control" : null,
      event.altKey ? "Alt" : null,
      event.metaKey ? "Meta" : null,
    ].filter(Boolean);
    if (event.key.length === 1 && modifiers.length === 0) {
      event.preventDefault();
      relay({ kind: "text", text: event.key });
    } else if (NAMED_KEYS.has(event.key) || (event.key.length === 1 && modifiers.length > 0)) {
      if (modifiers.length > 0 && event.key.toLowerCase() === "v") {
        return; // a paste arrives as a paste event
      }
      event.preventDefault();
      const shift = event.shiftKey && event.key.length > 1 ? ["Shift"] : [];
      const name = event.key === " " ? "Space" : event.key;
      relay({ kind: "key", key: [...modifiers, ...shift, name].join("+") });
    }
  });

  surface.addEventListener("paste", (event) => {
    const text = event.clipboardData?.getData("text/plain") ?? "";
    if (active && text) {
      event.preventDefault();
      relay({ kind: "text", text: text.slice(0, 4096) });
    }
  });

  surface.addEventListener("compositionend", (event) => {
    if (active && event.data) {
      relay({ kind: "text", text: event.data });
    }
  });

  handBack.addEventListener("click", () => {
    flush();
    send({ type: "hand_back" });
  });

  return {
    /** After every (re)attach: watch again and take the takeover state from the session. */
    onSession(msg) {
      send({ type: "live_view", on: true });
      this.setTakeover(msg.takeover === true);
    },
    setTakeover(on) {
      active = on;
      if (!on) {
        queue = [];
      }
      refresh();
    },
    refresh,
    showFrame(msg) {
      if (typeof msg.image !== "string" || !FRAME_RE.test(msg.image)) {
        return;
      }
      const width = Number(msg.width);
      const height = Number(msg.height);
      if (!(width > 0 && height > 0)) {
        return;
      }
      if (width !== size.width || height !== size.height) {
        // The surface takes the page's shape (only when it changes, so frames never shift the
        // layout below the live view).
        surface.style.aspectRatio = `${width} / ${height}`;
      }
      size.width = width;
      size.height = height;
      image.src = msg.image;
      image.hidden = false;
      empty.hidden = true;
    },
  };
}
