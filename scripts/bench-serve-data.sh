#!/usr/bin/env bash
# `ddbx serve --data DIR` against `ddbx serve` in memory: PUTS PutItems on one connection each
# way, and the restart time of a folder holding ITEMS items (scripts/bench_serve_data.py).
#
#   scripts/bench-serve-data.sh [PUTS] [ITEMS]      default 10000 PutItems, 1000000 items
set -euo pipefail
readonly ROOT="$(cd "$(dirname "$0")/.." && pwd)"
# DDBX_BIN=target/debug/ddbx measures a debug build instead (no release build needed).
DDBX_BIN="${DDBX_BIN:-$ROOT/target/release/ddbx}"
if [[ "$DDBX_BIN" == "$ROOT/target/release/ddbx" ]]; then
  (cd "$ROOT" && cargo build --release --quiet --bin ddbx)
fi
python3 "$ROOT/scripts/bench_serve_data.py" "$DDBX_BIN" "${1:-10000}" "${2:-1000000}"
