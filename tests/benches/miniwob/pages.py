"""The harness's loopback HTTP server: MiniWoB++ task pages, and the episode bookkeeping.

Contracts:
- Serves the package's `html/` folder read-only on 127.0.0.1 (a free port). A task page asked
  for as `/miniwob/<task>.html?episode=<id>` gets the harness snippet (EPISODE_SNIPPET) added
  at the end; every other file is served as shipped.
- The snippet is the harness's hand inside the page; the agent never talks to it. On load it
  starts the episode the way miniwob's own Python env does in real mode
  (`SeleniumInstance.begin_task`: `Math.seedrandom(seed)`, `core.setDataMode("train")`,
  `core.startEpisodeReal()`), with `core.EPISODE_MAX_TIME` raised so that the page never times
  out before the harness gives up on the agent. It then POSTs the episode's utterance
  (`core.getUtterance()`, the text miniwob's env reads) and the instruction as a person reads it
  on the page (`shown`: an icon pictured in the sentence written as its quoted name; null when
  the sentence shows none) to `/harness/start`, and, when the
  episode ends, the globals miniwob's env reads (`WOB_REWARD_GLOBAL`, `WOB_RAW_REWARD_GLOBAL`,
  `WOB_REWARD_REASON`, `WOB_DONE_GLOBAL`) to `/harness/end`, with the page event during which
  it ended (`window.event`: its type and target, e.g. `click on button "Submit"`).
- Only the first start and the first end of an episode id count: a MiniWoB page begins a new
  episode after one ends (its START cover), and a reload would start the same seed again.
"""

import http.server
import json
import mimetypes
import pathlib
import threading
import time
import urllib.parse

EPISODE_SNIPPET = """
<script>
/* Added by the benchmark harness (tests/benches/miniwob/pages.py), not part of the task. */
(function () {
  var EPISODE = %(episode)d, SEED = %(seed)s, MAX_MS = %(max_ms)d, ended = false;
  function report(kind, body) {
    fetch('/harness/' + kind + '?episode=' + EPISODE,
          {method: 'POST', body: JSON.stringify(body), keepalive: true});
  }
  function describe(ev) {  // the event during which the episode ended, e.g. 'click on button "No"'
    var t = ev && ev.target;
    if (!t || !t.tagName) return null;
    var text = (t.innerText || t.value || t.getAttribute('aria-label') || '')
      .replace(/\s+/g, ' ').trim().slice(0, 40);
    return ev.type + ' on ' + t.tagName.toLowerCase() + (t.id ? '#' + t.id : '') +
      (text ? ' "' + text + '"' : '');
  }
  function begin() {
    // The page's own onload shows the START cover first (core.startEpisode); wait for it.
    if (typeof core === 'undefined' || !core.cover_div) { setTimeout(begin, 10); return; }
    var endEpisode = core.endEpisode;
    core.endEpisode = function () {
      // core.endEpisode rewards an episode once: only while its timer (EP_TIMER) is set.
      var live = core.EP_TIMER !== null, during = describe(window.event);
      var result = endEpisode.apply(core, arguments);
      if (live && !ended) {
        ended = true;
        report('end', {reward: WOB_REWARD_GLOBAL, raw_reward: WOB_RAW_REWARD_GLOBAL,
                       reason: WOB_REWARD_REASON == null ? null : String(WOB_REWARD_REASON),
                       done: WOB_DONE_GLOBAL, event: during});
      }
      return result;
    };
    core.EPISODE_MAX_TIME = MAX_MS;
    Math.seedrandom(SEED);
    core.setDataMode('train');
    core.startEpisodeReal();
    var u = core.getUtterance();  // some tasks answer {utterance, fields}
    u = (u && typeof u === 'object') ? u.utterance : u;
    report('start', {utterance: u, shown: shownInstruction(u)});
  }
  // The instruction as a person reads it on the page. miniwob's utterance is the text of
  // #query, which drops a picture shown in the sentence (an icon font's glyph in a <span
  // class="ui-icon ui-icon-seek-start">). A person says what they see: the icon's name, quoted,
  // in its place. Null when the utterance is not #query's text or #query shows no icon.
  function iconName(el) {
    var m = /(?:^|\s)(?:ui-icon|fa|bi|glyphicon)-([a-z0-9][a-z0-9-]*)/.exec(
      typeof el.className === 'string' ? el.className : '');
    if (m) return m[1];
    if (/(?:^|\s)material-(?:icons|symbols)/.test(el.className || '')) return el.textContent.trim();
    return null;
  }
  function shownInstruction(utterance) {
    var query = document.getElementById('query'), found = false, out = '';
    var flat = function (s) { return (s || '').replace(/\s+/g, ' ').trim(); };
    if (!query || typeof utterance !== 'string' || flat(query.textContent) !== flat(utterance)) {
      return null;
    }
    (function read(node) {
      for (var c = node.firstChild; c; c = c.nextSibling) {
        if (c.nodeType === 3) { out += c.nodeValue; continue; }
        if (c.nodeType !== 1) continue;
        var name = iconName(c);
        if (name) { found = true; out += ' "' + name + '" '; } else { read(c); }
      }
    })(query);
    return found ? flat(out) : null;
  }
  window.addEventListener('load', function () { setTimeout(begin, 0); });
})();
</script>
"""


class Episode:
    """One episode's facts as the page reported them (first start, first end)."""

    def __init__(self, episode_id, task, seed):
        self.id, self.task, self.seed = episode_id, task, seed
        self.utterance = None
        self.shown = None  # the instruction as shown, when it differs from the utterance
        self.end = None  # {reward, raw_reward, reason, done}
        self.end_at = None  # time.monotonic() when the end report arrived
        self.started = threading.Event()
        self.ended = threading.Event()


class PageServer:
    """Serves `html_dir` on loopback; `register` an episode, then open `url(episode)`."""

    def __init__(self, html_dir, page_max_ms):
        self.html_dir = pathlib.Path(html_dir).resolve()
        self.page_max_ms = page_max_ms
        self.episodes = {}
        self._lock = threading.Lock()
        self._next_id = 1
        server = self

        class Handler(http.server.BaseHTTPRequestHandler):
            def do_GET(self):
                server._get(self)

            def do_POST(self):
                server._post(self)

            def log_message(self, *args):
                pass

        self.httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.httpd.daemon_threads = True
        self.port = self.httpd.server_address[1]
        threading.Thread(target=self.httpd.serve_forever, daemon=True).start()

    def close(self):
        self.httpd.shutdown()
        self.httpd.server_close()

    def register(self, task, seed):
        with self._lock:
            episode = Episode(self._next_id, task, seed)
            self._next_id += 1
            self.episodes[episode.id] = episode
        return episode

    def url(self, episode):
        return f"http://127.0.0.1:{self.port}/miniwob/{episode.task}.html?episode={episode.id}"

    # ---- HTTP ----

    def _episode_of(self, query):
        try:
            return self.episodes.get(int(urllib.parse.parse_qs(query)["episode"][0]))
        except (KeyError, ValueError):
            return None

    def _send(self, req, status, body, content_type="text/plain; charset=utf-8"):
        req.send_response(status)
        req.send_header("Content-Type", content_type)
        req.send_header("Content-Length", str(len(body)))
        req.send_header("Cache-Control", "no-store")
        req.end_headers()
        req.wfile.write(body)

    def _get(self, req):
        url = urllib.parse.urlsplit(req.path)
        path = (self.html_dir / urllib.parse.unquote(url.path).lstrip("/")).resolve()
        if self.html_dir not in path.parents or not path.is_file():
            return self._send(req, 404, b"not found")
        body = path.read_bytes()
        content_type = mimetypes.guess_type(path.name)[0] or "application/octet-stream"
        episode = self._episode_of(url.query)
        if path.parent.name == "miniwob" and path.suffix == ".html" and episode is not None:
            snippet = EPISODE_SNIPPET % {"episode": episode.id, "seed": json.dumps(episode.seed),
                                         "max_ms": self.page_max_ms}
            html = body.decode("utf-8")
            at = html.rfind("</body>")
            html = html + snippet if at < 0 else html[:at] + snippet + html[at:]
            body = html.encode("utf-8")
        if content_type.startswith("text/") or content_type == "application/javascript":
            content_type += "; charset=utf-8"
        self._send(req, 200, body, content_type)

    def _post(self, req):
        url = urllib.parse.urlsplit(req.path)
        episode = self._episode_of(url.query)
        length = int(req.headers.get("Content-Length") or 0)
        try:
            data = json.loads(req.rfile.read(length) or b"{}")
        except json.JSONDecodeError:
            data = None
        if episode is None or not isinstance(data, dict):
            return self._send(req, 400, b"bad report")
        with self._lock:
            if url.path == "/harness/start" and not episode.started.is_set():
                episode.utterance = data.get("utterance")
                episode.shown = data.get("shown")
                episode.started.set()
            elif url.path == "/harness/end" and not episode.ended.is_set():
                episode.end, episode.end_at = data, time.monotonic()
                episode.ended.set()
        self._send(req, 204, b"")
