//! `ddbx insights` through the real binary: tables generated with known pitfalls in dynalite and
//! DynamoDB Local, a clean table with none, and the demo's planted oddities on the engine.

mod support;

use std::collections::BTreeSet;

use ddbx::domain::value::{AttrValue, Item, ValueType};
use support::scratch::Scratch;
use support::tables::{IndexSpec, ProjectionSpec, TableSpec, create_table, delete_table};
use support::{Server, block_on, sdk_client, server_endpoint, unique_table_name};

fn item(pairs: &[(&str, &str)]) -> Item {
    pairs
        .iter()
        .map(|(name, value)| ((*name).to_owned(), AttrValue::s(*value)))
        .collect()
}

/// 30 users with a profile and 4 orders each, every order in GSI1 under its user's store.
fn clean_items() -> Vec<Item> {
    let mut items = Vec::new();
    for user in 0..30 {
        let pk = format!("USER#usr_{user:03}x");
        items.push(item(&[("PK", &pk), ("SK", "PROFILE"), ("name", "Ada")]));
        for order in 1..=4 {
            let sk = format!("ORDER#2026-07-{order:02}#ord_{user}_{order}");
            items.push(item(&[
                ("PK", &pk),
                ("SK", &sk),
                ("GSI1PK", &format!("STORE#st_{user}a")),
                ("GSI1SK", &sk),
            ]));
        }
    }
    items
}

/// The clean items plus one of each pitfall.
fn pitfall_items() -> Vec<Item> {
    let mut items = clean_items();
    for order in 0..300 {
        items.push(item(&[
            ("PK", "USER#usr_hot"),
            ("SK", &format!("ORDER#2026-07-01#o{order}")),
        ]));
    }
    let mut big = item(&[("PK", "USER#usr_001x"), ("SK", "ORDER#2026-07-09#big")]);
    big.insert(
        "lines".to_owned(),
        AttrValue::L(vec![AttrValue::s("x".repeat(1000)); 395]),
    );
    items.push(big);
    for invoice in 0..150 {
        let status = if invoice < 140 { "OVERDUE" } else { "PAID" };
        items.push(item(&[
            ("PK", &format!("INVOICE#inv_{invoice}a")),
            ("SK", "INVOICE"),
            ("GSI1PK", status),
            ("GSI1SK", &format!("DUE#2026-07-{:02}", invoice % 28 + 1)),
        ]));
    }
    items.push(item(&[
        ("PK", "USER#usr_002x"),
        ("SK", "ORDER#2026-08-01#half"),
        ("GSI1PK", "STORE#st_2a"),
    ]));
    items.push(item(&[("PK", "USER#usr_003x"), ("SK", "ORDER#7/1/2026")]));
    items
}

fn table_spec(name: &str) -> TableSpec {
    TableSpec::single_table(name).gsi(
        IndexSpec::new("GSI1", "GSI1PK", ValueType::S)
            .sort("GSI1SK", ValueType::S)
            .projection(ProjectionSpec::KeysOnly),
    )
}

fn insights(endpoint: &str, table: &str, args: &[&str]) -> serde_json::Value {
    let mut all = vec!["insights"];
    all.extend_from_slice(args);
    let run = support::cli::ddbx(endpoint, Some(table), &all).success();
    serde_json::from_str(&run.stdout).unwrap_or_else(|error| panic!("{error}: {}", run.stdout))
}

fn rules(report: &serde_json::Value) -> BTreeSet<String> {
    report["findings"]
        .as_array()
        .expect("findings")
        .iter()
        .map(|finding| finding["rule"].as_str().expect("a rule").to_owned())
        .collect()
}

fn finding<'a>(report: &'a serde_json::Value, rule: &str) -> &'a serde_json::Value {
    report["findings"]
        .as_array()
        .expect("findings")
        .iter()
        .find(|finding| finding["rule"] == rule)
        .unwrap_or_else(|| panic!("no {rule} in {report:#}"))
}

fn each_pitfall_is_found_on(server: Server) {
    let Some(endpoint) = server_endpoint(server) else {
        return;
    };
    let client = sdk_client(&endpoint);
    let table = unique_table_name("insights");
    let items = pitfall_items();
    block_on(async {
        create_table(&client, &table_spec(&table)).await;
        support::items::seed_items(&client, &table, &items).await;
    });
    let report = insights(&endpoint, &table, &["--segments", "2"]);
    assert_eq!(report["items"], items.len());
    assert_eq!(report["coverage"]["complete"], true);
    let expected: BTreeSet<String> = [
        "outsized-partition",
        "large-items",
        "index-partition-share",
        "partial-index-keys",
        "mixed-sort-key-shapes",
    ]
    .into_iter()
    .map(str::to_owned)
    .collect();
    assert!(
        rules(&report).is_superset(&expected),
        "{:?}",
        rules(&report)
    );
    let hot = finding(&report, "outsized-partition");
    assert_eq!(hot["items"][0], serde_json::json!({"PK": "USER#usr_hot"}));
    assert_eq!(finding(&report, "large-items")["severity"], "critical");
    let share = finding(&report, "index-partition-share");
    assert!(
        share["summary"]
            .as_str()
            .is_some_and(|s| s.contains("GSI1PK = OVERDUE holds 140")),
        "{share:#}"
    );
    assert_eq!(
        finding(&report, "partial-index-keys")["evidence"][0],
        "GSI1SK missing"
    );
    block_on(delete_table(&client, &table));
}

#[test]
fn each_generated_pitfall_is_found_on_dynalite() {
    each_pitfall_is_found_on(Server::Dynalite);
}

#[test]
fn each_generated_pitfall_is_found_on_dynamodb_local() {
    each_pitfall_is_found_on(Server::DdbLocal);
}

#[test]
fn a_clean_table_has_no_findings_and_the_text_report_says_so() {
    let Some(endpoint) = server_endpoint(Server::Dynalite) else {
        return;
    };
    let client = sdk_client(&endpoint);
    let table = unique_table_name("insights-clean");
    block_on(async {
        create_table(&client, &table_spec(&table)).await;
        support::items::seed_items(&client, &table, &clean_items()).await;
    });
    let report = insights(&endpoint, &table, &[]);
    assert_eq!(rules(&report), BTreeSet::new(), "{report:#}");
    assert_eq!(report["partitions"], 30);
    let byte_buckets = report["bytes_per_partition"]
        .as_array()
        .expect("bytes_per_partition");
    let partitions_by_bytes: u64 = byte_buckets
        .iter()
        .map(|bucket| bucket["partitions"].as_u64().expect("a count"))
        .sum();
    assert_eq!(partitions_by_bytes, 30, "{report:#}");
    let gsi1 = &report["indexes"][0];
    assert_eq!(gsi1["index"], "GSI1", "{report:#}");
    assert_eq!(
        (gsi1["items"].as_u64(), gsi1["partitions"].as_u64()),
        (Some(120), Some(30))
    );
    assert_eq!(gsi1["largest_partitions"].as_array().map(Vec::len), Some(5));
    assert_eq!(gsi1["largest_partitions"][0]["items"], 4, "{gsi1:#}");
    let orders = report["entities"]
        .as_array()
        .and_then(|entities| entities.iter().find(|e| e["entity"] == "User›Order"))
        .expect("the orders");
    assert_eq!(
        orders["items_per_partition"],
        serde_json::json!([
            {"from": 1, "to": 1, "partitions": 0},
            {"from": 2, "to": 3, "partitions": 0},
            {"from": 4, "to": 7, "partitions": 30}
        ]),
        "{orders:#}"
    );
    assert_eq!(orders["largest_collection"]["items"], 4, "{orders:#}");
    let text = support::cli::ddbx(&endpoint, Some(&table), &["insights", "-o", "table"]).success();
    assert!(text.stdout.starts_with("150 items ("), "{}", text.stdout);
    assert!(
        text.stdout
            .contains("the whole table in 30 partitions — no findings"),
        "{}",
        text.stdout
    );
    assert!(text.stdout.contains("            4–7 │"), "{}", text.stdout);
    assert!(
        text.stdout.contains("\nBytes per partition:\n"),
        "{}",
        text.stdout
    );
    for heading in [
        "\nItems per partition of User›Order:\n",
        "\nBytes per GSI1 partition:\n",
        "\nLargest GSI1 partitions:\n",
        "\nLargest collection of User›Profile:\n",
    ] {
        assert!(text.stdout.contains(heading), "{heading}: {}", text.stdout);
    }
    block_on(delete_table(&client, &table));
}

#[test]
fn the_demo_insights_find_its_planted_oddities_on_the_engine() {
    let mut command = support::cli::ddbx_command();
    command.args(["--demo", "insights", "-o", "table"]);
    let run = support::cli::run_command(command).success();
    assert!(run.stdout.starts_with("5,000 items"), "{}", run.stdout);
    assert!(
        run.stdout
            .contains("[warning] 1 item has some of GSI1's own key attributes but is not in it"),
        "{}",
        run.stdout
    );
    assert!(
        run.stdout
            .contains("open: {\"PK\":\"ODD#index\",\"SK\":\"SPARSE_HALF\"}"),
        "{}",
        run.stdout
    );
    assert!(
        run.stdout.contains("[info] 1 item over 100 KB"),
        "{}",
        run.stdout
    );
    assert!(
        run.stderr
            .contains("insights: 5,000 items read (the whole table)"),
        "{}",
        run.stderr
    );
}

#[test]
fn a_sample_is_reported_as_a_sample() {
    let Some(endpoint) = server_endpoint(Server::Dynalite) else {
        return;
    };
    let client = sdk_client(&endpoint);
    let table = unique_table_name("insights-sample");
    // Items of ~300 KB: a 1 MB scan page holds three, so one page per segment is a sample.
    let items: Vec<Item> = (0..8)
        .map(|n| {
            let mut big = item(&[("PK", &format!("BLOB#b{n}a")), ("SK", "DATA")]);
            big.insert("data".to_owned(), AttrValue::B(vec![7; 300 * 1024]));
            big
        })
        .collect();
    block_on(async {
        create_table(&client, &table_spec(&table)).await;
        support::items::seed_items(&client, &table, &items).await;
    });
    let report = insights(&endpoint, &table, &["--sample-pages", "1"]);
    assert_eq!(report["coverage"]["complete"], false, "{report:#}");
    assert!(
        report["items"]
            .as_u64()
            .is_some_and(|n| (1..8).contains(&n)),
        "{report:#}"
    );
    assert_eq!(finding(&report, "large-items")["severity"], "warning");
    block_on(delete_table(&client, &table));
}

/// A table ElectroDB wrote itself: its entities are named from its markers, its index that
/// groups every task under two projects is found hot and costly, and its labelled key parts
/// holding digits in some items and letters in others are not taken for two shapes.
#[test]
fn the_insights_of_a_table_electrodb_wrote_name_its_entities_and_its_hot_index() {
    let Some(harness) = support::libraries::harness() else {
        return;
    };
    let table = unique_table_name("insights-electrodb");
    support::libraries::write_with_library("electrodb-taskapp.cjs", &harness, &[&table]);
    let report = insights(&harness.0, &table, &[]);
    assert_eq!(report["items"], 4 + 60 + 150 + 150, "{report:#}");
    let entities: BTreeSet<&str> = report["entities"]
        .as_array()
        .expect("entities")
        .iter()
        .map(|size| size["entity"].as_str().expect("a name"))
        .collect();
    assert_eq!(
        entities,
        BTreeSet::from(["comment", "employee", "office", "task"])
    );
    assert_eq!(
        rules(&report),
        BTreeSet::from([
            "index-partition-share".to_owned(),
            "projection-cost".to_owned()
        ]),
        "{report:#}"
    );
    let hot = finding(&report, "index-partition-share");
    assert!(
        hot["summary"].as_str().is_some_and(
            |summary| summary.starts_with("gsi2pk-gsi2sk-index: gsi2pk = $taskapp#project_")
        ),
        "{hot:#}"
    );
}

/// The queries the terminal UI ran on the table, from its history file: headless insights say
/// what served each target, and warn of the one on an index the table no longer has.
#[test]
fn headless_insights_review_the_query_history_the_terminal_ui_kept() {
    use ddbx::domain::request::{ExpressionParams, QueryRequest};
    use ddbx::storage::query_history::{HistoryEntry, append, file_in};
    let Some(endpoint) = server_endpoint(Server::Dynalite) else {
        return;
    };
    let client = sdk_client(&endpoint);
    let table = unique_table_name("insights-history");
    block_on(async {
        create_table(&client, &table_spec(&table)).await;
        support::items::seed_items(&client, &table, &clean_items()).await;
    });
    let state_home = Scratch::new("insights-history");
    let mut params = ExpressionParams::default();
    params.names.insert("#pk".to_owned(), "PK".to_owned());
    params
        .values
        .insert(":pk".to_owned(), AttrValue::s("USER#usr_001"));
    let on_table = QueryRequest::new(&table, "#pk = :pk", params.clone());
    let mut on_vanished_index = QueryRequest::new(&table, "#pk = :pk", params);
    on_vanished_index.index = Some("GSI9".to_owned());
    let file = file_in(&state_home, &table);
    for request in [on_table, on_vanished_index] {
        let entry = HistoryEntry {
            unix_seconds: 1_780_000_000,
            request,
        };
        append(&file, &entry.to_line()).expect("history written");
    }
    let mut command = support::cli::ddbx_command();
    command.env("XDG_STATE_HOME", &state_home).args([
        "--endpoint-url",
        &endpoint,
        "--table",
        &table,
        "insights",
    ]);
    let run = support::cli::run_command(command).success();
    let report: serde_json::Value = serde_json::from_str(&run.stdout).expect("one JSON document");
    let patterns: Vec<&str> = report["access_patterns"]
        .as_array()
        .expect("access patterns")
        .iter()
        .filter_map(serde_json::Value::as_str)
        .collect();
    assert!(
        patterns.contains(&"query history: 1 query on the table, by key condition"),
        "{patterns:?}"
    );
    let vanished = finding(&report, "access-patterns");
    assert!(vanished.to_string().contains("GSI9"), "{vanished:#}");
    drop(state_home);
    block_on(delete_table(&client, &table));
}
