"""The Tandem daemon as a person's client sees it: start `tandem serve`, talk over `/ws`.

Contracts:
- `Daemon` starts `tandem serve --port 0` with a temporary data folder and a config file of its
  own (sessions closed 2 s after their socket goes, history in the temporary folder), and with
  no model configured: every TANDEM_* / MODEL_* variable of the caller's environment is dropped,
  so the offline instruction planner plans. The address and launch token are read from the line
  `http://127.0.0.1:PORT/#token=…` that the daemon prints at start-up. Its output goes to
  `daemon.log` in the work folder.
- `Session` is one WebSocket and one new session (`auth`, then `attach` with no id), used for
  one episode only, so episodes share no state. Frames are those of docs/protocol.md.
- `Session.run(text)` sends one `user_message` and reads frames until `run_finished`. It answers
  every `confirm` question with approve, as a person who approves everything would. An `ask` or
  `manual` (takeover) question is recorded as the run's failing step and the run is cancelled.
  Past the timeout the run is cancelled too.
"""

import json
import os
import re
import subprocess
import threading
import time

from websockets.sync.client import connect

ADDRESS = re.compile(r"http://127\.0\.0\.1:(\d+)/#token=(\S+)")
PLANNER = re.compile(r"Planning with the (.+?)\.\s*$")


class Daemon:
    def __init__(self, binary, workdir, chrome=None, start_timeout=60):
        self.workdir = workdir
        config = os.path.join(workdir, "tandem.toml")
        with open(config, "w") as f:
            f.write("[sessions]\nidle_grace_ms = 2000\n"
                    f"store_dir = {json.dumps(os.path.join(workdir, 'store'))}\n")
        env = {k: v for k, v in os.environ.items()
               if not k.startswith(("TANDEM_", "MODEL_"))}
        env["TANDEM_DATA_DIR"] = os.path.join(workdir, "data")
        args = [binary, "serve", "--port", "0", "--config", config]
        if chrome:
            args += ["--chrome", chrome]
        self.log_path = os.path.join(workdir, "daemon.log")
        self._log = open(self.log_path, "w")
        self.proc = subprocess.Popen(args, env=env, stdin=subprocess.DEVNULL,
                                     stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        self.port = self.token = self.planner = None
        found = threading.Event()
        threading.Thread(target=self._drain, args=(found,), daemon=True).start()
        if not found.wait(start_timeout) or self.token is None:
            self.stop()
            raise SystemExit(f"tandem did not print its address in {start_timeout} s; "
                             f"see {self.log_path}")

    def _drain(self, found):
        """Copies the daemon's output to daemon.log, noting the address line and the planner."""
        for line in self.proc.stdout:
            self._log.write(line)
            self._log.flush()
            if self.token is None and (m := ADDRESS.search(line)):
                self.port, self.token = int(m.group(1)), m.group(2)
            if self.planner is None and (m := PLANNER.search(line)):
                self.planner = m.group(1)
                found.set()
        found.set()  # the daemon exited

    def alive(self):
        return self.proc.poll() is None

    def stop(self):
        if self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(10)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()

    def session(self):
        return Session(self)


class Run:
    """What one `user_message` run did, from its frames."""

    def __init__(self, text):
        self.text = text
        self.outcome = None        # run_finished outcome, or "timeout" / "no_run"
        self.final_text = None     # run_finished text
        self.executed = []         # step_ids of executed actions (execute_action, success/error)
        self.steps = {}            # step_id -> last summary seen
        self.first_error = None    # summary of the first step frame with result error
        self.first_error_at = None
        self.question = None       # an ask / manual question that stopped the run
        self.question_at = None
        self.cancel_sent = False   # the harness cancelled the run (question or timeout)
        self.confirms = 0          # confirm questions approved
        self.errors = []           # error frames (code: message)
        self.last_url = None
        self.screenshot = None     # the last observation's screenshot (a data: URL)
        self.seconds = 0.0


class Session:
    def __init__(self, daemon):
        self.ws = connect(f"ws://127.0.0.1:{daemon.port}/ws", max_size=32 * 1024 * 1024,
                          open_timeout=10, close_timeout=2)
        self.frames = []  # every frame received (screenshots stripped), for the episode log
        self._send({"type": "auth", "token": daemon.token})
        self._send({"type": "attach"})
        frame = self._recv(20)
        if frame is None or frame.get("type") != "session":
            raise RuntimeError(f"attach failed: {frame}")
        self.session_id = frame["session_id"]

    def close(self):
        self.ws.close()

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()

    def _send(self, frame):
        self.ws.send(json.dumps(frame))

    def _recv(self, timeout):
        try:
            frame = json.loads(self.ws.recv(timeout=max(timeout, 0.01)))
        except TimeoutError:
            return None
        frame["_at"] = time.monotonic()  # when received; the clock of pages.Episode.end_at
        logged = {k: v for k, v in frame.items() if k != "_at"}
        if "screenshot" in logged:
            logged["screenshot"] = "(data URL)" if logged["screenshot"] else None
        if logged.get("type") != "live_frame":
            self.frames.append(logged)
        return frame

    def run(self, text, timeout):
        """Sends `text` as a user_message; returns the Run when `run_finished` arrives."""
        run = Run(text)
        started = time.monotonic()
        deadline = started + timeout
        self._send({"type": "user_message", "text": text})
        cancelled = False
        while True:
            frame = self._recv(deadline - time.monotonic())
            if frame is None:
                if cancelled:  # no run_finished even after the cancel
                    run.outcome = run.outcome or "timeout"
                    break
                run.outcome = "timeout"
                self._send({"type": "cancel"})
                cancelled = run.cancel_sent = True
                deadline = time.monotonic() + 15
                continue
            kind = frame.get("type")
            if kind == "step":
                self._step(run, frame)
            elif kind == "agent_question":
                if frame.get("kind") == "confirm":
                    run.confirms += 1
                    self._send({"type": "confirm", "interrupt_id": frame["interrupt_id"],
                                "approved": True})
                elif not cancelled:
                    run.question, run.question_at = describe_question(frame), frame["_at"]
                    self._send({"type": "cancel"})
                    cancelled = run.cancel_sent = True
                    deadline = time.monotonic() + 15
            elif kind == "observation":
                run.last_url = frame.get("url")
                run.screenshot = frame.get("screenshot") or run.screenshot
            elif kind == "error":
                run.errors.append(f"{frame.get('code')}: {frame.get('message')}")
                if frame.get("code") in ("busy", "empty_message", "not_attached"):
                    run.outcome = "no_run"
                    break
            elif kind == "run_finished":
                if run.outcome != "timeout":
                    run.outcome = frame.get("outcome")
                run.final_text = frame.get("text")
                break
        run.seconds = time.monotonic() - started
        return run

    @staticmethod
    def _step(run, frame):
        step_id, result = frame.get("step_id"), frame.get("result")
        summary = frame.get("summary") or ""
        if step_id:
            run.steps[step_id] = summary
        node = frame.get("node") or ""
        # A run's closing `stop` step carries a shortened final text (the run's final text says
        # it in full), and steps that fail because the harness cancelled are not the agent's:
        # neither is the first error.
        if (result == "error" and run.first_error is None and not node.startswith("finalize")
                and not run.cancel_sent):
            run.first_error, run.first_error_at = summary, frame["_at"]

        # An executed action: the execute node's frame that closes it (success or error).
        # Planned-but-refused actions (validate / gate errors) and questions are not actions.
        if (frame.get("node") == "execute_action" and result in ("success", "error")
                and step_id and step_id not in run.executed):
            run.executed.append(step_id)


def describe_question(frame):
    """One line for an ask / manual question: its kind, reason and any questions' text."""
    parts = [f"{frame.get('kind')}: {frame.get('reason') or ''}".strip()]
    for q in frame.get("questions") or []:
        text = q.get("prompt") or ""
        options = [o.get("label") for o in q.get("options") or []]
        if options:
            text += " [" + ", ".join(options[:6]) + (", …" if len(options) > 6 else "") + "]"
        if text and text not in parts[0]:
            parts.append(text)
    return " | ".join(parts)
