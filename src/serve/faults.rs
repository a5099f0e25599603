//! Faults `ddbx serve` injects on request, so an application's timeout and retry paths can be
//! tested: every answer late by a fixed delay, and a share of the item, read and statement
//! requests throttled as the service throttles them.

use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Duration;

use serde_json::{Value, json};

use super::error::WireError;
use super::operations::ITEM_WRITES;
use crate::domain::describe_table::served_table_arn;

/// The reads a table's throughput limits (the writes are the item writes).
const READS: &[&str] = &[
    "GetItem",
    "Query",
    "Scan",
    "BatchGetItem",
    "TransactGetItems",
    "ExecuteStatement",
    "BatchExecuteStatement",
    "ExecuteTransaction",
];
/// The delay and throttling asked for (none by default).
#[derive(Debug, Default)]
pub struct Faults {
    pub delay: Duration,
    /// The share of throttleable requests throttled, from 0 to 1.
    throttle_rate: f64,
    throttleable_seen: AtomicU64,
}

impl Faults {
    /// `rate` must be within 0 to 1.
    pub fn new(delay: Duration, rate: f64) -> Result<Self, String> {
        if !(0.0..=1.0).contains(&rate) {
            return Err(format!(
                "--throttle-rate {rate} is not a share: give a number from 0 (never) to 1 (every request)"
            ));
        }
        Ok(Self {
            delay,
            throttle_rate: rate,
            throttleable_seen: AtomicU64::new(0),
        })
    }

    /// The throttling error for this request, when its turn comes: the `n`-th throttleable
    /// request is throttled when `n × rate` passes a whole number, so a rate of 0.25 throttles
    /// every fourth, without chance.
    pub fn throttle(&self, operation: &str, body: &[u8]) -> Option<WireError> {
        let read = READS.contains(&operation);
        if self.throttle_rate <= 0.0 || !(read || ITEM_WRITES.contains(&operation)) {
            return None;
        }
        let seen = self.throttleable_seen.fetch_add(1, Ordering::Relaxed);
        #[allow(clippy::cast_precision_loss, clippy::cast_possible_truncation)]
        let turn = |n: u64| (n as f64 * self.throttle_rate).floor() as u64;
        if turn(seen + 1) == turn(seen) {
            return None;
        }
        Some(throttled(read, table_of(body).as_deref()))
    }
}

/// The table a request names: `TableName`, or the first of `RequestItems`.
fn table_of(body: &[u8]) -> Option<String> {
    let json: Value = serde_json::from_slice(body).ok()?;
    if let Some(Value::String(table)) = json.get("TableName") {
        return Some(table.clone());
    }
    json.get("RequestItems")?
        .as_object()?
        .keys()
        .next()
        .cloned()
}

fn throttled(read: bool, table: Option<&str>) -> WireError {
    let mut error = WireError::from(crate::backend::BackendError::Service {
        code: "ProvisionedThroughputExceededException".to_owned(),
        message: "The level of configured provisioned throughput for the table was exceeded. Consider increasing your provisioning level with the UpdateTable API.".to_owned(),
    });
    let reason = if read {
        "TableReadProvisionedThroughputExceeded"
    } else {
        "TableWriteProvisionedThroughputExceeded"
    };
    let mut entry = json!({ "reason": reason });
    if let Some(table) = table {
        entry["resource"] = json!(served_table_arn(table));
    }
    error
        .extra
        .insert("ThrottlingReasons".into(), Value::Array(vec![entry]));
    error
}
