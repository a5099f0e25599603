use super::*;
use crate::domain::expr::prepare::{ReadExpressions, prepare_query};
use crate::domain::schema::{IndexKind, IndexSchema, KeyAttribute, KeySchema, Projection};
use crate::domain::value::{AttrValue, ValueType};

fn key(partition: (&str, ValueType), sort: Option<(&str, ValueType)>) -> KeySchema {
    KeySchema::new(
        KeyAttribute::new(partition.0, partition.1),
        sort.map(|(name, value_type)| KeyAttribute::new(name, value_type)),
    )
}

/// PK/SK strings, GSI1 (S/S) and LSI1 on a numeric sort key.
fn single_table() -> TableDescription {
    let mut table =
        TableDescription::new("app", key(("PK", ValueType::S), Some(("SK", ValueType::S))));
    let index = |name: &str, kind, key| IndexSchema {
        name: name.to_owned(),
        kind,
        key,
        projection: Projection::All,
        item_count: None,
        size_bytes: None,
        status: None,
    };
    table.indexes = vec![
        index(
            "GSI1",
            IndexKind::Global,
            key(("GSI1PK", ValueType::S), Some(("GSI1SK", ValueType::S))),
        ),
        index(
            "LSI1",
            IndexKind::Local,
            key(("PK", ValueType::S), Some(("amount", ValueType::N))),
        ),
    ];
    table
}

fn input(key_condition: &str) -> RawQueryInput<'_> {
    RawQueryInput {
        table: "app",
        key_condition,
        ..RawQueryInput::default()
    }
}

fn build(input: &RawQueryInput<'_>) -> Result<QueryRequest, RawQueryError> {
    build_raw_query(&single_table(), input)
}

fn refused(input: &RawQueryInput<'_>) -> RawQueryError {
    match build(input) {
        Err(error) => error,
        Ok(request) => panic!("expected a refusal, got {request:?}"),
    }
}

/// Every accepted request must also pass the embedded engine's full check of the wire form.
fn assert_service_accepts(request: &QueryRequest) {
    let read = ReadExpressions {
        index: request.index.as_deref(),
        key_condition: Some(&request.key_condition),
        filter: request.filter.as_deref(),
        projection: request.projection.as_deref(),
        consistent_read: request.consistent_read,
    };
    if let Err(error) = prepare_query(&single_table(), &read, &request.params) {
        panic!("the built request is invalid: {error} in {request:?}");
    }
}

#[test]
fn application_code_text_and_maps_are_sent_unchanged() {
    let raw = RawQueryInput {
        key_condition: "#pk = :pk AND begins_with(#sk, :sk)",
        filter: Some("#st = :st"),
        projection: Some("PK, SK, #st"),
        names_json: Some(r##"{"#pk":"PK","#sk":"SK","#st":"status"}"##),
        values_json: Some(r#"{":pk":{"S":"USER#1"},":sk":{"S":"ORDER#"},":st":{"S":"PENDING"}}"#),
        ..input("")
    };
    let request = build(&raw).expect("valid");
    assert_eq!(request.table, "app");
    assert_eq!(request.index, None);
    assert_eq!(request.key_condition, raw.key_condition);
    assert_eq!(request.filter.as_deref(), raw.filter);
    assert_eq!(request.projection.as_deref(), raw.projection);
    assert_eq!(request.params.names["#st"], "status");
    assert_eq!(request.params.values[":pk"], AttrValue::s("USER#1"));
    assert_eq!(request.params.values.len(), 3);
    assert!(request.forward && !request.consistent_read && request.limit.is_none());
    assert_service_accepts(&request);
}

#[test]
fn inline_literals_become_a_complete_wire_request() {
    let request = build(&RawQueryInput {
        filter: Some(r#"status = "PENDING" AND total > 100"#),
        projection: Some("PK, status"),
        ..input(r#"PK = "USER#1" AND begins_with(SK, "ORDER#")"#)
    })
    .expect("valid");
    assert!(!request.key_condition.contains("USER#1"), "{request:?}");
    let values: Vec<_> = request.params.values.values().cloned().collect();
    for expected in [
        AttrValue::s("USER#1"),
        AttrValue::s("ORDER#"),
        AttrValue::s("PENDING"),
        AttrValue::n(100),
    ] {
        assert!(values.contains(&expected), "{expected:?} in {values:?}");
    }
    assert!(request.params.names.values().any(|name| name == "status"));
    assert_service_accepts(&request);
}

#[test]
fn a_friendly_filter_next_to_a_native_key_condition_keeps_every_placeholder_used() {
    let request = build(&RawQueryInput {
        filter: Some(r#"kind = "ORDER""#),
        values_json: Some(r#"{":pk":{"S":"USER#1"}}"#),
        ..input("PK = :pk")
    })
    .expect("valid");
    assert_eq!(request.params.values.len(), 2, "{request:?}");
    assert_service_accepts(&request);
}

#[test]
fn gsi_and_lsi_key_conditions_are_checked_against_the_index_key_schema() {
    let gsi = build(&RawQueryInput {
        index: Some("GSI1"),
        ..input(r#"GSI1PK = "GROUP#1" AND GSI1SK > "A""#)
    })
    .expect("valid on GSI1");
    assert_eq!(gsi.index.as_deref(), Some("GSI1"));
    assert_service_accepts(&gsi);
    let lsi = build(&RawQueryInput {
        index: Some("LSI1"),
        ..input(r#"PK = "USER#1" AND amount BETWEEN 10 AND 20"#)
    })
    .expect("valid on LSI1");
    assert_eq!(lsi.index.as_deref(), Some("LSI1"));
    assert_service_accepts(&lsi);
    let error = refused(&RawQueryInput {
        index: Some("GSI1"),
        ..input(r#"PK = "USER#1""#)
    });
    assert_eq!(error.field, RawField::KeyCondition);
    assert_eq!(
        error.message,
        "Query condition missed key schema element: GSI1PK"
    );
}

#[test]
fn refusals_carry_the_service_wording_the_field_and_the_place() {
    let text = r#"PK = "USER#1" AND begins_with(SK, "ORDER#")"#;
    // (input, field, message, span)
    let cases: Vec<(RawQueryInput<'_>, RawField, &str, Option<Range<usize>>)> = vec![
        (
            RawQueryInput {
                index: Some("NoSuch"),
                ..input(text)
            },
            RawField::Index,
            "The table does not have the specified index: NoSuch",
            None,
        ),
        (
            input(r#"PK = 1"#),
            RawField::KeyCondition,
            "One or more parameter values were invalid: Condition parameter type does not match schema type",
            Some(0..6),
        ),
        (
            input(r#"PK = "U" OR SK = "S""#),
            RawField::KeyCondition,
            "Invalid operator used in KeyConditionExpression: OR",
            Some(0..20),
        ),
        (
            input(r#"SK = "S""#),
            RawField::KeyCondition,
            "Query condition missed key schema element: PK",
            Some(0..8),
        ),
        (
            RawQueryInput {
                index: Some("LSI1"),
                ..input(r#"PK = "U" AND begins_with(amount, "1")"#)
            },
            RawField::KeyCondition,
            "Invalid KeyConditionExpression: Incorrect operand type for operator or function; operator or function: begins_with, operand type: N",
            Some(13..37),
        ),
        (
            RawQueryInput {
                values_json: Some(r#"{":pk":{"S":"U"}}"#),
                ..input("PK = :pk AND SK = :sk")
            },
            RawField::KeyCondition,
            "Invalid KeyConditionExpression: An expression attribute value used in expression is not defined; attribute value: :sk",
            Some(18..21),
        ),
        (
            RawQueryInput {
                values_json: Some(r#"{":pk":{"S":"U"},":extra":{"N":"1"}}"#),
                ..input("PK = :pk")
            },
            RawField::Values,
            "Value provided in ExpressionAttributeValues unused in expressions: keys: {:extra}",
            None,
        ),
        (
            RawQueryInput {
                names_json: Some(r##"{"#x":"X"}"##),
                values_json: Some(r#"{":pk":{"S":"U"}}"#),
                ..input("PK = :pk")
            },
            RawField::Names,
            "Value provided in ExpressionAttributeNames unused in expressions: keys: {#x}",
            None,
        ),
        (
            RawQueryInput {
                values_json: Some(r#"{":pk":{"S":"U"},":s":{"S":"X"}}"#),
                filter: Some("status = :s"),
                ..input("PK = :pk")
            },
            RawField::Filter,
            "Invalid FilterExpression: Attribute name is a reserved keyword; reserved keyword: status",
            Some(0..6),
        ),
        (
            RawQueryInput {
                filter: Some(r#"SK = "x""#),
                ..input(r#"PK = "U""#)
            },
            RawField::Filter,
            "Filter Expression can only contain non-primary key attributes: Primary key attribute: SK",
            Some(0..2),
        ),
        (
            RawQueryInput {
                values_json: Some("{}"),
                ..input(r#"PK = "U""#)
            },
            RawField::Values,
            "ExpressionAttributeValues must not be empty",
            None,
        ),
        (
            RawQueryInput {
                names_json: Some("{}"),
                ..input(r#"PK = "U""#)
            },
            RawField::Names,
            "ExpressionAttributeNames must not be empty",
            None,
        ),
        (
            RawQueryInput {
                values_json: Some(r#"{"pk":{"S":"U"}}"#),
                ..input("PK = :pk")
            },
            RawField::Values,
            "ExpressionAttributeValues contains invalid key: Syntax error; key: \"pk\"",
            None,
        ),
    ];
    for (raw, field, message, span) in cases {
        let error = refused(&raw);
        assert_eq!(
            (error.field, error.message.as_str(), error.span.clone()),
            (field, message, span),
            "for {raw:?}"
        );
    }
}

#[test]
fn malformed_json_maps_are_refused_with_an_example() {
    let error = refused(&RawQueryInput {
        values_json: Some(r#"{":pk":"USER#1"}"#),
        ..input("PK = :pk")
    });
    assert_eq!(error.field, RawField::Values);
    assert!(
        error.message.contains(r#"{":pk":{"S":"USER#1"}}"#),
        "{error}"
    );
    let error = refused(&RawQueryInput {
        names_json: Some(r##"{"#pk": 7}"##),
        ..input(r#"#pk = "U""#)
    });
    assert_eq!(error.field, RawField::Names);
    assert!(error.message.contains("not a string"), "{error}");
    let error = refused(&RawQueryInput {
        names_json: Some("[1"),
        ..input(r#"PK = "U""#)
    });
    assert_eq!(error.field, RawField::Names);
}

#[test]
fn blank_optional_fields_are_left_out_of_the_request() {
    let request = build(&RawQueryInput {
        index: Some(" "),
        filter: Some("  "),
        projection: Some(""),
        values_json: Some(" "),
        names_json: Some(""),
        ..input(r#"PK = "USER#1""#)
    })
    .expect("valid");
    assert_eq!(request.index, None);
    assert_eq!(request.filter, None);
    assert_eq!(request.projection, None);
    assert_service_accepts(&request);
}

#[test]
fn an_empty_key_condition_is_refused_with_the_service_wording() {
    let error = refused(&input(""));
    assert_eq!(error.field, RawField::KeyCondition);
    assert!(
        error.message.starts_with("Invalid KeyConditionExpression:"),
        "{error}"
    );
}

#[test]
fn numbers_keep_every_digit_through_the_rendered_request() {
    let digits = "12345678901234567890123456789012345678";
    let text = format!(r#"PK = "U" AND amount = {digits}"#);
    let request = build(&RawQueryInput {
        index: Some("LSI1"),
        ..input(&text)
    })
    .expect("valid");
    let rendered: Vec<String> = request
        .params
        .values
        .values()
        .map(|value| format!("{value:?}"))
        .collect();
    assert!(
        rendered.iter().any(|value| value.contains(digits)),
        "{rendered:?}"
    );
}

proptest::proptest! {
    #[test]
    fn any_text_is_either_refused_or_a_request_the_service_accepts(
        key in "\\PC{0,40}|(PK|SK|#pk|:pk|\"U\"|=|AND|begins_with|\\(|\\)|,| ){0,12}",
        filter in proptest::option::of("(a|status|:pk|#pk|=|\"x\"|1| |AND){0,6}"),
    ) {
        let raw = RawQueryInput {
            filter: filter.as_deref(),
            names_json: Some(r##"{"#pk":"PK"}"##),
            values_json: Some(r#"{":pk":{"S":"U"}}"#),
            ..input(&key)
        };
        if let Ok(request) = build(&raw) {
            assert_service_accepts(&request);
        }
    }
}
