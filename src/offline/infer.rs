//! Key-schema inference for offline data without `--schema`: the single-table conventions
//! `PK`/`SK` and `GSInPK`/`GSInSK` (any case), with key types taken from the items. The result is
//! explained in words so the user sees what was assumed.

use std::collections::BTreeMap;

use crate::domain::schema::{
    IndexKind, IndexSchema, KeyAttribute, KeySchema, Projection, TableDescription,
};
use crate::domain::value::{Item, ValueType};

/// The most common key type (S, N or B) of `name` across items; `None` if it never appears with one.
fn key_type(items: &[Item], name: &str) -> Option<ValueType> {
    let mut counts: BTreeMap<ValueType, usize> = BTreeMap::new();
    for item in items {
        if let Some(value) = item.get(name)
            && value.value_type().is_key_type()
        {
            *counts.entry(value.value_type()).or_default() += 1;
        }
    }
    counts
        .into_iter()
        .max_by_key(|(_, count)| *count)
        .map(|(t, _)| t)
}

/// The spelling of `name` used by the items (`PK`, `pk`, `Pk`…), if any.
fn spelled(items: &[Item], name: &str) -> Option<String> {
    let lower = name.to_ascii_lowercase();
    let mut seen: BTreeMap<&str, usize> = BTreeMap::new();
    for item in items.iter().take(10_000) {
        for attribute in item.keys() {
            if attribute.to_ascii_lowercase() == lower {
                *seen.entry(attribute.as_str()).or_default() += 1;
            }
        }
    }
    seen.into_iter()
        .max_by_key(|(_, count)| *count)
        .map(|(spelling, _)| spelling.to_owned())
}

fn attribute(items: &[Item], name: &str) -> Option<KeyAttribute> {
    let spelling = spelled(items, name)?;
    let value_type = key_type(items, &spelling)?;
    Some(KeyAttribute::new(spelling, value_type))
}

/// Infers a table description, or says why it cannot.
pub fn infer_schema(
    table_name: &str,
    items: &[Item],
) -> Result<(TableDescription, String), String> {
    let partition = attribute(items, "PK").ok_or(
        "cannot infer the key schema: the items have no PK attribute; pass --schema with the output of `aws dynamodb describe-table`",
    )?;
    let sort = attribute(items, "SK");
    let mut explanation = format!(
        "key schema inferred from the items (pass --schema to use the real one): partition key {} ({})",
        partition.name, partition.value_type
    );
    if let Some(sort) = &sort {
        explanation.push_str(&format!(", sort key {} ({})", sort.name, sort.value_type));
    }
    let mut description = TableDescription::new(table_name, KeySchema { partition, sort });
    for number in 1..=20 {
        let Some(index_partition) = attribute(items, &format!("GSI{number}PK")) else {
            continue;
        };
        let index_sort = attribute(items, &format!("GSI{number}SK"));
        for key in std::iter::once(&index_partition).chain(index_sort.as_ref()) {
            description
                .attribute_types
                .insert(key.name.clone(), key.value_type);
        }
        explanation.push_str(&format!(
            "; index GSI{number} on {}{} (projection ALL)",
            index_partition.name,
            index_sort
                .as_ref()
                .map(|s| format!(", {}", s.name))
                .unwrap_or_default()
        ));
        description.indexes.push(IndexSchema {
            name: format!("GSI{number}"),
            kind: IndexKind::Global,
            key: KeySchema {
                partition: index_partition,
                sort: index_sort,
            },
            projection: Projection::All,
            item_count: None,
            size_bytes: None,
            status: Some("ACTIVE".into()),
        });
    }
    Ok((description, explanation))
}
