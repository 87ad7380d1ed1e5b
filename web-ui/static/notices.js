// Error notices above the conversation: the newest MAX_NOTICES stay, each can be dismissed, and
// dismissing one returns the focus to the message box.

import { byId, el } from "./render.js";

const MAX_NOTICES = 3;

/** Shows an error notice: `code` (the server's error code, may be empty) and its message. */
export function showError(code, message) {
  const notices = byId("notices");
  const notice = el(
    "div",
    { className: "notice", testid: "error", attrs: { role: "alert" } },
    el(
      "p",
      { className: "notice-body" },
      code ? el("span", { className: "notice-code", text: code }) : null,
      el("span", { text: message || "Something went wrong." }),
    ),
  );
  const close = el("button", {
    className: "notice-close",
    text: "×",
    attrs: { type: "button", "aria-label": "Dismiss this message" },
    on: {
      click: () => {
        notice.remove();
        byId("composer-input").focus();
      },
    },
  });
  notice.append(close);
  notices.append(notice);
  while (notices.children.length > MAX_NOTICES) {
    notices.firstElementChild?.remove();
  }
}
