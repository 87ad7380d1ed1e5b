#!/bin/sh
# MiniWoB++ through Tandem's WebSocket (issue #24); see README.md beside this file.
# Makes its own Python venv (default target/miniwob-venv, git-ignored; MINIWOB_VENV overrides)
# with miniwob's task pages and a WebSocket client from PyPI, then runs bench.py with the
# flags given here (--tasks, --seeds, --timeout, --tandem, --chrome, --out, --list, --say).
set -eu
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../../.." && pwd)
venv=${MINIWOB_VENV:-$root/target/miniwob-venv}
# Only miniwob's files are used (its HTML task pages), never its Python env: --no-deps keeps
# selenium, gymnasium and numpy out. Nothing here downloads a browser.
requirements="miniwob==1.1.0 websockets>=13,<18"
if [ ! -x "$venv/bin/python" ] || [ "$(cat "$venv/.tandem-requirements" 2>/dev/null)" != "$requirements" ]; then
  echo "making $venv ($requirements)" >&2
  python3 -m venv "$venv"
  export PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1
  "$venv/bin/pip" install --quiet --disable-pip-version-check --no-deps "miniwob==1.1.0"
  "$venv/bin/pip" install --quiet --disable-pip-version-check "websockets>=13,<18"
  echo "$requirements" > "$venv/.tandem-requirements"
fi
exec "$venv/bin/python" "$here/bench.py" --repo "$root" "$@"
