  // page_script/12-scroll.js — scroll({direction, amount_px?} | {eid} | {to, within?}) -> {ok, scroll_y, moved}:
  // scrolls the page, or the nearest scrollable ancestor of an element, and reports whether anything
  // moved. With `within` (words naming a box that scrolls inside the page: "privacy policy"), `to`
  // scrolls that box instead and the answer adds what it observed afterwards: {box, to, scroll_top,
  // scroll_height, client_height, at_end}.
  // (A fragment: the files of page_script/ are concatenated in name order into one script.)

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

  // ---- boxes that scroll inside the page ----------------------------------------------------
  const BOX_FILLER = new Set(['the', 'a', 'an', 'of', 'this', 'that', 'my', 'our', 'your', 'box',
    'text', 'section', 'area', 'panel', 'window', 'pane', 'container', 'scroll', 'scrolling']);
  function boxWords(s) {
    return lower(norm(s)).split(/[^\p{L}\p{N}]+/u).filter((w) => w && !BOX_FILLER.has(w));
  }
  // Shown elements of the top document whose content overflows them vertically and that scroll.
  function scrollBoxes() {
    const out = [];
    for (const n of document.body ? document.body.querySelectorAll('*') : []) {
      if (n.scrollHeight <= n.clientHeight + 1 || n.clientHeight < 1) continue;
      const ov = getComputedStyle(n).overflowY;
      if (ov !== 'auto' && ov !== 'scroll' && ov !== 'overlay') continue;
      if (!n.checkVisibility(VIS_OPTS)) continue;
      out.push(n);
    }
    return out;
  }
  // What names a box: its label, its title, its first heading, or the last heading before it.
  function boxNames(box) {
    const names = [box.getAttribute('aria-label') || '', box.getAttribute('title') || ''];
    const by = box.getAttribute('aria-labelledby');
    if (by) {
      for (const id of by.split(/\s+/)) {
        const l = document.getElementById(id);
        if (l) names.push(l.textContent || '');
      }
    }
    const HEADING = 'h1,h2,h3,h4,h5,h6,[role=heading],legend,caption';
    const inside = box.querySelector(HEADING);
    if (inside) names.push(inside.textContent || '');
    let before = null;
    for (const h of document.querySelectorAll(HEADING)) {
      if (box.contains(h)) continue;
      if (h.compareDocumentPosition(box) & Node.DOCUMENT_POSITION_FOLLOWING) before = h;
    }
    if (before) names.push(before.textContent || '');
    return names.map(norm).filter(Boolean);
  }
  // The box `within` names (every word of it in one of the box's names, the fewest other words
  // winning); with no such box, the only box whose text holds every word.
  function namedBox(within) {
    const want = boxWords(within);
    const boxes = scrollBoxes();
    let best = null;
    for (const box of boxes) {
      for (const name of boxNames(box)) {
        const have = new Set(boxWords(name));
        if (want.length > 0 && want.every((w) => have.has(w)) &&
            (!best || have.size < best.size)) {
          best = { box, name, size: have.size };
        }
      }
    }
    if (best) return best;
    // Else the one box whose own text holds every word ("the terms" in a box headed "Before
    // you continue" that reads "These terms…").
    const holding = want.length === 0 ? [] : boxes.filter((box) => {
      const have = new Set(boxWords(shortText(box.textContent, 4000)));
      return want.every((w) => have.has(w));
    });
    if (holding.length === 1) return { box: holding[0], name: boxNames(holding[0])[0] || shortText(holding[0].textContent, 40) };
    const known = boxes.map((b) => '"' + cut(boxNames(b)[0] || b.localName, 40) + '"').join(', ');
    return fail('bad_value', `no box on this page that scrolls is named "${cut(norm(within), 60)}"` +
      (known ? ` (boxes that scroll: ${known})` : ' (no part of it scrolls on its own)'));
  }
  function scrollBox(within, to) {
    const found = namedBox(within);
    if (found.ok === false) return found;
    const box = found.box;
    const before = box.scrollTop;
    box.scrollTo({ top: to === 'top' ? 0 : box.scrollHeight, behavior: 'instant' });
    const top = box.scrollTop, height = box.scrollHeight, client = box.clientHeight;
    const atEnd = to === 'top' ? top <= 1 : top + client >= height - 1;
    if (!atEnd) {
      return fail('bad_value', `scrolled "${cut(found.name, 60)}" but it stopped at ${r1(top)} px ` +
        `of ${r1(height)} px, short of its ${to === 'top' ? 'top' : 'end'}`);
    }
    return {
      ok: true, scroll_y: r1(window.scrollY), moved: top !== before, box: cut(found.name, 80), to,
      scroll_top: r1(top), scroll_height: r1(height), client_height: r1(client),
      at_end: atEnd,
    };
  }

  function scroll(opts) {
    const o = opts || {};
    if (typeof o.within === 'string' && (o.to === 'top' || o.to === 'bottom')) {
      return scrollBox(o.within, o.to);
    }
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

