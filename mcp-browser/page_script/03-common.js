  // page_script/03-common.js — Text normalisation (norm, cut, shortText, lower), a frame's readable document (frameDoc), the tag and role tables, and roleOf(el):
  // the implied or explicit ARIA role of an actionable element ('' when it is not actionable).
  // Pure reads of the DOM; no geometry.
  // (A fragment: the files of page_script/ are concatenated in name order into one script.)

  // ---- small helpers -------------------------------------------------------------------------
  const WS = /\s+/g;
  // Whitespace that norm() would change other than at the ends (not a lone plain space).
  const WS_RUN = /[^\S ]| {2}/;
  function norm(s) {
    if (!s) return '';
    const t = String(s);
    return WS_RUN.test(t) ? t.replace(WS, ' ').trim() : t.trim();
  }
  function cut(s, n) {
    return s.length > n ? s.slice(0, n - 1).trimEnd() + '…' : s;
  }
  // Normalised text of a possibly huge string, looking at a bounded prefix only.
  function shortText(s, n) {
    if (!s) return '';
    return cut(norm(s.length > n * 4 ? s.slice(0, n * 4) : s), n);
  }
  function r1(v) {
    return Math.round(v * 10) / 10;
  }
  function lower(s) {
    return s ? s.toLowerCase() : '';
  }
  // The document inside a frame element, or null when the page may not read it (cross-origin).
  function frameDoc(frame) {
    try {
      return frame.contentDocument;
    } catch (_) {
      return null;
    }
  }

  const VIS_OPTS = {
    opacityProperty: true,
    visibilityProperty: true,
    checkOpacity: true,
    checkVisibilityCSS: true,
  };

  const INTERACTIVE_ROLES = new Set([
    'button', 'link', 'checkbox', 'radio', 'tab', 'menuitem', 'menuitemcheckbox',
    'menuitemradio', 'option', 'switch', 'combobox', 'textbox', 'searchbox', 'slider',
    'spinbutton', 'listbox', 'treeitem',
  ]);
  // Never rendered or never holding actionable content we can see into.
  const SKIP_TAGS = new Set([
    'script', 'style', 'noscript', 'template', 'head', 'meta', 'link', 'title', 'base', 'br',
    'wbr', 'hr', 'source', 'track', 'param', 'datalist', 'area', 'map',
  ]);
  // Do not walk children of these (their content is not separately actionable).
  const LEAF_TAGS = new Set([
    'select', 'textarea', 'input', 'option', 'optgroup', 'svg', 'canvas', 'video', 'audio',
    'object', 'embed', 'img', 'picture', 'math', 'progress', 'meter',
  ]);
  const INLINE_TAGS = new Set([
    'a', 'abbr', 'b', 'bdi', 'bdo', 'cite', 'code', 'data', 'dfn', 'em', 'i', 'kbd', 'mark',
    'q', 's', 'samp', 'small', 'span', 'strong', 'sub', 'sup', 'time', 'u', 'var', 'font',
    'img', 'svg', 'del', 'ins', 'nobr', 'tt', 'big',
  ]);
  const TEXT_BLOCK_TAGS = new Set([
    'p', 'li', 'td', 'th', 'label', 'dt', 'dd', 'blockquote', 'figcaption', 'caption',
    'legend', 'pre', 'address',
  ]);
  const HEADING_LEVEL = { h1: 1, h2: 2, h3: 3, h4: 4, h5: 5, h6: 6 };
  const LABELABLE = new Set(['input', 'select', 'textarea', 'button', 'meter', 'output', 'progress']);
  const NON_TEXT_INPUTS = new Set([
    'checkbox', 'radio', 'button', 'submit', 'reset', 'image', 'file', 'range', 'color', 'hidden',
  ]);

  // The type the browser gives the input: an unknown or misspelt type ("input") is a text
  // field, as every browser draws and treats it.
  function inputType(el) {
    return lower(typeof el.type === 'string' ? el.type : el.getAttribute('type')) || 'text';
  }

  function isEditingHost(el) {
    if (!el.hasAttribute('contenteditable')) return false;
    if (!el.isContentEditable) return false;
    const p = el.parentElement;
    return !(p && p.isContentEditable);
  }

  function explicitRole(el) {
    const r = el.getAttribute('role');
    if (!r) return '';
    const first = r.trim().split(WS)[0];
    return lower(first);
  }

  // The implied or explicit ARIA role of an actionable element ('' when not actionable).
  function roleOf(el) {
    return roleFor(el, el.localName, explicitRole(el), true);
  }

  // roleOf() with the explicit role already read; `attrs`: the element has attributes.
  function roleFor(el, tag, r, attrs) {
    if (r && INTERACTIVE_ROLES.has(r)) return r;
    switch (tag) {
      case 'a':
        return attrs && el.hasAttribute('href') ? 'link' : '';
      case 'button':
      case 'summary':
        return 'button';
      case 'select':
        return el.multiple || el.size > 1 ? 'listbox' : 'combobox';
      case 'textarea':
        return 'textbox';
      case 'input': {
        const t = el.type;
        switch (t) {
          case 'hidden':
            return '';
          case 'button': case 'submit': case 'reset': case 'image': case 'file': case 'color':
            return 'button';
          case 'checkbox':
            return el.getAttribute('role') === 'switch' ? 'switch' : 'checkbox';
          case 'radio':
            return 'radio';
          case 'range':
            return 'slider';
          case 'number':
            return 'spinbutton';
          case 'search':
            return attrs && el.hasAttribute('list') ? 'combobox' : 'searchbox';
          default:
            return attrs && el.hasAttribute('list') ? 'combobox' : 'textbox';
        }
      }
      default:
        if (attrs && isEditingHost(el)) return 'textbox';
        return attrs && sliderHandle(el) ? 'slider' : ''; // 03-slider.js
    }
  }

