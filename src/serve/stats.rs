//! Requests served, counted per operation, for the summary printed when the server stops.

use std::collections::BTreeMap;
use std::sync::{Mutex, PoisonError};

#[derive(Debug, Default)]
pub struct Stats {
    /// Operation → (answered, of which errors).
    counts: Mutex<BTreeMap<String, (u64, u64)>>,
}

impl Stats {
    pub fn record(&self, operation: &str, failed: bool) {
        let mut counts = self.counts.lock().unwrap_or_else(PoisonError::into_inner);
        let entry = counts.entry(operation.to_owned()).or_default();
        entry.0 += 1;
        entry.1 += u64::from(failed);
    }

    /// `12 requests: GetItem 10 (1 error), Query 2`.
    #[must_use]
    pub fn summary(&self) -> String {
        let counts = self.counts.lock().unwrap_or_else(PoisonError::into_inner);
        let total: u64 = counts.values().map(|(served, _)| served).sum();
        let parts: Vec<String> = counts
            .iter()
            .map(|(operation, (served, errors))| match errors {
                0 => format!("{operation} {served}"),
                1 => format!("{operation} {served} (1 error)"),
                n => format!("{operation} {served} ({n} errors)"),
            })
            .collect();
        let noun = if total == 1 { "request" } else { "requests" };
        if parts.is_empty() {
            format!("{total} {noun}")
        } else {
            format!("{total} {noun}: {}", parts.join(", "))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_summary_counts_requests_and_errors_per_operation() {
        let stats = Stats::default();
        assert_eq!(stats.summary(), "0 requests");
        stats.record("GetItem", false);
        stats.record("GetItem", true);
        stats.record("Query", false);
        assert_eq!(stats.summary(), "3 requests: GetItem 2 (1 error), Query 1");
    }
}
