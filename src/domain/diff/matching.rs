//! Matching the items of two sides by key and recording how each pair compared: the one
//! comparison `ddbx diff` makes of each bucket of items and the terminal UI's diff screen makes
//! of two tables, so both report the same findings for the same items.

use std::collections::{BTreeMap, BTreeSet};
use std::sync::Arc;

use super::compare::compare_items;
use super::report::{DiffReport, Finding};
use crate::domain::ddb_json::item_to_json;
use crate::domain::entity::EntityDecoder;
use crate::domain::schema::TableDescription;
use crate::domain::scope::entity_name;
use crate::domain::value::Item;

/// The key attributes of `item` as one line of DynamoDB JSON (`None`: a key attribute is
/// missing, which no stored item lacks).
#[must_use]
pub fn key_text(item: &Item, table: &TableDescription) -> Option<String> {
    Some(item_to_json(&table.primary_key_of(item)?).to_string())
}

/// What both sides' items are matched and named by.
pub struct Matching<'a> {
    /// Top-level attributes left out of the comparison.
    pub ignore: &'a BTreeSet<String>,
    pub decoder: &'a EntityDecoder,
    /// The source's table and the target's: entities are decoded by each side's key, and the
    /// target's key names every finding.
    pub tables: (&'a TableDescription, &'a TableDescription),
}

impl Matching<'_> {
    /// Compares the source's and the target's item of one key and records the outcome.
    pub fn compare_pair(&self, source: Item, target: Item, report: &mut DiffReport) {
        let target_table = self.tables.1;
        let entity = entity_name(self.decoder, target_table, &source);
        let attributes = compare_items(&source, &target, self.ignore);
        if attributes.is_empty() {
            report.equal(&entity);
            return;
        }
        let finding = Finding::Different {
            key: target_table.primary_key_of(&target).unwrap_or_default(),
            source,
            target,
            attributes,
        };
        report.found(&entity, finding);
    }

    /// Matches one bucket's items (each with its key text, in the target's terms) by key and
    /// records each outcome in `report`.
    pub fn compare_bucket(
        &self,
        source: Vec<(String, Item)>,
        target: Vec<(String, Item)>,
        report: &mut DiffReport,
    ) {
        let (source_table, target_table) = self.tables;
        let mut unmatched: BTreeMap<String, Item> = source.into_iter().collect();
        // The key is copied out only for a finding: most items compare equal.
        let key_of = |item: &Item| target_table.primary_key_of(item).unwrap_or_default();
        for (key, item) in target {
            let Some(held) = unmatched.remove(&key) else {
                let entity = entity_name(self.decoder, target_table, &item);
                let key = key_of(&item);
                report.found(&entity, Finding::OnlyTarget { key, item });
                continue;
            };
            self.compare_pair(held, item, report);
        }
        for (_, item) in unmatched {
            let entity = entity_name(self.decoder, source_table, &item);
            let key = key_of(&item);
            report.found(&entity, Finding::OnlySource { key, item });
        }
    }
}

/// Two sides read whole, to be matched by key and compared: what the terminal UI's diff screen
/// hands the worker once both tables are read. The items are shared, so the screen can keep
/// them and compare again (with more attributes ignored) without reading either side again.
#[derive(Clone, Debug)]
pub struct TwoSides {
    pub source_table: TableDescription,
    pub target_table: TableDescription,
    pub source: Arc<Vec<Item>>,
    pub target: Arc<Vec<Item>>,
    pub decoder: EntityDecoder,
    /// How many differences the report keeps with their items (the counts cover every item).
    pub keep: usize,
    /// Top-level attributes left out of the comparison.
    pub ignore: BTreeSet<String>,
    /// What each side read, in words (the source's, the target's).
    pub scopes: [String; 2],
}

/// The decoder has no equality of its own: two comparisons are the same when they compare the
/// same items of the same tables the same way.
impl PartialEq for TwoSides {
    fn eq(&self, other: &Self) -> bool {
        self.source_table == other.source_table
            && self.target_table == other.target_table
            && self.source == other.source
            && self.target == other.target
            && self.keep == other.keep
            && self.ignore == other.ignore
            && self.scopes == other.scopes
    }
}

impl TwoSides {
    /// Matches both sides' items by the target's key and compares each pair, every item of
    /// both sides in one bucket.
    #[must_use]
    pub fn compare(&self) -> DiffReport {
        let keyed = |items: &[Item], table: &TableDescription| -> Vec<(String, Item)> {
            items
                .iter()
                .filter_map(|item| Some((key_text(item, table)?, item.clone())))
                .collect()
        };
        let source = keyed(&self.source, &self.target_table);
        let target = keyed(&self.target, &self.target_table);
        let mut report = DiffReport::keeping(self.keep);
        report.scopes = Some(self.scopes.clone());
        if !self.ignore.is_empty() {
            let names: Vec<&str> = self.ignore.iter().map(String::as_str).collect();
            report.notes.push(format!("ignoring {}", names.join(", ")));
        }
        let matching = Matching {
            ignore: &self.ignore,
            decoder: &self.decoder,
            tables: (&self.source_table, &self.target_table),
        };
        matching.compare_bucket(source, target, &mut report);
        report
    }
}
