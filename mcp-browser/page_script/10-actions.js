  // page_script/10-actions.js — Single-element actions and value normalisation: describe, focus, clear, setValue (native
  // setters plus input/change events, so frameworks see the change) and selectOption (an option
  // matched by value or label).
  // (A fragment: the files of page_script/ are concatenated in name order into one script.)

  // ---- single-element functions --------------------------------------------------------------
  function recordFor(node) {
    const ctx = contextOf(node);
    let box = visibleBox(node, null, true);
    if (!box) {
      const proxy = proxyFor(node, new Map(), true);
      if (proxy) box = proxy.box;
    }
    const rect = box ? rectIn(ctx, box) : rectIn(ctx, node.getBoundingClientRect());
    const rootNode = node.getRootNode();
    return {
      role: roleOf(node) || 'clickable',
      rect,
      inViewport: box ? intersects(rect, ctx.clip) : false,
      frame: ctx.frame,
      inShadow: rootNode instanceof ShadowRoot,
      heading: '',
      visible: !!box,
    };
  }

  function describe(eid) {
    const node = resolve(eid);
    if (node.ok === false) return node;
    const rec = recordFor(node);
    if (!rec.visible) return fail('hidden', `element ${eid} is not visible now`);
    return { ok: true, element: buildElement(node, rec, newState()) };
  }

  function focusEl(eid) {
    const node = resolve(eid);
    if (node.ok === false) return node;
    if (node.matches(':disabled')) return fail('disabled', `element ${eid} is disabled`);
    node.focus();
    return { ok: true };
  }

  function nativeSetter(el, prop) {
    const win = el.ownerDocument.defaultView || window;
    const proto = el.localName === 'textarea' ? win.HTMLTextAreaElement.prototype
      : el.localName === 'select' ? win.HTMLSelectElement.prototype
        : win.HTMLInputElement.prototype;
    const d = Object.getOwnPropertyDescriptor(proto, prop);
    return d && d.set;
  }

  function fire(el, type) {
    const win = el.ownerDocument.defaultView || window;
    const ev = type === 'input'
      ? new win.InputEvent('input', { bubbles: true, composed: true, inputType: 'deleteContentBackward' })
      : new win.Event(type, { bubbles: true });
    el.dispatchEvent(ev);
  }

  function clear(eid) {
    const node = resolve(eid);
    if (node.ok === false) return node;
    const tag = node.localName;
    if (tag === 'input' || tag === 'textarea') {
      if (node.matches(':disabled')) return fail('disabled', `element ${eid} is disabled`);
      if (node.readOnly || (tag === 'input' && NON_TEXT_INPUTS.has(node.type))) {
        return fail('not_editable', `element ${eid} does not accept text`);
      }
      node.focus();
      try {
        node.select();
      } catch (_) { /* some input types do not support selection */ }
      if (node.value === '') return { ok: true };
      const set = nativeSetter(node, 'value');
      if (set) set.call(node, ''); else node.value = '';
      fire(node, 'input');
      fire(node, 'change');
      return { ok: true };
    }
    if (node.isContentEditable) {
      node.focus();
      const doc = node.ownerDocument;
      const sel = doc.getSelection();
      const range = doc.createRange();
      range.selectNodeContents(node);
      sel.removeAllRanges();
      sel.addRange(range);
      // execCommand goes through the editor, so beforeinput/input fire as for a real deletion.
      if (!doc.execCommand('delete', false) || norm(node.textContent)) {
        node.textContent = '';
        fire(node, 'input');
      }
      return { ok: true };
    }
    return fail('not_editable', `element ${eid} is not a text field`);
  }

  // Date, time, colour and range inputs take no typed text in headless Chromium; their value is
  // set through the native setter (as a framework would see from a user) with input + change.
  const VALUE_INPUTS = new Set(['date', 'time', 'datetime-local', 'month', 'week', 'color', 'range']);

  function setValue(eid, value) {
    const node = resolve(eid);
    if (node.ok === false) return node;
    if (node.localName !== 'input' || !VALUE_INPUTS.has(node.type)) {
      return fail('not_editable', `element ${eid} is not a date, time, colour or range input`);
    }
    if (node.matches(':disabled')) return fail('disabled', `element ${eid} is disabled`);
    if (node.readOnly) return fail('not_editable', `element ${eid} is read-only`);
    node.focus();
    const set = nativeSetter(node, 'value');
    const text = String(value);
    if (set) set.call(node, text); else node.value = text;
    if (text !== '' && node.value === '') {
      return fail('bad_value', `"${text}" is not a valid ${node.type} value (e.g. 2024-01-31 for a date)`);
    }
    const win = node.ownerDocument.defaultView || window;
    node.dispatchEvent(new win.Event('input', { bubbles: true, composed: true }));
    node.dispatchEvent(new win.Event('change', { bubbles: true }));
    return { ok: true, value: node.value };
  }

  // Several options, one label (or value) a line: the whole selection of a list that takes
  // several (every other option is unselected); a single-choice list refuses.
  function selectSeveral(node, wanted, opts) {
    if (!node.multiple) {
      return fail('bad_value', 'this list takes one option, not ' + wanted.length);
    }
    const picks = [];
    for (const w of wanted) {
      const key = lower(norm(w));
      const pick = opts.find((o) => o.value === w) || opts.find((o) => lower(norm(o.label)) === key);
      if (!pick) return fail('no_option', `no option matches "${w}"`);
      if (pick.disabled) return fail('disabled', `option "${norm(pick.label)}" is disabled`);
      picks.push(pick);
    }
    for (const o of opts) o.selected = picks.includes(o);
    const win = node.ownerDocument.defaultView || window;
    node.dispatchEvent(new win.Event('input', { bubbles: true, composed: true }));
    node.dispatchEvent(new win.Event('change', { bubbles: true }));
    return { ok: true, value: picks.map((o) => o.value).join('\n'), label: picks.map((o) => norm(o.label)).join(', ') };
  }

  function selectOption(eid, wanted) {
    const node = resolve(eid);
    if (node.ok === false) return node;
    if (node.localName !== 'select') {
      const role = roleOf(node);
      return fail('not_select', `element ${eid} is a ${role || node.localName}, not a <select>` +
        (role === 'combobox' || role === 'listbox' ? '; click it, then click the option' : ''));
    }
    if (node.matches(':disabled')) return fail('disabled', `element ${eid} is disabled`);
    const want = String(wanted == null ? '' : wanted);
    const key = lower(norm(want));
    const opts = Array.from(node.options);
    if (want.includes('\n')) return selectSeveral(node, want.split('\n'), opts);
    let pick = opts.find((o) => o.value === want);
    if (!pick) pick = opts.find((o) => lower(norm(o.label)) === key);
    if (!pick && key) {
      const partial = opts.filter((o) => lower(norm(o.label)).includes(key));
      if (partial.length === 1) pick = partial[0];
    }
    if (!pick) {
      const list = opts.slice(0, 30).map((o) => norm(o.label)).join(', ');
      const more = opts.length > 30 ? `, … (${opts.length} in all)` : '';
      return fail('no_option', `no option matches "${want}"; options: ${list}${more}`);
    }
    if (pick.disabled) return fail('disabled', `option "${norm(pick.label)}" is disabled`);
    // A <select> hidden behind a scripted replacement is not focused: focus opens the
    // replacement's list, which then covers the controls after it.
    const box = node.getBoundingClientRect();
    const seen = box.width > 1 && box.height > 1 && node.ownerDocument.elementFromPoint(
      box.left + box.width / 2, box.top + box.height / 2) === node;
    if (seen) node.focus();
    const set = nativeSetter(node, 'value');
    if (node.multiple) {
      for (const o of opts) o.selected = o === pick;
    } else if (set) {
      set.call(node, pick.value);
    }
    if (!pick.selected) {
      // Duplicate values: the value setter picked an earlier twin.
      const idx = Object.getOwnPropertyDescriptor(
        (node.ownerDocument.defaultView || window).HTMLSelectElement.prototype, 'selectedIndex');
      if (idx && idx.set) idx.set.call(node, pick.index); else node.selectedIndex = pick.index;
    }
    const win = node.ownerDocument.defaultView || window;
    node.dispatchEvent(new win.Event('input', { bubbles: true, composed: true }));
    node.dispatchEvent(new win.Event('change', { bubbles: true }));
    return { ok: true, value: pick.value, label: norm(pick.label) };
  }

