// The fixed audit `validate_html` runs in the page (never caller-supplied code). It returns a
// JSON string with measured facts; the Rust side turns them into the report.
(() => {
  const LIMIT = 50;
  const describe = (el) => {
    let text = el.tagName.toLowerCase();
    if (el.id) text += '#' + el.id;
    const cls = (el.getAttribute('class') || '').trim().split(/\s+/).filter(Boolean).slice(0, 2);
    if (cls.length) text += '.' + cls.join('.');
    const label = (el.getAttribute('aria-label') || el.textContent || el.getAttribute('alt') || el.getAttribute('src') || '').trim().replace(/\s+/g, ' ');
    if (label) text += ' "' + label.slice(0, 40) + '"';
    return text;
  };
  const visible = (el) => {
    const style = getComputedStyle(el);
    if (style.display === 'none' || style.visibility === 'hidden' || Number(style.opacity) === 0) return false;
    const rect = el.getBoundingClientRect();
    return rect.width > 0 && rect.height > 0;
  };
  const parse = (color) => {
    const m = color.match(/rgba?\(([^)]+)\)/);
    if (!m) return null;
    const parts = m[1].split(/[ ,\/]+/).filter(Boolean).map(Number);
    return { r: parts[0], g: parts[1], b: parts[2], a: parts.length > 3 ? parts[3] : 1 };
  };
  const blend = (top, bottom) => ({
    r: top.r * top.a + bottom.r * (1 - top.a),
    g: top.g * top.a + bottom.g * (1 - top.a),
    b: top.b * top.a + bottom.b * (1 - top.a),
    a: 1,
  });
  const background = (el) => {
    const layers = [];
    for (let node = el; node && node.nodeType === 1; node = node.parentElement) {
      const bg = parse(getComputedStyle(node).backgroundColor);
      if (bg && bg.a > 0) {
        layers.push(bg);
        if (bg.a >= 1) break;
      }
    }
    let color = { r: 255, g: 255, b: 255, a: 1 };
    for (let i = layers.length - 1; i >= 0; i--) color = blend(layers[i], color);
    return color;
  };
  const luminance = (c) => {
    const channel = (v) => {
      v /= 255;
      return v <= 0.04045 ? v / 12.92 : Math.pow((v + 0.055) / 1.055, 2.4);
    };
    return 0.2126 * channel(c.r) + 0.7152 * channel(c.g) + 0.0722 * channel(c.b);
  };
  const ratio = (a, b) => {
    const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
    return (hi + 0.05) / (lo + 0.05);
  };
  const hex = (c) => '#' + [c.r, c.g, c.b].map((v) => Math.round(v).toString(16).padStart(2, '0')).join('');

  const meta = document.querySelector('meta[name="viewport"]');
  const viewport = !!meta && /width\s*=\s*device-width/i.test(meta.getAttribute('content') || '');
  // The layout viewport: without a viewport meta a phone zooms out, so innerWidth would grow.
  const width = document.documentElement.clientWidth;
  const scrollWidth = Math.max(document.documentElement.scrollWidth, document.body ? document.body.scrollWidth : 0);
  const overflowing = [];
  for (const el of document.body ? document.body.querySelectorAll('*') : []) {
    if (overflowing.length >= LIMIT) break;
    const rect = el.getBoundingClientRect();
    if (rect.right > width + 1 && visible(el) && !(el.parentElement && el.parentElement.getBoundingClientRect().right > width + 1)) {
      overflowing.push(describe(el));
    }
  }

  const touch = [];
  const interactive = 'a[href], button, input:not([type="hidden"]), select, textarea, summary, [role="button"], [role="link"], [onclick], [tabindex]:not([tabindex="-1"])';
  for (const el of document.querySelectorAll(interactive)) {
    if (!visible(el)) continue;
    const style = getComputedStyle(el);
    const parent = el.parentElement;
    // Links inside a sentence are exempt (WCAG 2.5.8 inline exception).
    if (el.tagName === 'A' && style.display === 'inline' && parent && parent.textContent.trim().length > el.textContent.trim().length) continue;
    const rect = el.getBoundingClientRect();
    if (rect.width < 44 || rect.height < 44) {
      touch.push({ element: describe(el), width: Math.round(rect.width * 10) / 10, height: Math.round(rect.height * 10) / 10 });
    }
  }

  const smallText = [];
  const contrast = [];
  const walker = document.createTreeWalker(document.body || document.documentElement, NodeFilter.SHOW_TEXT);
  const seen = new Set();
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const el = node.parentElement;
    if (!el || seen.has(el) || !node.textContent.trim()) continue;
    if (['SCRIPT', 'STYLE', 'NOSCRIPT', 'TEMPLATE'].includes(el.tagName)) continue;
    seen.add(el);
    if (!visible(el)) continue;
    const style = getComputedStyle(el);
    const size = parseFloat(style.fontSize);
    if (size < 12) smallText.push({ element: describe(el), font_size_px: size });
    const fg = parse(style.color);
    if (!fg) continue;
    const bg = background(el);
    const shown = blend(fg, bg);
    const r = ratio(shown, bg);
    const bold = Number(style.fontWeight) >= 700;
    const large = size >= 24 || (bold && size >= 18.66);
    const needed = large ? 3 : 4.5;
    if (r < needed) {
      contrast.push({ element: describe(el), ratio: Math.round(r * 100) / 100, required: needed, foreground: hex(shown), background: hex(bg) });
    }
  }

  const images = [];
  for (const el of document.querySelectorAll('img:not([alt]), input[type="image"]:not([alt])')) images.push(describe(el));

  const links = [];
  for (const a of document.querySelectorAll('a[href]')) links.push({ element: describe(a), href: a.href });

  const unlabelled = [];
  for (const el of document.querySelectorAll('input:not([type="hidden"]):not([type="submit"]):not([type="button"]):not([type="reset"]), select, textarea')) {
    const named = (el.labels && el.labels.length > 0) || el.getAttribute('aria-label') || el.getAttribute('aria-labelledby') || el.getAttribute('title');
    if (!named) unlabelled.push(describe(el));
  }
  const anchors = [];
  for (const a of document.querySelectorAll('a[href^="#"]')) {
    const id = decodeURIComponent(a.getAttribute('href').slice(1));
    if (id && !document.getElementById(id)) anchors.push({ element: describe(a), href: a.href });
  }

  const sheet = [...document.querySelectorAll('link[rel~="stylesheet"]')].some((l) => /(^|\/)design-system\.css(\?|#|$)/.test(l.getAttribute('href') || ''));
  const loaded = getComputedStyle(document.documentElement).getPropertyValue('--color-primary').trim() !== '';

  return JSON.stringify({
    title: document.title,
    viewport_meta: viewport,
    viewport_width: width,
    scroll_width: scrollWidth,
    overflowing,
    touch_targets: touch,
    small_text: smallText,
    contrast,
    images_without_alt: images,
    links,
    unlabelled_controls: unlabelled,
    missing_anchors: anchors,
    design_system_linked: sheet,
    design_system_loaded: loaded,
  });
})()
