//! `tables`, `describe`, `get` and `scan`, output fidelity and terminal safety.

use std::io::{BufRead, BufReader};
use std::process::Stdio;

use ddbx::domain::value::{AttrValue, Item};

use crate::fixture::{BIG, Fixture, by_key, profile, seed, sort_keys};
use crate::support::cli::{ddbx, ddbx_command, run_command};
use crate::support::items::seed_items;
use crate::support::tables::{TableSpec, create_table, delete_table};
use crate::support::{Server, on_both_servers, sdk_client, server_endpoint, unique_table_name};

on_both_servers!(
    tables_and_describe_show_the_table_in_every_format,
    get_prints_one_item_in_every_format_and_nothing_for_a_missing_key,
    scan_reads_everything_once_in_segments_pages_and_indexes,
    output_is_lossless_and_keeps_every_digit,
    table_output_is_aligned_and_escapes_control_characters,
    read_only_and_ddbx_table_environment_still_read,
);

async fn tables_and_describe_show_the_table_in_every_format(server: Server) {
    let Some(fixture) = Fixture::seeded(server).await else {
        return;
    };
    let plain = ddbx(&fixture.endpoint, None, &["tables"]).success();
    assert!(
        plain.lines().contains(&fixture.table.as_str()),
        "{}",
        plain.stdout
    );
    let json = ddbx(&fixture.endpoint, None, &["tables", "-o", "json"]).success();
    let quoted = format!("\"{}\"", fixture.table);
    assert!(json.lines().contains(&quoted.as_str()), "{}", json.stdout);
    let ddb = ddbx(
        &fixture.endpoint,
        None,
        &["--region", "us-east-1", "tables", "-o", "ddb"],
    )
    .success();
    assert!(ddb.lines().contains(&quoted.as_str()), "{}", ddb.stdout);
    let table = ddbx(&fixture.endpoint, None, &["tables", "-o", "table"]).success();
    assert!(
        table.lines().contains(&fixture.table.as_str()),
        "{}",
        table.stdout
    );

    for format in ["json", "ddb"] {
        let run = fixture.run(&["describe", "-o", format]).success();
        let doc: serde_json::Value = serde_json::from_str(&run.stdout).expect("one JSON document");
        assert_eq!(doc["TableName"], fixture.table.as_str());
        assert_eq!(doc["KeySchema"][0]["AttributeName"], "PK");
        assert_eq!(doc["KeySchema"][1]["KeyType"], "RANGE");
        assert_eq!(doc["GlobalSecondaryIndexes"][0]["IndexName"], "GSI1");
        assert_eq!(doc["LocalSecondaryIndexes"][0]["IndexName"], "ByAmount");
        assert_eq!(
            doc["LocalSecondaryIndexes"][0]["KeySchema"][1]["AttributeName"],
            "amount"
        );
    }
    let text = fixture.run(&["describe", "-o", "table"]).success().stdout;
    assert!(text.contains("key        PK (S), sort SK (S)"), "{text}");
    assert!(
        text.contains("gsi        GSI1: GSI1PK (S), sort GSI1SK (S)"),
        "{text}"
    );
    assert!(
        text.contains("lsi        ByAmount: PK (S), sort amount (N)"),
        "{text}"
    );
    fixture.drop_table().await;
}

async fn get_prints_one_item_in_every_format_and_nothing_for_a_missing_key(server: Server) {
    let Some(fixture) = Fixture::seeded(server).await else {
        return;
    };
    let ddb = fixture
        .run(&["get", "--pk", "USER#1", "--sk", "PROFILE", "-o", "ddb"])
        .success();
    assert_eq!(ddb.ddb_items(), [profile()]);
    assert!(ddb.stderr.contains("items: 1"), "{}", ddb.stderr);

    let json = fixture
        .run(&["get", "--pk", "USER#1", "--sk", "ORDER#03"])
        .success();
    assert_eq!(
        json.json_lines(),
        [
            serde_json::json!({"PK": "USER#1", "SK": "ORDER#03", "amount": -5, "status": "open",
                            "GSI1PK": "STATUS#open", "GSI1SK": "2026-01-03"})
        ]
    );

    let table = fixture
        .run(&["get", "--pk", "USER#2", "--sk", "PROFILE", "-o", "table"])
        .success();
    assert_eq!(
        table.lines(),
        ["PK      SK       entity", "USER#2  PROFILE  User›Profile"]
    );

    let missing = fixture
        .run(&["get", "--pk", "USER#9", "--sk", "PROFILE"])
        .success();
    assert_eq!(missing.stdout, "");
    assert!(missing.stderr.contains("items: 0"), "{}", missing.stderr);
    fixture.drop_table().await;
}

async fn scan_reads_everything_once_in_segments_pages_and_indexes(server: Server) {
    let Some(fixture) = Fixture::seeded(server).await else {
        return;
    };
    let seeded = by_key(seed());
    let everything = fixture.run(&["scan", "-o", "ddb"]).success();
    assert_eq!(by_key(everything.ddb_items()), seeded);
    assert!(
        everything.summary().starts_with("items: 16, Count: 16"),
        "{}",
        everything.summary()
    );

    let segmented = fixture
        .run(&["scan", "--segments", "3", "-o", "ddb"])
        .success();
    let items = segmented.ddb_items();
    assert_eq!(items.len(), 16, "no item twice");
    assert_eq!(by_key(items), seeded);

    // 16 items in pages of 3: five full pages and one with a single item.
    let paged = fixture.run(&["scan", "--limit", "3"]).success();
    assert_eq!(paged.json_lines().len(), 16);
    assert!(paged.summary().contains("pages: 6"), "{}", paged.summary());

    let capped = fixture
        .run(&["scan", "--max-items", "4", "--segments", "2"])
        .success();
    assert_eq!(capped.json_lines().len(), 4);
    assert!(
        capped.summary().starts_with("items: 4,"),
        "{}",
        capped.summary()
    );

    let table = fixture
        .run(&["scan", "--segments", "2", "--max-items", "3", "-o", "table"])
        .success();
    assert_eq!(
        table.lines().len(),
        4,
        "header and three rows:\n{}",
        table.stdout
    );
    assert!(table.lines()[0].starts_with("PK "), "{}", table.stdout);

    let index = fixture.run(&["scan", "--index", "GSI1"]).success();
    let in_index = index.json_lines();
    assert_eq!(in_index.len(), 14, "the profiles have no GSI1 key");
    assert!(in_index.iter().all(|item| item.get("GSI1PK").is_some()));
    fixture.drop_table().await;
}

async fn output_is_lossless_and_keeps_every_digit(server: Server) {
    let Some(fixture) = Fixture::seeded(server).await else {
        return;
    };
    let ddb = fixture
        .run(&["query", "--pk", "USER#1", "--sk-eq", "PROFILE", "-o", "ddb"])
        .success();
    assert_eq!(
        ddb.ddb_items(),
        [profile()],
        "DynamoDB JSON round-trips exactly"
    );

    let json = fixture
        .run(&["query", "--pk", "USER#1", "--sk-eq", "PROFILE"])
        .success();
    assert!(
        json.stdout.contains(&format!("\"big\":{BIG}")),
        "{}",
        json.stdout
    );
    assert!(
        json.stdout
            .contains(&format!("\"tiny\":0.{}1", "0".repeat(129))),
        "{}",
        json.stdout
    );
    let value = &json.json_lines()[0];
    assert_eq!(value["tags"], serde_json::json!(["a", "b"]));
    assert_eq!(value["blob"], "AID/");
    assert_eq!(value["empty"], "");
    assert_eq!(value["nothing"], serde_json::Value::Null);
    assert_eq!(value["address"]["lines"][1].to_string(), "0.5");
    assert_eq!(
        value["note"], "red\u{1b}[31m\nnext line",
        "escaped, not altered"
    );
    assert!(
        !json.stdout.contains('\u{1b}'),
        "no raw escape character on stdout"
    );
    fixture.drop_table().await;
}

async fn table_output_is_aligned_and_escapes_control_characters(server: Server) {
    let Some(fixture) = Fixture::seeded(server).await else {
        return;
    };
    let run = fixture
        .run(&[
            "query", "--pk", "USER#1", "--sk-ge", "ORDER#11", "-o", "table",
        ])
        .success();
    // A value wider than its column (`tiny`, 1E-130 written out) wraps onto continuation lines
    // that leave the key columns blank.
    let (lines, continued): (Vec<&str>, Vec<&str>) = run
        .lines()
        .into_iter()
        .partition(|line| !line.starts_with(' '));
    assert_eq!(lines.len(), 4, "header and three rows:\n{}", run.stdout);
    assert_eq!(
        continued.len(),
        3,
        "tiny takes three more lines:\n{}",
        run.stdout
    );
    assert!(
        lines[0].starts_with("PK      SK        entity"),
        "{}",
        lines[0]
    );
    assert!(
        run.stdout.contains("\\x1b[31m\\nnext line"),
        "{}",
        run.stdout
    );
    assert!(!run.stdout.contains('\u{1b}'), "no raw escape character");
    // Every row starts its SK column where the header does.
    let sk_column = lines[0].find("SK").expect("SK column");
    for line in &lines[1..] {
        assert_eq!(
            line.find("ORDER#").or_else(|| line.find("PROFILE")),
            Some(sk_column),
            "{line}"
        );
    }
    fixture.drop_table().await;
}

async fn read_only_and_ddbx_table_environment_still_read(server: Server) {
    let Some(fixture) = Fixture::seeded(server).await else {
        return;
    };
    let read_only = fixture
        .run(&["--read-only", "query", "--pk", "USER#2"])
        .success();
    assert_eq!(sort_keys(&read_only), ["ORDER#01", "ORDER#02", "PROFILE"]);

    let mut command = ddbx_command();
    command.env("DDBX_TABLE", &fixture.table).args([
        "--endpoint-url",
        &fixture.endpoint,
        "get",
        "--pk",
        "USER#2",
        "--sk",
        "PROFILE",
    ]);
    let from_env = run_command(command).success();
    assert_eq!(sort_keys(&from_env), ["PROFILE"]);
    fixture.drop_table().await;
}

on_both_servers!(a_reader_that_stops_early_ends_ddbx_quietly);

/// `ddbx scan | head -1`: once the reader is gone, ddbx stops with exit code 0 and no panic.
async fn a_reader_that_stops_early_ends_ddbx_quietly(server: Server) {
    let Some(endpoint) = server_endpoint(server) else {
        return;
    };
    let client = sdk_client(&endpoint);
    let table = unique_table_name("cli-pipe");
    create_table(&client, &TableSpec::single_table(&table)).await;
    // 300 items of 1 KB: far more than a pipe buffer holds, so ddbx must block on writing.
    let items: Vec<Item> = (0..300)
        .map(|i| {
            Item::from([
                ("PK".to_owned(), AttrValue::s(format!("P#{}", i % 7))),
                ("SK".to_owned(), AttrValue::s(format!("S#{i:04}"))),
                ("pad".to_owned(), AttrValue::s("x".repeat(1000))),
            ])
        })
        .collect();
    seed_items(&client, &table, &items).await;

    let mut child = ddbx_command()
        .args(["--endpoint-url", &endpoint, "--table", &table, "scan"])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the ddbx binary starts");
    let stdout = child.stdout.take().expect("piped stdout");
    let mut first = String::new();
    BufReader::new(stdout)
        .read_line(&mut first)
        .expect("reads the first line");
    // The reader (and with it the pipe) is dropped here.
    assert!(first.starts_with("{\"PK\":\"P#"), "{first}");
    let output = child.wait_with_output().expect("ddbx exits");
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(0), "{stderr}");
    assert!(!stderr.contains("panicked"), "{stderr}");
    delete_table(&client, &table).await;
}
