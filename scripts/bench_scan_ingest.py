"""Scan ingest against its floor: `ddbx scan` and `ddbx collections` (discovery) of a 100k-item
table with 1, 2 and 4 segments, each timed as a whole process next to a bare aws-sdk-dynamodb
loop that only counts the items (examples/bare_scan.rs) on the same server and table. Runs are
interleaved (floor, ddbx, floor, ddbx, ...) and the median of BENCH_RUNS is kept.

    python3 scripts/bench_scan_ingest.py ENDPOINT DDBX BARE_SCAN

The table is seeded once per server (its name holds the item count) with BatchWriteItem.
"""

import os
import resource
import statistics
import subprocess
import sys
import threading
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import bench_floor  # noqa: E402

ITEMS = int(os.environ.get("BENCH_INGEST_ITEMS", "100000"))
RUNS = int(os.environ.get("BENCH_RUNS", "5"))
SEGMENTS = [int(s) for s in os.environ.get("BENCH_SEGMENTS", "1 2 4").split()]
# Discovery projects the key and the type attributes; the floor projects the same names.
DISCOVERY_NAMES = "PK,SK,__edb_e__,_et,_type,__typename,entityType,Type,type"
ENV = {
    "PATH": os.environ.get("PATH", "/usr/bin:/bin"),
    "HOME": os.environ.get("HOME", "/tmp"),
    "AWS_REGION": "us-east-1",
    "AWS_ACCESS_KEY_ID": "bench",
    "AWS_SECRET_ACCESS_KEY": "bench",
    "AWS_EC2_METADATA_DISABLED": "true",
    "AWS_CONFIG_FILE": "/nonexistent/ddbx-bench/config",
    "AWS_SHARED_CREDENTIALS_FILE": "/nonexistent/ddbx-bench/credentials",
    "XDG_STATE_HOME": "/tmp/ddbx-bench-state",
    "XDG_CONFIG_HOME": "/tmp/ddbx-bench-config",
}


def item(i):
    """Users of five items each: a profile and four orders, about 300 bytes."""
    user, slot = divmod(i, 5)
    sk = "PROFILE" if slot == 0 else f"ORDER#{slot:02d}"
    return {
        "PK": {"S": f"USER#{user:06d}"},
        "SK": {"S": sk},
        "entityType": {"S": "User" if slot == 0 else "Order"},
        "email": {"S": f"user{user}@example.com"},
        "total": {"N": f"{i * 7 % 1000}.{i % 100:02d}"},
        "status": {"S": ["PENDING", "SHIPPED", "DELIVERED"][i % 3]},
        "note": {"S": "x" * (120 + i % 80)},
    }


def described_count(endpoint, table):
    """The table's item count, or None when there is no such table. dynalite reports an
    ItemCount of 0 whatever the table holds, so a 0 is checked with a counting scan."""
    try:
        _, described = bench_floor.call(endpoint, "DescribeTable", {"TableName": table})
    except RuntimeError:
        return None
    return described["Table"].get("ItemCount", 0) or counted(endpoint, table)


def counted(endpoint, table):
    total, start_key = 0, None
    while True:
        request = {"TableName": table, "Select": "COUNT"}
        if start_key:
            request["ExclusiveStartKey"] = start_key
        _, answer = bench_floor.call(endpoint, "Scan", request)
        total += answer.get("Count", 0)
        start_key = answer.get("LastEvaluatedKey")
        if not start_key:
            return total


def seed(endpoint, table, exists):
    # A table left short by an interrupted seed is filled again: the puts overwrite the same keys.
    if not exists:
        bench_floor.create_table(endpoint, table)
        time.sleep(0.5)
    starts = list(range(0, ITEMS, 25))

    def write(chunk):
        for start in chunk:
            batch = [{"PutRequest": {"Item": item(i)}} for i in range(start, min(start + 25, ITEMS))]
            pending = {table: batch}
            while pending:
                _, answer = bench_floor.call(endpoint, "BatchWriteItem", {"RequestItems": pending})
                pending = answer.get("UnprocessedItems") or None

    threads = [threading.Thread(target=write, args=(starts[k::4],)) for k in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()


def cpu_of_children():
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def timed(command):
    """(wall seconds, CPU seconds, standard output) of one run."""
    cpu, start = cpu_of_children(), time.perf_counter()
    done = subprocess.run(command, env=ENV, stdout=subprocess.PIPE, stderr=subprocess.PIPE, check=False)
    elapsed, cpu = time.perf_counter() - start, cpu_of_children() - cpu
    if done.returncode != 0:
        raise RuntimeError(f"{command} failed: {done.stderr.decode()[-400:]}")
    return elapsed, cpu, done.stdout


def main():
    endpoint, ddbx, bare = sys.argv[1:4]
    table = f"bench-ingest-{ITEMS}"
    count = described_count(endpoint, table)
    if count is None or count < ITEMS:
        started = time.perf_counter()
        seed(endpoint, table, exists=count is not None)
        print(f"seeded {ITEMS} items in {time.perf_counter() - started:.1f} s", file=sys.stderr)
    base = [ddbx, "--endpoint-url", endpoint, "--table", table]
    pairs = []
    for n in SEGMENTS:
        pairs.append((f"scan, {n} segment(s)", [bare, endpoint, table, str(n)], base + ["scan", "--segments", str(n)]))
    for n in SEGMENTS:
        pairs.append(
            (
                f"discovery, {n} segment(s)",
                [bare, endpoint, table, str(n), DISCOVERY_NAMES],
                base + ["collections", "--segments", str(n)],
            )
        )
    # The CPU columns are the client's own work, which the server's time and a busy machine
    # blur less than the wall clock does.
    print(f"{'what':<26} {'bare SDK s':>11} {'ddbx s':>9} {'ratio':>7} {'target':>7}"
          f" {'bare CPU s':>11} {'ddbx CPU s':>11} {'CPU ratio':>9}")
    for name, floor_command, ddbx_command in pairs:
        floors, ours = [], []
        _, _, counted = timed(floor_command)
        assert int(counted) == ITEMS, f"the floor counted {counted!r}"
        _, _, printed = timed(ddbx_command)
        if "scan" in ddbx_command:
            assert printed.count(b"\n") == ITEMS, "ddbx scan printed every item"
        for _ in range(RUNS):
            floors.append(timed(floor_command)[:2])
            ours.append(timed(ddbx_command)[:2])
        floor, our = (statistics.median(run[0] for run in runs) for runs in (floors, ours))
        floor_cpu, our_cpu = (statistics.median(run[1] for run in runs) for runs in (floors, ours))
        print(f"{name:<26} {floor:>11.3f} {our:>9.3f} {our / floor:>7.3f} {'<= 1.10':>7}"
              f" {floor_cpu:>11.3f} {our_cpu:>11.3f} {our_cpu / floor_cpu:>9.3f}", flush=True)


if __name__ == "__main__":
    main()
