//! `ddbx partiql` through the real binary against DynamoDB Local: a key query and a scan said as
//! such before they run, paging with NextToken, parameters, capacity in the summary, the
//! service's own words on a bad statement, and writes refused before anything is sent.

mod support;

use support::cli::ddbx;
use support::{Server, sdk_client, server_endpoint, unique_table_name};

struct Fixture {
    endpoint: String,
    table: String,
    client: aws_sdk_dynamodb::Client,
}

impl Drop for Fixture {
    fn drop(&mut self) {
        support::block_on(support::tables::delete_table(&self.client, &self.table));
    }
}

fn seeded() -> Option<(Fixture, Vec<ddbx::domain::value::Item>)> {
    let endpoint = server_endpoint(Server::DdbLocal)?;
    let client = sdk_client(&endpoint);
    let table = unique_table_name("partiql");
    let items = support::block_on(support::items::seed_single_table_demo(
        &client, &table, 5, 200,
    ));
    Some((
        Fixture {
            endpoint,
            table,
            client,
        },
        items,
    ))
}

fn partition_of(items: &[ddbx::domain::value::Item], pk: &str) -> usize {
    items
        .iter()
        .filter(|item| item.get("PK").and_then(|v| v.as_s()) == Some(pk))
        .count()
}

#[test]
fn a_key_query_with_a_parameter_pages_with_next_token_and_reports_capacity() {
    let Some((fixture, items)) = seeded() else {
        return;
    };
    let pk = items
        .iter()
        .filter_map(|item| item.get("PK").and_then(|v| v.as_s()))
        .find(|pk| pk.starts_with("USER#") && partition_of(&items, pk) > 2)
        .expect("a user with several items")
        .to_owned();
    let statement = format!(r#"SELECT * FROM "{}" WHERE PK = ?"#, fixture.table);
    let params = format!(r#"[{{"S": "{pk}"}}]"#);
    let run = ddbx(
        &fixture.endpoint,
        None,
        &[
            "-o", "ddb", "partiql", &statement, "--params", &params, "--limit", "1",
        ],
    )
    .success();
    assert!(
        run.stderr.contains("partiql: key query on PK of table"),
        "{}",
        run.stderr
    );
    let printed = run.ddb_items();
    assert_eq!(printed.len(), partition_of(&items, &pk));
    assert!(
        printed
            .iter()
            .all(|item| item.get("PK").and_then(|v| v.as_s()) == Some(pk.as_str()))
    );
    let summary = run
        .stderr
        .lines()
        .find(|line| line.starts_with("items: "))
        .expect("a summary");
    let pages: usize = summary
        .split("pages: ")
        .nth(1)
        .and_then(|rest| rest.split(',').next())
        .and_then(|n| n.parse().ok())
        .expect("a page count");
    assert!(
        pages >= printed.len(),
        "Limit 1 pages one item at a time: {summary}"
    );
    // ddbx asks for INDEXES capacity; DynamoDB Local answers ExecuteStatement without any, which
    // the summary says rather than printing zero.
    assert!(
        summary.contains("consumed: not reported") || summary.contains(" RCU"),
        "{summary}"
    );
}

#[test]
fn a_scan_is_named_before_it_runs_and_max_items_stops_it() {
    let Some((fixture, items)) = seeded() else {
        return;
    };
    let statement = format!(
        r#"SELECT PK, SK FROM "{}" WHERE begins_with(SK, 'ORDER#')"#,
        fixture.table
    );
    let run = ddbx(&fixture.endpoint, None, &["partiql", &statement]).success();
    assert!(
        run.stderr.contains("full table scan of table"),
        "{}",
        run.stderr
    );
    let orders = items
        .iter()
        .filter(|item| {
            item.get("SK")
                .and_then(|v| v.as_s())
                .is_some_and(|sk| sk.starts_with("ORDER#"))
        })
        .count();
    assert_eq!(run.json_lines().len(), orders);

    let capped = ddbx(
        &fixture.endpoint,
        None,
        &[
            "partiql",
            &format!(r#"SELECT * FROM "{}""#, fixture.table),
            "--max-items",
            "7",
        ],
    )
    .success();
    assert_eq!(capped.json_lines().len(), 7);
}

#[test]
fn the_service_error_keeps_its_words_and_writes_are_never_sent() {
    let Some((fixture, items)) = seeded() else {
        return;
    };
    // Beyond ddbx's own reading (a clause after WHERE), so left to DynamoDB, which refuses it.
    let bad = format!(
        r#"SELECT * FROM "{}" WHERE PK = 'x' LIMIT 5"#,
        fixture.table
    );
    let run = ddbx(&fixture.endpoint, None, &["partiql", &bad]);
    run.refused(1, &["ValidationException", "Unsupported clause: LIMIT"]);

    let pk = items[0]
        .get("PK")
        .and_then(|v| v.as_s())
        .expect("a PK")
        .to_owned();
    let sk = items[0]
        .get("SK")
        .and_then(|v| v.as_s())
        .expect("an SK")
        .to_owned();
    let delete = format!(
        r#"DELETE FROM "{}" WHERE PK = '{pk}' AND SK = '{sk}'"#,
        fixture.table
    );
    ddbx(&fixture.endpoint, None, &["partiql", &delete]).refused(2, &["delete --pk", "journaled"]);
    ddbx(
        &fixture.endpoint,
        None,
        &["--read-only", "partiql", &delete],
    )
    .refused(2, &["read-only", "nothing was sent"]);
    let still = ddbx(
        &fixture.endpoint,
        Some(&fixture.table),
        &["get", "--pk", &pk, "--sk", &sk],
    )
    .success();
    assert_eq!(still.json_lines().len(), 1, "the item is still there");
}

#[test]
fn a_parameter_of_the_wrong_type_is_refused_before_anything_runs() {
    let Some((fixture, _)) = seeded() else {
        return;
    };
    let statement = format!(r#"SELECT * FROM "{}" WHERE PK = ?"#, fixture.table);
    ddbx(
        &fixture.endpoint,
        None,
        &["partiql", &statement, "--params", r#"[{"N": "1"}]"#],
    )
    .refused(2, &["is N but PK is a key of type S"]);
    ddbx(&fixture.endpoint, None, &["partiql", &statement])
        .refused(2, &["1 `?` parameter(s) but --params gives 0"]);
}

/// What DynamoDB Local answers `statement` with, sent as it is through the SDK.
fn service_refusal(fixture: &Fixture, statement: &str) -> String {
    let sent = fixture
        .client
        .execute_statement()
        .statement(statement)
        .send();
    let error = support::block_on(sent).expect_err("DynamoDB Local refuses the statement");
    aws_sdk_dynamodb::error::ProvideErrorMetadata::message(&error)
        .expect("a message")
        .to_owned()
}

#[test]
fn what_the_service_refuses_is_refused_before_sending_in_its_words() {
    let Some((fixture, _)) = seeded() else {
        return;
    };
    let table = &fixture.table;
    let malformed = "Statement wasn't well formed, can't be processed: ";
    let cases = [
        (
            format!(r#"SELECT * FROM "{table}" WHERE PK = 'x' AND"#),
            malformed,
            "at the end of the statement",
        ),
        (
            format!(r#"SELECT * FROM "{table}" WHERE PK = 5"#),
            "Key attribute's data type should match its data type in table's schema: Key PK",
            "",
        ),
        (
            format!(r#"SELECT * FROM "{table}" WHERE PK = 'x' AND SK BETWEEN 1 AND 2"#),
            "Key attribute's data type should match its data type in table's schema: Key SK",
            "",
        ),
        (
            format!(r#"SELECT * FROM "{table}" WHERE PK = 'x' AND begins_with(SK, 5)"#),
            "Incorrect operand type for operator or function; operator or function: begins_with, operand type: N",
            "",
        ),
    ];
    for (statement, words, position) in &cases {
        let run = ddbx(&fixture.endpoint, None, &["partiql", statement]);
        run.refused(2, &[words, position, "nothing was sent"]);
        assert!(
            !run.stderr.contains("key query"),
            "refused before it is said to run: {}",
            run.stderr
        );
        let service = service_refusal(&fixture, statement);
        assert!(
            service.starts_with(words),
            "{statement}: DynamoDB Local said {service}"
        );
    }
}

fn on_the_demo(args: &[&str]) -> support::cli::Run {
    support::cli::run_command({
        let mut command = support::cli::ddbx_command();
        command.arg("--demo").args(args);
        command
    })
}

#[test]
fn the_demo_answers_a_select_and_refuses_in_words_what_its_engine_does_not_cover() {
    let table = ddbx::demo::TABLE_NAME;
    let statement =
        format!(r#"SELECT * FROM "{table}" WHERE PK = ? AND begins_with(SK, 'ORDER#')"#);
    let run = on_the_demo(&[
        "-o",
        "ddb",
        "partiql",
        &statement,
        "--params",
        r#"[{"S": "USER#usr_1001"}]"#,
        "--limit",
        "2",
    ])
    .success();
    assert!(
        run.stderr.contains("key query on PK of table"),
        "{}",
        run.stderr
    );
    let printed = run.ddb_items();
    assert!(!printed.is_empty(), "{}", run.stderr);
    assert!(printed.iter().all(|item| {
        item.get("PK").and_then(|v| v.as_s()) == Some("USER#usr_1001")
            && item
                .get("SK")
                .and_then(|v| v.as_s())
                .is_some_and(|sk| sk.starts_with("ORDER#"))
    }));
    assert!(
        run.stderr.contains(" RCU"),
        "the engine reports capacity: {}",
        run.stderr
    );

    let not = format!(r#"SELECT * FROM "{table}" WHERE NOT PK = 'USER#usr_1001'"#);
    on_the_demo(&["partiql", &not, "--allow-scan"]).refused(
        1,
        &[
            "the embedded engine does not run PartiQL with NOT",
            "DynamoDB endpoint",
        ],
    );
}
