//! `collections` says how many partitions of a prefix it did not list and how to see them all.

use crate::fixture::ddbx;

/// The partition lines (indented) under the row starting with `prefix`.
fn partitions_under<'a>(stdout: &'a str, prefix: &str) -> Vec<&'a str> {
    stdout
        .lines()
        .skip_while(|line| !line.starts_with(prefix))
        .skip(1)
        .take_while(|line| line.starts_with("  "))
        .collect()
}

#[test]
fn collections_says_how_many_partitions_are_not_listed_and_how_to_list_them() {
    let run = ddbx(&["--demo", "collections", "-o", "table"]).success();
    let account = partitions_under(&run.stdout, "ACCOUNT");
    assert_eq!(
        account.len(),
        11,
        "ten partitions and a line for the rest:\n{}",
        run.stdout
    );
    assert!(
        account[10].contains("145 more partitions") && account[10].contains("--partitions all"),
        "{}",
        account[10]
    );
    let group = partitions_under(&run.stdout, "GROUP");
    assert!(
        group.iter().any(|line| line.contains("2 more partitions")),
        "{group:?}"
    );

    let all = ddbx(&[
        "--demo",
        "collections",
        "-o",
        "table",
        "--partitions",
        "all",
    ])
    .success();
    let account = partitions_under(&all.stdout, "ACCOUNT");
    assert_eq!(account.len(), 155, "{}", all.stdout);
    assert!(
        account.iter().all(|line| line.contains("ACCOUNT#")),
        "{account:?}"
    );
}

#[test]
fn collections_json_counts_the_partitions_it_did_not_list() {
    let run = ddbx(&["--demo", "collections", "--partitions", "3"]).success();
    let account = run
        .json_lines()
        .into_iter()
        .find(|row| row["prefix"] == "ACCOUNT")
        .expect("an ACCOUNT row");
    assert_eq!(
        account["first_partitions"].as_array().map(Vec::len),
        Some(3)
    );
    assert_eq!(account["more_partitions"], 152, "{account}");
}
