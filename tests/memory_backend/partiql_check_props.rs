//! The PartiQL check made before a statement is sent (`domain::partiql::refusal`, used by the
//! statement screen and `ddbx partiql`) against the engine's own PartiQL: whatever the check
//! lets through, the engine does not refuse as invalid, and whatever it refuses, the engine
//! refuses in the same words. Statements are generated from the pieces users type, cut short
//! and doubled up as typing does.

use ddbx::backend::{Backend, BackendError, StatementRequest};
use ddbx::domain::partiql::refusal;
use ddbx::domain::value::AttrValue;
use proptest::prelude::*;

use crate::demo_engine;

const TABLE: &str = ddbx::demo::TABLE_NAME;

fn literal() -> impl Strategy<Value = &'static str> {
    prop_oneof![
        Just("'USER#usr_1001'"),
        Just("'ORDER#'"),
        Just("5"),
        Just("true"),
        Just("?"),
        Just("''"),
    ]
}

fn atom() -> impl Strategy<Value = String> {
    let attribute = prop_oneof![Just("PK"), Just("SK"), Just("status"), Just("GSI1PK")];
    let op = prop_oneof![Just("="), Just("<"), Just(">="), Just("<>")];
    prop_oneof![
        (attribute.clone(), op, literal()).prop_map(|(a, o, l)| format!("{a} {o} {l}")),
        (attribute.clone(), literal(), literal())
            .prop_map(|(a, l, h)| format!("{a} BETWEEN {l} AND {h}")),
        (attribute.clone(), literal()).prop_map(|(a, l)| format!("begins_with({a}, {l})")),
        (attribute, literal(), literal()).prop_map(|(a, x, y)| format!("{a} IN [{x}, {y}]")),
    ]
}

/// A SELECT as typed, with the mistakes typing makes: a dangling AND, a doubled operator, a
/// clause cut off.
fn statement() -> impl Strategy<Value = String> {
    let target = prop_oneof![
        Just(format!("\"{TABLE}\"")),
        Just(format!("\"{TABLE}\".\"GSI1\"")),
    ];
    let join = prop_oneof![Just(" AND "), Just(" OR ")];
    let conditions = prop::collection::vec((atom(), join), 0..4).prop_map(|parts| {
        parts
            .into_iter()
            .enumerate()
            .map(|(at, (atom, join))| {
                if at == 0 {
                    atom
                } else {
                    format!("{join}{atom}")
                }
            })
            .collect::<String>()
    });
    let tail = prop_oneof![
        Just(""),
        Just(" AND"),
        Just(" ="),
        Just(" ORDER BY SK DESC"),
        Just(" ORDER BY status"),
        Just(")"),
    ];
    (target, conditions, tail).prop_map(|(target, conditions, tail)| {
        let filter = if conditions.is_empty() {
            String::new()
        } else {
            format!(" WHERE {conditions}")
        };
        format!("SELECT * FROM {target}{filter}{tail}")
    })
}

/// The check's words without the position it adds to a malformed statement.
fn without_position(refusal: &str) -> &str {
    refusal
        .rsplit_once(" (at ")
        .map_or(refusal, |(words, _)| words)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]

    #[test]
    fn the_check_refuses_exactly_what_the_engine_refuses_as_invalid(
        text in statement(),
        parameter in prop_oneof![Just(AttrValue::s("USER#usr_1001")), Just(AttrValue::n(7))],
    ) {
        let engine = demo_engine();
        let table = engine.describe(TABLE).expect("the demo table");
        let parameters = vec![parameter; 4];
        let checked = refusal(&text, &parameters, &table);
        let request = StatementRequest {
            statement: text.clone(),
            parameters,
            next_token: None,
            limit: Some(5),
            consistent_read: false,
        };
        let answered = crate::runtime().block_on(engine.execute_statement(request));
        match (checked, answered) {
            (None, Err(BackendError::Validation(message))) => {
                prop_assert!(false, "{text}: let through, but the engine refuses: {message}");
            }
            (Some(refused), Err(BackendError::Validation(message))) => {
                prop_assert_eq!(without_position(&refused), message.as_str(), "{}", text);
            }
            (Some(refused), other) => {
                prop_assert!(false, "{text}: refused ({refused}), but the engine answers {other:?}");
            }
            (None, _) => {}
        }
    }
}
