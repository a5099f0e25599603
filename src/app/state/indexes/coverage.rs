//! The sparse-index inspector's figures: how much of the table each index holds, which entity
//! types are in it, and why the others are not. The user starts a sampled scan (the first pages
//! of the table) or a full one; a full run also counts each index itself (Select=COUNT), so
//! coverage is then exact rather than inferred.

use std::collections::BTreeMap;

use crate::app::state::indexes::streamed_scan::StreamedScan;
use crate::domain::entity::EntityDecoder;
use crate::domain::figures::count;
use crate::domain::index_membership::{Membership, index_membership};
use crate::domain::schema::TableDescription;
use crate::domain::value::Item;

/// Items without a recognisable entity are listed under this name.
pub const UNKNOWN_ENTITY: &str = "(unknown)";

/// Sampled or complete.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CoverageMode {
    /// The first [`SAMPLE_PAGES`](super::streamed_scan::SAMPLE_PAGES) pages of the table.
    Sample,
    /// Every item of the table, and a Select=COUNT scan of every index.
    Full,
}

/// Items of one entity type left out of an index for one reason.
#[derive(Clone, Debug, PartialEq)]
pub struct Exclusion {
    pub entity: String,
    /// `GSI2PK missing`, `GSI1SK has wrong type N (index expects S)` (escaped).
    pub reason: String,
    pub count: u64,
    /// The primary key of the first such item, to open it.
    pub example: Item,
}

/// One index's coverage.
#[derive(Clone, Debug, PartialEq)]
pub struct IndexCoverage {
    pub index: String,
    /// Table items read that belong in the index by its key rules.
    pub in_index: u64,
    /// Entity types of those items, with counts.
    pub entities: BTreeMap<String, u64>,
    /// Why the other items are not in it, one entry per reason.
    pub exclusions: Vec<Exclusion>,
    /// The index's own item count (full mode only).
    pub counted: Option<StreamedScan>,
}

/// A coverage run over the table and its indexes.
#[derive(Clone, Debug, PartialEq)]
pub struct Coverage {
    pub mode: CoverageMode,
    /// The table scan (keys, index keys and type attributes only).
    pub table: StreamedScan,
    /// Table items read.
    pub table_items: u64,
    pub indexes: Vec<IndexCoverage>,
}

impl Coverage {
    #[must_use]
    pub fn new(mode: CoverageMode, table: StreamedScan, description: &TableDescription) -> Self {
        Self {
            mode,
            table,
            table_items: 0,
            indexes: description
                .indexes
                .iter()
                .map(|index| IndexCoverage {
                    index: index.name.clone(),
                    in_index: 0,
                    entities: BTreeMap::new(),
                    exclusions: Vec::new(),
                    counted: None,
                })
                .collect(),
        }
    }

    /// Counts a page of table items against every index.
    pub fn add_page(
        &mut self,
        items: &[Item],
        description: &TableDescription,
        decoder: &EntityDecoder,
    ) {
        for item in items {
            self.table_items += 1;
            let entity = decoder
                .decode(item, &description.key)
                .map_or_else(|| UNKNOWN_ENTITY.to_owned(), |entity| entity.name);
            for membership in index_membership(item, description) {
                let (index, reasons) = match &membership {
                    Membership::In { index, .. } => (index, None),
                    Membership::NotIn { index, reasons } => (index, Some(reasons)),
                };
                let Some(coverage) = self.indexes.iter_mut().find(|c| c.index == index.name) else {
                    continue;
                };
                let Some(reasons) = reasons else {
                    coverage.in_index += 1;
                    *coverage.entities.entry(entity.clone()).or_default() += 1;
                    continue;
                };
                let reason = reasons
                    .iter()
                    .map(ToString::to_string)
                    .collect::<Vec<_>>()
                    .join(", ");
                match coverage
                    .exclusions
                    .iter_mut()
                    .find(|e| e.entity == entity && e.reason == reason)
                {
                    Some(exclusion) => exclusion.count += 1,
                    None => coverage.exclusions.push(Exclusion {
                        entity: entity.clone(),
                        reason,
                        count: 1,
                        example: description.primary_key_of(item).unwrap_or_default(),
                    }),
                }
            }
        }
        for coverage in &mut self.indexes {
            coverage
                .exclusions
                .sort_by(|a, b| b.count.cmp(&a.count).then_with(|| a.entity.cmp(&b.entity)));
        }
    }

    #[must_use]
    pub fn index(&self, name: &str) -> Option<&IndexCoverage> {
        self.indexes.iter().find(|coverage| coverage.index == name)
    }

    /// Every scan of the run: the table's, then the index counts.
    pub fn scans_mut(&mut self) -> impl Iterator<Item = &mut StreamedScan> {
        std::iter::once(&mut self.table)
            .chain(self.indexes.iter_mut().filter_map(|c| c.counted.as_mut()))
    }

    pub fn scans(&self) -> impl Iterator<Item = &StreamedScan> {
        std::iter::once(&self.table).chain(self.indexes.iter().filter_map(|c| c.counted.as_ref()))
    }

    /// Whether the figures cover the whole table.
    #[must_use]
    pub fn is_complete(&self) -> bool {
        self.table.is_exhaustive()
    }

    /// A short figure for the index list: `37.5%` (complete), `~37.5% sampled`, `~37.5% partial`.
    #[must_use]
    pub fn short(&self, index: &str) -> Option<String> {
        let coverage = self.index(index)?;
        if self.table_items == 0 {
            return Some("…".to_owned());
        }
        let percent = |part: u64| part as f64 * 100.0 / self.table_items as f64;
        if !self.is_complete() {
            let how = if self.mode == CoverageMode::Sample {
                "sampled"
            } else {
                "partial"
            };
            return Some(format!("~{:.1}% {how}", percent(coverage.in_index)));
        }
        let counted = coverage
            .counted
            .as_ref()
            .filter(|scan| scan.is_exhaustive())
            .map_or(coverage.in_index, |scan| scan.count);
        Some(format!("{:.1}%", percent(counted)))
    }

    /// `in / table` as a sentence for `index`: exact when the run is complete (the index's own
    /// count when it finished), otherwise inferred from the items read so far.
    #[must_use]
    pub fn summary(&self, index: &str) -> Option<String> {
        let coverage = self.index(index)?;
        if self.table_items == 0 {
            return Some("no table items read yet".to_owned());
        }
        let percent = |part: u64| part as f64 * 100.0 / self.table_items as f64;
        if !self.is_complete() {
            return Some(format!(
                "~{:.1}% ({} of {} table items read would be in it; {})",
                percent(coverage.in_index),
                count(coverage.in_index),
                count(self.table_items),
                if self.mode == CoverageMode::Sample {
                    "sampled"
                } else {
                    "partial"
                }
            ));
        }
        let counted = coverage
            .counted
            .as_ref()
            .filter(|scan| scan.is_exhaustive())
            .map(|scan| scan.count);
        Some(match counted {
            Some(counted) => format!(
                "{:.1}% ({} items in the index / {} in the table; complete){}",
                percent(counted),
                count(counted),
                count(self.table_items),
                if counted == coverage.in_index {
                    String::new()
                } else {
                    format!(
                        "; {} table items have its keys — an index still backfilling, or items \
                         written since",
                        count(coverage.in_index)
                    )
                }
            ),
            None => format!(
                "{:.1}% ({} of {} table items have its keys; complete)",
                percent(coverage.in_index),
                count(coverage.in_index),
                count(self.table_items)
            ),
        })
    }
}

#[cfg(test)]
mod tests {
    use std::time::Duration;

    use super::*;
    use crate::backend::ScanRequest;
    use crate::domain::schema::{IndexKind, IndexSchema, KeyAttribute, KeySchema, Projection};
    use crate::domain::value::{AttrValue, ValueType};

    fn description() -> TableDescription {
        let key = |pk: &str, sk: &str| {
            KeySchema::new(
                KeyAttribute::new(pk, ValueType::S),
                Some(KeyAttribute::new(sk, ValueType::S)),
            )
        };
        let mut table = TableDescription::new("T", key("PK", "SK"));
        table.indexes.push(IndexSchema {
            name: "GSI1".to_owned(),
            kind: IndexKind::Global,
            key: key("GSI1PK", "GSI1SK"),
            projection: Projection::KeysOnly,
            item_count: None,
            size_bytes: None,
            status: None,
        });
        table
            .attribute_types
            .insert("GSI1PK".to_owned(), ValueType::S);
        table
            .attribute_types
            .insert("GSI1SK".to_owned(), ValueType::S);
        table
    }

    fn item(pairs: &[(&str, AttrValue)]) -> Item {
        pairs
            .iter()
            .map(|(name, value)| ((*name).to_owned(), value.clone()))
            .collect()
    }

    fn coverage(mode: CoverageMode) -> Coverage {
        let scan = StreamedScan::start(ScanRequest::new("T"), None, Duration::ZERO);
        Coverage::new(mode, scan, &description())
    }

    #[test]
    fn items_are_counted_in_or_out_of_each_index_with_entity_and_reason() {
        let s = AttrValue::s;
        let items = vec![
            item(&[
                ("PK", s("USER#1")),
                ("SK", s("METADATA")),
                ("GSI1PK", s("G")),
                ("GSI1SK", s("x")),
            ]),
            item(&[
                ("PK", s("USER#2")),
                ("SK", s("METADATA")),
                ("GSI1PK", s("G")),
                ("GSI1SK", s("y")),
            ]),
            item(&[("PK", s("USER#3")), ("SK", s("METADATA"))]),
            item(&[
                ("PK", s("ORDER#1")),
                ("SK", s("METADATA")),
                ("GSI1PK", AttrValue::n(7)),
                ("GSI1SK", s("z")),
            ]),
            item(&[
                ("PK", s("USER#4")),
                ("SK", s("METADATA")),
                ("GSI1SK", s("z")),
            ]),
        ];
        let mut run = coverage(CoverageMode::Sample);
        run.add_page(&items, &description(), &EntityDecoder::new());
        let gsi1 = run.index("GSI1").expect("GSI1");
        assert_eq!(run.table_items, 5);
        assert_eq!(gsi1.in_index, 2);
        assert_eq!(gsi1.entities.get("User"), Some(&2));
        let reasons: Vec<(&str, &str, u64)> = gsi1
            .exclusions
            .iter()
            .map(|e| (e.entity.as_str(), e.reason.as_str(), e.count))
            .collect();
        assert_eq!(
            reasons,
            [
                ("Order", "GSI1PK has wrong type N (index expects S)", 1),
                ("User", "GSI1PK missing, GSI1SK missing", 1),
                ("User", "GSI1PK missing", 1),
            ]
        );
        assert_eq!(
            gsi1.exclusions[1].example,
            item(&[("PK", s("USER#3")), ("SK", s("METADATA"))]),
            "the example is the item's primary key"
        );
        let summary = run.summary("GSI1").expect("summary");
        assert_eq!(
            summary,
            "~40.0% (2 of 5 table items read would be in it; sampled)"
        );
        assert_eq!(run.short("GSI1").as_deref(), Some("~40.0% sampled"));
    }

    /// Key values over the service's size limits and empty strings are index key violations as
    /// much as a wrong type, and the inspector reports them by entity the same way.
    #[test]
    fn oversized_and_empty_index_keys_are_reported_like_wrong_types() {
        let s = AttrValue::s;
        let items = vec![
            item(&[
                ("PK", s("USER#1")),
                ("SK", s("METADATA")),
                ("GSI1PK", s(&"G".repeat(2049))),
                ("GSI1SK", s("x")),
            ]),
            item(&[
                ("PK", s("USER#2")),
                ("SK", s("METADATA")),
                ("GSI1PK", s("G")),
                ("GSI1SK", s(&"y".repeat(1025))),
            ]),
            item(&[
                ("PK", s("USER#3")),
                ("SK", s("METADATA")),
                ("GSI1PK", s("")),
                ("GSI1SK", s("y")),
            ]),
        ];
        let mut run = coverage(CoverageMode::Sample);
        run.add_page(&items, &description(), &EntityDecoder::new());
        let gsi1 = run.index("GSI1").expect("GSI1");
        assert_eq!(gsi1.in_index, 0);
        let reasons: Vec<&str> = gsi1.exclusions.iter().map(|e| e.reason.as_str()).collect();
        assert_eq!(
            reasons,
            [
                "GSI1PK is longer than a partition key may be (2,048 bytes)",
                "GSI1SK is longer than a sort key may be (1,024 bytes)",
                "GSI1PK is empty (index keys cannot be empty)",
            ]
        );
    }

    #[test]
    fn counts_are_written_with_thousands_separators_as_everywhere_else() {
        let items: Vec<Item> = (0..1_200)
            .map(|n| {
                let mut item = item(&[
                    ("PK", AttrValue::s(format!("USER#{n}"))),
                    ("SK", AttrValue::s("METADATA")),
                ]);
                if n < 1_100 {
                    item.insert("GSI1PK".to_owned(), AttrValue::s("G"));
                    item.insert("GSI1SK".to_owned(), AttrValue::s("x"));
                }
                item
            })
            .collect();
        let mut run = coverage(CoverageMode::Sample);
        run.add_page(&items, &description(), &EntityDecoder::new());
        assert_eq!(
            run.summary("GSI1").as_deref(),
            Some("~91.7% (1,100 of 1,200 table items read would be in it; sampled)")
        );
    }

    #[test]
    fn nothing_read_yet_says_so() {
        let run = coverage(CoverageMode::Full);
        assert_eq!(
            run.summary("GSI1").as_deref(),
            Some("no table items read yet")
        );
        assert_eq!(run.summary("nope"), None);
    }
}
