#!/usr/bin/env bash
# End-to-end speed of `ddbx query` against `aws dynamodb query` (AWS CLI v1 from the test venv) on
# the same dynalite table: one 1,000-item partition, both printing every item as DynamoDB JSON.
#
#   scripts/bench-e2e.sh            starts the servers itself (via scripts/test-servers.sh)
#   BENCH_RUNS=20 scripts/bench-e2e.sh
#
# Uses the release build of ddbx. Measures with hyperfine when installed
# (`apt-get install -y hyperfine`), otherwise with a `date +%s%N` loop. Prints both means and the
# ratio; the target is ddbx at least 5x faster.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"

if [[ -z "${DDBX_TEST_DYNALITE_ENDPOINT:-}" || -z "${DDBX_TEST_VENV_BIN:-}" ]]; then
  exec bash "$ROOT/scripts/test-servers.sh" run -- bash "$ROOT/scripts/bench-e2e.sh" "$@"
fi

readonly RUNS="${BENCH_RUNS:-15}"
readonly ITEMS=1000
readonly ENDPOINT="$DDBX_TEST_DYNALITE_ENDPOINT"
readonly AWS="$DDBX_TEST_VENV_BIN/aws"
readonly PYTHON="$DDBX_TEST_VENV_BIN/python"
readonly TABLE="ddbx-bench-$$"
readonly PARTITION="USER#usr_bench"
WORK="$(mktemp -d)"
trap 'rm -rf "$WORK"' EXIT

say() { printf '==> %s\n' "$*" >&2; }

say "cargo build --release --bin ddbx"
cargo build --release --quiet --bin ddbx
DDBX="$(cargo metadata --format-version 1 --no-deps | "$PYTHON" -c 'import json,sys; print(json.load(sys.stdin)["target_directory"])')/release/ddbx"
readonly DDBX

say "seeding $ITEMS items into $TABLE ($PARTITION) on dynalite at $ENDPOINT"
"$PYTHON" - "$ENDPOINT" "$TABLE" "$PARTITION" "$ITEMS" <<'PY'
import sys
import boto3

endpoint, table, partition, count = sys.argv[1], sys.argv[2], sys.argv[3], int(sys.argv[4])
client = boto3.client("dynamodb", endpoint_url=endpoint, region_name="us-east-1")
client.create_table(
    TableName=table,
    AttributeDefinitions=[{"AttributeName": "PK", "AttributeType": "S"},
                          {"AttributeName": "SK", "AttributeType": "S"}],
    KeySchema=[{"AttributeName": "PK", "KeyType": "HASH"},
               {"AttributeName": "SK", "KeyType": "RANGE"}],
    BillingMode="PAY_PER_REQUEST",
)
client.get_waiter("table_exists").wait(TableName=table)

def order(i):
    # A realistic single-table order item: keys, GSI keys, numbers, a set, a nested document.
    return {
        "PK": {"S": partition},
        "SK": {"S": f"ORDER#2026-07-{i % 28 + 1:02d}#ord_{i:05d}"},
        "GSI1PK": {"S": f"STATUS#{'open' if i % 3 else 'shipped'}"},
        "GSI1SK": {"S": f"2026-07-{i % 28 + 1:02d}T10:{i % 60:02d}:00Z"},
        "entity": {"S": "Order"},
        "total": {"N": f"{i * 7 % 1000}.{i % 100:02d}"},
        "itemCount": {"N": str(i % 9 + 1)},
        "customerId": {"N": str(900719925474099 + i)},
        "tags": {"SS": ["priority", f"region-{i % 5}"]},
        "shipping": {"M": {
            "city": {"S": "Zürich"},
            "street": {"S": f"Bahnhofstrasse {i % 200}"},
            "express": {"BOOL": i % 4 == 0},
        }},
        "lines": {"L": [
            {"M": {"sku": {"S": f"SKU-{i % 97:03d}"}, "qty": {"N": "2"}, "price": {"N": "19.99"}}},
            {"M": {"sku": {"S": f"SKU-{i % 89:03d}"}, "qty": {"N": "1"}, "price": {"N": "5.5"}}},
        ]},
        "note": {"S": "Leave at the door, ring twice." if i % 2 else ""},
    }

items = [order(i) for i in range(count)]
for start in range(0, count, 25):
    pending = {table: [{"PutRequest": {"Item": item}} for item in items[start:start + 25]]}
    while pending:
        pending = client.batch_write_item(RequestItems=pending).get("UnprocessedItems") or None
PY

ddbx_cmd=("$DDBX" --endpoint-url "$ENDPOINT" --table "$TABLE" query --pk "$PARTITION" -o ddb)
aws_cmd=("$AWS" dynamodb query --endpoint-url "$ENDPOINT" --table-name "$TABLE"
  --key-condition-expression '#pk = :pk'
  --expression-attribute-names '{"#pk":"PK"}'
  --expression-attribute-values "{\":pk\":{\"S\":\"$PARTITION\"}}"
  --output json)

say "checking that both print the same $ITEMS items"
"${ddbx_cmd[@]}" >"$WORK/ddbx.out" 2>"$WORK/ddbx.err"
"${aws_cmd[@]}" >"$WORK/aws.out"
"$PYTHON" - "$WORK/ddbx.out" "$WORK/aws.out" "$ITEMS" <<'PY'
import json
import sys

ddbx_path, aws_path, expected = sys.argv[1], sys.argv[2], int(sys.argv[3])
with open(ddbx_path) as f:
    ddbx_items = [json.loads(line) for line in f if line.strip()]
with open(aws_path) as f:
    aws_items = json.load(f)["Items"]
def key(item):
    return item["SK"]["S"]
assert len(ddbx_items) == expected, f"ddbx printed {len(ddbx_items)} items"
assert len(aws_items) == expected, f"aws printed {len(aws_items)} items"
# Sets come back in any order; compare them as sets.
def canonical(value):
    if isinstance(value, dict):
        return {k: (sorted(v) if k in ("SS", "NS", "BS") else canonical(v)) for k, v in value.items()}
    if isinstance(value, list):
        return [canonical(v) for v in value]
    return value
assert [canonical(i) for i in sorted(ddbx_items, key=key)] == \
       [canonical(i) for i in sorted(aws_items, key=key)], "the items differ"
PY
printf 'same items: yes (%s); output bytes: ddbx %s, aws %s\n' "$ITEMS" \
  "$(wc -c <"$WORK/ddbx.out")" "$(wc -c <"$WORK/aws.out")"
printf 'ddbx summary: %s\n' "$(cat "$WORK/ddbx.err")"

quote() { printf '%q ' "$@"; }

if command -v hyperfine >/dev/null 2>&1; then
  say "hyperfine, $RUNS runs each (3 warm-up)"
  hyperfine --style basic --warmup 3 --runs "$RUNS" --export-json "$WORK/hyperfine.json" \
    --command-name ddbx "$(quote "${ddbx_cmd[@]}") >/dev/null 2>&1" \
    --command-name aws "$(quote "${aws_cmd[@]}") >/dev/null 2>&1" >&2
  read -r ddbx_ms aws_ms < <("$PYTHON" -c '
import json, sys
results = {r["command"]: r["mean"] * 1000 for r in json.load(open(sys.argv[1]))["results"]}
print("%.1f %.1f" % (results["ddbx"], results["aws"]))' "$WORK/hyperfine.json")
else
  say "hyperfine not installed; timing $RUNS runs each with date +%s%N"
  mean_ms() {
    local start end total=0 i
    for ((i = 0; i < RUNS; i++)); do
      start=$(date +%s%N)
      "$@" >/dev/null 2>&1
      end=$(date +%s%N)
      total=$((total + end - start))
    done
    echo "scale=1; $total / $RUNS / 1000000" | bc
  }
  ddbx_ms=$(mean_ms "${ddbx_cmd[@]}")
  aws_ms=$(mean_ms "${aws_cmd[@]}")
fi

ratio=$("$PYTHON" -c "print(f'{$aws_ms / $ddbx_ms:.1f}')")
printf 'mean ddbx query: %s ms\nmean aws dynamodb query: %s ms\nddbx is %sx faster (target: >= 5x)\n' \
  "$ddbx_ms" "$aws_ms" "$ratio"
