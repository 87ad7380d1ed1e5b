  // page_script/03-slider.js — A slider drawn without ARIA: a focusable handle (its class says
  // handle, thumb or knob) inside a track (its class says slider, range or track), as jQuery UI and
  // many hand-made widgets draw it, is a `slider`; its value is the number the page shows
  // beside the track when the handle carries no aria-valuenow.
  // (A fragment: the files of page_script/ are concatenated in name order into one script.)
  //
  // Contract: sliderHandle(el) is true only for an element with a tabindex whose class names a
  // handle and whose parent or grandparent's class names a slider or its track; shownSliderValue(el) is the
  // text of the nearest element sibling of the track (after it first, then before it) that
  // shows only a number, or '' when there is none. Both read classes and text, never styles.

  const HANDLE_CLASS = /(^|[-_\s])(handle|thumb|knob)($|[-_\s])/i;
  const TRACK_CLASS = /(^|[-_\s])(slider|range|track)($|[-_\s])/i;
  const NUMBER_TEXT = /^[-+\u2212]?\d+(?:[.,]\d+)?$/;

  function classText(el) {
    const c = el && el.getAttribute && el.getAttribute('class');
    return c || '';
  }

  // The track that holds handle `el` (its parent or grandparent), or null.
  function sliderTrack(el) {
    let up = el.parentElement;
    for (let i = 0; i < 2 && up; i++, up = up.parentElement) {
      if (TRACK_CLASS.test(classText(up))) return up;
    }
    return null;
  }

  function sliderHandle(el) {
    if (!el.hasAttribute('tabindex') || el.tabIndex < 0) return false;
    return HANDLE_CLASS.test(classText(el)) && sliderTrack(el) !== null;
  }

  function shownSliderValue(el) {
    const track = sliderTrack(el);
    if (!track) return '';
    for (const step of ['nextElementSibling', 'previousElementSibling']) {
      for (let s = track[step], n = 0; s && n < 2; s = s[step], n++) {
        const text = norm(s.textContent || '');
        if (NUMBER_TEXT.test(text)) return text.replace('\u2212', '-');
      }
    }
    return '';
  }
