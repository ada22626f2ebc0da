#!/usr/bin/env bash
# Set up (idempotent) and run the whole test suite. Browser tests need
# Debian's chromium-headless-shell (Chromium's old headless mode: about half
# the CPU of the full browser's, tests/conftest.py; chromium serves too) and
# a CJK font (fonts-noto-cjk: the phone layouts are measured with real
# Chinese glyphs, not a fallback's boxes of another width), and the tests
# need a redis-server: installed with apt when missing and we are root;
# otherwise we stop and say what to install.
set -euo pipefail
cd "$(dirname "$0")/.."
need=()
command -v redis-server >/dev/null 2>&1 || need+=(redis-server)
fc-list :lang=zh 2>/dev/null | grep -q . || need+=(fonts-noto-cjk)
shell=/usr/bin/chromium-headless-shell
root=false
[ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1 && root=true
if [ ${#need[@]} -gt 0 ] || [ ! -x $shell ]; then
  if $root; then
    echo "installing ${need[*]} chromium-headless-shell with apt-get" >&2
    apt-get update -qq
    [ ${#need[@]} -eq 0 ] || DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${need[@]}" >/dev/null
    # the full chromium serves too, at about twice the CPU
    [ -x $shell ] || DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium-headless-shell >/dev/null \
      || [ -x /usr/bin/chromium ] || DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null
  elif [ ${#need[@]} -gt 0 ] || [ ! -x /usr/bin/chromium ]; then
    [ -x /usr/bin/chromium ] || need+=(chromium-headless-shell)
    echo "the tests need: ${need[*]} (Debian: sudo apt-get install ${need[*]})" >&2
    exit 1
  fi
fi
# The browser client's pure helpers: Node's own test runner, no page and no
# npm package, so they run beside the set-up (a fresh clone's pip install
# leaves one core idle for half a minute); their report comes first.
node_log=$(mktemp)
node --test tests/js/ >"$node_log" 2>&1 &
node_pid=$!
trap 'kill "$node_pid" 2>/dev/null; rm -f "$node_log"' EXIT  # a failed set-up leaves neither behind
scripts/setup.sh
node_ok=true
wait "$node_pid" || node_ok=false
cat "$node_log"
rm -f "$node_log"
$node_ok || { echo "the client's unit tests failed (node --test tests/js/)" >&2; exit 1; }
# Python keeps what it compiles (a box may set PYTHONDONTWRITEBYTECODE, as
# this one does): the many Python processes the suite starts (replay
# workers, benchmark servers, clients) import the project compiled, ~0.3
# CPU-s less each, and a second run reuses pytest's rewritten test modules
unset PYTHONDONTWRITEBYTECODE
# Four pytest-xdist workers (the browser tests wait on turn clocks and bot
# moves more than they use the two cores: on one browser file four workers
# took 0.66 of two workers' time on a quiet box, 0.9 under a load of 20),
# scheduled by tests/scheduling.py: each file of the other tests to one
# worker whole (its module fixtures stay in one worker), the files marked
# waits to the first worker while the others use the cores, the browser
# tests one by one on the three others only (three Chromium tests at once
# fill the two cores; a fourth made each slower and costlier; their
# lobbies and Chromium are the worker's: tests/browser/conftest.py);
# each worker starts its own redis-server, cluster and lobbies on free
# ports. TEST_WORKERS=0 runs in one process (for -s or --pdb); an -n of the
# caller's wins.
workers=(-n "${TEST_WORKERS:-4}" --dist loadgroup)
for arg in "$@"; do
  case "$arg" in -n|-n*|--numprocesses*) workers=() ;; esac
done
exec .venv/bin/python -m pytest "${workers[@]}" "$@"
