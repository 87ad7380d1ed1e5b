  // page_script/13-install.js — Install: every API function is wrapped so it never throws, and the frozen API is put on
  // `window.__tandem` for this document. Closes the function opened in 01-begin.js.
  // (A fragment: the files of page_script/ are concatenated in name order into one script.)

  // ---- install -------------------------------------------------------------------------------
  function guarded(fn) {
    return function guardedCall(...args) {
      try {
        return fn(...args);
      } catch (e) {
        return fail('internal', String((e && e.stack) || e).slice(0, 500));
      }
    };
  }

  const api = {
    snapshot: guarded(snapshot),
    locate: guarded(locate),
    click_landed: guarded(clickLanded),
    describe: guarded(describe),
    focus: guarded(focusEl),
    clear: guarded(clear),
    select_option: guarded(selectOption),
    set_value: guarded(setValue),
    has_text: (text) => {
      try {
        return hasText(text);
      } catch (_) {
        return false;
      }
    },
    find: guarded(find),
    scroll: guarded(scroll),
    hover_watch: guarded(hoverWatch),
    hover_change: guarded(hoverChange),
  };
  Object.defineProperty(api, '__doc', { value: document });
  Object.defineProperty(api, 'version', { value: 1 });
  Object.freeze(api);
  Object.defineProperty(window, '__tandem', { value: api, configurable: true, writable: false });
})();
