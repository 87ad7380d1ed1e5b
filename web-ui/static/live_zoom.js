// The live view's zoom during a takeover: the page at 1:1 CSS pixels where the surface is large
// enough, else as large as fills the surface (its width, or on a tall narrow phone its height,
// the person panning sideways), so no part of the surface is left empty; zoom buttons,
// Ctrl+wheel and a two-finger pinch change the scale, and the surface scrolls (pans) when the
// page is larger than it.
//
// Contract: the scale only sizes `canvas` (frame width × scale CSS pixels); the image and the
// outline inside it are laid out in percentages, so a point maps back to the page as
// (offset in the image) / (image width) × (frame width) at every scale. A zoom keeps the page
// point under the pointer where it was; the buttons keep the outlined element (`anchor()`) in
// place when it is on screen, else the surface's centre.

const MIN_SCALE = 0.2;
const MAX_SCALE = 4;
const STEPS = [0.25, 0.33, 0.5, 0.67, 0.75, 0.9, 1, 1.25, 1.5, 2, 3, 4];

/**
 * Creates the zoom of `surface` (the scrolling box) around `canvas` (the page's box inside it).
 * `onChange(scale)` is told every new scale (for the level shown to the person); `anchor()`
 * gives the page point the buttons zoom around ({x, y} in page pixels), or null.
 */
export function createZoom({ surface, canvas, onChange, anchor }) {
  const frame = { width: 0, height: 0 };
  let on = false;
  // The scale the person chose, or null to follow the fit.
  let chosen = null;
  let shown = 1;

  /** 1 where the surface holds the page at 1:1, else the scale at which the page fills the
   *  surface: its width, or its height where that is the larger (a phone held upright shows a
   *  wide page at a readable size, panned sideways, rather than a strip above an empty area). */
  function fitScale() {
    const { clientWidth: width, clientHeight: height } = surface;
    if (!frame.width || !frame.height || !width || !height) {
      return 1;
    }
    return Math.min(1, Math.max(width / frame.width, height / frame.height));
  }

  function clamp(scale) {
    return Math.min(MAX_SCALE, Math.max(MIN_SCALE, scale));
  }

  /** Applies `scale`, keeping the page point at surface offset (`ax`, `ay`) in place. */
  function apply(scale, ax = surface.clientWidth / 2, ay = surface.clientHeight / 2) {
    if (!on || !frame.width) {
      return;
    }
    const before = shown;
    const pageX = (surface.scrollLeft + ax) / before;
    const pageY = (surface.scrollTop + ay) / before;
    shown = scale;
    canvas.style.width = `${frame.width * scale}px`;
    canvas.style.height = `${frame.height * scale}px`;
    surface.scrollLeft = pageX * scale - ax;
    surface.scrollTop = pageY * scale - ay;
    surface.dataset.scale = String(Math.round(scale * 1000) / 1000);
    onChange(scale);
  }

  function zoomTo(scale, ax, ay) {
    chosen = clamp(scale);
    apply(chosen, ax, ay);
  }

  /** The surface offset of the anchor when it is on screen, else the surface's centre. */
  function buttonAnchor() {
    const point = anchor();
    if (point) {
      const ax = point.x * shown - surface.scrollLeft;
      const ay = point.y * shown - surface.scrollTop;
      if (ax >= 0 && ay >= 0 && ax <= surface.clientWidth && ay <= surface.clientHeight) {
        return [ax, ay];
      }
    }
    return [surface.clientWidth / 2, surface.clientHeight / 2];
  }

  function step(direction) {
    const next = direction > 0
      ? STEPS.find((s) => s > shown + 0.001)
      : [...STEPS].reverse().find((s) => s < shown - 0.001);
    zoomTo(next ?? shown, ...buttonAnchor());
  }

  // Ctrl+wheel (and a trackpad pinch, which browsers report as one) zooms around the pointer.
  surface.addEventListener("wheel", (event) => {
    if (!on || !event.ctrlKey) {
      return;
    }
    event.preventDefault();
    event.stopImmediatePropagation();
    const box = surface.getBoundingClientRect();
    zoomTo(shown * Math.exp(-event.deltaY / 300), event.clientX - box.left, event.clientY - box.top);
  }, { passive: false, capture: true });

  // A two-finger pinch zooms around the fingers' midpoint; one finger pans (the surface scrolls).
  const touches = new Map();
  let pinch = null;
  surface.addEventListener("pointerdown", (event) => {
    if (event.pointerType === "touch") {
      touches.set(event.pointerId, { x: event.clientX, y: event.clientY });
    }
  });
  surface.addEventListener("pointermove", (event) => {
    if (!on || !touches.has(event.pointerId)) {
      return;
    }
    touches.set(event.pointerId, { x: event.clientX, y: event.clientY });
    if (touches.size !== 2) {
      return;
    }
    const [a, b] = [...touches.values()];
    const distance = Math.hypot(a.x - b.x, a.y - b.y);
    if (pinch === null) {
      pinch = { distance, scale: shown };
      return;
    }
    const box = surface.getBoundingClientRect();
    zoomTo(pinch.scale * (distance / pinch.distance), (a.x + b.x) / 2 - box.left, (a.y + b.y) / 2 - box.top);
  });
  const lift = (event) => {
    touches.delete(event.pointerId);
    if (touches.size < 2) {
      pinch = null;
    }
  };
  surface.addEventListener("pointerup", lift);
  surface.addEventListener("pointercancel", lift);

  window.addEventListener("resize", () => {
    if (on && chosen === null) {
      apply(fitScale());
    }
  });

  return {
    /** Starts (at the fit) or ends the zoomed takeover view. */
    setOn(value) {
      on = value;
      chosen = null;
      if (on) {
        shown = fitScale();
        apply(shown);
      } else {
        canvas.style.width = "";
        canvas.style.height = "";
        delete surface.dataset.scale;
      }
    },
    /** The frame's CSS size; refits when it changes. */
    setFrame(width, height) {
      if (width === frame.width && height === frame.height) {
        return;
      }
      frame.width = width;
      frame.height = height;
      apply(chosen ?? fitScale());
    },
    zoomIn: () => step(1),
    zoomOut: () => step(-1),
    /** Back to the fit (1:1 where the surface allows, else filling it). */
    fit() {
      chosen = null;
      apply(fitScale(), ...buttonAnchor());
    },
    /** The page at 1:1 CSS pixels. */
    actualSize: () => zoomTo(1, ...buttonAnchor()),
    /** Scrolls the surface so the page box `rect` ({x, y, width, height}) is in the middle. */
    reveal(rect) {
      if (!on || !frame.width) {
        return;
      }
      surface.scrollLeft = (rect.x + rect.width / 2) * shown - surface.clientWidth / 2;
      surface.scrollTop = (rect.y + rect.height / 2) * shown - surface.clientHeight / 2;
    },
    scale: () => shown,
  };
}
