  // page_script/11-search.js — Text search: hasText(text) over the visible text of the page, and find({name, role?}) -> the
  // element whose accessible name fits.
  // (A fragment: the files of page_script/ are concatenated in name order into one script.)

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
        const d = frameDoc(el);
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

