//! Secondary-index membership and projection.
//!
//! An item belongs to an index only when it has *every* index key attribute (sparse indexes).
//! An item that has an index key attribute of the wrong type, or an empty one, is refused on
//! write with the service's wording; on import (offline exports) it is kept in the table and left
//! out of the index, as DynamoDB does when backfilling an index.

use crate::domain::schema::{IndexSchema, KeyAttribute, KeySchema, Projection};
use crate::domain::value::{AttrValue, Item};

use super::key::ScalarKey;

/// Where an item stands with respect to one index.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Membership {
    /// In the index under this (partition, sort) key.
    Member(ScalarKey, Option<ScalarKey>),
    /// Missing at least one index key attribute: not in the index.
    Absent,
    /// Has an index key attribute the index cannot hold; the text is the service's message.
    Violation(String),
}

/// Decides the membership of `item` in `index`: a member only with every key attribute of
/// every part present. A present key attribute of the wrong type, or empty, is a violation even
/// when another is missing, as on a one-attribute key; the first in key order is reported.
#[must_use]
pub fn membership(index: &IndexSchema, item: &Item) -> Membership {
    let partition = part_value(index, index.key.partition_attributes(), item);
    let sort =
        (index.key.sort.as_ref()).map(|_| part_value(index, index.key.sort_attributes(), item));
    match (partition, sort) {
        (Err(message), _) | (_, Some(Err(message))) => Membership::Violation(message),
        (Ok(Some(partition)), None) => Membership::Member(partition, None),
        (Ok(Some(partition)), Some(Ok(Some(sort)))) => Membership::Member(partition, Some(sort)),
        _ => Membership::Absent,
    }
}

/// The key value of one part (partition or sort) of `item`, `None` when an attribute of it is
/// missing. Every attribute is checked even past a missing one, so a violation is never hidden;
/// the part of one attribute, by far the most common, builds no list.
fn part_value<'a>(
    index: &IndexSchema,
    attributes: impl Iterator<Item = &'a KeyAttribute>,
    item: &Item,
) -> Result<Option<ScalarKey>, String> {
    let (mut first, mut more, mut missing) = (None, Vec::new(), false);
    for attribute in attributes {
        match key_part(index, attribute, item)? {
            Some(value) if first.is_none() => first = Some(value),
            Some(value) => more.push(value),
            None => missing = true,
        }
    }
    if missing {
        return Ok(None);
    }
    Ok(first.map(|first| {
        if more.is_empty() {
            return first;
        }
        more.insert(0, first);
        ScalarKey::of_part(more)
    }))
}

fn key_part(
    index: &IndexSchema,
    attribute: &KeyAttribute,
    item: &Item,
) -> Result<Option<ScalarKey>, String> {
    let name = &attribute.name;
    let Some(value) = item.get(name) else {
        return Ok(None);
    };
    let expected = attribute.value_type;
    let actual = value.value_type();
    if expected != actual {
        return Err(format!(
            "One or more parameter values were invalid: Type mismatch for Index Key {name} Expected: {} Actual: {actual} IndexName: {}",
            expected.descriptor(),
            index.name
        ));
    }
    if is_empty_scalar(value) {
        let kind = if matches!(value, AttrValue::B(_)) {
            "binary"
        } else {
            "string"
        };
        return Err(format!(
            "One or more parameter values are not valid. A value specified for a secondary index key is not supported. The AttributeValue for a key attribute cannot contain an empty {kind} value. IndexName: {}, IndexKey: {name}",
            index.name
        ));
    }
    Ok(ScalarKey::from_value(value))
}

fn is_empty_scalar(value: &AttrValue) -> bool {
    match value {
        AttrValue::S(text) => text.is_empty(),
        AttrValue::B(bytes) => bytes.is_empty(),
        _ => false,
    }
}

/// The attributes of `item` an index holds: table keys and index keys always, plus the
/// projection's non-key attributes.
#[must_use]
pub fn project(index: &IndexSchema, table_key: &KeySchema, mut item: Item) -> Item {
    if index.projection != Projection::All {
        item.retain(|name, _| projected_by(index, table_key, name));
    }
    item
}

/// True when an index with this projection holds the attribute `name`.
#[must_use]
pub fn projected_by(index: &IndexSchema, table_key: &KeySchema, name: &str) -> bool {
    table_key.contains(name)
        || index.key.contains(name)
        || match &index.projection {
            Projection::All => true,
            Projection::KeysOnly => false,
            Projection::Include(names) => names.iter().any(|included| included == name),
        }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::schema::IndexKind;
    use crate::domain::value::ValueType;

    fn gsi(projection: Projection) -> IndexSchema {
        IndexSchema {
            name: "GSI1".into(),
            kind: IndexKind::Global,
            key: KeySchema::new(
                KeyAttribute::new("GSI1PK", ValueType::S),
                Some(KeyAttribute::new("GSI1SK", ValueType::S)),
            ),
            projection,
            item_count: None,
            size_bytes: None,
            status: None,
        }
    }

    fn item(pairs: &[(&str, AttrValue)]) -> Item {
        pairs
            .iter()
            .map(|(name, value)| ((*name).to_owned(), value.clone()))
            .collect()
    }

    #[test]
    fn an_item_missing_any_index_key_attribute_is_not_in_the_index() {
        let index = gsi(Projection::All);
        let only_pk = item(&[("GSI1PK", AttrValue::s("GROUP#1"))]);
        let only_sk = item(&[("GSI1SK", AttrValue::s("USER#1"))]);
        assert_eq!(membership(&index, &only_pk), Membership::Absent);
        assert_eq!(membership(&index, &only_sk), Membership::Absent);
    }

    #[test]
    fn an_item_with_both_index_keys_is_a_member_under_those_keys() {
        let index = gsi(Projection::All);
        let both = item(&[
            ("GSI1PK", AttrValue::s("GROUP#1")),
            ("GSI1SK", AttrValue::s("USER#1")),
        ]);
        assert_eq!(
            membership(&index, &both),
            Membership::Member(
                ScalarKey::S("GROUP#1".into()),
                Some(ScalarKey::S("USER#1".into()))
            )
        );
    }

    #[test]
    fn index_key_of_the_wrong_type_is_a_violation_with_the_service_wording() {
        let index = gsi(Projection::All);
        let cases = [
            (
                item(&[("GSI1PK", AttrValue::n(1)), ("GSI1SK", AttrValue::s("x"))]),
                "One or more parameter values were invalid: Type mismatch for Index Key GSI1PK Expected: S Actual: N IndexName: GSI1",
            ),
            (
                item(&[("GSI1SK", AttrValue::Null)]),
                "One or more parameter values were invalid: Type mismatch for Index Key GSI1SK Expected: S Actual: NULL IndexName: GSI1",
            ),
            (
                item(&[("GSI1PK", AttrValue::s("")), ("GSI1SK", AttrValue::s("x"))]),
                "One or more parameter values are not valid. A value specified for a secondary index key is not supported. The AttributeValue for a key attribute cannot contain an empty string value. IndexName: GSI1, IndexKey: GSI1PK",
            ),
        ];
        for (item, expected) in cases {
            assert_eq!(
                membership(&index, &item),
                Membership::Violation(expected.into())
            );
        }
    }

    #[test]
    fn keys_only_and_include_projections_keep_exactly_keys_and_listed_attributes() {
        let table_key = KeySchema::new(
            KeyAttribute::new("PK", ValueType::S),
            Some(KeyAttribute::new("SK", ValueType::S)),
        );
        let full = item(&[
            ("PK", AttrValue::s("U")),
            ("SK", AttrValue::s("M")),
            ("GSI1PK", AttrValue::s("G")),
            ("GSI1SK", AttrValue::s("U")),
            ("name", AttrValue::s("Ann")),
            ("email", AttrValue::s("a@x")),
        ]);
        let keys: Vec<String> = project(&gsi(Projection::KeysOnly), &table_key, full.clone())
            .into_keys()
            .collect();
        assert_eq!(keys, ["GSI1PK", "GSI1SK", "PK", "SK"]);
        let included: Vec<String> = project(
            &gsi(Projection::Include(vec!["name".into()])),
            &table_key,
            full,
        )
        .into_keys()
        .collect();
        assert_eq!(included, ["GSI1PK", "GSI1SK", "PK", "SK", "name"]);
    }
}
