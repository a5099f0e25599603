//! The item inspector's state and its rows: an attribute tree with types (or the item as plain
//! JSON / DynamoDB JSON), then size, index membership and related collections. The rows are
//! computed from the item on demand, so `update` (copy a value, follow a link) and `ui` (draw)
//! agree on what row N is.

use std::fmt::Write as _;

use base64::Engine as _;

use crate::domain::composite_key::{PartKind, split_key};
use crate::domain::entity::{EntityDecoder, EntitySource};
use crate::domain::schema::TableDescription;
use crate::domain::timestamp::{recognise_epoch_number, recognise_timestamp_text};
use crate::domain::value::{AttrValue, Item, item_size};
use crate::domain::{ddb_json, plain_json};

/// DynamoDB's item size limit.
pub const ITEM_SIZE_LIMIT: usize = 400 * 1024;
/// Above this share of the limit the size row turns into a warning.
pub const ITEM_SIZE_WARNING: usize = ITEM_SIZE_LIMIT * 9 / 10;

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
}

/// What a row is, for styling.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RowKind {
    Attribute,
    Json,
    Heading,
    Info,
    Warning,
    Link,
}

/// One line of the inspector. Text fields hold raw table data; the renderer escapes them.
#[derive(Clone, Debug, PartialEq)]
pub struct InspectorRow {
    pub kind: RowKind,
    pub depth: usize,
    pub label: String,
    /// Type descriptor (`S`, `N`, `M`, …) for attribute rows.
    pub type_tag: &'static str,
    pub value: String,
    /// Readable timestamp, TTL, or other annotation shown after the value.
    pub note: Option<String>,
    /// What `copy_value` copies on this row.
    pub copy: Option<String>,
    /// A partition this row links to (`open` follows it).
    pub link: Option<AttrValue>,
}

impl InspectorRow {
    fn text(kind: RowKind, label: impl Into<String>, value: impl Into<String>) -> Self {
        Self {
            kind,
            depth: 0,
            label: label.into(),
            type_tag: "",
            value: value.into(),
            note: None,
            copy: None,
            link: None,
        }
    }
}

/// Context the rows need besides the item.
pub struct RowContext<'a> {
    pub description: Option<&'a TableDescription>,
    pub unix_seconds: i64,
    pub entities: &'a EntityDecoder,
    /// What discovery found, for related-collection links to known partitions.
    pub discovered: &'a super::discovered::Discovered,
}

impl Inspector {
    #[must_use]
    pub fn new(item: Item) -> Self {
        Self {
            item,
            format: ItemFormat::Tree,
            binary: BinaryFormat::Base64,
            cursor: 0,
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
                let key_names = key_attribute_names(context.description);
                for name in ordered_names(&self.item, context.description) {
                    let value = &self.item[name];
                    let note = if Some(name) == ttl {
                        ttl_note(value, context.unix_seconds)
                    } else if key_names.contains(&name) {
                        value.as_s().and_then(key_chips)
                    } else {
                        None
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
        if let Some(description) = context.description
            && let Some(entity) = context.entities.decode(&self.item, &description.key)
        {
            let source = match entity.source {
                EntitySource::Model => "model file".to_owned(),
                EntitySource::TypeAttribute(attribute) => format!("attribute {attribute}"),
                EntitySource::KeyPrefixes => "key prefixes".to_owned(),
            };
            rows.push(InspectorRow::text(
                RowKind::Info,
                "entity",
                format!("{} (from {source})", entity.name),
            ));
        }
        rows.push(size_row(&self.item));
        if let Some(description) = context.description {
            rows.extend(index_rows(&self.item, description));
        }
        rows.extend(related_rows(&self.item, context));
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
                for member in set {
                    self.push_value(
                        rows,
                        depth + 1,
                        "·".to_owned(),
                        &AttrValue::S(member.clone()),
                        None,
                    );
                }
            }
            AttrValue::Ns(set) => {
                for member in set {
                    self.push_value(
                        rows,
                        depth + 1,
                        "·".to_owned(),
                        &AttrValue::N(member.clone()),
                        None,
                    );
                }
            }
            AttrValue::Bs(set) => {
                for member in set {
                    self.push_value(
                        rows,
                        depth + 1,
                        "·".to_owned(),
                        &AttrValue::B(member.clone()),
                        None,
                    );
                }
            }
            _ => {}
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
            AttrValue::M(map) => (format!("{{{} attributes}}", map.len()), json_of(value)),
            AttrValue::L(list) => (format!("[{} elements]", list.len()), json_of(value)),
            AttrValue::Ss(set) => (format!("{{{} strings}}", set.len()), json_of(value)),
            AttrValue::Ns(set) => (format!("{{{} numbers}}", set.len()), json_of(value)),
            AttrValue::Bs(set) => (format!("{{{} binaries}}", set.len()), json_of(value)),
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

/// Names of the table's and indexes' key attributes.
fn key_attribute_names(description: Option<&TableDescription>) -> Vec<&str> {
    let Some(description) = description else {
        return Vec::new();
    };
    description
        .key
        .names()
        .chain(
            description
                .indexes
                .iter()
                .flat_map(|index| index.key.names()),
        )
        .collect()
}

/// A composite key's parts as chips: `[status=PENDING] [date=2026-07-18]`; `None` for a key
/// of one unlabelled part.
fn key_chips(key: &str) -> Option<String> {
    let split = split_key(key);
    if split.parts.len() < 2 && split.parts.iter().all(|part| part.label.is_none()) {
        return None;
    }
    let chips: Vec<String> = split
        .parts
        .iter()
        .map(|part| {
            let value = match part.kind {
                PartKind::Timestamp(timestamp) => {
                    format!("{} ({})", part.value, timestamp.readable())
                }
                _ => part.value.to_owned(),
            };
            match &part.label {
                Some(label) => format!("[{label}={value}]"),
                None => format!("[{value}]"),
            }
        })
        .collect();
    Some(chips.join(" "))
}

fn timestamp_note(value: &AttrValue) -> Option<String> {
    let timestamp = match value {
        AttrValue::N(number) => recognise_epoch_number(number),
        AttrValue::S(text) => recognise_timestamp_text(text),
        _ => None,
    }?;
    Some(timestamp.readable())
}

/// "expires in …" / "expired … ago (not yet deleted)" for the TTL attribute (epoch seconds).
fn ttl_note(value: &AttrValue, now: i64) -> Option<String> {
    let expiry = i64::try_from(value.as_n()?.to_i128()?).ok()?;
    let readable = crate::domain::timestamp::recognise_epoch(i128::from(expiry))
        .map(|timestamp| timestamp.readable())
        .unwrap_or_default();
    let delta = expiry - now;
    Some(if delta >= 0 {
        format!("TTL: expires in {} ({readable})", human_duration(delta))
    } else {
        format!(
            "TTL: expired {} ago (not yet deleted) ({readable})",
            human_duration(-delta)
        )
    })
}

/// `3d 4h`, `2h 5m`, `40s`: the two largest units.
#[must_use]
pub fn human_duration(seconds: i64) -> String {
    let units = [("d", 86_400), ("h", 3_600), ("m", 60), ("s", 1)];
    let mut parts = Vec::new();
    let mut rest = seconds;
    for (name, size) in units {
        if rest >= size || (parts.is_empty() && size == 1) {
            parts.push(format!("{}{name}", rest / size));
            rest %= size;
        }
        if parts.len() == 2 {
            break;
        }
    }
    parts.join(" ")
}

fn size_row(item: &Item) -> InspectorRow {
    let size = item_size(item);
    let percent = size * 100 / ITEM_SIZE_LIMIT;
    let mut row = InspectorRow::text(
        RowKind::Info,
        "size",
        format!("{size} bytes ({percent}% of the 400 KB item limit)"),
    );
    if size >= ITEM_SIZE_WARNING {
        row.kind = RowKind::Warning;
        row.note = Some("close to DynamoDB's 400 KB item size limit".to_owned());
    }
    row
}

/// Per index: whether this item is in it and under which key, or why not (sparse indexes).
fn index_rows(item: &Item, description: &TableDescription) -> Vec<InspectorRow> {
    description
        .indexes
        .iter()
        .map(|index| {
            let mut problems = Vec::new();
            let mut parts = Vec::new();
            for name in index.key.names() {
                let expected = description.attribute_types.get(name).copied();
                match item.get(name) {
                    None => problems.push(format!("{name} missing")),
                    Some(value) if expected.is_some_and(|t| t != value.value_type()) => {
                        problems.push(format!(
                            "{name} has wrong type {} (index expects {})",
                            value.value_type(),
                            expected.map_or("?", |t| t.descriptor())
                        ));
                    }
                    Some(AttrValue::S(text)) if text.is_empty() => {
                        problems.push(format!("{name} is an empty string"));
                    }
                    Some(value) => parts.push(format!("{name}={}", key_text(value))),
                }
            }
            if problems.is_empty() {
                InspectorRow::text(
                    RowKind::Info,
                    "index",
                    format!("in {} as {}", index.name, parts.join(", ")),
                )
            } else {
                InspectorRow::text(
                    RowKind::Info,
                    "index",
                    format!("not in {}: {}", index.name, problems.join(", ")),
                )
            }
        })
        .collect()
}

/// Key parts of string attributes that name a partition discovery has seen (e.g. an SK
/// `ORDER#ord_9901` when `ORDER#ord_9901` is a partition key): links that open that partition.
fn related_rows(item: &Item, context: &RowContext<'_>) -> Vec<InspectorRow> {
    let own_pk = context
        .description
        .and_then(|description| item.get(&description.key.partition.name));
    let mut links: Vec<String> = Vec::new();
    for value in item.values() {
        let AttrValue::S(text) = value else { continue };
        for candidate in partition_candidates(text) {
            let is_own = own_pk.and_then(AttrValue::as_s) == Some(candidate);
            if !is_own
                && context.discovered.knows_partition(candidate)
                && !links.iter().any(|l| l == candidate)
            {
                links.push(candidate.to_owned());
            }
        }
    }
    links
        .into_iter()
        .map(|target| {
            let mut row = InspectorRow::text(RowKind::Link, "related", format!("→ {target}"));
            row.link = Some(AttrValue::S(target));
            row
        })
        .collect()
}

/// Every `PREFIX#value` pair and the whole text of a `#`-separated key, as candidate partition
/// keys: `USER#u1#ORDER#o9` yields `USER#u1#ORDER#o9`, `USER#u1`, `ORDER#o9`.
fn partition_candidates(text: &str) -> Vec<&str> {
    let mut candidates = vec![text];
    let separators: Vec<usize> = text.match_indices('#').map(|(index, _)| index).collect();
    let mut start = 0;
    for (position, _) in separators.iter().enumerate().step_by(2) {
        let end = separators.get(position + 1).copied().unwrap_or(text.len());
        if end > start {
            candidates.push(&text[start..end]);
        }
        start = end + 1;
    }
    candidates
}

/// A key value as a short text (strings unquoted).
#[must_use]
pub fn key_text(value: &AttrValue) -> String {
    match value {
        AttrValue::S(text) => text.clone(),
        AttrValue::N(number) => number.to_string(),
        AttrValue::B(bytes) => base64::engine::general_purpose::STANDARD.encode(bytes),
        other => format!("{other:?}"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn human_durations_use_the_two_largest_units() {
        assert_eq!(human_duration(0), "0s");
        assert_eq!(human_duration(40), "40s");
        assert_eq!(human_duration(3 * 86_400 + 4 * 3_600 + 59), "3d 4h");
        assert_eq!(human_duration(2 * 3_600 + 5 * 60), "2h 5m");
    }

    #[test]
    fn candidates_are_the_whole_key_and_each_label_value_pair() {
        assert_eq!(
            partition_candidates("USER#u1#ORDER#o9"),
            vec!["USER#u1#ORDER#o9", "USER#u1", "ORDER#o9"]
        );
        assert_eq!(partition_candidates("METADATA"), vec!["METADATA"]);
    }
}
