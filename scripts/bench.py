"""Every performance figure of ddbx in one table, each with its target and the ratio to it.

Run through `scripts/bench`, which builds the installed binary (profile dist) and starts dynalite.
Headless reads are timed as whole processes against the floor (bench_floor.py) measured in the same
run, interleaved, median of BENCH_RUNS; the demo load by /usr/bin/time; conversion and expressions
by their criterion benchmarks. Environment: BENCH_RUNS (default 15), BENCH_SIZES (demo sizes,
default "100000 400000 1000000"), BENCH_SKIP (words: headless demo insights open explorer
criterion),
BENCH_DYNEIN (awslabs/dynein's `dy`, run interleaved with the rest), BENCH_BASE (another ddbx
build, say of an earlier commit, whose get, query and describe run interleaved with the rest).
"""

import glob
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import bench_floor  # noqa: E402

RUNS = int(os.environ.get("BENCH_RUNS", "15"))
SIZES = [int(s) for s in os.environ.get("BENCH_SIZES", "100000 400000 1000000").split()]
SKIP = set(os.environ.get("BENCH_SKIP", "").split())
ROWS = []


def row(figure, value, unit, target, ratio, note=""):
    ROWS.append((figure, value, unit, target, ratio, note))


def say(text):
    print(f"==> {text}", file=sys.stderr, flush=True)


def headless(ddbx, endpoint):
    table, partition, items = f"ddbx-bench-{os.getpid()}", "USER#usr_bench", 1000
    say(f"seeding {items} items into {table} on {endpoint}")
    bench_floor.seed(endpoint, table, partition, items)
    sort_key = "ORDER#00500"
    base = [ddbx, "--endpoint-url", endpoint, "--region", "us-east-1", "--table", table]
    # A state directory of the bench's own: the schema cache starts empty and is warmed below.
    state = tempfile.mkdtemp(prefix="ddbx-bench-state-")
    env = dict(os.environ, AWS_ACCESS_KEY_ID="AKIDBENCH", AWS_SECRET_ACCESS_KEY="bench",
               XDG_STATE_HOME=state)
    env.pop("AWS_PROFILE", None)
    env.pop("DDBX_SCHEMA_TTL", None)
    uncached = dict(env, DDBX_SCHEMA_TTL="0")
    commands = {
        "get": (base + ["get", "--pk", partition, "--sk", sort_key, "-o", "ddb"], env),
        "get, schema cache off": (base + ["get", "--pk", partition, "--sk", sort_key,
                                          "-o", "ddb"], uncached),
        "query": (base + ["query", "--pk", partition, "-o", "ddb"], env),
        "describe": (base + ["describe"], env),
    }
    dy = os.environ.get("BENCH_DYNEIN")
    if dy:
        port = endpoint.rsplit(":", 1)[1].strip("/")
        commands["query: dynein"] = ([dy, "--region", "local", "--port", port, "--table", table,
                                      "query", partition, "-o", "raw"], env)
    base_ddbx = os.environ.get("BENCH_BASE")
    if base_ddbx:
        # Another build of ddbx (an earlier commit, say) in the same interleaved runs, so a change
        # is measured against what it changed rather than against a run on another minute.
        for name in ("get", "query", "describe"):
            command, command_env = commands[name]
            commands[f"{name}: base"] = ([base_ddbx] + command[1:], command_env)
    for command, command_env in commands.values():  # warm-up, and a check that each works
        subprocess.run(command, env=command_env, check=True, capture_output=True)
    samples = {name: [] for name in commands}
    floors = {name: [] for name in ("get", "query", "describe", "describe, its five calls")}
    say(f"headless reads: {RUNS} interleaved runs of each command and the floor")
    for _ in range(RUNS):
        for name, seconds in bench_floor.floors(endpoint, table, partition, sort_key).items():
            floors[name].append(seconds)
        for name, (command, command_env) in commands.items():
            start = time.perf_counter()
            subprocess.run(command, env=command_env, check=True, stdout=subprocess.DEVNULL,
                           stderr=subprocess.DEVNULL)
            samples[name].append(time.perf_counter() - start)
    median_ms = {name: statistics.median(values) * 1000 for name, values in samples.items()}
    for name in ("get", "get, schema cache off", "query", "describe"):
        floor_name = name.split(",")[0]
        floor_ms = statistics.median(floors[floor_name]) * 1000
        spread = (max(samples[name]) - min(samples[name])) * 1000
        overhead = median_ms[name] - floor_ms
        row(f"{name}: ddbx whole process", f"{median_ms[name]:.1f}", "ms", "", "",
            f"floor {floor_ms:.1f} ms, ddbx spread {spread:.1f} ms")
        row(f"{name}: overhead over the floor", f"{overhead:.1f}", "ms", "<= 3 ms",
            f"{3 / overhead:.2f}" if overhead > 0 else "inf")
    # describe shows what five calls answer; the floor above is one DescribeTable alone.
    five_ms = statistics.median(floors["describe, its five calls"]) * 1000
    overhead = median_ms["describe"] - five_ms
    row("describe: overhead over its five calls", f"{overhead:.1f}", "ms", "<= 3 ms",
        f"{3 / overhead:.2f}" if overhead > 0 else "inf",
        f"the five calls as the cheapest client sends them: {five_ms:.1f} ms")
    if base_ddbx:
        for name in ("get", "query", "describe"):
            base_ms = median_ms[f"{name}: base"]
            row(f"{name}: base build whole process", f"{base_ms:.1f}", "ms", "", "",
                f"speed of this build against it: {base_ms / median_ms[name]:.2f}x")
    if dy:
        dy_ms = median_ms["query: dynein"]
        row("query: dynein whole process", f"{dy_ms:.1f}", "ms", "", "")
        row("query: speed vs dynein", f"{dy_ms / median_ms['query']:.2f}", "x", ">= 1.25x",
            f"{dy_ms / median_ms['query'] / 1.25:.2f}")
    certificate_opens(commands["get"][0], env)
    shutil.rmtree(state, ignore_errors=True)


def certificate_opens(command, env):
    if not shutil.which("strace"):
        row("root certificate files opened (get)", "n/a", "", "0", "", "strace not installed")
        return
    traced = subprocess.run(["strace", "-f", "-e", "trace=openat"] + command, env=env,
                            capture_output=True, text=True)
    opens = traced.stderr.count("/etc/ssl")
    row("root certificate files opened (get)", str(opens), "files", "0",
        "met" if opens == 0 else "not met")


def demo_load(ddbx):
    figures = []
    for size in SIZES:
        say(f"demo load, {size} items")
        timed = subprocess.run(["/usr/bin/time", "-v", ddbx, "--demo", "--demo-size", str(size),
                                "describe"], capture_output=True, text=True, check=True)
        elapsed = re.search(r"Elapsed \(wall clock\) time.*: (?:(\d+):)?(\d+):([\d.]+)",
                            timed.stderr)
        hours, minutes, seconds = elapsed.groups()
        wall = int(hours or 0) * 3600 + int(minutes) * 60 + float(seconds)
        rss_kib = int(re.search(r"Maximum resident set size \(kbytes\): (\d+)",
                                timed.stderr).group(1))
        figures.append((size, wall, rss_kib))
        row(f"demo {size:>9,}: generate+load+describe", f"{wall:.2f}", "s", ">= 1M items/s",
            f"{size / wall / 1e6:.2f}", f"{size / wall / 1e3:,.0f}K items/s, "
            f"peak RSS {rss_kib / 1024:.0f} MiB")
    small, large = figures[0], figures[-1]
    growth = (large[1] / large[0]) / (small[1] / small[0])
    row(f"demo time per item, {large[0]:,} vs {small[0]:,}", f"{growth:.2f}", "x", "1.0 (linear)",
        f"{1 / growth:.2f}")
    json_bytes = demo_json_bytes(ddbx, small[0])
    per_item = (large[2] - small[2]) * 1024 / (large[0] - small[0])
    row("demo memory per item (RSS slope)", f"{per_item:.0f}", "B", "<= 2x DynamoDB JSON",
        f"{2 * json_bytes / per_item:.2f}", f"DynamoDB JSON {json_bytes:.0f} B/item")


def cpu_seconds(command):
    """User + system CPU seconds of one run of `command`, by /usr/bin/time."""
    timed = subprocess.run(["/usr/bin/time", "-f", "%U %S"] + command, capture_output=True,
                           text=True, check=True)
    user, system = timed.stderr.strip().splitlines()[-1].split()
    return float(user) + float(system)


def insights_cpu(ddbx):
    """`insights -o json` of the largest demo against `describe` of the same demo (which loads
    it and reads nothing): the difference is what insights itself costs. Interleaved, median of
    BENCH_RUNS (at most 5: each run loads the whole demo twice)."""
    size = max(SIZES)
    base = [ddbx, "--demo", "--demo-size", str(size)]
    runs = {"insights": [], "describe": []}
    for _ in range(min(RUNS, 5)):
        say(f"insights and describe, {size} items")
        runs["insights"].append(cpu_seconds(base + ["insights", "-o", "json"]))
        runs["describe"].append(cpu_seconds(base + ["describe"]))
    insights, describe = (statistics.median(runs[name]) for name in ("insights", "describe"))
    beyond = insights - describe
    row(f"insights {size:>9,}: CPU beyond describe", f"{beyond:.2f}", "s", "< 2 s",
        f"{2 / beyond:.2f}" if beyond > 0 else "inf",
        f"insights {insights:.2f} s, describe {describe:.2f} s (user + sys)")


def demo_json_bytes(ddbx, size):
    out = subprocess.run([ddbx, "--demo", "--demo-size", str(size), "scan", "-o", "ddb"],
                         capture_output=True, check=True)
    return len(out.stdout) / size


def explorer_pages(root, size):
    """Memory of loaded pages as the results view and a partition keep them (compact), beside the
    same items as plain maps, and the cost of decoding them back (examples/engine_memory.rs)."""
    figures = {}
    for kept in ("pages", "pages-items"):
        say(f"engine_memory {kept} {size}")
        out = subprocess.run(["cargo", "run", "--release", "--quiet", "--example", "engine_memory",
                              "--", kept, str(size)],
                             cwd=root, capture_output=True, text=True, check=True).stdout
        ratio, per_item = re.search(r"= ([\d.]+)x the JSON size, (\d+) B/item", out).groups()
        figures[kept] = (float(ratio), int(per_item), out)
    ratio, per_item, out = figures["pages"]
    plain_ratio, plain_per_item, _ = figures["pages-items"]
    row(f"loaded pages memory per item, {size:,}", f"{per_item}", "B", "<= 2x DynamoDB JSON",
        f"{2 / ratio:.2f}", f"{ratio:.2f}x the JSON; as plain maps {plain_per_item} B "
        f"({plain_ratio:.2f}x)")
    whole = re.search(r"decode every item whole: .* = (\d+) items/s", out).group(1)
    one = re.search(r"decode one attribute .* = (\d+) items/s", out).group(1)
    row("loaded item decoded back, whole", f"{int(whole) / 1e3:,.0f}", "K items/s", "", "",
        f"one attribute only: {int(one) / 1e3:,.0f}K items/s")


def tui_open(ddbx):
    """The terminal UI's first frame, a key answered during the load, and the load behind it,
    at each demo size (scripts/bench_open.py drives the binary in a pseudo-terminal)."""
    import bench_open
    for size in SIZES:
        say(f"terminal UI open, {size} items")
        frame, key, collections, rss = bench_open.open_once(
            ddbx, ["--demo", "--demo-size", str(size)])
        row(f"tui {size:>9,}: first frame", f"{frame * 1000:.0f}", "ms", "< 150 ms",
            f"{0.150 / frame:.2f}", f"key answered {key * 1000:.0f} ms after it, collections "
            f"at {collections:.2f} s, peak RSS {rss / 1024:.0f} MiB")


def criterion_estimate(target, full_id):
    """(median seconds per iteration, elements per iteration or None) of one criterion benchmark,
    read from the JSON criterion writes under target/criterion (its printed text is not stable)."""
    import json
    for meta in glob.glob(os.path.join(target, "criterion", "**", "new", "benchmark.json"),
                          recursive=True):
        with open(meta) as handle:
            described = json.load(handle)
        if described.get("full_id") != full_id:
            continue
        with open(os.path.join(os.path.dirname(meta), "estimates.json")) as handle:
            estimates = json.load(handle)
        elements = (described.get("throughput") or {}).get("Elements")
        return estimates["median"]["point_estimate"] * 1e-9, elements
    raise RuntimeError(f"criterion wrote no estimate for {full_id!r} under {target}/criterion")


def run_bench(root, name, *filters):
    say(f"cargo bench --bench {name} {' '.join(filters)}")
    subprocess.run(["cargo", "bench", "--quiet", "--bench", name, "--", "--warm-up-time", "1",
                    "--measurement-time", "3", *filters],
                   cwd=root, stdout=subprocess.DEVNULL, check=True)


def criterion(root, target):
    run_bench(root, "convert")
    seconds, elements = criterion_estimate(target, "body_to_domain/single_table_orders")
    rate = elements / seconds
    row("response body -> ddbx items", f"{rate / 1e3:,.0f}", "K items/s", ">= 1M items/s",
        f"{rate / 1e6:.2f}", f"median of criterion samples, {elements} items a page")
    seconds, elements = criterion_estimate(target, "sdk_to_domain/single_table_orders")
    rate = elements / seconds
    row("SDK items -> ddbx items (the old path's half)", f"{rate / 1e3:,.0f}", "K items/s",
        ">= 1M items/s", f"{rate / 1e6:.2f}", "the SDK's own parsing not included")
    sdk, _ = criterion_estimate(target, "read_page/sdk")
    own, elements = criterion_estimate(target, "read_page/ddbx")
    row("a Query page through the SDK, ddbx's reading", f"{own * 1e3:.2f}", "ms",
        "faster than the SDK's", f"{sdk / own:.2f}",
        f"SDK parsing + conversion {sdk * 1e3:.2f} ms; {elements} items, canned answer")
    run_bench(root, "expr", "4 KB")
    seconds, _ = criterion_estimate(target, "parse+validate+render 4 KB filter")
    micros = seconds * 1e6
    row("4 KB expression parse+validate+render", f"{micros:.1f}", "µs", "< 50 µs",
        f"{50 / micros:.2f}", "median of criterion samples")


def main():
    root, ddbx = sys.argv[1], sys.argv[2]
    endpoint = os.environ.get("DDBX_TEST_DYNALITE_ENDPOINT")
    if "headless" not in SKIP and endpoint:
        headless(ddbx, endpoint)
    if "demo" not in SKIP:
        demo_load(ddbx)
    if "insights" not in SKIP:
        insights_cpu(ddbx)
    if "open" not in SKIP:
        tui_open(ddbx)
    if "explorer" not in SKIP:
        explorer_pages(root, max(SIZES))
    if "criterion" not in SKIP:
        # The binary is TARGET/dist/ddbx; criterion writes under TARGET/criterion.
        criterion(root, os.path.dirname(os.path.dirname(os.path.abspath(ddbx))))
    print(f"\n{'figure':<44} {'value':>10} {'unit':<10} {'target':<20} {'ratio':>7}  note")
    for figure, value, unit, target, ratio, note in ROWS:
        print(f"{figure:<44} {value:>10} {unit:<10} {target:<20} {ratio:>7}  {note}")
    print("\nratio: target / value for times, value / target for rates; >= 1 meets the target.")


if __name__ == "__main__":
    main()
