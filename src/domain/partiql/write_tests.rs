use proptest::prelude::*;

use super::translated::TranslateError;
use super::write::{KEY_REQUIRED, WriteStatement, translate_write};
use crate::domain::request::ReturnValues;
use crate::domain::schema::{KeyAttribute, KeySchema};
use crate::domain::value::{AttrValue, ValueType};

fn key_of(table: &str) -> Option<KeySchema> {
    (table == "T").then(|| {
        KeySchema::new(
            KeyAttribute::new("PK", ValueType::S),
            Some(KeyAttribute::new("SK", ValueType::S)),
        )
    })
}

fn write(text: &str, parameters: &[AttrValue]) -> Result<WriteStatement, TranslateError> {
    translate_write(text, parameters, key_of).expect("a write statement")
}

#[test]
fn an_insert_puts_its_item_on_condition_that_the_key_is_free() {
    let Ok(WriteStatement::Insert(put)) = write(
        "INSERT INTO \"T\" VALUE {'PK': ?, 'SK': 's', 'n': 12345678901234567890123456789012345678, 'e': ''}",
        &[AttrValue::s("p")],
    ) else {
        panic!("an insert");
    };
    assert_eq!(put.condition.expression, "attribute_not_exists(#k)");
    assert_eq!(put.params.names["#k"], "PK");
    assert_eq!(put.item["PK"], AttrValue::s("p"));
    assert_eq!(put.item["e"], AttrValue::s(""));
    assert_eq!(
        put.item["n"],
        AttrValue::N(
            crate::domain::number::Number::parse("12345678901234567890123456789012345678")
                .expect("a number")
        )
    );
}

#[test]
fn an_update_changes_an_item_that_exists_and_holds_where_s_other_conditions() {
    let Ok(WriteStatement::Update(update)) = write(
        "UPDATE T SET a = 'x' SET n = n + 1, m.k = {'z': <<1, 2>>} REMOVE old WHERE PK = 'p' AND SK = 's' AND n < 9 RETURNING ALL NEW *",
        &[],
    ) else {
        panic!("an update");
    };
    assert_eq!(update.key["PK"], AttrValue::s("p"));
    assert_eq!(update.key["SK"], AttrValue::s("s"));
    assert_eq!(
        update.update,
        "SET #n0 = :v0, #n1 = #n1 + :v1, #n2.#n3 = :v2 REMOVE #n4"
    );
    assert_eq!(
        update.condition.expression,
        "attribute_exists(#n5) AND (#n1 < :v5)"
    );
    assert_eq!(update.return_values, ReturnValues::AllNew);
    // The key's equalities are in the key, not the expressions: their placeholders are dropped.
    assert!(!update.params.names.contains_key("#n6"));
    assert!(!update.params.values.contains_key(":v3"));
    assert_eq!(update.params.names["#n5"], "PK");
}

#[test]
fn a_delete_succeeds_on_a_missing_item_and_is_conditioned_only_by_where_s_other_conditions() {
    let Ok(WriteStatement::Delete(plain)) = write("DELETE FROM T WHERE SK = 's' AND PK = 'p'", &[])
    else {
        panic!("a delete");
    };
    assert_eq!(plain.condition.expression, "");
    assert!(plain.params.names.is_empty() && plain.params.values.is_empty());
    let Ok(WriteStatement::Delete(conditioned)) = write(
        "DELETE FROM T WHERE PK = 'p' AND SK = 's' AND flag = true RETURNING ALL OLD *",
        &[],
    ) else {
        panic!("a delete");
    };
    assert_eq!(
        conditioned.condition.expression,
        "attribute_not_exists(#n0) OR (#n2 = :v2)"
    );
    assert_eq!(conditioned.return_values, ReturnValues::AllOld);
}

#[test]
fn refusals_name_what_to_fix() {
    let cases: [(&str, &str); 8] = [
        ("UPDATE T SET a = 1 WHERE PK = 'p'", KEY_REQUIRED),
        ("DELETE FROM T WHERE PK = 'p' OR SK = 's'", KEY_REQUIRED),
        ("UPDATE T SET a = 1", KEY_REQUIRED),
        (
            "UPDATE T WHERE PK = 'p' AND SK = 's'",
            "expected SET or REMOVE",
        ),
        (
            "DELETE FROM T WHERE PK = 5 AND SK = 's'",
            "data type should match",
        ),
        (
            "UPDATE T SET a = list_append(a, [1]) WHERE PK = 'p' AND SK = 's'",
            "functions in SET",
        ),
        (
            "DELETE FROM T WHERE PK = 'p' AND SK = 's' RETURNING ALL",
            "OLD or NEW",
        ),
        (
            "DELETE FROM T WHERE PK = ? AND SK = 's'",
            "Number of parameters",
        ),
    ];
    for (text, said) in cases {
        let error = write(text, &[]).expect_err(text);
        assert!(error.to_string().contains(said), "{text}: {error}");
    }
    assert_eq!(
        write("DELETE FROM Nope WHERE PK = 'p'", &[]),
        Err(TranslateError::Missing("Nope".into(), None))
    );
    assert!(translate_write("SELECT * FROM T", &[], key_of).is_none());
}

proptest! {
    #[test]
    fn write_token_soup_translates_or_fails_without_panicking(
        parts in proptest::collection::vec(
            prop_oneof![
                Just("UPDATE"), Just("DELETE"), Just("INSERT"), Just("INTO"), Just("FROM"),
                Just("T"), Just("SET"), Just("REMOVE"), Just("WHERE"), Just("AND"), Just("OR"),
                Just("PK"), Just("SK"), Just("a"), Just("="), Just("+"), Just("-"), Just("'v'"),
                Just("?"), Just("{"), Just("}"), Just("["), Just("]"), Just(":"), Just(","),
                Just("."), Just("<<"), Just(">>"), Just("7"), Just("RETURNING"), Just("ALL"),
                Just("OLD"), Just("*"), Just("VALUE"),
            ],
            0..24,
        )
    ) {
        let text = parts.join(" ");
        let _ = translate_write(&text, &[AttrValue::s("x")], key_of);
    }
}
