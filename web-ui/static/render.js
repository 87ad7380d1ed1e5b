// DOM building. Every piece of server, model or page text goes in through text nodes only
// (textContent, createTextNode): no markup is ever parsed from data here.

/**
 * Creates an element. `props`: `className`, `text`, `testid`, `attrs` (plain attributes; never
 * event handlers), `on` (event listeners). Children: nodes or strings (as text nodes).
 */
export function el(tag, props = {}, ...children) {
  const node = document.createElement(tag);
  if (props.className) {
    node.className = props.className;
  }
  if (props.testid) {
    node.dataset.testid = props.testid;
  }
  if (props.attrs) {
    for (const [name, value] of Object.entries(props.attrs)) {
      if (value === null || value === undefined || value === false) {
        continue;
      }
      if (/^on/i.test(name)) {
        throw new Error(`refusing event handler attribute ${name}`);
      }
      node.setAttribute(name, value === true ? "" : String(value));
    }
  }
  if (props.on) {
    for (const [event, handler] of Object.entries(props.on)) {
      node.addEventListener(event, handler);
    }
  }
  if (props.text !== undefined && props.text !== null) {
    node.textContent = String(props.text);
  }
  for (const child of children) {
    if (child === null || child === undefined || child === false) {
      continue;
    }
    node.append(typeof child === "string" ? document.createTextNode(child) : child);
  }
  return node;
}

/** The page's element with this id; throws when the page lacks it, so a broken page fails at
 *  start instead of later. */
export function byId(id) {
  const node = document.getElementById(id);
  if (!node) {
    throw new Error(`missing #${id}`);
  }
  return node;
}

/** A string for display: anything else becomes "". */
export function str(value) {
  if (typeof value === "string") {
    return value;
  }
  if (typeof value === "number" || typeof value === "boolean") {
    return String(value);
  }
  return "";
}

const SCREENSHOT_RE = /^data:image\/(?:png|jpeg);base64,[A-Za-z0-9+/]+={0,2}$/;

/** True for the only screenshot URLs the page accepts: base64 PNG or JPEG data URLs. */
export function isSafeScreenshot(url) {
  return typeof url === "string" && SCREENSHOT_RE.test(url);
}

function timeLabel(date) {
  return date.toLocaleTimeString([], { hour: "2-digit", minute: "2-digit" });
}

/** A chat message. `who`: "user" | "agent" | "system". */
export function messageItem(who, text, { outcome = null, at = new Date() } = {}) {
  const label = who === "user" ? "You" : who === "agent" ? "Tandem" : "";
  const meta =
    who === "system"
      ? null
      : el(
          "p",
          { className: "msg-meta" },
          `${label} · ${timeLabel(at)}`,
          outcome
            ? el("span", {
                className: "outcome",
                text: outcome,
                attrs: { "data-outcome": outcome },
              })
            : null,
        );
  return el(
    "li",
    { className: `msg msg-${who}`, attrs: { "data-role": who, "data-at": String(at.getTime()) } },
    who === "system" ? null : el("span", { className: "visually-hidden", text: `${label}: ` }),
    meta,
    el("p", { className: "msg-body", text: text }),
  );
}

const STEP_ICONS = { success: "✓", error: "✕", pending: "…" };
const STEP_WORDS = { success: "succeeded", error: "failed", pending: "pending" };

/** One timeline entry from a `step` frame. */
export function stepItem(step) {
  const result = ["success", "error", "pending"].includes(step.result) ? step.result : "pending";
  const ms = Number.isFinite(step.elapsed_ms) ? Math.max(0, Math.round(step.elapsed_ms)) : null;
  const stepId = str(step.step_id);
  const attrs = stepId ? { "data-result": result, "data-step-id": stepId } : { "data-result": result };
  return el(
    "li",
    { className: "step", attrs },
    el("span", { className: "step-icon", text: STEP_ICONS[result], attrs: { "aria-hidden": "true" } }),
    el(
      "div",
      { className: "step-main" },
      el("div", { className: "step-node", text: str(step.node) }),
      el("div", { className: "step-summary", text: str(step.summary) }),
      el("span", { className: "visually-hidden", text: ` (${STEP_WORDS[result]})` }),
    ),
    el("span", { className: "step-time", text: ms === null ? "" : formatMs(ms) }),
  );
}

export function formatMs(ms) {
  if (ms < 1000) {
    return `${ms} ms`;
  }
  return `${(ms / 1000).toFixed(ms < 10000 ? 2 : 1)} s`;
}

/**
 * The URL as text with its host in <strong>, so the person sees which site an action goes
 * to. Falls back to plain text when the host is not found in the URL after the scheme.
 */
export function urlWithHost(url, host) {
  const text = str(url);
  const wrap = el("span", { className: "url" });
  let hostName = str(host);
  if (!hostName) {
    try {
      hostName = new URL(text).hostname;
    } catch {
      hostName = "";
    }
  }
  const schemeEnd = text.indexOf("://");
  const from = schemeEnd >= 0 ? schemeEnd + 3 : 0;
  const at = hostName ? text.toLowerCase().indexOf(hostName.toLowerCase(), from) : -1;
  // The host must sit in the authority part, before the first '/', '?' or '#'.
  const authorityEnd = (() => {
    const rest = text.slice(from).search(/[/?#]/);
    return rest < 0 ? text.length : from + rest;
  })();
  if (at < 0 || at + hostName.length > authorityEnd) {
    wrap.append(document.createTextNode(text));
    return wrap;
  }
  wrap.append(
    document.createTextNode(text.slice(0, at)),
    el("strong", { text: text.slice(at, at + hostName.length) }),
    document.createTextNode(text.slice(at + hostName.length)),
  );
  return wrap;
}

function fact(term, ...value) {
  return [el("dt", { text: term }), el("dd", {}, ...value)];
}

/** The facts of a confirm question's action: kind, target, URL, typed text, reason, rule. */
export function actionFacts(question) {
  const action = question.action && typeof question.action === "object" ? question.action : {};
  const target = action.target && typeof action.target === "object" ? action.target : null;
  const rows = [];
  const kind = str(action.kind) || str(action.action);
  if (kind) {
    rows.push(...fact("Action", el("span", { className: "action-kind", text: kind })));
  }
  if (target && (str(target.role) || str(target.name))) {
    rows.push(
      ...fact(
        "Element",
        str(target.role) ? el("span", { className: "role", text: str(target.role) }) : null,
        str(target.name) ? el("span", { text: `“${str(target.name)}”` }) : null,
        str(target.eid) ? el("span", { className: "eid", text: `(${str(target.eid)})` }) : null,
      ),
    );
  }
  if (str(action.url)) {
    rows.push(...fact("Page", urlWithHost(action.url, action.host)));
  } else if (str(action.host)) {
    rows.push(...fact("Site", el("strong", { text: str(action.host) })));
  }
  if (typeof action.text === "string") {
    rows.push(...fact("Types", el("pre", { className: "typed", text: action.text })));
  }
  if (str(question.reason)) {
    rows.push(...fact("Why", el("span", { text: str(question.reason) })));
  }
  if (str(question.rule)) {
    rows.push(...fact("Rule", el("code", { className: "rule", text: str(question.rule) })));
  }
  return el("dl", { className: "facts" }, ...rows);
}
