#!/usr/bin/env bash
# Installs and runs the DynamoDB-compatible servers that ddbx's integration tests talk to.
#
#   scripts/test-servers.sh install            install (if missing) and stop
#   scripts/test-servers.sh run -- CMD [ARG..] install if needed, start DynamoDB Local, dynalite,
#                                              moto and Dynoxide on free loopback ports, run CMD
#                                              with the test environment, stop the servers, exit
#                                              with CMD's status
#
# Everything lives in target/test-servers/ so a fresh clone needs nothing but node (>= 20), npm,
# python3 (with venv), a Java 17 JDK (`java`, and `javac` for the loopback launcher) and cargo
# with a C compiler from the machine, plus the npm, PyPI and crates.io registries. `cargo clean`
# removes it too; the next run reinstalls it (about 40 s, plus the Dynoxide build: about 2
# minutes on 2 cores).
#
# Dynoxide is a Rust emulator on SQLite, built from crates.io (`dynoxide-rs`, its lock file) with
# only the features a server needs, and run in memory.
#
# DynamoDB Local is AWS's own emulator (DynamoDBLocal.jar); the npm package
# amplify-dynamodb-simulator ships it with its native libraries in `emulator/`, so only that
# directory is unpacked from the package (its npm dependencies are never installed). Without
# `java` it is skipped, or fails the run under DDBX_TEST_REQUIRE_SERVERS=1.
#
# Environment exported to CMD:
#   DDBX_TEST_DDBLOCAL_ENDPOINT, DDBX_TEST_DYNALITE_ENDPOINT, DDBX_TEST_MOTO_ENDPOINT,
#   DDBX_TEST_DYNOXIDE_ENDPOINT  http://127.0.0.1:PORT of each server
#   DDBX_TEST_DDBLOCAL_VERSION  the version DynamoDB Local reports (`-version`)
#   DDBX_TEST_VENV_BIN   venv bin dir holding `aws` (CLI v1), `python` (with boto3)
#   DDBX_TEST_JS_SDK_NODE_PATH  node_modules dir holding @aws-sdk/client-dynamodb (use as NODE_PATH)
#   DDBX_TEST_LIBRARIES_NODE_PATH  node_modules dir holding the single-table design libraries
#                        pinned in tests/libraries/package.json (use as NODE_PATH)
#   fixed fake AWS credentials/region; every other AWS_* variable is removed and the AWS config
#   and credentials files point at empty files, so a developer's ~/.aws is never read.
set -euo pipefail

# Pinned versions. Change them here; the install stamp below makes the next run reinstall.
readonly DYNALITE_VERSION=4.0.0
readonly MOTO_VERSION=5.2.5
readonly AWSCLI_VERSION=1.46.3
# DynamoDB Local: the npm package that carries it, the version the jar must report, and the
# jar's digest, so a republished package with another jar is refused.
readonly DDBLOCAL_PACKAGE=amplify-dynamodb-simulator
readonly DDBLOCAL_PACKAGE_VERSION=2.9.30
readonly DDBLOCAL_VERSION=1.25.1
readonly DDBLOCAL_JAR_SHA256=454305e9bc3e6ebcca5b62569869e31563b8d7e346474e94557b2600702146c7
readonly BOTO3_VERSION=1.44.8
# DuckDB, which runs the SQL `ddbx sql-views` prints; installed into the same venv on its own
# stamp, so adding or bumping it never rebuilds the servers' packages.
readonly DUCKDB_VERSION=2.0.1
# Dynoxide: the crate, its version and the features of a plain HTTP server on its bundled
# SQLite (built from C source), without encryption, the MCP server or the importer.
readonly DYNOXIDE_CRATE=dynoxide-rs
readonly DYNOXIDE_VERSION=3.2.0
readonly DYNOXIDE_FEATURES=native-sqlite,http-server,cli
# The JavaScript SDK v3 client, to execute generated share snippets.
readonly JS_SDK_VERSION=3.1169.0
# moto[server] drags in cfn-lint, aws-xray-sdk, graphql, openapi validators... (~480 MB venv,
# twice the install time). moto_server itself only needs flask + flask-cors on top of the
# DynamoDB extra, so that is what we install (~300 MB, most of it awscli's bundled docs).
readonly PIP_REQUIREMENTS=(
  "moto[dynamodb]==${MOTO_VERSION}"
  "flask==3.1.3"
  "flask-cors==6.0.5"
  "awscli==${AWSCLI_VERSION}"
  "boto3==${BOTO3_VERSION}"
)
# Transitive pins (pip freeze of the set above) so a clean clone gets the exact same servers.
readonly PIP_CONSTRAINTS="
blinker==1.9.0
botocore==1.44.8
certifi==2026.10.19.post1
cffi==2.1.1
charset-normalizer==3.5.3
click==8.5.1
colorama==0.4.6
cryptography==50.0.2
docker==7.2.0
docutils==0.19
idna==3.20
itsdangerous==2.2.0
Jinja2==3.1.6
jmespath==1.1.0
MarkupSafe==3.0.4
py-partiql-parser==0.6.3
pyasn1==0.6.5
pycparser==3.12
python-dateutil==2.9.0.post0
PyYAML==6.0.4
requests==2.34.2
responses==0.26.3
rsa==4.7.2
s3transfer==0.19.3
six==1.17.0
urllib3==2.8.0
Werkzeug==3.1.9
xmltodict==1.0.4
"

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
readonly ROOT
readonly CACHE="$ROOT/target/test-servers"
readonly NPM_PREFIX="$CACHE/npm"
readonly VENV="$CACHE/venv"
readonly DYNALITE_CLI="$NPM_PREFIX/node_modules/dynalite/cli.js"
readonly JS_SDK_PREFIX="$CACHE/npm-js-sdk"
readonly DDBLOCAL_DIR="$CACHE/ddblocal"
readonly DDBLOCAL_JAR="$DDBLOCAL_DIR/emulator/DynamoDBLocal.jar"
readonly DDBLOCAL_LAUNCHER_SRC="$ROOT/scripts/test-servers/LoopbackDynamoDBLocal.java"
readonly DDBLOCAL_LAUNCHER_DIR="$DDBLOCAL_DIR/launcher"
readonly DYNOXIDE_ROOT="$CACHE/dynoxide"
readonly DYNOXIDE_BIN="$DYNOXIDE_ROOT/bin/dynoxide"
readonly JAVA_HINT="Debian: apt-get install openjdk-17-jre-headless"
readonly JAVAC_HINT="Debian: apt-get install openjdk-17-jdk-headless"
# ElectroDB, dynamodb-toolbox, OneTable: their exact versions are pinned in this package.json.
readonly LIBRARIES_PACKAGE="$ROOT/tests/libraries/package.json"
readonly LIBRARIES_PREFIX="$CACHE/npm-libraries"
readonly READY_TIMEOUT_S=30
# Interpreter the venv is built from (override e.g. DDBX_TEST_PYTHON=python3.12).
PYTHON="${DDBX_TEST_PYTHON:-python3}"

log() { printf 'test-servers: %s\n' "$*" >&2; }
die() { log "error: $*"; exit 1; }

usage() {
  sed -n '2,8p' "${BASH_SOURCE[0]}" | sed 's/^# \{0,1\}//' >&2
  exit 2
}

# ---------------------------------------------------------------------------------------------
# Install
# ---------------------------------------------------------------------------------------------

# The stamp records what an install was made from; a mismatch (versions bumped, other python)
# means the cache is stale and is rebuilt from scratch rather than patched.
install_stamp() {
  printf 'dynalite=%s\npip=%s\nconstraints=%s\npython=%s\n' \
    "$DYNALITE_VERSION" "${PIP_REQUIREMENTS[*]}" "$(printf '%s' "$PIP_CONSTRAINTS" | cksum)" \
    "$("$PYTHON" -c 'import sys; print(sys.version.split()[0])')"
}

dynalite_installed() {
  [[ -f "$DYNALITE_CLI" && -f "$NPM_PREFIX/.stamp" ]] \
    && [[ "$(cat "$NPM_PREFIX/.stamp")" == "$DYNALITE_VERSION" ]]
}

js_sdk_installed() {
  [[ -f "$JS_SDK_PREFIX/node_modules/@aws-sdk/client-dynamodb/package.json" \
    && -f "$JS_SDK_PREFIX/.stamp" ]] && [[ "$(cat "$JS_SDK_PREFIX/.stamp")" == "$JS_SDK_VERSION" ]]
}

venv_installed() {
  # -x follows symlinks, so a venv whose base python disappeared counts as missing.
  [[ -x "$VENV/bin/python" && -x "$VENV/bin/moto_server" && -x "$VENV/bin/aws" \
    && -f "$VENV/.stamp" ]] && [[ "$(cat "$VENV/.stamp")" == "$(install_stamp)" ]]
}

duckdb_installed() {
  [[ -f "$VENV/.duckdb-stamp" ]] && [[ "$(cat "$VENV/.duckdb-stamp")" == "$DUCKDB_VERSION" ]]
}

install_duckdb() {
  duckdb_installed && return 0
  log "installing duckdb $DUCKDB_VERSION from PyPI into ${VENV#"$ROOT"/}"
  quietly "$VENV/bin/pip" install --disable-pip-version-check --no-input --quiet \
    "duckdb==${DUCKDB_VERSION}"
  printf '%s\n' "$DUCKDB_VERSION" >"$VENV/.duckdb-stamp"
}

check_node() {
  if ! command -v node >/dev/null || ! command -v npm >/dev/null; then
    die "node and npm are needed for dynalite (Debian: apt-get install nodejs npm)"
  fi
  local major
  major="$(node -p 'process.versions.node.split(".")[0]')"
  ((major >= 20)) || die "dynalite $DYNALITE_VERSION needs node >= 20, found $(node --version)"
}

# Runs an install step with its chatter in a log file; on failure shows the tail and stops.
quietly() {
  local logfile="$CACHE/install.log"
  if ! "$@" >>"$logfile" 2>&1; then
    tail -n 40 "$logfile" >&2
    die "install step failed: $* (full log: $logfile)"
  fi
}

install_dynalite() {
  dynalite_installed && return 0
  check_node
  log "installing dynalite $DYNALITE_VERSION from npm into ${NPM_PREFIX#"$ROOT"/}"
  rm -rf "$NPM_PREFIX"
  mkdir -p "$NPM_PREFIX"
  # --save-exact keeps the pin in the generated package.json; audit/fund only add network
  # chatter. Its native dependency (classic-level) ships prebuilt binaries in the npm package,
  # and dynalite runs in memory (memory-level) anyway, so no compiler is needed.
  quietly npm install --prefix "$NPM_PREFIX" --save-exact --no-audit --no-fund --loglevel=error \
    "dynalite@$DYNALITE_VERSION"
  [[ -f "$DYNALITE_CLI" ]] || die "dynalite@$DYNALITE_VERSION installed without cli.js"
  local got
  got="$(node -p "require('$NPM_PREFIX/node_modules/dynalite/package.json').version")"
  [[ "$got" == "$DYNALITE_VERSION" ]] || die "npm installed dynalite $got, wanted $DYNALITE_VERSION"
  printf '%s' "$DYNALITE_VERSION" >"$NPM_PREFIX/.stamp"
}

# Its own prefix, so bumping the SDK never reinstalls dynalite (and the reverse).
install_js_sdk() {
  js_sdk_installed && return 0
  check_node
  log "installing @aws-sdk/client-dynamodb $JS_SDK_VERSION from npm into ${JS_SDK_PREFIX#"$ROOT"/}"
  rm -rf "$JS_SDK_PREFIX"
  mkdir -p "$JS_SDK_PREFIX"
  quietly npm install --prefix "$JS_SDK_PREFIX" --save-exact --no-audit --no-fund --loglevel=error \
    "@aws-sdk/client-dynamodb@$JS_SDK_VERSION"
  [[ -f "$JS_SDK_PREFIX/node_modules/@aws-sdk/client-dynamodb/package.json" ]] \
    || die "@aws-sdk/client-dynamodb@$JS_SDK_VERSION installed without its package.json"
  printf '%s' "$JS_SDK_VERSION" >"$JS_SDK_PREFIX/.stamp"
}

# The stamp names the package, the jar digest and the launcher source, so changing any of
# them reinstalls.
ddblocal_stamp() {
  printf 'package=%s@%s\njar=%s\nlauncher=%s\n' "$DDBLOCAL_PACKAGE" "$DDBLOCAL_PACKAGE_VERSION" \
    "$DDBLOCAL_JAR_SHA256" "$(cksum <"$DDBLOCAL_LAUNCHER_SRC")"
}

ddblocal_installed() {
  [[ -f "$DDBLOCAL_JAR" && -f "$DDBLOCAL_LAUNCHER_DIR/LoopbackDynamoDBLocal.class" \
    && -f "$DDBLOCAL_DIR/.stamp" ]] && [[ "$(cat "$DDBLOCAL_DIR/.stamp")" == "$(ddblocal_stamp)" ]]
}

# DynamoDB Local runs only when Java is there. Without it the run goes on with the other
# servers (their tests still run, the DynamoDB Local ones skip), unless servers are required.
ddblocal_available() {
  local missing="" hint=""
  if ! command -v java >/dev/null; then
    missing=java hint=$JAVA_HINT
  elif ! command -v javac >/dev/null; then
    missing="javac (compiles the launcher that binds DynamoDB Local to 127.0.0.1)" hint=$JAVAC_HINT
  fi
  [[ -z "$missing" ]] && return 0
  if [[ "${DDBX_TEST_REQUIRE_SERVERS:-}" == 1 ]]; then
    die "DynamoDB Local needs $missing, not found ($hint)"
  fi
  log "skipping DynamoDB Local: $missing not found ($hint)"
  return 1
}

# `npm pack` fetches the package tarball alone (no dependency tree); only its emulator/
# directory (the jar and DynamoDBLocal_lib with the sqlite4java native libraries) is kept.
install_ddblocal() {
  ddblocal_installed && return 0
  check_node
  log "installing DynamoDB Local $DDBLOCAL_VERSION ($DDBLOCAL_PACKAGE@$DDBLOCAL_PACKAGE_VERSION) into ${DDBLOCAL_DIR#"$ROOT"/}"
  rm -rf "$DDBLOCAL_DIR"
  mkdir -p "$DDBLOCAL_DIR/pack"
  quietly npm pack --pack-destination "$DDBLOCAL_DIR/pack" --silent \
    "$DDBLOCAL_PACKAGE@$DDBLOCAL_PACKAGE_VERSION"
  local tarball
  tarball="$(find "$DDBLOCAL_DIR/pack" -name '*.tgz' -print -quit)"
  [[ -n "$tarball" ]] || die "npm pack left no tarball in ${DDBLOCAL_DIR#"$ROOT"/}/pack"
  quietly tar -xzf "$tarball" -C "$DDBLOCAL_DIR" --strip-components=1 package/emulator
  rm -rf "$DDBLOCAL_DIR/pack"
  local digest
  digest="$(sha256sum "$DDBLOCAL_JAR" | cut -d' ' -f1)"
  [[ "$digest" == "$DDBLOCAL_JAR_SHA256" ]] \
    || die "DynamoDBLocal.jar has sha256 $digest, wanted $DDBLOCAL_JAR_SHA256"
  local reported
  reported="$(java -jar "$DDBLOCAL_JAR" -version 2>/dev/null | tail -n 1)"
  [[ "$reported" == "$DDBLOCAL_VERSION" ]] \
    || die "DynamoDBLocal.jar reports version '$reported', wanted $DDBLOCAL_VERSION"
  mkdir -p "$DDBLOCAL_LAUNCHER_DIR"
  quietly javac -cp "$DDBLOCAL_JAR" -d "$DDBLOCAL_LAUNCHER_DIR" "$DDBLOCAL_LAUNCHER_SRC"
  ddblocal_stamp >"$DDBLOCAL_DIR/.stamp"
}

# The stamp names the crate, its version, the features and the compiler that built it.
dynoxide_stamp() {
  printf 'crate=%s@%s\nfeatures=%s\nrustc=%s\n' "$DYNOXIDE_CRATE" "$DYNOXIDE_VERSION" \
    "$DYNOXIDE_FEATURES" "$(rustc --version)"
}

dynoxide_installed() {
  [[ -x "$DYNOXIDE_BIN" && -f "$DYNOXIDE_ROOT/.stamp" ]] \
    && [[ "$(cat "$DYNOXIDE_ROOT/.stamp")" == "$(dynoxide_stamp)" ]]
}

# --locked builds with the crate's own lock file, so a fresh clone gets the same dependency
# versions; the build directory is cargo's temporary one, removed once the binary is installed.
install_dynoxide() {
  dynoxide_installed && return 0
  command -v cargo >/dev/null || die "cargo is needed to build Dynoxide (https://rustup.rs)"
  log "building Dynoxide $DYNOXIDE_VERSION ($DYNOXIDE_CRATE from crates.io) into ${DYNOXIDE_ROOT#"$ROOT"/}"
  rm -rf "$DYNOXIDE_ROOT"
  # CARGO_TARGET_DIR would put the build into the project's target dir and keep it there.
  quietly env -u CARGO_TARGET_DIR cargo install --quiet --locked --root "$DYNOXIDE_ROOT" \
    --no-default-features --features "$DYNOXIDE_FEATURES" \
    "$DYNOXIDE_CRATE" --version "$DYNOXIDE_VERSION"
  [[ -x "$DYNOXIDE_BIN" ]] || die "$DYNOXIDE_CRATE@$DYNOXIDE_VERSION installed without bin/dynoxide"
  dynoxide_stamp >"$DYNOXIDE_ROOT/.stamp"
}

libraries_stamp() { cksum <"$LIBRARIES_PACKAGE"; }

libraries_installed() {
  [[ -f "$LIBRARIES_PREFIX/.stamp" ]] && [[ "$(cat "$LIBRARIES_PREFIX/.stamp")" == "$(libraries_stamp)" ]]
}

# Its own prefix too; the stamp is the package.json's checksum, so a version bump reinstalls.
install_libraries() {
  libraries_installed && return 0
  check_node
  log "installing the single-table design libraries of ${LIBRARIES_PACKAGE#"$ROOT"/} into ${LIBRARIES_PREFIX#"$ROOT"/}"
  rm -rf "$LIBRARIES_PREFIX"
  mkdir -p "$LIBRARIES_PREFIX"
  cp "$LIBRARIES_PACKAGE" "$LIBRARIES_PREFIX/package.json"
  quietly npm install --prefix "$LIBRARIES_PREFIX" --no-audit --no-fund --loglevel=error
  local name wanted got
  for name in electrodb dynamodb-toolbox dynamodb-onetable; do
    wanted="$(node -p "require('$LIBRARIES_PACKAGE').dependencies['$name']")"
    got="$(node -p "require('$LIBRARIES_PREFIX/node_modules/$name/package.json').version")"
    [[ "$got" == "$wanted" ]] || die "npm installed $name $got, wanted $wanted"
  done
  # dynamodb-toolbox v1 beside v2, under an npm alias (`npm:dynamodb-toolbox@1.16.3`).
  wanted="$(node -p "require('$LIBRARIES_PACKAGE').dependencies['dynamodb-toolbox-v1'].split('@').pop()")"
  got="$(node -p "require('$LIBRARIES_PREFIX/node_modules/dynamodb-toolbox-v1/package.json').version")"
  [[ "$got" == "$wanted" ]] || die "npm installed dynamodb-toolbox-v1 $got, wanted $wanted"
  libraries_stamp >"$LIBRARIES_PREFIX/.stamp"
}

install_venv() {
  venv_installed && return 0
  command -v "$PYTHON" >/dev/null || die "$PYTHON not found (needed for moto and the AWS CLI)"
  log "installing moto $MOTO_VERSION, awscli $AWSCLI_VERSION, boto3 $BOTO3_VERSION from PyPI into ${VENV#"$ROOT"/}"
  # A venv is not relocatable (absolute paths in its scripts), so build it in place and only
  # write the stamp once everything succeeded; a half-built venv is wiped on the next try.
  rm -rf "$VENV"
  quietly "$PYTHON" -m venv "$VENV"
  printf '%s\n' "$PIP_CONSTRAINTS" >"$CACHE/constraints.txt"
  quietly "$VENV/bin/pip" install --disable-pip-version-check --no-input --quiet \
    -c "$CACHE/constraints.txt" "${PIP_REQUIREMENTS[@]}"
  install_stamp >"$VENV/.stamp"
}

# Set by do_install: 1 when Java is there, so DynamoDB Local is installed and started.
DDBLOCAL_WANTED=0

do_install() {
  mkdir -p "$CACHE"
  # Two runs from the same clone (e.g. two terminals) must not build the cache at once.
  exec 9>"$CACHE/.install.lock"
  flock 9
  if ddblocal_available; then DDBLOCAL_WANTED=1; fi
  if dynalite_installed && venv_installed && duckdb_installed && js_sdk_installed \
    && libraries_installed \
    && dynoxide_installed && { ((DDBLOCAL_WANTED == 0)) || ddblocal_installed; }; then
    exec 9>&-
    return 0
  fi
  local t0=$EPOCHREALTIME
  : >"$CACHE/install.log"
  install_dynalite
  install_venv
  install_duckdb
  install_js_sdk
  install_libraries
  ((DDBLOCAL_WANTED == 0)) || install_ddblocal
  install_dynoxide
  log "installed in $(elapsed "$t0") s ($(du -sh "$CACHE" | cut -f1) in ${CACHE#"$ROOT"/})"
  exec 9>&-
}

elapsed() { # seconds since an $EPOCHREALTIME value, two decimals
  awk -v a="$1" -v b="$EPOCHREALTIME" 'BEGIN { printf "%.2f", b - a }'
}

# ---------------------------------------------------------------------------------------------
# Run
# ---------------------------------------------------------------------------------------------

declare -A SERVER_PID=() SERVER_PORT=() SERVER_LOG=() SERVER_T0=()
RUN_DIR=""

# The fake credentials are the only ones this script ever sets or prints.
test_environment() {
  # Drop every AWS_* the caller had (profiles, session tokens, endpoint overrides, CA bundles,
  # role ARNs...), then set the fixed fake ones. Empty config/credentials files mean neither
  # the Rust SDK nor boto3/the CLI ever looks at the developer's ~/.aws.
  local v
  while read -r v; do unset "$v"; done < <(compgen -e | grep '^AWS_' || true)
  : >"$RUN_DIR/aws-config"
  : >"$RUN_DIR/aws-credentials"
  export AWS_ACCESS_KEY_ID=test AWS_SECRET_ACCESS_KEY=test
  export AWS_REGION=us-east-1 AWS_DEFAULT_REGION=us-east-1
  export AWS_EC2_METADATA_DISABLED=true
  export AWS_CONFIG_FILE="$RUN_DIR/aws-config" AWS_SHARED_CREDENTIALS_FILE="$RUN_DIR/aws-credentials"
  # A developer's HTTP(S)_PROXY must not swallow loopback traffic (botocore honours it).
  export NO_PROXY="127.0.0.1,localhost${NO_PROXY:+,$NO_PROXY}" no_proxy="127.0.0.1,localhost${no_proxy:+,$no_proxy}"
  export DDBX_TEST_VENV_BIN="$VENV/bin"
  export DDBX_TEST_JS_SDK_NODE_PATH="$JS_SDK_PREFIX/node_modules"
  export DDBX_TEST_LIBRARIES_NODE_PATH="$LIBRARIES_PREFIX/node_modules"
}

# Asks the kernel for a free loopback port. There is a window between closing this socket and
# the server binding it; start_server retries on "address in use" to cover that race.
free_port() {
  "$VENV/bin/python" -c '
import socket
s = socket.socket()
s.bind(("127.0.0.1", 0))
print(s.getsockname()[1])
s.close()'
}

# Starts a server in its own session/process group, so cleanup can kill it (and anything it
# spawned) as a group and a Ctrl-C in the terminal reaches only the test command. The wrapper
# shell is a watchdog: if this script dies without running its trap (SIGKILL), the wrapper
# notices within a second and stops the server, so no orphan keeps a port or memory.
start_server() {
  local name=$1 port
  port="$(free_port)"
  local -a cmd
  case "$name" in
    dynalite)
      cmd=(node "$DYNALITE_CLI" --host 127.0.0.1 --port "$port"
        --createTableMs 0 --deleteTableMs 0 --updateTableMs 0) ;;
    moto)
      cmd=("$VENV/bin/moto_server" -H 127.0.0.1 -p "$port") ;;
    ddblocal)
      # -sharedDb: one database whatever the client's key and region (else each pair gets its
      # own). -disableTelemetry (and DDB_LOCAL_TELEMETRY=0): it would otherwise report to AWS.
      # A small serial-GC heap: the data lives in sqlite, and the machine is shared.
      cmd=(env DDB_LOCAL_TELEMETRY=0 java -Xms64m -Xmx512m -XX:+UseSerialGC
        "-Djava.library.path=$DDBLOCAL_DIR/emulator/DynamoDBLocal_lib"
        -cp "$DDBLOCAL_JAR:$DDBLOCAL_LAUNCHER_DIR" LoopbackDynamoDBLocal
        -inMemory -sharedDb -disableTelemetry -port "$port") ;;
    dynoxide)
      # Without --db-path the database is SQLite in memory, gone when the process ends.
      cmd=("$DYNOXIDE_BIN" serve --host 127.0.0.1 --port "$port") ;;
    *) die "unknown server $name" ;;
  esac
  SERVER_PORT[$name]=$port
  SERVER_LOG[$name]="$RUN_DIR/$name.log"
  : >"${SERVER_LOG[$name]}"
  SERVER_T0[$name]=$EPOCHREALTIME
  # shellcheck disable=SC2016 # the inner script is meant to expand its own variables
  setsid bash -c '
    owner=$1; shift
    "$@" &
    server=$!
    trap "kill -TERM \$server 2>/dev/null; wait \$server; exit 143" TERM INT HUP
    while kill -0 "$owner" 2>/dev/null && kill -0 "$server" 2>/dev/null; do sleep 1; done
    kill -TERM "$server" 2>/dev/null
    wait "$server"
  ' watchdog "$$" "${cmd[@]}" </dev/null >>"${SERVER_LOG[$name]}" 2>&1 &
  SERVER_PID[$name]=$!
}

# Polls with a real, signed DynamoDB ListTables (botocore) until it succeeds, the server process
# exits, or the timeout passes. One python process polls every 100 ms: no fixed sleeps.
wait_ready() {
  local name=$1
  "$VENV/bin/python" - "http://127.0.0.1:${SERVER_PORT[$name]}" "${SERVER_PID[$name]}" \
    "$READY_TIMEOUT_S" <<'PY'
import sys, time
import botocore.session
from botocore.config import Config

endpoint, pid, timeout = sys.argv[1], int(sys.argv[2]), float(sys.argv[3])
client = botocore.session.get_session().create_client(
    "dynamodb", region_name="us-east-1", endpoint_url=endpoint,
    aws_access_key_id="test", aws_secret_access_key="test",
    config=Config(connect_timeout=1, read_timeout=5, retries={"total_max_attempts": 1}))

def alive():
    try:
        with open(f"/proc/{pid}/stat") as f:
            return f.read().rsplit(")", 1)[1].split()[0] != "Z"
    except FileNotFoundError:
        return False

deadline = time.monotonic() + timeout
last = None
while time.monotonic() < deadline:
    if not alive():
        sys.exit(f"test-servers: server process exited before answering ListTables at {endpoint}")
    try:
        client.list_tables(Limit=1)
        sys.exit(0)
    except Exception as e:  # connection refused until it listens; anything else is kept
        last = e
    time.sleep(0.1)
sys.exit(f"test-servers: no successful ListTables at {endpoint} within {timeout:.0f} s; last error: {last}")
PY
}

# Starts the server and waits for it; retries with a new port only if the port was taken
# between free_port and the server's bind (the only failure a retry can fix).
start_and_wait() {
  local name=$1 attempt
  for attempt in 1 2 3; do
    ((attempt == 1)) || start_server "$name"
    if wait_ready "$name"; then
      log "$name ready at http://127.0.0.1:${SERVER_PORT[$name]} after $(elapsed "${SERVER_T0[$name]}") s"
      return 0
    fi
    if grep -qiE 'EADDRINUSE|address already in use|BindException' "${SERVER_LOG[$name]}"; then
      log "$name: port ${SERVER_PORT[$name]} was taken meanwhile, retrying on another"
      stop_server "$name"
      mv "${SERVER_LOG[$name]}" "$RUN_DIR/$name.port-race-$attempt.log"
      continue
    fi
    return 1
  done
  return 1
}

# Refuses a server that listens beyond loopback (the launcher's whole point), when `ss` can
# tell: a wildcard listener on its port means the bind address was not applied.
check_loopback_only() {
  local name=$1 port=${SERVER_PORT[$1]}
  command -v ss >/dev/null || return 0
  local listeners
  listeners="$(ss -Hltn "sport = :$port" | awk '{ print $4 }')"
  if grep -qvE '^(\[::ffff:)?127\.0\.0\.1\]?:' <<<"$listeners"; then
    die "$name listens beyond loopback on port $port: $(tr '\n' ' ' <<<"$listeners")"
  fi
}

# Kills the server's process group: TERM, up to 5 s grace, then KILL.
stop_server() {
  local name=$1 pid=${SERVER_PID[$1]:-} i
  [[ -n "$pid" ]] || return 0
  unset 'SERVER_PID[$name]'
  # The group is only the server's once setsid has run (pgid == pid); before that the child
  # still shares our group, and killing "-pid" must never hit this script.
  local pgid
  pgid="$(ps -o pgid= -p "$pid" 2>/dev/null | tr -d ' ')" || true
  local target=$pid
  [[ "$pgid" == "$pid" ]] && target="-$pid"
  # Marks the log, so the shell's "Terminated" that follows is not mistaken for a crash.
  echo "---- test-servers.sh: stopping $name ----" >>"${SERVER_LOG[$name]}"
  kill -TERM -- "$target" 2>/dev/null || return 0
  for ((i = 0; i < 50; i++)); do
    kill -0 "$pid" 2>/dev/null || break
    sleep 0.1
  done
  kill -KILL -- "$target" 2>/dev/null || true
  wait "$pid" 2>/dev/null || true
}

show_logs() {
  local name
  for name in ddblocal dynalite moto dynoxide; do
    [[ -s "${SERVER_LOG[$name]:-}" ]] || continue
    log "---- last lines of $name log (${SERVER_LOG[$name]#"$ROOT"/}) ----"
    tail -n 30 "${SERVER_LOG[$name]}" >&2
  done
}

cleanup() {
  local rc=$?
  trap - EXIT INT TERM HUP
  stop_server ddblocal
  stop_server dynalite
  stop_server moto
  stop_server dynoxide
  if ((rc != 0)); then
    # After a Ctrl-C (130) the tails are noise; the logs are still kept.
    ((rc == 130)) || show_logs
    [[ -n "$RUN_DIR" ]] && log "exit status $rc; server logs kept in ${RUN_DIR#"$ROOT"/}"
  elif [[ -n "$RUN_DIR" ]]; then
    rm -rf "$RUN_DIR"
  fi
  exit "$rc"
}

do_run() {
  (($# > 0)) || die "run needs a command: $0 run -- CMD [ARGS...]"
  do_install
  mkdir -p "$CACHE/runs"
  RUN_DIR="$(mktemp -d "$CACHE/runs/run.XXXXXX")"
  # Servers are stopped on every way out: normal exit, failure (set -e), Ctrl-C, kill, hangup.
  # INT/TERM/HUP just exit with the conventional status; the EXIT trap does the work once.
  trap cleanup EXIT
  trap 'exit 130' INT
  trap 'exit 143' TERM
  trap 'exit 129' HUP
  test_environment
  # Start all first so their start-ups overlap (the JVM is the slowest), then wait for each.
  ((DDBLOCAL_WANTED == 0)) || start_server ddblocal
  start_server dynalite
  start_server moto
  start_server dynoxide
  start_and_wait dynalite || die "dynalite did not start"
  start_and_wait moto || die "moto did not start"
  start_and_wait dynoxide || die "Dynoxide did not start"
  check_loopback_only dynoxide
  export DDBX_TEST_DYNALITE_ENDPOINT="http://127.0.0.1:${SERVER_PORT[dynalite]}"
  export DDBX_TEST_MOTO_ENDPOINT="http://127.0.0.1:${SERVER_PORT[moto]}"
  export DDBX_TEST_DYNOXIDE_ENDPOINT="http://127.0.0.1:${SERVER_PORT[dynoxide]}"
  if ((DDBLOCAL_WANTED == 1)); then
    start_and_wait ddblocal || die "DynamoDB Local did not start"
    check_loopback_only ddblocal
    export DDBX_TEST_DDBLOCAL_ENDPOINT="http://127.0.0.1:${SERVER_PORT[ddblocal]}"
    export DDBX_TEST_DDBLOCAL_VERSION="$DDBLOCAL_VERSION"
  fi
  # Run in the foreground (not `&` + wait): a background command would get /dev/null as stdin
  # and ignore Ctrl-C. A Ctrl-C reaches the command, then our INT trap stops the servers. (A
  # TERM sent to this script alone is handled once the command ends; SIGKILL is the watchdog's.)
  local rc=0
  "$@" || rc=$?
  exit "$rc"
}

case "${1:-}" in
  install)
    (($# == 1)) || usage
    do_install ;;
  run)
    shift
    [[ "${1:-}" == "--" ]] && shift
    do_run "$@" ;;
  -h | --help | help | "") usage ;;
  *) usage ;;
esac
