use clap::Parser;

use crate::cli::args::{Cli, Command, QueryArgs};
use crate::cli::error::CliError;
use crate::cli::plan::fixtures;
use crate::cli::plan::plan_query;
use crate::cli::plan::query::QueryPlan;
use crate::domain::value::AttrValue;

fn parse(extra: &[&str]) -> Result<QueryArgs, clap::Error> {
    let argv = ["ddbx", "query"].into_iter().chain(extra.iter().copied());
    match Cli::try_parse_from(argv)?.command {
        Some(Command::Query(args)) => Ok(*args),
        other => panic!("expected query, got {other:?}"),
    }
}

fn plan(extra: &[&str]) -> Result<QueryPlan, CliError> {
    plan_query(
        &fixtures::single_table(),
        &parse(extra).expect("valid command line"),
    )
}

fn usage_message(result: Result<QueryPlan, CliError>) -> String {
    match result {
        Err(CliError::Usage(message)) => message,
        other => panic!("expected a usage error, got {other:?}"),
    }
}

#[test]
fn native_expr_with_values_and_names_is_sent_as_typed_with_the_paging_flags() {
    let on_lsi = plan(&[
        "--expr",
        "#pk = :pk AND begins_with(#sk, :sk)",
        "--values",
        r#"{":pk":{"S":"USER#1"},":sk":{"S":"ORDER#"}}"#,
        "--names",
        r##"{"#pk":"PK","#sk":"SK"}"##,
        "--desc",
        "--limit",
        "7",
        "--max-items",
        "3",
        "--index",
        "LSI1",
        "--consistent",
    ]);
    let error = usage_message(on_lsi);
    // LSI1's sort key is `amount`, so SK is not part of its key condition.
    assert!(
        error.starts_with("--expr: Query condition missed key schema element: amount"),
        "{error}"
    );

    let plan = plan(&[
        "--expr",
        "#pk = :pk AND begins_with(#sk, :sk)",
        "--values",
        r#"{":pk":{"S":"USER#1"},":sk":{"S":"ORDER#"}}"#,
        "--names",
        r##"{"#pk":"PK","#sk":"SK"}"##,
        "--desc",
        "--limit",
        "7",
        "--max-items",
        "3",
        "--consistent",
    ])
    .expect("valid");
    let request = &plan.request;
    assert_eq!(request.key_condition, "#pk = :pk AND begins_with(#sk, :sk)");
    assert_eq!(request.params.values[":sk"], AttrValue::s("ORDER#"));
    assert_eq!(request.params.names["#sk"], "SK");
    assert_eq!(request.limit, Some(7));
    assert!(!request.forward);
    assert!(request.consistent_read);
    assert_eq!(plan.max_items, Some(3));
}

#[test]
fn inline_literal_expr_works_on_a_global_index_with_a_friendly_filter() {
    let plan = plan(&[
        "--expr",
        r#"GSI1PK = "GROUP#1" AND GSI1SK BETWEEN "A" AND "M""#,
        "--index",
        "GSI1",
        "--filter",
        r#"status = "open""#,
        "--project",
        "PK, SK, status",
    ])
    .expect("valid");
    let request = &plan.request;
    assert_eq!(request.index.as_deref(), Some("GSI1"));
    assert!(request.filter.is_some() && request.projection.is_some());
    assert_eq!(request.params.values.len(), 4, "{request:?}");
}

#[test]
fn expr_mistakes_name_the_flag_and_point_at_the_place() {
    let cases: [(&[&str], &[&str]); 5] = [
        (
            &["--expr", r#"PK = "U" OR SK = "S""#],
            &[
                "--expr: Invalid operator used in KeyConditionExpression: OR",
                "\n  PK = \"U\" OR SK = \"S\"\n  ^",
            ],
        ),
        (
            &["--expr", r#"PK = "U""#, "--filter", r#"SK = "x""#],
            &["--filter: Filter Expression can only contain non-primary key attributes"],
        ),
        (
            &["--expr", "PK = :pk", "--values", r#"{":pk":"U"}"#],
            &["--values: ExpressionAttributeValues must be DynamoDB JSON"],
        ),
        (
            &[
                "--expr",
                "PK = :pk",
                "--values",
                r#"{":pk":{"S":"U"}}"#,
                "--names",
                r##"{"#n":"x"}"##,
            ],
            &[
                "--names: Value provided in ExpressionAttributeNames unused in expressions: keys: {#n}",
            ],
        ),
        (
            &[
                "--expr",
                r#"GSI1PK = "G""#,
                "--index",
                "GSI1",
                "--consistent",
            ],
            &["--consistent", "global secondary index"],
        ),
    ];
    for (argv, needles) in cases {
        let message = usage_message(plan(argv));
        for needle in needles {
            assert!(message.contains(needle), "{argv:?}: {message}");
        }
    }
}

#[test]
fn expr_excludes_pk_and_sort_key_flags_and_values_need_expr() {
    for argv in [
        &["--expr", "PK = \"U\"", "--pk", "U"][..],
        &["--expr", "PK = \"U\"", "--sk-eq", "A"],
        &[],
    ] {
        let error = parse(argv).expect_err("refused by clap");
        assert_eq!(error.exit_code(), 2, "{argv:?}: {error}");
    }
    for argv in [
        ["--pk", "U", "--values", "{}"],
        ["--pk", "U", "--names", "{}"],
    ] {
        let message = usage_message(plan(&argv));
        assert!(message.contains("go with --expr"), "{message}");
    }
}
