#!/usr/bin/env bash
# Throughput of `ddbx diff` against the floor of its two scans alone: two tables of the same
# items on one server, read by `ddbx export` of each (the same segments, both at once, output
# discarded), then compared by `ddbx diff`. Prints both times and the ratio diff / scans (the
# issue's target: within 1.2).
#
#   scripts/bench-diff.sh                            DynamoDB Local, 20,000 items, debug build
#   BENCH_SERVER=dynalite BENCH_ITEMS=50000 scripts/bench-diff.sh
#   BENCH_DDBX=target/release/ddbx scripts/bench-diff.sh   another binary
#   BENCH_SERVER=serve BENCH_ITEMS=1000000 BENCH_DDBX=target/release/ddbx scripts/bench-diff.sh
#       two `ddbx serve` processes of the demo at that size (one item changed in the second),
#       and the diff's peak memory (max RSS) beside its time
#
# Starts the servers itself (via scripts/test-servers.sh, or ddbx serve).
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"

# Two demos of BENCH_ITEMS items served by ddbx serve on free ports: no table to seed, so a
# diff of millions of items is measured in minutes.
serve_bench() {
  local ddbx="${BENCH_DDBX:-$ROOT/target/release/ddbx}" items="${BENCH_ITEMS:-1000000}"
  # Global, as the exit trap reads them after this function has returned.
  SERVE_WORK="$(mktemp -d)"
  SERVE_PIDS=()
  local work="$SERVE_WORK" ports=()
  export AWS_ACCESS_KEY_ID=bench AWS_SECRET_ACCESS_KEY=bench AWS_REGION=us-east-1
  export XDG_STATE_HOME="$work/state"
  trap 'kill "${SERVE_PIDS[@]}" 2>/dev/null; rm -rf "$SERVE_WORK"' EXIT
  for side in a b; do
    "$ddbx" --demo --demo-size "$items" serve --port 0 >/dev/null 2>"$work/$side.log" &
    SERVE_PIDS+=("$!")
  done
  for side in a b; do
    until grep -q 'listening on' "$work/$side.log"; do sleep 1; done
    ports+=("$(sed -n 's/.*127\.0\.0\.1:\([0-9]*\).*/\1/p' "$work/$side.log" | head -1)")
  done
  local a="http://127.0.0.1:${ports[0]}" b="http://127.0.0.1:${ports[1]}" table=SingleTableApp
  "$ddbx" --endpoint-url "$b" --table "$table" update --pk USER#usr_1001 --sk METADATA \
    --set 'name="Changed"' >/dev/null 2>&1
  local start end
  start=$(date +%s%N)
  local exports=()
  for endpoint in "$a" "$b"; do
    "$ddbx" --endpoint-url "$endpoint" --table "$table" export --segments 4 >/dev/null 2>&1 &
    exports+=("$!")
  done
  wait "${exports[@]}"
  end=$(date +%s%N)
  local scans; scans=$(python3 -c "import sys; print(f'{(int(sys.argv[2]) - int(sys.argv[1])) / 1e9:.2f}')" "$start" "$end")
  /usr/bin/time -f '%e %M' -o "$work/time" "$ddbx" --endpoint-url "$a" --table "$table" \
    diff --to-endpoint-url "$b" --to-table "$table" --segments 4 >/dev/null 2>"$work/diff.err" || true
  grep '^ddbx: read' "$work/diff.err" >&2 || true
  read -r wall rss < <(tail -1 "$work/time")
  python3 -c "import sys; s, d = float(sys.argv[1]), float(sys.argv[2]); print(f'items {sys.argv[3]} a side · scans {s:.2f} s · diff {d:.2f} s · ratio {d / s:.2f} · diff max RSS {int(sys.argv[4]) // 1024} MiB')" \
    "$scans" "$wall" "$items" "$rss"
}

if [[ "${BENCH_SERVER:-}" == "serve" ]]; then
  serve_bench
  exit
fi

if [[ -z "${DDBX_TEST_DDBLOCAL_ENDPOINT:-}" ]]; then
  exec bash "$ROOT/scripts/test-servers.sh" run -- bash "$ROOT/scripts/bench-diff.sh" "$@"
fi

readonly ITEMS="${BENCH_ITEMS:-20000}"
readonly SEGMENTS=4
case "${BENCH_SERVER:-ddblocal}" in
  dynalite) ENDPOINT="$DDBX_TEST_DYNALITE_ENDPOINT" ;;
  ddblocal) ENDPOINT="$DDBX_TEST_DDBLOCAL_ENDPOINT" ;;
  *) echo "BENCH_SERVER is dynalite or ddblocal" >&2; exit 2 ;;
esac
readonly ENDPOINT
if [[ -z "${BENCH_DDBX:-}" ]]; then
  cargo build --quiet --bin ddbx
  BENCH_DDBX="$ROOT/target/debug/ddbx"
fi
readonly DDBX="$BENCH_DDBX"
readonly A="ddbx-bench-diff-a-$$" B="ddbx-bench-diff-b-$$"
WORK="$(mktemp -d)"
export XDG_STATE_HOME="$WORK/state"
trap 'rm -rf "$WORK"' EXIT

say() { printf '==> %s\n' "$*" >&2; }
now() { date +%s%N; }
seconds() { python3 -c "import sys; print(f'{(int(sys.argv[2]) - int(sys.argv[1])) / 1e9:.3f}')" "$@"; }
aws_ddb() { "$DDBX_TEST_VENV_BIN/aws" --endpoint-url "$ENDPOINT" dynamodb "$@" >/dev/null; }
ddbx() { "$DDBX" --endpoint-url "$ENDPOINT" "$@"; }

say "seeding two tables of $ITEMS items on ${BENCH_SERVER:-ddblocal}"
python3 - "$ITEMS" >"$WORK/items.jsonl" <<'PY'
import json, sys
for n in range(int(sys.argv[1])):
    print(json.dumps({"PK": f"USER#{n // 4}", "SK": f"ORDER#{n:07}", "total": n + 0.5,
                      "note": "x" * 100, "tags": {"$ss": ["a", "b"]}}))
PY
for table in "$A" "$B"; do
  aws_ddb create-table --table-name "$table" \
    --attribute-definitions AttributeName=PK,AttributeType=S AttributeName=SK,AttributeType=S \
    --key-schema AttributeName=PK,KeyType=HASH AttributeName=SK,KeyType=RANGE \
    --billing-mode PAY_PER_REQUEST
  ddbx --table "$table" import "$WORK/items.jsonl" --parallel 16 >/dev/null 2>&1
done

say "the floor: both scans at once"
start=$(now)
ddbx --table "$A" export --segments "$SEGMENTS" >/dev/null 2>&1 &
ddbx --table "$B" export --segments "$SEGMENTS" >/dev/null 2>&1 &
wait
scans=$(seconds "$start" "$(now)")

say "the diff"
start=$(now)
ddbx --table "$A" diff --to-table "$B" --segments "$SEGMENTS" >/dev/null 2>"$WORK/diff.err"
diff_time=$(seconds "$start" "$(now)")
grep '^ddbx: read' "$WORK/diff.err" >&2 || true

for table in "$A" "$B"; do aws_ddb delete-table --table-name "$table"; done
python3 -c "import sys; s, d = float(sys.argv[1]), float(sys.argv[2]); print(f'items {sys.argv[3]} · scans {s:.2f} s · diff {d:.2f} s · ratio {d / s:.2f}')" \
  "$scans" "$diff_time" "$ITEMS"
