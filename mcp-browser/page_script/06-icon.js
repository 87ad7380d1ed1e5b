  // page_script/06-icon.js — iconOf(el): the icon that marks an element, in words ('trash',
  // 'seek-start', 'gear'), or undefined. Read from the element itself or the first icon among its
  // few descendants (never inside a control or list nested in it): an icon font's class
  // (Font Awesome `fa-trash`, Bootstrap Icons `bi-gear`, jQuery UI `ui-icon-disk`, Glyphicons,
  // Material Design Icons, Boxicons, Remix, Ionicons, Line Awesome, Tabler, Lucide, Feather,
  // Octicons, a generic `icon-trash`), a Material Icons / Symbols ligature (`<span
  // class="material-icons">delete</span>`), `data-icon` and the like, an `<ion-icon name>`, or
  // an `<svg>`'s own title, label or sprite reference (`<use href="#icon-trash">`).
  // Pure reads of the DOM; the name is cut to 40 characters, separators kept as '-'.
  // (A fragment: the files of page_script/ are concatenated in name order into one script.)

  // Class prefixes of icon fonts, longest first (a token PREFIX + NAME names the icon NAME).
  const ICON_PREFIXES = [
    'icon-tabler-', 'glyphicon-', 'ui-icon-', 'octicon-', 'codicon-', 'feather-', 'lucide-',
    'tabler-', 'icon-', 'mdi-', 'bxs-', 'bxl-', 'ion-', 'bx-', 'bi-', 'fa-', 'la-', 'ti-', 'ri-',
  ];
  // Tokens after a prefix that style an icon rather than name it (sizes, animations, styles,
  // the layout words of generic `icon-…` classes).
  const ICON_MODIFIER = new RegExp('^(\\d+x|\\d*x[sl]|sm|md|lg|xl|fw|li|ul|spin|pulse|border|' +
    'inverse|stack(-\\dx)?|pull-(left|right|start|end)|flip(-\\w+)?|rotate-\\w+|rotate-by|' +
    'beat(-fade)?|bounce|fade|shake|spin-\\w+|solid|regular|light|thin|duotone|brands|sharp|' +
    'layers(-\\w+)?|classic|\\d+px|size-\\w+|wrapper|container|wrap|holder|box|button|btn|' +
    'left|right|only|text|small|large|big|white|black|inline|block|before|after|label|link|' +
    'bar|group|list|item|color|primary|secondary|muted|active|disabled)$');
  // Style suffixes of one icon's variants (`fa-trash-o`, `bi-gear-fill`, `ri-delete-bin-line`).
  const ICON_VARIANT = /-(o|fill|filled|line|outline|outlined|round|rounded|sharp|solid|two-?tone)$/;
  const ICON_WORD = /^[a-z][a-z0-9]*([-_:][a-z0-9]+)*$/i;
  // Attributes whose value is an icon's name.
  const ICON_ATTRS = ['data-icon', 'data-lucide', 'data-feather', 'data-eva', 'icon'];
  // Descendants looked at, and how deep (an icon sits at the start or end of its control).
  const ICON_BUDGET = 12;
  const ICON_DEPTH = 3;
  // Nested controls and lists keep their own icons.
  const ICON_STOP = new Set(['a', 'button', 'input', 'select', 'textarea', 'ul', 'ol', 'table']);

  function iconWord(raw) {
    let w = lower(norm(raw)).replace(/^(mdi|fa[srlbd]?|bi|ph|tabler|lucide|heroicons?)[:]/, '');
    if (!ICON_WORD.test(w)) return '';
    w = w.replace(/[_:]/g, '-');
    const plain = w.replace(ICON_VARIANT, '');
    return cut(plain || w, 40);
  }

  // The icon `node` itself draws, or ''.
  function ownIcon(node) {
    const tag = node.localName;
    if (node.hasAttributes()) {
      for (const a of ICON_ATTRS) {
        const v = node.getAttribute(a);
        if (v && (a !== 'icon' || tag.indexOf('-') >= 0)) {
          const w = iconWord(v);
          if (w) return w;
        }
      }
      if (tag === 'ion-icon' || tag === 'mat-icon') {
        const w = iconWord(node.getAttribute('name') || node.getAttribute('svgicon') ||
          node.getAttribute('fonticon') || '');
        if (w) return w;
      }
      const cls = node.getAttribute('class');
      if (cls) {
        const tokens = cls.split(/\s+/);
        for (const t of tokens) {
          // A Material Icons / Symbols font draws its ligature text.
          if (/^material-(icons|symbols)(-|$)/.test(t)) {
            const w = iconWord(node.textContent);
            if (w) return w;
          }
        }
        for (const t of tokens) {
          const p = ICON_PREFIXES.find((x) => t.length > x.length && t.startsWith(x));
          if (!p) continue;
          let rest = lower(t.slice(p.length));
          if (p === 'ion-') rest = rest.replace(/^(ios|md|android)-/, '');
          if (ICON_MODIFIER.test(rest)) continue;
          const w = iconWord(rest);
          if (w) return w;
        }
      }
    }
    if (tag === 'mat-icon') return iconWord(node.textContent);
    if (tag === 'svg') {
      const label = node.getAttribute('aria-label');
      if (label) return iconWord(label.replace(/\s+/g, '-'));
      for (let c = node.firstElementChild; c; c = c.nextElementSibling) {
        if (c.localName === 'title') return iconWord(norm(c.textContent).replace(/\s+/g, '-'));
        if (c.localName === 'use') {
          const ref = c.getAttribute('href') || c.getAttribute('xlink:href') || '';
          const at = ref.lastIndexOf('#');
          if (at >= 0) return iconWord(ref.slice(at + 1).replace(/^(icon|i|ico|svg)[-_]/, ''));
        }
      }
    }
    return '';
  }

  // The icon that marks `el` (see the fragment's comment), or undefined.
  function iconOf(el) {
    const own = ownIcon(el);
    if (own) return own;
    let budget = ICON_BUDGET;
    const visit = (parent, depth) => {
      for (let c = parent.firstElementChild; c && budget > 0; c = c.nextElementSibling) {
        budget--;
        if (ICON_STOP.has(c.localName)) continue;
        const w = ownIcon(c);
        if (w) {
          // A hidden icon (the other state of a toggle) does not mark the element.
          if (c.checkVisibility(VIS_OPTS)) return w;
          continue;
        }
        if (depth < ICON_DEPTH && c.localName !== 'svg') {
          const inner = visit(c, depth + 1);
          if (inner) return inner;
        }
      }
      return '';
    };
    return visit(el, 1) || undefined;
  }
