  // page_script/09-locate.js — Locating: locate(eid) -> the click point and box of an element in top-level CSS px,
  // whether it is in the viewport, and what covers it (hit test through shadow roots and frames).
  // (A fragment: the files of page_script/ are concatenated in name order into one script.)

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

