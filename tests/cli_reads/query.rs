//! `ddbx query`: sort-key operators, paging, indexes, filters and projections.

use ddbx::domain::value::{AttrValue, Item, ValueType};

use crate::fixture::{Fixture, orders, sort_keys};
use crate::support::cli::{Run, ddbx};
use crate::support::items::seed_items;
use crate::support::tables::{TableSpec, create_table, delete_table};
use crate::support::{Server, on_both_servers, sdk_client, server_endpoint, unique_table_name};

on_both_servers!(
    query_applies_each_sort_key_operator,
    query_follows_pages_and_stops_at_max_items,
    query_reads_global_and_local_secondary_indexes,
    filter_and_projection_narrow_query_and_scan_results,
);

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
    // Without a filter, only what is printed is read: one page of 5, not a 1 MB page.
    assert!(
        capped
            .summary()
            .starts_with("items: 5, Count: 5, ScannedCount: 5, pages: 1"),
        "{}",
        capped.summary()
    );

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

async fn filter_and_projection_narrow_query_and_scan_results(server: Server) {
    let Some(fixture) = Fixture::seeded(server).await else {
        return;
    };
    let big = fixture
        .run(&["query", "--pk", "USER#1", "--filter", "amount >= 50"])
        .success();
    assert_eq!(sort_keys(&big), orders(9..=12));
    assert!(
        big.summary()
            .starts_with("items: 4, Count: 4, ScannedCount: 13"),
        "{}",
        big.summary()
    );

    // `status` is a reserved word and "open" an inline literal; pages of 4 hold 2 matches each,
    // so reading continues past the first page until 3 matches were printed.
    let open = fixture
        .run(&[
            "query",
            "--pk",
            "USER#1",
            "--filter",
            r#"status = "open""#,
            "--limit",
            "4",
            "--max-items",
            "3",
        ])
        .success();
    assert_eq!(sort_keys(&open), orders([1, 3, 5]));
    assert!(
        open.summary()
            .starts_with("items: 3, Count: 4, ScannedCount: 8, pages: 2"),
        "{}",
        open.summary()
    );

    let projected = fixture
        .run(&[
            "query",
            "--pk",
            "USER#1",
            "--sk-le",
            "ORDER#02",
            "--project",
            "SK, status",
        ])
        .success();
    assert_eq!(
        projected.json_lines(),
        [
            serde_json::json!({"SK": "ORDER#01", "status": "open"}),
            serde_json::json!({"SK": "ORDER#02", "status": "closed"}),
        ]
    );

    let profiles = fixture
        .run(&[
            "scan",
            "--filter",
            r#"begins_with(SK, "PROFILE") AND attribute_exists(name)"#,
            "--project",
            "PK",
        ])
        .success();
    assert_eq!(profiles.json_lines(), [serde_json::json!({"PK": "USER#1"})]);
    assert!(
        profiles.summary().contains("ScannedCount: 16"),
        "{}",
        profiles.summary()
    );
    fixture.drop_table().await;
}

on_both_servers!(binary_keys_are_given_as_base64_and_ordered_as_unsigned_bytes);

async fn binary_keys_are_given_as_base64_and_ordered_as_unsigned_bytes(server: Server) {
    let Some(endpoint) = server_endpoint(server) else {
        return;
    };
    let client = sdk_client(&endpoint);
    let table = unique_table_name("cli-binary");
    let spec = TableSpec::new(&table, "h", ValueType::B).sort("r", ValueType::B);
    create_table(&client, &spec).await;
    let items: Vec<Item> = [0x01_u8, 0x7f, 0x80, 0xff]
        .into_iter()
        .map(|byte| {
            Item::from([
                ("h".to_owned(), AttrValue::B(vec![0xde, 0xad])),
                ("r".to_owned(), AttrValue::B(vec![byte])),
            ])
        })
        .collect();
    seed_items(&client, &table, &items).await;
    let sort_bytes = |run: &Run| -> Vec<Vec<u8>> {
        run.ddb_items()
            .iter()
            .map(|item| match &item["r"] {
                AttrValue::B(bytes) => bytes.clone(),
                other => panic!("r is binary, got {other:?}"),
            })
            .collect()
    };
    // 3q0= is 0xDEAD; fw== is 0x7F; /w== is 0xFF.
    let run = ddbx(
        &endpoint,
        Some(&table),
        &[
            "query",
            "--pk",
            "3q0=",
            "--sk-between",
            "fw==",
            "/w==",
            "-o",
            "ddb",
        ],
    )
    .success();
    assert_eq!(sort_bytes(&run), [vec![0x7f], vec![0x80], vec![0xff]]);
    let run = ddbx(
        &endpoint,
        Some(&table),
        &[
            "query", "--pk", "3q0=", "--sk-gt", "fw==", "--desc", "-o", "ddb",
        ],
    )
    .success();
    assert_eq!(sort_bytes(&run), [vec![0xff], vec![0x80]]);
    let run = ddbx(
        &endpoint,
        Some(&table),
        &["get", "--pk", "3q0=", "--sk", "gA=="],
    )
    .success();
    assert_eq!(
        run.json_lines(),
        [serde_json::json!({"h": "3q0=", "r": "gA=="})]
    );
    delete_table(&client, &table).await;
}
