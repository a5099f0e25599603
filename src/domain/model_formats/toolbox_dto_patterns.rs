//! The access patterns of an entity known only by its marker: one per key it can be read by
//! (the table's and each index's), asking for the partition key's value and keeping the
//! entity's items. An index keyed by the marker itself (`_et`) needs no value: its partition
//! *is* the entity. On a multi-attribute index the pattern asks for each partition attribute's
//! value, then optionally each sort attribute's, in key order.

use crate::domain::access_pattern::{AccessPattern, SortCondition, SortOperator};
use crate::domain::key_template::KeyTemplate;
use crate::domain::model::EntityMarker;
use crate::domain::schema::KeySchema;

/// The patterns of `entity` on the table `key` (when known) and on each of `indexes`.
pub(super) fn entity_patterns(
    entity: &str,
    marker: Option<&EntityMarker>,
    indexes: &[(String, KeySchema)],
    key: Option<&KeySchema>,
) -> Vec<AccessPattern> {
    let table = key.map(|key| (None, key));
    let on_indexes = indexes.iter().map(|(name, key)| (Some(name.as_str()), key));
    table
        .into_iter()
        .chain(on_indexes)
        .map(|(index, key)| {
            if key.is_multi_attribute() {
                multi_attribute_pattern(entity, marker, index, key)
            } else {
                pattern(entity, marker, index, key)
            }
        })
        .collect()
}

fn pattern(
    entity: &str,
    marker: Option<&EntityMarker>,
    index: Option<&str>,
    key: &KeySchema,
) -> AccessPattern {
    let partition = key.partition.name.as_str();
    let keyed_by_marker = marker.is_some_and(|marker| marker.attribute == partition);
    let literal = keyed_by_marker
        .then(|| KeyTemplate::parse(entity).ok())
        .flatten()
        .filter(|template| template.placeholders().next().is_none());
    let name = match index {
        None => format!("{entity} by {partition}"),
        Some(index) => format!("{entity} by {partition} on {index}"),
    };
    AccessPattern {
        more_pk: Vec::new(),
        name,
        index: index.map(str::to_owned),
        pk: literal.clone().unwrap_or_else(|| value_of(partition)),
        sk: None,
        entity: if literal.is_some() {
            None
        } else {
            marker.cloned()
        },
    }
}

/// `Order by status + region on GSI3`: a value for each partition attribute, then for each
/// sort attribute compared with `=` (left empty, it and the ones after it are left out).
fn multi_attribute_pattern(
    entity: &str,
    marker: Option<&EntityMarker>,
    index: Option<&str>,
    key: &KeySchema,
) -> AccessPattern {
    let names: Vec<&str> = key
        .partition_attributes()
        .map(|a| a.name.as_str())
        .collect();
    let mut sort: Vec<KeyTemplate> = key.sort_attributes().map(|a| value_of(&a.name)).collect();
    let last = sort.pop();
    AccessPattern {
        name: format!(
            "{entity} by {} on {}",
            names.join(" + "),
            index.unwrap_or("the table")
        ),
        index: index.map(str::to_owned),
        pk: value_of(&key.partition.name),
        more_pk: key
            .more_partition
            .iter()
            .map(|a| value_of(&a.name))
            .collect(),
        sk: last.map(|template| SortCondition {
            leading: sort,
            operator: SortOperator::Eq,
            template,
            upper: None,
        }),
        entity: marker.cloned(),
    }
}

/// `{PK}`: the whole key asked for, under the attribute's name made a placeholder name.
fn value_of(attribute: &str) -> KeyTemplate {
    let mut name: String = attribute
        .chars()
        .map(|c| if c.is_ascii_alphanumeric() { c } else { '_' })
        .collect();
    if !name.starts_with(|c: char| c.is_ascii_alphabetic() || c == '_') {
        name.insert(0, '_');
    }
    // An identifier in braces is always a template.
    KeyTemplate::parse(&format!("{{{name}}}")).expect("a placeholder template")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::schema::KeyAttribute;
    use crate::domain::value::ValueType;

    fn key(pk: &str, sk: Option<&str>) -> KeySchema {
        KeySchema::new(
            KeyAttribute::new(pk, ValueType::S),
            sk.map(|sk| KeyAttribute::new(sk, ValueType::S)),
        )
    }

    fn marker(value: &str) -> EntityMarker {
        EntityMarker {
            attribute: "_et".into(),
            value: value.into(),
        }
    }

    #[test]
    fn each_key_gives_a_pattern_that_keeps_the_entity_s_items() {
        let indexes = [
            ("byType".to_owned(), key("_et", Some("_md"))),
            ("gsi-1".to_owned(), key("gsi-1pk", None)),
        ];
        let order = marker("Order");
        let patterns = entity_patterns(
            "Order",
            Some(&order),
            &indexes,
            Some(&key("PK", Some("SK"))),
        );
        let summary: Vec<(&str, Option<&str>, &str, bool)> = patterns
            .iter()
            .map(|p| {
                (
                    p.name.as_str(),
                    p.index.as_deref(),
                    p.pk.as_str(),
                    p.entity.is_some(),
                )
            })
            .collect();
        assert_eq!(
            summary,
            [
                ("Order by PK", None, "{PK}", true),
                ("Order by _et on byType", Some("byType"), "Order", false),
                (
                    "Order by gsi-1pk on gsi-1",
                    Some("gsi-1"),
                    "{gsi_1pk}",
                    true
                ),
            ]
        );
    }

    #[test]
    fn a_name_that_is_no_template_is_asked_for() {
        let indexes = [("byType".to_owned(), key("_et", None))];
        let odd = marker("{odd");
        let patterns = entity_patterns("{odd", Some(&odd), &indexes, None);
        let [only] = patterns.as_slice() else {
            panic!("{patterns:?}")
        };
        assert_eq!(
            (only.pk.as_str(), only.entity.as_ref()),
            ("{_et}", Some(&odd))
        );
        assert_eq!(value_of("1pk").as_str(), "{_1pk}");
    }

    #[test]
    fn a_multi_attribute_index_asks_for_each_partition_then_each_sort_attribute() {
        let multi = KeySchema::from_parts(
            ["status", "region"]
                .map(|name| KeyAttribute::new(name, ValueType::S))
                .to_vec(),
            ["placedAt", "total"]
                .map(|name| KeyAttribute::new(name, ValueType::S))
                .to_vec(),
        )
        .expect("two attributes per part");
        let order = marker("Order");
        let patterns = entity_patterns("Order", Some(&order), &[("GSI3".to_owned(), multi)], None);
        let [only] = patterns.as_slice() else {
            panic!("{patterns:?}")
        };
        assert_eq!(only.name, "Order by status + region on GSI3");
        assert_eq!(
            crate::domain::pattern_query::parameters(only),
            ["status", "region", "placedAt", "total"]
        );
        let sk = only.sk.as_ref().expect("the sort attributes");
        assert_eq!(sk.operator, SortOperator::Eq);
        assert_eq!(only.entity.as_ref(), Some(&order));
    }
}
