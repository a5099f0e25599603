//! Key-schema inference for offline data without `--schema`: the single-table conventions
//! `PK`/`SK` and `GSInPK`/`GSInSK` (any case), with key types taken from the items. The result is
//! explained in words so the user sees what was assumed.

use std::collections::BTreeMap;

use crate::domain::schema::{
    IndexKind, IndexSchema, KeyAttribute, KeySchema, Projection, TableDescription,
};
use crate::domain::value::{Item, ValueType};

/// How often each spelling of a key-like attribute name appears with each key type, gathered
/// while items stream by.
#[derive(Debug, Default)]
pub struct KeyStats {
    counts: BTreeMap<String, BTreeMap<ValueType, usize>>,
}

/// `pk`, `sk`, `gsi<n>pk`, `gsi<n>sk` in any case.
fn is_key_like(name: &str) -> bool {
    let lower = name.to_ascii_lowercase();
    if lower == "pk" || lower == "sk" {
        return true;
    }
    let Some(rest) = lower.strip_prefix("gsi") else {
        return false;
    };
    let digits = rest.trim_end_matches("pk").trim_end_matches("sk");
    rest.len() == digits.len() + 2
        && !digits.is_empty()
        && digits.bytes().all(|b| b.is_ascii_digit())
}

impl KeyStats {
    /// Records the key-like attributes of one item.
    pub fn observe(&mut self, item: &Item) {
        for (name, value) in item {
            if value.value_type().is_key_type() && is_key_like(name) {
                *self
                    .counts
                    .entry(name.clone())
                    .or_default()
                    .entry(value.value_type())
                    .or_default() += 1;
            }
        }
    }

    /// The most common spelling of `name` (case-insensitive) and its most common key type.
    fn attribute(&self, name: &str) -> Option<KeyAttribute> {
        let lower = name.to_ascii_lowercase();
        let (spelling, types) = self
            .counts
            .iter()
            .filter(|(spelling, _)| spelling.to_ascii_lowercase() == lower)
            .max_by_key(|(_, types)| types.values().sum::<usize>())?;
        let (value_type, _) = types.iter().max_by_key(|(_, count)| **count)?;
        Some(KeyAttribute::new(spelling.clone(), *value_type))
    }

    /// The `GSI<n>` indexes these statistics suggest, with their explanation.
    pub fn indexes(&self) -> Vec<(IndexSchema, String)> {
        let mut out = Vec::new();
        for number in 1..=20 {
            let Some(partition) = self.attribute(&format!("GSI{number}PK")) else {
                continue;
            };
            let sort = self.attribute(&format!("GSI{number}SK"));
            let explanation = format!(
                "index GSI{number} on {}{} (projection ALL)",
                partition.name,
                sort.as_ref()
                    .map(|s| format!(", {}", s.name))
                    .unwrap_or_default()
            );
            out.push((
                IndexSchema {
                    name: format!("GSI{number}"),
                    kind: IndexKind::Global,
                    key: KeySchema::new(partition, sort),
                    projection: Projection::All,
                    item_count: None,
                    size_bytes: None,
                    status: Some("ACTIVE".into()),
                },
                explanation,
            ));
        }
        out
    }

    /// Infers a table description, or says why it cannot.
    pub fn infer(&self, table_name: &str) -> Result<(TableDescription, String), String> {
        let partition = self.attribute("PK").ok_or(
            "cannot infer the key schema: the items have no PK attribute; pass --schema with the output of `aws dynamodb describe-table`",
        )?;
        let sort = self.attribute("SK");
        let mut explanation = format!(
            "key schema inferred from the items (pass --schema to use the real one): partition key {} ({})",
            partition.name, partition.value_type
        );
        if let Some(sort) = &sort {
            explanation.push_str(&format!(", sort key {} ({})", sort.name, sort.value_type));
        }
        let mut description = TableDescription::new(table_name, KeySchema::new(partition, sort));
        for (index, index_explanation) in self.indexes() {
            add_index_types(&mut description, &index);
            description.indexes.push(index);
            explanation.push_str("; ");
            explanation.push_str(&index_explanation);
        }
        Ok((description, explanation))
    }
}

/// Records an index's key types in the description's attribute definitions.
pub fn add_index_types(description: &mut TableDescription, index: &IndexSchema) {
    for key in std::iter::once(&index.key.partition).chain(index.key.sort.as_ref()) {
        description
            .attribute_types
            .insert(key.name.clone(), key.value_type);
    }
}

/// Infers a table description from items, or says why it cannot.
pub fn infer_schema(
    table_name: &str,
    items: &[Item],
) -> Result<(TableDescription, String), String> {
    let mut stats = KeyStats::default();
    items.iter().for_each(|item| stats.observe(item));
    stats.infer(table_name)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn key_like_names_are_recognised_in_any_case_and_nothing_else() {
        for name in ["PK", "sk", "GSI1PK", "gsi12sk", "Gsi3Pk"] {
            assert!(is_key_like(name), "{name}");
        }
        for name in ["PKX", "GSIPK", "GSI1", "GSI1PKSK", "xsk", "gsi1xk"] {
            assert!(!is_key_like(name), "{name}");
        }
    }
}
