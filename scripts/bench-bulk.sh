#!/usr/bin/env bash
# Throughput of `ddbx export` and of `ddbx bulk` (conditioned, journaled writes) against a test
# server, each as a ratio to what a minimal client (scripts/bench-bulk/raw.js, the AWS SDK for
# JavaScript without journal or checks) gets from the same server in the same run:
#   export  vs  a parallel Scan of the same segments;
#   bulk    vs  the same conditioned UpdateItems, as many in flight.
#
#   scripts/bench-bulk.sh                         dynalite, 20,000 items
#   BENCH_SERVER=ddblocal BENCH_ITEMS=50000 scripts/bench-bulk.sh
#   BENCH_PROFILE=debug scripts/bench-bulk.sh     the debug build
#   BENCH_DDBX=/path/to/ddbx scripts/bench-bulk.sh  a binary built elsewhere (no build here)
#
# Starts the servers itself (via scripts/test-servers.sh) and uses the release build of ddbx.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"

if [[ -z "${DDBX_TEST_DYNALITE_ENDPOINT:-}" || -z "${DDBX_TEST_JS_SDK_NODE_PATH:-}" ]]; then
  exec bash "$ROOT/scripts/test-servers.sh" run -- bash "$ROOT/scripts/bench-bulk.sh" "$@"
fi

export AWS_SDK_JS_SUPPRESS_MAINTENANCE_MODE_MESSAGE=1
readonly ITEMS="${BENCH_ITEMS:-20000}"
readonly PARALLEL=16
readonly SEGMENTS=4
case "${BENCH_SERVER:-dynalite}" in
  dynalite) ENDPOINT="$DDBX_TEST_DYNALITE_ENDPOINT" ;;
  ddblocal) ENDPOINT="$DDBX_TEST_DDBLOCAL_ENDPOINT" ;;
  *) echo "BENCH_SERVER is dynalite or ddblocal" >&2; exit 2 ;;
esac
readonly ENDPOINT
readonly RAW_TABLE="ddbx-bench-raw-$$"
readonly TABLE="ddbx-bench-bulk-$$"
WORK="$(mktemp -d)"
trap 'rm -rf "$WORK"' EXIT

say() { printf '==> %s\n' "$*" >&2; }
seconds() { python3 -c "import sys; print(f'{(int(sys.argv[2]) - int(sys.argv[1])) / 1e9:.3f}')" "$@"; }

# BENCH_PROFILE=debug measures the debug build instead (quicker to build, slower to run).
PROFILE="${BENCH_PROFILE:-release}"
if [[ -n "${BENCH_DDBX:-}" ]]; then
  DDBX="$BENCH_DDBX"
else
  say "cargo build --profile $PROFILE --bin ddbx"
  if [[ "$PROFILE" == release ]]; then
    cargo build --release --quiet --bin ddbx
  else
    cargo build --quiet --bin ddbx
  fi
  DIR="$PROFILE"; [[ "$PROFILE" == dev || "$PROFILE" == debug ]] && DIR=debug
  DDBX="$(cargo metadata --format-version 1 --no-deps | python3 -c 'import json,sys; print(json.load(sys.stdin)["target_directory"])')/$DIR/ddbx"
fi

# Runs a command and prints its peak resident memory in KiB on fd 3 (the figure for the
# bounded-memory claim of the streamed exports).
peak_kib() {
  python3 - "$@" 3>&3 <<'PEAK'
import resource, subprocess, sys, os
code = subprocess.call(sys.argv[1:])
os.write(3, f"{resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss}\n".encode())
sys.exit(code)
PEAK
}

say "minimal client: seeding $ITEMS items into $RAW_TABLE, scanning, updating (${BENCH_SERVER:-dynalite} at $ENDPOINT)"
RAW="$(NODE_PATH="$DDBX_TEST_JS_SDK_NODE_PATH" node scripts/bench-bulk/raw.js "$ENDPOINT" "$RAW_TABLE" "$ITEMS" "$PARALLEL" "$SEGMENTS")"
# The same table again for ddbx, seeded the same way (the raw run changed the first one).
NODE_PATH="$DDBX_TEST_JS_SDK_NODE_PATH" node scripts/bench-bulk/raw.js "$ENDPOINT" "$TABLE" "$ITEMS" "$PARALLEL" "$SEGMENTS" >/dev/null

export DDBX_JOURNAL="$WORK/journal.jsonl"
ddbx=("$DDBX" --endpoint-url "$ENDPOINT" --table "$TABLE")
say "ddbx export --segments $SEGMENTS --format ddb"
start=$(date +%s%N)
export_kib=$(peak_kib "${ddbx[@]}" export --segments "$SEGMENTS" --format ddb --out "$WORK/export.jsonl" 3>&1 2>"$WORK/export.err" >/dev/null)
end=$(date +%s%N)
export_s=$(seconds "$start" "$end")
exported=$(wc -l <"$WORK/export.jsonl")
[[ "$exported" == "$ITEMS" ]] || { echo "exported $exported of $ITEMS" >&2; exit 1; }

say "ddbx export --segments $SEGMENTS --format csv"
start=$(date +%s%N)
csv_kib=$(peak_kib "${ddbx[@]}" export --segments "$SEGMENTS" --format csv --out "$WORK/export.csv" 3>&1 2>"$WORK/csv.err" >/dev/null)
end=$(date +%s%N)
csv_s=$(seconds "$start" "$end")
exported_bytes=$(wc -c <"$WORK/export.jsonl")

say "ddbx bulk --set bulk=1 --segments $SEGMENTS --parallel $PARALLEL"
start=$(date +%s%N)
"${ddbx[@]}" bulk --set bulk=1 --segments "$SEGMENTS" --parallel "$PARALLEL" >"$WORK/bulk.json"
end=$(date +%s%N)
bulk_s=$(seconds "$start" "$end")

python3 - "$RAW" "$ITEMS" "$export_s" "$bulk_s" "$WORK/bulk.json" "$csv_s" "$export_kib" "$csv_kib" "$exported_bytes" <<'PY'
import json, sys
raw = json.loads(sys.argv[1])
items, export_s, bulk_s = int(sys.argv[2]), float(sys.argv[3]), float(sys.argv[4])
summary = json.load(open(sys.argv[5]))
csv_s, export_kib, csv_kib, exported_bytes = float(sys.argv[6]), int(sys.argv[7]), int(sys.argv[8]), int(sys.argv[9])
assert summary["written"] == items, summary
export_rate = items / export_s
bulk_rate = items / bulk_s
write_rate = summary["writes_per_second"]
print(f"items: {items}")
print(f"raw BatchWriteItem (25 per request, 16 in flight): {raw['batch_write_items_per_s']} items/s")
print(f"raw Scan, 4 segments:       {raw['scan_items_per_s']} items/s")
print(f"ddbx export, 4 segments:    {export_rate:.0f} items/s (whole command)  ratio {export_rate / raw['scan_items_per_s']:.2f}")
print(f"ddbx export --format csv:   {items / csv_s:.0f} items/s (whole command)  ratio {items / csv_s / raw['scan_items_per_s']:.2f}")
print(f"peak memory: export ddb {export_kib / 1024:.1f} MiB, export csv {csv_kib / 1024:.1f} MiB, for {exported_bytes / 1048576:.1f} MiB exported")
print(f"raw conditioned UpdateItem, 16 in flight: {raw['conditioned_update_items_per_s']} items/s")
print(f"ddbx bulk writes (journaled, conditioned): {write_rate:.0f} items/s (write phase)  ratio {write_rate / raw['conditioned_update_items_per_s']:.2f}")
print(f"ddbx bulk, whole command (consistent scan + plan + writes): {bulk_rate:.0f} items/s")
PY
