  // page_script/05-names.js — Accessible names: label text, aria-labelledby, descendants' alt/aria-label/title for
  // icon-only controls (else the words of their classes), and for a field with none of those the
  // short text right before it.
  // accessibleName(el, role, root, labels) -> the trimmed name ('' when none).
  // (A fragment: the files of page_script/ are concatenated in name order into one script.)

  // ---- accessible names ----------------------------------------------------------------------
  // Text of a label without the values of controls nested in it.
  function labelText(label) {
    let out = '';
    const stack = [label];
    while (stack.length && out.length < 300) {
      const n = stack.pop();
      if (n.nodeType === 3) {
        out += n.nodeValue;
        continue;
      }
      if (n.nodeType !== 1) continue;
      const t = n.localName;
      if (n !== label && (t === 'select' || t === 'textarea' || t === 'script' || t === 'style' ||
          t === 'option' || t === 'datalist')) continue;
      if (t === 'input' && n !== label) continue;
      for (let c = n.lastChild; c; c = c.previousSibling) stack.push(c);
      if (t !== 'span' && t !== 'b' && t !== 'i' && t !== 'em' && t !== 'strong') out += ' ';
    }
    return norm(out);
  }

  // Builds `control -> [label]` for one document or shadow root (once per call).
  function labelIndex(root, cache) {
    let idx = cache.get(root);
    if (idx) return idx;
    idx = new Map();
    for (const lab of root.querySelectorAll('label')) {
      const c = lab.control;
      if (!c) continue;
      const list = idx.get(c);
      if (list) list.push(lab); else idx.set(c, [lab]);
    }
    cache.set(root, idx);
    return idx;
  }

  function textByIds(root, ids) {
    const parts = [];
    for (const id of ids.trim().split(WS)) {
      const ref = root.getElementById ? root.getElementById(id) : null;
      if (!ref) continue;
      const label = ref.getAttribute('aria-label');
      parts.push(label || (LABELABLE.has(ref.localName) ? '' : ref.textContent));
    }
    return norm(parts.join(' '));
  }

  // Visible-ish text content with spaces between block-level children, reading at most about
  // `max * 3` characters (a clickable card can hold a whole article).
  function contentText(el, max) {
    if (!el.firstElementChild) return shortText(el.textContent, max);
    let out = '';
    const limit = max * 3;
    const stack = [el];
    while (stack.length && out.length < limit) {
      const n = stack.pop();
      if (typeof n === 'string') {
        out += n;
        continue;
      }
      if (n.nodeType === 3) {
        out += n.nodeValue;
        continue;
      }
      if (n.nodeType !== 1) continue;
      const t = n.localName;
      if (SKIP_TAGS.has(t) || t === 'select' || t === 'textarea' || t === 'datalist') continue;
      if (n !== el && (n.hasAttribute('hidden') || n.getAttribute('aria-hidden') === 'true')) continue;
      const inline = INLINE_TAGS.has(t);
      if (!inline) stack.push(' ');
      for (let c = n.lastChild; c; c = c.previousSibling) stack.push(c);
      if (!inline) out += ' ';
    }
    return cut(norm(out), max);
  }

  // Name from descendants' alt/aria-label/title when an element has no text (icon buttons).
  function imageName(el) {
    const img = el.querySelector('img[alt]:not([alt=""]), [aria-label]:not([aria-label=""]), svg title');
    if (!img) return '';
    if (img.localName === 'img') return norm(img.getAttribute('alt'));
    if (img.localName === 'title') return norm(img.textContent);
    return norm(img.getAttribute('aria-label'));
  }

  // Class words that say nothing about what a control does (styling, state, icon fonts).
  const CLASS_NOISE = new Set([
    'icon', 'icons', 'btn', 'button', 'fa', 'fas', 'far', 'fal', 'fab', 'glyphicon', 'material',
    'symbols', 'outlined', 'round', 'rounded', 'sharp', 'mdi', 'ion', 'ios', 'svg', 'img', 'image',
    'action', 'actions', 'control', 'controls', 'item', 'link', 'js', 'has', 'active', 'hover',
    'focus', 'selected', 'disabled', 'clickable', 'pointer', 'small', 'large', 'left', 'right',
    'top', 'bottom', 'wrapper', 'container', 'inner', 'outer', 'default', 'primary', 'secondary',
    'light', 'dark', 'solid', 'regular', 'pull', 'float', 'hidden', 'show', 'visible', 'open',
    'closed', 'clicked', 'toggle', 'toggled', 'on', 'off', 'inline', 'block', 'flex', 'col', 'row',
  ]);

  // What an icon-only control is called in its own class list and its icon child's ("fa
  // fa-trash", "<span class=star>"): up to three plain words, '' when none says anything.
  function classWords(el) {
    const words = [];
    const icon = el.firstElementChild && !el.firstElementChild.nextElementSibling
      ? el.firstElementChild : null;
    for (const n of icon ? [el, icon] : [el]) {
      const cls = typeof n.className === 'string' ? n.className : n.getAttribute('class');
      if (!cls) continue;
      for (const w of cls.toLowerCase().split(/[\s_-]+/)) {
        if (w.length < 3 || !/^[a-z]+$/.test(w) || CLASS_NOISE.has(w) || words.includes(w)) continue;
        words.push(w);
      }
    }
    // No class says it: the element's own id ("<span id=send-reply>").
    if (!words.length && el.id) words.push(...idWords(el.id));
    return words.slice(0, 3).join(' ');
  }

  // The plain words of an id ("send-reply" -> send, reply); none when a part is not a word
  // ("btn-1f3a", "ember42" are generated, not names).
  function idWords(id) {
    const parts = id.toLowerCase().split(/[\s_-]+/).filter((w) => w !== '');
    if (!parts.every((w) => /^[a-z]+$/.test(w))) return [];
    return parts.filter((w) => w.length >= 3 && !CLASS_NOISE.has(w));
  }

  function accessibleName(el, role, root, labels) {
    const tag = el.localName;
    let s = '';
    const by = el.getAttribute('aria-labelledby');
    if (by) {
      s = textByIds(root, by);
      if (s) return cut(s, 80);
    }
    s = norm(el.getAttribute('aria-label'));
    if (s) return cut(s, 80);
    const isInput = tag === 'input';
    const type = isInput ? el.type : '';
    const field = (isInput && !NON_TEXT_INPUTS.has(type)) || tag === 'select' ||
      tag === 'textarea' || role === 'textbox' || role === 'searchbox' || role === 'combobox' ||
      role === 'spinbutton' || role === 'slider' || role === 'listbox';
    if (LABELABLE.has(tag)) {
      const list = labels ? labels.get(el) : el.labels;
      if (list && list.length) {
        s = norm(Array.prototype.map.call(list, labelText).join(' '));
        if (s) return cut(s, 80);
      }
    }
    if (isInput && type === 'image') {
      s = norm(el.getAttribute('alt'));
      if (s) return cut(s, 80);
    }
    if (isInput && (type === 'submit' || type === 'reset' || type === 'button')) {
      s = norm(el.value);
      if (s) return cut(s, 80);
      if (type === 'submit') return 'Submit';
      if (type === 'reset') return 'Reset';
    }
    if (isInput && type === 'file') {
      s = norm(el.getAttribute('title'));
      return s ? cut(s, 80) : 'Choose file';
    }
    if (!field) {
      // Content first (as screen readers do): the visible text is what the user sees.
      s = contentText(el, 80);
      // An icon glyph ("⚙", "×") says less than the control's title: the title names it.
      if (s && !/[\p{L}\p{N}]/u.test(s)) {
        const title = norm(el.getAttribute('title'));
        if (title) return cut(title, 80);
      }
      if (s) return s;
      s = imageName(el);
      if (s) return cut(s, 80);
    }
    s = norm(el.getAttribute('title'));
    if (s) return cut(s, 80);
    s = norm(el.getAttribute('placeholder') || el.getAttribute('aria-placeholder') ||
      el.getAttribute('data-placeholder'));
    if (s) return cut(s, 80);
    if (field) return textBefore(el) || textBeside(el);
    return isInput || tag === 'select' || tag === 'textarea' ? '' : classWords(el);
  }

  // Nothing right before the field: the short text before the wrapper that holds only it
  // ("<div>Year</div><div><input></div>"), else the short text right after a field that opens
  // its wrapper ("<div><input><div>Year</div></div>", a caption under the box).
  function textBeside(el) {
    const controls = 'input,select,textarea,button';
    let box = el;
    for (let up = 0; up < 2 && box.parentElement; up++) {
      // (A table's cells are named by their row and column, as context.)
      if (/^(TD|TH)$/.test(box.parentElement.tagName)) break;
      if (box.parentElement.querySelectorAll(controls).length > 1) break;
      box = box.parentElement;
      const t = textBefore(box);
      if (t) return t;
    }
    for (let n = el.previousSibling; n; n = n.previousSibling) {
      if (n.nodeType === 1 || norm(n.nodeValue)) return '';
    }
    for (let n = el.nextSibling; n; n = n.nextSibling) {
      let t = '';
      if (n.nodeType === 3) {
        t = norm(n.nodeValue);
      } else if (n.nodeType === 1) {
        if (n.matches(controls) || n.querySelector(controls)) return '';
        t = norm(n.textContent);
      }
      if (!t) continue;
      t = t.replace(/[:*]+$/, '').trim();
      return t.length <= 40 ? t : '';
    }
    return '';
  }

  // A field with no label, title or placeholder is named by the short text right before it
  // ("Username <input>", "<span>Date:</span> <input>"), as a person reads the form; '' when a
  // control or nothing short stands there.
  function textBefore(el) {
    for (let n = el.previousSibling; n; n = n.previousSibling) {
      let t = '';
      if (n.nodeType === 3) {
        t = norm(n.nodeValue);
      } else if (n.nodeType === 1) {
        if (n.matches('input,select,textarea,button') ||
            n.querySelector('input,select,textarea,button')) return '';
        t = norm(n.textContent);
      }
      if (!t) continue;
      t = t.replace(/[:*]+$/, '').trim();
      return t.length <= 40 ? t : '';
    }
    return '';
  }

