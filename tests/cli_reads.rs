//! End-to-end tests of the real `ddbx` binary: every read command and output format against
//! both dynalite and moto, on a seeded single-table design with a GSI and an LSI.

mod support;

use std::collections::{BTreeMap, BTreeSet};

use ddbx::domain::number::Number;
use ddbx::domain::value::{AttrValue, Item, ValueType};
use support::cli::{Run, ddbx, ddbx_command, run_command};
use support::items::seed_items;
use support::tables::{IndexSpec, ProjectionSpec, TableSpec, create_table, delete_table};
use support::{Server, sdk_client, server_endpoint, unique_table_name};

const BIG: &str = "12345678901234567890123456789012345678";

/// Runs `$body(server)` as one test per server: `<name>::dynalite` and `<name>::moto`.
macro_rules! on_both_servers {
    ($($name:ident),* $(,)?) => {$(
        mod $name {
            #[tokio::test]
            async fn dynalite() {
                super::$name(super::support::Server::Dynalite).await;
            }
            #[tokio::test]
            async fn moto() {
                super::$name(super::support::Server::Moto).await;
            }
        }
    )*};
}

on_both_servers!(
    tables_and_describe_show_the_table_in_every_format,
    get_prints_one_item_in_every_format_and_nothing_for_a_missing_key,
    query_applies_each_sort_key_operator,
    query_follows_pages_and_stops_at_max_items,
    query_reads_global_and_local_secondary_indexes,
    scan_reads_everything_once_in_segments_pages_and_indexes,
    output_is_lossless_and_keeps_every_digit,
    table_output_is_aligned_and_escapes_control_characters,
    read_only_and_ddbx_table_environment_still_read,
);

fn s(text: &str) -> AttrValue {
    AttrValue::s(text)
}

fn n(text: &str) -> AttrValue {
    AttrValue::N(Number::parse(text).expect("valid test number"))
}

/// The USER#1 profile holds one of every type, a 38-digit number, 1E-130 and hostile text.
fn profile() -> Item {
    Item::from([
        ("PK".into(), s("USER#1")),
        ("SK".into(), s("PROFILE")),
        ("name".into(), s("Ann Example")),
        ("big".into(), n(BIG)),
        ("tiny".into(), n("1E-130")),
        ("empty".into(), s("")),
        ("blob".into(), AttrValue::B(vec![0x00, 0x80, 0xff])),
        ("active".into(), AttrValue::Bool(true)),
        ("nothing".into(), AttrValue::Null),
        (
            "tags".into(),
            AttrValue::Ss(BTreeSet::from(["b".to_owned(), "a".to_owned()])),
        ),
        (
            "scores".into(),
            AttrValue::Ns(BTreeSet::from([Number::from(3), Number::from(-1)])),
        ),
        (
            "blobs".into(),
            AttrValue::Bs(BTreeSet::from([vec![0xfe], vec![0x01]])),
        ),
        (
            "address".into(),
            AttrValue::M(BTreeMap::from([
                ("city".to_owned(), s("Zürich")),
                ("lines".to_owned(), AttrValue::L(vec![s("x"), n("0.5")])),
            ])),
        ),
        ("note".into(), s("red\u{1b}[31m\nnext line")),
    ])
}

/// USER#1 has twelve orders (`ORDER#01`…`ORDER#12`, amount `10·i − 35`, odd ones open in
/// GSI1); USER#2 has a profile and two archived orders. 16 items in all.
fn seed() -> Vec<Item> {
    let mut items = vec![profile()];
    for i in 1..=12_i64 {
        let status = if i % 2 == 1 {
            "STATUS#open"
        } else {
            "STATUS#closed"
        };
        items.push(Item::from([
            ("PK".into(), s("USER#1")),
            ("SK".into(), s(&format!("ORDER#{i:02}"))),
            ("amount".into(), AttrValue::n(10 * i - 35)),
            ("GSI1PK".into(), s(status)),
            ("GSI1SK".into(), s(&format!("2026-01-{i:02}"))),
        ]));
    }
    items.push(Item::from([
        ("PK".into(), s("USER#2")),
        ("SK".into(), s("PROFILE")),
    ]));
    for i in 1..=2 {
        items.push(Item::from([
            ("PK".into(), s("USER#2")),
            ("SK".into(), s(&format!("ORDER#{i:02}"))),
            ("GSI1PK".into(), s("STATUS#archived")),
            ("GSI1SK".into(), s(&format!("2025-12-{i:02}"))),
        ]));
    }
    items
}

/// A seeded table on one server; deleted by [`Fixture::drop_table`].
struct Fixture {
    endpoint: String,
    table: String,
}

impl Fixture {
    async fn seeded(server: Server) -> Option<Self> {
        let endpoint = server_endpoint(server)?;
        let client = sdk_client(&endpoint);
        let table = unique_table_name("cli");
        let spec = TableSpec::single_table(&table)
            .gsi(IndexSpec::new("GSI1", "GSI1PK", ValueType::S).sort("GSI1SK", ValueType::S))
            .lsi("ByAmount", "amount", ValueType::N, ProjectionSpec::All);
        create_table(&client, &spec).await;
        seed_items(&client, &table, &seed()).await;
        Some(Self { endpoint, table })
    }

    fn run(&self, args: &[&str]) -> Run {
        ddbx(&self.endpoint, Some(&self.table), args)
    }

    async fn drop_table(self) {
        delete_table(&sdk_client(&self.endpoint), &self.table).await;
    }
}

/// The `SK` of every JSON line, in output order.
fn sort_keys(run: &Run) -> Vec<String> {
    run.json_lines()
        .iter()
        .map(|item| {
            item["SK"]
                .as_str()
                .expect("every item has an SK")
                .to_owned()
        })
        .collect()
}

/// Items by their (PK, SK), to compare reads whose order the server chooses.
fn by_key(items: Vec<Item>) -> BTreeMap<(String, String), Item> {
    items
        .into_iter()
        .map(|item| {
            let key = |name: &str| item[name].as_s().expect("string key").to_owned();
            ((key("PK"), key("SK")), item)
        })
        .collect()
}

fn orders(numbers: impl IntoIterator<Item = i64>) -> Vec<String> {
    numbers
        .into_iter()
        .map(|i| format!("ORDER#{i:02}"))
        .collect()
}

async fn tables_and_describe_show_the_table_in_every_format(server: Server) {
    let Some(fixture) = Fixture::seeded(server).await else {
        return;
    };
    let json = ddbx(&fixture.endpoint, None, &["tables"]).success();
    let quoted = format!("\"{}\"", fixture.table);
    assert!(json.lines().contains(&quoted.as_str()), "{}", json.stdout);
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
            serde_json::json!({"PK": "USER#1", "SK": "ORDER#03", "amount": -5,
                            "GSI1PK": "STATUS#open", "GSI1SK": "2026-01-03"})
        ]
    );

    let table = fixture
        .run(&["get", "--pk", "USER#2", "--sk", "PROFILE", "-o", "table"])
        .success();
    assert_eq!(table.lines(), ["PK      SK", "USER#2  PROFILE"]);

    let missing = fixture
        .run(&["get", "--pk", "USER#9", "--sk", "PROFILE"])
        .success();
    assert_eq!(missing.stdout, "");
    assert!(missing.stderr.contains("items: 0"), "{}", missing.stderr);
    fixture.drop_table().await;
}

async fn query_applies_each_sort_key_operator(server: Server) {
    let Some(fixture) = Fixture::seeded(server).await else {
        return;
    };
    let profile_after = |mut keys: Vec<String>| {
        keys.push("PROFILE".to_owned());
        keys
    };
    let cases: Vec<(&[&str], Vec<String>)> = vec![
        (&[], profile_after(orders(1..=12))),
        (&["--sk-eq", "ORDER#05"], orders([5])),
        (&["--sk-lt", "ORDER#03"], orders([1, 2])),
        (&["--sk-le", "ORDER#03"], orders([1, 2, 3])),
        (&["--sk-gt", "ORDER#10"], profile_after(orders([11, 12]))),
        (
            &["--sk-ge", "ORDER#10"],
            profile_after(orders([10, 11, 12])),
        ),
        (&["--sk-begins-with", "ORDER#"], orders(1..=12)),
        (&["--sk-between", "ORDER#04", "ORDER#06"], orders(4..=6)),
        (&["--sk-between", "ORDER#04", "ORDER#04"], orders([4])),
    ];
    for (flags, expected) in cases {
        let mut args = vec!["query", "--pk", "USER#1"];
        args.extend_from_slice(flags);
        let run = fixture.run(&args).success();
        assert_eq!(sort_keys(&run), expected, "{} {flags:?}", server.name());
        let summary = run.summary();
        assert!(
            summary.starts_with(&format!(
                "items: {}, Count: {}",
                expected.len(),
                expected.len()
            )),
            "{flags:?}: {summary}"
        );
    }
    fixture.drop_table().await;
}

async fn query_follows_pages_and_stops_at_max_items(server: Server) {
    let Some(fixture) = Fixture::seeded(server).await else {
        return;
    };
    // 13 items in pages of 5: 5 + 5 + 3.
    let paged = fixture
        .run(&["query", "--pk", "USER#1", "--limit", "5"])
        .success();
    assert_eq!(sort_keys(&paged).len(), 13);
    assert!(
        paged
            .summary()
            .starts_with("items: 13, Count: 13, ScannedCount: 13, pages: 3"),
        "{}",
        paged.summary()
    );

    let capped = fixture
        .run(&["query", "--pk", "USER#1", "--max-items", "5"])
        .success();
    assert_eq!(sort_keys(&capped), orders(1..=5));

    // Pages of 2 until 5 items were printed: the third page completes it and no fourth is read.
    let both = fixture
        .run(&[
            "query",
            "--pk",
            "USER#1",
            "--limit",
            "2",
            "--max-items",
            "5",
        ])
        .success();
    assert_eq!(sort_keys(&both), orders(1..=5));
    assert!(
        both.summary()
            .starts_with("items: 5, Count: 6, ScannedCount: 6, pages: 3"),
        "{}",
        both.summary()
    );

    let descending = fixture
        .run(&[
            "query",
            "--pk",
            "USER#1",
            "--desc",
            "--limit",
            "4",
            "--max-items",
            "3",
        ])
        .success();
    assert_eq!(sort_keys(&descending), ["PROFILE", "ORDER#12", "ORDER#11"]);

    let consistent = fixture
        .run(&["query", "--pk", "USER#2", "--consistent", "-o", "ddb"])
        .success();
    assert_eq!(consistent.ddb_items().len(), 3);
    fixture.drop_table().await;
}

async fn query_reads_global_and_local_secondary_indexes(server: Server) {
    let Some(fixture) = Fixture::seeded(server).await else {
        return;
    };
    let open = fixture
        .run(&["query", "--index", "GSI1", "--pk", "STATUS#open"])
        .success();
    assert_eq!(sort_keys(&open), orders([1, 3, 5, 7, 9, 11]));

    let early = fixture
        .run(&[
            "query",
            "--index",
            "GSI1",
            "--pk",
            "STATUS#open",
            "--sk-begins-with",
            "2026-01-0",
            "--desc",
        ])
        .success();
    assert_eq!(sort_keys(&early), orders([9, 7, 5, 3, 1]));

    // Numeric sort key: bounds typed as numbers, results in numeric order (-15 before 5).
    let range = fixture
        .run(&[
            "query",
            "--index",
            "ByAmount",
            "--pk",
            "USER#1",
            "--sk-between",
            "-20",
            "30",
        ])
        .success();
    assert_eq!(sort_keys(&range), orders(2..=6));
    let amounts: Vec<String> = range
        .json_lines()
        .iter()
        .map(|item| item["amount"].to_string())
        .collect();
    assert_eq!(amounts, ["-15", "-5", "5", "15", "25"]);

    let high = fixture
        .run(&[
            "query",
            "--index",
            "ByAmount",
            "--pk",
            "USER#1",
            "--sk-ge",
            "65",
            "--consistent",
        ])
        .success();
    assert_eq!(sort_keys(&high), orders(10..=12));
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
    let lines = run.lines();
    assert_eq!(lines.len(), 4, "header and three rows:\n{}", run.stdout);
    assert!(lines[0].starts_with("PK      SK        "), "{}", lines[0]);
    assert!(
        run.stdout.contains("\\u{1b}[31m\\nnext line"),
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
