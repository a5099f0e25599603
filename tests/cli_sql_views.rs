//! `ddbx sql-views` run by the real DuckDB (the `duckdb` package scripts/test-servers.sh installs
//! in its venv): over an export of the demo, in ddbx's layout and in AWS's `{"Item": …}` layout,
//! each entity's view holds as many items as `ddbx collections` counts, and a 38-digit number
//! and an empty string come back exact; over an export whose attribute names try to end the SQL
//! (a quote, a `--`, a newline, a `$`, a `/`), every statement runs and each value comes back
//! under its column.

mod support;

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

use ddbx::domain::sql_views::quote::snake;
use serde_json::Value;
use support::cli::{ddbx_command, run_command};
use support::servers_required;

/// Runs the SQL on stdin in DuckDB, then each query; prints each query's rows as JSON objects of
/// text (a DECIMAL as its exact digits).
const RUNNER: &str = r"
import duckdb, json, sys
connection = duckdb.connect()
connection.execute(sys.stdin.read())
results = []
for query in json.loads(sys.argv[1]):
    cursor = connection.execute(query)
    names = [column[0] for column in cursor.description]
    results.append([
        {name: (None if value is None else str(value)) for name, value in zip(names, row)}
        for row in cursor.fetchall()
    ])
print(json.dumps(results))
";

/// The venv's python when it has DuckDB; `None` (the test skipped) unless servers are required.
fn python() -> Option<PathBuf> {
    let python = std::env::var("DDBX_TEST_VENV_BIN")
        .ok()
        .map(|bin| Path::new(&bin).join("python"));
    let has_duckdb = python.as_ref().is_some_and(|python| {
        Command::new(python)
            .args(["-c", "import duckdb"])
            .status()
            .is_ok_and(|status| status.success())
    });
    if has_duckdb {
        return python;
    }
    assert!(
        !servers_required(),
        "no python with duckdb in DDBX_TEST_VENV_BIN: run through scripts/test-servers.sh"
    );
    eprintln!("skipping: no python with duckdb (run through scripts/test-servers.sh)");
    None
}

/// Runs `sql` then `queries` in DuckDB.
fn duckdb(python: &Path, sql: &str, queries: &[String]) -> Vec<Vec<BTreeMap<String, Value>>> {
    let mut child = Command::new(python)
        .args(["-c", RUNNER, &serde_json::to_string(queries).expect("json")])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("python starts");
    std::io::Write::write_all(&mut child.stdin.take().expect("stdin"), sql.as_bytes())
        .expect("the SQL is written");
    let output = child.wait_with_output().expect("python ends");
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(
        output.status.success(),
        "DuckDB refused the SQL: {stderr}\n{sql}"
    );
    serde_json::from_slice(&output.stdout).expect("the runner's JSON")
}

fn ddbx(args: &[&str]) -> String {
    let mut command = ddbx_command();
    command.args(args);
    run_command(command).success().stdout
}

fn temp_dir(name: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR"))
        .join(format!("sql-views-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("a temporary directory");
    dir
}

/// Items per entity, as `ddbx collections` counts them on the demo.
fn collection_counts() -> BTreeMap<String, u64> {
    let mut counts = BTreeMap::new();
    for line in ddbx(&["--demo", "collections", "-o", "json"]).lines() {
        let row: Value = serde_json::from_str(line).expect("a JSON line");
        for entity in row["entities"].as_array().into_iter().flatten() {
            let name = entity["entity"].as_str().expect("a name").to_owned();
            *counts.entry(name).or_default() += entity["items"].as_u64().expect("a count");
        }
    }
    counts
}

fn count_query(entity: &str) -> String {
    format!("SELECT count(*) AS n FROM \"{}\"", snake(entity))
}

fn check_demo_views(python: &Path, export: &Path) {
    let path = export.to_str().expect("a UTF-8 path");
    let sql = ddbx(&["--file", path, "sql-views", "--engine", "duckdb"]);
    let expected = collection_counts();
    assert!(expected.len() > 10, "{expected:?}");
    let mut queries: Vec<String> = expected.keys().map(|entity| count_query(entity)).collect();
    queries.push("SELECT big, \"bigNegative\" FROM odd_extreme".to_owned());
    queries.push("SELECT \"emptyString\" FROM odd_emptyvalue".to_owned());
    let results = duckdb(python, &sql, &queries);
    for ((entity, count), result) in expected.iter().zip(&results) {
        assert_eq!(result[0]["n"], count.to_string(), "{entity}: {sql}");
    }
    let extreme = &results[expected.len()][0];
    assert_eq!(extreme["big"], "12345678901234567890123456789012345678");
    assert_eq!(
        extreme["bigNegative"],
        "-99999999999999999999999999999999999999"
    );
    assert_eq!(results[expected.len() + 1][0]["emptyString"], "");
    assert!(sql.contains("DECIMAL(38, 0)"), "{sql}");
    assert!(!sql.contains("DOUBLE"), "{sql}");
}

#[test]
fn each_entitys_view_holds_what_collections_counts_and_numbers_come_back_exact() {
    let Some(python) = python() else { return };
    let dir = temp_dir("demo");
    let plain = dir.join("demo.jsonl");
    ddbx(&[
        "--demo",
        "export",
        "--format",
        "ddb",
        "--out",
        plain.to_str().expect("path"),
    ]);
    check_demo_views(&python, &plain);

    // The same items in the layout AWS's Export to S3 writes.
    let wrapped = dir.join("demo-aws.jsonl");
    let lines: Vec<String> = std::fs::read_to_string(&plain)
        .expect("the export")
        .lines()
        .map(|line| format!("{{\"Item\":{line}}}"))
        .collect();
    std::fs::write(&wrapped, lines.join("\n") + "\n").expect("the AWS-layout export");
    check_demo_views(&python, &wrapped);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn attribute_names_that_try_to_end_the_sql_are_only_data() {
    let Some(python) = python() else { return };
    let dir = temp_dir("hostile");
    let export = dir.join("hostile.jsonl");
    let names = [
        "x'); DROP VIEW ddbx_items; --",
        "a\"b\nc",
        "$x",
        "a/b~c",
        "--",
    ];
    let lines: Vec<String> = (0..3)
        .map(|n| {
            let mut item = serde_json::json!({
                "PK": {"S": format!("THING#{n}")},
                "SK": {"S": "META"},
                "type": {"S": "Thing"},
            });
            for (i, name) in names.iter().enumerate() {
                item[*name] = serde_json::json!({"S": format!("value {i}")});
            }
            item.to_string()
        })
        .collect();
    std::fs::write(&export, lines.join("\n") + "\n").expect("the export");
    let sql = ddbx(&[
        "--file",
        export.to_str().expect("path"),
        "sql-views",
        "--engine",
        "duckdb",
    ]);
    let queries = [
        "SELECT * FROM thing".to_owned(),
        "SELECT count(*) AS n FROM ddbx_items".to_owned(),
    ];
    let results = duckdb(&python, &sql, &queries);
    assert_eq!(results[0].len(), 3, "{sql}");
    assert_eq!(results[1][0]["n"], "3", "the items relation is still there");
    let row = &results[0][0];
    for (i, name) in names.iter().enumerate() {
        // A control character in a column name is shown as `?`.
        let column = name.replace('\n', "?");
        assert_eq!(
            row[&column],
            format!("value {i}"),
            "{name:?} in {row:?}\n{sql}"
        );
    }

    // With a model, the key parts are columns named by its placeholders, as the UI labels them.
    let model = dir.join("model.toml");
    std::fs::write(
        &model,
        "[[entity]]\nname = \"Gadget\"\npk = \"THING#{thingId}\"\nsk = \"META\"\n",
    )
    .expect("the model");
    let sql = ddbx(&[
        "--file",
        export.to_str().expect("path"),
        "--model",
        model.to_str().expect("path"),
        "sql-views",
        "--engine",
        "duckdb",
    ]);
    let query = ["SELECT \"thingId\" FROM gadget ORDER BY 1".to_owned()];
    let ids: Vec<Value> = duckdb(&python, &sql, &query)[0]
        .iter()
        .map(|row| row["thingId"].clone())
        .collect();
    assert_eq!(ids, ["0", "1", "2"], "{sql}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn athena_without_a_location_and_duckdb_without_files_are_refused_before_connecting() {
    // Nothing listens there: a command that connected would fail with exit 1, not 2.
    let listener = std::net::TcpListener::bind("127.0.0.1:0").expect("a free port");
    let endpoint = format!("http://{}", listener.local_addr().expect("bound"));
    drop(listener);
    for (engine, needle) in [("athena", "--data s3://"), ("duckdb", "--data")] {
        let mut command = ddbx_command();
        command.args(["--endpoint-url", &endpoint, "--table", "Orders"]);
        command.args(["sql-views", "--engine", engine]);
        run_command(command).refused(2, &[needle]);
    }
}
