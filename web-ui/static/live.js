// The live view: the session's page as the server streams it (`live_frame`), and, while the
// person has the browser (`takeover` active), their clicks, wheel, keys and typed text on the
// image relayed as `input` frames in the page's CSS pixels.
//
// During a takeover the live view is the main thing on screen (`body[data-takeover]`: the live
// panel becomes a full-window stage with the takeover card, the zoom controls and Hand back);
// after it, the panel is back in its place. The element the question asks about
// (`target.rect`) is outlined on the frame and scrolled into view at the start. While the
// surface has the focus, the keyboard goes to the page (typing, Tab, Enter, paste); Escape or
// a click outside gives it back to the chat page.
//
// Contract: frames are shown only when they are JPEG images. Input is sent
// only during a takeover, batched (at most one frame every BATCH_MS, at most MAX_BATCH events),
// and never stored or logged here. A point on the image maps to the page as
// x = offsetX / shown width * frame width (the image keeps its aspect ratio at every zoom).

import { mountLivePanel } from "./live_panel.js";
import { createZoom } from "./live_zoom.js";
import { byId } from "./render.js";

const BATCH_MS = 50;
const MAX_BATCH = 64;
// Keys relayed by name; printable characters travel as text. Escape is not relayed: it gives
// the keyboard back to the chat page.
const NAMED_KEYS = new Set([
  "Enter", "Tab", "Backspace", "Delete", "ArrowUp", "ArrowDown", "ArrowLeft", "ArrowRight",
  "Home", "End", "PageUp", "PageDown", " ",
]);

/** True for bytes that start like a JPEG (SOI marker). */
function isJpeg(bytes) {
  return bytes instanceof Uint8Array && bytes.length > 3
    && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff;
}

/**
 * Builds the live view into the page's `#live-panel` (live_panel.js) and wires it.
 * `send(frame)` sends a client frame (false when offline); `manualShown()` says whether a
 * manual question card (with its own hand-back) is on screen; `takeoverTarget()` gives that
 * question's element box (`{id, x, y, width, height}`) or null; `waiter` is who waits while the
 * person has the browser ("Tandem").
 */
export function createLiveView({ send, manualShown, takeoverTarget, waiter }) {
  mountLivePanel(byId("live-panel"), { waiter });
  const surface = byId("live-surface");
  const canvas = byId("live-canvas");
  const image = byId("live-image");
  const outline = byId("live-target");
  const empty = byId("live-empty");
  const banner = byId("live-banner");
  const handBack = byId("hand-back");
  const takeover = byId("takeover");
  const tools = byId("live-tools");
  const level = byId("zoom-level");
  const keys = byId("live-keys");
  const size = { width: 0, height: 0 };
  const zoom = createZoom({
    surface,
    canvas,
    onChange: (scale) => {
      level.textContent = `${Math.round(scale * 100)}%`;
    },
    anchor: () => (active && target !== null
      ? { x: target.x + target.width / 2, y: target.y + target.height / 2 }
      : null),
  });
  let active = false;
  // The element the pending takeover asks about ({x, y, width, height} in page pixels), and
  // whether the view still has to scroll to it.
  let target = null;
  // The question `target` came from (its outline stays dismissed once the page scrolled).
  let targetId = null;
  let revealPending = false;
  let queue = [];
  let timer = null;
  // The object URL of the frame on screen (revoked when the next one replaces it).
  let shownUrl = null;

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

  /** The page point under a pointer event, or null when no frame is shown. The image may be
   *  letterboxed inside its box (`object-fit: contain` in the side panel). */
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

  /** Outlines the target on the frame (in percentages, so it follows every zoom). */
  function drawTarget() {
    const shown = active && target !== null && size.width > 0;
    outline.hidden = !shown;
    if (!shown) {
      return;
    }
    outline.style.left = `${(target.x / size.width) * 100}%`;
    outline.style.top = `${(target.y / size.height) * 100}%`;
    outline.style.width = `${(target.width / size.width) * 100}%`;
    outline.style.height = `${(target.height / size.height) * 100}%`;
    if (revealPending) {
      revealPending = false;
      zoom.reveal(target);
    }
  }

  function showKeys() {
    const typing = active && document.activeElement === surface;
    surface.dataset.keys = typing ? "page" : "chat";
    keys.textContent = typing
      ? "Your keys go to the page. Esc gives them back."
      : "Click the page to type into it.";
  }

  function refresh() {
    const asked = takeoverTarget();
    if ((asked?.id ?? null) !== targetId) {
      targetId = asked?.id ?? null;
      target = asked;
      revealPending = target !== null;
    }
    // The banner stands for the card when there is none (a takeover the person asked for).
    banner.hidden = !active || manualShown();
    handBack.hidden = !active || manualShown();
    tools.hidden = !active;
    surface.dataset.interactive = active ? "true" : "false";
    surface.setAttribute(
      "aria-label",
      active
        ? "Live page. You have the browser: clicks, scrolling and keys here go to the page. Escape leaves it."
        : "Live page, view only. Press Take over to use it.",
    );
    takeover.hidden = active;
    showKeys();
    drawTarget();
  }

  /** Enters or leaves the takeover stage. */
  function setActive(on) {
    const was = active;
    active = on;
    if (!on) {
      queue = [];
    }
    if (on !== was) {
      if (on) {
        document.body.dataset.takeover = "true";
      } else {
        delete document.body.dataset.takeover;
      }
      zoom.setOn(on);
      if (on) {
        revealPending = target !== null;
        surface.focus({ preventScroll: true });
      } else if (document.activeElement === surface) {
        surface.blur();
      }
    }
    refresh();
  }

  /** Gives the keyboard back to the chat page: the takeover card's note, else Hand back. */
  function leaveKeyboard() {
    const note = document.querySelector("#live-task textarea");
    (note ?? handBack).focus({ preventScroll: true });
  }

  image.addEventListener("click", (event) => {
    const point = pagePoint(event);
    if (!active || point === null) {
      return;
    }
    event.preventDefault();
    surface.focus({ preventScroll: true });
    const button = event.button === 1 ? "middle" : "left";
    relay({ kind: "click", x: point.x, y: point.y, button, count: Math.min(event.detail || 1, 3) });
  });

  image.addEventListener("wheel", (event) => {
    const point = pagePoint(event);
    if (!active || point === null) {
      return;
    }
    event.preventDefault();
    // The page scrolls, so the outline (where the element was) no longer holds.
    target = null;
    drawTarget();
    relay({ kind: "wheel", x: point.x, y: point.y, delta_x: event.deltaX, delta_y: event.deltaY });
  }, { passive: false });

  surface.addEventListener("keydown", (event) => {
    if (!active || event.isComposing) {
      return;
    }
    if (event.key === "Escape") {
      event.preventDefault();
      leaveKeyboard();
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

  surface.addEventListener("focus", showKeys);
  surface.addEventListener("blur", showKeys);
  byId("zoom-in").addEventListener("click", () => zoom.zoomIn());
  byId("zoom-out").addEventListener("click", () => zoom.zoomOut());
  byId("zoom-fit").addEventListener("click", () => zoom.fit());
  byId("zoom-actual").addEventListener("click", () => zoom.actualSize());

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
    setTakeover: setActive,
    refresh,
    /** Shows a `live_frame` (decoded by protocol.js from a binary frame: `jpeg` bytes of
     *  `width` × `height` CSS pixels of the page). Anything but a JPEG is ignored. */
    showFrame(msg) {
      const { jpeg, width, height } = msg;
      if (!isJpeg(jpeg) || !(width > 0 && height > 0)) {
        return;
      }
      if (width !== size.width || height !== size.height) {
        // The surface takes the page's shape (only when it changes, so frames never shift the
        // layout below the live view).
        surface.style.aspectRatio = `${width} / ${height}`;
        size.width = width;
        size.height = height;
        zoom.setFrame(width, height);
      }
      const url = URL.createObjectURL(new Blob([jpeg], { type: "image/jpeg" }));
      const previous = shownUrl;
      shownUrl = url;
      image.src = url;
      if (previous) {
        URL.revokeObjectURL(previous);
      }
      image.hidden = false;
      empty.hidden = true;
      drawTarget();
    },
  };
}
