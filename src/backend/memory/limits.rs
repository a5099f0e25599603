//! Write-time checks with the service's wording: primary key presence, type, emptiness and size,
//! empty sets anywhere in the item, and the 400 KB item size.

use crate::backend::BackendError;
use crate::domain::limits::{MAX_ITEM_SIZE, MAX_PARTITION_KEY_BYTES, MAX_SORT_KEY_BYTES};
use crate::domain::schema::{KeyAttribute, TableDescription};
use crate::domain::value::{AttrValue, Item, item_size};

use super::key::ScalarKey;
use super::rows::PrimaryKey;

/// DynamoDB's 32 nesting levels count the attribute itself: 31 maps or lists may nest inside
/// one another, and a 32nd is refused even when empty (observed on DynamoDB Local).
pub const MAX_NESTED_CONTAINERS: usize = 31;

fn invalid(message: impl Into<String>) -> BackendError {
    BackendError::Validation(message.into())
}

/// Which write is being checked; UpdateItem words the size error differently.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum WriteKind {
    Put,
    Update,
}

/// Checks a whole item about to be stored and returns its primary key.
pub fn check_item(
    table: &TableDescription,
    item: &Item,
    kind: WriteKind,
) -> Result<PrimaryKey, BackendError> {
    check_item_sized(table, item, kind).map(|(key, _)| key)
}

/// [`check_item`], also returning the item's size, which the check has to compute anyway and
/// a load would otherwise compute again to store it.
pub fn check_item_sized(
    table: &TableDescription,
    item: &Item,
    kind: WriteKind,
) -> Result<(PrimaryKey, usize), BackendError> {
    let partition = item_key_part(&table.key.partition, item, true)?;
    let sort = match &table.key.sort {
        None => None,
        Some(attribute) => Some(item_key_part(attribute, item, false)?),
    };
    for value in item.values() {
        check_no_empty_set(value)?;
    }
    if item
        .values()
        .any(|value| nests_deeper_than(value, MAX_NESTED_CONTAINERS))
    {
        return Err(invalid(
            "Nesting Levels have exceeded supported limits: Attributes in the item have nested \
             levels beyond supported limit",
        ));
    }
    let size = item_size(item);
    if size > MAX_ITEM_SIZE {
        return Err(invalid(match kind {
            WriteKind::Put => "Item size has exceeded the maximum allowed size",
            WriteKind::Update => "Item size to update has exceeded the maximum allowed size",
        }));
    }
    Ok((PrimaryKey { partition, sort }, size))
}

fn item_key_part(
    attribute: &KeyAttribute,
    item: &Item,
    is_partition: bool,
) -> Result<ScalarKey, BackendError> {
    let Some(value) = item.get(&attribute.name) else {
        return Err(invalid(format!(
            "One or more parameter values were invalid: Missing the key {} in the item",
            attribute.name
        )));
    };
    if value.value_type() != attribute.value_type {
        return Err(invalid(format!(
            "One or more parameter values were invalid: Type mismatch for key {} expected: {} actual: {}",
            attribute.name,
            attribute.value_type,
            value.value_type()
        )));
    }
    check_key_value(&attribute.name, value, is_partition)
}

/// Emptiness and size of one key value whose type is already known to be right.
fn check_key_value(
    name: &str,
    value: &AttrValue,
    is_partition: bool,
) -> Result<ScalarKey, BackendError> {
    let length = match value {
        AttrValue::S(text) => text.len(),
        AttrValue::B(bytes) => bytes.len(),
        _ => usize::MAX,
    };
    if length == 0 {
        let kind = if matches!(value, AttrValue::B(_)) {
            "binary"
        } else {
            "string"
        };
        return Err(invalid(format!(
            "One or more parameter values are not valid. The AttributeValue for a key attribute cannot contain an empty {kind} value. Key: {name}"
        )));
    }
    let size = value.size();
    if is_partition && size > MAX_PARTITION_KEY_BYTES {
        // The missing space before 2048 is in the service's own message.
        return Err(invalid(
            "One or more parameter values were invalid: Size of hashkey has exceeded the maximum size limit of2048 bytes",
        ));
    }
    if !is_partition && size > MAX_SORT_KEY_BYTES {
        return Err(invalid(
            "One or more parameter values were invalid: Aggregated size of all range keys has exceeded the size limit of 1024 bytes",
        ));
    }
    ScalarKey::from_value(value)
        .ok_or_else(|| invalid("The provided key element does not match the schema"))
}

/// True when `value` holds more than `limit` maps and lists nested inside one another.
fn nests_deeper_than(value: &AttrValue, limit: usize) -> bool {
    let inner: Box<dyn Iterator<Item = &AttrValue>> = match value {
        AttrValue::M(map) => Box::new(map.values()),
        AttrValue::L(list) => Box::new(list.iter()),
        _ => return false,
    };
    limit == 0
        || inner
            .into_iter()
            .any(|value| nests_deeper_than(value, limit - 1))
}

/// Sets may not be empty at any depth; empty lists, maps, strings and binaries are fine.
fn check_no_empty_set(value: &AttrValue) -> Result<(), BackendError> {
    let empty_kind = match value {
        AttrValue::Ss(set) if set.is_empty() => Some("string"),
        AttrValue::Ns(set) if set.is_empty() => Some("number"),
        AttrValue::Bs(set) if set.is_empty() => Some("binary"),
        AttrValue::M(map) => {
            for inner in map.values() {
                check_no_empty_set(inner)?;
            }
            None
        }
        AttrValue::L(list) => {
            for inner in list {
                check_no_empty_set(inner)?;
            }
            None
        }
        _ => None,
    };
    match empty_kind {
        // "An string set  may not be empty": article and double space are the service's.
        Some(kind) => Err(invalid(format!(
            "One or more parameter values were invalid: An {kind} set  may not be empty"
        ))),
        None => Ok(()),
    }
}

/// The primary key named by a request's `Key`: exactly the table's key attributes, of the right
/// types, non-empty.
pub fn request_key(table: &TableDescription, key: &Item) -> Result<PrimaryKey, BackendError> {
    let mismatch = || invalid("The provided key element does not match the schema");
    let expected = 1 + usize::from(table.key.sort.is_some());
    if key.len() != expected {
        return Err(mismatch());
    }
    let part = |attribute: &KeyAttribute, is_partition: bool| {
        let value = key.get(&attribute.name).ok_or_else(mismatch)?;
        if value.value_type() != attribute.value_type {
            return Err(mismatch());
        }
        check_key_value(&attribute.name, value, is_partition)
    };
    let partition = part(&table.key.partition, true)?;
    let sort = match &table.key.sort {
        None => None,
        Some(attribute) => Some(part(attribute, false)?),
    };
    Ok(PrimaryKey { partition, sort })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::schema::KeySchema;
    use crate::domain::value::ValueType;
    use std::collections::{BTreeMap, BTreeSet};

    fn table() -> TableDescription {
        TableDescription::new(
            "T",
            KeySchema::new(
                KeyAttribute::new("PK", ValueType::S),
                Some(KeyAttribute::new("SK", ValueType::S)),
            ),
        )
    }

    fn item(pairs: &[(&str, AttrValue)]) -> Item {
        pairs
            .iter()
            .map(|(name, value)| ((*name).to_owned(), value.clone()))
            .collect()
    }

    fn message(result: Result<PrimaryKey, BackendError>) -> String {
        match result {
            Err(BackendError::Validation(text)) => text,
            other => panic!("expected a validation error, got {other:?}"),
        }
    }

    fn wrapped(depth: usize, innermost: AttrValue) -> AttrValue {
        (0..depth).fold(innermost, |inner, level| {
            if level % 2 == 0 {
                AttrValue::L(vec![inner])
            } else {
                AttrValue::M(BTreeMap::from([("k".to_owned(), inner)]))
            }
        })
    }

    #[test]
    fn thirty_one_nested_containers_are_stored_and_a_thirty_second_is_refused() {
        let keyed = |deep: AttrValue| {
            item(&[
                ("PK", AttrValue::s("a")),
                ("SK", AttrValue::s("b")),
                ("deep", deep),
            ])
        };
        let deepest = keyed(wrapped(31, AttrValue::s("bottom")));
        assert!(check_item(&table(), &deepest, WriteKind::Put).is_ok());
        for too_deep in [
            wrapped(32, AttrValue::s("bottom")),
            wrapped(31, AttrValue::M(BTreeMap::new())),
        ] {
            assert_eq!(
                message(check_item(&table(), &keyed(too_deep), WriteKind::Update)),
                "Nesting Levels have exceeded supported limits: Attributes in the item have \
                 nested levels beyond supported limit"
            );
        }
    }

    #[test]
    fn invalid_items_are_rejected_with_the_service_wording() {
        let cases = [
            (
                item(&[("SK", AttrValue::s("x"))]),
                "One or more parameter values were invalid: Missing the key PK in the item",
            ),
            (
                item(&[("PK", AttrValue::n(1)), ("SK", AttrValue::s("x"))]),
                "One or more parameter values were invalid: Type mismatch for key PK expected: S actual: N",
            ),
            (
                item(&[("PK", AttrValue::s("a")), ("SK", AttrValue::s(""))]),
                "One or more parameter values are not valid. The AttributeValue for a key attribute cannot contain an empty string value. Key: SK",
            ),
            (
                item(&[
                    ("PK", AttrValue::s("a".repeat(2049))),
                    ("SK", AttrValue::s("x")),
                ]),
                "One or more parameter values were invalid: Size of hashkey has exceeded the maximum size limit of2048 bytes",
            ),
            (
                item(&[
                    ("PK", AttrValue::s("a")),
                    ("SK", AttrValue::s("x".repeat(1025))),
                ]),
                "One or more parameter values were invalid: Aggregated size of all range keys has exceeded the size limit of 1024 bytes",
            ),
            (
                item(&[
                    ("PK", AttrValue::s("a")),
                    ("SK", AttrValue::s("x")),
                    (
                        "m",
                        AttrValue::M(BTreeMap::from([(
                            "tags".to_owned(),
                            AttrValue::Ss(BTreeSet::new()),
                        )])),
                    ),
                ]),
                "One or more parameter values were invalid: An string set  may not be empty",
            ),
            (
                item(&[
                    ("PK", AttrValue::s("a")),
                    ("SK", AttrValue::s("x")),
                    ("big", AttrValue::s("z".repeat(MAX_ITEM_SIZE))),
                ]),
                "Item size has exceeded the maximum allowed size",
            ),
        ];
        for (item, expected) in cases {
            assert_eq!(
                message(check_item(&table(), &item, WriteKind::Put)),
                expected
            );
        }
    }

    #[test]
    fn keys_at_exactly_the_size_limits_are_accepted() {
        let at_limits = item(&[
            ("PK", AttrValue::s("a".repeat(2048))),
            ("SK", AttrValue::s("x".repeat(1024))),
            ("empty", AttrValue::s("")),
            ("list", AttrValue::L(vec![])),
        ]);
        assert!(check_item(&table(), &at_limits, WriteKind::Put).is_ok());
    }

    #[test]
    fn an_item_of_exactly_400_kb_is_accepted_and_one_byte_more_is_not() {
        let base = item(&[("PK", AttrValue::s("a")), ("SK", AttrValue::s("x"))]);
        let overhead = item_size(&base) + "pad".len();
        let mut exact = base.clone();
        exact.insert(
            "pad".into(),
            AttrValue::s("p".repeat(MAX_ITEM_SIZE - overhead)),
        );
        assert!(check_item(&table(), &exact, WriteKind::Update).is_ok());
        exact.insert(
            "pad".into(),
            AttrValue::s("p".repeat(MAX_ITEM_SIZE - overhead + 1)),
        );
        assert_eq!(
            message(check_item(&table(), &exact, WriteKind::Update)),
            "Item size to update has exceeded the maximum allowed size"
        );
    }

    #[test]
    fn a_request_key_must_be_exactly_the_table_key() {
        let mismatch = "The provided key element does not match the schema";
        let cases = [
            item(&[("PK", AttrValue::s("a"))]),
            item(&[("PK", AttrValue::s("a")), ("SK", AttrValue::n(1))]),
            item(&[
                ("PK", AttrValue::s("a")),
                ("SK", AttrValue::s("x")),
                ("other", AttrValue::s("y")),
            ]),
            item(&[("PK", AttrValue::s("a")), ("Sk", AttrValue::s("x"))]),
        ];
        for key in cases {
            assert_eq!(message(request_key(&table(), &key)), mismatch);
        }
        assert!(
            request_key(
                &table(),
                &item(&[("PK", AttrValue::s("a")), ("SK", AttrValue::s("x"))])
            )
            .is_ok()
        );
    }
}
