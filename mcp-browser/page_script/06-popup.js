  // page_script/06-popup.js — The open state of an item that has a popup of its own but does not
  // say whether it is open (`aria-haspopup` without `aria-expanded` or `aria-controls`): a menu
  // item whose submenu is its own next list (jQuery-UI-like menus put `aria-expanded` on the
  // submenu, not on the item). popupShown(el) -> true | false | undefined: whether that popup
  // shows; undefined when the item names no popup or none is found beside it.
  // (A fragment: the files of page_script/ are concatenated in name order into one script.)

  const POPUP_LISTS = 'ul, ol, [role="menu"], [role="listbox"], [role="tree"], [role="grid"], [role="dialog"]';

  function popupShown(el) {
    const has = el.getAttribute('aria-haspopup');
    if (!has || has === 'false') return undefined;
    const popup = el.querySelector(POPUP_LISTS) || siblingPopup(el);
    if (!popup) return undefined;
    return popup.checkVisibility(VIS_OPTS) && visibleBox(popup, null, true) !== null;
  }

  // The list that follows `el` inside its own parent (the item's submenu).
  function siblingPopup(el) {
    for (let n = el.nextElementSibling; n; n = n.nextElementSibling) {
      if (n.matches(POPUP_LISTS)) return n;
    }
    return null;
  }
