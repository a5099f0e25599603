//! Text for people where a person reads: `describe` on a terminal, `tables`, the entity column
//! of `-o table`, counts with thousands separators and words in the singular for one.

use crate::fixture::ddbx;
use crate::pty::PtySession;

#[test]
fn describe_prints_json_when_piped_and_with_o_json() {
    for args in [
        &["--demo", "describe"][..],
        &["--demo", "describe", "-o", "json"],
    ] {
        let run = ddbx(args).success();
        let json: serde_json::Value = serde_json::from_str(&run.stdout)
            .unwrap_or_else(|error| panic!("{args:?}: {error}\n{}", run.stdout));
        assert_eq!(json["TableName"], "SingleTableApp", "{args:?}");
        assert_eq!(json["ItemCount"], 5000, "{args:?}");
    }
}

#[test]
fn describe_on_a_terminal_prints_a_summary_and_json_on_request() {
    let mut session = PtySession::spawn(&["--demo", "describe"], &[]);
    assert!(session.wait_exit().success());
    let screen = session.wait_for("stream");
    assert!(screen.contains("table      SingleTableApp"), "{screen}");
    assert!(screen.contains("items      5,000"), "{screen}");
    assert!(!screen.contains("\"TableName\""), "{screen}");

    let mut session = PtySession::spawn(&["--demo", "describe", "-o", "json"], &[]);
    assert!(session.wait_exit().success());
    let screen = session.wait_for("TableName");
    assert!(
        screen.contains("\"TableName\": \"SingleTableApp\""),
        "{screen}"
    );
}

#[test]
fn tables_prints_names_without_quotes_and_json_strings_on_request() {
    assert_eq!(
        ddbx(&["--demo", "tables"]).success().stdout,
        "SingleTableApp\n"
    );
    assert_eq!(
        ddbx(&["--demo", "tables", "-o", "json"]).success().stdout,
        "\"SingleTableApp\"\n"
    );
}

#[test]
fn table_output_has_an_entity_column_after_the_keys() {
    let run = ddbx(&["--demo", "query", "--pk", "USER#usr_1001", "-o", "table"]).success();
    let lines = run.lines();
    let columns: Vec<&str> = lines[0].split_whitespace().collect();
    assert_eq!(columns[..3], ["PK", "SK", "entity"], "{}", run.stdout);
    let entity_at = lines[0].find("entity").expect("an entity column");
    let entities: Vec<&str> = lines[1..]
        .iter()
        .map(|line| line[entity_at..].split_whitespace().next().unwrap_or(""))
        .collect();
    assert_eq!(entities, ["User", "OrderRef", "OrderRef"], "{}", run.stdout);
}

#[test]
fn collections_summary_groups_thousands_and_says_one_page() {
    let run = ddbx(&["--demo", "collections", "-o", "table"]).success();
    let summary = run
        .stderr
        .lines()
        .find(|line| line.starts_with("collections: "))
        .unwrap_or_else(|| panic!("a summary line:\n{}", run.stderr));
    assert!(
        summary
            .starts_with("collections: 5,000 items in 1,603 partitions under 6 prefixes; 1 page,"),
        "{summary}"
    );
    assert!(run.stdout.contains("ODD"), "{}", run.stdout);
    let account = run
        .lines()
        .into_iter()
        .find(|line| line.starts_with("ACCOUNT"))
        .expect("an ACCOUNT row");
    assert!(account.contains("155 partitions"), "{account}");
    let store = run
        .lines()
        .into_iter()
        .find(|line| line.starts_with("STORE"))
        .expect("a STORE row");
    assert!(store.contains("114 items"), "{store}");
}
