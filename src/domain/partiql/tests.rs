use proptest::prelude::*;

use super::*;
use crate::domain::schema::{KeyAttribute, KeySchema};
use crate::domain::value::ValueType;

fn pk_sk() -> KeySchema {
    KeySchema::new(
        KeyAttribute::new("PK", ValueType::S),
        Some(KeyAttribute::new("SK", ValueType::S)),
    )
}

fn access(text: &str) -> Access {
    parse(text).expect("parses").access(&pk_sk())
}

fn is_scan(access: &Access) -> bool {
    matches!(access, Access::FullScan { .. })
}

#[test]
fn partition_key_equality_is_a_key_query_either_way_round_and_with_parameters() {
    for text in [
        r#"SELECT * FROM "Orders" WHERE PK = 'USER#1'"#,
        r#"select * from Orders where 'USER#1' = "PK""#,
        r#"SELECT a, b FROM "Orders" WHERE PK = ? AND begins_with(SK, 'ORDER#')"#,
        r#"SELECT * FROM "Orders" WHERE (PK = 'USER#1') AND SK BETWEEN 'A' AND 'B'"#,
        r#"SELECT * FROM "Orders" WHERE status = 'X' AND PK = 'USER#1' ORDER BY SK DESC"#,
    ] {
        assert_eq!(access(text), Access::KeyQuery { partitions: 1 }, "{text}");
    }
}

#[test]
fn in_over_partition_keys_is_a_key_query_per_value() {
    assert_eq!(
        access(r#"SELECT * FROM "Orders" WHERE PK IN ['A', 'B', ?]"#),
        Access::KeyQuery { partitions: 3 }
    );
    assert_eq!(
        access(r#"SELECT * FROM "Orders" WHERE PK IN ('A', 'B')"#),
        Access::KeyQuery { partitions: 2 }
    );
}

#[test]
fn everything_else_is_a_full_scan_with_the_reason() {
    let cases = [
        (r#"SELECT * FROM "Orders""#, "no WHERE"),
        (
            r#"SELECT * FROM "Orders" WHERE SK = 'A'"#,
            "no equality or IN",
        ),
        (r#"SELECT * FROM "Orders" WHERE PK = 'A' OR PK = 'B'"#, "OR"),
        (
            r#"SELECT * FROM "Orders" WHERE begins_with(PK, 'USER#')"#,
            "no equality",
        ),
        (r#"SELECT * FROM "Orders" WHERE PK > 'A'"#, "no equality"),
        (
            r#"SELECT * FROM "Orders" WHERE NOT PK = 'A'"#,
            "no equality",
        ),
        (
            r#"SELECT * FROM "Orders" WHERE "PK"."x" = 'A'"#,
            "no equality",
        ),
    ];
    for (text, reason) in cases {
        match access(text) {
            Access::FullScan { reason: said } => assert!(said.contains(reason), "{text}: {said}"),
            other => panic!("{text}: {other:?}"),
        }
    }
}

#[test]
fn equality_inside_an_or_group_does_not_count() {
    assert!(is_scan(&access(
        r#"SELECT * FROM "Orders" WHERE (PK = 'A' OR SK = 'B')"#
    )));
}

#[test]
fn the_table_index_kind_and_parameters_are_read() {
    let statement =
        parse(r#"SELECT * FROM "Orders"."GSI1" WHERE GSI1PK = ? AND x = ?"#).expect("parses");
    assert_eq!(statement.kind, StatementKind::Select);
    assert_eq!(statement.table, "Orders");
    assert_eq!(statement.index.as_deref(), Some("GSI1"));
    assert_eq!(statement.parameters, 2);
    assert_eq!(statement.equality("x"), Some(&Operand::Parameter(1)));

    let insert = parse(r#"INSERT INTO "Orders" VALUE {'PK': 'A', 'SK': 'B'}"#).expect("parses");
    assert_eq!(
        (insert.kind, insert.table.as_str()),
        (StatementKind::Insert, "Orders")
    );
    let update = parse(r#"UPDATE "Orders" SET a = 1 WHERE PK = 'A' AND SK = 'B'"#).expect("parses");
    assert_eq!(update.kind, StatementKind::Update);
    assert_eq!(update.equality("SK"), Some(&Operand::Text("B".to_owned())));
    let delete = parse(r#"DELETE FROM Orders WHERE PK = 'A''s' AND SK = 7"#).expect("parses");
    assert_eq!(delete.kind, StatementKind::Delete);
    assert_eq!(
        delete.equality("PK"),
        Some(&Operand::Text("A's".to_owned()))
    );
    assert_eq!(
        delete.equality("SK"),
        Some(&Operand::Number("7".to_owned()))
    );
}

#[test]
fn malformed_statements_say_what_is_wrong_and_where() {
    let cases = [
        ("", "empty", 0),
        ("EXPLAIN SELECT 1", "expected SELECT", 0),
        ("SELECT * FROM", "expected a table name", 13),
        ("SELECT *", "expected FROM", 8),
        ("DELETE Orders WHERE PK = 'a'", "expected FROM", 7),
        ("SELECT * FROM \"Orders WHERE", "unterminated", 14),
        ("SELECT * FROM t WHERE PK = 'abc", "unterminated", 27),
    ];
    for (text, message, at) in cases {
        let error = parse(text).expect_err(text);
        assert!(error.message.contains(message), "{text}: {error}");
        assert_eq!(error.at, at, "{text}: {error}");
    }
}

proptest! {
    #[test]
    fn any_text_parses_or_fails_without_panicking(text in "\\PC{0,80}") {
        if let Ok(statement) = parse(&text) {
            let _ = statement.access(&pk_sk());
        }
    }

    #[test]
    fn token_soup_parses_or_fails_without_panicking(
        parts in proptest::collection::vec(
            prop_oneof![
                Just("SELECT"), Just("FROM"), Just("WHERE"), Just("AND"), Just("OR"),
                Just("IN"), Just("BETWEEN"), Just("PK"), Just("\"t\""), Just("'v'"),
                Just("?"), Just("="), Just("("), Just(")"), Just("["), Just("]"),
                Just(","), Just("."), Just("<<"), Just(">>"), Just("7"), Just("-"),
                Just("DELETE"), Just("INSERT"), Just("INTO"), Just("UPDATE"),
            ],
            0..24,
        )
    ) {
        let text = parts.join(" ");
        if let Ok(statement) = parse(&text) {
            let _ = statement.access(&pk_sk());
        }
    }
}
