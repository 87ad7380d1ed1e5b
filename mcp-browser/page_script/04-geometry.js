  // page_script/04-geometry.js — Geometry: frame contexts (offset, clip box and name of the frame a node lives in, seen
  // from the top-level document), rectangle maths, visibleBox(el) (the border box when the element
  // is visible, else null) and proxyFor (a hidden checkbox/radio reached through its label).
  // (A fragment: the files of page_script/ are concatenated in name order into one script.)

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
    // A box scrolled up or left inside a scroll container is not pushed off the page.
    if (right <= 0 || bottom <= 0) {
      const win = el.ownerDocument.defaultView;
      const inner = scrolledBy(el);
      if (right + win.scrollX + inner.x <= 0 || bottom + win.scrollY + inner.y <= 0) return null;
    }
    return { left, top, width, height, right, bottom };
  }

  // How far the element's ancestors (in its document) are scrolled, in total.
  function scrolledBy(el) {
    let x = 0;
    let y = 0;
    for (let n = el.parentElement; n; n = n.parentElement) {
      x += n.scrollLeft;
      y += n.scrollTop;
    }
    return { x, y };
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

