//! `ddbx capacity` on the demo, through the binary: every access pattern of the demo's model
//! measured, each call's units by the rules equal to those the engine reported and to its bytes
//! rounded up to 4 KB, the month priced exactly at the rates and prices given, the requests
//! relied on and the sample said; bad input refused with exit code 2.

mod support;

use serde_json::Value;
use support::cli::{Run, ddbx_command, run_command};

fn demo(args: &[&str]) -> Run {
    let mut command = ddbx_command();
    command.arg("--demo").arg("capacity").args(args);
    run_command(command)
}

fn report(args: &[&str]) -> Value {
    let run = demo(args).success();
    serde_json::from_str(run.stdout.trim()).unwrap_or_else(|e| panic!("{e}: {}", run.stdout))
}

fn pattern<'a>(report: &'a Value, name: &str) -> &'a Value {
    report["patterns"]
        .as_array()
        .and_then(|patterns| patterns.iter().find(|p| p["name"] == name))
        .unwrap_or_else(|| panic!("{name} in {report}"))
}

#[test]
fn every_pattern_of_the_demo_is_measured_and_its_units_follow_the_rules() {
    let report = report(&[
        "-o",
        "json",
        "--reads-per-second",
        "100",
        "--writes-per-second",
        "10",
    ]);
    assert_eq!(report["source"], "model");
    let patterns = report["patterns"].as_array().expect("patterns");
    assert_eq!(patterns.len(), ddbx::demo::model().access_patterns.len());
    for pattern in patterns {
        assert!(pattern["skipped"].is_null(), "{pattern}");
        for call in pattern["calls"].as_array().expect("calls") {
            assert_eq!(call["rcu_eventual"], call["rcu_measured"], "{pattern}");
            // One page each: its bytes rounded up to 4 KB, at least one unit.
            assert_eq!(call["pages"], 1, "{call}");
            let bytes = call["bytes"].as_u64().expect("bytes");
            let strong = bytes.div_ceil(4096).max(1);
            assert_eq!(call["rcu_strong"], strong.to_string(), "{call}");
        }
    }
    // The sparse review index: 97 orders, 9,790 bytes: 3 units strongly consistent, 1.5
    // eventually (a GSI has no strong reads); 100 calls a second is 150 RRU/s, 394.2 million a
    // month at $0.125 a million, or 150 RCU at $0.00013 an hour for 730 hours.
    let review = pattern(&report, "Orders pending review");
    assert_eq!(review["per_call"]["items"], 97);
    assert_eq!(review["per_call"]["bytes"], 9790);
    assert_eq!(review["per_call"]["rcu_eventual"], "1.5");
    assert!(review["per_call"]["rcu_strong"].is_null());
    assert_eq!(review["month"]["on_demand_usd"], "49.275");
    assert_eq!(review["month"]["provisioned_rcu"], "150");
    assert_eq!(review["month"]["provisioned_usd"], "14.235");
    // An order is written to the table and to GSI3 (its status and region).
    let order = report["writes"]
        .as_array()
        .and_then(|writes| writes.iter().find(|w| w["entity"] == "Order"))
        .expect("orders");
    let indexes: Vec<&str> = order["median"]["indexes"]
        .as_array()
        .expect("indexes")
        .iter()
        .filter_map(|index| index["index"].as_str())
        .collect();
    assert_eq!(indexes, ["GSI3"], "{order}");
    assert_eq!(order["median"]["wcu"], 2);
    assert_eq!(order["median"]["transactional_wcu"], 4);
    assert_eq!(order["month"]["provisioned_wcu"], "20");
    assert_eq!(report["prices"]["region"], "us-east-1");
    assert!(
        report["prices"]["source"]
            .as_str()
            .is_some_and(|s| s.contains("read on"))
    );
    assert!(
        report["sample"]["note"]
            .as_str()
            .is_some_and(|s| s.contains("a sample is a sample"))
    );
    let requests = report["requests"].as_array().expect("requests");
    assert_eq!(requests.len(), 1 + patterns.len(), "{requests:#?}");
}

#[test]
fn prices_given_replace_the_defaults_exactly() {
    let report = report(&[
        "--pattern",
        "orders PENDING review",
        "--reads-per-second",
        "0.5",
        "--price-read-request",
        "0.25",
        "--price-rcu-hour",
        "0.0001",
    ]);
    assert_eq!(report["patterns"].as_array().map(Vec::len), Some(1));
    let month = &pattern(&report, "Orders pending review")["month"];
    // 0.5 × 1.5 = 0.75 RRU/s; × 2,628,000 s × $0.25 a million = $0.49275.
    assert_eq!(month["on_demand_usd"], "0.49275");
    // One RCU (0.75 rounded up) × 730 h × $0.0001.
    assert_eq!(month["provisioned_rcu"], "1");
    assert_eq!(month["provisioned_usd"], "0.073");
    assert!(report["prices"]["region"].is_null());
}

#[test]
fn the_text_report_names_the_requests_and_the_sample() {
    let run = demo(&["-o", "table", "--reads-per-second", "100"]).success();
    for expected in [
        "Orders pending review: 1.5 RCU eventual, no strong reads on a global index (1.5 reported), 97 items, 9790 B, of 1 call",
        "at 100/s: 150 RRU/s · on demand $49.28/month · provisioned 150 RCU $14.24/month",
        "Requests relied on:",
        "Query call(s) on GSI2",
        "a sample is a sample",
        "us-east-1",
    ] {
        assert!(
            run.stdout.contains(expected),
            "{expected:?} in\n{}",
            run.stdout
        );
    }
    assert!(
        run.stderr.contains("a sample is a sample"),
        "{}",
        run.stderr
    );
}

#[test]
fn bad_input_is_refused_with_exit_code_2() {
    demo(&["--reads-per-second=-1"]).refused(2, &["not a non-negative decimal"]);
    demo(&["--reads-per-second", "1e3"]).refused(2, &["not a non-negative decimal"]);
    demo(&["--price-wcu-hour", "0.0000000000001"]).refused(2, &["more than 12 digits"]);
    demo(&["--calls", "0"]).refused(2, &["--calls"]);
    demo(&["--pattern", "nope"])
        .refused(2, &["names no access pattern of the model", "User profile"]);
    let empty = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("capacity-empty.toml");
    std::fs::write(&empty, "").expect("an empty model");
    let mut command = ddbx_command();
    command
        .arg("--demo")
        .arg("--model")
        .arg(&empty)
        .arg("capacity");
    run_command(command).refused(2, &["no access patterns to measure"]);
}
