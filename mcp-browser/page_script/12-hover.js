  // page_script/12-hover.js — What a hover showed. hover_watch() -> {ok, hidden}: notes the
  // elements of the top document that are hidden now (before the mouse moves). hover_change(ms)
  // -> Promise<{ok, changed}>: after the mouse moved, waits until one of them shows (a submenu,
  // a tooltip, a card's row actions) or an element is added that shows, at most `ms` (≤ 2000);
  // `changed` says whether that happened. A change that shows nothing (the hovered item's own
  // highlight) is not an answer: menus that open a submenu after a delay are waited for.
  // (A fragment: the files of page_script/ are concatenated in name order into one script.)

  // ---- hover ---------------------------------------------------------------------------------
  const HOVER_SCAN_LIMIT = 20000;
  let hoverHidden = new WeakSet();

  function hoverWatch() {
    hoverHidden = new WeakSet();
    let hidden = 0;
    const all = document.body ? document.body.querySelectorAll('*') : [];
    for (let i = 0; i < all.length && i < HOVER_SCAN_LIMIT; i++) {
      if (!all[i].checkVisibility(VIS_OPTS)) {
        hoverHidden.add(all[i]);
        hidden += 1;
      }
    }
    return { ok: true, hidden };
  }

  // Whether `el` or an element inside it was hidden at hoverWatch() and shows now.
  function shownSinceWatch(el) {
    if (!el || el.nodeType !== 1) return false;
    if (hoverHidden.has(el) && el.checkVisibility(VIS_OPTS)) return true;
    for (const n of el.querySelectorAll('*')) {
      if (hoverHidden.has(n) && n.checkVisibility(VIS_OPTS)) return true;
    }
    return false;
  }

  // Whether a mutation showed something: an added element that shows, or a hidden one shown.
  function mutationShows(record) {
    if (record.type === 'childList') {
      for (const n of record.addedNodes) {
        if (n.nodeType === 1 && n.checkVisibility(VIS_OPTS)) return true;
      }
      return false;
    }
    return shownSinceWatch(record.target);
  }

  function safelyShows(record) {
    try {
      return mutationShows(record);
    } catch (_) {
      return false;
    }
  }

  function hoverChange(ms) {
    const limit = Math.min(Math.max(Number(ms) || 0, 0), 2000);
    const root = document.body;
    if (!root) return { ok: true, changed: false };
    // A style rule on :hover shows its content at once, with no mutation to wait for.
    return nextFrame().then(() => {
      if (shownSinceWatch(root)) return { ok: true, changed: true };
      return new Promise((done) => {
        let timer = null;
        const observer = new MutationObserver((records) => {
          if (!records.some(safelyShows)) return;
          observer.disconnect();
          clearTimeout(timer);
          nextFrame().then(() => done({ ok: true, changed: true }));
        });
        observer.observe(root, {
          subtree: true,
          childList: true,
          attributes: true,
          attributeFilter: ['style', 'class', 'hidden', 'aria-hidden', 'aria-expanded', 'open'],
        });
        timer = setTimeout(() => {
          observer.disconnect();
          done({ ok: true, changed: false });
        }, limit);
      });
    });
  }
