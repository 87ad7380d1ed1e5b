  // page_script/06-describe.js — One element as the snapshot reports it: buildElement(el, rec, state) -> its record
  // (role, name, value, states, options, link target, context of its fieldset or table row).
  // (A fragment: the files of page_script/ are concatenated in name order into one script.)

  // ---- element description -------------------------------------------------------------------
  function deepActiveElement() {
    let a = document.activeElement;
    for (let i = 0; a && i < 32; i++) {
      if (a.shadowRoot && a.shadowRoot.activeElement) {
        a = a.shadowRoot.activeElement;
      } else if ((a.localName === 'iframe' || a.localName === 'frame')) {
        const d = frameDoc(a);
        if (!d || !d.activeElement || d.activeElement === d.body) break;
        a = d.activeElement;
      } else {
        break;
      }
    }
    return a;
  }

  function cellText(cell) {
    return cell ? shortText(cell.textContent, 60) : '';
  }

  // Context text of a fieldset (its legend) or table row (its first cell), once per call.
  function containerText(node, cache) {
    let s = cache.get(node);
    if (s === undefined) {
      s = '';
      if (node.localName === 'fieldset') {
        const lg = node.querySelector(':scope > legend');
        if (lg) s = shortText(lg.textContent, 60);
      } else if (node.namespaceURI === HTML_NS) {
        // tr.cells[0] when the row has two cells or more (without creating the collection).
        let first = null;
        for (let c = node.firstElementChild; c; c = c.nextElementSibling) {
          const t = c.localName;
          if ((t === 'td' || t === 'th') && c.namespaceURI === HTML_NS) {
            if (first) {
              s = cellText(first);
              break;
            }
            first = c;
          }
        }
      }
      cache.set(node, s);
    }
    return s;
  }

  // The name of an ARIA group of choices (role=radiogroup or group, named by aria-labelledby
  // or aria-label): the question a custom form asks above its radios, as a legend would.
  function groupText(group, cache) {
    let s = cache.get(group);
    if (s === undefined) {
      s = '';
      const by = group.getAttribute('aria-labelledby');
      if (by) {
        const root = group.getRootNode();
        s = by.split(/\s+/).map((id) => {
          const n = root.getElementById ? root.getElementById(id) : null;
          return n ? n.textContent : '';
        }).join(' ');
      }
      if (!norm(s)) s = group.getAttribute('aria-label') || '';
      s = shortText(s, 60);
      cache.set(group, s);
    }
    return s;
  }

  // `rec.fs`/`rec.row`: the walk's closest fieldset / tr (undefined: not known).
  function contextFor(el, rec, name, cache) {
    let s = '';
    const fs = rec.fs !== undefined ? rec.fs : el.closest('fieldset');
    if (fs) s = containerText(fs, cache);
    // A choice in a named group of choices: the group's name.
    if (!s && (el.type === 'radio' || el.type === 'checkbox' || /^(radio|checkbox|switch)$/.test(el.getAttribute('role') || ''))) {
      const group = el.closest('[role=radiogroup],[role=group]');
      if (group && (!fs || fs.contains(group))) s = groupText(group, cache);
    }
    if (!s) {
      const tr = rec.row !== undefined ? rec.row : el.closest('tr');
      if (tr) s = containerText(tr, cache);
    }
    const heading = rec.heading;
    if (!s && heading) s = cut(heading, 60);
    if (!s || (s.length === name.length && lower(s) === lower(name))) return undefined;
    return s;
  }

  function isSubmit(c) {
    const t = c.localName;
    return (t === 'button' && c.type === 'submit') ||
      (t === 'input' && (c.type === 'submit' || c.type === 'image'));
  }

  function formSubmitName(el, cache, formAncestor) {
    const form = el.form || (formAncestor !== undefined ? formAncestor : el.closest('form'));
    if (!form) return undefined;
    let entry = cache.get(form);
    if (entry === undefined) {
      entry = null;
      const controls = form.elements || [];
      for (const c of controls) {
        if (isSubmit(c) && visibleBox(c, null, true)) {
          entry = { node: c, name: accessibleName(c, 'button', c.getRootNode(), null) };
          break;
        }
      }
      cache.set(form, entry);
    }
    if (!entry || entry.node === el || !entry.name) return undefined;
    return entry.name;
  }

  function optionsOf(sel) {
    const out = [];
    const opts = sel.options;
    const n = Math.min(opts.length, 50);
    for (let i = 0; i < n; i++) {
      const o = opts[i];
      out.push({ value: o.value, label: cut(norm(o.label), 80), selected: o.selected, disabled: o.disabled });
    }
    return { options: out, total: opts.length };
  }

  function ariaBool(el, attr) {
    const v = el.getAttribute(attr);
    if (v === 'true') return true;
    if (v === 'false' || v === 'mixed') return false;
    return undefined;
  }

  // Disclosure state: aria-expanded, else a <summary>'s <details>, else whether the region named
  // by aria-controls shows (tabs and comboboxes excepted: their aria-controls is not a toggle).
  function expandedState(el, role, tag) {
    const aria = ariaBool(el, 'aria-expanded');
    if (aria !== undefined) return aria;
    if (tag === 'summary') {
      const d = el.parentElement;
      return d && d.localName === 'details' ? d.open : undefined;
    }
    const ids = el.getAttribute('aria-controls');
    if (!ids) return popupShown(el);
    if (role === 'tab' || role === 'combobox' || role === 'textbox' || role === 'searchbox') {
      return undefined;
    }
    const root = el.getRootNode();
    const region = root.getElementById ? root.getElementById(ids.trim().split(/\s+/)[0]) : null;
    if (!region) return undefined;
    return region.checkVisibility(VIS_OPTS) && visibleBox(region, null, true) !== null;
  }

  // The snapshot's view of one element. `info` carries what the walk knows (frame, shadow,
  // labels, last heading); `state` carries per-call caches.
  function buildElement(el, rec, state) {
    const tag = el.localName;
    const role = rec.role;
    const root = rec.root || el.getRootNode();
    const labels = labelIndex(root, state.labelCache);
    const name = accessibleName(el, role, root, labels);
    const out = { eid: eidFor(el), role, name, tag };
    let disabled = false;
    let editable = false;
    if (tag === 'input') {
      const type = inputType(el);
      out.input_type = type;
      const t = el.type;
      if (t === 'checkbox' || t === 'radio') {
        out.checked = el.checked;
      } else if (t === 'password') {
        if (el.value) out.value = '•'.repeat(Math.min(el.value.length, 32));
      } else if (t !== 'button' && t !== 'submit' && t !== 'reset' && t !== 'image') {
        if (t === 'file') {
          if (el.files && el.files.length) out.value = Array.from(el.files, (f) => f.name).join(', ');
        } else if (el.value) {
          out.value = cut(el.value, 200);
        }
      }
      disabled = el.matches(':disabled');
      editable = !NON_TEXT_INPUTS.has(t) && !disabled && !el.readOnly;
    } else if (tag === 'textarea') {
      if (el.value) out.value = cut(el.value, 200);
      disabled = el.matches(':disabled');
      editable = !disabled && !el.readOnly;
    } else if (tag === 'select') {
      const labelsSel = Array.from(el.selectedOptions, (o) => norm(o.label));
      if (labelsSel.length) out.value = cut(labelsSel.join(', '), 200);
      const o = optionsOf(el);
      out.options = o.options;
      if (o.total > o.options.length) out.options_total = o.total;
      disabled = el.matches(':disabled');
    } else if (tag === 'button') {
      disabled = el.matches(':disabled');
    } else if (isEditingHost(el)) {
      const v = shortText(el.textContent, 200);
      if (v) out.value = v;
      editable = true;
    }
    if (tag === 'a' && el.hasAttribute('href')) {
      const href = el.href;
      if (href) out.href = typeof href === 'string' ? href : href.baseVal || String(href);
    }
    const ph = el.getAttribute('placeholder');
    if (ph && norm(ph)) out.placeholder = cut(norm(ph), 80);
    const ac = el.getAttribute('autocomplete');
    if (ac) out.autocomplete = ac;
    if (out.checked === undefined) {
      if (role === 'checkbox' || role === 'radio' || role === 'switch' ||
          role === 'menuitemcheckbox' || role === 'menuitemradio') {
        out.checked = ariaBool(el, 'aria-checked') === true;
      } else {
        const pressed = ariaBool(el, 'aria-pressed');
        if (pressed !== undefined) out.checked = pressed;
      }
    }
    if (role === 'option' || role === 'tab' || role === 'treeitem') {
      out.selected = ariaBool(el, 'aria-selected') === true;
    }
    const expanded = expandedState(el, role, tag);
    if (expanded !== undefined) out.expanded = expanded;
    if ((role === 'slider' || role === 'spinbutton') && out.value === undefined) {
      const v = el.getAttribute('aria-valuetext') || el.getAttribute('aria-valuenow') ||
        shownSliderValue(el);
      if (v) out.value = v;
    }
    if (role === 'textbox' || role === 'searchbox') {
      if (tag !== 'input' && tag !== 'textarea' && !editable && el.isContentEditable) editable = true;
    }
    if (ariaBool(el, 'aria-disabled') === true) disabled = true;
    if (el.hasAttribute('aria-readonly') && ariaBool(el, 'aria-readonly') === true) editable = false;
    // Flags travel only when true (the Rust side defaults them to false): a quarter less JSON
    // on big pages.
    if (disabled) out.disabled = true;
    if (el === state.active) out.focused = true;
    if (editable) out.editable = true;
    if (rec.inViewport) out.in_viewport = true;
    const context = contextFor(el, rec, name, state.contextCache);
    if (context) out.context = context;
    const fsub = formSubmitName(el, state.formCache, rec.form);
    if (fsub) out.form_submit = fsub;
    if (rec.frame) out.frame = rec.frame;
    if (rec.inShadow) out.in_shadow = true;
    const icon = iconOf(el);
    if (icon) out.icon = icon;
    out.rect = { x: r1(rec.rect.x), y: r1(rec.rect.y), w: r1(rec.rect.w), h: r1(rec.rect.h) };
    return out;
  }

  function newState() {
    return {
      labelCache: new Map(), formCache: new Map(), contextCache: new Map(), active: deepActiveElement(),
    };
  }

