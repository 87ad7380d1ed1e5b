  // page_script/08-snapshot.js — snapshot(opts) -> the Snapshot in its positional wire form (decoded by
  // src/snapshot/wire.rs; the EL_* flag bits must match that file).
  // (A fragment: the files of page_script/ are concatenated in name order into one script.)

  // ---- snapshot ------------------------------------------------------------------------------
  // The snapshot travels in a compact positional form, about a third the size of the object
  // form (src/snapshot/wire.rs decodes it and documents the layout). Repeated strings (roles,
  // tags, input types, row contexts, form submit names, frames, text kinds) are sent once in
  // `strings` and referred to by index.
  const EL_DISABLED = 1, EL_FOCUSED = 2, EL_EDITABLE = 4, EL_IN_VIEWPORT = 8, EL_IN_SHADOW = 16,
    EL_CHECKED = 32, EL_CHECKED_ON = 64, EL_SELECTED = 128, EL_SELECTED_ON = 256,
    EL_EXPANDED = 512, EL_EXPANDED_ON = 1024;

  function Strings() {
    this.list = [];
    this.index = new Map();
  }
  Strings.prototype.ref = function ref(s) {
    if (s === undefined) return null;
    let i = this.index.get(s);
    if (i === undefined) {
      i = this.list.length;
      this.list.push(s);
      this.index.set(s, i);
    }
    return i;
  };

  function orNull(v) {
    return v === undefined ? null : v;
  }

  function wireElement(e, strings) {
    let flags = 0;
    if (e.disabled) flags |= EL_DISABLED;
    if (e.focused) flags |= EL_FOCUSED;
    if (e.editable) flags |= EL_EDITABLE;
    if (e.in_viewport) flags |= EL_IN_VIEWPORT;
    if (e.in_shadow) flags |= EL_IN_SHADOW;
    if (e.checked !== undefined) flags |= e.checked ? EL_CHECKED | EL_CHECKED_ON : EL_CHECKED;
    if (e.selected !== undefined) flags |= e.selected ? EL_SELECTED | EL_SELECTED_ON : EL_SELECTED;
    if (e.expanded !== undefined) flags |= e.expanded ? EL_EXPANDED | EL_EXPANDED_ON : EL_EXPANDED;
    const r = e.rect;
    const row = [
      Number(e.eid.slice(1)), strings.ref(e.role), e.name, strings.ref(e.tag), flags,
      r.x, r.y, r.w, r.h,
      strings.ref(e.input_type), orNull(e.value), strings.ref(e.context), orNull(e.href),
      strings.ref(e.form_submit), orNull(e.placeholder), strings.ref(e.autocomplete),
      strings.ref(e.frame), orNull(e.options), orNull(e.options_total), strings.ref(e.icon),
    ];
    let n = row.length;
    while (row[n - 1] === null) n--;
    row.length = n;
    return row;
  }

  function pageHeight() {
    const de = document.documentElement;
    const b = document.body;
    return Math.max(de ? de.scrollHeight : 0, b ? b.scrollHeight : 0, window.innerHeight);
  }

  function snapshot(opts) {
    const t0 = performance.now();
    const o = opts || {};
    const maxElements = o.max_elements > 0 ? o.max_elements : 5000;
    const maxTexts = o.max_texts >= 0 ? o.max_texts : 400;
    const W = walk(maxTexts > 0);
    const t1 = performance.now();

    let chosen = W.items.filter((i) => !i.dropped);
    let truncated = false;
    if (chosen.length > maxElements) {
      truncated = true;
      const keep = chosen.filter((i) => i.inViewport).slice(0, maxElements);
      for (const i of chosen) {
        if (keep.length >= maxElements) break;
        if (!i.inViewport) keep.push(i);
      }
      keep.sort((a, b) => a.order - b.order);
      chosen = keep;
    }
    const state = newState();
    const elements = chosen.map((rec) => buildElement(rec.node, rec, state));

    // A plain text that repeats an element's name or context (the first cell of its row, the
    // legend of its fieldset) adds nothing: it is left out before it costs any geometry.
    const said = new Set();
    for (const e of elements) {
      if (e.name) said.add(lower(e.name));
      if (e.context) said.add(lower(e.context));
    }
    // A text repeated right after itself adds nothing; a text repeated further on is kept:
    // the author shown on every post of a feed tells whose each post is.
    let last = '';
    let texts = [];
    for (const t of W.texts) {
      const key = lower(t.text);
      if (!t.placed && said.has(key)) continue;
      const k2 = t.kind + '\u0000' + key;
      if (k2 === last) continue;
      if (!t.placed && !placeText(t)) continue;
      last = k2;
      texts.push(t);
    }
    if (texts.length > maxTexts) {
      const rank = (t) => (t.in_viewport ? 0 : t.kind === 'heading' || t.kind === 'alert' ? 1 : 2);
      texts = texts
        .map((t, i) => ({ t, i, k: rank(t) }))
        .sort((a, b) => a.k - b.k || a.i - b.i)
        .slice(0, maxTexts)
        .sort((a, b) => a.i - b.i)
        .map((x) => x.t);
    }
    const strings = new Strings();
    const wireElements = elements.map((e) => wireElement(e, strings));
    const wireTexts = texts.map((t) => {
      const row = [strings.ref(t.kind), t.text, t.in_viewport ? 1 : 0, t.y, t.x, t.w];
      if (t.level) row.push(t.level);
      return row;
    });

    return {
      url: location.href,
      title: document.title || '',
      viewport: {
        width: window.innerWidth,
        height: window.innerHeight,
        scroll_x: r1(window.scrollX),
        scroll_y: r1(window.scrollY),
        page_height: pageHeight(),
      },
      strings: strings.list,
      elements: wireElements,
      texts: wireTexts,
      truncated,
      timing_ms: {
        walk: r1(t1 - t0),
        total: r1(performance.now() - t0),
        candidates: W.items.length,
      },
    };
  }

