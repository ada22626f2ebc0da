#!/usr/bin/env bash
# Set up (idempotent) and serve the lobby on http://127.0.0.1:8000
# (embedded Redis unless REDIS_URL is set). Extra arguments go to `python -m lobby`.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh
exec .venv/bin/python -m lobby "$@"
