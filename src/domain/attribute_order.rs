//! The order an item's attributes are summarised in on one line: what says the state of the
//! thing first (`status`, `type`, `priority`, `updatedAt`), then the rest by name, and last the
//! index key attributes, which repeat what the keys already say (`GSI1PK = STATUS#OPEN`).

use super::model::{Model, TimestampRole};
use super::schema::TableDescription;
use super::value::Item;

/// Names read first, in this order, compared without case and without `_`/`-`.
const STATE_LIKE: [&str; 12] = [
    "status",
    "state",
    "type",
    "kind",
    "entity",
    "priority",
    "stage",
    "updatedat",
    "modifiedat",
    "lastmodified",
    "createdat",
    "version",
];

fn plain(name: &str) -> String {
    name.chars()
        .filter(|c| !matches!(c, '_' | '-'))
        .flat_map(char::to_lowercase)
        .collect()
}

/// Where a name sorts: state-like by their rank, the rest, then index keys. A timestamp the
/// model declares (`_md`, `_ct`) ranks as the name it stands for (`modifiedAt`, `createdAt`).
fn rank(name: &str, index_keys: &[&str], timestamps: &[(&str, TimestampRole)]) -> (u8, usize) {
    let plain = match timestamps.iter().find(|(known, _)| *known == name) {
        Some((_, TimestampRole::Modified)) => "modifiedat".to_owned(),
        Some((_, TimestampRole::Created)) => "createdat".to_owned(),
        None => plain(name),
    };
    if let Some(at) = STATE_LIKE.iter().position(|known| *known == plain) {
        return (0, at);
    }
    if index_keys.contains(&name) {
        return (2, 0);
    }
    (1, 0)
}

/// The table's key names, read once for every line drawn.
#[derive(Clone, Debug, Default)]
pub struct SummaryOrder<'t> {
    table_keys: Vec<&'t str>,
    index_keys: Vec<&'t str>,
    timestamps: Vec<(&'t str, TimestampRole)>,
}

impl<'t> SummaryOrder<'t> {
    /// The order for items of `table` (every attribute kept, by name after state, without one).
    #[must_use]
    pub fn of(table: Option<&'t TableDescription>) -> Self {
        let Some(table) = table else {
            return Self::default();
        };
        Self {
            table_keys: table.key.names().collect(),
            index_keys: table
                .indexes
                .iter()
                .flat_map(|index| index.key.names())
                .collect(),
            timestamps: Vec::new(),
        }
    }

    /// Reads the timestamps `model` declares as the state-like names they stand for.
    #[must_use]
    pub fn with_model(mut self, model: Option<&'t Model>) -> Self {
        self.timestamps = model.map_or_else(Vec::new, |model| model.timestamp_names().collect());
        self
    }

    /// `names` in reading order: state-like first, index keys last, the rest as they were.
    pub fn sort_names(&self, names: &mut [String]) {
        names.sort_by_key(|name| self.rank_of(name));
    }

    /// Where `name` reads: lower first (state-like by their rank, then the rest, then index keys).
    #[must_use]
    pub fn rank_of(&self, name: &str) -> (u8, usize) {
        rank(name, &self.index_keys, &self.timestamps)
    }

    /// The attributes of `item` to summarise, without the table's own keys, in reading order.
    #[must_use]
    pub fn of_item<'a>(&self, item: &'a Item) -> Vec<&'a str> {
        let mut names: Vec<&str> = item
            .keys()
            .map(String::as_str)
            .filter(|name| !self.table_keys.contains(name))
            .collect();
        // Stable: within a rank, names keep the item's (alphabetical) order.
        names.sort_by_key(|name| rank(name, &self.index_keys, &self.timestamps));
        names
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::schema::{IndexKind, IndexSchema, KeyAttribute, KeySchema, Projection};
    use crate::domain::value::{AttrValue, ValueType};

    fn table() -> TableDescription {
        let mut table = TableDescription::new(
            "Desk",
            KeySchema::new(
                KeyAttribute::new("PK", ValueType::S),
                Some(KeyAttribute::new("SK", ValueType::S)),
            ),
        );
        table.indexes.push(IndexSchema {
            name: "GSI1".into(),
            kind: IndexKind::Global,
            key: KeySchema::new(
                KeyAttribute::new("GSI1PK", ValueType::S),
                Some(KeyAttribute::new("GSI1SK", ValueType::S)),
            ),
            projection: Projection::All,
            item_count: None,
            size_bytes: None,
            status: None,
        });
        table
    }

    #[test]
    fn state_first_index_keys_last_table_keys_out() {
        let item: Item = [
            "PK",
            "SK",
            "GSI1PK",
            "GSI1SK",
            "assignee",
            "body",
            "priority",
            "status",
            "updated_at",
            "Type",
        ]
        .into_iter()
        .map(|name| (name.to_owned(), AttrValue::s("x")))
        .collect();
        assert_eq!(
            SummaryOrder::of(Some(&table())).of_item(&item),
            [
                "status",
                "Type",
                "priority",
                "updated_at",
                "assignee",
                "body",
                "GSI1PK",
                "GSI1SK"
            ]
        );
    }

    #[test]
    fn a_models_timestamps_read_as_the_modified_and_created_times_they_are() {
        let item: Item = ["PK", "SK", "_ct", "_et", "_md", "name", "status"]
            .into_iter()
            .map(|name| (name.to_owned(), AttrValue::s("x")))
            .collect();
        let table = table();
        assert_eq!(
            SummaryOrder::of(Some(&table)).of_item(&item),
            ["status", "_ct", "_et", "_md", "name"],
            "without a model they are names like any other"
        );
        let mut model = Model::default();
        model.entities.push(crate::domain::model::EntityModel {
            name: "Order".into(),
            pk: None,
            sk: None,
            marker: None,
            version_attribute: None,
            timeline: false,
            timestamps: crate::domain::model::EntityTimestamps {
                created: Some("_ct".into()),
                modified: Some("_md".into()),
            },
        });
        assert_eq!(
            SummaryOrder::of(Some(&table))
                .with_model(Some(&model))
                .of_item(&item),
            ["status", "_md", "_ct", "_et", "name"]
        );
    }

    #[test]
    fn without_a_description_every_attribute_is_kept_in_name_order_after_state() {
        let item: Item = ["b", "a", "status"]
            .into_iter()
            .map(|name| (name.to_owned(), AttrValue::s("x")))
            .collect();
        assert_eq!(SummaryOrder::of(None).of_item(&item), ["status", "a", "b"]);
    }
}
