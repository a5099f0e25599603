//! The findings of an index's census: index partitions that hold a large share of it, what an
//! `ALL` projection duplicates, whether an index meant to be sparse is, and the items whose index
//! keys are half written.

use super::entity_names::EntityNames;
use super::finding::{Finding, Rule, Severity};
use super::indexes::{EXAMPLES, IndexStats};
use super::tally::{Largest, largest};
use crate::domain::figures::{bytes, count, counted};
use crate::domain::key_value::key_text;
use crate::domain::schema::{IndexKind, Projection};

/// Shares of an index are only meaningful over this many of its items.
const MIN_INDEX_ITEMS: u64 = 100;
/// One index partition holding this share of the index is a hot spot.
const HOT_SHARE: f64 = 0.20;
/// An index holding this share of the table's items is not sparse.
const NOT_SPARSE_SHARE: f64 = 0.90;
/// Above this share of the table's bytes, an `ALL` projection is a cost worth a warning.
const COSTLY_PROJECTION_SHARE: f64 = 0.50;
/// Below this share the duplicated bytes are not worth a line.
const NOTABLE_PROJECTION_SHARE: f64 = 0.20;

impl IndexStats {
    pub fn findings(
        &self,
        names: &EntityNames,
        table_items: u64,
        table_bytes: u64,
    ) -> Vec<Finding> {
        [
            self.partition_share(),
            self.projection_cost(table_bytes),
            self.not_sparse(table_items),
            self.partial_keys(),
            self.coverage_by_entity(names),
        ]
        .into_iter()
        .flatten()
        .collect()
    }

    fn partition_share(&self) -> Option<Finding> {
        if self.kind != IndexKind::Global || self.items < MIN_INDEX_ITEMS {
            return None;
        }
        let largest = largest(
            self.partitions.iter().map(|(key, usage)| (key, *usage)),
            EXAMPLES,
            Largest::Items,
        );
        let top = largest.first()?;
        let (value, items) = (&top.partition_key, top.items);
        let share = items as f64 / self.items as f64;
        if share < HOT_SHARE {
            return None;
        }
        Some(
            Finding::new(
                Rule::IndexPartitionShare,
                Severity::Warning,
                format!(
                    "{}: {} = {} holds {} of its {} items ({:.0}%), all in one index partition",
                    self.name,
                    self.partition_attribute,
                    key_text(value),
                    count(items),
                    count(self.items),
                    share * 100.0
                ),
            )
            .with_evidence(largest.iter().map(|collection| {
                format!(
                    "{} = {}: {}",
                    self.partition_attribute,
                    key_text(&collection.partition_key),
                    counted(collection.items, "item", "items")
                )
            }))
            .with_evidence([format!(
                "{} distinct {} values among the items read",
                count(self.partitions.len() as u64),
                self.partition_attribute
            )]),
        )
    }

    fn projection_cost(&self, table_bytes: u64) -> Option<Finding> {
        if self.kind != IndexKind::Global || self.items == 0 || self.projection != Projection::All {
            return None;
        }
        let share = self.projected_bytes as f64 / table_bytes.max(1) as f64;
        let severity = if share >= COSTLY_PROJECTION_SHARE && self.items >= MIN_INDEX_ITEMS {
            Severity::Warning
        } else if share >= NOTABLE_PROJECTION_SHARE {
            Severity::Info
        } else {
            return None;
        };
        Some(
            Finding::new(
                Rule::ProjectionCost,
                severity,
                format!(
                    "{} projects ALL: it stores {} ({:.0}% of the table's bytes) where its keys alone take {}",
                    self.name,
                    bytes(self.projected_bytes),
                    share * 100.0,
                    bytes(self.key_bytes)
                ),
            )
            .with_evidence([format!(
                "every write of one of its {} items is written again, whole, to {}",
                count(self.items),
                self.name
            )]),
        )
    }

    fn not_sparse(&self, table_items: u64) -> Option<Finding> {
        if table_items < MIN_INDEX_ITEMS {
            return None;
        }
        let share = self.items as f64 / table_items as f64;
        (share >= NOT_SPARSE_SHARE).then(|| {
            Finding::new(
                Rule::IndexNotSparse,
                Severity::Info,
                format!(
                    "{} holds {} of the {} items read ({:.0}%): it is not sparse",
                    self.name,
                    count(self.items),
                    count(table_items),
                    share * 100.0
                ),
            )
        })
    }

    /// An entity none of whose items is in a multi-attribute index is not meant for it, however
    /// many of its attributes the index's key shares.
    fn meant_for_the_index(&self, entity: usize) -> bool {
        !self.multi_attribute
            || self
                .by_entity
                .get(entity)
                .is_some_and(|coverage| coverage.inside > 0)
    }

    fn partial_keys(&self) -> Option<Finding> {
        let partial: u64 = self
            .by_entity
            .iter()
            .enumerate()
            .filter(|(entity, _)| self.meant_for_the_index(*entity))
            .map(|(_, coverage)| coverage.partial)
            .sum();
        if partial == 0 {
            return None;
        }
        let examples = || {
            self.partial_examples
                .iter()
                .filter(|(entity, _, _)| self.meant_for_the_index(*entity))
                .take(EXAMPLES)
        };
        Some(
            Finding::new(
                Rule::PartialIndexKeys,
                Severity::Warning,
                format!(
                    "{} some of {}'s own key attributes but {} not in it",
                    counted(partial, "item has", "items have"),
                    self.name,
                    if partial == 1 { "is" } else { "are" }
                ),
            )
            .with_evidence(examples().map(|(_, _, why)| why.clone()))
            .with_items(examples().map(|(_, key, _)| key.clone())),
        )
    }

    fn coverage_by_entity(&self, names: &EntityNames) -> Option<Finding> {
        let partly: Vec<String> = self
            .by_entity
            .iter()
            .enumerate()
            .filter(|(entity, coverage)| {
                !names.is_unnamed(*entity)
                    && coverage.inside > 0
                    && coverage.inside < coverage.total
            })
            .map(|(entity, coverage)| {
                format!(
                    "{}: {} of {} in {}",
                    names.name(entity),
                    count(coverage.inside),
                    count(coverage.total),
                    self.name
                )
            })
            .collect();
        if partly.is_empty() {
            return None;
        }
        Some(
            Finding::new(
                Rule::IndexCoverageByEntity,
                Severity::Info,
                format!(
                    "{} entit{} only partly in {}: intended if {} is sparse by design, a missed write otherwise",
                    partly.len(),
                    if partly.len() == 1 { "y is" } else { "ies are" },
                    self.name,
                    self.name
                ),
            )
            .with_evidence(partly),
        )
    }
}
