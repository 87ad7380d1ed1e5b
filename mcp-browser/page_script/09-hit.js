  // page_script/09-hit.js — Hit testing for clicks: the deepest element at a top-level point
  // (through shadow roots and same-origin frames), the point of an element's visible part that a
  // click really reaches, and what covers it, described by kind for a person (a dialog, its
  // backdrop, a sticky header, a banner fixed to the bottom, or another element).
  // (A fragment: the files of page_script/ are concatenated in name order into one script.)

  // ---- hit testing ---------------------------------------------------------------------------
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
        const d = frameDoc(hit);
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

  // Whether a click on `hit` reaches the element `node` (or `target`, the label standing in for
  // it): the hit is the element, inside it, or an ancestor it lets clicks through to.
  function reaches(hit, target, node) {
    return !!hit && (hit === target || hit === node || isComposedAncestor(target, hit) ||
      isComposedAncestor(node, hit) || isComposedAncestor(hit, target));
  }

  // Where in the visible box a click is tried: the centre first, then eight points around it.
  const SPOTS = [[0.5, 0.5], [0.5, 0.25], [0.5, 0.75], [0.25, 0.5], [0.75, 0.5],
    [0.25, 0.25], [0.75, 0.25], [0.25, 0.75], [0.75, 0.75]];

  // The first point of the visible box `vis` whose hit reaches the element, else what lies on
  // its centre.
  function clickPoint(vis, target, node) {
    let centre = null;
    for (const [fx, fy] of SPOTS) {
      const x = vis.l + (vis.r - vis.l) * fx;
      const y = vis.t + (vis.b - vis.t) * fy;
      const hit = hitTest(x, y);
      if (reaches(hit, target, node)) return { x, y };
      if (!centre) centre = hit;
    }
    return { covered: centre };
  }

  function isDialog(el) {
    const role = explicitRole(el);
    return el.localName === 'dialog' || role === 'dialog' || role === 'alertdialog' ||
      el.getAttribute('aria-modal') === 'true';
  }

  // The overlay a covering hit belongs to: its outermost fixed, sticky or dialog ancestor that
  // does not also hold the target; the hit itself when there is none.
  function overlayOf(hit, target) {
    let root = null;
    for (let n = hit; n && n.nodeType === 1; n = composedParent(n)) {
      if (isComposedAncestor(n, target)) break;
      const pos = getComputedStyle(n).position;
      if (pos === 'fixed' || pos === 'sticky' || isDialog(n)) root = n;
    }
    return root || hit;
  }

  function titleOf(el) {
    const label = el.getAttribute('aria-label');
    if (label) return shortText(label, 60);
    const by = el.getAttribute('aria-labelledby');
    const root = el.getRootNode();
    const named = by && root.getElementById ? root.getElementById(by.split(WS)[0]) : null;
    const heading = named || el.querySelector('h1, h2, h3, h4, [role=heading]');
    return heading ? shortText(heading.textContent, 60) : '';
  }

  // The first control of an overlay, by its text ("Accept all", "Close").
  function firstControl(el) {
    const c = el.querySelector('button, [role=button], a[href], input[type=submit], input[type=button]');
    if (!c) return '';
    return shortText(c.getAttribute('aria-label') || c.value || c.textContent, 40);
  }

  function openDialog(doc) {
    return doc.querySelector('dialog[open], [role=dialog], [role=alertdialog], [aria-modal=true]');
  }

  // What covers an element, as {kind, role, name, control}: kind is dialog | backdrop | header |
  // cookie_banner | bottom_bar | element (then role and name say which).
  function coverOf(hit, target) {
    const root = overlayOf(hit, target);
    const win = root.ownerDocument.defaultView || window;
    const r = root.getBoundingClientRect();
    const pos = getComputedStyle(root).position;
    const pinned = pos === 'fixed' || pos === 'sticky';
    const out = { kind: 'element', role: roleOf(root), name: '', control: '' };
    if (isDialog(root)) {
      return { ...out, kind: 'dialog', name: titleOf(root), control: firstControl(root) };
    }
    if (r.width >= win.innerWidth * 0.9 && r.height >= win.innerHeight * 0.9) {
      const dialog = openDialog(root.ownerDocument);
      return {
        ...out,
        kind: 'backdrop',
        name: dialog ? titleOf(dialog) : '',
        control: dialog ? firstControl(dialog) : '',
      };
    }
    if (pinned && r.top <= 1 && r.bottom < win.innerHeight / 2) {
      return { ...out, kind: 'header' };
    }
    if (pos === 'fixed' && r.bottom >= win.innerHeight - 1 && r.top > win.innerHeight / 2) {
      const consent = /cookie|consent/i.test(root.textContent || '');
      return { ...out, kind: consent ? 'cookie_banner' : 'bottom_bar', control: firstControl(root) };
    }
    out.name = shortText(root.getAttribute('aria-label') || root.textContent, 60);
    return out;
  }

