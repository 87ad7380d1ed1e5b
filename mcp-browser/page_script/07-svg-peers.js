  // page_script/07-svg-peers.js — The current choice of a set of labels drawn in SVG (a pie
  // menu's selected slice, a tab drawn as text): the page styles it not clickable (default
  // cursor) though it still answers a click, so the walk did not report it.
  // (A fragment: the files of page_script/ are concatenated in name order into one script.)
  //
  // Contract (svgPeerTexts, after an <svg>'s parts were walked): when at least two <text>
  // labels of one <svg> of one font size are reported parts, every other <text> of that <svg>
  // with that font size, its own visible text and a box of at least SVG_PART_MIN px is
  // reported too, as a clickable part like them.

  function svgPeerTexts(svg, items, from, W) {
    const texts = [];
    for (let i = from; i < items.length; i++) {
      const name = items[i].node.localName;
      if (!items[i].dropped && (name === 'text' || name === 'tspan')) texts.push(items[i]);
    }
    // The labels of the set: the reported texts of the most common font size (a pie's centre
    // control is drawn larger).
    const sizes = new Map();
    for (const t of texts) {
      const size = getComputedStyle(t.node).fontSize;
      sizes.set(size, (sizes.get(size) || 0) + 1);
    }
    let size = '';
    let most = 0;
    for (const [each, count] of sizes) {
      if (count > most) {
        size = each;
        most = count;
      }
    }
    if (most < 2) return;
    const labels = texts.filter((t) => getComputedStyle(t.node).fontSize === size);
    const reported = new Set(texts.map((t) => t.node.closest('text')));
    const peer = labels[0];
    const peerBox = peer.node.getBoundingClientRect();
    const ox = peer.rect.x - peerBox.left;
    const oy = peer.rect.y - peerBox.top;
    for (const node of svg.querySelectorAll('text')) {
      if (reported.has(node) || !norm(node.textContent)) continue;
      if (getComputedStyle(node).fontSize !== size || !node.checkVisibility(VIS_OPTS)) continue;
      const box = node.getBoundingClientRect();
      if (box.width < SVG_PART_MIN || box.height < SVG_PART_MIN) continue;
      items.push(Object.assign({}, peer, {
        node,
        role: 'clickable',
        semantic: false,
        rect: { x: box.left + ox, y: box.top + oy, w: box.width, h: box.height },
        order: W.order++,
        dropped: false,
      }));
    }
  }
