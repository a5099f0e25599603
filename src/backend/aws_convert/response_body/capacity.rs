//! `ConsumedCapacity` as DynamoDB writes it with `ReturnConsumedCapacity` TOTAL or INDEXES. It
//! comes once per page, so serde reads it: speed does not matter here, agreeing with the SDK does.

use std::collections::BTreeMap;

use serde::Deserialize;

use crate::backend::ConsumedCapacity;

#[derive(Deserialize)]
#[serde(rename_all = "PascalCase")]
pub(super) struct WireCapacity {
    capacity_units: Option<f64>,
    table: Option<WireUnits>,
    global_secondary_indexes: Option<BTreeMap<String, WireUnits>>,
    local_secondary_indexes: Option<BTreeMap<String, WireUnits>>,
}

#[derive(Deserialize)]
#[serde(rename_all = "PascalCase")]
struct WireUnits {
    capacity_units: Option<f64>,
}

impl WireCapacity {
    /// The same reading as the SDK path's: a missing figure counts as zero, except the table's,
    /// which stays unknown.
    pub(super) fn into_domain(self) -> ConsumedCapacity {
        let indexes = [self.global_secondary_indexes, self.local_secondary_indexes]
            .into_iter()
            .flatten()
            .flatten()
            .map(|(name, units)| (name, units.capacity_units.unwrap_or(0.0)))
            .collect();
        ConsumedCapacity {
            total: self.capacity_units.unwrap_or(0.0),
            table: self.table.and_then(|table| table.capacity_units),
            indexes,
        }
    }
}
