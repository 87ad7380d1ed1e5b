// The Site pages panel: the pages the site studio built in this session, each with its title,
// version, a link that opens it and its validation summary. Hidden while there are none.

import { el, str } from "./render.js";

/** Lists session `sessionId`'s site pages (fetched from the daemon); keeps the list on failure. */
export async function refreshSitePages(sessionId) {
  const panel = document.getElementById("site-pages");
  const list = document.getElementById("site-pages-list");
  if (!panel || !list || !sessionId) return;
  let pages = [];
  try {
    const response = await fetch(`/sites/${encodeURIComponent(sessionId)}/pages.json`, {
      cache: "no-store",
    });
    if (!response.ok) return;
    const body = await response.json();
    pages = Array.isArray(body.pages) ? body.pages : [];
  } catch {
    return;
  }
  list.replaceChildren(
    ...pages.map((page) => {
      const url = str(page.url);
      const safe = url.startsWith("/sites/") ? url : "#";
      const validation = str(page.validation) || "not validated yet";
      const passed = validation.includes("no violations");
      return el(
        "li",
        { className: "site-page" },
        el(
          "a",
          { attrs: { href: safe, target: "_blank", rel: "noopener noreferrer" }, testid: "site-page-link" },
          str(page.title) || str(page.slug),
        ),
        el("span", { className: "site-page-version" }, `v${Number(page.version) || 0}`),
        el("p", { className: passed ? "site-page-check ok" : "site-page-check" }, validation),
      );
    }),
  );
  panel.hidden = pages.length === 0;
}
