  // page_script/07-svg-parts.js — Clickable parts inside an inline <svg> (a pie menu's slices and
  // titles, a chart's bars, a map's regions drawn as paths and text).
  // (A fragment: the files of page_script/ are concatenated in name order into one script.)
  //
  // Contract: the walk treats <svg> as a leaf unless this says to look inside. It looks inside
  // an <svg> that is neither a candidate itself nor inside one or inside a pointer region (an
  // icon in a button stays the button's content), so that an SVG element the page made
  // clickable on its own (cursor:pointer, a role, onclick, tabindex) is reported like any
  // other clickable, named by its own text (an SVG <text>) or class words. Text inside the
  // <svg> never forms text blocks (chart labels would crowd the snapshot): the parts are walked
  // under a block that takes in nothing.

  function svgHasParts(tag, childSt) {
    return tag === 'svg' && !childSt.inInteractive && !childSt.inPointer;
  }

  // State for an <svg>'s children: the same as `childSt`, under a block that collects no text.
  function svgPartsState(childSt) {
    const sub = derive(childSt);
    sub.block = {
      kind: '', level: undefined, text: '', len: 600, absorb: true, words: false, linked: false,
      order: -1,
    };
    return sub;
  }

  // After an <svg>'s parts were walked (W.items from index `from`): a part smaller than
  // SVG_PART_MIN px in either direction is not reported (a collapsed menu's items are drawn at
  // a pixel: no one can read or hit them); a shape under a clickable <text> whose centre lies
  // on it is reported once, as that text (its label: what a person reads, and where a click
  // on the shape's centre lands).
  const SVG_PART_MIN = 4;
  function settleSvgParts(items, from) {
    const texts = [];
    for (let i = from; i < items.length; i++) {
      const it = items[i];
      if (it.rect.w < SVG_PART_MIN || it.rect.h < SVG_PART_MIN) it.dropped = true;
      else if (it.node.localName === 'text') texts.push(it);
    }
    for (let i = from; i < items.length; i++) {
      const shape = items[i];
      if (shape.dropped || shape.node.localName === 'text') continue;
      const r = shape.rect;
      for (const t of texts) {
        const cx = t.rect.x + t.rect.w / 2;
        const cy = t.rect.y + t.rect.h / 2;
        if (cx >= r.x && cx <= r.x + r.w && cy >= r.y && cy <= r.y + r.h) {
          shape.dropped = true;
          break;
        }
      }
    }
  }
