//! What a model says about the table beyond its entities' keys: the marker attribute that names
//! an entity when the model has no key templates (a library that computes keys in code writes
//! its entity's name into the item), and the key schema and indexes the model was written for,
//! so that a model of another table is reported rather than silently matching nothing.

use super::schema::{KeyAttribute, KeySchema, TableDescription};
use super::value::{AttrValue, Item, ValueType};

/// An attribute whose string value names the item's entity (`_et = "Order"`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EntityMarker {
    pub attribute: String,
    pub value: String,
}

impl EntityMarker {
    /// Whether `item` carries this marker.
    #[must_use]
    pub fn matches(&self, item: &Item) -> bool {
        item.get(&self.attribute).and_then(AttrValue::as_s) == Some(self.value.as_str())
    }
}

/// The table a model describes: its key and its indexes' keys.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ModelTable {
    pub key: KeySchema,
    pub indexes: Vec<(String, KeySchema)>,
}

impl ModelTable {
    /// Where the table `description` differs from the model's: each a sentence naming the
    /// model's expectation and what the table has (raw names: escape them before printing).
    #[must_use]
    pub fn mismatches(&self, description: &TableDescription) -> Vec<String> {
        let mut found = key_mismatches("the table", &self.key, &description.key);
        for (name, key) in &self.indexes {
            match description.index(name) {
                Some(index) => {
                    found.extend(key_mismatches(&format!("index {name}"), key, &index.key));
                }
                None => found.push(format!(
                    "the model's index {name} ({}) is not on the table",
                    key_text(key)
                )),
            }
        }
        found
    }
}

fn key_mismatches(what: &str, model: &KeySchema, table: &KeySchema) -> Vec<String> {
    let mut found = Vec::new();
    let (model_partition, table_partition) = (
        model.partition_attributes().collect::<Vec<_>>(),
        table.partition_attributes().collect::<Vec<_>>(),
    );
    if model_partition != table_partition {
        found.push(format!(
            "the model's partition key of {what} is {}, the table's is {}",
            part_text(&model_partition),
            part_text(&table_partition)
        ));
    }
    let (model_sort, table_sort) = (
        model.sort_attributes().collect::<Vec<_>>(),
        table.sort_attributes().collect::<Vec<_>>(),
    );
    if model_sort != table_sort {
        found.push(format!(
            "the model's sort key of {what} is {}, the table's is {}",
            part_text(&model_sort),
            part_text(&table_sort)
        ));
    }
    found
}

/// A key part's attributes joined by `+`, or `none`.
fn part_text(attributes: &[&KeyAttribute]) -> String {
    if attributes.is_empty() {
        return "none".to_owned();
    }
    let texts: Vec<String> = attributes.iter().map(|a| attribute_text(a)).collect();
    texts.join(" + ")
}

fn key_text(key: &KeySchema) -> String {
    let attributes: Vec<&KeyAttribute> = key.attributes().collect();
    part_text(&attributes)
}

fn attribute_text(attribute: &KeyAttribute) -> String {
    let kind = match attribute.value_type {
        ValueType::N => "number",
        ValueType::B => "binary",
        _ => "string",
    };
    format!("{} ({kind})", attribute.name)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::schema::{IndexKind, IndexSchema, Projection};

    fn key(pk: &str, sk: Option<&str>) -> KeySchema {
        KeySchema::new(
            KeyAttribute::new(pk, ValueType::S),
            sk.map(|sk| KeyAttribute::new(sk, ValueType::S)),
        )
    }

    fn table() -> TableDescription {
        let mut description = TableDescription::new("shop", key("PK", Some("SK")));
        description.indexes.push(IndexSchema {
            name: "byType".into(),
            kind: IndexKind::Global,
            key: key("_et", Some("_md")),
            projection: Projection::All,
            item_count: None,
            size_bytes: None,
            status: None,
        });
        description
    }

    #[test]
    fn a_model_of_the_same_keys_fits() {
        let model = ModelTable {
            key: key("PK", Some("SK")),
            indexes: vec![("byType".into(), key("_et", Some("_md")))],
        };
        assert_eq!(model.mismatches(&table()), Vec::<String>::new());
    }

    #[test]
    fn other_key_names_types_and_missing_indexes_are_each_named() {
        let mut model = ModelTable {
            key: key("pk", Some("SK")),
            indexes: vec![("gsi1".into(), key("gsi1pk", None))],
        };
        model.key.sort = Some(KeyAttribute::new("SK", ValueType::N));
        assert_eq!(
            model.mismatches(&table()),
            [
                "the model's partition key of the table is pk (string), the table's is PK (string)",
                "the model's sort key of the table is SK (number), the table's is SK (string)",
                "the model's index gsi1 (gsi1pk (string)) is not on the table",
            ]
        );
    }

    #[test]
    fn multi_attribute_index_keys_are_compared_attribute_by_attribute() {
        let s = |name: &str| KeyAttribute::new(name, ValueType::S);
        let gsi3 = |second: &str| {
            KeySchema::from_parts(vec![s("status"), s(second)], vec![s("placedAt")])
                .expect("a multi-attribute key")
        };
        let mut description = table();
        description.indexes.push(IndexSchema {
            name: "GSI3".into(),
            kind: IndexKind::Global,
            key: gsi3("region"),
            projection: Projection::All,
            item_count: None,
            size_bytes: None,
            status: None,
        });
        let model = |second: &str| ModelTable {
            key: key("PK", Some("SK")),
            indexes: vec![("GSI3".into(), gsi3(second))],
        };
        assert_eq!(
            model("region").mismatches(&description),
            Vec::<String>::new()
        );
        assert_eq!(
            model("area").mismatches(&description),
            [
                "the model's partition key of index GSI3 is status (string) + area (string), \
              the table's is status (string) + region (string)"
            ]
        );
    }

    #[test]
    fn markers_match_string_values_only() {
        let marker = EntityMarker {
            attribute: "_et".into(),
            value: "Order".into(),
        };
        let item = |value: AttrValue| Item::from([("_et".to_owned(), value)]);
        assert!(marker.matches(&item(AttrValue::s("Order"))));
        assert!(!marker.matches(&item(AttrValue::s("order"))));
        assert!(!marker.matches(&Item::new()));
    }
}
