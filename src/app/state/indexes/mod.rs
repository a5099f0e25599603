//! The GSI browser's and the sparse-index inspector's state: index browses by index name, the
//! coverage run, and a base item being fetched.

use std::collections::BTreeMap;
use std::time::Duration;

pub mod browse;
pub mod coverage;
pub mod coverage_lines;
pub mod rows;
pub mod streamed_scan;

use crate::app::request_id::RequestId;
use browse::IndexBrowse;
use coverage::Coverage;

/// Everything the index screens know.
#[derive(Clone, Debug, Default)]
pub struct Indexes {
    /// Browses started so far, by index name (kept when the user goes back, like partitions).
    pub browses: BTreeMap<String, IndexBrowse>,
    pub coverage: Option<Coverage>,
    /// The GetItem of a base item in flight.
    pub fetching: Option<RequestId>,
}

impl Indexes {
    /// True while a request of these screens is in flight.
    #[must_use]
    pub fn is_busy(&self) -> bool {
        self.fetching.is_some()
            || self
                .browses
                .values()
                .any(|browse| browse.scan.in_flight().is_some())
            || self
                .coverage
                .iter()
                .flat_map(Coverage::scans)
                .any(|scan| scan.in_flight().is_some())
    }

    /// The clock reads `now`: running scans count the time since their last tick.
    pub fn advance_to(&mut self, now: Duration) {
        for browse in self.browses.values_mut() {
            browse.scan.advance_to(now);
        }
        if let Some(coverage) = &mut self.coverage {
            for scan in coverage.scans_mut() {
                scan.advance_to(now);
            }
        }
    }
}
