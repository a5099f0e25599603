//! The insights screen: a Scan of whole items (a sample of its first pages on a large table)
//! fed into the domain's census, and the report once the scan stops.

use crate::app::state::indexes::streamed_scan::StreamedScan;
use crate::app::state::stale::{Kept, Refreshable, Stale};
use crate::domain::figures::{bytes, counted};
use crate::domain::insights::{Coverage, InsightScan, Report};
use crate::domain::value::Item;

/// One run of the insights.
#[derive(Clone, Debug)]
pub struct InsightsRun {
    pub scan: StreamedScan,
    pub census: InsightScan,
    /// The findings, computed each time the scan stops (complete, sampled, paused, cancelled,
    /// failed); `None` while the first run is still reading.
    pub report: Option<Report>,
    /// The table's item count as DescribeTable reported it, for a sample's coverage.
    pub table_items: Option<u64>,
    /// The run read before, while the table is read again.
    pub kept: Option<Kept<Self>>,
    /// Set when this run was put back after reading the table again failed.
    pub stale: Option<Stale>,
}

impl InsightsRun {
    /// True while a page of its scan is in flight.
    #[must_use]
    pub fn is_busy(&self) -> bool {
        self.scan.in_flight().is_some()
    }
}

impl Refreshable for InsightsRun {
    fn kept(&mut self) -> &mut Option<Kept<Self>> {
        &mut self.kept
    }
    fn stale(&mut self) -> &mut Option<Stale> {
        &mut self.stale
    }
    fn has_data(&self) -> bool {
        self.report.is_some() && self.scan.stopped_well()
    }
}

/// One row of the screen: a finding, one of the items it names, or the sizes of the table's
/// partitions, of an entity's or of an index's (after the findings).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum InsightRow {
    Finding(usize),
    Item { finding: usize, item: usize },
    Sizes(Sizes),
}

/// Whose sizes a row shows: the table's partitions, or the entity or index at that position of
/// the report's lists.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Sizes {
    Table,
    Entity(usize),
    Index(usize),
}

impl InsightsRun {
    /// Computes the report from what was read so far, with the model's access patterns and the
    /// queries of the history.
    pub fn refresh_report(
        &mut self,
        patterns: &[crate::domain::access_pattern::AccessPattern],
        history: &[crate::domain::request::QueryRequest],
    ) {
        let coverage = if self.scan.is_exhaustive() {
            Coverage::Complete
        } else {
            Coverage::Sampled {
                table_items: self.table_items,
            }
        };
        let mut report = self.census.report(coverage, patterns);
        self.census.add_query_history(&mut report, history);
        self.report = Some(report);
    }

    /// The rows of the screen, in order.
    #[must_use]
    pub fn rows(&self) -> Vec<InsightRow> {
        let Some(report) = &self.report else {
            return Vec::new();
        };
        let mut rows = Vec::new();
        for (index, finding) in report.findings.iter().enumerate() {
            rows.push(InsightRow::Finding(index));
            rows.extend((0..finding.items.len()).map(|item| InsightRow::Item {
                finding: index,
                item,
            }));
        }
        rows.push(InsightRow::Sizes(Sizes::Table));
        rows.extend(
            (0..report.entity_sizes.len()).map(|entity| InsightRow::Sizes(Sizes::Entity(entity))),
        );
        rows.extend(
            (0..report.index_sizes.len()).map(|index| InsightRow::Sizes(Sizes::Index(index))),
        );
        rows
    }

    /// The item a row opens: the row's own, a finding's first, or the key of the largest
    /// collection of the table or of an entity (an index partition is no table partition).
    #[must_use]
    pub fn item_of(&self, row: InsightRow) -> Option<Item> {
        let report = self.report.as_ref()?;
        let (finding, item) = match row {
            InsightRow::Finding(finding) => (finding, 0),
            InsightRow::Item { finding, item } => (finding, item),
            InsightRow::Sizes(sizes) => {
                let largest = match sizes {
                    Sizes::Table => report.largest_collections.first(),
                    Sizes::Entity(entity) => {
                        report.entity_sizes.get(entity)?.partitions.largest.as_ref()
                    }
                    Sizes::Index(_) => None,
                }?;
                let partition = self.census.table().key.partition.name.clone();
                return Some(Item::from([(partition, largest.partition_key.clone())]));
            }
        };
        report.findings.get(finding)?.items.get(item).cloned()
    }

    /// The searchable text of each row.
    #[must_use]
    pub fn row_texts(&self) -> Vec<String> {
        let Some(report) = &self.report else {
            return Vec::new();
        };
        self.rows()
            .into_iter()
            .map(|row| match row {
                InsightRow::Finding(index) => report.findings[index].summary.clone(),
                InsightRow::Item { .. } => self
                    .item_of(row)
                    .map(|item| format!("{item:?}"))
                    .unwrap_or_default(),
                InsightRow::Sizes(sizes) => sizes_text(report, sizes),
            })
            .collect()
    }
}

/// One line on whose sizes a row shows: `entity User›Order: 100 items (20.5 KB) in 20 partitions`.
#[must_use]
pub fn sizes_text(report: &Report, sizes: Sizes) -> String {
    match sizes {
        Sizes::Table => format!(
            "table: {} ({}) in {}",
            counted(report.items, "item", "items"),
            bytes(report.bytes),
            counted(report.partitions, "partition", "partitions")
        ),
        Sizes::Entity(entity) => report
            .entity_sizes
            .get(entity)
            .map_or_else(String::new, |size| {
                format!(
                    "entity {}: {} ({}, largest item {}) in {}",
                    size.entity,
                    counted(size.items, "item", "items"),
                    bytes(size.bytes),
                    bytes(size.largest),
                    counted(size.partitions.items.total(), "partition", "partitions")
                )
            }),
        Sizes::Index(index) => report
            .index_sizes
            .get(index)
            .map_or_else(String::new, |index| {
                format!(
                    "index {}: {} ({} projected) in {}",
                    index.index,
                    counted(index.items, "item", "items"),
                    bytes(index.bytes),
                    counted(index.partitions, "partition", "partitions")
                )
            }),
    }
}
