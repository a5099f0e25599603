//! The discovery scan: paginated, optionally parallel (segments), pausable, cancellable, with
//! progress figures for the progress bar.

use std::time::Duration;

use crate::app::request_id::RequestId;
use crate::app::state::Paging;
use crate::app::state::stale::{Kept, Refreshable, Stale};
use crate::domain::collection::Collections;

/// Where the whole scan stands.
#[derive(Clone, Debug, PartialEq)]
pub enum ScanStatus {
    /// Not started (the table is not described yet).
    Idle,
    /// The table is large; waiting for the user to agree to scan it.
    AwaitingConfirmation,
    Running,
    Paused,
    /// Stopped by the user; what was found stays.
    Cancelled,
    Complete,
    Failed(String),
}

/// Figures for the progress bar.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct ScanProgress {
    pub items_scanned: u64,
    pub pages: u64,
    pub consumed_capacity: f64,
    /// When the scan started, on the app clock.
    pub started_at: Duration,
    /// Time spent scanning so far (paused time excluded).
    pub elapsed: Duration,
    /// The app clock at the last tick this scan saw. The clock is read only while something
    /// is busy, so it can be long out of date when a scan starts: time counts from the first
    /// tick after the start, never from an earlier reading.
    pub ticked_at: Option<Duration>,
}

impl ScanProgress {
    /// The clock reads `now`: adds the time since the last tick when the scan was running.
    pub fn advance_to(&mut self, now: Duration, running: bool) {
        if running && let Some(last) = self.ticked_at {
            self.elapsed += now.saturating_sub(last);
        }
        self.ticked_at = Some(now);
    }
}

/// The scan's state and what it found.
#[derive(Clone, Debug)]
pub struct Discovery {
    pub status: ScanStatus,
    /// Each segment's paging.
    pub segments: Vec<Paging>,
    pub progress: ScanProgress,
    /// What the scan found, grouped; `None` until a scan starts (it needs the key schema).
    pub found: Option<Collections>,
    /// Set when the user chose a sample over a whole scan: the counts shown are estimates.
    pub sample: Option<super::sample::SampleRun>,
    /// The last complete tree while a rescan runs, put back if the rescan fails.
    pub kept: Option<Kept<Self>>,
    /// Set when this tree was put back after a rescan failed.
    pub stale: Option<Stale>,
}

impl Refreshable for Discovery {
    fn kept(&mut self) -> &mut Option<Kept<Self>> {
        &mut self.kept
    }
    fn stale(&mut self) -> &mut Option<Stale> {
        &mut self.stale
    }
    fn has_data(&self) -> bool {
        self.found.is_some()
            && matches!(
                self.status,
                ScanStatus::Complete | ScanStatus::Cancelled | ScanStatus::Paused
            )
    }
}

impl Discovery {
    #[must_use]
    pub fn new(segments: u32) -> Self {
        Self {
            status: ScanStatus::Idle,
            segments: (0..segments.max(1)).map(|_| Paging::Ready(None)).collect(),
            progress: ScanProgress::default(),
            found: None,
            sample: None,
            kept: None,
            stale: None,
        }
    }

    /// Ids of the pages in flight.
    pub fn in_flight(&self) -> impl Iterator<Item = RequestId> + '_ {
        self.segments.iter().filter_map(Paging::in_flight)
    }

    /// The segment waiting for `id`, if it is current.
    #[must_use]
    pub fn segment_awaiting(&self, id: RequestId) -> Option<usize> {
        self.segments.iter().position(|segment| segment.awaits(id))
    }

    /// Puts in-flight segments back to ready (from where their page started).
    pub fn abandon_in_flight(&mut self) {
        for segment in &mut self.segments {
            segment.abandon();
        }
    }

    #[must_use]
    pub fn all_done(&self) -> bool {
        self.segments.iter().all(Paging::is_complete)
    }
}
