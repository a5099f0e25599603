use super::*;
use proptest::prelude::*;

use crate::domain::number::Number;
use crate::domain::value::AttrValue;
use crate::domain::value::arb::arb_value;

use crate::domain::schema::KeyAttribute;
use crate::domain::value::ValueType;

fn schema() -> KeySchema {
    KeySchema::new(
        KeyAttribute::new("PK", ValueType::S),
        Some(KeyAttribute::new("SK", ValueType::N)),
    )
}

struct RoundTrip {
    item: Item,
    decoded: Result<Item, CorruptItem>,
    stored: StoredItem,
    names: AttributeNames,
}

/// Encodes and decodes `item` with a dictionary that numbers only its first three names, so
/// items with more names also store some of them spelled out.
fn round_trip(mut item: Item) -> RoundTrip {
    let partition = ScalarKey::S("USER#1".into());
    let sort = ScalarKey::N(Box::new(Number::from(7)));
    item.insert("PK".into(), partition.to_value());
    item.insert("SK".into(), sort.to_value());
    let schema = schema();
    let mut names = AttributeNames::limited(3);
    let stored = StoredItem::encode(&item, &schema, &mut names);
    let parts = KeyParts {
        schema: &schema,
        partition: &partition,
        sort: Some(&sort),
    };
    let decoded = stored.decode(parts, &names);
    RoundTrip {
        item,
        decoded,
        stored,
        names,
    }
}

proptest! {
    #[test]
    fn every_item_decodes_to_exactly_what_was_encoded(
        item in proptest::collection::btree_map(".{1,8}", arb_value(), 0..8)
    ) {
        let RoundTrip { item, decoded, stored, .. } = round_trip(item);
        prop_assert_eq!(decoded, Ok(item.clone()));
        prop_assert_eq!(stored.size(), item_size(&item));
    }
}

proptest! {
    #[test]
    fn decoding_only_some_attributes_equals_decoding_all_then_dropping_the_rest(
        item in proptest::collection::btree_map("[a-d]{1,2}", arb_value(), 0..8)
    ) {
        let RoundTrip { item, stored, names, .. } = round_trip(item);
        let schema = schema();
        let partition = ScalarKey::S("USER#1".into());
        let sort = ScalarKey::N(Box::new(Number::from(7)));
        let parts = KeyParts { schema: &schema, partition: &partition, sort: Some(&sort) };
        let wanted = |name: &str| name.starts_with('a');
        let mut expected = item;
        expected.retain(|name, _| wanted(name) || name == "PK" || name == "SK");
        prop_assert_eq!(stored.decode_only(parts, &names, wanted), Ok(expected));
    }
}

#[test]
fn key_attributes_are_not_stored_twice() {
    let with_keys = round_trip(Item::new()).stored;
    // Size header (4) plus an empty attribute count (1).
    assert_eq!(with_keys.encoded_len(), 5);
}

#[test]
fn a_numbered_name_costs_one_byte_and_one_past_a_full_dictionary_is_spelled_out() {
    let named = |names: &[&str]| -> Item {
        names
            .iter()
            .map(|name| ((*name).to_owned(), AttrValue::Null))
            .collect()
    };
    let numbered = round_trip(named(&["a", "b", "productName"]));
    // Size (4), count (1), then per attribute its name's number (1) and the NULL tag (1).
    assert_eq!(numbered.stored.encoded_len(), 5 + 3 * 2);
    let mut names = numbered.names;
    let schema = schema();
    let mut item = named(&["a", "productName", "zeta"]);
    let stored = StoredItem::encode(&item, &schema, &mut names);
    // The dictionary is full: "zeta" is its length (1), its 4 bytes and the NULL tag (1).
    assert_eq!(stored.encoded_len(), 5 + 2 * 2 + (1 + 4 + 1));
    let partition = ScalarKey::S("USER#1".into());
    let parts = KeyParts {
        schema: &schema,
        partition: &partition,
        sort: None,
    };
    item.insert("PK".into(), partition.to_value());
    assert_eq!(stored.decode(parts, &names), Ok(item));
}

#[test]
fn a_38_digit_number_and_an_empty_string_survive_storage() {
    let mut item = Item::new();
    item.insert(
        "big".into(),
        AttrValue::N(Number::parse("12345678901234567890123456789012345678").expect("valid")),
    );
    item.insert("empty".into(), AttrValue::s(""));
    let RoundTrip { item, decoded, .. } = round_trip(item);
    assert_eq!(decoded, Ok(item));
}

#[test]
fn numbers_whose_text_is_longer_than_127_bytes_survive_storage() {
    let mut item = Item::new();
    for (name, text) in [
        ("tiny", "1e-130"),
        ("huge", "9.9999999999999999999999999999999999999e125"),
        ("short", "-0.5"),
    ] {
        item.insert(
            name.into(),
            AttrValue::N(Number::parse(text).expect("valid")),
        );
    }
    item.insert(
        "set".into(),
        AttrValue::Ns([Number::parse("1e-130").expect("valid"), Number::from(3)].into()),
    );
    let RoundTrip { item, decoded, .. } = round_trip(item);
    assert_eq!(decoded, Ok(item));
}

#[test]
fn truncated_bytes_are_reported_as_corrupt_instead_of_panicking() {
    let mut item = Item::new();
    item.insert("name".into(), AttrValue::s("value"));
    let RoundTrip { stored, names, .. } = round_trip(item);
    let schema = schema();
    let partition = ScalarKey::S("USER#1".into());
    for cut in 0..stored.0.len() {
        let truncated = StoredItem(stored.0[..cut].into());
        let parts = KeyParts {
            schema: &schema,
            partition: &partition,
            sort: None,
        };
        assert_eq!(truncated.decode(parts, &names), Err(CorruptItem));
    }
}
