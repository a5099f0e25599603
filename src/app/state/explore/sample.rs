//! A sampled discovery: the large-table question's third answer. The plan (segments, budget,
//! spend) and the estimates for the table, refreshed each time a segment answers so the screen
//! grows with the sample.

use std::collections::BTreeMap;

use crate::domain::collection::{Collections, GroupId};
use crate::domain::collection_tree::CollectionNode;
use crate::domain::figures::count;
use crate::domain::sample::collections::{NodeEstimate, SampleEstimator};
use crate::domain::sample::estimate::{Estimate, table_items};
use crate::domain::sample::pages::SamplePages;
use crate::domain::sample::plan::{SampleBudget, SamplePlan};

/// The segments a sample splits the table into, and the pages and time it may spend.
pub const SAMPLE_SEGMENTS: u32 = 100;
pub const SAMPLE_BUDGET: SampleBudget = SampleBudget {
    pages: 100,
    read_units: None,
    seconds: Some(30.0),
};

#[derive(Clone, Debug, PartialEq)]
pub struct SampleRun {
    pub plan: SamplePlan,
    /// What each answered page added to the collections: the estimates' sampling units.
    pub pages: SamplePages,
    /// Each level-1 group's estimate, as of the last page.
    pub estimates: BTreeMap<GroupId, NodeEstimate>,
    /// The table's estimated size and the share of it read.
    pub table_items: Option<f64>,
    pub fraction: f64,
}

impl SampleRun {
    #[must_use]
    pub fn new() -> Self {
        Self {
            plan: SamplePlan::new(SAMPLE_SEGMENTS, SAMPLE_BUDGET),
            pages: SamplePages::default(),
            estimates: BTreeMap::new(),
            table_items: None,
            fraction: 0.0,
        }
    }

    /// Counts the page just added to `found` (`cut` when its segment has more pages) and
    /// estimates again from everything sampled so far.
    pub fn refresh(&mut self, found: &Collections, cut: bool, reported: Option<u64>) {
        self.pages.record(found, cut);
        self.table_items = table_items(
            reported,
            found.item_count(),
            self.plan.answered,
            self.plan.exhausted,
            self.plan.total_segments,
        );
        let estimator = SampleEstimator::new(found, &self.pages, self.table_items);
        self.fraction = estimator.fraction();
        self.estimates = found
            .groups()
            .map(|group| {
                let node = CollectionNode {
                    name: group.prefix,
                    group: Some(group.id),
                    partition_count: group.partition_count,
                    item_count: group.item_count,
                    entities: Vec::new(),
                    children: Vec::new(),
                };
                (group.id, estimator.node(&node))
            })
            .collect();
    }

    /// A group's partitions and items as `~1,200 ±40`, for its row.
    #[must_use]
    pub fn group_figures(&self, group: GroupId) -> Option<(String, String)> {
        let estimate = self.estimates.get(&group)?;
        Some((about(estimate.partitions), about(estimate.items)))
    }

    /// The progress line's words: segments answered of planned, the share read, the table's size.
    #[must_use]
    pub fn progress_text(&self) -> String {
        let size = self.table_items.map_or_else(
            || "table size unknown".to_owned(),
            |items| format!("~{} items in the table", count(items.round() as u64)),
        );
        format!(
            "sampled {} of {} segments · {:.2}% read · {size} · ±95%",
            count(self.plan.answered),
            count(self.plan.planned_pages()),
            self.fraction * 100.0,
        )
    }
}

impl Default for SampleRun {
    fn default() -> Self {
        Self::new()
    }
}

fn about(estimate: Option<Estimate>) -> String {
    match estimate {
        Some(estimate) if estimate.margin.is_finite() => format!(
            "~{}±{}",
            count(estimate.value.round() as u64),
            count(estimate.margin.round() as u64)
        ),
        Some(estimate) => format!("~{}±?", count(estimate.value.round() as u64)),
        None => "?".to_owned(),
    }
}
