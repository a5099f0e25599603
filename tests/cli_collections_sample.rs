//! `ddbx collections --sample-segments`: against dynalite behind a counting proxy, a sample of
//! 100 segments sends only the Scan requests its budget allows, labels its output "sampled",
//! and estimates shares that contain the truth of the seeded table.

mod support;

use std::collections::BTreeMap;
use std::sync::Arc;

use support::fault_proxy::{Fault, FaultProxy};
use support::{Server, sdk_client, server_endpoint, unique_table_name};

/// A proxy that forwards every request to `endpoint` and counts them.
fn counting_proxy(endpoint: &str) -> FaultProxy {
    FaultProxy::start(Some(endpoint), Arc::new(|_, _| Fault::Pass))
}

fn scans(proxy: &FaultProxy) -> usize {
    proxy
        .targets()
        .iter()
        .filter(|target| target.ends_with(".Scan"))
        .count()
}

/// Seeds a table of the demo's shape and returns it with the true item share of each prefix.
fn seeded(runtime: &tokio::runtime::Runtime, endpoint: &str) -> (String, BTreeMap<String, f64>) {
    let table = unique_table_name("cli-sample");
    let client = sdk_client(endpoint);
    let items = runtime.block_on(support::items::seed_single_table_demo(
        &client, &table, 7, 1_500,
    ));
    let mut counts: BTreeMap<String, u64> = BTreeMap::new();
    for item in &items {
        let pk = item.get("PK").and_then(|pk| pk.as_s()).expect("a PK");
        let prefix = pk.split('#').next().expect("a prefix").to_owned();
        *counts.entry(prefix).or_default() += 1;
    }
    let total = items.len() as f64;
    let shares = counts
        .into_iter()
        .map(|(prefix, count)| (prefix, count as f64 / total))
        .collect();
    (table, shares)
}

#[test]
fn a_hundred_segment_sample_sends_exactly_the_pages_its_budget_allows() {
    let Some(endpoint) = server_endpoint(Server::Dynalite) else {
        return;
    };
    let runtime = tokio::runtime::Runtime::new().expect("runtime");
    let (table, shares) = seeded(&runtime, &endpoint);
    let proxy = counting_proxy(&endpoint);
    let run = support::cli::ddbx(
        &proxy.endpoint(),
        Some(&table),
        &[
            "collections",
            "--sample-segments",
            "100",
            "--budget-pages",
            "30",
        ],
    )
    .success();
    assert_eq!(scans(&proxy), 30, "{:?}", proxy.targets());
    assert!(
        run.stderr
            .contains("sampling the first page of 30 of 100 segments"),
        "{}",
        run.stderr
    );
    assert!(
        run.stderr.contains("sampled 30 of 100 segments"),
        "{}",
        run.stderr
    );
    assert!(
        run.stderr.contains("the page budget is spent"),
        "{}",
        run.stderr
    );
    let lines = run.json_lines();
    assert!(!lines.is_empty());
    for line in &lines {
        assert_eq!(line["sampled"], true, "{line}");
        let prefix = line["prefix"].as_str().expect("a prefix");
        let share = line["estimate"]["share"].as_f64().expect("a share");
        let margin = line["estimate"]["share_margin"].as_f64().expect("a margin");
        let truth = shares.get(prefix).copied().unwrap_or(0.0);
        // A 95% interval misses now and then; twice the margin plus rounding does not here.
        assert!(
            (share - truth).abs() <= 2.0 * margin + 0.001,
            "{prefix}: {share} ± {margin}, truth {truth}"
        );
    }
    runtime.block_on(support::tables::delete_table(
        &sdk_client(&endpoint),
        &table,
    ));
}

#[test]
fn a_read_unit_budget_stops_a_sample_before_its_pages_exceed_it() {
    let Some(endpoint) = server_endpoint(Server::Dynalite) else {
        return;
    };
    let runtime = tokio::runtime::Runtime::new().expect("runtime");
    let (table, _) = seeded(&runtime, &endpoint);
    let proxy = counting_proxy(&endpoint);
    let run = support::cli::ddbx(
        &proxy.endpoint(),
        Some(&table),
        &[
            "collections",
            "-o",
            "table",
            "--sample-segments",
            "100",
            "--budget-rcu",
            "6",
        ],
    )
    .success();
    let summary = run
        .stderr
        .lines()
        .find(|line| line.starts_with("collections: sampled "))
        .expect("a summary line");
    let units: f64 = summary
        .split(" RCU")
        .next()
        .and_then(|head| head.rsplit(", ").next())
        .and_then(|figure| figure.parse().ok())
        .unwrap_or_else(|| panic!("no RCU figure in {summary}"));
    let pages = scans(&proxy);
    assert!(units <= 6.0, "{summary}");
    assert!((2..100).contains(&pages), "{pages} scans: {summary}");
    assert!(
        summary.contains(&format!("{pages} pages")),
        "{pages} scans: {summary}"
    );
    assert!(
        summary.contains("the read-unit budget is spent"),
        "{summary}"
    );
    assert!(run.stdout.contains("sampled ("), "{}", run.stdout);
    runtime.block_on(support::tables::delete_table(
        &sdk_client(&endpoint),
        &table,
    ));
}

#[test]
fn sample_budgets_need_a_sample() {
    let run = support::cli::ddbx(
        "http://127.0.0.1:9",
        Some("t"),
        &["collections", "--budget-pages", "3"],
    );
    assert_eq!(run.code, Some(2), "{}", run.stderr);
    assert!(run.stderr.contains("--sample-segments"), "{}", run.stderr);
}
