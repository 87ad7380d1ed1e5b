"""MiniWoB++ through Tandem's WebSocket (issue #24). `run.sh` makes the venv and calls this.

Per episode (one task, one seed), the harness:
1. registers the episode with its page server (pages.py) and opens a new daemon session;
2. sends `open <episode URL>` and waits for that run to finish; the page starts the episode
   with its seed on load and reports the utterance;
3. sends the instruction as the person's message, approving every confirm, and waits for
   `run_finished` (or the timeout): the utterance exactly as miniwob reads it
   (`core.getUtterance()`, trimmed), except where the sentence on the page pictures an icon,
   which miniwob's text drops: then the sentence as a person reads it, the icon's name quoted
   in its place (`shown`, see pages.py);
4. reads the episode's first end (reward) that the page reported.

Success is miniwob's binary success (`miniwob.reward.get_binary_reward`, the one "used in most
previous publications"): the raw reward, without time penalty, is 1.0. Partial rewards
(click-checkboxes-soft and the like) and an episode that never ended are failures.
Actions are the browser actions the agent executed in the instruction run (step frames of the
execute node with result success or error, counted once per step_id); the `open` is not counted.
"""

import argparse
import base64
import datetime
import hashlib
import importlib.metadata
import importlib.util
import json
import os
import pathlib
import statistics
import sys
import time

sys.dont_write_bytecode = True  # no __pycache__ in the source tree
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import daemon as tandem  # noqa: E402
import pages  # noqa: E402
import tasks as task_list  # noqa: E402

OPEN_TIMEOUT = 30      # s for the `open` run
START_TIMEOUT = 10     # s for the page to report its utterance after the open
END_GRACE = 1.5        # s to wait for the page's end report after run_finished


def parse_args():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--repo", default=str(pathlib.Path(__file__).resolve().parents[3]),
                    help=argparse.SUPPRESS)
    ap.add_argument("--tasks", default="",
                    help="comma-separated task names or globs (default: the whole list)")
    ap.add_argument("--seeds", type=int, default=3, help="seeds 0..N-1 per task (default 3)")
    ap.add_argument("--timeout", type=float, default=60,
                    help="seconds the agent gets per episode (default 60)")
    ap.add_argument("--tandem", help="the daemon binary (default: target/release/tandem, "
                                     "else target/debug/tandem)")
    ap.add_argument("--chrome", help="the browser for the daemon (default: the daemon's own)")
    ap.add_argument("--out", help="results folder (default: target/miniwob/<UTC time>)")
    ap.add_argument("--list", action="store_true", help="print the task list and exclusions")
    ap.add_argument("--say", help="harness check only: send this text instead of the page's "
                                  "instruction (one task; results are not benchmark figures)")
    return ap.parse_args()


def miniwob_html():
    spec = importlib.util.find_spec("miniwob")  # not imported: it would want gymnasium
    if spec is None:
        raise SystemExit("the miniwob package is not installed (run run.sh)")
    html = pathlib.Path(list(spec.submodule_search_locations)[0]) / "html"
    if not (html / "miniwob").is_dir() or not (html / "core" / "core.js").is_file():
        raise SystemExit(f"no task pages under {html}")
    return html


def find_binary(repo, given):
    candidates = [given] if given else [os.path.join(repo, "target", p, "tandem")
                                        for p in ("release", "debug")]
    for c in candidates:
        if c and os.path.isfile(c) and os.access(c, os.X_OK):
            return os.path.abspath(c)
    raise SystemExit(f"no tandem binary at {' or '.join(candidates)} (build it, or --tandem)")


def sha256(path):
    h = hashlib.sha256()
    with open(path, "rb") as f:
        for block in iter(lambda: f.read(1 << 20), b""):
            h.update(block)
    return h.hexdigest()


def run_episode(daemon, server, task, seed, timeout, say, logdir):
    """One episode; returns its record (see README.md for the fields)."""
    episode = server.register(task, seed)
    rec = {"task": task, "seed": seed, "episode": episode.id, "url": server.url(episode),
           "utterance": None, "shown": None, "sent": None, "success": False, "reward": None,
           "raw_reward": None, "reason": None, "actions": 0, "outcome": None,
           "final_text": None, "failure": None, "confirms": 0, "question": None,
           "first_error": None, "ended_by": None, "open_outcome": None, "seconds": None,
           "harness_error": None}
    frames, run, screenshot = [], None, None
    started = time.monotonic()
    try:
        with daemon.session() as s:
            opened = s.run(f"open {rec['url']}", OPEN_TIMEOUT)
            rec["open_outcome"] = opened.outcome
            if not episode.started.wait(START_TIMEOUT):
                rec["harness_error"] = f"the page did not start its episode (open: " \
                                       f"{opened.outcome}: {opened.final_text})"
            else:
                rec["utterance"] = (episode.utterance or "").strip()
                rec["shown"] = episode.shown
                rec["sent"] = say or episode.shown or rec["utterance"]
                run = s.run(rec["sent"], timeout)
                screenshot = run.screenshot
            frames = s.frames
    except Exception as e:  # a broken socket, a refused attach: the harness's, not the agent's
        rec["harness_error"] = f"{type(e).__name__}: {e}"
    if run is not None:
        if not episode.ended.is_set():
            episode.ended.wait(END_GRACE)
        rec.update(outcome=run.outcome, final_text=run.final_text, actions=len(run.executed),
                   confirms=run.confirms, question=run.question, first_error=run.first_error,
                   errors=run.errors, last_url=run.last_url)
    if episode.end is not None:
        end = episode.end
        rec.update(reward=end.get("reward"), raw_reward=end.get("raw_reward"),
                   reason=end.get("reason"), ended_by=end.get("event"))
        rec["success"] = rec["raw_reward"] == 1.0
    rec["seconds"] = round(time.monotonic() - started, 2)
    if not rec["success"]:
        rec["failure"] = failure_of(rec, run, episode)
    write_log(logdir, rec, frames, screenshot)
    return rec


def failure_of(rec, run, episode):
    """The first failing step, in time order: the first step error, the question that stopped
    the run, or the page event that ended the episode without success (whichever came first);
    else how the run ended, with the reward and the run's final text. A harness problem wins."""
    if rec["harness_error"]:
        return f"harness: {rec['harness_error']}"
    found = []
    if run.first_error:
        found.append((run.first_error_at, f"error: {run.first_error}"))
    if run.question:
        found.append((run.question_at, f"asked: {run.question}"))
    if episode.end_at is not None:
        during = rec["ended_by"] or f"the page's own end ({rec['reason']})"
        found.append((episode.end_at, f"reward {rec['raw_reward']:g} at {during}"))
    if found:
        return min(found)[1]
    if rec["outcome"] == "timeout":
        return "timeout: the run did not finish in time"
    ended = "episode not ended" if rec["raw_reward"] is None else f"reward {rec['raw_reward']:g}"
    return f"{rec['outcome']}, {ended}: {one_line(rec['final_text'])}"


def one_line(text, width=None):
    text = " ".join((text or "").split())
    return text if width is None or len(text) <= width else text[: width - 1] + "…"


def write_log(logdir, rec, frames, screenshot):
    name = f"{rec['task']}-s{rec['seed']}"
    with open(logdir / f"{name}.json", "w") as f:
        json.dump({"record": rec, "frames": frames}, f, indent=1, ensure_ascii=False)
    if screenshot and not rec["success"] and screenshot.startswith("data:"):
        header, _, data = screenshot.partition(",")
        ext = "png" if "png" in header else "jpg"
        (logdir / f"{name}.{ext}").write_bytes(base64.b64decode(data))


def median(values):
    return statistics.median(values) if values else None


def summarize(records, seeds):
    """Per-task and overall figures (the JSON's `summary` and the printed table's)."""
    by_task = {}
    for r in records:
        by_task.setdefault(r["task"], []).append(r)
    per_task = {}
    for task, rs in by_task.items():
        failures = [r for r in rs if not r["success"]]
        per_task[task] = {
            "successes": sum(r["success"] for r in rs), "episodes": len(rs),
            "easy": task_list.is_easy(task),
            "median_actions": median([r["actions"] for r in rs]),
            "first_failure": failures[0]["failure"] if failures else None,
            "first_failure_seed": failures[0]["seed"] if failures else None,
        }

    def rate(rs):
        ok = sum(r["success"] for r in rs)
        return {"successes": ok, "episodes": len(rs),
                "rate": round(100.0 * ok / len(rs), 1) if rs else None}

    easy = [r for r in records if task_list.is_easy(r["task"])]
    return {
        "overall": rate(records),
        "easy_half": rate(easy) | {"tasks": sorted({r["task"] for r in easy})},
        "tasks_all_seeds_passed": sum(t["successes"] == t["episodes"] for t in per_task.values()),
        "tasks": len(per_task),
        "median_actions": median([r["actions"] for r in records]),
        "median_actions_successes": median([r["actions"] for r in records if r["success"]]),
        "harness_errors": sum(1 for r in records if r["harness_error"]),
        "per_task": per_task,
    }


def table(summary, meta):
    out = []
    if meta.get("said"):
        out.append(f"HARNESS CHECK (sent {meta['said']!r} instead of the page's instruction)")
    out.append(f"MiniWoB++ {meta['miniwob']} through Tandem ({meta['planner']}), "
               f"seeds {meta['seeds']}, {meta['timeout']:g} s per episode")
    out.append(f"{'task':<30} {'ok':>5} {'actions':>7}  first failure (seed)")
    for task, t in sorted(summary["per_task"].items()):
        mark = "*" if t["easy"] else " "
        acts = "-" if t["median_actions"] is None else f"{t['median_actions']:g}"
        fail = "" if t["first_failure"] is None else \
            f"(s{t['first_failure_seed']}) {one_line(t['first_failure'], 110)}"
        out.append(f"{task + mark:<30} {t['successes']}/{t['episodes']:<3} {acts:>7}  {fail}")
    o, e = summary["overall"], summary["easy_half"]
    out.append("")
    out.append(f"overall: {o['successes']}/{o['episodes']} episodes ({o['rate']} %); "
               f"tasks with every seed passed: {summary['tasks_all_seeds_passed']}/"
               f"{summary['tasks']}")
    out.append(f"easy half (* above, {len(e['tasks'])} tasks): {e['successes']}/{e['episodes']} "
               f"({e['rate']} %)")
    out.append(f"median actions per episode: {summary['median_actions']} "
               f"(successful episodes: {summary['median_actions_successes']})")
    if summary["harness_errors"]:
        out.append(f"HARNESS ERRORS: {summary['harness_errors']} episodes (see their logs)")
    return "\n".join(out)


def main():
    args = parse_args()
    html = miniwob_html()
    only = [t.strip() for t in args.tasks.split(",") if t.strip()]
    chosen = task_list.select(html / "miniwob", only)
    if args.list:
        for t in chosen:
            print(t + ("  (easy half)" if task_list.is_easy(t) else ""))
        for t, why in task_list.EXCLUDED.items():
            print(f"left out: {t}: {why}")
        return
    if args.say and len(chosen) != 1:
        raise SystemExit("--say needs exactly one task (--tasks NAME)")
    binary = find_binary(args.repo, args.tandem)
    stamp = datetime.datetime.now(datetime.timezone.utc).strftime("%Y%m%dT%H%M%SZ")
    out = pathlib.Path(args.out or os.path.join(args.repo, "target", "miniwob", stamp))
    (out / "episodes").mkdir(parents=True, exist_ok=True)
    seeds = list(range(args.seeds))
    work = str(out / "daemon")  # the daemon's config, data folder, history and log
    os.makedirs(work, exist_ok=True)
    server = pages.PageServer(html, page_max_ms=int((args.timeout + OPEN_TIMEOUT + 30) * 1000))
    daemon = tandem.Daemon(binary, work, chrome=args.chrome)
    meta = {"miniwob": importlib.metadata.version("miniwob"), "tandem": binary,
            "tandem_sha256": sha256(binary), "planner": daemon.planner, "seeds": seeds,
            "timeout": args.timeout, "started_at": stamp, "said": args.say,
            "success": "raw reward == 1.0 (miniwob get_binary_reward)",
            "actions": "executed browser actions of the instruction run (open not counted)",
            "excluded": task_list.EXCLUDED, "daemon_log": daemon.log_path}
    print(f"tandem: {binary} ({daemon.planner}); daemon log {daemon.log_path}", file=sys.stderr)
    records, total = [], len(chosen) * len(seeds)
    try:
        for task in chosen:
            for seed in seeds:
                if not daemon.alive():
                    raise SystemExit(f"the daemon exited; see {daemon.log_path}")
                rec = run_episode(daemon, server, task, seed, args.timeout, args.say,
                                  out / "episodes")
                records.append(rec)
                status = "ok  " if rec["success"] else "FAIL"
                print(f"[{len(records):>3}/{total}] {task} s{seed} {status} "
                      f"{rec['actions']} actions {rec['seconds']:.1f}s  "
                      f"{one_line(rec['sent'] or rec['utterance'], 70)}"
                      + ("" if rec["success"] else f"\n        -> {one_line(rec['failure'], 150)}"),
                      file=sys.stderr, flush=True)
    finally:
        daemon.stop()
        server.close()
    summary = summarize(records, seeds)
    with open(out / "results.json", "w") as f:
        json.dump({"meta": meta, "summary": summary, "episodes": records}, f, indent=1,
                  ensure_ascii=False)
    text = table(summary, meta)
    (out / "table.txt").write_text(text + "\n")
    print(text)
    print(f"\nresults: {out / 'results.json'} (episode logs in {out / 'episodes'})")


if __name__ == "__main__":
    main()
