//! The item inspector's state and its rows: an attribute tree with types (or the item as plain
//! JSON / DynamoDB JSON), then size, index membership and related collections. The rows are
//! computed from the item on demand, so `update` (copy a value, follow a link) and `ui` (draw)
//! agree on what row N is.

use std::fmt::Write as _;

use base64::Engine as _;

use crate::domain::model::TimestampRole;
use crate::domain::schema::TableDescription;
use crate::domain::timestamp::{recognise_epoch_number, recognise_timestamp_text};
use crate::domain::value::{AttrValue, Item};
use crate::domain::{ddb_json, plain_json};

use crate::app::state::inspect::item_facts;
pub use crate::app::state::inspect::partial::PartialItem;
pub use crate::app::state::inspect::row::{InspectorRow, RowContext, RowKind};
use crate::domain::figures::counted;

/// How the item is shown.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum ItemFormat {
    #[default]
    Tree,
    PlainJson,
    DdbJson,
}

impl ItemFormat {
    #[must_use]
    pub const fn next(self) -> Self {
        match self {
            Self::Tree => Self::PlainJson,
            Self::PlainJson => Self::DdbJson,
            Self::DdbJson => Self::Tree,
        }
    }

    #[must_use]
    pub const fn label(self) -> &'static str {
        match self {
            Self::Tree => "tree",
            Self::PlainJson => "plain JSON",
            Self::DdbJson => "DynamoDB JSON",
        }
    }
}

/// How binary values are written in the tree.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum BinaryFormat {
    #[default]
    Base64,
    Hex,
}

/// The inspector view: one item and how it is shown.
#[derive(Clone, Debug, PartialEq)]
pub struct Inspector {
    pub item: Item,
    pub format: ItemFormat,
    pub binary: BinaryFormat,
    pub cursor: usize,
    /// Set when the item is an index's partial copy (`F` fetches the base item).
    pub partial: Option<PartialItem>,
}

impl Inspector {
    #[must_use]
    pub fn new(item: Item) -> Self {
        Self {
            item,
            format: ItemFormat::Tree,
            binary: BinaryFormat::Base64,
            cursor: 0,
            partial: None,
        }
    }

    /// An item as a partially projecting index holds it.
    #[must_use]
    pub fn partial(item: Item, partial: PartialItem) -> Self {
        Self {
            partial: Some(partial),
            ..Self::new(item)
        }
    }

    /// Every row of the current format.
    #[must_use]
    pub fn rows(&self, context: &RowContext<'_>) -> Vec<InspectorRow> {
        let mut rows = Vec::new();
        match self.format {
            ItemFormat::Tree => {
                let ttl = context
                    .description
                    .and_then(|description| description.ttl.as_ref())
                    .map(|ttl| ttl.attribute.as_str());
                let chips = item_facts::key_chips(&self.item, context);
                let stamps = context
                    .description
                    .and_then(|table| context.entities.timestamps_of(&self.item, &table.key));
                for name in ordered_names(&self.item, context.description) {
                    let value = &self.item[name];
                    let role = stamps.and_then(|stamps| stamps.role_of(name));
                    let note = if Some(name) == ttl {
                        Some(item_facts::ttl_note(value, context.unix_seconds))
                    } else if let Some(role) = role {
                        Some(stamp_note(role, value))
                    } else {
                        chips.get(name).cloned()
                    };
                    self.push_value(&mut rows, 0, name.to_owned(), value, note);
                }
            }
            ItemFormat::PlainJson | ItemFormat::DdbJson => {
                let json = self.json_text();
                rows.extend(
                    json.lines()
                        .map(|line| InspectorRow::text(RowKind::Json, "", line)),
                );
            }
        }
        rows.push(InspectorRow::text(RowKind::Heading, "", ""));
        match &self.partial {
            Some(partial) => rows.extend(item_facts::partial_rows(&self.item, partial, context)),
            None => rows.extend(item_facts::rows(&self.item, context)),
        }
        rows
    }

    /// The item in the current JSON format (plain JSON in tree mode).
    #[must_use]
    pub fn json_text(&self) -> String {
        let json = match self.format {
            ItemFormat::DdbJson => ddb_json::item_to_json(&self.item),
            _ => plain_json::item_to_plain_json(&self.item),
        };
        serde_json::to_string_pretty(&json).unwrap_or_default()
    }

    fn push_value(
        &self,
        rows: &mut Vec<InspectorRow>,
        depth: usize,
        label: String,
        value: &AttrValue,
        note: Option<String>,
    ) {
        let (text, copy) = self.scalar_text(value);
        let note = note.or_else(|| timestamp_note(value));
        rows.push(InspectorRow {
            kind: RowKind::Attribute,
            depth,
            label,
            type_tag: value.value_type().descriptor(),
            value: text,
            note,
            copy: Some(copy),
            link: None,
        });
        match value {
            AttrValue::M(map) => {
                for (name, child) in map {
                    self.push_value(rows, depth + 1, name.clone(), child, None);
                }
            }
            AttrValue::L(list) => {
                for (index, child) in list.iter().enumerate() {
                    self.push_value(rows, depth + 1, format!("[{index}]"), child, None);
                }
            }
            AttrValue::Ss(set) => {
                self.push_members(rows, depth + 1, set.iter().cloned().map(AttrValue::S));
            }
            AttrValue::Ns(set) => {
                self.push_members(rows, depth + 1, set.iter().cloned().map(AttrValue::N));
            }
            AttrValue::Bs(set) => {
                self.push_members(rows, depth + 1, set.iter().cloned().map(AttrValue::B));
            }
            _ => {}
        }
    }

    /// A set's members: one unlabelled (`·`) row each, shown as the scalar it is.
    fn push_members(
        &self,
        rows: &mut Vec<InspectorRow>,
        depth: usize,
        members: impl Iterator<Item = AttrValue>,
    ) {
        for member in members {
            self.push_value(rows, depth, "·".to_owned(), &member, None);
        }
    }

    /// Display text and copy text of a value: scalars in full (every digit), containers as a
    /// summary with their plain JSON as the copy text.
    fn scalar_text(&self, value: &AttrValue) -> (String, String) {
        match value {
            AttrValue::S(text) => (format!("\"{text}\""), text.clone()),
            AttrValue::N(number) => (number.to_string(), number.to_string()),
            AttrValue::B(bytes) => {
                let text = match self.binary {
                    BinaryFormat::Base64 => base64::engine::general_purpose::STANDARD.encode(bytes),
                    BinaryFormat::Hex => bytes.iter().fold(String::new(), |mut out, byte| {
                        let _ = write!(out, "{byte:02x}");
                        out
                    }),
                };
                (text.clone(), text)
            }
            AttrValue::Bool(flag) => (flag.to_string(), flag.to_string()),
            AttrValue::Null => ("null".to_owned(), "null".to_owned()),
            AttrValue::M(map) => (
                format!(
                    "{{{}}}",
                    counted(map.len() as u64, "attribute", "attributes")
                ),
                json_of(value),
            ),
            AttrValue::L(list) => (
                format!("[{}]", counted(list.len() as u64, "element", "elements")),
                json_of(value),
            ),
            AttrValue::Ss(set) => (
                format!("{{{}}}", counted(set.len() as u64, "string", "strings")),
                json_of(value),
            ),
            AttrValue::Ns(set) => (
                format!("{{{}}}", counted(set.len() as u64, "number", "numbers")),
                json_of(value),
            ),
            AttrValue::Bs(set) => (
                format!("{{{}}}", counted(set.len() as u64, "binary", "binaries")),
                json_of(value),
            ),
        }
    }
}

fn json_of(value: &AttrValue) -> String {
    serde_json::to_string(&plain_json::to_plain_json(value)).unwrap_or_default()
}

/// Key attributes first (table keys, then index keys), then the rest by name.
fn ordered_names<'a>(item: &'a Item, description: Option<&TableDescription>) -> Vec<&'a str> {
    let mut keys: Vec<&str> = Vec::new();
    if let Some(description) = description {
        let index_keys = description
            .indexes
            .iter()
            .flat_map(|index| index.key.names());
        for name in description.key.names().chain(index_keys) {
            if let Some((stored, _)) = item.get_key_value(name)
                && !keys.contains(&stored.as_str())
            {
                keys.push(stored);
            }
        }
    }
    let rest = item
        .keys()
        .map(String::as_str)
        .filter(|name| !keys.contains(name));
    let mut names = keys.clone();
    names.extend(rest);
    names
}

/// A timestamp the item's model declares: its time, and what it records.
fn stamp_note(role: TimestampRole, value: &AttrValue) -> String {
    match timestamp_note(value) {
        Some(time) => format!("{time} · {}", role.label()),
        None => role.label().to_owned(),
    }
}

fn timestamp_note(value: &AttrValue) -> Option<String> {
    let timestamp = match value {
        AttrValue::N(number) => recognise_epoch_number(number),
        AttrValue::S(text) => recognise_timestamp_text(text),
        _ => None,
    }?;
    Some(timestamp.readable())
}

pub use crate::domain::key_value::key_text;

#[cfg(test)]
mod tests {
    use std::collections::BTreeSet;

    use super::*;
    use crate::domain::entity::EntityDecoder;
    use crate::domain::number::Number;

    fn tree_rows(item: Item) -> Vec<InspectorRow> {
        let entities = EntityDecoder::new();
        let context = RowContext {
            description: None,
            unix_seconds: 0,
            entities: &entities,
            discovered: None,
        };
        Inspector::new(item).rows(&context)
    }

    #[test]
    fn set_members_are_unlabelled_scalar_rows_one_level_below_their_set() {
        let numbers = ["12345678901234567890123456789012345678", "-0.5"]
            .iter()
            .map(|text| Number::parse(text))
            .collect::<Result<BTreeSet<_>, _>>()
            .expect("test numbers are valid");
        let item = Item::from([
            (
                "tags".to_owned(),
                AttrValue::Ss(BTreeSet::from(["a".to_owned(), String::new()])),
            ),
            ("scores".to_owned(), AttrValue::Ns(numbers)),
            (
                "blobs".to_owned(),
                AttrValue::Bs(BTreeSet::from([vec![0xff, 0x00]])),
            ),
        ]);
        let members: Vec<_> = tree_rows(item)
            .into_iter()
            .filter(|row| row.label == "·")
            .map(|row| (row.depth, row.type_tag, row.value, row.copy))
            .collect();
        let member = |type_tag: &'static str, value: &str, copy: &str| {
            (1, type_tag, value.to_owned(), Some(copy.to_owned()))
        };
        assert_eq!(
            members,
            vec![
                member("B", "/wA=", "/wA="),
                member("N", "-0.5", "-0.5"),
                member(
                    "N",
                    "12345678901234567890123456789012345678",
                    "12345678901234567890123456789012345678"
                ),
                member("S", "\"\"", ""),
                member("S", "\"a\"", "a"),
            ]
        );
    }
}

#[cfg(test)]
mod stamp_tests {
    use super::*;
    use crate::domain::entity::EntityDecoder;
    use crate::domain::model_formats::parse_model;
    use crate::domain::schema::{KeyAttribute, KeySchema};
    use crate::domain::value::ValueType;

    const SHOP_DTO: &str = include_str!("../../../../tests/fixtures/models/toolbox_shop_dto.json");

    fn notes(entities: &EntityDecoder) -> Vec<(String, Option<String>)> {
        let table = TableDescription::new(
            "shop",
            KeySchema::new(
                KeyAttribute::new("PK", ValueType::S),
                Some(KeyAttribute::new("SK", ValueType::S)),
            ),
        );
        let item: Item = [
            ("PK", "CUSTOMER#c1"),
            ("SK", "ORDER#o1"),
            ("_et", "Order"),
            ("_ct", "2026-07-01T09:00:00.000Z"),
            ("_md", "2026-07-01T10:30:00.000Z"),
        ]
        .into_iter()
        .map(|(name, value)| (name.to_owned(), AttrValue::s(value)))
        .collect();
        let context = RowContext {
            description: Some(&table),
            unix_seconds: 0,
            entities,
            discovered: None,
        };
        Inspector::new(item)
            .rows(&context)
            .into_iter()
            .filter(|row| row.label == "_ct" || row.label == "_md")
            .map(|row| (row.label, row.note))
            .collect()
    }

    #[test]
    fn a_toolbox_entitys_timestamps_are_named_for_what_they_record() {
        let path = std::path::Path::new("shop-dto.json");
        let model =
            parse_model(path, SHOP_DTO, "shop-dto.json", None).unwrap_or_else(|e| panic!("{e}"));
        let noted = notes(&EntityDecoder::with_model(model));
        assert_eq!(noted.len(), 2, "{noted:?}");
        for (label, note) in &noted {
            let note = note.as_deref().unwrap_or_default();
            let said = if label == "_ct" {
                "when the item was created"
            } else {
                "when the item was last modified"
            };
            assert!(note.ends_with(&format!(" · {said}")), "{label}: {note}");
            assert!(note.contains("2026-07-01"), "the time stays: {note}");
        }
        // Without the model they are two timestamps like any other.
        for (label, note) in notes(&EntityDecoder::new()) {
            let note = note.unwrap_or_default();
            assert!(!note.contains("when the item"), "{label}: {note}");
        }
    }
}
