#!/usr/bin/env bash
# Runs the public DynamoDB conformance suite (github.com/nubo-db/dynamodb-conformance, vitest and
# the JavaScript SDK v3) against `ddbx serve`, DynamoDB Local, dynalite and Dynoxide in one run,
# and writes the per-tier table and the failing tests to OUT_DIR (default target/conformance).
#
#   scripts/conformance.sh [OUT_DIR]
#
# The suite is cloned at the pinned commit and installed with npm OUTSIDE the project (in
# $DDBX_CONFORMANCE_DIR, default /tmp/ddbx-conformance); none of its code enters this repository.
# DynamoDB Local, dynalite and Dynoxide come from scripts/test-servers.sh. DDBX_CONFORMANCE_SOURCE
# may name a local clone to copy the suite from instead of GitHub.
set -euo pipefail

readonly SUITE_COMMIT=0ba4393668860db921afa5728feffe68b55e3e93
readonly ROOT="$(cd "$(dirname "$0")/.." && pwd)"
readonly SUITE_DIR="${DDBX_CONFORMANCE_DIR:-/tmp/ddbx-conformance}"
readonly SOURCE="${DDBX_CONFORMANCE_SOURCE:-https://github.com/nubo-db/dynamodb-conformance}"

log() { printf 'conformance: %s\n' "$*" >&2; }

install_suite() {
  if [[ ! -d "$SUITE_DIR/.git" ]]; then
    log "cloning the suite from $SOURCE into $SUITE_DIR"
    git clone -q "$SOURCE" "$SUITE_DIR"
  fi
  git -C "$SUITE_DIR" checkout -q "$SUITE_COMMIT"
  if [[ ! -x "$SUITE_DIR/node_modules/.bin/vitest" ]]; then
    log "installing the suite's npm dependencies"
    # The suite's lock file pins a client-dynamodb-streams build the registry may no longer
    # serve; the package.json ranges resolve to current releases instead.
    (cd "$SUITE_DIR" && git checkout -q -- package-lock.json && rm -f package-lock.json \
      && npm install --no-audit --no-fund --silent)
  fi
}

# run_target NAME ENDPOINT OUT_DIR
run_target() {
  log "running against $1 at $2"
  (cd "$SUITE_DIR" && AWS_ACCESS_KEY_ID=conformance AWS_SECRET_ACCESS_KEY=conformance \
    AWS_REGION=us-east-1 DYNAMODB_ENDPOINT="$2" \
    ./node_modules/.bin/vitest run --reporter=json --outputFile="$3/$1.json" >"$3/$1.log" 2>&1) \
    || true
}

inner() {
  local out="$1" ddbx_log="$1/ddbx-serve.log" pid port
  "$ROOT/target/debug/ddbx" serve --port 0 2>"$ddbx_log" &
  pid=$!
  for _ in $(seq 100); do
    port="$(grep -o '127\.0\.0\.1:[0-9]*' "$ddbx_log" | head -n 1 | cut -d: -f2 || true)"
    [[ -n "$port" ]] && break
    sleep 0.1
  done
  [[ -n "$port" ]] || { cat "$ddbx_log" >&2; exit 1; }
  run_target ddbx "http://127.0.0.1:$port" "$out"
  kill "$pid"
  wait "$pid" || true
  run_target dynamodb-local "$DDBX_TEST_DDBLOCAL_ENDPOINT" "$out"
  run_target dynalite "$DDBX_TEST_DYNALITE_ENDPOINT" "$out"
  run_target dynoxide "$DDBX_TEST_DYNOXIDE_ENDPOINT" "$out"
}

if [[ "${1:-}" == "--inner" ]]; then
  inner "$2"
  exit 0
fi

out="$(mkdir -p "${1:-$ROOT/target/conformance}" && cd "${1:-$ROOT/target/conformance}" && pwd)"
install_suite
(cd "$ROOT" && cargo build --quiet --bin ddbx)
DDBX_TEST_REQUIRE_SERVERS=1 bash "$ROOT/scripts/test-servers.sh" run -- \
  bash "$ROOT/scripts/conformance.sh" --inner "$out"
python3 "$ROOT/scripts/conformance_summary.py" "$SUITE_COMMIT" \
  "$out/ddbx.json" "$out/dynamodb-local.json" "$out/dynalite.json" "$out/dynoxide.json" | tee "$out/summary.md"
