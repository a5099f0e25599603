use std::collections::BTreeMap;

use clap::Parser;

use super::*;
use crate::cli::args::{Cli, Command};
use crate::cli::plan::fixtures;
use crate::domain::number::Number;
use crate::domain::value::AttrValue;

fn query_args(extra: &[&str]) -> QueryArgs {
    let argv = ["ddbx", "query"].into_iter().chain(extra.iter().copied());
    match Cli::try_parse_from(argv)
        .expect("valid command line")
        .command
    {
        Some(Command::Query(args)) => *args,
        other => panic!("expected query, got {other:?}"),
    }
}

fn plan(table: &TableDescription, extra: &[&str]) -> Result<QueryPlan, CliError> {
    plan_query(table, &query_args(extra))
}

fn usage_message(result: Result<QueryPlan, CliError>) -> String {
    match result {
        Err(CliError::Usage(message)) => message,
        other => panic!("expected a usage error, got {other:?}"),
    }
}

fn names(pairs: &[(&str, &str)]) -> BTreeMap<String, String> {
    pairs
        .iter()
        .map(|(k, v)| ((*k).to_owned(), (*v).to_owned()))
        .collect()
}

#[test]
fn partition_key_alone_uses_placeholders_for_name_and_value() {
    let plan = plan(&fixtures::single_table(), &["--pk", "USER#1"]).expect("valid");
    let request = plan.request;
    assert_eq!(request.table, "app");
    assert_eq!(request.key_condition, "#pk = :pk");
    assert_eq!(request.params.names, names(&[("#pk", "PK")]));
    assert_eq!(
        request.params.values,
        BTreeMap::from([(":pk".to_owned(), AttrValue::s("USER#1"))])
    );
    assert_eq!(request.index, None);
    assert!(request.forward);
    assert!(!request.consistent_read);
    assert_eq!(request.limit, None);
    assert_eq!(plan.max_items, None);
}

#[test]
fn each_sort_key_operator_renders_its_condition() {
    let cases: [(&[&str], &str); 7] = [
        (&["--sk-eq", "A"], "#pk = :pk AND #sk = :sk"),
        (&["--sk-lt", "A"], "#pk = :pk AND #sk < :sk"),
        (&["--sk-le", "A"], "#pk = :pk AND #sk <= :sk"),
        (&["--sk-gt", "A"], "#pk = :pk AND #sk > :sk"),
        (&["--sk-ge", "A"], "#pk = :pk AND #sk >= :sk"),
        (
            &["--sk-begins-with", "ORDER#"],
            "#pk = :pk AND begins_with(#sk, :sk)",
        ),
        (
            &["--sk-between", "A", "B"],
            "#pk = :pk AND #sk BETWEEN :sk_low AND :sk_high",
        ),
    ];
    for (flags, expected) in cases {
        let mut argv = vec!["--pk", "USER#1"];
        argv.extend_from_slice(flags);
        let request = plan(&fixtures::single_table(), &argv)
            .expect("valid")
            .request;
        assert_eq!(request.key_condition, expected, "{flags:?}");
        assert_eq!(request.params.names, names(&[("#pk", "PK"), ("#sk", "SK")]));
    }
}

#[test]
fn between_bounds_are_typed_and_stored_low_then_high() {
    let request = plan(
        &fixtures::single_table(),
        &[
            "--pk",
            "P",
            "--index",
            "LSI1",
            "--sk-between",
            "-5",
            "10.50",
        ],
    )
    .expect("valid")
    .request;
    assert_eq!(request.index.as_deref(), Some("LSI1"));
    assert_eq!(request.params.values[":sk_low"], AttrValue::n(-5));
    assert_eq!(
        request.params.values[":sk_high"],
        AttrValue::N(Number::parse("10.5").expect("valid"))
    );
    assert_eq!(request.params.names["#sk"], "amount");
}

#[test]
fn between_with_reversed_bounds_is_rejected_comparing_typed_values() {
    // Numerically 9 < 10 although "9" > "10" as text, so this one is fine on an N key...
    assert!(
        plan(
            &fixtures::single_table(),
            &["--pk", "P", "--index", "LSI1", "--sk-between", "9", "10"]
        )
        .is_ok()
    );
    // ...and reversed here.
    let message = usage_message(plan(
        &fixtures::single_table(),
        &["--pk", "P", "--index", "LSI1", "--sk-between", "10", "9"],
    ));
    assert!(message.contains("lower bound is greater"), "{message}");
    // On an S key the text order applies: "B" > "A".
    let message = usage_message(plan(
        &fixtures::single_table(),
        &["--pk", "P", "--sk-between", "B", "A"],
    ));
    assert!(message.contains("--sk-between \"B\" \"A\""), "{message}");
    // Binary compares unsigned bytes: 0x80 (gA==) > 0x7f (fw==).
    let message = usage_message(plan(
        &fixtures::binary_keys(),
        &["--pk", "AQ==", "--sk-between", "gA==", "fw=="],
    ));
    assert!(message.contains("lower bound is greater"), "{message}");
}

#[test]
fn equal_between_bounds_are_allowed() {
    assert!(
        plan(
            &fixtures::single_table(),
            &["--pk", "P", "--sk-between", "A", "A"]
        )
        .is_ok()
    );
}

#[test]
fn begins_with_on_a_number_sort_key_is_refused() {
    let message = usage_message(plan(
        &fixtures::single_table(),
        &["--pk", "P", "--index", "LSI1", "--sk-begins-with", "1"],
    ));
    assert!(message.contains("--sk-begins-with"), "{message}");
    assert!(message.contains("`amount` of type N"), "{message}");
}

#[test]
fn sort_key_conditions_on_a_hash_only_key_are_refused() {
    let message = usage_message(plan(
        &fixtures::hash_only_numeric(),
        &["--pk", "1", "--sk-eq", "2"],
    ));
    assert!(message.contains("--sk-eq"), "{message}");
    assert!(
        message.contains("table `counters` has no sort key"),
        "{message}"
    );
    let message = usage_message(plan(
        &fixtures::single_table(),
        &["--pk", "1", "--index", "ByNumber", "--sk-gt", "2"],
    ));
    assert!(
        message.contains("index `ByNumber` of table `app` has no sort key"),
        "{message}"
    );
}

#[test]
fn key_values_are_typed_from_the_index_key_schema() {
    let request = plan(
        &fixtures::single_table(),
        &["--index", "ByNumber", "--pk", "0042"],
    )
    .expect("valid")
    .request;
    assert_eq!(request.params.names, names(&[("#pk", "num")]));
    assert_eq!(request.params.values[":pk"], AttrValue::n(42));
    let message = usage_message(plan(
        &fixtures::single_table(),
        &["--index", "ByNumber", "--pk", "abc"],
    ));
    assert!(
        message.contains("partition key `num` has type N"),
        "{message}"
    );
}

#[test]
fn a_39_digit_sort_key_number_is_refused_before_sending() {
    let too_long = "1".repeat(39);
    let message = usage_message(plan(
        &fixtures::single_table(),
        &["--pk", "P", "--index", "LSI1", "--sk-eq", &too_long],
    ));
    assert!(
        message.contains("more than 38 significant digits"),
        "{message}"
    );
}

#[test]
fn an_unknown_index_is_refused_before_sending() {
    let message = usage_message(plan(
        &fixtures::single_table(),
        &["--pk", "P", "--index", "nope"],
    ));
    assert!(message.contains("no index named `nope`"), "{message}");
}

#[test]
fn consistent_reads_are_refused_on_a_global_index_but_kept_on_a_local_one() {
    let message = usage_message(plan(
        &fixtures::single_table(),
        &["--pk", "P", "--index", "GSI1", "--consistent"],
    ));
    assert!(message.contains("global secondary index"), "{message}");
    let request = plan(
        &fixtures::single_table(),
        &["--pk", "P", "--index", "LSI1", "--consistent"],
    )
    .expect("LSIs allow consistent reads")
    .request;
    assert!(request.consistent_read);
}

#[test]
fn paging_and_direction_flags_reach_the_request() {
    let plan = plan(
        &fixtures::single_table(),
        &["--pk", "P", "--desc", "--limit", "7", "--max-items", "20"],
    )
    .expect("valid");
    assert!(!plan.request.forward);
    assert_eq!(plan.request.limit, Some(7));
    assert_eq!(plan.max_items, Some(20));
}

#[test]
fn a_gsi_query_names_the_index_keys() {
    let request = plan(
        &fixtures::single_table(),
        &[
            "--index",
            "GSI1",
            "--pk",
            "STATUS#open",
            "--sk-begins-with",
            "2026-",
        ],
    )
    .expect("valid")
    .request;
    assert_eq!(request.index.as_deref(), Some("GSI1"));
    assert_eq!(
        request.params.names,
        names(&[("#pk", "GSI1PK"), ("#sk", "GSI1SK")])
    );
    assert_eq!(request.params.values[":sk"], AttrValue::s("2026-"));
}

#[test]
fn filter_and_projection_share_the_request_params_with_the_key_condition() {
    let request = plan(
        &fixtures::single_table(),
        &[
            "--pk",
            "USER#1",
            "--sk-begins-with",
            "ORDER#",
            "--filter",
            r#"status = "PENDING" AND amount >= 10"#,
            "--project",
            "PK, SK, status",
        ],
    )
    .expect("valid")
    .request;
    let filter = request.filter.expect("a filter");
    let projection = request.projection.expect("a projection");
    // Every placeholder either expression uses is defined once in the shared params.
    for placeholder in filter
        .split(|c: char| !(c.is_alphanumeric() || c == '#' || c == ':' || c == '_'))
        .chain(projection.split(", "))
        .filter(|token| token.starts_with('#') || token.starts_with(':'))
    {
        assert!(
            request.params.names.contains_key(placeholder)
                || request.params.values.contains_key(placeholder),
            "{placeholder} undefined in {:?}",
            request.params
        );
    }
    assert!(
        request
            .params
            .values
            .values()
            .any(|v| *v == AttrValue::s("PENDING"))
    );
    assert!(
        request
            .params
            .values
            .values()
            .any(|v| *v == AttrValue::n(10))
    );
    assert_eq!(request.params.values[":sk"], AttrValue::s("ORDER#"));
}

#[test]
fn a_query_filter_on_a_key_attribute_is_refused_with_the_service_wording() {
    let message = usage_message(plan(
        &fixtures::single_table(),
        &["--pk", "P", "--filter", r#"SK = "x""#],
    ));
    assert!(message.starts_with("--filter: "), "{message}");
    assert!(message.contains("SK"), "{message}");
}
