//! Capacity a request consumed, as DynamoDB reports it.

use std::collections::BTreeMap;

/// Capacity a request consumed, as reported with `ReturnConsumedCapacity=INDEXES`.
/// Capacity units are fractional (0.5 for an eventually consistent read), hence `f64`; they are
/// service accounting, never item data.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct ConsumedCapacity {
    pub total: f64,
    pub table: Option<f64>,
    pub indexes: BTreeMap<String, f64>,
}

impl ConsumedCapacity {
    /// Adds another request's consumption (for totals over many pages).
    pub fn accumulate(&mut self, other: &Self) {
        self.total += other.total;
        if let Some(units) = other.table {
            *self.table.get_or_insert(0.0) += units;
        }
        for (name, units) in &other.indexes {
            *self.indexes.entry(name.clone()).or_insert(0.0) += units;
        }
    }
}
