//! `ddbx collections`: the explorer's groups, headless, against the demo and dynalite; counts are
//! checked against a grouping computed independently here.

mod support;
mod tui_support;

use std::collections::BTreeMap;

use support::{Server, sdk_client, server_endpoint, unique_table_name};
use tui_support::expected_groups;

fn groups_from_json_lines(stdout: &str) -> BTreeMap<String, (usize, usize)> {
    stdout
        .lines()
        .map(|line| {
            let group: serde_json::Value =
                serde_json::from_str(line).expect("one JSON object per line");
            let count = |field: &str| {
                group[field]
                    .as_u64()
                    .and_then(|n| usize::try_from(n).ok())
                    .expect(field)
            };
            (
                group["prefix"].as_str().expect("a prefix").to_owned(),
                (count("partitions"), count("items")),
            )
        })
        .collect()
}

fn ddbx(args: &[&str]) -> std::process::Output {
    let mut command = support::cli::ddbx_command();
    command.args(args);
    command.output().expect("ddbx runs")
}

#[test]
fn demo_collections_print_every_prefix_with_correct_counts_as_json_lines() {
    let output = ddbx(&["--demo", "collections", "--partitions", "2"]);
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    let stdout = String::from_utf8(output.stdout).expect("UTF-8");
    let (_, items) = ddbx::demo::generate(ddbx::demo::DEFAULT_SEED, ddbx::demo::DEFAULT_SIZE);
    assert_eq!(groups_from_json_lines(&stdout), expected_groups(&items));
    let first: serde_json::Value =
        serde_json::from_str(stdout.lines().next().expect("a line")).expect("json");
    assert_eq!(first["first_partitions"].as_array().map(Vec::len), Some(2));
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(stderr.contains("5,000 items"), "{stderr}");
}

#[test]
fn the_table_format_lists_groups_then_their_first_partitions() {
    let output = ddbx(&["--demo", "collections", "-o", "table", "--partitions", "1"]);
    assert!(output.status.success());
    let stdout = String::from_utf8(output.stdout).expect("UTF-8");
    let user = stdout
        .lines()
        .position(|line| line.starts_with("USER "))
        .expect("a USER row");
    let next = stdout.lines().nth(user + 1).expect("a partition row");
    assert!(next.trim_start().starts_with("USER#"), "{stdout}");
}

#[test]
fn dynalite_collections_with_parallel_segments_match_the_seeded_data() {
    let Some(endpoint) = server_endpoint(Server::Dynalite) else {
        return;
    };
    let runtime = tokio::runtime::Runtime::new().expect("runtime");
    let table = unique_table_name("cli-collections");
    let client = sdk_client(&endpoint);
    let items = runtime.block_on(support::items::seed_single_table_demo(
        &client, &table, 3, 250,
    ));
    let run =
        support::cli::ddbx(&endpoint, Some(&table), &["collections", "--segments", "3"]).success();
    assert_eq!(groups_from_json_lines(&run.stdout), expected_groups(&items));
    runtime.block_on(support::tables::delete_table(&client, &table));
}
