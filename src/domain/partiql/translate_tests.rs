use proptest::prelude::*;

use super::translate::translate;
use super::translated::{TranslateError, Translated};
use crate::domain::schema::{KeyAttribute, KeySchema};
use crate::domain::value::{AttrValue, ValueType};

fn key_of(_table: &str, index: Option<&str>) -> Option<KeySchema> {
    match index {
        None => Some(KeySchema::new(
            KeyAttribute::new("PK", ValueType::S),
            Some(KeyAttribute::new("SK", ValueType::S)),
        )),
        Some("GSI1") => Some(KeySchema::new(
            KeyAttribute::new("GSI1PK", ValueType::S),
            None,
        )),
        Some(_) => None,
    }
}

fn read(text: &str, parameters: &[AttrValue]) -> Result<Translated, TranslateError> {
    translate(text, parameters, key_of)
}

#[test]
fn partition_equality_and_one_sort_condition_become_the_key_condition_the_rest_the_filter() {
    let Ok(Translated::Query(query)) = read(
        r#"SELECT a, "b" FROM "T" WHERE PK = ? AND begins_with(SK, 'O#') AND n >= 5 ORDER BY SK DESC"#,
        &[AttrValue::s("U#1")],
    ) else {
        panic!("a query");
    };
    assert_eq!(query.key_condition, "#n2 = :v0 AND begins_with(#n3, :v1)");
    assert_eq!(query.filter.as_deref(), Some("#n4 >= :v2"));
    assert_eq!(query.projection.as_deref(), Some("#n0, #n1"));
    assert!(!query.forward);
    assert_eq!(query.params.values[":v0"], AttrValue::s("U#1"));
    assert_eq!(query.params.values[":v2"], AttrValue::n(5));
}

#[test]
fn no_partition_equality_is_a_scan_with_the_whole_condition_as_filter() {
    let Ok(Translated::Scan(scan)) = read(
        r#"SELECT * FROM T."GSI1" WHERE GSI1PK IN ['a', 'b'] OR (x < 3 AND y BETWEEN 1 AND 2)"#,
        &[],
    ) else {
        panic!("a scan");
    };
    assert_eq!(scan.index.as_deref(), Some("GSI1"));
    assert_eq!(
        scan.filter.as_deref(),
        Some("(#n0 IN (:v0, :v1)) OR ((#n1 < :v2) AND (#n2 BETWEEN :v3 AND :v4))")
    );
    assert_eq!(scan.projection, None);
}

#[test]
fn what_the_reading_does_not_cover_is_refused_in_words() {
    for (text, what) in [
        ("SELECT * FROM T WHERE NOT x = 1", "NOT"),
        ("SELECT * FROM T WHERE x <> 1", "<>"),
        ("SELECT * FROM T WHERE a.b = 1", "document paths"),
        (
            "SELECT * FROM T WHERE PK = 'a' AND SK = 'b' AND SK > 'a'",
            "more than one",
        ),
        (
            "SELECT * FROM T WHERE PK = 'a' AND SK IN ['b']",
            "IN on the sort key",
        ),
        (
            "SELECT * FROM T WHERE PK = 'a' OR PK = 'b' AND x = MISSING",
            "MISSING",
        ),
        ("DELETE FROM T WHERE PK = 'a'", "only SELECT"),
        ("SELECT * FROM T WHERE x = 1 LIMIT 3", "anything after"),
    ] {
        match read(text, &[]) {
            Err(TranslateError::Unsupported(said)) => {
                assert!(said.contains(what), "{text}: {said}")
            }
            other => panic!("{text}: {other:?}"),
        }
    }
}

#[test]
fn malformed_statements_missing_tables_and_parameter_counts_are_errors() {
    assert!(matches!(
        read("SELECT * FROM T WHERE PK = ?", &[]),
        Err(TranslateError::Malformed(message)) if message.contains("Number of parameters")
    ));
    assert!(matches!(
        read("SELECT * FROM T.NOPE", &[]),
        Err(TranslateError::Missing(table, Some(index))) if table == "T" && index == "NOPE"
    ));
    assert!(matches!(
        read("SELECT * FROM T WHERE x = 1 ORDER BY SK", &[]),
        Err(TranslateError::Malformed(message)) if message.contains("ORDER BY")
    ));
    assert!(matches!(
        read("SELECT * T", &[]),
        Err(TranslateError::Malformed(_))
    ));
}

proptest! {
    #[test]
    fn any_text_translates_or_fails_without_panicking(text in "\\PC{0,80}") {
        let _ = read(&text, &[AttrValue::s("p")]);
    }

    #[test]
    fn token_soup_translates_or_fails_without_panicking(
        parts in proptest::collection::vec(
            prop_oneof![
                Just("SELECT"), Just("FROM"), Just("WHERE"), Just("AND"), Just("OR"), Just("NOT"),
                Just("IN"), Just("BETWEEN"), Just("PK"), Just("SK"), Just("\"T\""), Just("'v'"),
                Just("?"), Just("="), Just("<"), Just("("), Just(")"), Just("["), Just("]"),
                Just(","), Just("."), Just("*"), Just("7"), Just("begins_with"), Just("ORDER"),
                Just("BY"), Just("DESC"), Just("GSI1"),
            ],
            0..24,
        )
    ) {
        let _ = read(&parts.join(" "), &[AttrValue::s("p")]);
    }
}

#[test]
fn an_insert_value_becomes_the_item_with_every_type_kept() {
    let (table, item) = super::insert_item(
        r#"INSERT INTO "T" VALUE {'PK': ?, 'n': -1.50, 's': <<'a', 'b'>>, 'm': {'l': [true, null, '']}}"#,
        &[AttrValue::s("U#1")],
    )
    .expect("reads");
    assert_eq!(table, "T");
    assert_eq!(item["PK"], AttrValue::s("U#1"));
    assert!(matches!(&item["s"], AttrValue::Ss(set) if set.len() == 2));
    assert!(matches!(&item["n"], AttrValue::N(_)));
    for (text, said) in [
        (
            "INSERT INTO T VALUE {'a': 1} RETURNING",
            "nothing may follow",
        ),
        ("INSERT INTO T VALUE {'a': 1, 'a': 2}", "twice"),
        ("INSERT INTO T VALUE {'a': <<1, 'x'>>}", "one type"),
        ("INSERT INTO T VALUE [1]", "must be a map"),
        ("INSERT INTO T VALUE {'a': ?}", "parameter 1 is missing"),
    ] {
        let error = super::insert_item(text, &[]).expect_err(text);
        assert!(error.contains(said), "{text}: {error}");
    }
}

proptest! {
    #[test]
    fn any_insert_text_reads_or_fails_without_panicking(text in "INSERT INTO T VALUE \\PC{0,60}") {
        let _ = super::insert_item(&text, &[AttrValue::s("p")]);
    }
}
