// Scrolling as the conversation grows: a list follows its newest item only when the person was
// already at its bottom, and motion is smooth unless they asked for reduced motion.

const reducedMotion = window.matchMedia("(prefers-reduced-motion: reduce)");

/** "smooth", or "auto" when the person prefers reduced motion. */
export function scrollBehavior() {
  return reducedMotion.matches ? "auto" : "smooth";
}

/** Call before appending to `list`; returns a function that scrolls to `item` if we were at the bottom. */
export function keepAtBottom(list) {
  const scrolls = list.scrollHeight > list.clientHeight + 1;
  const nearList = list.scrollHeight - list.scrollTop - list.clientHeight < 80;
  const doc = document.scrollingElement || document.documentElement;
  const nearPage = doc.scrollHeight - doc.scrollTop - window.innerHeight < 160;
  return (item) => {
    if (list.scrollHeight > list.clientHeight + 1 && (!scrolls || nearList)) {
      list.scrollTop = list.scrollHeight;
    } else if (!scrolls && nearPage && getComputedStyle(list).overflowY === "visible") {
      item.scrollIntoView({ block: "nearest", behavior: scrollBehavior() });
    }
  };
}
