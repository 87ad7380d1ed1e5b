  // page_script/12-scroll.js — scroll({direction, amount_px?} | {eid} | {to}) -> {ok, scroll_y, moved}: scrolls the
  // page, or the nearest scrollable ancestor of an element, and reports whether anything moved.
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

