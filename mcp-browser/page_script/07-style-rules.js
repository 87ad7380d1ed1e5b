  // page_script/07-style-rules.js — The document's style rules, read once per document for the
  // walk: the cursor plan (see 07-walk.js, "Cursor") and the hover selectors of
  // 07-hover-pointer.js come from the same pass.
  // (A fragment: the files of page_script/ are concatenated in name order into one script.)

  function declaresCursor(style) {
    return !!style && (style.getPropertyValue('cursor') !== '' || style.getPropertyValue('all') !== '');
  }

  // One pass over the document's readable rules fills `acc`: `sels` the selectors of rules that
  // may set the cursor, `hover` those of hover rules that set it to pointer (noteHoverPointer),
  // `whole` false once the cursor rules cannot be summarised as "top-level selectors that may
  // set the cursor" (the pass goes on for the hover rules), or the budget ran out.
  function scanSheet(sheet, acc) {
    let rules;
    try {
      rules = sheet.cssRules;
    } catch (_) {
      acc.whole = false; // cross-origin: unreadable
      return;
    }
    if (rules) scanRules(rules, false, acc);
  }

  function scanRules(rules, nested, acc) {
    for (let i = 0; i < rules.length; i++) {
      if (--acc.budget < 0) {
        acc.whole = false;
        return;
      }
      const r = rules[i];
      noteHoverPointer(r, acc.hover);
      switch (r.constructor.name) {
        case 'CSSStyleRule':
          if (declaresCursor(r.style)) {
            if (nested) acc.whole = false;
            else acc.sels.push(r.selectorText);
          }
          if (r.cssRules && r.cssRules.length) scanRules(r.cssRules, true, acc);
          break;
        case 'CSSImportRule':
          if (r.styleSheet) scanSheet(r.styleSheet, acc);
          break;
        case 'CSSMediaRule': case 'CSSSupportsRule': case 'CSSContainerRule':
        case 'CSSLayerBlockRule': case 'CSSStartingStyleRule':
          // Conditions are ignored: listing too many elements is harmless.
          scanRules(r.cssRules, nested, acc);
          break;
        case 'CSSFontFaceRule': case 'CSSNamespaceRule': case 'CSSLayerStatementRule':
        case 'CSSPropertyRule': case 'CSSCounterStyleRule': case 'CSSFontPaletteValuesRule':
        case 'CSSFontFeatureValuesRule': case 'CSSViewTransitionRule': case 'CSSPositionTryRule':
        case 'CSSPageRule':
          break;
        default:
          // @scope, @keyframes, nested declarations and rules this script does not know.
          if (r.style && declaresCursor(r.style)) acc.whole = false;
          if (r.cssRules && r.cssRules.length) scanRules(r.cssRules, true, acc);
      }
    }
  }

  // The document's styles, read in one pass: `plan` the cursor plan, `hover` the hover plan
  // (07-hover-pointer.js), whose elements join the plan's list.
  function stylePlans(doc) {
    const acc = { budget: CURSOR_RULE_BUDGET, sels: [], hover: [], whole: true };
    try {
      const sheets = Array.from(doc.styleSheets || []).concat(Array.from(doc.adoptedStyleSheets || []));
      for (const sheet of sheets) scanSheet(sheet, acc);
    } catch (_) {
      acc.whole = false;
    }
    const plan = cursorPlan(doc, acc);
    return { plan, hover: hoverPlan(doc, acc.hover, plan) };
  }

  // {set}: the elements of `doc` matched by author rules that may set their cursor (set null
  // when there are none), or null when the document's CSS cannot be summarised that way.
  function cursorPlan(doc, acc) {
    try {
      if (!acc.whole || acc.sels.length > CURSOR_SELECTOR_LIMIT) return null;
      const anims = doc.getAnimations ? doc.getAnimations() : [];
      for (let i = 0; i < anims.length; i++) {
        const eff = anims[i].effect;
        if (!eff) continue;
        if (typeof eff.getKeyframes !== 'function') return null;
        for (const kf of eff.getKeyframes()) if ('cursor' in kf || 'all' in kf) return null;
      }
      if (!acc.sels.length) return { set: null };
      const set = new Set();
      for (const el of doc.querySelectorAll(acc.sels.join(','))) set.add(el);
      return { set };
    } catch (_) {
      return null;
    }
  }
