//! SDK ⇄ domain value conversion tests: property-based round trips, edge values, capacity and
//! cancellation reasons. Table descriptions are tested beside `schema.rs`.

use std::collections::{BTreeMap, BTreeSet};

use aws_sdk_dynamodb::primitives::Blob;
use aws_sdk_dynamodb::types::{
    AttributeValue, CancellationReason as SdkCancellationReason, Capacity,
    ConsumedCapacity as SdkConsumedCapacity,
};
use proptest::prelude::*;

use super::strategies::{item_strategy, value_strategy};
use super::*;

fn num(text: &str) -> Number {
    Number::parse(text).expect("test number is valid")
}

/// A value nested `depth` levels deep, alternating maps and lists (DynamoDB allows 32).
fn nested(depth: usize) -> AttrValue {
    (0..depth).fold(AttrValue::s("leaf"), |inner, level| {
        if level % 2 == 0 {
            AttrValue::L(vec![inner, AttrValue::n(level as i64)])
        } else {
            AttrValue::M(BTreeMap::from([(format!("level{level}"), inner)]))
        }
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(512))]

    #[test]
    fn domain_values_survive_a_round_trip_through_the_sdk(value in value_strategy()) {
        let back = value_from_sdk(value_to_sdk(value.clone()));
        prop_assert_eq!(back, Ok(value));
    }

    #[test]
    fn items_survive_a_round_trip_through_the_sdk(item in item_strategy()) {
        prop_assert_eq!(item_from_sdk(item_to_sdk(item.clone())), Ok(item));
    }

    #[test]
    fn sdk_values_survive_a_round_trip_through_the_domain(value in value_strategy()) {
        // SDK-side equality is order-sensitive for sets, so compare after one more pass.
        let sdk = value_to_sdk(value);
        let domain = value_from_sdk(sdk.clone()).expect("valid SDK value converts");
        let again = value_to_sdk(domain);
        prop_assert_eq!(sorted_sets(again), sorted_sets(sdk));
    }

    #[test]
    fn any_number_text_from_a_server_converts_or_errors_without_panicking(text in ".{0,60}") {
        let result = value_from_sdk(AttributeValue::N(text.clone()));
        if let Ok(AttrValue::N(number)) = &result {
            let reparsed = Number::parse(&text);
            prop_assert_eq!(reparsed.as_ref(), Ok(number));
        } else {
            prop_assert!(result.is_err());
        }
    }
}

/// Sorts SDK set members so two SDK values can be compared regardless of set order.
fn sorted_sets(value: AttributeValue) -> AttributeValue {
    match value {
        AttributeValue::Ss(mut set) => {
            set.sort();
            AttributeValue::Ss(set)
        }
        AttributeValue::Ns(set) => {
            let sorted: BTreeSet<Number> = set.iter().map(|text| num(text)).collect();
            AttributeValue::Ns(sorted.iter().map(Number::to_string).collect())
        }
        AttributeValue::Bs(mut set) => {
            set.sort_by(|a, b| a.as_ref().cmp(b.as_ref()));
            AttributeValue::Bs(set)
        }
        AttributeValue::L(list) => AttributeValue::L(list.into_iter().map(sorted_sets).collect()),
        AttributeValue::M(map) => AttributeValue::M(
            map.into_iter()
                .map(|(name, value)| (name, sorted_sets(value)))
                .collect(),
        ),
        other => other,
    }
}

#[test]
fn edge_values_convert_losslessly_in_both_directions() {
    let cases = [
        AttrValue::N(num("12345678901234567890123456789012345678")),
        AttrValue::N(num("-0.12345678901234567890123456789012345678")),
        AttrValue::N(num("1E-130")),
        AttrValue::N(num("9.9999999999999999999999999999999999999E+125")),
        AttrValue::S(String::new()),
        AttrValue::B(vec![0x00, 0x80, 0xff, 0xfe]),
        AttrValue::B(Vec::new()),
        AttrValue::Ss(BTreeSet::from(["b".to_owned(), "a".to_owned()])),
        AttrValue::Bs(BTreeSet::from([vec![0xff], vec![0x80, 0x00]])),
        AttrValue::Null,
        nested(32),
    ];
    for value in cases {
        assert_eq!(value_from_sdk(value_to_sdk(value.clone())), Ok(value));
    }
}

#[test]
fn numbers_are_sent_in_the_normalised_form_the_service_returns() {
    let sdk = value_to_sdk(AttrValue::N(num("0001.2300e2")));
    assert_eq!(sdk, AttributeValue::N("123".to_owned()));
}

#[test]
fn sets_from_the_server_compare_equal_whatever_their_order() {
    let one = value_from_sdk(AttributeValue::Ns(vec![
        "2".into(),
        "10".into(),
        "1.5".into(),
    ]));
    let other = value_from_sdk(AttributeValue::Ns(vec![
        "1.50".into(),
        "2".into(),
        "10".into(),
    ]));
    assert_eq!(one, other);
    assert_eq!(
        one,
        Ok(AttrValue::Ns(BTreeSet::from([
            num("1.5"),
            num("2"),
            num("10")
        ])))
    );
}

#[test]
fn an_invalid_number_from_the_server_is_an_error_naming_where_it_was() {
    let item = HashMap::from([(
        "order".to_owned(),
        AttributeValue::M(HashMap::from([(
            "lines".to_owned(),
            AttributeValue::L(vec![
                AttributeValue::N("1".into()),
                AttributeValue::N("1e999".into()),
            ]),
        )])),
    )]);
    let error = items_from_sdk(vec![HashMap::new(), item]).expect_err("overflowing number");
    let text = error.to_string();
    assert!(
        text.starts_with("Items[1].order.lines[1]: invalid number \"1e999\""),
        "{text}"
    );
    assert!(text.contains("Number overflow"), "{text}");
    let backend = BackendError::from(error);
    assert!(
        matches!(&backend, BackendError::Service { code, .. } if code == "InvalidServerResponse"),
        "{backend:?}"
    );
}

#[test]
fn a_number_with_39_digits_from_the_server_is_rejected() {
    let error = value_from_sdk(AttributeValue::N("1".repeat(39))).expect_err("39 digits");
    assert!(
        error
            .to_string()
            .contains("more than 38 significant digits"),
        "{error}"
    );
}

#[test]
fn empty_expression_maps_are_left_out_of_the_request() {
    assert_eq!(values_to_sdk(BTreeMap::new()), None);
    assert_eq!(names_to_sdk(BTreeMap::new()), None);
    let names = names_to_sdk(BTreeMap::from([("#pk".to_owned(), "PK".to_owned())]));
    assert_eq!(
        names.and_then(|names| names.get("#pk").cloned()),
        Some("PK".to_owned())
    );
}

#[test]
fn consumed_capacity_keeps_total_table_and_every_index() {
    let capacity = SdkConsumedCapacity::builder()
        .table_name("t")
        .capacity_units(3.5)
        .table(Capacity::builder().capacity_units(1.5).build())
        .global_secondary_indexes("GSI1", Capacity::builder().capacity_units(1.0).build())
        .local_secondary_indexes("LSI1", Capacity::builder().capacity_units(1.0).build())
        .build();
    let converted = capacity_from_sdk(capacity);
    assert_eq!(converted.total, 3.5);
    assert_eq!(converted.table, Some(1.5));
    assert_eq!(
        converted.indexes,
        BTreeMap::from([("GSI1".to_owned(), 1.0), ("LSI1".to_owned(), 1.0)])
    );
}

#[test]
fn cancellation_reasons_keep_order_codes_messages_and_items() {
    let reasons = vec![
        SdkCancellationReason::builder().code("None").build(),
        SdkCancellationReason::builder()
            .code("ConditionalCheckFailed")
            .message("The conditional request failed")
            .item("PK", AttributeValue::S("USER#1".into()))
            .build(),
        SdkCancellationReason::builder().build(),
    ];
    let converted = reasons_from_sdk(reasons);
    let codes: Vec<&str> = converted
        .iter()
        .map(|reason| reason.code.as_str())
        .collect();
    assert_eq!(codes, ["None", "ConditionalCheckFailed", "None"]);
    assert_eq!(
        converted[1].message.as_deref(),
        Some("The conditional request failed")
    );
    assert_eq!(
        converted[1].item,
        Some(Item::from([("PK".to_owned(), AttrValue::s("USER#1"))]))
    );
    assert_eq!(converted[0].item, None);
}

#[test]
fn a_cancellation_reason_with_an_unreadable_item_keeps_its_code_and_message() {
    let reasons = vec![
        SdkCancellationReason::builder()
            .code("ConditionalCheckFailed")
            .message("The conditional request failed")
            .item("n", AttributeValue::N("not a number".into()))
            .build(),
    ];
    let converted = reasons_from_sdk(reasons);
    assert_eq!(converted.len(), 1);
    assert_eq!(converted[0].code, "ConditionalCheckFailed");
    assert_eq!(
        converted[0].message.as_deref(),
        Some("The conditional request failed")
    );
    assert_eq!(converted[0].item, None);
}

#[test]
fn binary_blobs_keep_high_bytes() {
    let value = value_from_sdk(AttributeValue::B(Blob::new(vec![0xde, 0xad, 0xbe, 0xef])));
    assert_eq!(value, Ok(AttrValue::B(vec![0xde, 0xad, 0xbe, 0xef])));
}
