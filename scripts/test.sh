#!/usr/bin/env bash
# Set up (idempotent) and run the whole test suite. Browser tests need
# Debian's chromium and the tests need a redis-server: installed with apt when
# missing and we are root; otherwise we stop and say what to install.
set -euo pipefail
cd "$(dirname "$0")/.."
need=()
command -v redis-server >/dev/null 2>&1 || need+=(redis-server)
[ -x /usr/bin/chromium ] || need+=(chromium)
if [ ${#need[@]} -gt 0 ]; then
  if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
    echo "installing ${need[*]} with apt-get" >&2
    apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${need[@]}" >/dev/null
  else
    echo "the tests need: ${need[*]} (Debian: sudo apt-get install ${need[*]})" >&2
    exit 1
  fi
fi
scripts/setup.sh
exec .venv/bin/python -m pytest "$@"
