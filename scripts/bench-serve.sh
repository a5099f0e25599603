#!/usr/bin/env bash
# `ddbx serve` next to DynamoDB Local and Dynoxide: GetItem and 100-item Query requests per
# second, measured alternately in one run (scripts/bench_serve.py). Uses the release binary and the test servers.
#
#   scripts/bench-serve.sh [SECONDS]      default 15 seconds per operation and server
set -euo pipefail
readonly ROOT="$(cd "$(dirname "$0")/.." && pwd)"
readonly SECONDS_EACH="${1:-15}"
# DDBX_BIN=target/debug/ddbx measures a debug build instead (no release build needed).
DDBX_BIN="${DDBX_BIN:-$ROOT/target/release/ddbx}"
export DDBX_BIN

if [[ "${BENCH_SERVE_INNER:-}" == 1 ]]; then
  log="$(mktemp)"
  "$DDBX_BIN" serve --port 0 2>"$log" &
  pid=$!
  trap 'kill "$pid" 2>/dev/null; rm -f "$log"' EXIT
  for _ in $(seq 100); do
    port="$(grep -o '127\.0\.0\.1:[0-9]*' "$log" | head -n 1 | cut -d: -f2 || true)"
    [[ -n "$port" ]] && break
    sleep 0.1
  done
  [[ -n "$port" ]] || { cat "$log" >&2; exit 1; }
  "$DDBX_TEST_VENV_BIN/python" "$ROOT/scripts/bench_serve.py" "$SECONDS_EACH" \
    "ddbx=http://127.0.0.1:$port" "ddblocal=$DDBX_TEST_DDBLOCAL_ENDPOINT" \
    "dynoxide=$DDBX_TEST_DYNOXIDE_ENDPOINT"
  exit 0
fi

if [[ "$DDBX_BIN" == "$ROOT/target/release/ddbx" ]]; then
  (cd "$ROOT" && cargo build --release --quiet --bin ddbx)
fi
BENCH_SERVE_INNER=1 DDBX_TEST_REQUIRE_SERVERS=1 \
  bash "$ROOT/scripts/test-servers.sh" run -- bash "$ROOT/scripts/bench-serve.sh" "$SECONDS_EACH"
