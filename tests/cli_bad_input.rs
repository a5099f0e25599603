//! End-to-end tests of the real `ddbx` binary on bad input: each case gets one clear message on
//! stderr, nothing on stdout, no panic, and exit code 2 (refused before the read was sent) or 1.

mod support;

use std::net::TcpListener;

use ddbx::domain::value::{AttrValue, Item, ValueType};
use support::cli::{ddbx, ddbx_command, run_command};
use support::items::seed_items;
use support::tables::{IndexSpec, ProjectionSpec, TableSpec, create_table, delete_table};
use support::{Server, on_both_servers, sdk_client, server_endpoint, unique_table_name};

on_both_servers!(
    invalid_key_input_is_refused_before_the_read_is_sent,
    unknown_table_says_how_to_find_the_right_one,
    missing_credentials_are_reported_without_printing_secrets,
);

/// A loopback URL where nothing listens: any attempt to connect fails with a network error
/// (exit 1), so an exit code of 2 proves the command was refused before connecting.
fn closed_endpoint() -> String {
    let listener = TcpListener::bind("127.0.0.1:0").expect("a free loopback port");
    let port = listener.local_addr().expect("bound address").port();
    drop(listener);
    format!("http://127.0.0.1:{port}")
}

/// A table keyed by numbers (`id` N, `seq` N) with two hash-only GSIs on `email` (S): `ByEmail`
/// projecting every attribute and `ByEmailKeys` projecting only the keys.
async fn numeric_table(endpoint: &str) -> String {
    let client = sdk_client(endpoint);
    let table = unique_table_name("cli-bad");
    let spec = TableSpec::new(&table, "id", ValueType::N)
        .sort("seq", ValueType::N)
        .gsi(IndexSpec::new("ByEmail", "email", ValueType::S))
        .gsi(
            IndexSpec::new("ByEmailKeys", "email", ValueType::S)
                .projection(ProjectionSpec::KeysOnly),
        );
    create_table(&client, &spec).await;
    seed_items(
        &client,
        &table,
        &[Item::from([
            ("id".to_owned(), AttrValue::n(1)),
            ("seq".to_owned(), AttrValue::n(1)),
            ("email".to_owned(), AttrValue::s("a@example.com")),
        ])],
    )
    .await;
    table
}

async fn invalid_key_input_is_refused_before_the_read_is_sent(server: Server) {
    let Some(endpoint) = server_endpoint(server) else {
        return;
    };
    let table = numeric_table(&endpoint).await;
    let thirty_nine = "1".repeat(39);
    let cases: Vec<(Vec<&str>, Vec<&str>)> = vec![
        (
            vec!["query", "--pk", "abc"],
            vec![
                "--pk \"abc\"",
                "partition key `id` has type N",
                "e.g. --pk 42",
            ],
        ),
        (
            vec!["get", "--pk", "1", "--sk", "x1"],
            vec!["--sk \"x1\"", "sort key `seq` has type N"],
        ),
        (
            vec!["query", "--pk", &thirty_nine],
            vec!["Attempting to store more than 38 significant digits in a Number"],
        ),
        (
            vec!["query", "--pk", "1", "--sk-between", "10", "9"],
            vec!["--sk-between \"10\" \"9\"", "lower bound is greater"],
        ),
        (
            vec!["query", "--pk", "1", "--sk-begins-with", "1"],
            vec!["--sk-begins-with", "`seq` of type N"],
        ),
        (
            vec![
                "query",
                "--index",
                "ByEmail",
                "--pk",
                "a@example.com",
                "--sk-eq",
                "1",
            ],
            vec!["--sk-eq", "index `ByEmail`", "has no sort key"],
        ),
        (
            vec!["query", "--index", "Nope", "--pk", "1"],
            vec!["no index named `Nope`", "its indexes are: ByEmail"],
        ),
        (
            vec![
                "query",
                "--index",
                "ByEmail",
                "--pk",
                "a@example.com",
                "--consistent",
            ],
            vec!["--consistent", "global secondary index"],
        ),
        (
            vec!["get", "--pk", "1"],
            vec!["--sk is required", "`seq` (N)"],
        ),
        (
            vec!["query", "--pk", "1", "--filter", "seq > 3"],
            vec!["--filter: ", "seq"],
        ),
        (
            vec!["query", "--pk", "1", "--filter", "amount >"],
            vec!["--filter: Invalid FilterExpression", "\n  amount >\n"],
        ),
        (
            vec![
                "query",
                "--index",
                "ByEmailKeys",
                "--pk",
                "a@example.com",
                "--filter",
                "attribute_exists(note)",
            ],
            vec!["--filter: ", "ByEmailKeys", "note"],
        ),
        (
            vec![
                "query",
                "--index",
                "ByEmailKeys",
                "--pk",
                "a@example.com",
                "--project",
                "note",
            ],
            vec!["--project: ", "ByEmailKeys", "note"],
        ),
        (
            vec!["scan", "--project", "a,,b"],
            vec!["--project: Invalid ProjectionExpression"],
        ),
    ];
    for (args, needles) in cases {
        let run = ddbx(&endpoint, Some(&table), &args);
        run.refused(2, &needles);
        assert_eq!(
            run.stderr.lines().next().map(|l| l.starts_with("ddbx: ")),
            Some(true),
            "{args:?}: {}",
            run.stderr
        );
    }
    delete_table(&sdk_client(&endpoint), &table).await;
}

async fn unknown_table_says_how_to_find_the_right_one(server: Server) {
    let Some(endpoint) = server_endpoint(server) else {
        return;
    };
    let missing = unique_table_name("never-created");
    for args in [
        &["describe"][..],
        &["query", "--pk", "x"],
        &["scan"],
        &["get", "--pk", "x"],
    ] {
        let run = ddbx(&endpoint, Some(&missing), args);
        run.refused(
            1,
            &["ResourceNotFoundException", "--table", "`ddbx tables`"],
        );
    }
}

async fn missing_credentials_are_reported_without_printing_secrets(server: Server) {
    let Some(endpoint) = server_endpoint(server) else {
        return;
    };
    let mut command = ddbx_command();
    command
        .env_remove("AWS_ACCESS_KEY_ID")
        .env_remove("AWS_SECRET_ACCESS_KEY")
        .args(["--endpoint-url", &endpoint, "tables"]);
    let run = run_command(command);
    run.refused(1, &["credentials", "--profile"]);

    // A key id without its secret is incomplete credentials; the key id is not echoed back.
    let mut command = ddbx_command();
    command
        .env("AWS_ACCESS_KEY_ID", "AKIDSHOULDNOTBEPRINTED")
        .env_remove("AWS_SECRET_ACCESS_KEY")
        .args(["--endpoint-url", &endpoint, "tables"]);
    let run = run_command(command);
    run.refused(1, &["credentials"]);
    assert!(
        !run.stderr.contains("AKIDSHOULDNOTBEPRINTED"),
        "{}",
        run.stderr
    );
}

#[test]
fn checks_that_need_no_table_description_never_connect() {
    let endpoint = closed_endpoint();
    let cases: [(&[&str], &[&str]); 5] = [
        (
            &["query", "--pk", "x"],
            &["no table given", "--table", "DDBX_TABLE"],
        ),
        (
            &["--table", "orders", "query", "--pk", "x", "--limit", "0"],
            &["--limit 0"],
        ),
        (
            &["--table", "orders", "scan", "--limit", "0"],
            &["--limit 0"],
        ),
        (
            &["--table", "orders", "scan", "--max-items", "0"],
            &["--max-items 0"],
        ),
        (
            &["--table", "orders", "scan", "--segments", "0"],
            &["--segments 0"],
        ),
    ];
    for (args, needles) in cases {
        ddbx(&endpoint, None, args).refused(2, needles);
    }
}

#[test]
fn usage_errors_exit_with_two_and_point_at_help() {
    let endpoint = closed_endpoint();
    let cases: [(&[&str], &str); 5] = [
        (
            &["query", "--pk", "x", "--sk-eq", "1", "--sk-lt", "2"],
            "cannot be used with",
        ),
        (&["query", "--pk", "x", "--sk-between", "1"], "--sk-between"),
        (&["query"], "--pk"),
        (&["-o", "yaml", "tables"], "yaml"),
        (&["frobnicate"], "frobnicate"),
    ];
    for (args, needle) in cases {
        let run = ddbx(&endpoint, Some("orders"), args);
        run.refused(2, &[needle, "--help"]);
    }
}

/// A stream start that is none of the forms, or a time in the future, is refused before anything
/// is sent (nothing listens at the endpoint, so a connection would exit 1).
#[test]
fn a_stream_start_that_cannot_be_used_is_refused_before_anything_is_sent() {
    let endpoint = closed_endpoint();
    let forms = ["TRIM_HORIZON", "2026-12-04T10:00:00Z", "15m", "1d"];
    for args in [
        &["tail", "--since", "yesterday"][..],
        &["tail", "--since", "15"],
        &[
            "diff",
            "--to-table",
            "other",
            "--follow",
            "--since",
            "last tuesday",
        ],
    ] {
        let mut needles = vec![args[args.len() - 1]];
        needles.extend(forms);
        ddbx(&endpoint, Some("orders"), args).refused(2, &needles);
    }
    for args in [
        &["tail", "--since", "2999-01-01T00:00:00Z"][..],
        &[
            "diff",
            "--to-table",
            "other",
            "--follow",
            "--since",
            "2999-01-01T00:00:00Z",
        ],
    ] {
        ddbx(&endpoint, Some("orders"), args).refused(2, &["in the future", "2999-01-01"]);
    }
}

#[test]
fn a_missing_region_says_how_to_set_one() {
    let mut command = ddbx_command();
    command
        .env_remove("AWS_REGION")
        .args(["--endpoint-url", &closed_endpoint(), "tables"]);
    run_command(command).refused(1, &["no AWS region", "--region"]);
}

#[test]
fn unreachable_endpoint_is_reported_with_exit_code_one() {
    let endpoint = closed_endpoint();
    let run = ddbx(&endpoint, Some("orders"), &["query", "--pk", "x"]);
    run.refused(1, &["could not reach", &endpoint, "--endpoint-url"]);
}

#[test]
fn no_command_without_a_terminal_refuses_with_how_to_use_the_commands() {
    let run = ddbx(&closed_endpoint(), None, &[]);
    run.refused(2, &["needs a terminal"]);
    for command in ["tables", "describe", "get", "query", "scan"] {
        assert!(
            run.stderr.contains(&format!("ddbx {command}"))
                || run.stderr.contains(&format!(" {command} ")),
            "{command}: {}",
            run.stderr
        );
    }
}

/// An endpoint without a scheme is refused with the fix before anything is sent (the listener
/// sees no connection), for headless commands and the terminal UI alike.
#[test]
fn an_endpoint_url_without_a_scheme_says_to_add_one_and_sends_nothing() {
    let listener = TcpListener::bind("127.0.0.1:0").expect("a free loopback port");
    listener.set_nonblocking(true).expect("non-blocking");
    let address = listener.local_addr().expect("bound").to_string();
    for args in [
        vec!["tables"],
        vec!["--table", "orders", "scan"],
        vec!["--table", "orders"],
    ] {
        let mut command = ddbx_command();
        command.args(["--endpoint-url", &address]).args(&args);
        run_command(command).refused(2, &["add http:// or https://"]);
    }
    assert!(listener.accept().is_err(), "nothing connected");
}

#[test]
fn without_a_terminal_the_ui_is_refused_with_the_usage_and_nothing_is_drawn() {
    // stdout is a pipe here: the UI would draw escape codes into it.
    let demo = run_command({
        let mut command = ddbx_command();
        command.arg("--demo").stdin(std::process::Stdio::null());
        command
    });
    demo.refused(
        2,
        &["needs a terminal", "ddbx --demo scan", "Headless commands"],
    );
    // A table on an endpoint where nothing listens: refused before connecting (exit 2, not 1).
    let table = ddbx(&closed_endpoint(), Some("Orders"), &[]);
    table.refused(2, &["needs a terminal"]);
    let bare = run_command(ddbx_command());
    bare.refused(2, &["needs a terminal"]);
}
