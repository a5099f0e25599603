//! One sequential Scan streamed page by page with the discovery scan's machinery (its status,
//! page cursor and progress figures): it can be paused (pages in flight still land), cancelled
//! (what was read stays) and limited to its first N pages for a sample. Index browsing and the
//! sparse-index coverage counts run on it.

use std::time::Duration;

use super::ScanStatus;
use super::discovery::{ScanProgress, SegmentCursor};
use crate::app::command::Command;
use crate::app::request_id::{RequestId, RequestIds};
use crate::backend::{BackendError, Page, ScanRequest};

/// A Scan in progress or finished.
#[derive(Clone, Debug, PartialEq)]
pub struct StreamedScan {
    /// The request of every page (its `start_key` is set per page).
    pub request: ScanRequest,
    pub status: ScanStatus,
    pub cursor: SegmentCursor,
    pub progress: ScanProgress,
    /// Stop after this many pages (a sample); `None` reads to the end.
    pub page_limit: Option<u64>,
    /// Items returned (for Select=COUNT, the page Counts).
    pub count: u64,
}

/// What a landed page means for the caller.
pub enum Landed {
    /// Not this scan's page (or a stale one).
    NotMine,
    Page(Page),
    Failed(String),
}

impl StreamedScan {
    /// A running scan that has not issued a page yet; call [`Self::next_page`].
    #[must_use]
    pub fn start(request: ScanRequest, page_limit: Option<u64>, now: Duration) -> Self {
        Self {
            request,
            status: ScanStatus::Running,
            cursor: SegmentCursor::Ready(None),
            progress: ScanProgress {
                started_at: now,
                ..ScanProgress::default()
            },
            page_limit,
            count: 0,
        }
    }

    /// The next page request, when the scan is running and no page is in flight.
    pub fn next_page(&mut self, ids: &mut RequestIds) -> Option<Command> {
        if self.status != ScanStatus::Running {
            return None;
        }
        let SegmentCursor::Ready(from) = &self.cursor else {
            return None;
        };
        let from = from.clone();
        let mut request = self.request.clone();
        request.start_key.clone_from(&from);
        let id = ids.issue();
        self.cursor = SegmentCursor::InFlight { id, from };
        Some(Command::IndexScanPage { id, request })
    }

    /// The page in flight, if any.
    #[must_use]
    pub fn in_flight(&self) -> Option<RequestId> {
        match self.cursor {
            SegmentCursor::InFlight { id, .. } => Some(id),
            _ => None,
        }
    }

    /// Takes in the answer to request `id`: progress, cursor, and the status once the last
    /// page (or the sample's last page) has landed.
    pub fn land(&mut self, id: RequestId, result: Result<Page, BackendError>) -> Landed {
        if self.in_flight() != Some(id) {
            return Landed::NotMine;
        }
        let page = match result {
            Ok(page) => page,
            Err(error) => {
                self.abandon();
                self.status = ScanStatus::Failed(error.to_string());
                return Landed::Failed(error.to_string());
            }
        };
        self.progress.items_scanned += page.scanned_count.max(page.items.len() as u64);
        self.progress.pages += 1;
        self.count += page.count.max(page.items.len() as u64);
        if let Some(consumed) = &page.consumed {
            self.progress.consumed_capacity += consumed.total;
        }
        self.cursor = match &page.last_evaluated_key {
            Some(key) => SegmentCursor::Ready(Some(key.clone())),
            None => SegmentCursor::Done,
        };
        let sample_full = self
            .page_limit
            .is_some_and(|limit| self.progress.pages >= limit);
        if self.cursor == SegmentCursor::Done || sample_full {
            self.status = ScanStatus::Complete;
        }
        Landed::Page(page)
    }

    /// True when every item was read (not a sample cut short, not cancelled).
    #[must_use]
    pub fn is_exhaustive(&self) -> bool {
        self.cursor == SegmentCursor::Done
    }

    #[must_use]
    pub fn is_running(&self) -> bool {
        self.status == ScanStatus::Running
    }

    /// Pauses a running scan or resumes a paused or cancelled one that has pages left;
    /// returns the page to issue on resume.
    pub fn toggle_pause(&mut self, ids: &mut RequestIds) -> Option<Command> {
        match self.status {
            ScanStatus::Running => {
                self.status = ScanStatus::Paused;
                None
            }
            ScanStatus::Paused | ScanStatus::Cancelled if self.cursor != SegmentCursor::Done => {
                self.status = ScanStatus::Running;
                self.next_page(ids)
            }
            _ => None,
        }
    }

    /// Stops the scan, keeping what was read; returns the request to abandon, if one is in flight.
    pub fn cancel(&mut self) -> Option<RequestId> {
        if !matches!(self.status, ScanStatus::Running | ScanStatus::Paused) {
            return None;
        }
        let in_flight = self.in_flight();
        self.abandon();
        self.status = ScanStatus::Cancelled;
        in_flight
    }

    fn abandon(&mut self) {
        if let SegmentCursor::InFlight { from, .. } = &mut self.cursor {
            self.cursor = SegmentCursor::Ready(from.take());
        }
    }

    /// Adds `step` to the elapsed time while running.
    pub fn advance(&mut self, step: Duration) {
        if self.status == ScanStatus::Running {
            self.progress.elapsed += step;
        }
    }

    /// `running · 3 pages · 1,204 items · 2.0 RCU · 1.2 s`, for progress lines.
    #[must_use]
    pub fn progress_text(&self) -> String {
        let status = match &self.status {
            ScanStatus::Running => "scanning",
            ScanStatus::Paused => "paused",
            ScanStatus::Cancelled => "cancelled",
            ScanStatus::Complete if self.is_exhaustive() => "complete",
            ScanStatus::Complete => "sampled",
            ScanStatus::Failed(_) => "failed",
            ScanStatus::Idle | ScanStatus::AwaitingConfirmation => "not started",
        };
        format!(
            "{status} · {} {} · {} items read · {:.1} RCU · {:.1} s",
            self.progress.pages,
            if self.progress.pages == 1 {
                "page"
            } else {
                "pages"
            },
            self.progress.items_scanned,
            self.progress.consumed_capacity,
            self.progress.elapsed.as_secs_f64()
        )
    }
}
