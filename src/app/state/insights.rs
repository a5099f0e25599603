//! The insights screen: a Scan of whole items (a sample of its first pages on a large table)
//! fed into the domain's census, and the report once the scan stops.

use crate::app::state::indexes::streamed_scan::StreamedScan;
use crate::domain::insights::{Coverage, InsightScan, Report};
use crate::domain::value::Item;

/// Pages read for a sample of a table too large to scan without asking.
pub const SAMPLE_PAGES: u64 = 10;

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
}

/// One row of the screen: a finding, or one of the items it names.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum InsightRow {
    Finding(usize),
    Item { finding: usize, item: usize },
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
        rows
    }

    /// The item a row opens: the row's own, or a finding's first.
    #[must_use]
    pub fn item_of(&self, row: InsightRow) -> Option<&Item> {
        let report = self.report.as_ref()?;
        let (finding, item) = match row {
            InsightRow::Finding(finding) => (finding, 0),
            InsightRow::Item { finding, item } => (finding, item),
        };
        report.findings.get(finding)?.items.get(item)
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
            })
            .collect()
    }
}
