// Tandem's in-page script. Evaluated (possibly many times) in the top-level frame; installs
// `window.__tandem` once per document and keeps it, so element ids survive re-evaluation.
//
// Contract (all functions return plain JSON values and never throw; failures are
// `{ok:false, error, message}` with error one of unknown | stale | hidden | disabled |
// not_editable | not_select | no_option | bad_args | internal):
//   snapshot({max_elements=5000, max_texts=400})  -> a Snapshot in its wire form (see
//                 src/snapshot/wire.rs), with timing_ms {walk, total, candidates} for tracing
//   locate(eid)   -> {ok, x, y, rect:{x,y,w,h}, in_viewport, covered_by?}  (top-level CSS px)
//   describe(eid) -> {ok, element}
//   focus(eid)    -> {ok}
//   clear(eid)    -> {ok}
//   select_option(eid, wanted) -> {ok, value, label}
//   has_text(text) -> boolean
//   find({name, role?}) -> {ok:true, eid, element} | {ok:false}
//   scroll({direction, amount_px?} | {eid} | {to:"top"|"bottom"}) -> {ok, scroll_y, moved}
//
// Element ids: a node gets `e<N>` the first time it is reported and keeps it for the life of the
// document; ids are never reused. The snapshot only reads the DOM (no writes, no forced style
// changes), so it does not disturb the page. In an isolated world, handlers the page set as
// properties (`el.onclick = f`) are invisible; `onclick` attributes and cursor:pointer are not.
(() => {
  'use strict';
  if (window.__tandem && window.__tandem.__doc === document) return;

  // ---- element id registry -------------------------------------------------------------------
  const nodeToEid = new WeakMap();
  const eidToRef = new Map();
  let issued = 0;

  function eidFor(node) {
    let eid = nodeToEid.get(node);
    if (eid === undefined) {
      issued += 1;
      eid = 'e' + issued;
      nodeToEid.set(node, eid);
      eidToRef.set(eid, new WeakRef(node));
      if (eidToRef.size > 50000) pruneRegistry();
    }
    return eid;
  }

  function pruneRegistry() {
    for (const [eid, ref] of eidToRef) {
      const node = ref.deref();
      if (!node || !node.isConnected) eidToRef.delete(eid);
    }
  }

  function fail(error, message) {
    return { ok: false, error, message };
  }

  // Resolves an eid to its live node, or returns a failure object.
  function resolve(eid) {
    if (typeof eid !== 'string') return fail('bad_args', 'eid must be a string like "e12"');
    const m = /^e(\d+)$/.exec(eid);
    if (!m || Number(m[1]) < 1 || Number(m[1]) > issued) {
      return fail('unknown', `element ${eid} was never in this page (take a new snapshot)`);
    }
    const ref = eidToRef.get(eid);
    const node = ref && ref.deref();
    if (!node || !node.isConnected) {
      return fail('stale', `element ${eid} is no longer in the page`);
    }
    return node;
  }

  // ---- small helpers -------------------------------------------------------------------------
  const WS = /\s+/g;
  // Whitespace that norm() would change other than at the ends (not a lone plain space).
  const WS_RUN = /[^\S ]| {2}/;
  function norm(s) {
    if (!s) return '';
    const t = String(s);
    return WS_RUN.test(t) ? t.replace(WS, ' ').trim() : t.trim();
  }
  function cut(s, n) {
    return s.length > n ? s.slice(0, n - 1).trimEnd() + '…' : s;
  }
  // Normalised text of a possibly huge string, looking at a bounded prefix only.
  function shortText(s, n) {
    if (!s) return '';
    return cut(norm(s.length > n * 4 ? s.slice(0, n * 4) : s), n);
  }
  function r1(v) {
    return Math.round(v * 10) / 10;
  }
  function lower(s) {
    return s ? s.toLowerCase() : '';
  }

  const VIS_OPTS = {
    opacityProperty: true,
    visibilityProperty: true,
    checkOpacity: true,
    checkVisibilityCSS: true,
  };

  const INTERACTIVE_ROLES = new Set([
    'button', 'link', 'checkbox', 'radio', 'tab', 'menuitem', 'menuitemcheckbox',
    'menuitemradio', 'option', 'switch', 'combobox', 'textbox', 'searchbox', 'slider',
    'spinbutton', 'listbox', 'treeitem',
  ]);
  // Never rendered or never holding actionable content we can see into.
  const SKIP_TAGS = new Set([
    'script', 'style', 'noscript', 'template', 'head', 'meta', 'link', 'title', 'base', 'br',
    'wbr', 'hr', 'source', 'track', 'param', 'datalist', 'area', 'map',
  ]);
  // Do not walk children of these (their content is not separately actionable).
  const LEAF_TAGS = new Set([
    'select', 'textarea', 'input', 'option', 'optgroup', 'svg', 'canvas', 'video', 'audio',
    'object', 'embed', 'img', 'picture', 'math', 'progress', 'meter',
  ]);
  const INLINE_TAGS = new Set([
    'a', 'abbr', 'b', 'bdi', 'bdo', 'cite', 'code', 'data', 'dfn', 'em', 'i', 'kbd', 'mark',
    'q', 's', 'samp', 'small', 'span', 'strong', 'sub', 'sup', 'time', 'u', 'var', 'font',
    'img', 'svg', 'del', 'ins', 'nobr', 'tt', 'big',
  ]);
  const TEXT_BLOCK_TAGS = new Set([
    'p', 'li', 'td', 'th', 'label', 'dt', 'dd', 'blockquote', 'figcaption', 'caption',
    'legend', 'pre', 'address',
  ]);
  const HEADING_LEVEL = { h1: 1, h2: 2, h3: 3, h4: 4, h5: 5, h6: 6 };
  const LABELABLE = new Set(['input', 'select', 'textarea', 'button', 'meter', 'output', 'progress']);
  const NON_TEXT_INPUTS = new Set([
    'checkbox', 'radio', 'button', 'submit', 'reset', 'image', 'file', 'range', 'color', 'hidden',
  ]);

  function inputType(el) {
    return lower(el.getAttribute('type')) || 'text';
  }

  function isEditingHost(el) {
    if (!el.hasAttribute('contenteditable')) return false;
    if (!el.isContentEditable) return false;
    const p = el.parentElement;
    return !(p && p.isContentEditable);
  }

  function explicitRole(el) {
    const r = el.getAttribute('role');
    if (!r) return '';
    const first = r.trim().split(WS)[0];
    return lower(first);
  }

  // The implied or explicit ARIA role of an actionable element ('' when not actionable).
  function roleOf(el) {
    return roleFor(el, el.localName, explicitRole(el), true);
  }

  // roleOf() with the explicit role already read; `attrs`: the element has attributes.
  function roleFor(el, tag, r, attrs) {
    if (r && INTERACTIVE_ROLES.has(r)) return r;
    switch (tag) {
      case 'a':
        return attrs && el.hasAttribute('href') ? 'link' : '';
      case 'button':
      case 'summary':
        return 'button';
      case 'select':
        return el.multiple || el.size > 1 ? 'listbox' : 'combobox';
      case 'textarea':
        return 'textbox';
      case 'input': {
        const t = el.type;
        switch (t) {
          case 'hidden':
            return '';
          case 'button': case 'submit': case 'reset': case 'image': case 'file': case 'color':
            return 'button';
          case 'checkbox':
            return el.getAttribute('role') === 'switch' ? 'switch' : 'checkbox';
          case 'radio':
            return 'radio';
          case 'range':
            return 'slider';
          case 'number':
            return 'spinbutton';
          case 'search':
            return attrs && el.hasAttribute('list') ? 'combobox' : 'searchbox';
          default:
            return attrs && el.hasAttribute('list') ? 'combobox' : 'textbox';
        }
      }
      default:
        return attrs && isEditingHost(el) ? 'textbox' : '';
    }
  }

  // Offsets, clip box and name of the frame a node lives in, from the top-level point of view.
  function topContext() {
    const vw = window.innerWidth;
    const vh = window.innerHeight;
    return { doc: document, ox: 0, oy: 0, clip: { l: 0, t: 0, r: vw, b: vh }, frame: null };
  }

  function frameName(iframe) {
    const tag = iframe.localName;
    if (iframe.id) return `${tag}#${iframe.id}`;
    const name = iframe.getAttribute('name');
    if (name) return `${tag}[name=${name}]`;
    const all = iframe.ownerDocument.getElementsByTagName(tag);
    return `${tag}:nth(${Array.prototype.indexOf.call(all, iframe) + 1})`;
  }

  function childContext(iframe, ctx) {
    const r = iframe.getBoundingClientRect();
    const cs = getComputedStyle(iframe);
    const pl = parseFloat(cs.paddingLeft) || 0;
    const pt = parseFloat(cs.paddingTop) || 0;
    const pr = parseFloat(cs.paddingRight) || 0;
    const pb = parseFloat(cs.paddingBottom) || 0;
    const ox = ctx.ox + r.left + iframe.clientLeft + pl;
    const oy = ctx.oy + r.top + iframe.clientTop + pt;
    const box = {
      l: ox, t: oy, r: ox + iframe.clientWidth - pl - pr, b: oy + iframe.clientHeight - pt - pb,
    };
    const name = frameName(iframe);
    return {
      doc: iframe.contentDocument,
      ox,
      oy,
      clip: intersect(ctx.clip, box),
      frame: ctx.frame ? `${ctx.frame} > ${name}` : name,
    };
  }

  // Context of any node, found by walking up its frame chain (used outside the snapshot walk).
  function contextOf(node) {
    const chain = [];
    let win = node.ownerDocument && node.ownerDocument.defaultView;
    while (win && win !== window) {
      let fe = null;
      try {
        fe = win.frameElement;
      } catch (_) {
        fe = null;
      }
      if (!fe) break;
      chain.push(fe);
      win = fe.ownerDocument.defaultView;
    }
    let ctx = topContext();
    for (let i = chain.length - 1; i >= 0; i--) ctx = childContext(chain[i], ctx);
    return ctx;
  }

  function intersect(a, b) {
    return {
      l: Math.max(a.l, b.l), t: Math.max(a.t, b.t), r: Math.min(a.r, b.r), b: Math.min(a.b, b.b),
    };
  }

  function rectIn(ctx, r) {
    return { x: r.left + ctx.ox, y: r.top + ctx.oy, w: r.width, h: r.height };
  }

  function intersects(rect, clip) {
    return (
      rect.w > 0 && rect.h > 0 && rect.x < clip.r && rect.x + rect.w > clip.l &&
      rect.y < clip.b && rect.y + rect.h > clip.t
    );
  }

  // Border box of an element, falling back to its children for zero-size wrappers (an <a> around
  // an absolutely positioned block). Null when the element is not visible. Inside the snapshot
  // walk, hidden ancestors were already pruned and `cs` is the element's computed style (or
  // `known` says checkVisibility() already vouched for its visibility and opacity); outside it
  // (`thorough`), ancestors are checked with checkVisibility().
  function visibleBox(el, cs, thorough, known) {
    let s = cs;
    if (!known) {
      if (thorough && !el.checkVisibility(VIS_OPTS)) return null;
      if (!s) s = getComputedStyle(el);
      if (s.visibility !== 'visible') return null;
      // The walk already pruned opacity:0 subtrees for elements it styled outside regions.
      if ((thorough || !cs) && s.opacity === '0') return null;
    }
    // DOMRect getters are calls into the engine: read each once.
    const d = el.getBoundingClientRect();
    let left = d.left, top = d.top, width = d.width, height = d.height;
    let right = left + width, bottom = top + height;
    if (width < 1 || height < 1) {
      let l = Infinity, t = Infinity, rr = -Infinity, b = -Infinity, n = 0;
      for (let c = el.firstElementChild; c && n < 8; c = c.nextElementSibling, n++) {
        const cr = c.getBoundingClientRect();
        if (cr.width < 1 || cr.height < 1) continue;
        l = Math.min(l, cr.left); t = Math.min(t, cr.top);
        rr = Math.max(rr, cr.right); b = Math.max(b, cr.bottom);
      }
      if (l === Infinity) return null;
      left = l; top = t; width = rr - l; height = b - t; right = rr; bottom = b;
    }
    // Screen-reader-only content: 1px boxes, clip patterns and boxes pushed off the page.
    if (width <= 1 && height <= 1) return null;
    if (width <= 20 && height <= 20) {
      if (!s) s = getComputedStyle(el);
      const pos = s.position;
      if (pos === 'absolute' || pos === 'fixed') {
        const clip = s.clip;
        if (clip && clip !== 'auto' && /^rect\(0px,? 0px,? 0px,? 0px\)$/.test(clip)) return null;
        const cp = s.clipPath;
        if (cp && cp !== 'none' && /^inset\((50|100)%\)$/.test(cp)) return null;
      }
    }
    // Reading scrollX is not free (it checks layout): only for boxes left of or above the origin.
    if (right <= 0 || bottom <= 0) {
      const win = el.ownerDocument.defaultView;
      if (right + win.scrollX <= 0 || bottom + win.scrollY <= 0) return null;
    }
    return { left, top, width, height, right, bottom };
  }

  // A checkbox/radio hidden behind a styled label is clicked through its label.
  function proxyFor(el, labelCache, thorough) {
    if (el.localName !== 'input' || (el.type !== 'checkbox' && el.type !== 'radio')) return null;
    const labels = labelIndex(el.getRootNode(), labelCache).get(el);
    if (!labels) return null;
    for (const lab of labels) {
      const box = visibleBox(lab, null, thorough);
      if (box) return { node: lab, box };
    }
    return null;
  }

  // ---- accessible names ----------------------------------------------------------------------
  // Text of a label without the values of controls nested in it.
  function labelText(label) {
    let out = '';
    const stack = [label];
    while (stack.length && out.length < 300) {
      const n = stack.pop();
      if (n.nodeType === 3) {
        out += n.nodeValue;
        continue;
      }
      if (n.nodeType !== 1) continue;
      const t = n.localName;
      if (n !== label && (t === 'select' || t === 'textarea' || t === 'script' || t === 'style' ||
          t === 'option' || t === 'datalist')) continue;
      if (t === 'input' && n !== label) continue;
      for (let c = n.lastChild; c; c = c.previousSibling) stack.push(c);
      if (t !== 'span' && t !== 'b' && t !== 'i' && t !== 'em' && t !== 'strong') out += ' ';
    }
    return norm(out);
  }

  // Builds `control -> [label]` for one document or shadow root (once per call).
  function labelIndex(root, cache) {
    let idx = cache.get(root);
    if (idx) return idx;
    idx = new Map();
    for (const lab of root.querySelectorAll('label')) {
      const c = lab.control;
      if (!c) continue;
      const list = idx.get(c);
      if (list) list.push(lab); else idx.set(c, [lab]);
    }
    cache.set(root, idx);
    return idx;
  }

  function textByIds(root, ids) {
    const parts = [];
    for (const id of ids.trim().split(WS)) {
      const ref = root.getElementById ? root.getElementById(id) : null;
      if (!ref) continue;
      const label = ref.getAttribute('aria-label');
      parts.push(label || (LABELABLE.has(ref.localName) ? '' : ref.textContent));
    }
    return norm(parts.join(' '));
  }

  // Visible-ish text content with spaces between block-level children, reading at most about
  // `max * 3` characters (a clickable card can hold a whole article).
  function contentText(el, max) {
    if (!el.firstElementChild) return shortText(el.textContent, max);
    let out = '';
    const limit = max * 3;
    const stack = [el];
    while (stack.length && out.length < limit) {
      const n = stack.pop();
      if (typeof n === 'string') {
        out += n;
        continue;
      }
      if (n.nodeType === 3) {
        out += n.nodeValue;
        continue;
      }
      if (n.nodeType !== 1) continue;
      const t = n.localName;
      if (SKIP_TAGS.has(t) || t === 'select' || t === 'textarea' || t === 'datalist') continue;
      if (n !== el && (n.hasAttribute('hidden') || n.getAttribute('aria-hidden') === 'true')) continue;
      const inline = INLINE_TAGS.has(t);
      if (!inline) stack.push(' ');
      for (let c = n.lastChild; c; c = c.previousSibling) stack.push(c);
      if (!inline) out += ' ';
    }
    return cut(norm(out), max);
  }

  // Name from descendants' alt/aria-label/title when an element has no text (icon buttons).
  function imageName(el) {
    const img = el.querySelector('img[alt]:not([alt=""]), [aria-label]:not([aria-label=""]), svg title');
    if (!img) return '';
    if (img.localName === 'img') return norm(img.getAttribute('alt'));
    if (img.localName === 'title') return norm(img.textContent);
    return norm(img.getAttribute('aria-label'));
  }

  function accessibleName(el, role, root, labels) {
    const tag = el.localName;
    let s = '';
    const by = el.getAttribute('aria-labelledby');
    if (by) {
      s = textByIds(root, by);
      if (s) return cut(s, 80);
    }
    s = norm(el.getAttribute('aria-label'));
    if (s) return cut(s, 80);
    const isInput = tag === 'input';
    const type = isInput ? el.type : '';
    const field = (isInput && !NON_TEXT_INPUTS.has(type)) || tag === 'select' ||
      tag === 'textarea' || role === 'textbox' || role === 'searchbox' || role === 'combobox' ||
      role === 'spinbutton' || role === 'slider' || role === 'listbox';
    if (LABELABLE.has(tag)) {
      const list = labels ? labels.get(el) : el.labels;
      if (list && list.length) {
        s = norm(Array.prototype.map.call(list, labelText).join(' '));
        if (s) return cut(s, 80);
      }
    }
    if (isInput && type === 'image') {
      s = norm(el.getAttribute('alt'));
      if (s) return cut(s, 80);
    }
    if (isInput && (type === 'submit' || type === 'reset' || type === 'button')) {
      s = norm(el.value);
      if (s) return cut(s, 80);
      if (type === 'submit') return 'Submit';
      if (type === 'reset') return 'Reset';
    }
    if (isInput && type === 'file') {
      s = norm(el.getAttribute('title'));
      return s ? cut(s, 80) : 'Choose file';
    }
    if (!field) {
      // Content first (as screen readers do): the visible text is what the user sees.
      s = contentText(el, 80);
      if (s) return s;
      s = imageName(el);
      if (s) return cut(s, 80);
    }
    s = norm(el.getAttribute('title'));
    if (s) return cut(s, 80);
    s = norm(el.getAttribute('placeholder') || el.getAttribute('aria-placeholder') ||
      el.getAttribute('data-placeholder'));
    if (s) return cut(s, 80);
    return '';
  }

  // ---- element description -------------------------------------------------------------------
  function deepActiveElement() {
    let a = document.activeElement;
    for (let i = 0; a && i < 32; i++) {
      if (a.shadowRoot && a.shadowRoot.activeElement) {
        a = a.shadowRoot.activeElement;
      } else if ((a.localName === 'iframe' || a.localName === 'frame')) {
        let d = null;
        try {
          d = a.contentDocument;
        } catch (_) {
          d = null;
        }
        if (!d || !d.activeElement || d.activeElement === d.body) break;
        a = d.activeElement;
      } else {
        break;
      }
    }
    return a;
  }

  function cellText(cell) {
    return cell ? shortText(cell.textContent, 60) : '';
  }

  // Context text of a fieldset (its legend) or table row (its first cell), once per call.
  function containerText(node, cache) {
    let s = cache.get(node);
    if (s === undefined) {
      s = '';
      if (node.localName === 'fieldset') {
        const lg = node.querySelector(':scope > legend');
        if (lg) s = shortText(lg.textContent, 60);
      } else if (node.namespaceURI === HTML_NS) {
        // tr.cells[0] when the row has two cells or more (without creating the collection).
        let first = null;
        for (let c = node.firstElementChild; c; c = c.nextElementSibling) {
          const t = c.localName;
          if ((t === 'td' || t === 'th') && c.namespaceURI === HTML_NS) {
            if (first) {
              s = cellText(first);
              break;
            }
            first = c;
          }
        }
      }
      cache.set(node, s);
    }
    return s;
  }

  // `rec.fs`/`rec.row`: the walk's closest fieldset / tr (undefined: not known).
  function contextFor(el, rec, name, cache) {
    let s = '';
    const fs = rec.fs !== undefined ? rec.fs : el.closest('fieldset');
    if (fs) s = containerText(fs, cache);
    if (!s) {
      const tr = rec.row !== undefined ? rec.row : el.closest('tr');
      if (tr) s = containerText(tr, cache);
    }
    const heading = rec.heading;
    if (!s && heading) s = cut(heading, 60);
    if (!s || (s.length === name.length && lower(s) === lower(name))) return undefined;
    return s;
  }

  function isSubmit(c) {
    const t = c.localName;
    return (t === 'button' && c.type === 'submit') ||
      (t === 'input' && (c.type === 'submit' || c.type === 'image'));
  }

  function formSubmitName(el, cache, formAncestor) {
    const form = el.form || (formAncestor !== undefined ? formAncestor : el.closest('form'));
    if (!form) return undefined;
    let entry = cache.get(form);
    if (entry === undefined) {
      entry = null;
      const controls = form.elements || [];
      for (const c of controls) {
        if (isSubmit(c) && visibleBox(c, null, true)) {
          entry = { node: c, name: accessibleName(c, 'button', c.getRootNode(), null) };
          break;
        }
      }
      cache.set(form, entry);
    }
    if (!entry || entry.node === el || !entry.name) return undefined;
    return entry.name;
  }

  function optionsOf(sel) {
    const out = [];
    const opts = sel.options;
    const n = Math.min(opts.length, 50);
    for (let i = 0; i < n; i++) {
      const o = opts[i];
      out.push({ value: o.value, label: cut(norm(o.label), 80), selected: o.selected, disabled: o.disabled });
    }
    return { options: out, total: opts.length };
  }

  function ariaBool(el, attr) {
    const v = el.getAttribute(attr);
    if (v === 'true') return true;
    if (v === 'false' || v === 'mixed') return false;
    return undefined;
  }

  // The snapshot's view of one element. `info` carries what the walk knows (frame, shadow,
  // labels, last heading); `state` carries per-call caches.
  function buildElement(el, rec, state) {
    const tag = el.localName;
    const role = rec.role;
    const root = rec.root || el.getRootNode();
    const labels = labelIndex(root, state.labelCache);
    const name = accessibleName(el, role, root, labels);
    const out = { eid: eidFor(el), role, name, tag };
    let disabled = false;
    let editable = false;
    if (tag === 'input') {
      const type = inputType(el);
      out.input_type = type;
      const t = el.type;
      if (t === 'checkbox' || t === 'radio') {
        out.checked = el.checked;
      } else if (t === 'password') {
        if (el.value) out.value = '•'.repeat(Math.min(el.value.length, 32));
      } else if (t !== 'button' && t !== 'submit' && t !== 'reset' && t !== 'image') {
        if (t === 'file') {
          if (el.files && el.files.length) out.value = Array.from(el.files, (f) => f.name).join(', ');
        } else if (el.value) {
          out.value = cut(el.value, 200);
        }
      }
      disabled = el.matches(':disabled');
      editable = !NON_TEXT_INPUTS.has(t) && !disabled && !el.readOnly;
    } else if (tag === 'textarea') {
      if (el.value) out.value = cut(el.value, 200);
      disabled = el.matches(':disabled');
      editable = !disabled && !el.readOnly;
    } else if (tag === 'select') {
      const labelsSel = Array.from(el.selectedOptions, (o) => norm(o.label));
      if (labelsSel.length) out.value = cut(labelsSel.join(', '), 200);
      const o = optionsOf(el);
      out.options = o.options;
      if (o.total > o.options.length) out.options_total = o.total;
      disabled = el.matches(':disabled');
    } else if (tag === 'button') {
      disabled = el.matches(':disabled');
    } else if (isEditingHost(el)) {
      const v = shortText(el.textContent, 200);
      if (v) out.value = v;
      editable = true;
    }
    if (tag === 'a' && el.hasAttribute('href')) {
      const href = el.href;
      if (href) out.href = typeof href === 'string' ? href : href.baseVal || String(href);
    }
    const ph = el.getAttribute('placeholder');
    if (ph && norm(ph)) out.placeholder = cut(norm(ph), 80);
    const ac = el.getAttribute('autocomplete');
    if (ac) out.autocomplete = ac;
    if (out.checked === undefined) {
      if (role === 'checkbox' || role === 'radio' || role === 'switch' ||
          role === 'menuitemcheckbox' || role === 'menuitemradio') {
        out.checked = ariaBool(el, 'aria-checked') === true;
      } else {
        const pressed = ariaBool(el, 'aria-pressed');
        if (pressed !== undefined) out.checked = pressed;
      }
    }
    if (role === 'option' || role === 'tab' || role === 'treeitem') {
      out.selected = ariaBool(el, 'aria-selected') === true;
    }
    if ((role === 'slider' || role === 'spinbutton') && out.value === undefined) {
      const v = el.getAttribute('aria-valuetext') || el.getAttribute('aria-valuenow');
      if (v) out.value = v;
    }
    if (role === 'textbox' || role === 'searchbox') {
      if (tag !== 'input' && tag !== 'textarea' && !editable && el.isContentEditable) editable = true;
    }
    if (ariaBool(el, 'aria-disabled') === true) disabled = true;
    if (el.hasAttribute('aria-readonly') && ariaBool(el, 'aria-readonly') === true) editable = false;
    // Flags travel only when true (the Rust side defaults them to false): a quarter less JSON
    // on big pages.
    if (disabled) out.disabled = true;
    if (el === state.active) out.focused = true;
    if (editable) out.editable = true;
    if (rec.inViewport) out.in_viewport = true;
    const context = contextFor(el, rec, name, state.contextCache);
    if (context) out.context = context;
    const fsub = formSubmitName(el, state.formCache, rec.form);
    if (fsub) out.form_submit = fsub;
    if (rec.frame) out.frame = rec.frame;
    if (rec.inShadow) out.in_shadow = true;
    out.rect = { x: r1(rec.rect.x), y: r1(rec.rect.y), w: r1(rec.rect.w), h: r1(rec.rect.h) };
    return out;
  }

  function newState() {
    return {
      labelCache: new Map(), formCache: new Map(), contextCache: new Map(), active: deepActiveElement(),
    };
  }

  // ---- the walk ------------------------------------------------------------------------------
  // One pass over the flat tree (shadow roots through their slots, same-origin iframes inline),
  // collecting candidate elements and text blocks, with the semantics of this rule: outside
  // actionable regions every element is styled (display:none and opacity:0 prune its subtree,
  // display:contents passes through to its children, cursor:pointer makes a clickable); inside
  // them only candidates are styled. Only candidates and text blocks get geometry.
  //
  // What that costs is kept down three ways (each falls back to the computed-style path):
  // - checkVisibility({opacityProperty}) is true exactly when the element has a box (display
  //   neither none nor contents) and neither it nor a flat-tree ancestor has opacity 0: one native
  //   call instead of a computed style (about 1 µs with its property reads).
  // - Cursor. It is inherited, so an element's cursor differs from its parent's only when some
  //   declaration applies to the element itself: an author rule, its style attribute, an SVG
  //   presentation attribute, an animation, a :host rule of its own (possibly closed) shadow root,
  //   or the UA sheet (cursor:pointer only on :any-link and image inputs; other cursors on form
  //   controls and labels). Per document, `cursorPlan` lists the elements matched by author rules
  //   that declare `cursor` or `all`. An HTML element that cannot host a shadow root, is not a
  //   link, is not in that list, has no cursor in its style attribute and whose parent's cursor
  //   is known not to be pointer has no cursor:pointer, without reading its style. Unreadable
  //   (cross-origin) sheets, nested or @scope rules that set the cursor, cursor animations, many
  //   rules, shadow trees and slotted nodes all fall back to styling every element.
  // - Deferral. Such an element that also has no role and adds no text to an enclosing block
  //   (it has no block around it, or starts its own) is not checked before its children are
  //   walked: if it was hidden, nothing under it can pass checkVisibility, so it is checked after
  //   them only when its subtree reported something that no successful check under it vouched
  //   for, or when its own text block has text. If the check fails, what its subtree added is
  //   rolled back and the element is walked again the exact way. (The walk has no other effects.)
  const VIS_FAST = { opacityProperty: true, visibilityProperty: true };
  const OPACITY_ONLY = { opacityProperty: true };
  const VISIBILITY_ONLY = { visibilityProperty: true };
  const CURSOR_RULE_BUDGET = 4000;
  const CURSOR_SELECTOR_LIMIT = 50;
  const HTML_NS = 'http://www.w3.org/1999/xhtml';
  // Valid shadow host names besides custom elements (DOM standard, attachShadow).
  const SHADOW_HOSTS = new Set([
    'article', 'aside', 'blockquote', 'body', 'div', 'footer', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6',
    'header', 'main', 'nav', 'p', 'section', 'span',
  ]);
  // Elements whose children are walked differently when they are display:contents.
  const NO_DEFER = new Set([...LEAF_TAGS, 'iframe', 'frame', 'details']);

  function declaresCursor(style) {
    return !!style && (style.getPropertyValue('cursor') !== '' || style.getPropertyValue('all') !== '');
  }

  function scanSheet(sheet, acc) {
    let rules;
    try {
      rules = sheet.cssRules;
    } catch (_) {
      return false; // cross-origin: unreadable
    }
    return !rules || scanRules(rules, false, acc);
  }

  // False when the rules cannot be summarised as "top-level selectors that may set the cursor".
  function scanRules(rules, nested, acc) {
    for (let i = 0; i < rules.length; i++) {
      if (--acc.budget < 0) return false;
      const r = rules[i];
      switch (r.constructor.name) {
        case 'CSSStyleRule':
          if (declaresCursor(r.style)) {
            if (nested) return false;
            acc.sels.push(r.selectorText);
          }
          if (r.cssRules && r.cssRules.length && !scanRules(r.cssRules, true, acc)) return false;
          break;
        case 'CSSImportRule':
          if (r.styleSheet && !scanSheet(r.styleSheet, acc)) return false;
          break;
        case 'CSSMediaRule': case 'CSSSupportsRule': case 'CSSContainerRule':
        case 'CSSLayerBlockRule': case 'CSSStartingStyleRule':
          // Conditions are ignored: listing too many elements is harmless.
          if (!scanRules(r.cssRules, nested, acc)) return false;
          break;
        case 'CSSFontFaceRule': case 'CSSNamespaceRule': case 'CSSLayerStatementRule':
        case 'CSSPropertyRule': case 'CSSCounterStyleRule': case 'CSSFontPaletteValuesRule':
        case 'CSSFontFeatureValuesRule': case 'CSSViewTransitionRule': case 'CSSPositionTryRule':
        case 'CSSPageRule':
          break;
        default:
          // @scope, @keyframes, nested declarations and rules this script does not know.
          if (r.style && declaresCursor(r.style)) return false;
          if (r.cssRules && r.cssRules.length && !scanRules(r.cssRules, true, acc)) return false;
      }
    }
    return true;
  }

  // {set}: the elements of `doc` matched by author rules that may set their cursor (set null
  // when there are none), or null when the document's CSS cannot be summarised that way.
  function cursorPlan(doc) {
    try {
      const acc = { budget: CURSOR_RULE_BUDGET, sels: [] };
      const sheets = doc.styleSheets;
      for (let i = 0; i < sheets.length; i++) if (!scanSheet(sheets[i], acc)) return null;
      const adopted = doc.adoptedStyleSheets;
      if (adopted) for (let i = 0; i < adopted.length; i++) if (!scanSheet(adopted[i], acc)) return null;
      if (acc.sels.length > CURSOR_SELECTOR_LIMIT) return null;
      const anims = doc.getAnimations ? doc.getAnimations() : [];
      for (let i = 0; i < anims.length; i++) {
        const eff = anims[i].effect;
        if (!eff) continue;
        if (typeof eff.getKeyframes !== 'function') return null;
        for (const kf of eff.getKeyframes()) if ('cursor' in kf || 'all' in kf) return null;
      }
      if (!acc.sels.length) return { set: null };
      const set = new Set();
      for (const el of doc.querySelectorAll(acc.sels.join(','))) set.add(el);
      return { set };
    } catch (_) {
      return null;
    }
  }

  // True when only inheritance can give `el` its cursor (see above).
  // (Without attributes an element has no style attribute, presentation attribute or link.)
  function cursorInherited(el, tag, plan, attrs) {
    if (SHADOW_HOSTS.has(tag) || tag === 'a' || tag === 'area' || tag.indexOf('-') >= 0) return false;
    if (plan.set && plan.set.has(el)) return false;
    if (!attrs) return true;
    if (el.namespaceURI !== HTML_NS) return false;
    return !(el.hasAttribute('style') && declaresCursor(el.style));
  }

  // Deferred elements above the current one form a chain of {el, up, ok} (st.lazy); `ok` once a
  // check vouched for it. checkVisibility with opacityProperty: a pass vouches for every
  // flat-tree ancestor. A failure under unchecked deferred elements checks those (outermost
  // first): when one fails, W.abort names it and the walk unwinds to it, which is then walked
  // the exact way (a display:none list of 2,000 links costs a few checks, not 2,000).
  function checkChain(el, opts, W, st) {
    if (el.checkVisibility(opts)) {
      vouch(st.lazy);
      return true;
    }
    if (st.lazy && !st.lazy.ok) probe(st.lazy, W);
    return false;
  }

  function vouch(rec) {
    for (let r = rec; r && !r.ok; r = r.up) r.ok = true;
  }

  function probe(rec, W) {
    const chain = [];
    for (let r = rec; r && !r.ok; r = r.up) chain.push(r);
    for (let i = chain.length - 1; i >= 0; i--) {
      if (chain[i].el.checkVisibility(OPACITY_ONLY)) {
        vouch(chain[i]);
      } else {
        W.abort = chain[i].el;
        return;
      }
    }
  }

  // Walk state, shared by siblings and copied (`derive`) when something changes for children.
  // pc: the parent's cursor may be pointer (or is unknown); exact: style every element (shadow
  // trees and slotted nodes, where :host, ::slotted and ::part rules apply).
  // row, fs, form: the nearest tr, fieldset and form ancestor in the same tree, as closest()
  // would find them (null: none; undefined: unknown, as under slotted nodes).
  // lazy: the chain of deferred ancestors (see checkChain). inInteractive: inside a control;
  // 'inline' when every control around is inline (a link), whose text the text block keeps.
  function St(ctx, inShadow, inInteractive, inPointer, block, pc, exact, row, fs, form, lazy) {
    this.ctx = ctx;
    this.inShadow = inShadow;
    this.inInteractive = inInteractive;
    this.inPointer = inPointer;
    this.block = block;
    this.pc = pc;
    this.exact = exact;
    this.row = row;
    this.fs = fs;
    this.form = form;
    this.lazy = lazy;
  }
  function derive(st) {
    return new St(st.ctx, st.inShadow, st.inInteractive, st.inPointer, st.block, st.pc, st.exact,
      st.row, st.fs, st.form, st.lazy);
  }
  // State for the children of a shadow root (closest() does not leave a shadow tree).
  function shadowState(st) {
    const sub = derive(st);
    sub.inShadow = true;
    sub.exact = true;
    sub.row = null;
    sub.fs = null;
    sub.form = null;
    return sub;
  }

  function walk(wantTexts) {
    const W = {
      items: [],
      texts: [],
      heading: '',
      order: 0,
      abort: null,
      wantTexts,
      labelCache: new Map(),
    };
    const root = document.documentElement;
    if (root) {
      const ctx = topContext();
      ctx.plan = cursorPlan(document);
      visitElement(root, new St(ctx, false, false, false, null, true, false, null, null, null, null), W, false);
    }
    return W;
  }

  // A block takes its own text and that of the inline controls in it (a link in a sentence), so
  // it reads whole; the text of other controls is their name. `words`: the block has words of
  // its own; `linked`: it took a control's text (a block with only that says nothing new).
  const WORD = /[\p{L}\p{N}]/u;
  function addText(st, value) {
    const b = st.block;
    if (b && (b.absorb || st.inInteractive !== true) && b.len < 600) {
      b.text += value;
      b.len += value.length;
      if (st.inInteractive) b.linked = true;
      else if (!b.words && WORD.test(value)) b.words = true;
    }
  }

  function visitChildren(parent, st, W) {
    if (!st.block) {
      // Text outside blocks is not collected: element children only.
      for (let c = parent.firstElementChild; c; c = c.nextElementSibling) {
        visitElement(c, st, W, false);
        if (W.abort) return;
      }
      return;
    }
    for (let c = parent.firstChild; c; c = c.nextSibling) {
      const t = c.nodeType;
      if (t === 1) {
        visitElement(c, st, W, false);
        if (W.abort) return;
      } else if (t === 3) {
        addText(st, c.nodeValue);
      }
    }
  }

  const NON_SPACE = /\S/;
  function hasDirectText(el) {
    for (let c = el.firstChild; c; c = c.nextSibling) {
      if (c.nodeType === 3 && NON_SPACE.test(c.nodeValue)) return true;
    }
    return false;
  }

  function visitSlot(slot, st, W) {
    const assigned = slot.assignedNodes();
    if (!assigned.length) {
      visitChildren(slot, st, W);
      return;
    }
    for (const n of assigned) {
      const inShadow = n.getRootNode() instanceof ShadowRoot;
      let sub = st;
      if (inShadow !== st.inShadow || !st.exact || st.row !== undefined) {
        sub = derive(st);
        sub.inShadow = inShadow;
        sub.exact = true;
        // closest() from a slotted node walks its own (light) ancestors.
        sub.row = undefined;
        sub.fs = undefined;
        sub.form = undefined;
      }
      if (n.nodeType === 1) {
        visitElement(n, sub, W, false);
        if (W.abort) return;
      } else if (n.nodeType === 3 && st.block) {
        addText(st, n.nodeValue);
      }
    }
  }

  function domClickable(el, attrs) {
    if (!attrs) return typeof el.onclick === 'function';
    if (el.hasAttribute('onclick') || typeof el.onclick === 'function') return true;
    return el.hasAttribute('tabindex') && el.tabIndex >= 0 &&
      (el.hasAttribute('aria-haspopup') || el.hasAttribute('aria-expanded') ||
       el.hasAttribute('aria-pressed') || el.hasAttribute('onkeydown') ||
       typeof el.onkeydown === 'function');
  }

  // Kind of text block an element without a role starts ('' none, 'swallow': absorbs silently).
  function textKind(el, tag, st, block, r, attrs) {
    if (HEADING_LEVEL[tag] || r === 'heading') return 'heading';
    if (r === 'alert' || r === 'status' ||
        (attrs && el.hasAttribute('aria-live') && el.getAttribute('aria-live') !== 'off')) return 'alert';
    if (st.inInteractive) return '';
    // A label's text is its control's name; report it only when it labels nothing.
    if (tag === 'label') return el.control ? 'swallow' : 'label';
    if (TEXT_BLOCK_TAGS.has(tag)) return 'text';
    if ((!INLINE_TAGS.has(tag) || !block) && hasDirectText(el)) return 'text';
    return '';
  }

  // `exact`: style this element (used when a deferred check failed).
  function visitElement(el, st, W, exact) {
    const tag = el.localName;
    if (SKIP_TAGS.has(tag)) return;
    if (tag === 'slot') {
      visitSlot(el, st, W);
      return;
    }
    // Attribute reads are calls into the engine; many elements (table cells) have none.
    const attrs = el.hasAttributes();
    if (attrs && (el.hasAttribute('hidden') || el.getAttribute('aria-hidden') === 'true' || el.inert)) return;
    const xrole = attrs ? explicitRole(el) : '';

    // --- is it actionable? ---
    const top = tag === 'html' || tag === 'body';
    let role = top ? '' : roleFor(el, tag, xrole, attrs);
    const semantic = role !== '';
    let cs = null;
    // checkVisibility() vouched for box, display and opacity (and visibility when `visKnown`).
    let known = false;
    let visKnown = false;
    let deferred = false;
    let kind;
    let pointerHere = false;
    let faded = false;
    // Whether this element's cursor may be pointer (true: or is unknown), for its children.
    let pc = true;
    if (semantic || !(st.inInteractive || st.inPointer)) {
      const outside = !semantic && !st.inInteractive && !top;
      const click = outside && domClickable(el, attrs);
      if (semantic) {
        if (!exact) known = visKnown = checkChain(el, VIS_FAST, W, st);
      } else if (outside && !exact && !st.pc && !st.exact && st.ctx.plan &&
          cursorInherited(el, tag, st.ctx.plan, attrs)) {
        if (click) {
          known = visKnown = checkChain(el, VIS_FAST, W, st);
        } else {
          const block = st.block;
          kind = W.wantTexts && !(block && block.absorb) ? textKind(el, tag, st, block, xrole, attrs) : '';
          if ((kind || !block) && !NO_DEFER.has(tag)) deferred = true;
          else known = checkChain(el, OPACITY_ONLY, W, st);
        }
        if (known || deferred) pc = false;
      }
      if (W.abort) return; // a failed check found a hidden deferred ancestor
      if (click && (known || deferred)) role = 'clickable';
      if (!known && !deferred) {
        cs = getComputedStyle(el);
        const display = cs.display;
        if (display === 'none') return;
        if (cs.opacity === '0') {
          // A transparent checkbox may still be operated through its visible label.
          if (!semantic || tag !== 'input') return;
          faded = true;
        }
        if (!semantic) pc = cs.cursor === 'pointer';
        if (display === 'contents') {
          let sub = st;
          if (el.shadowRoot) {
            sub = shadowState(st);
            sub.pc = pc;
            visitChildren(el.shadowRoot, sub, W);
          } else {
            if (pc !== st.pc || tag === 'tr' || tag === 'fieldset' || tag === 'form') {
              sub = derive(st);
              sub.pc = pc;
              if (tag === 'tr') sub.row = el;
              else if (tag === 'fieldset') sub.fs = el;
              else if (tag === 'form') sub.form = el;
            }
            visitChildren(el, sub, W);
          }
          return;
        }
        if (outside) {
          if (click) role = 'clickable';
          if (pc) {
            pointerHere = true;
            // Labels act through their control, which is reported on its own.
            if (!role && !(tag === 'label' && el.control)) role = 'clickable';
          }
        }
      }
    }

    let item = null;
    if (role) {
      let box = faded ? null : visibleBox(el, cs, false, known);
      if (!box) {
        const proxy = proxyFor(el, W.labelCache, false);
        if (proxy) box = proxy.box;
      }
      if (box) {
        const ctx = st.ctx;
        const rect = { x: box.left + ctx.ox, y: box.top + ctx.oy, w: box.width, h: box.height };
        item = {
          node: el,
          role,
          semantic,
          rect,
          inViewport: intersects(rect, ctx.clip),
          frame: ctx.frame,
          inShadow: st.inShadow,
          heading: W.heading,
          order: W.order++,
          dropped: false,
          // closest() is inclusive.
          root: st.inShadow ? null : st.ctx.doc,
          row: tag === 'tr' ? el : st.row,
          fs: tag === 'fieldset' ? el : st.fs,
          form: tag === 'form' ? el : st.form,
        };
        W.items.push(item);
      }
    }

    // --- does it start a text block? ---
    let block = st.block;
    let ownBlock = null;
    if (W.wantTexts && !item && !(block && block.absorb)) {
      if (kind === undefined) kind = textKind(el, tag, st, block, xrole, attrs);
      if (kind) {
        ownBlock = {
          kind: kind === 'swallow' || (cs && cs.visibility !== 'visible') ? '' : kind,
          level: kind === 'heading'
            ? HEADING_LEVEL[tag] || parseInt(el.getAttribute('aria-level'), 10) || 2 : undefined,
          text: '',
          len: kind === 'swallow' ? 600 : 0,
          absorb: kind === 'heading' || kind === 'alert',
          words: false,
          linked: false,
          order: W.order++,
        };
        block = ownBlock;
      }
    }
    const spaced = block && !ownBlock && !INLINE_TAGS.has(tag);
    if (spaced) addText(st, ' ');

    // --- children ---
    const itemsBefore = W.items.length;
    const textsBefore = W.texts.length;
    const headingBefore = W.heading;
    const itemIndex = item ? itemsBefore - 1 : -1;
    let childSt = st;
    const anchor = tag === 'tr' || tag === 'fieldset' || tag === 'form';
    const lazyRec = deferred ? { el, up: st.lazy, ok: false } : null;
    if (item || pointerHere || block !== st.block || pc !== st.pc || anchor || deferred) {
      childSt = derive(st);
      if (item) {
        childSt.inInteractive = st.inInteractive === true || !INLINE_TAGS.has(tag) || 'inline';
      }
      childSt.inPointer = st.inPointer || pointerHere;
      childSt.block = block;
      childSt.pc = pc;
      if (tag === 'tr') childSt.row = el;
      else if (tag === 'fieldset') childSt.fs = el;
      else if (tag === 'form') childSt.form = el;
      if (deferred) childSt.lazy = lazyRec;
    }
    if (tag === 'iframe' || tag === 'frame') {
      let doc = null;
      try {
        doc = el.contentDocument;
      } catch (_) {
        doc = null;
      }
      if (doc && doc.documentElement) {
        const ctx = childContext(el, st.ctx);
        ctx.plan = cursorPlan(doc);
        const sub = new St(ctx, false, childSt.inInteractive, false, childSt.block, true, false,
          null, null, null, null);
        const heading = W.heading;
        visitElement(doc.documentElement, sub, W, false);
        W.heading = heading;
      }
    } else if ((SHADOW_HOSTS.has(tag) || tag.indexOf('-') >= 0) && el.shadowRoot) {
      // (Only those elements can host a shadow root.)
      visitChildren(el.shadowRoot, shadowState(childSt), W);
    } else if (tag === 'details' && !el.open) {
      for (let c = el.firstElementChild; c; c = c.nextElementSibling) {
        if (c.localName === 'summary') {
          visitElement(c, childSt, W, false);
          break;
        }
      }
    } else if (!LEAF_TAGS.has(tag)) {
      visitChildren(el, childSt, W);
    }

    if (W.abort) {
      if (W.abort !== el) return; // unwinding to a hidden deferred ancestor
      W.abort = null;
      W.items.length = itemsBefore;
      W.texts.length = textsBefore;
      W.heading = headingBefore;
      visitElement(el, st, W, true);
      return;
    }

    if (spaced) addText(st, ' ');

    // A pointer region wrapping exactly one actionable element is that element (a card around
    // its link): keep the inner one.
    if (item && !semantic && pointerHere && W.items.length - itemIndex - 1 === 1) {
      const child = W.items[itemIndex + 1];
      const a = item.rect.w * item.rect.h;
      if (a <= 0 || (child.rect.w * child.rect.h) / a >= 0.5 ||
          contentText(el, 80) === contentText(child.node, 80)) {
        item.dropped = true;
      }
    }

    let text = '';
    if (ownBlock && ownBlock.kind && (ownBlock.absorb || ownBlock.words || !ownBlock.linked)) {
      text = cut(norm(ownBlock.text), 200);
    }
    // A plain text block (not a heading or alert) is placed later, and only if the snapshot
    // reports it (see placeText).
    const plain = text !== '' && ownBlock.kind !== 'heading' && ownBlock.kind !== 'alert';
    // A deferred element whose only output is its own plain text block leaves its visibility
    // check to placeText too: if it is hidden, that block is all there is to drop.
    const checkLater = plain && deferred && !st.block && W.items.length === itemsBefore &&
      W.texts.length === textsBefore;
    if (deferred && !checkLater) {
      // The deferred check (see the walk's comment).
      let ok = true;
      if (text) {
        ok = visKnown = known = checkChain(el, VIS_FAST, W, st);
      } else if (st.block ||
          (!lazyRec.ok && (W.items.length > itemsBefore || W.texts.length > textsBefore))) {
        // Inside another block, display:contents would have sent this element's children's
        // spacing to it: check the element itself.
        ok = checkChain(el, OPACITY_ONLY, W, st);
      }
      if (W.abort) return; // an ancestor is hidden
      if (!ok) {
        W.items.length = itemsBefore;
        W.texts.length = textsBefore;
        W.heading = headingBefore;
        visitElement(el, st, W, true);
        return;
      }
    }

    if (text) {
      const t = {
        kind: ownBlock.kind,
        level: ownBlock.level,
        text,
        node: el,
        ctx: st.ctx,
        cs,
        check: checkLater,
        known,
        visKnown,
        placed: false,
        in_viewport: false,
        y: 0,
      };
      if (plain) {
        W.texts.push(t);
      } else if (placeText(t)) {
        W.texts.push(t);
        if (t.kind === 'heading') W.heading = text;
      }
    }
  }

  // Geometry of a text block (only blocks that hold text get any: many cells and items hold
  // only controls). False when the block turns out to be hidden.
  function placeText(t) {
    const el = t.node;
    if (t.check) {
      if (!el.checkVisibility(VIS_FAST)) return false;
      t.known = t.visKnown = true;
    }
    if (t.known && !t.visKnown) t.visKnown = el.checkVisibility(VISIBILITY_ONLY);
    const box = t.visKnown ? visibleBox(el, null, false, true) : visibleBox(el, t.cs, false, false);
    if (!box) return false;
    const ctx = t.ctx;
    const y = box.top + ctx.oy;
    t.in_viewport = intersects({ x: box.left + ctx.ox, y, w: box.width, h: box.height }, ctx.clip);
    t.y = r1(y);
    t.placed = true;
    return true;
  }

  // ---- snapshot ------------------------------------------------------------------------------
  // The snapshot travels in a compact positional form, about a third the size of the object
  // form (src/snapshot/wire.rs decodes it and documents the layout). Repeated strings (roles,
  // tags, input types, row contexts, form submit names, frames, text kinds) are sent once in
  // `strings` and referred to by index.
  const EL_DISABLED = 1, EL_FOCUSED = 2, EL_EDITABLE = 4, EL_IN_VIEWPORT = 8, EL_IN_SHADOW = 16,
    EL_CHECKED = 32, EL_CHECKED_ON = 64, EL_SELECTED = 128, EL_SELECTED_ON = 256;

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
    const r = e.rect;
    const row = [
      Number(e.eid.slice(1)), strings.ref(e.role), e.name, strings.ref(e.tag), flags,
      r.x, r.y, r.w, r.h,
      strings.ref(e.input_type), orNull(e.value), strings.ref(e.context), orNull(e.href),
      strings.ref(e.form_submit), orNull(e.placeholder), strings.ref(e.autocomplete),
      strings.ref(e.frame), orNull(e.options), orNull(e.options_total),
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
    const seen = new Set();
    let texts = [];
    for (const t of W.texts) {
      const key = lower(t.text);
      if (!t.placed && said.has(key)) continue;
      const k2 = t.kind + '\u0000' + key;
      if (seen.has(k2)) continue;
      if (!t.placed && !placeText(t)) continue;
      seen.add(k2);
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
      const row = [strings.ref(t.kind), t.text, t.in_viewport ? 1 : 0, t.y];
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

  // ---- locate --------------------------------------------------------------------------------
  // Visible part of an element's box in top-level coordinates.
  function geometry(el) {
    const ctx = contextOf(el);
    const r = el.getBoundingClientRect();
    const rect = rectIn(ctx, r);
    const vis = intersect(ctx.clip, { l: rect.x, t: rect.y, r: rect.x + rect.w, b: rect.y + rect.h });
    const fully = rect.w > 0 && rect.h > 0 && rect.x >= ctx.clip.l - 0.5 && rect.y >= ctx.clip.t - 0.5 &&
      rect.x + rect.w <= ctx.clip.r + 0.5 && rect.y + rect.h <= ctx.clip.b + 0.5;
    return { rect, vis, fully, visible: vis.r > vis.l && vis.b > vis.t };
  }

  function composedParent(n) {
    if (n.assignedSlot) return n.assignedSlot;
    const p = n.parentNode;
    if (!p) return null;
    if (p.nodeType === 11 && p.host) return p.host;
    if (p.nodeType === 9) {
      try {
        return p.defaultView ? p.defaultView.frameElement : null;
      } catch (_) {
        return null;
      }
    }
    return p;
  }

  function isComposedAncestor(a, b) {
    for (let n = b; n; n = composedParent(n)) if (n === a) return true;
    return false;
  }

  // Deepest element at a top-level point, through shadow roots and same-origin iframes.
  function hitTest(x, y) {
    let doc = document;
    let ox = 0;
    let oy = 0;
    let hit = doc.elementFromPoint(x, y);
    for (let i = 0; hit && i < 32; i++) {
      if (hit.shadowRoot) {
        const inner = hit.shadowRoot.elementFromPoint(x - ox, y - oy);
        if (inner && inner !== hit) {
          hit = inner;
          continue;
        }
      }
      if (hit.localName === 'iframe' || hit.localName === 'frame') {
        let d = null;
        try {
          d = hit.contentDocument;
        } catch (_) {
          d = null;
        }
        if (d) {
          const r = hit.getBoundingClientRect();
          const cs = getComputedStyle(hit);
          ox += r.left + hit.clientLeft + (parseFloat(cs.paddingLeft) || 0);
          oy += r.top + hit.clientTop + (parseFloat(cs.paddingTop) || 0);
          const inner = d.elementFromPoint(x - ox, y - oy);
          if (inner) {
            hit = inner;
            doc = d;
            continue;
          }
        }
      }
      break;
    }
    return hit;
  }

  function shortDescription(el) {
    const known = nodeToEid.get(el);
    const role = roleOf(el);
    let s = el.localName;
    if (el.id) s += '#' + el.id;
    else if (typeof el.className === 'string' && el.className.trim()) {
      s += '.' + el.className.trim().split(WS).slice(0, 2).join('.');
    }
    const text = shortText(el.getAttribute('aria-label') || el.textContent, 40);
    if (role) s = role + ' ' + s;
    if (known) s = `[${known}] ` + s;
    if (text) s += ` "${text}"`;
    return cut(s, 120);
  }

  function locate(eid) {
    const node = resolve(eid);
    if (node.ok === false) return node;
    let target = node;
    if (!visibleBox(node, null, true)) {
      const proxy = proxyFor(node, new Map(), true);
      if (!proxy) return fail('hidden', `element ${eid} is not visible now`);
      target = proxy.node;
    }
    let g = geometry(target);
    if (!g.fully) {
      const how = { block: 'center', inline: 'center', behavior: 'instant' };
      target.scrollIntoView(how);
      g = geometry(target);
      if (!g.visible) {
        // Scroll the frame owners into view too, then the element inside its frame again.
        let win = target.ownerDocument.defaultView;
        while (win && win !== window && win.frameElement) {
          win.frameElement.scrollIntoView(how);
          win = win.frameElement.ownerDocument.defaultView;
        }
        target.scrollIntoView(how);
        g = geometry(target);
      }
    }
    const x = g.visible ? (g.vis.l + g.vis.r) / 2 : g.rect.x + g.rect.w / 2;
    const y = g.visible ? (g.vis.t + g.vis.b) / 2 : g.rect.y + g.rect.h / 2;
    const out = {
      ok: true,
      x: r1(x),
      y: r1(y),
      rect: { x: r1(g.rect.x), y: r1(g.rect.y), w: r1(g.rect.w), h: r1(g.rect.h) },
      in_viewport: g.visible,
    };
    if (g.visible) {
      const hit = hitTest(x, y);
      if (hit && hit !== target && hit !== node && !isComposedAncestor(target, hit) &&
          !isComposedAncestor(hit, target) && !isComposedAncestor(node, hit)) {
        out.covered_by = shortDescription(hit);
      }
    }
    return out;
  }

  // ---- single-element functions --------------------------------------------------------------
  function recordFor(node) {
    const ctx = contextOf(node);
    let box = visibleBox(node, null, true);
    if (!box) {
      const proxy = proxyFor(node, new Map(), true);
      if (proxy) box = proxy.box;
    }
    const rect = box ? rectIn(ctx, box) : rectIn(ctx, node.getBoundingClientRect());
    const rootNode = node.getRootNode();
    return {
      role: roleOf(node) || 'clickable',
      rect,
      inViewport: box ? intersects(rect, ctx.clip) : false,
      frame: ctx.frame,
      inShadow: rootNode instanceof ShadowRoot,
      heading: '',
      visible: !!box,
    };
  }

  function describe(eid) {
    const node = resolve(eid);
    if (node.ok === false) return node;
    const rec = recordFor(node);
    if (!rec.visible) return fail('hidden', `element ${eid} is not visible now`);
    return { ok: true, element: buildElement(node, rec, newState()) };
  }

  function focusEl(eid) {
    const node = resolve(eid);
    if (node.ok === false) return node;
    if (node.matches(':disabled')) return fail('disabled', `element ${eid} is disabled`);
    node.focus();
    return { ok: true };
  }

  function nativeSetter(el, prop) {
    const win = el.ownerDocument.defaultView || window;
    const proto = el.localName === 'textarea' ? win.HTMLTextAreaElement.prototype
      : el.localName === 'select' ? win.HTMLSelectElement.prototype
        : win.HTMLInputElement.prototype;
    const d = Object.getOwnPropertyDescriptor(proto, prop);
    return d && d.set;
  }

  function fire(el, type) {
    const win = el.ownerDocument.defaultView || window;
    const ev = type === 'input'
      ? new win.InputEvent('input', { bubbles: true, composed: true, inputType: 'deleteContentBackward' })
      : new win.Event(type, { bubbles: true });
    el.dispatchEvent(ev);
  }

  function clear(eid) {
    const node = resolve(eid);
    if (node.ok === false) return node;
    const tag = node.localName;
    if (tag === 'input' || tag === 'textarea') {
      if (node.matches(':disabled')) return fail('disabled', `element ${eid} is disabled`);
      if (node.readOnly || (tag === 'input' && NON_TEXT_INPUTS.has(node.type))) {
        return fail('not_editable', `element ${eid} does not accept text`);
      }
      node.focus();
      try {
        node.select();
      } catch (_) { /* some input types do not support selection */ }
      if (node.value === '') return { ok: true };
      const set = nativeSetter(node, 'value');
      if (set) set.call(node, ''); else node.value = '';
      fire(node, 'input');
      fire(node, 'change');
      return { ok: true };
    }
    if (node.isContentEditable) {
      node.focus();
      const doc = node.ownerDocument;
      const sel = doc.getSelection();
      const range = doc.createRange();
      range.selectNodeContents(node);
      sel.removeAllRanges();
      sel.addRange(range);
      // execCommand goes through the editor, so beforeinput/input fire as for a real deletion.
      if (!doc.execCommand('delete', false) || norm(node.textContent)) {
        node.textContent = '';
        fire(node, 'input');
      }
      return { ok: true };
    }
    return fail('not_editable', `element ${eid} is not a text field`);
  }

  // Date, time, colour and range inputs take no typed text in headless Chromium; their value is
  // set through the native setter (as a framework would see from a user) with input + change.
  const VALUE_INPUTS = new Set(['date', 'time', 'datetime-local', 'month', 'week', 'color', 'range']);

  function setValue(eid, value) {
    const node = resolve(eid);
    if (node.ok === false) return node;
    if (node.localName !== 'input' || !VALUE_INPUTS.has(node.type)) {
      return fail('not_editable', `element ${eid} is not a date, time, colour or range input`);
    }
    if (node.matches(':disabled')) return fail('disabled', `element ${eid} is disabled`);
    if (node.readOnly) return fail('not_editable', `element ${eid} is read-only`);
    node.focus();
    const set = nativeSetter(node, 'value');
    const text = String(value);
    if (set) set.call(node, text); else node.value = text;
    if (text !== '' && node.value === '') {
      return fail('bad_value', `"${text}" is not a valid ${node.type} value (e.g. 2024-01-31 for a date)`);
    }
    const win = node.ownerDocument.defaultView || window;
    node.dispatchEvent(new win.Event('input', { bubbles: true, composed: true }));
    node.dispatchEvent(new win.Event('change', { bubbles: true }));
    return { ok: true, value: node.value };
  }

  function selectOption(eid, wanted) {
    const node = resolve(eid);
    if (node.ok === false) return node;
    if (node.localName !== 'select') {
      const role = roleOf(node);
      return fail('not_select', `element ${eid} is a ${role || node.localName}, not a <select>` +
        (role === 'combobox' || role === 'listbox' ? '; click it, then click the option' : ''));
    }
    if (node.matches(':disabled')) return fail('disabled', `element ${eid} is disabled`);
    const want = String(wanted == null ? '' : wanted);
    const key = lower(norm(want));
    const opts = Array.from(node.options);
    let pick = opts.find((o) => o.value === want);
    if (!pick) pick = opts.find((o) => lower(norm(o.label)) === key);
    if (!pick && key) {
      const partial = opts.filter((o) => lower(norm(o.label)).includes(key));
      if (partial.length === 1) pick = partial[0];
    }
    if (!pick) {
      const list = opts.slice(0, 30).map((o) => norm(o.label)).join(', ');
      const more = opts.length > 30 ? `, … (${opts.length} in all)` : '';
      return fail('no_option', `no option matches "${want}"; options: ${list}${more}`);
    }
    if (pick.disabled) return fail('disabled', `option "${norm(pick.label)}" is disabled`);
    node.focus();
    const set = nativeSetter(node, 'value');
    if (node.multiple) {
      for (const o of opts) o.selected = o === pick;
    } else if (set) {
      set.call(node, pick.value);
    }
    if (!pick.selected) {
      // Duplicate values: the value setter picked an earlier twin.
      const idx = Object.getOwnPropertyDescriptor(
        (node.ownerDocument.defaultView || window).HTMLSelectElement.prototype, 'selectedIndex');
      if (idx && idx.set) idx.set.call(node, pick.index); else node.selectedIndex = pick.index;
    }
    const win = node.ownerDocument.defaultView || window;
    node.dispatchEvent(new win.Event('input', { bubbles: true, composed: true }));
    node.dispatchEvent(new win.Event('change', { bubbles: true }));
    return { ok: true, value: pick.value, label: norm(pick.label) };
  }

  // ---- text search ---------------------------------------------------------------------------
  const BREAK_TAGS = new Set(['br', 'p', 'div', 'li', 'td', 'th', 'tr', 'h1', 'h2', 'h3', 'h4',
    'h5', 'h6', 'section', 'article', 'header', 'footer', 'dt', 'dd', 'label', 'button', 'option']);

  function visibleText(rootEl) {
    const parts = [];
    const visit = (parent) => {
      for (let c = parent.firstChild; c; c = c.nextSibling) {
        if (c.nodeType === 3) {
          parts.push(c.nodeValue);
          continue;
        }
        if (c.nodeType !== 1) continue;
        const tag = c.localName;
        if (SKIP_TAGS.has(tag) || tag === 'select' || tag === 'textarea') continue;
        if (tag === 'slot') {
          const assigned = c.assignedNodes();
          if (assigned.length) {
            for (const n of assigned) {
              if (n.nodeType === 3) parts.push(n.nodeValue);
              else if (n.nodeType === 1) visitOne(n);
            }
          } else {
            visit(c);
          }
          continue;
        }
        visitOne(c);
      }
    };
    const visitOne = (el) => {
      const tag = el.localName;
      if (SKIP_TAGS.has(tag) || tag === 'select' || tag === 'textarea') return;
      if (tag === 'slot') {
        visit(el);
        return;
      }
      if (!el.checkVisibility(VIS_OPTS)) {
        if (getComputedStyle(el).display !== 'contents') {
          // visibility:hidden parents can have visible children; display:none/opacity:0 cannot.
          if (el.checkVisibility({ opacityProperty: true, checkOpacity: true })) visit(el);
          return;
        }
      }
      const brk = BREAK_TAGS.has(tag);
      if (brk) parts.push(' ');
      if (tag === 'iframe' || tag === 'frame') {
        let d = null;
        try {
          d = el.contentDocument;
        } catch (_) {
          d = null;
        }
        if (d && d.body) visitOne(d.body);
      } else if (el.shadowRoot) {
        visit(el.shadowRoot);
      } else {
        visit(el);
      }
      if (brk) parts.push(' ');
    };
    if (rootEl) visitOne(rootEl);
    return parts.join('');
  }

  function hasText(text) {
    const want = lower(norm(text));
    if (!want) return true;
    const body = document.body;
    if (!body) return false;
    // Fast path: the rendered text of the light DOM.
    if (lower(norm(body.innerText)).includes(want)) return true;
    return lower(norm(visibleText(body))).includes(want);
  }

  // ---- find ----------------------------------------------------------------------------------
  function find(query) {
    const q = query || {};
    const want = lower(norm(q.name));
    const role = q.role ? lower(String(q.role)) : '';
    if (!want && !role) return { ok: false, error: 'bad_args', message: 'give a name or a role' };
    const W = walk(false);
    const cache = new Map();
    let partial = null;
    for (const rec of W.items) {
      if (rec.dropped) continue;
      if (role && rec.role !== role) continue;
      const root = rec.node.getRootNode();
      const name = lower(accessibleName(rec.node, rec.role, root, labelIndex(root, cache)));
      if (name === want || !want) {
        partial = rec;
        break;
      }
      if (!partial && name.includes(want)) partial = rec;
    }
    if (!partial) return { ok: false };
    return { ok: true, eid: eidFor(partial.node), element: buildElement(partial.node, partial, newState()) };
  }

  // ---- scroll --------------------------------------------------------------------------------
  function scrollableAncestor(el, vertical) {
    for (let n = el; n && n.nodeType === 1; n = composedParent(n)) {
      if (n === document.body || n === document.documentElement) return null;
      const cs = getComputedStyle(n);
      const ov = vertical ? cs.overflowY : cs.overflowX;
      if ((ov === 'auto' || ov === 'scroll' || ov === 'overlay') &&
          (vertical ? n.scrollHeight > n.clientHeight + 1 : n.scrollWidth > n.clientWidth + 1)) {
        return n;
      }
    }
    return null;
  }

  function scroll(opts) {
    const o = opts || {};
    const before = { x: window.scrollX, y: window.scrollY };
    if (o.eid) {
      const node = resolve(o.eid);
      if (node.ok === false) return node;
      node.scrollIntoView({ block: 'center', inline: 'center', behavior: 'instant' });
      return { ok: true, scroll_y: r1(window.scrollY), moved: true };
    }
    const se = document.scrollingElement || document.documentElement;
    if (o.to === 'top' || o.to === 'bottom') {
      const top = o.to === 'top' ? 0 : se.scrollHeight;
      window.scrollTo({ top, left: window.scrollX, behavior: 'instant' });
      if (window.scrollY === before.y) {
        const inner = scrollableAncestor(hitTest(window.innerWidth / 2, window.innerHeight / 2), true);
        if (inner) inner.scrollTo({ top: o.to === 'top' ? 0 : inner.scrollHeight, behavior: 'instant' });
        return { ok: true, scroll_y: r1(window.scrollY), moved: !!inner };
      }
      return { ok: true, scroll_y: r1(window.scrollY), moved: true };
    }
    const dir = o.direction || 'down';
    const vertical = dir === 'up' || dir === 'down';
    if (!vertical && dir !== 'left' && dir !== 'right') {
      return fail('bad_args', 'direction must be up, down, left or right');
    }
    const sign = dir === 'up' || dir === 'left' ? -1 : 1;
    const size = vertical ? window.innerHeight : window.innerWidth;
    const amount = (o.amount_px > 0 ? o.amount_px : Math.round(size * 0.8)) * sign;
    window.scrollBy({ top: vertical ? amount : 0, left: vertical ? 0 : amount, behavior: 'instant' });
    let moved = window.scrollX !== before.x || window.scrollY !== before.y;
    if (!moved) {
      // Apps that scroll an inner container: scroll the one under the viewport's centre.
      const inner = scrollableAncestor(hitTest(window.innerWidth / 2, window.innerHeight / 2), vertical);
      if (inner) {
        const b = vertical ? inner.scrollTop : inner.scrollLeft;
        inner.scrollBy({ top: vertical ? amount : 0, left: vertical ? 0 : amount, behavior: 'instant' });
        moved = (vertical ? inner.scrollTop : inner.scrollLeft) !== b;
      }
    }
    return { ok: true, scroll_y: r1(window.scrollY), moved };
  }

  // ---- install -------------------------------------------------------------------------------
  function guarded(fn) {
    return function guardedCall(...args) {
      try {
        return fn(...args);
      } catch (e) {
        return fail('internal', String((e && e.stack) || e).slice(0, 500));
      }
    };
  }

  const api = {
    snapshot: guarded(snapshot),
    locate: guarded(locate),
    describe: guarded(describe),
    focus: guarded(focusEl),
    clear: guarded(clear),
    select_option: guarded(selectOption),
    set_value: guarded(setValue),
    has_text: (text) => {
      try {
        return hasText(text);
      } catch (_) {
        return false;
      }
    },
    find: guarded(find),
    scroll: guarded(scroll),
  };
  Object.defineProperty(api, '__doc', { value: document });
  Object.defineProperty(api, 'version', { value: 1 });
  Object.freeze(api);
  Object.defineProperty(window, '__tandem', { value: api, configurable: true, writable: false });
})();
