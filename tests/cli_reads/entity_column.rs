//! `--model` in the headless reads: the entity column of `-o table` (after the keys) names each
//! row's entity as the model does (get, query and scan); JSON output stays the items exactly as
//! read; without `--model` the column holds ddbx's own decoding.

use std::path::PathBuf;

use crate::fixture::Fixture;
use crate::support::scratch::Scratch;
use crate::support::{Server, on_both_servers};

on_both_servers!(table_output_names_each_rows_entity_from_the_model);

/// Names no heuristic would give, so a passing test shows the model was used.
const MODEL: &str = r#"
[[entity]]
name = "Customer"
pk = "USER#{userId}"
sk = "PROFILE"

[[entity]]
name = "Purchase"
pk = "USER#{userId}"
sk = "ORDER#{orderNo}"
"#;

/// The model file in `dir`.
fn model_file(dir: &Scratch) -> PathBuf {
    let path = dir.join("model.toml");
    std::fs::write(&path, MODEL).expect("model file");
    path
}

/// (the header's third column, each row's third column): PK, SK, then the entity. The fixture's
/// keys and entity names hold no spaces, so whitespace splits the cells.
fn entity_column(stdout: &str) -> (String, Vec<String>) {
    let mut lines = stdout.lines();
    let cell = |line: &str| {
        line.split_whitespace()
            .nth(2)
            .unwrap_or_default()
            .to_owned()
    };
    let header = lines.next().map(cell).unwrap_or_default();
    // A value too wide for its column continues on lines that start blank.
    let rows = lines
        .filter(|line| !line.starts_with(' '))
        .map(cell)
        .collect();
    (header, rows)
}

async fn table_output_names_each_rows_entity_from_the_model(server: Server) {
    let Some(fixture) = Fixture::seeded(server).await else {
        return;
    };
    let dir = Scratch::new("entity-column");
    let model = model_file(&dir);
    let model = model.to_str().expect("UTF-8 path");
    let with_model = |args: &[&str]| {
        let mut all = vec!["--model", model, "-o", "table"];
        all.extend_from_slice(args);
        fixture.run(&all).success()
    };

    let query = with_model(&["query", "--pk", "USER#1"]);
    let (header, rows) = entity_column(&query.stdout);
    assert_eq!(header, "entity", "{}", query.stdout);
    assert_eq!(rows.len(), 13, "{}", query.stdout);
    assert_eq!(rows.iter().filter(|r| *r == "Purchase").count(), 12);
    assert_eq!(rows.last().map(String::as_str), Some("Customer"));

    let get = with_model(&["get", "--pk", "USER#1", "--sk", "PROFILE"]);
    assert_eq!(
        entity_column(&get.stdout),
        ("entity".to_owned(), vec!["Customer".to_owned()])
    );

    let scan = with_model(&["scan"]);
    let (header, rows) = entity_column(&scan.stdout);
    assert_eq!(header, "entity");
    assert!(rows.iter().any(|row| row == "Customer"), "{}", scan.stdout);

    let json = fixture.run(&[
        "--model", model, "-o", "ddb", "get", "--pk", "USER#1", "--sk", "PROFILE",
    ]);
    assert!(
        !json.success().stdout.contains("Customer"),
        "JSON output is the item as read"
    );

    let plain = fixture
        .run(&["-o", "table", "get", "--pk", "USER#1", "--sk", "PROFILE"])
        .success();
    let (header, rows) = entity_column(&plain.stdout);
    assert_eq!(header, "entity");
    assert_ne!(
        rows,
        vec!["Customer".to_owned()],
        "without --model the names are ddbx's own"
    );
    fixture.drop_table().await;
}
