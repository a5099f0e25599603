#!/usr/bin/env bash
# Reading an Export to S3 with `--file`: the demo table written in AWS's export layout (gzipped
# data files, manifests with counts and MD5s), then timed three ways, each with its peak memory:
#   floor   zcat of the same data files (decompression alone, output discarded);
#   local   ddbx --file <folder> export --format ddb (read, checked, written out as it streams),
#           and with --segments 1 (loaded into the engine first, then read);
#   s3      the same from moto's S3 (--file s3://…), when BENCH_S3=1 (starts the test servers).
#
#   scripts/bench-export-read.sh                          100,000 items, release build
#   BENCH_ITEMS=1000000 scripts/bench-export-read.sh
#   BENCH_ITEMS=1000000 BENCH_S3=1 scripts/bench-export-read.sh
#   BENCH_DDBX=target/debug/ddbx scripts/bench-export-read.sh   another binary (no build here)
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"

if [[ "${BENCH_S3:-0}" == 1 && -z "${DDBX_TEST_MOTO_ENDPOINT:-}" ]]; then
  exec bash "$ROOT/scripts/test-servers.sh" run -- bash "$ROOT/scripts/bench-export-read.sh" "$@"
fi

readonly ITEMS="${BENCH_ITEMS:-100000}"
readonly FILES="${BENCH_FILES:-8}"
if [[ -z "${BENCH_DDBX:-}" ]]; then
  cargo build --release --quiet
  BENCH_DDBX="$ROOT/target/release/ddbx"
fi
readonly DDBX="$BENCH_DDBX"
WORK="$(mktemp -d)"
trap 'rm -rf "$WORK"' EXIT

say() { printf '==> %s\n' "$*" >&2; }

# Seconds and peak resident memory (KB) of a command, its output discarded.
measure() {
  local label="$1"
  shift
  /usr/bin/time -f "$label %e s, max RSS %M KB" "$@" >/dev/null 2>"$WORK/time.err" || {
    cat "$WORK/time.err" >&2
    return 1
  }
  tail -1 "$WORK/time.err"
}

say "writing the demo table ($ITEMS items) in AWS's export layout, $FILES data files"
"$DDBX" --demo --demo-size "$ITEMS" export --format ddb --out "$WORK/items.jsonl" 2>/dev/null
python3 - "$WORK/items.jsonl" "$WORK/export" "$FILES" <<'PY'
import base64, gzip, hashlib, json, os, sys
source, folder, files = sys.argv[1], sys.argv[2], int(sys.argv[3])
root = os.path.join(folder, "AWSDynamoDB", "01700000000000-bench0001")
os.makedirs(os.path.join(root, "data"))
lines = open(source).read().splitlines()
per_file = -(-len(lines) // files)
manifest = []
for index in range(files):
    chunk = lines[index * per_file:(index + 1) * per_file]
    data = gzip.compress("".join('{"Item":%s}\n' % line for line in chunk).encode(), 6)
    name = "data/%04d-bench.json.gz" % index
    open(os.path.join(root, name), "wb").write(data)
    digest = hashlib.md5(data)
    manifest.append(json.dumps({"itemCount": len(chunk),
        "md5Checksum": base64.b64encode(digest.digest()).decode(),
        "etag": digest.hexdigest(), "dataFileS3Key": "bench/" + name}))
open(os.path.join(root, "manifest-files.json"), "w").write("\n".join(manifest) + "\n")
json.dump({"tableArn": "arn:aws:dynamodb:us-east-1:123456789012:table/SingleTableApp",
           "itemCount": len(lines), "outputFormat": "DYNAMODB_JSON", "exportType": "FULL_EXPORT"},
          open(os.path.join(root, "manifest-summary.json"), "w"))
PY
rm "$WORK/items.jsonl"
du -sh "$WORK/export" >&2

measure "floor: zcat" sh -c "zcat '$WORK'/export/AWSDynamoDB/*/data/*.json.gz"
measure "local: ddbx --file folder export (streamed)" \
  "$DDBX" --file "$WORK/export" export --format ddb
# --segments makes export read the table loaded into the engine, as every other command does.
measure "local: ddbx --file folder export --segments 1 (loaded)" \
  "$DDBX" --file "$WORK/export" export --format ddb --segments 1
if [[ "${BENCH_S3:-0}" == 1 ]]; then
  bucket="ddbx-bench-$$"
  export AWS_ENDPOINT_URL="$DDBX_TEST_MOTO_ENDPOINT"
  aws="${DDBX_TEST_VENV_BIN:+$DDBX_TEST_VENV_BIN/}aws"
  "$aws" s3api create-bucket --bucket "$bucket" >/dev/null
  "$aws" s3 cp --quiet --recursive "$WORK/export" "s3://$bucket/bench/"
  measure "s3: ddbx --file s3://… export" \
    "$DDBX" --file "s3://$bucket/bench/" --s3-endpoint-url "$DDBX_TEST_MOTO_ENDPOINT" \
    export --format ddb
fi
