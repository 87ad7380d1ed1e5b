  // page_script/07-hover-pointer.js — Controls whose pointer cursor the page sets only while the
  // mouse is over them (".toolbar span:hover { cursor: pointer }"): a feed's reply, like and
  // share icons, a list's row actions.
  // (A fragment: the files of page_script/ are concatenated in name order into one script.)
  //
  // Contract: per document (hoverPlan, from the walk's one pass over the rules), a rule of a readable
  // sheet that sets cursor:pointer on a :hover selector is read without its :hover: the
  // elements it then matches are pointer regions of the walk, as if hovered (and the walk styles
  // them: they join the cursor plan's list). Only the innermost
  // of them count: a wrapper that holds another one (a span around the "more" icon and its
  // hidden menu) is not a control, even while the mouse is over it, or the hidden menu's text
  // would name it. Selector parts the
  // rewrite could change the meaning of (":hover" on no compound, inside parentheses) are
  // skipped, and so is a page with more than HOVER_POINTER_LIMIT such elements.

  const HOVER_POINTER_LIMIT = 400;

  // The selectors of `rule` (any rule; a style rule counts) without :hover, when it sets
  // cursor:pointer on hover; pushed to `sels`.
  function noteHoverPointer(rule, sels) {
    if (!rule.style || rule.style.getPropertyValue('cursor') !== 'pointer') return;
    const text = rule.selectorText || '';
    if (text.indexOf(':hover') < 0 || text.indexOf('(') >= 0) return;
    for (const part of text.split(',')) {
      if (part.indexOf(':hover') < 0 || /(^|[\s>+~]):hover/.test(part)) continue;
      const bare = part.replace(/:hover/g, '').trim();
      if (bare) sels.push(bare);
    }
  }

  // The elements of `doc` that are pointer regions on hover (see the contract), from the hover
  // selectors `sels` that the walk's one pass over the rules collected (stylePlans); added to
  // the cursor plan's list when there is one.
  function hoverPlan(doc, sels, plan) {
    const found = hoverPointers(doc, sels);
    if (plan && plan.set) for (const el of found.inner) plan.set.add(el);
    return found;
  }

  // The elements of `doc` the hover selectors match: `inner` the innermost, `outer` those that
  // hold another one (see the contract).
  function hoverPointers(doc, sels) {
    const found = { inner: new Set(), outer: new Set() };
    if (!sels.length) return found;
    let nodes;
    try {
      nodes = Array.from(doc.querySelectorAll(sels.join(',')));
    } catch (_) {
      return found;
    }
    if (nodes.length > HOVER_POINTER_LIMIT) return found;
    for (const el of nodes) {
      const holds = nodes.some((other) => other !== el && el.contains(other));
      (holds ? found.outer : found.inner).add(el);
    }
    return found;
  }

  // Whether `el` (styled `cs`, under walk context `ctx`) is a pointer region: its cursor is
  // pointer, or would be on hover; a wrapper whose pointer comes from a hover rule is not one,
  // hovered or not (the mouse left on its icon after a click hovers it for real).
  function pointerCursor(el, cs, ctx) {
    const hover = ctx.hover;
    if (!hover) return cs.cursor === 'pointer';
    if (hover.inner.has(el)) return true;
    return cs.cursor === 'pointer' && !hover.outer.has(el);
  }
