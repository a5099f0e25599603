//! The facts the inspector shows under an item, from the domain's single-table logic: entity,
//! key chips, TTL, size against the 400 KB limit, index membership and related collections.

use std::collections::BTreeMap;

use crate::domain::civil::UtcInstant;
use crate::domain::composite_key::{KeyPart, PartKind};
use crate::domain::decoding::explain;
use crate::domain::entity::EntitySource;
use crate::domain::grammar::values::shape_label;
use crate::domain::index_membership::{Membership, index_membership};
use crate::domain::key_parts::item_grammar_parts;
use crate::domain::related::{PartitionDirectory, related_links};
use crate::domain::schema::TableDescription;
use crate::domain::ttl::ttl_status;
use crate::domain::value::{AttrValue, Item, item_size};
use crate::domain::version_attr::is_tombstone;

use crate::app::state::inspect::partial::PartialItem;
use crate::app::state::inspect::row::{InspectorRow, RowContext, RowKind};

use crate::domain::limits::MAX_ITEM_SIZE;
/// From this share of the limit on the size row is a warning.
pub const ITEM_SIZE_WARNING: usize = MAX_ITEM_SIZE * 9 / 10;

/// The rows below the attributes.
pub(super) fn rows(item: &Item, context: &RowContext<'_>) -> Vec<InspectorRow> {
    let mut rows = Vec::new();
    let Some(description) = context.description else {
        rows.push(size_row(item));
        return rows;
    };
    if let Some(entity) = context.entities.decode(item, &description.key) {
        let source = match entity.source {
            EntitySource::Model => "model file".to_owned(),
            EntitySource::TypeAttribute(attribute) => format!("attribute {attribute}"),
            EntitySource::KeyGrammar(grammar) => format!("{} key", grammar.name()),
            EntitySource::KeyPrefixes => "key prefixes".to_owned(),
        };
        rows.push(InspectorRow::text(
            RowKind::Info,
            "entity",
            format!("{} (from {source})", entity.name),
        ));
    }
    rows.extend(decoding_rows(item, context, description));
    if is_tombstone(item) {
        let mut row = InspectorRow::text(
            RowKind::Warning,
            "tombstone",
            "Amplify tombstone (_deleted = true): deleted for AppSync clients",
        );
        row.note = Some("edits are refused: they would not bring it back".to_owned());
        rows.push(row);
    }
    rows.push(size_row(item));
    for membership in index_membership(item, description) {
        rows.push(InspectorRow::text(
            RowKind::Info,
            "index",
            membership.to_string(),
        ));
    }
    rows.extend(related_rows(item, description, context));
    rows
}

/// The rows below an index's partial copy of an item: what it is, its membership of the index
/// it was read from (certain), and the links its keys make. Entity, size and the other
/// indexes would be guesses from the projected attributes alone, so they are left out.
pub(super) fn partial_rows(
    item: &Item,
    partial: &PartialItem,
    context: &RowContext<'_>,
) -> Vec<InspectorRow> {
    let mut rows = vec![
        InspectorRow::text(
            RowKind::Warning,
            "partial",
            format!(
                "the item as {} holds it ({})",
                partial.index, partial.projection
            ),
        ),
        InspectorRow::text(
            RowKind::Warning,
            "partial",
            "entity, size and other indexes need the base item: F fetches it",
        ),
    ];
    let Some(description) = context.description else {
        return rows;
    };
    for membership in index_membership(item, description)
        .into_iter()
        .filter(|membership| match membership {
            Membership::In { index, .. } | Membership::NotIn { index, .. } => {
                index.name == partial.index
            }
        })
    {
        rows.push(InspectorRow::text(
            RowKind::Info,
            "index",
            membership.to_string(),
        ));
    }
    rows.extend(related_rows(item, description, context));
    rows
}

fn related_rows(
    item: &Item,
    description: &TableDescription,
    context: &RowContext<'_>,
) -> Vec<InspectorRow> {
    let mut rows = Vec::new();
    let directory: &dyn PartitionDirectory = match context.discovered {
        Some(found) => found,
        None => &NothingDiscovered,
    };
    for link in related_links(item, description, directory) {
        let mut row = InspectorRow::text(
            RowKind::Link,
            "related",
            format!("→ {} (from {})", link.target, link.attribute),
        );
        if !link.confirmed {
            row.note = Some("not seen by discovery".to_owned());
        }
        row.link = Some(AttrValue::S(link.target));
        rows.push(row);
    }
    rows
}

/// `decoded: task, named by its __edb_e__ attribute; keys as ElectroDB writes them`, then
/// how each key was split, one row
/// per key so that each reason fits the width.
fn decoding_rows(
    item: &Item,
    context: &RowContext<'_>,
    description: &TableDescription,
) -> Vec<InspectorRow> {
    let decoding = explain(context.entities, item, &description.key);
    let mut rows = vec![InspectorRow::text(
        RowKind::Info,
        "decoded",
        decoding.sentence(),
    )];
    let key = &description.key;
    let keys = [
        (Some(&key.partition.name), decoding.pk),
        (key.sort.as_ref().map(|sort| &sort.name), decoding.sk),
    ];
    for (name, why) in keys {
        if let (Some(name), Some(why)) = (name, why) {
            rows.push(InspectorRow::text(
                RowKind::Info,
                format!("{name} read as"),
                why,
            ));
        }
    }
    rows
}

/// Before discovery has run nothing is known, so only prefix-free heuristics apply.
struct NothingDiscovered;

impl PartitionDirectory for NothingDiscovered {
    fn is_pk_prefix(&self, _prefix: &str) -> bool {
        false
    }

    fn has_partition(&self, _pk: &str) -> Option<bool> {
        None
    }
}

fn size_row(item: &Item) -> InspectorRow {
    let size = item_size(item);
    let percent = size * 100 / MAX_ITEM_SIZE;
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

/// `TTL: expires in 1d (…)` and the other TTL readings, for the TTL attribute's value.
pub(super) fn ttl_note(value: &AttrValue, unix_seconds: i64) -> String {
    format!(
        "TTL: {}",
        ttl_status(value, UtcInstant::from_seconds(unix_seconds))
    )
}

/// Chips for every key attribute of the item: the table key's parts by the model's templates or
/// the composite-key heuristics, index keys by the heuristics. Keys of one unlabelled part get none.
pub(super) fn key_chips(item: &Item, context: &RowContext<'_>) -> BTreeMap<String, String> {
    let mut chips = BTreeMap::new();
    let Some(description) = context.description else {
        return chips;
    };
    let parts = context.entities.key_parts(item, &description.key);
    let mut insert = |name: &str, parts: &[KeyPart<'_>]| {
        if let Some(text) = chip_text(parts) {
            chips.entry(name.to_owned()).or_insert(text);
        }
    };
    insert(&description.key.partition.name, &parts.pk);
    if let Some(sort) = &description.key.sort {
        insert(&sort.name, &parts.sk);
    }
    for index in &description.indexes {
        // Partition key first, then sort key: grammars read the two differently.
        let partition = index.key.partition_attributes().map(|a| (a, false));
        let sort = index.key.sort_attributes().map(|a| (a, true));
        for (attribute, sort) in partition.chain(sort) {
            let name = attribute.name.as_str();
            if let Some(text) = item.get(name).and_then(AttrValue::as_s) {
                insert(name, &item_grammar_parts(text, sort, item));
            }
        }
    }
    chips
}

/// `[status=PENDING] [date=2026-07-18]`, `[ORDER] [2026-07-01] [ord_9]`.
fn chip_text(parts: &[KeyPart<'_>]) -> Option<String> {
    if parts.len() < 2 && parts.iter().all(|part| part.label.is_none()) {
        return None;
    }
    let chips: Vec<String> = parts
        .iter()
        .map(|part| {
            let value = match part.kind {
                PartKind::Timestamp(timestamp) if timestamp.readable() != part.value => {
                    format!("{} ({})", part.value, timestamp.readable())
                }
                _ => part.value.to_owned(),
            };
            // A part nothing names is named by its shape when it has one (a date, an id).
            match part.label.as_deref().or_else(|| shape_label(part.value)) {
                Some(label) => format!("[{label}={value}]"),
                None => format!("[{value}]"),
            }
        })
        .collect();
    Some(chips.join(" "))
}
