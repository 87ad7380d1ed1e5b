  // page_script/07-label-bar.js — A bar of labelled controls drawn as one pointer region: a mail
  // view's "Reply · Forward" strip, a post's "Like · Comment · Share" row, a pop-up menu's
  // items, where the page made the whole clickable (cursor:pointer) and each label carries its
  // own handler.
  // (A fragment: the files of page_script/ are concatenated in name order into one script.)
  //
  // Contract: a pointer region (not a semantic control) with no text of its own, no actionable
  // element inside, and visible element children of one tag that each show a short label
  // (LABEL_BAR_WORDS words at most) and sit apart side by side on one line (two or more: a
  // strip) or one under the other (three or more: a menu's items, "Mute · Block · Report") is
  // reported as one clickable per label instead of one for the strip. A click by name then
  // lands on the label's own box, not on the gap in the middle of the strip. A row that shows a
  // sender and a subject (longer text) or anything without text (an icon with no label) is left
  // whole.

  const LABEL_BAR_WORDS = 4;

  // Whether box `b` follows box `a` on one line (`across`) or under it in one column.
  function followsApart(a, b, across) {
    if (across) {
      return b.left >= a.left + a.width && b.top < a.top + a.height && a.top < b.top + b.height;
    }
    return b.top >= a.top + a.height && b.left < a.left + a.width && a.left < b.left + b.width;
  }

  // The label parts of `el` (see the contract), or null when it is no such bar.
  function labelBarParts(el) {
    for (let n = el.firstChild; n; n = n.nextSibling) {
      if (n.nodeType === 3 && norm(n.nodeValue)) return null;
    }
    const parts = [];
    for (let c = el.firstElementChild; c; c = c.nextElementSibling) {
      if (!c.checkVisibility(VIS_FAST)) continue;
      const box = visibleBox(c, null, false, false);
      if (!box) continue;
      const words = norm(c.textContent).split(' ').filter((w) => w !== '');
      if (words.length === 0 || words.length > LABEL_BAR_WORDS) return null;
      if (parts.length && c.localName !== parts[0].node.localName) return null;
      parts.push({ node: c, box });
    }
    if (parts.length < 2) return null;
    const apart = (across) =>
      parts.every((p, i) => i === 0 || followsApart(parts[i - 1].box, p.box, across));
    if (apart(true) || (parts.length >= 3 && apart(false))) return parts;
    return null;
  }

  // Replaces the strip `item` (the last of W.items, walked under state `st`) by one item per
  // label when it is a bar.
  function splitLabelBar(item, st, W) {
    const parts = labelBarParts(item.node);
    if (!parts) return;
    W.items.pop();
    const ctx = st.ctx;
    for (const { node, box } of parts) {
      const rect = { x: box.left + ctx.ox, y: box.top + ctx.oy, w: box.width, h: box.height };
      W.items.push(Object.assign({}, item, {
        node, rect, inViewport: intersects(rect, ctx.clip), order: W.order++,
      }));
    }
  }
