  // page_script/09-locate.js — Locating for a click: locate(eid, {retry, hovered, settled})
  // scrolls the element into view inside every scroll container that holds it, finds a point of
  // its visible part that a click really reaches (09-hit.js), and says what covers it when none
  // does. An element stands still when its box is the same over a frame and 17 ms and not
  // empty. The first look is kept when it is clean, and taken again once the element stands
  // still when it is not (covered or out of view: it may be moving); settled, it always is. On
  // a retry it first moves the element clear of that cover and lets the page draw a frame;
  // hovered (the pointer resting on it since the last look), it waits until the element stands
  // still under the pointer, which costs next to nothing when the frame the pointer's arrival
  // took showed it unchanged. It then watches for the click that follows; click_landed() says
  // where that click's pointerdown and mouse events went.
  // (A fragment: the files of page_script/ are concatenated in name order into one script.)

  // ---- locate --------------------------------------------------------------------------------
  // Whether an element clips what overflows it on each axis (a scroll container, overflow:hidden).
  function clipsOverflow(cs) {
    return { x: cs.overflowX !== 'visible', y: cs.overflowY !== 'visible' };
  }

  // The part of the viewport (top-level px) where `el` can be seen: its frame's clip box,
  // narrowed by every ancestor in its document that clips overflow. A fixed element escapes
  // its ancestors' clipping.
  function clipOf(el, ctx) {
    let clip = ctx.clip;
    const doc = el.ownerDocument;
    let n = el;
    while (n && n.nodeType === 1) {
      if (getComputedStyle(n).position === 'fixed') break;
      n = n.assignedSlot || (n.parentNode && n.parentNode.nodeType === 11 ? n.parentNode.host : n.parentNode);
      if (!n || n.nodeType !== 1 || n === doc.body || n === doc.documentElement) break;
      const clips = clipsOverflow(getComputedStyle(n));
      if (!clips.x && !clips.y) continue;
      const r = n.getBoundingClientRect();
      const l = r.left + n.clientLeft + ctx.ox;
      const t = r.top + n.clientTop + ctx.oy;
      clip = intersect(clip, {
        l: clips.x ? l : -Infinity,
        t: clips.y ? t : -Infinity,
        r: clips.x ? l + n.clientWidth : Infinity,
        b: clips.y ? t + n.clientHeight : Infinity,
      });
    }
    return clip;
  }

  // Visible part of an element's box in top-level coordinates.
  function geometry(el) {
    const ctx = contextOf(el);
    const rect = rectIn(ctx, el.getBoundingClientRect());
    const clip = clipOf(el, ctx);
    const vis = intersect(clip, { l: rect.x, t: rect.y, r: rect.x + rect.w, b: rect.y + rect.h });
    const fully = rect.w > 0 && rect.h > 0 && rect.x >= clip.l - 0.5 && rect.y >= clip.t - 0.5 &&
      rect.x + rect.w <= clip.r + 0.5 && rect.y + rect.h <= clip.b + 0.5;
    return { rect, vis, fully, visible: vis.r > vis.l && vis.b > vis.t };
  }

  const CENTRE = { block: 'center', inline: 'center', behavior: 'instant' };

  // Scrolls the element to the centre of every scroll container holding it (frames included).
  function bringIntoView(target) {
    target.scrollIntoView(CENTRE);
    if (geometry(target).visible) return;
    let win = target.ownerDocument.defaultView;
    while (win && win !== window && win.frameElement) {
      win.frameElement.scrollIntoView(CENTRE);
      win = win.frameElement.ownerDocument.defaultView;
    }
    target.scrollIntoView(CENTRE);
  }

  // Scrolls the element's containers, innermost first, until its box is clear of `cover` (a
  // header above it or a bar below it). Returns whether anything moved.
  function moveClearOf(target, cover) {
    let moved = false;
    for (let n = composedParent(target); n; n = composedParent(n)) {
      const scroller = n.nodeType === 1 && (n === n.ownerDocument.documentElement ||
        /auto|scroll|overlay/.test(getComputedStyle(n).overflowY)) ? n : null;
      if (!scroller) continue;
      const g = geometry(target);
      const above = cover.t + cover.b < window.innerHeight;
      const delta = above ? -(cover.b - g.rect.y + 8) : g.rect.y + g.rect.h - cover.t + 8;
      if ((above && cover.b <= g.rect.y) || (!above && cover.t >= g.rect.y + g.rect.h)) break;
      const before = scroller.scrollTop;
      const win = scroller.ownerDocument.defaultView;
      if (scroller === scroller.ownerDocument.documentElement) win.scrollBy({ top: delta, behavior: 'instant' });
      else scroller.scrollBy({ top: delta, behavior: 'instant' });
      moved = moved || scroller.scrollTop !== before;
    }
    return moved;
  }

  // Resolves after the page drew a frame (or 100 ms, where frames are not drawn).
  function nextFrame() {
    return new Promise((done) => {
      const timer = setTimeout(done, 100);
      requestAnimationFrame(() => requestAnimationFrame(() => {
        clearTimeout(timer);
        done();
      }));
    });
  }

  // Resolves at the page's next animation frame (or after 100 ms, where frames are not drawn):
  // its scripted animations have taken a step and its CSS ones read a new time.
  function oneFrame() {
    return new Promise((done) => {
      const timer = setTimeout(done, 100);
      requestAnimationFrame(() => {
        clearTimeout(timer);
        done();
      });
    });
  }

  function boxOf(el) {
    const ctx = contextOf(el);
    const r = rectIn(ctx, el.getBoundingClientRect());
    return { l: r.x, t: r.y, r: r.x + r.w, b: r.y + r.h };
  }

  function sameBox(a, b) {
    return a.l === b.l && a.t === b.t && a.r === b.r && a.b === b.b;
  }

  // What the last look at each element saw: the element whose box stands for it (itself, or
  // the proxy a hidden control is clicked through), that box, when, and whether the page has
  // drawn a frame since (the pointer's arrival waits for one).
  const lastLook = new WeakMap();

  function remember(node, target) {
    const look = { target, box: boxOf(target), at: performance.now(), framed: false };
    lastLook.set(node, look);
    requestAnimationFrame(() => {
      look.framed = true;
    });
  }

  // Whether a CSS or Web Animation that ends is running or about to start in the element's
  // document. One that was just created only gets its start time at the next frame, so over
  // that frame it has not moved anything yet; endless ones (a spinner) do not count.
  function animating(node) {
    const doc = node.ownerDocument;
    if (!doc || !doc.getAnimations) return false;
    return doc.getAnimations().some((a) => (a.pending || a.playState === 'running') &&
      a.effect && Number.isFinite(a.effect.getComputedTiming().endTime));
  }

  // The least time between two looks at a box that may count it as standing still, a 60 Hz
  // frame's: a scripted animation that steps on a timer of up to 16 ms (13 ms for jQuery) has
  // stepped at least once.
  const STILL_MS = 17;

  // Resolves once the page drew a frame after a look at time `at` (already, when `framed`) and
  // STILL_MS have passed since it.
  function afterGap(at, framed) {
    return (framed ? Promise.resolve() : oneFrame()).then(() => {
      const left = at + STILL_MS - performance.now();
      return left > 0 ? new Promise((done) => setTimeout(done, left)) : undefined;
    });
  }

  // Resolves once the element that stands for `node` stands still: its box the same over a
  // frame and STILL_MS and not empty, or after about half a second of movement (an accordion or
  // a slide still animating, a hover image still loading, would take the click somewhere else).
  // The time since the last look counts, so an element that has not moved costs at most the
  // rest of STILL_MS; while a CSS animation runs on the page, the box must stay the same over
  // two frames instead.
  function standingStill(node) {
    const look = lastLook.get(node);
    const target = look ? look.target : node;
    const slow = animating(node);
    const fresh = look && !slow;
    let before = fresh ? look.box : boxOf(target);
    let at = fresh ? look.at : performance.now();
    let framed = fresh && look.framed;
    const until = performance.now() + 500;
    const step = () => (slow ? nextFrame() : afterGap(at, framed)).then(() => {
      const now = boxOf(target);
      if ((sameBox(now, before) && now.r > now.l && now.b > now.t) || performance.now() >= until) {
        return undefined;
      }
      before = now;
      at = performance.now();
      framed = false;
      return step();
    });
    return step();
  }

  // Covers seen by the last locate of each element, for its retry.
  const lastCover = new WeakMap();

  // Where a click on the element would go now (see pointFor), or why it cannot go there.
  function lookAt(eid, node) {
    let target = node;
    if (!visibleBox(node, null, true)) {
      const proxy = proxyFor(node, new Map(), true);
      if (!proxy) return fail('hidden', `element ${eid} is not visible now`);
      target = proxy.node;
    }
    remember(node, target);
    return pointFor(node, target);
  }

  // locate(eid, opts): the first look ({}) is taken at once and is kept when it is clean (in
  // view, nothing covering); otherwise the element may still be moving (a panel opening) and it
  // is looked at again once it stands still. {settled} always looks again then; {hovered}
  // (the pointer resting on it since the last look) waits until it stands still under the
  // pointer; {retry} first moves the element clear of the cover the last look saw.
  function locate(eid, opts) {
    const node = resolve(eid);
    if (node.ok === false) return node;
    const o = opts || {};
    const looked = () => guarded(lookAt)(eid, node);
    if (o.hovered) return standingStill(node).then(looked);
    if (!o.retry) {
      const first = looked();
      if (!first.ok || (!o.settled && first.in_viewport && !first.cover)) return first;
      return standingStill(node).then(looked);
    }
    let target = node;
    if (!visibleBox(node, null, true)) {
      const proxy = proxyFor(node, new Map(), true);
      if (!proxy) return fail('hidden', `element ${eid} is not visible now`);
      target = proxy.node;
    }
    const cover = lastCover.get(node);
    const box = cover && cover.isConnected ? boxOf(cover) : null;
    // A page-wide backdrop cannot be scrolled clear of: the retry only waits for it to go.
    if (box && box.b - box.t < window.innerHeight * 0.9) moveClearOf(target, box);
    return nextFrame().then(() => guarded(pointFor)(node, target));
  }

  function pointFor(node, target) {
    let g = geometry(target);
    if (!g.fully) {
      bringIntoView(target);
      g = geometry(target);
    }
    const out = {
      ok: true,
      x: r1(g.rect.x + g.rect.w / 2),
      y: r1(g.rect.y + g.rect.h / 2),
      rect: { x: r1(g.rect.x), y: r1(g.rect.y), w: r1(g.rect.w), h: r1(g.rect.h) },
      in_viewport: g.visible,
    };
    if (!g.visible) return out;
    const point = clickPoint(g.vis, target, node);
    if (point.covered) {
      lastCover.set(node, overlayOf(point.covered, target));
      out.cover = coverOf(point.covered, target);
      return out;
    }
    out.x = r1(point.x);
    out.y = r1(point.y);
    watchClick(node, target);
    return out;
  }

  // ---- did the click land? -------------------------------------------------------------------
  let clickWatch = null;

  function stopWatching() {
    if (clickWatch) clickWatch.off();
    clickWatch = null;
  }

  // Records where the next pointerdown, mousedown and mouseup go (listening where the element
  // lives and at the top).
  function watchClick(node, target) {
    stopWatching();
    const seen = { down: false, path: [], mouse: [] };
    const onDown = (ev) => {
      if (seen.down) return;
      seen.down = true;
      seen.path = ev.composedPath();
    };
    const onMouse = (ev) => {
      if (seen.down && seen.mouse.length < 2) seen.mouse.push(ev.composedPath());
    };
    const wins = [window];
    const own = node.ownerDocument.defaultView;
    if (own && own !== window) wins.push(own);
    const listen = (w, on) => {
      w[on]('pointerdown', onDown, true);
      w[on]('mousedown', onMouse, true);
      w[on]('mouseup', onMouse, true);
    };
    for (const w of wins) listen(w, 'addEventListener');
    clickWatch = {
      node,
      target,
      seen,
      off: () => wins.forEach((w) => listen(w, 'removeEventListener')),
    };
  }

  // {ok, known:false} when no pointerdown was seen; else {ok, known, landed, cover?}.
  function clickLanded() {
    const w = clickWatch;
    stopWatching();
    if (!w || !w.seen.down) return { ok: true, known: false };
    const reached = (path) => {
      const first = path[0];
      // A closed shadow root hides the element: its host is what the listener sees.
      const retargeted = first && first.nodeType === 1 && isComposedAncestor(first, w.node) &&
        first.getRootNode() !== w.node.getRootNode();
      return path.includes(w.node) || path.includes(w.target) || retargeted;
    };
    const missed = (first) => (first && first.nodeType === 1
      ? { ok: true, known: true, landed: false, cover: coverOf(first, w.target) }
      : { ok: true, known: true, landed: false });
    if (!reached(w.seen.path)) return missed(w.seen.path[0]);
    // The press reached the element but its mouse events went to an ancestor while the element
    // stayed on the page (the page moved it under the pointer): the page's mouse handlers never
    // saw the click. An element that went away on the press was acted on.
    const mouse = w.seen.mouse;
    if (mouse.length > 0 && !mouse.some(reached) && w.node.isConnected) return missed(mouse[0][0]);
    return { ok: true, known: true, landed: true };
  }
