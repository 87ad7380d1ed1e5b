  // page_script/07-walk.js — The walk: one pass over the flat tree (shadow roots, same-origin iframes) that collects
  // candidate elements and text blocks with their visibility; the rules and their costs are below.
  // (A fragment: the files of page_script/ are concatenated in name order into one script.)

  // ---- the walk ------------------------------------------------------------------------------
  // One pass over the flat tree (shadow roots through their slots, same-origin iframes inline),
  // collecting candidate elements and text blocks, with the semantics of this rule: outside
  // actionable regions every element is styled (display:none and opacity:0 prune its subtree,
  // display:contents passes through to its children, cursor:pointer makes a clickable); inside
  // them only candidates are styled. Only candidates and text blocks get geometry.
  //
  // What that costs is kept down three ways (each falls back to the computed-style path):
  // - checkVisibility({opacityProperty}) is true exactly when the element has a box (display
  //   neither none nor contents) and neither it nor a flat-tree ancestor has opacity 0: one native
  //   call instead of a computed style (about 1 µs with its property reads).
  // - Cursor. It is inherited, so an element's cursor differs from its parent's only when some
  //   declaration applies to the element itself: an author rule, its style attribute, an SVG
  //   presentation attribute, an animation, a :host rule of its own (possibly closed) shadow root,
  //   or the UA sheet (cursor:pointer only on :any-link and image inputs; other cursors on form
  //   controls and labels). Per document, `cursorPlan` lists the elements matched by author rules
  //   that declare `cursor` or `all`. An HTML element that cannot host a shadow root, is not a
  //   link, is not in that list, has no cursor in its style attribute and whose parent's cursor
  //   is known not to be pointer has no cursor:pointer, without reading its style. Unreadable
  //   (cross-origin) sheets, nested or @scope rules that set the cursor, cursor animations, many
  //   rules, shadow trees and slotted nodes all fall back to styling every element.
  // - Deferral. Such an element that also has no role and adds no text to an enclosing block
  //   (it has no block around it, or starts its own) is not checked before its children are
  //   walked: if it was hidden, nothing under it can pass checkVisibility, so it is checked after
  //   them only when its subtree reported something that no successful check under it vouched
  //   for, or when its own text block has text. If the check fails, what its subtree added is
  //   rolled back and the element is walked again the exact way. (The walk has no other effects.)
  const VIS_FAST = { opacityProperty: true, visibilityProperty: true };
  const OPACITY_ONLY = { opacityProperty: true };
  const VISIBILITY_ONLY = { visibilityProperty: true };
  const CURSOR_RULE_BUDGET = 4000;
  const CURSOR_SELECTOR_LIMIT = 50;
  const HTML_NS = 'http://www.w3.org/1999/xhtml';
  // Valid shadow host names besides custom elements (DOM standard, attachShadow).
  const SHADOW_HOSTS = new Set([
    'article', 'aside', 'blockquote', 'body', 'div', 'footer', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6',
    'header', 'main', 'nav', 'p', 'section', 'span',
  ]);
  // Elements whose children are walked differently when they are display:contents.
  const NO_DEFER = new Set([...LEAF_TAGS, 'iframe', 'frame', 'details']);

  // True when only inheritance can give `el` its cursor (see above).
  // (Without attributes an element has no style attribute, presentation attribute or link.)
  function cursorInherited(el, tag, plan, attrs) {
    if (SHADOW_HOSTS.has(tag) || tag === 'a' || tag === 'area' || tag.indexOf('-') >= 0) return false;
    if (plan.set && plan.set.has(el)) return false;
    if (!attrs) return true;
    if (el.namespaceURI !== HTML_NS) return false;
    return !(el.hasAttribute('style') && declaresCursor(el.style));
  }

  // Deferred elements above the current one form a chain of {el, up, ok} (st.lazy); `ok` once a
  // check vouched for it. checkVisibility with opacityProperty: a pass vouches for every
  // flat-tree ancestor. A failure under unchecked deferred elements checks those (outermost
  // first): when one fails, W.abort names it and the walk unwinds to it, which is then walked
  // the exact way (a display:none list of 2,000 links costs a few checks, not 2,000).
  function checkChain(el, opts, W, st) {
    if (el.checkVisibility(opts)) {
      vouch(st.lazy);
      return true;
    }
    if (st.lazy && !st.lazy.ok) probe(st.lazy, W);
    return false;
  }

  function vouch(rec) {
    for (let r = rec; r && !r.ok; r = r.up) r.ok = true;
  }

  function probe(rec, W) {
    const chain = [];
    for (let r = rec; r && !r.ok; r = r.up) chain.push(r);
    for (let i = chain.length - 1; i >= 0; i--) {
      if (chain[i].el.checkVisibility(OPACITY_ONLY)) {
        vouch(chain[i]);
      } else {
        W.abort = chain[i].el;
        return;
      }
    }
  }

  // Walk state, shared by siblings and copied (`derive`) when something changes for children.
  // pc: the parent's cursor may be pointer (or is unknown); exact: style every element (shadow
  // trees and slotted nodes, where :host, ::slotted and ::part rules apply).
  // row, fs, form: the nearest tr, fieldset and form ancestor in the same tree, as closest()
  // would find them (null: none; undefined: unknown, as under slotted nodes).
  // lazy: the chain of deferred ancestors (see checkChain). inInteractive: inside a control;
  // 'inline' when every control around is inline (a link), whose text the text block keeps.
  function St(ctx, inShadow, inInteractive, inPointer, block, pc, exact, row, fs, form, lazy) {
    this.ctx = ctx;
    this.inShadow = inShadow;
    this.inInteractive = inInteractive;
    this.inPointer = inPointer;
    this.block = block;
    this.pc = pc;
    this.exact = exact;
    this.row = row;
    this.fs = fs;
    this.form = form;
    this.lazy = lazy;
  }
  function derive(st) {
    return new St(st.ctx, st.inShadow, st.inInteractive, st.inPointer, st.block, st.pc, st.exact,
      st.row, st.fs, st.form, st.lazy);
  }
  // State for the children of a shadow root (closest() does not leave a shadow tree).
  function shadowState(st) {
    const sub = derive(st);
    sub.inShadow = true;
    sub.exact = true;
    sub.row = null;
    sub.fs = null;
    sub.form = null;
    return sub;
  }

  function walk(wantTexts) {
    const W = {
      items: [],
      texts: [],
      heading: '',
      order: 0,
      abort: null,
      wantTexts,
      labelCache: new Map(),
    };
    const root = document.documentElement;
    if (root) {
      const ctx = topContext();
      const plans = stylePlans(document);
      ctx.plan = plans.plan;
      ctx.hover = plans.hover;
      visitElement(root, new St(ctx, false, false, false, null, true, false, null, null, null, null), W, false);
    }
    return W;
  }

  // A block takes its own text and that of the inline controls in it (a link in a sentence), so
  // it reads whole; the text of other controls is their name. `words`: the block has words of
  // its own; `linked`: it took a control's text (a block with only that says nothing new).
  const WORD = /[\p{L}\p{N}]/u;
  function addText(st, value) {
    const b = st.block;
    if (b && (b.absorb || st.inInteractive !== true) && b.len < 600) {
      b.text += value;
      b.len += value.length;
      if (st.inInteractive) b.linked = true;
      else if (!b.words && WORD.test(value)) b.words = true;
    }
  }

  function visitChildren(parent, st, W) {
    if (!st.block) {
      // Text outside blocks is not collected: element children only.
      for (let c = parent.firstElementChild; c; c = c.nextElementSibling) {
        visitElement(c, st, W, false);
        if (W.abort) return;
      }
      return;
    }
    for (let c = parent.firstChild; c; c = c.nextSibling) {
      const t = c.nodeType;
      if (t === 1) {
        visitElement(c, st, W, false);
        if (W.abort) return;
      } else if (t === 3) {
        addText(st, c.nodeValue);
      }
    }
  }

  const NON_SPACE = /\S/;
  function hasDirectText(el) {
    for (let c = el.firstChild; c; c = c.nextSibling) {
      if (c.nodeType === 3 && NON_SPACE.test(c.nodeValue)) return true;
    }
    return false;
  }

  function visitSlot(slot, st, W) {
    const assigned = slot.assignedNodes();
    if (!assigned.length) {
      visitChildren(slot, st, W);
      return;
    }
    for (const n of assigned) {
      const inShadow = n.getRootNode() instanceof ShadowRoot;
      let sub = st;
      if (inShadow !== st.inShadow || !st.exact || st.row !== undefined) {
        sub = derive(st);
        sub.inShadow = inShadow;
        sub.exact = true;
        // closest() from a slotted node walks its own (light) ancestors.
        sub.row = undefined;
        sub.fs = undefined;
        sub.form = undefined;
      }
      if (n.nodeType === 1) {
        visitElement(n, sub, W, false);
        if (W.abort) return;
      } else if (n.nodeType === 3 && st.block) {
        addText(st, n.nodeValue);
      }
    }
  }

  // Roles of an item in a collection (a note card, a list entry, a grid row): such an element,
  // put in the tab order and named by its author, is something a person opens by clicking it
  // (a Keep note, a Trello card) even when its click listener is invisible to the walk. Regions,
  // dialogs and other landmarks are focusable to be scrolled or read, never clicked: not here.
  const FOCUSABLE_ITEM_ROLES = new Set(['', 'article', 'listitem', 'row', 'gridcell', 'cell', 'figure']);

  function domClickable(el, attrs) {
    if (!attrs) return typeof el.onclick === 'function';
    if (el.hasAttribute('onclick') || typeof el.onclick === 'function') return true;
    if (!el.hasAttribute('tabindex') || el.tabIndex < 0) return false;
    if (el.hasAttribute('aria-haspopup') || el.hasAttribute('aria-expanded') ||
        el.hasAttribute('aria-pressed') || el.hasAttribute('onkeydown') ||
        typeof el.onkeydown === 'function') return true;
    return (el.hasAttribute('aria-label') || el.hasAttribute('aria-labelledby')) &&
      FOCUSABLE_ITEM_ROLES.has(el.getAttribute('role') || '');
  }

  // Kind of text block an element without a role starts ('' none, 'swallow': absorbs silently).
  function textKind(el, tag, st, block, r, attrs) {
    if (HEADING_LEVEL[tag] || r === 'heading') return 'heading';
    if (r === 'alert' || r === 'status' ||
        (attrs && el.hasAttribute('aria-live') && el.getAttribute('aria-live') !== 'off')) return 'alert';
    if (st.inInteractive) return '';
    // A label's text is its control's name; report it only when it labels nothing.
    if (tag === 'label') return el.control ? 'swallow' : 'label';
    if (TEXT_BLOCK_TAGS.has(tag)) return 'text';
    if ((!INLINE_TAGS.has(tag) || !block) && hasDirectText(el)) return 'text';
    return '';
  }

  // `exact`: style this element (used when a deferred check failed).
  function visitElement(el, st, W, exact) {
    const tag = el.localName;
    if (SKIP_TAGS.has(tag)) return;
    if (tag === 'slot') {
      visitSlot(el, st, W);
      return;
    }
    // Attribute reads are calls into the engine; many elements (table cells) have none.
    const attrs = el.hasAttributes();
    if (attrs && (el.hasAttribute('hidden') || el.getAttribute('aria-hidden') === 'true' || el.inert)) return;
    const xrole = attrs ? explicitRole(el) : '';

    // --- is it actionable? ---
    const top = tag === 'html' || tag === 'body';
    let role = top ? '' : roleFor(el, tag, xrole, attrs);
    const semantic = role !== '';
    let cs = null;
    // checkVisibility() vouched for box, display and opacity (and visibility when `visKnown`).
    let known = false;
    let visKnown = false;
    let deferred = false;
    let kind;
    let pointerHere = false;
    let faded = false;
    // Whether this element's cursor may be pointer (true: or is unknown), for its children.
    let pc = true;
    if (semantic || !(st.inInteractive || st.inPointer)) {
      const outside = !semantic && !st.inInteractive && !top;
      const click = outside && domClickable(el, attrs);
      if (semantic) {
        if (!exact) known = visKnown = checkChain(el, VIS_FAST, W, st);
      } else if (outside && !exact && !st.pc && !st.exact && st.ctx.plan &&
          cursorInherited(el, tag, st.ctx.plan, attrs)) {
        if (click) {
          known = visKnown = checkChain(el, VIS_FAST, W, st);
        } else {
          const block = st.block;
          kind = W.wantTexts && !(block && block.absorb) ? textKind(el, tag, st, block, xrole, attrs) : '';
          if ((kind || !block) && !NO_DEFER.has(tag)) deferred = true;
          else known = checkChain(el, OPACITY_ONLY, W, st);
        }
        if (known || deferred) pc = false;
      }
      if (W.abort) return; // a failed check found a hidden deferred ancestor
      if (click && (known || deferred)) role = 'clickable';
      if (!known && !deferred) {
        cs = getComputedStyle(el);
        const display = cs.display;
        if (display === 'none') return;
        if (cs.opacity === '0') {
          // A transparent checkbox may still be operated through its visible label.
          if (!semantic || tag !== 'input') return;
          faded = true;
        }
        if (!semantic) pc = pointerCursor(el, cs, st.ctx);
        if (display === 'contents') {
          let sub = st;
          if (el.shadowRoot) {
            sub = shadowState(st);
            sub.pc = pc;
            visitChildren(el.shadowRoot, sub, W);
          } else {
            if (pc !== st.pc || tag === 'tr' || tag === 'fieldset' || tag === 'form') {
              sub = derive(st);
              sub.pc = pc;
              if (tag === 'tr') sub.row = el;
              else if (tag === 'fieldset') sub.fs = el;
              else if (tag === 'form') sub.form = el;
            }
            visitChildren(el, sub, W);
          }
          return;
        }
        if (outside) {
          if (click) role = 'clickable';
          if (pc) {
            pointerHere = true;
            // Labels act through their control, which is reported on its own.
            if (!role && !(tag === 'label' && el.control)) role = 'clickable';
          }
        }
      }
    }

    let item = null;
    if (role) {
      let box = faded ? null : visibleBox(el, cs, false, known);
      if (!box) {
        const proxy = proxyFor(el, W.labelCache, false);
        if (proxy) box = proxy.box;
      }
      if (box) {
        const ctx = st.ctx;
        const rect = { x: box.left + ctx.ox, y: box.top + ctx.oy, w: box.width, h: box.height };
        item = {
          node: el,
          role,
          semantic,
          rect,
          inViewport: intersects(rect, ctx.clip),
          frame: ctx.frame,
          inShadow: st.inShadow,
          heading: W.heading,
          order: W.order++,
          dropped: false,
          // closest() is inclusive.
          root: st.inShadow ? null : st.ctx.doc,
          row: tag === 'tr' ? el : st.row,
          fs: tag === 'fieldset' ? el : st.fs,
          form: tag === 'form' ? el : st.form,
        };
        W.items.push(item);
      }
    }

    // --- does it start a text block? ---
    let block = st.block;
    let ownBlock = null;
    if (W.wantTexts && !item && !(block && block.absorb)) {
      if (kind === undefined) kind = textKind(el, tag, st, block, xrole, attrs);
      if (kind) {
        ownBlock = {
          kind: kind === 'swallow' || (cs && cs.visibility !== 'visible') ? '' : kind,
          level: kind === 'heading'
            ? HEADING_LEVEL[tag] || parseInt(el.getAttribute('aria-level'), 10) || 2 : undefined,
          text: '',
          len: kind === 'swallow' ? 600 : 0,
          absorb: kind === 'heading' || kind === 'alert',
          words: false,
          linked: false,
          order: W.order++,
        };
        block = ownBlock;
      }
    }
    const spaced = block && !ownBlock && !INLINE_TAGS.has(tag);
    if (spaced) addText(st, ' ');

    // --- children ---
    const itemsBefore = W.items.length;
    const textsBefore = W.texts.length;
    const headingBefore = W.heading;
    const itemIndex = item ? itemsBefore - 1 : -1;
    let childSt = st;
    const anchor = tag === 'tr' || tag === 'fieldset' || tag === 'form';
    const lazyRec = deferred ? { el, up: st.lazy, ok: false } : null;
    if (item || pointerHere || block !== st.block || pc !== st.pc || anchor || deferred) {
      childSt = derive(st);
      if (item) {
        childSt.inInteractive = st.inInteractive === true || !INLINE_TAGS.has(tag) || 'inline';
      }
      childSt.inPointer = st.inPointer || pointerHere;
      childSt.block = block;
      childSt.pc = pc;
      if (tag === 'tr') childSt.row = el;
      else if (tag === 'fieldset') childSt.fs = el;
      else if (tag === 'form') childSt.form = el;
      if (deferred) childSt.lazy = lazyRec;
    }
    if (tag === 'iframe' || tag === 'frame') {
      const doc = frameDoc(el);
      if (doc && doc.documentElement) {
        const ctx = childContext(el, st.ctx);
        const plans = stylePlans(doc);
        ctx.plan = plans.plan;
        ctx.hover = plans.hover;
        const sub = new St(ctx, false, childSt.inInteractive, false, childSt.block, true, false,
          null, null, null, null);
        const heading = W.heading;
        visitElement(doc.documentElement, sub, W, false);
        W.heading = heading;
      }
    } else if ((SHADOW_HOSTS.has(tag) || tag.indexOf('-') >= 0) && el.shadowRoot) {
      // (Only those elements can host a shadow root.)
      visitChildren(el.shadowRoot, shadowState(childSt), W);
    } else if (tag === 'details' && !el.open) {
      for (let c = el.firstElementChild; c; c = c.nextElementSibling) {
        if (c.localName === 'summary') {
          visitElement(c, childSt, W, false);
          break;
        }
      }
    } else if (!LEAF_TAGS.has(tag)) {
      visitChildren(el, childSt, W);
    } else if (svgHasParts(tag, childSt)) {
      visitChildren(el, svgPartsState(childSt), W);
      settleSvgParts(W.items, itemsBefore);
      svgPeerTexts(el, W.items, itemsBefore, W);
    }

    if (W.abort) {
      if (W.abort !== el) return; // unwinding to a hidden deferred ancestor
      W.abort = null;
      W.items.length = itemsBefore;
      W.texts.length = textsBefore;
      W.heading = headingBefore;
      visitElement(el, st, W, true);
      return;
    }

    if (spaced) addText(st, ' ');

    // A pointer region wrapping exactly one actionable element is that element (a card around
    // its link): keep the inner one.
    if (item && !semantic && pointerHere && W.items.length - itemIndex - 1 === 1) {
      const child = W.items[itemIndex + 1];
      const a = item.rect.w * item.rect.h;
      if (a <= 0 || (child.rect.w * child.rect.h) / a >= 0.5 ||
          contentText(el, 80) === contentText(child.node, 80)) {
        item.dropped = true;
      }
    }
    // A strip of labels clickable as one region is one control per label (07-label-bar.js).
    if (item && !semantic && pointerHere && W.items.length === itemIndex + 1) splitLabelBar(item, st, W);

    let text = '';
    if (ownBlock && ownBlock.kind && (ownBlock.absorb || ownBlock.words || !ownBlock.linked)) {
      text = cut(norm(ownBlock.text), 200);
    }
    // A plain text block (not a heading or alert) is placed later, and only if the snapshot
    // reports it (see placeText).
    const plain = text !== '' && ownBlock.kind !== 'heading' && ownBlock.kind !== 'alert';
    // A deferred element whose only output is its own plain text block leaves its visibility
    // check to placeText too: if it is hidden, that block is all there is to drop.
    const checkLater = plain && deferred && !st.block && W.items.length === itemsBefore &&
      W.texts.length === textsBefore;
    if (deferred && !checkLater) {
      // The deferred check (see the walk's comment).
      let ok = true;
      if (text) {
        ok = visKnown = known = checkChain(el, VIS_FAST, W, st);
      } else if (st.block ||
          (!lazyRec.ok && (W.items.length > itemsBefore || W.texts.length > textsBefore))) {
        // Inside another block, display:contents would have sent this element's children's
        // spacing to it: check the element itself.
        ok = checkChain(el, OPACITY_ONLY, W, st);
      }
      if (W.abort) return; // an ancestor is hidden
      if (!ok) {
        W.items.length = itemsBefore;
        W.texts.length = textsBefore;
        W.heading = headingBefore;
        visitElement(el, st, W, true);
        return;
      }
    }

    if (text) {
      const t = {
        kind: ownBlock.kind,
        level: ownBlock.level,
        text,
        node: el,
        ctx: st.ctx,
        cs,
        check: checkLater,
        known,
        visKnown,
        placed: false,
        in_viewport: false,
        y: 0,
        x: 0,
        w: 0,
      };
      if (plain) {
        W.texts.push(t);
      } else if (placeText(t)) {
        W.texts.push(t);
        if (t.kind === 'heading') W.heading = text;
      }
    }
  }

  // Geometry of a text block (only blocks that hold text get any: many cells and items hold
  // only controls). False when the block turns out to be hidden.
  function placeText(t) {
    const el = t.node;
    if (t.check) {
      if (!el.checkVisibility(VIS_FAST)) return false;
      t.known = t.visKnown = true;
    }
    if (t.known && !t.visKnown) t.visKnown = el.checkVisibility(VISIBILITY_ONLY);
    const box = t.visKnown ? visibleBox(el, null, false, true) : visibleBox(el, t.cs, false, false);
    if (!box) return false;
    const ctx = t.ctx;
    const y = box.top + ctx.oy;
    t.in_viewport = intersects({ x: box.left + ctx.ox, y, w: box.width, h: box.height }, ctx.clip);
    t.y = r1(y);
    // Left edge and width: which column of a grid the text is in.
    t.x = r1(box.left + ctx.ox);
    t.w = r1(box.width);
    t.placed = true;
    return true;
  }

