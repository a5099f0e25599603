#!/usr/bin/env python3
"""Per-tier pass rates of conformance-suite runs (vitest JSON reports), then every test the
first report (ddbx) did not pass, with the first line of its failure.

    conformance_summary.py SUITE_COMMIT REPORT.json [REPORT.json ...]

A skipped test counts against the rate, as the suite's own table counts it.
"""

import json
import pathlib
import sys

TIERS = ("tier1", "tier2", "tier3")


def results(path):
    report = json.loads(pathlib.Path(path).read_text())
    for file in report.get("testResults", []):
        name = file["name"].split("/tests/", 1)[-1]
        for test in file.get("assertionResults", []):
            yield name, test


def rates(path):
    counts = {tier: [0, 0] for tier in TIERS}
    for name, test in results(path):
        tier = name.split("/", 1)[0]
        if tier in counts:
            counts[tier][1] += 1
            counts[tier][0] += test["status"] == "passed"
    return counts


def percent(passed, total):
    return f"{100 * passed / total:.1f}%" if total else "-"


def main():
    commit, reports = sys.argv[1], sys.argv[2:]
    print(f"Suite commit {commit}.\n")
    print("| Target | Tier 1 | Tier 2 | Tier 3 | Total | Pass | Not passed |")
    print("|---|---|---|---|---|---|---|")
    for report in reports:
        counts = rates(report)
        passed = sum(c[0] for c in counts.values())
        total = sum(c[1] for c in counts.values())
        cells = [percent(*counts[tier]) for tier in TIERS]
        target = pathlib.Path(report).stem
        print(f"| {target} | {' | '.join(cells)} | {percent(passed, total)} | {passed} | {total - passed} |")
    print(f"\nNot passed by {pathlib.Path(reports[0]).stem}:\n")
    for name, test in results(reports[0]):
        if test["status"] != "passed":
            failure = (test.get("failureMessages") or [test["status"]])[0]
            reason = failure.strip().splitlines()[0][:160] if failure.strip() else test["status"]
            print(f"- `{name}` {test['title']}: {reason}")


if __name__ == "__main__":
    main()
