// The Projects panel: every project the daemon keeps (`projects` frame), latest activity first,
// each with its name, when it was last worked on, whether it has a site and how many runs. The
// person opens one (the page attaches to it: its live session, or a new one that goes on from
// what the project remembers), renames it, or deletes it after a confirm that says what goes.
// "New project" starts a fresh one. A project with saved logins (browser cookies and storage)
// says so, and the person can forget them. A project with a site can be downloaded as a zip
// (`site_download.js`). Names are shown as text only.

import { byId, el, str } from "./render.js";
import { downloadSite } from "./site_download.js";

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** "just now", "5 min ago", "3 h ago", "2 days ago", then the date. */
export function activityText(unixMs, now = Date.now()) {
  const ago = Math.max(0, now - unixMs);
  if (ago < MINUTE) {
    return "just now";
  }
  if (ago < HOUR) {
    return `${Math.floor(ago / MINUTE)} min ago`;
  }
  if (ago < DAY) {
    return `${Math.floor(ago / HOUR)} h ago`;
  }
  if (ago < 7 * DAY) {
    const days = Math.floor(ago / DAY);
    return days === 1 ? "yesterday" : `${days} days ago`;
  }
  return new Date(unixMs).toLocaleDateString();
}

function nameOf(project) {
  return str(project.name) || "Untitled project";
}

/**
 * Creates the panel. `send(frame)` sends a frame; `currentId()` is the project the page shows.
 */
export function createProjectsPanel({ send, currentId }) {
  const panel = byId("projects");
  const list = byId("projects-list");
  const empty = byId("projects-empty");
  const toggle = byId("projects-toggle");
  let projects = [];
  // The row being renamed or asked to confirm a delete: {id, mode: "rename" | "delete"}.
  let editing = null;

  function setOpen(open) {
    panel.hidden = !open;
    toggle.setAttribute("aria-expanded", open ? "true" : "false");
    if (open) {
      send({ type: "projects" });
    }
  }

  function act(text, className, onClick, label) {
    return el("button", {
      className: `btn ${className}`,
      text,
      attrs: { type: "button", "aria-label": label || null },
      on: { click: onClick },
    });
  }

  function renameForm(project) {
    const input = el("input", {
      className: "project-name-input",
      attrs: { type: "text", value: nameOf(project), maxlength: "80", "aria-label": "New name" },
    });
    const form = el(
      "form",
      {
        className: "project-rename",
        on: {
          submit: (event) => {
            event.preventDefault();
            const name = input.value.trim();
            if (name) {
              send({ type: "rename_project", project_id: project.id, name });
              editing = null;
            }
          },
        },
      },
      input,
      el("button", { className: "btn btn-primary", text: "Save", attrs: { type: "submit" } }),
      act("Cancel", "btn-ghost", () => {
        editing = null;
        render();
      }),
    );
    window.setTimeout(() => input.select(), 0);
    return form;
  }

  function deleteConfirm(project) {
    return el(
      "div",
      { className: "project-confirm", attrs: { role: "alert" } },
      el("p", {
        text: `Delete “${nameOf(project)}”? Its conversation, history, site and saved logins are removed for good.`,
      }),
      act("Delete for good", "btn-deny", () => {
        send({ type: "delete_project", project_id: project.id });
        editing = null;
      }),
      act("Keep it", "btn-ghost", () => {
        editing = null;
        render();
      }),
    );
  }

  function row(project) {
    const id = str(project.id);
    const open = id === currentId();
    const facts = [
      activityText(Number(project.updated_at) || 0),
      `${Number(project.runs) || 0} ${Number(project.runs) === 1 ? "run" : "runs"}`,
    ];
    const name = nameOf(project);
    const item = el(
      "li",
      { className: "project", attrs: { "data-open": open ? "true" : "false" } },
      el(
        "div",
        { className: "project-head" },
        el("span", { className: "project-name", text: name }),
        project.has_site ? el("span", { className: "badge project-site", text: "site" }) : null,
        project.has_logins
          ? el("span", { className: "badge project-logins", text: "logins saved" })
          : null,
        open ? el("span", { className: "badge project-current", text: "open here" }) : null,
      ),
      el("p", { className: "project-facts", text: facts.join(" · ") }),
    );
    if (editing && editing.id === id) {
      item.append(editing.mode === "rename" ? renameForm(project) : deleteConfirm(project));
      return item;
    }
    item.append(
      el(
        "div",
        { className: "project-actions" },
        open
          ? null
          : act("Open", "btn-primary", () => {
              send({ type: "attach", project_id: id });
              setOpen(false);
            }, `Open ${name}`),
        act("Rename", "btn-ghost", () => {
          editing = { id, mode: "rename" };
          render();
        }, `Rename ${name}`),
        project.has_site
          ? act("Download the site", "btn-ghost", () => {
              downloadSite(id, name);
            }, `Download the site of ${name}`)
          : null,
        project.has_logins
          ? act("Forget logins", "btn-ghost", () => {
              send({ type: "forget_logins", project_id: id });
            }, `Forget logins of ${name}`)
          : null,
        act("Delete", "btn-danger-ghost", () => {
          editing = { id, mode: "delete" };
          render();
        }, `Delete ${name}`),
      ),
    );
    return item;
  }

  function render() {
    list.replaceChildren(...projects.map(row));
    empty.hidden = projects.length > 0;
  }

  toggle.addEventListener("click", () => setOpen(panel.hidden));
  byId("projects-close").addEventListener("click", () => setOpen(false));
  byId("projects-new").addEventListener("click", () => {
    send({ type: "attach" });
    setOpen(false);
  });

  return {
    /** Shows the daemon's list (a `projects` frame). */
    show(items) {
      projects = Array.isArray(items) ? items.filter((p) => p && typeof p === "object") : [];
      if (editing && !projects.some((p) => str(p.id) === editing.id)) {
        editing = null;
      }
      render();
    },
    /** The page now shows another project: the list marks it (when open). */
    refresh() {
      if (!panel.hidden) {
        send({ type: "projects" });
      }
    },
  };
}
