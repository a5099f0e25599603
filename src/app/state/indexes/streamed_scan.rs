//! One sequential Scan streamed page by page with the discovery scan's machinery (its status,
//! page cursor and progress figures): it can be paused (pages in flight still land), cancelled
//! (what was read stays) and limited to its first N pages for a sample. Index browsing and the
//! sparse-index coverage counts run on it.

use std::time::Duration;

use crate::app::request_id::{RequestId, RequestIds};
use crate::app::state::Paging;
use crate::app::state::ScanStatus;
use crate::app::state::explore::discovery::ScanProgress;
use crate::backend::{BackendError, Page, ScanRequest};

/// Pages of the table a sample reads: the coverage counts' and the insights' sample alike.
pub const SAMPLE_PAGES: u64 = 10;

/// A Scan in progress or finished.
#[derive(Clone, Debug, PartialEq)]
pub struct StreamedScan {
    /// The request of every page (its `start_key` is set per page).
    pub request: ScanRequest,
    pub status: ScanStatus,
    pub cursor: Paging,
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
            cursor: Paging::Ready(None),
            progress: ScanProgress {
                started_at: now,
                ..ScanProgress::default()
            },
            page_limit,
            count: 0,
        }
    }

    /// The next page request and its id, when the scan is running and no page is in flight.
    pub fn next_page(&mut self, ids: &mut RequestIds) -> Option<(RequestId, ScanRequest)> {
        if self.status != ScanStatus::Running {
            return None;
        }
        let from = self.cursor.ready()?.clone();
        let mut request = self.request.clone();
        request.start_key.clone_from(&from);
        let id = ids.issue();
        self.cursor.fetch(id, from);
        Some((id, request))
    }

    /// The page in flight, if any.
    #[must_use]
    pub fn in_flight(&self) -> Option<RequestId> {
        self.cursor.in_flight()
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
        self.cursor.landed(page.last_evaluated_key.clone());
        let sample_full = self
            .page_limit
            .is_some_and(|limit| self.progress.pages >= limit);
        if self.cursor.is_complete() || sample_full {
            self.status = ScanStatus::Complete;
        }
        Landed::Page(page)
    }

    /// True once the scan stopped with what it read standing (finished, paused or cancelled,
    /// never failed): data worth keeping through a rescan.
    #[must_use]
    pub fn stopped_well(&self) -> bool {
        matches!(
            self.status,
            ScanStatus::Complete | ScanStatus::Cancelled | ScanStatus::Paused
        )
    }

    /// True when every item was read (not a sample cut short, not cancelled).
    #[must_use]
    pub fn is_exhaustive(&self) -> bool {
        self.cursor.is_complete()
    }

    #[must_use]
    pub fn is_running(&self) -> bool {
        self.status == ScanStatus::Running
    }

    /// Pauses a running scan or resumes a paused or cancelled one that has pages left;
    /// returns the page to issue on resume.
    pub fn toggle_pause(&mut self, ids: &mut RequestIds) -> Option<(RequestId, ScanRequest)> {
        match self.status {
            ScanStatus::Running => {
                self.status = ScanStatus::Paused;
                None
            }
            ScanStatus::Paused | ScanStatus::Cancelled if !self.cursor.is_complete() => {
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
        self.cursor.abandon();
    }

    /// The clock reads `now`: the elapsed time grows while running.
    pub fn advance_to(&mut self, now: Duration) {
        let running = self.status == ScanStatus::Running;
        self.progress.advance_to(now, running);
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
            "{status} · {} · {} read · {:.1} RCU · {:.1} s",
            crate::domain::figures::counted(self.progress.pages, "page", "pages"),
            crate::domain::figures::counted(self.progress.items_scanned, "item", "items"),
            self.progress.consumed_capacity,
            self.progress.elapsed.as_secs_f64()
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::value::{AttrValue, Item};

    fn key(n: i64) -> Item {
        [("PK".to_owned(), AttrValue::n(n))].into_iter().collect()
    }

    fn page(items: usize, next: Option<Item>) -> Page {
        Page {
            items: (0..items).map(|n| key(n as i64)).collect(),
            last_evaluated_key: next,
            count: items as u64,
            scanned_count: items as u64,
            consumed: None,
        }
    }

    fn issued(request: Option<(RequestId, ScanRequest)>) -> (RequestId, ScanRequest) {
        request.expect("a page request")
    }

    #[test]
    fn pages_follow_the_last_evaluated_key_until_it_is_absent() {
        let mut ids = RequestIds::default();
        let mut scan = StreamedScan::start(ScanRequest::new("T"), None, Duration::ZERO);
        let (first, request) = issued(scan.next_page(&mut ids));
        assert_eq!(request.start_key, None);
        assert!(scan.next_page(&mut ids).is_none(), "one page at a time");
        assert!(matches!(
            scan.land(first, Ok(page(3, Some(key(2))))),
            Landed::Page(_)
        ));
        let (second, request) = issued(scan.next_page(&mut ids));
        assert_eq!(request.start_key, Some(key(2)));
        assert!(matches!(
            scan.land(second, Ok(page(1, None))),
            Landed::Page(_)
        ));
        assert_eq!(scan.status, ScanStatus::Complete);
        assert!(scan.is_exhaustive());
        assert_eq!((scan.count, scan.progress.pages), (4, 2));
        assert!(scan.next_page(&mut ids).is_none());
    }

    #[test]
    fn a_sample_stops_after_its_pages_and_is_not_exhaustive() {
        let mut ids = RequestIds::default();
        let mut scan = StreamedScan::start(ScanRequest::new("T"), Some(1), Duration::ZERO);
        let (id, _) = issued(scan.next_page(&mut ids));
        scan.land(id, Ok(page(2, Some(key(1)))));
        assert_eq!(scan.status, ScanStatus::Complete);
        assert!(!scan.is_exhaustive());
        assert!(scan.progress_text().starts_with("sampled · 1 page ·"));
        assert!(scan.next_page(&mut ids).is_none());
    }

    #[test]
    fn a_stale_page_is_not_taken_and_a_failure_keeps_the_cursor() {
        let mut ids = RequestIds::default();
        let mut scan = StreamedScan::start(ScanRequest::new("T"), None, Duration::ZERO);
        let stale = ids.issue();
        let (id, _) = issued(scan.next_page(&mut ids));
        assert!(matches!(
            scan.land(stale, Ok(page(1, None))),
            Landed::NotMine
        ));
        let failed = scan.land(id, Err(BackendError::NotFound("no index".to_owned())));
        assert!(matches!(failed, Landed::Failed(text) if text.contains("no index")));
        assert!(matches!(scan.status, ScanStatus::Failed(_)));
        assert_eq!(scan.cursor, Paging::Ready(None));
    }

    #[test]
    fn pause_resume_and_cancel_keep_the_place() {
        let mut ids = RequestIds::default();
        let mut scan = StreamedScan::start(ScanRequest::new("T"), None, Duration::ZERO);
        let (id, _) = issued(scan.next_page(&mut ids));
        assert!(scan.toggle_pause(&mut ids).is_none());
        scan.land(id, Ok(page(1, Some(key(0)))));
        assert!(scan.next_page(&mut ids).is_none(), "paused");
        scan.advance_to(Duration::from_secs(1));
        scan.advance_to(Duration::from_secs(6));
        assert_eq!(
            scan.progress.elapsed,
            Duration::ZERO,
            "paused time is not counted"
        );
        let (resumed, request) = issued(scan.toggle_pause(&mut ids));
        assert_eq!(request.start_key, Some(key(0)));
        assert_eq!(scan.cancel(), Some(resumed));
        assert_eq!(scan.status, ScanStatus::Cancelled);
        assert_eq!(scan.cursor, Paging::Ready(Some(key(0))));
        assert!(matches!(
            scan.land(resumed, Ok(page(1, None))),
            Landed::NotMine
        ));
        let (_, request) = issued(scan.toggle_pause(&mut ids));
        assert_eq!(
            request.start_key,
            Some(key(0)),
            "resuming after cancel continues"
        );
    }
}
