//! `ddbx query --expr`: the raw key condition as application code writes it (with `--values`
//! and `--names`) or with inline literals, on the table, a GSI and an LSI, and refused locally
//! (exit 2, nothing read) when DynamoDB would refuse it.

use crate::fixture::{Fixture, orders, sort_keys};
use crate::support::cli::{Run, ddbx_command, run_command};
use crate::support::{Server, on_both_servers};

on_both_servers!(
    expr_in_application_code_form_reads_what_the_sort_key_flags_read,
    expr_with_inline_literals_queries_the_table_a_gsi_and_an_lsi,
    expr_mistakes_are_refused_before_the_query_is_sent,
);

async fn expr_in_application_code_form_reads_what_the_sort_key_flags_read(server: Server) {
    let Some(fixture) = Fixture::seeded(server).await else {
        return;
    };
    let native = fixture
        .run(&[
            "query",
            "--expr",
            "#pk = :pk AND begins_with(#sk, :sk)",
            "--filter",
            "#st = :st",
            "--names",
            r##"{"#pk":"PK","#sk":"SK","#st":"status"}"##,
            "--values",
            r#"{":pk":{"S":"USER#1"},":sk":{"S":"ORDER#"},":st":{"S":"open"}}"#,
        ])
        .success();
    let flags = fixture
        .run(&[
            "query",
            "--pk",
            "USER#1",
            "--sk-begins-with",
            "ORDER#",
            "--filter",
            r#"status = "open""#,
        ])
        .success();
    assert_eq!(sort_keys(&native), orders([1, 3, 5, 7, 9, 11]));
    assert_eq!(native.stdout, flags.stdout);
    fixture.drop_table().await;
}

async fn expr_with_inline_literals_queries_the_table_a_gsi_and_an_lsi(server: Server) {
    let Some(fixture) = Fixture::seeded(server).await else {
        return;
    };
    let cases: [(&[&str], Vec<String>); 4] = [
        (
            &[
                "--expr",
                r#"PK = "USER#1" AND SK BETWEEN "ORDER#04" AND "ORDER#06""#,
            ],
            orders(4..=6),
        ),
        (
            &[
                "--expr",
                r#"GSI1PK = "STATUS#open" AND begins_with(GSI1SK, "2026-01-0")"#,
                "--index",
                "GSI1",
                "--desc",
            ],
            orders([9, 7, 5, 3, 1]),
        ),
        (
            &[
                "--expr",
                r#"PK = "USER#1" AND amount BETWEEN -20 AND 30"#,
                "--index",
                "ByAmount",
                "--consistent",
            ],
            orders(2..=6),
        ),
        (
            &[
                "--expr",
                r#"PK = "USER#1" AND amount >= 65"#,
                "--index",
                "ByAmount",
                "--project",
                "SK, amount",
            ],
            orders(10..=12),
        ),
    ];
    for (flags, expected) in cases {
        let mut args = vec!["query"];
        args.extend_from_slice(flags);
        let run = fixture.run(&args).success();
        assert_eq!(sort_keys(&run), expected, "{} {flags:?}", server.name());
    }
    fixture.drop_table().await;
}

async fn expr_mistakes_are_refused_before_the_query_is_sent(server: Server) {
    let Some(fixture) = Fixture::seeded(server).await else {
        return;
    };
    let cases: [(&[&str], &[&str]); 6] = [
        (
            &["--expr", "PK = 1"],
            &[
                "--expr: One or more parameter values were invalid: Condition parameter type does not match schema type",
            ],
        ),
        (
            &["--expr", r#"PK = "USER#1" OR SK = "A""#],
            &["Invalid operator used in KeyConditionExpression: OR", "^"],
        ),
        (
            &[
                "--expr",
                "PK = :pk",
                "--values",
                r#"{":pk":{"S":"USER#1"},":x":{"S":"1"}}"#,
            ],
            &[
                "--values: Value provided in ExpressionAttributeValues unused in expressions: keys: {:x}",
            ],
        ),
        (
            &[
                "--expr",
                "PK = :pk",
                "--values",
                r#"{":pk":{"S":"USER#1"}}"#,
                "--filter",
                "status = :pk",
            ],
            &[
                "--filter: Invalid FilterExpression: Attribute name is a reserved keyword; reserved keyword: status",
            ],
        ),
        (
            &[
                "--expr",
                r#"GSI1PK = "STATUS#open""#,
                "--index",
                "GSI1",
                "--consistent",
            ],
            &["--consistent", "global secondary index"],
        ),
        (&["--expr", r#"PK = "USER#1""#, "--pk", "USER#1"], &["--pk"]),
    ];
    for (flags, needles) in cases {
        let mut args = vec!["query"];
        args.extend_from_slice(flags);
        fixture.run(&args).refused(2, needles);
    }
    fixture.drop_table().await;
}

fn demo(args: &[&str]) -> Run {
    let mut command = ddbx_command();
    command.arg("--demo").args(args);
    run_command(command)
}

#[test]
fn expr_on_the_demo_reads_exactly_what_the_flags_read() {
    let cases: [(&[&str], &[&str]); 3] = [
        (
            &[
                "--expr",
                r#"PK = "USER#usr_1001" AND begins_with(SK, "ORDER#")"#,
            ],
            &["--pk", "USER#usr_1001", "--sk-begins-with", "ORDER#"],
        ),
        (
            &[
                "--expr",
                "#p = :p",
                "--names",
                r##"{"#p":"GSI1PK"}"##,
                "--values",
                r#"{":p":{"S":"GROUP#grp_001"}}"#,
                "--index",
                "GSI1",
            ],
            &["--index", "GSI1", "--pk", "GROUP#grp_001"],
        ),
        (
            &[
                "--expr",
                r#"PK = "STORE#st_0001" AND SK BETWEEN "STATUS#RENOVATING#DATE#2026-01-01" AND "STATUS#RENOVATING#DATE#2026-06-30""#,
            ],
            &[
                "--pk",
                "STORE#st_0001",
                "--sk-between",
                "STATUS#RENOVATING#DATE#2026-01-01",
                "STATUS#RENOVATING#DATE#2026-06-30",
            ],
        ),
    ];
    for (expr, flags) in cases {
        let with_expr = demo(&[&["query", "-o", "ddb"], expr].concat()).success();
        let with_flags = demo(&[&["query", "-o", "ddb"], flags].concat()).success();
        assert!(!with_expr.stdout.is_empty(), "{expr:?} reads something");
        assert_eq!(with_expr.stdout, with_flags.stdout, "{expr:?}");
    }
    demo(&["query", "--expr", r#"PK = "USER#usr_1001" AND SK = 5"#]).refused(
        2,
        &["--expr: One or more parameter values were invalid: Condition parameter type does not match schema type"],
    );
}
