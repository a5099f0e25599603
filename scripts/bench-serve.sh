#!/usr/bin/env bash
# `ddbx serve` next to Dynoxide and DynamoDB Local in one run: requests per second and p50/p99
# latency of GetItem, a 100-item Query, PutItem and a 2-item TransactWriteItems over 1 and 16
# connections (examples/serve_load, measured alternately), then, for ddbx serve and Dynoxide,
# the time from launch to the first answered ListTables, the idle memory (RSS), and the time and
# memory to hold ITEMS items of ~200 bytes loaded through BatchWriteItem.
#
#   scripts/bench-serve.sh [SECONDS] [ITEMS]    default 5 s per run, 1,000,000 items
#
# Builds the release binary and the load generator once; DynamoDB Local and Dynoxide come from
# target/test-servers (scripts/test-servers.sh). Each measurement gets fresh server processes.
set -euo pipefail
readonly ROOT="$(cd "$(dirname "$0")/.." && pwd)"
readonly SECONDS_EACH="${1:-5}"
readonly ITEMS="${2:-1000000}"
readonly DDBX_BIN="$ROOT/target/release/ddbx"
readonly LOAD="$ROOT/target/release/examples/serve_load"
readonly DYNOXIDE_BIN="$ROOT/target/test-servers/dynoxide/bin/dynoxide"

free_port() {
  python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'
}

rss_mib() {
  awk '/^VmRSS:/ { printf "%.0f", $2 / 1024 }' "/proc/$1/status"
}

# start NAME: launches a fresh server on a free port; sets PID, URL and STARTED_MS.
start() {
  local port t0
  port="$(free_port)"
  t0="$(date +%s%N)"
  case "$1" in
    ddbx) "$DDBX_BIN" serve --port "$port" >/dev/null 2>&1 & ;;
    dynoxide) "$DYNOXIDE_BIN" serve --host 127.0.0.1 --port "$port" >/dev/null 2>&1 & ;;
  esac
  PID=$!
  URL="http://127.0.0.1:$port"
  STARTED_MS="$("$LOAD" ready "$URL" "$t0")"
}

stop() {
  kill "$PID" 2>/dev/null || true
  wait "$PID" 2>/dev/null || true
}

if [[ "${BENCH_SERVE_INNER:-}" == 1 ]]; then
  trap 'kill $(jobs -p) 2>/dev/null || true' EXIT
  echo "## Requests per second, ${SECONDS_EACH} s per run"
  start ddbx; ddbx_pid=$PID; ddbx_url=$URL
  start dynoxide; dynoxide_pid=$PID; dynoxide_url=$URL
  "$LOAD" run "$SECONDS_EACH" "ddbx=$ddbx_url" "dynoxide=$dynoxide_url" \
    "ddblocal=$DDBX_TEST_DDBLOCAL_ENDPOINT"
  PID=$ddbx_pid stop; PID=$dynoxide_pid stop
  echo
  echo "## Start, idle memory, ${ITEMS} items"
  echo "| server | start to first answer ms | idle RSS MiB | load | RSS with items MiB |"
  echo "|---|---|---|---|---|"
  for server in ddbx dynoxide; do
    start "$server"
    sleep 1
    idle="$(rss_mib "$PID")"
    loaded="$("$LOAD" load "$URL" "$ITEMS")"
    sleep 1
    echo "| $server | $STARTED_MS | $idle | $loaded | $(rss_mib "$PID") |"
    stop
  done
  exit 0
fi

(cd "$ROOT" && cargo build --release --quiet --bin ddbx --example serve_load)
[[ -x "$DYNOXIDE_BIN" ]] || { echo "no Dynoxide at $DYNOXIDE_BIN: run scripts/test-servers.sh install" >&2; exit 1; }
BENCH_SERVE_INNER=1 DDBX_TEST_REQUIRE_SERVERS=1 \
  bash "$ROOT/scripts/test-servers.sh" run -- bash "$ROOT/scripts/bench-serve.sh" "$SECONDS_EACH" "$ITEMS"
