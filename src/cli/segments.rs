//! A paginated, optionally parallel Scan: one task per segment sends its pages to one channel,
//! so `collections`, `insights` and `diff` read the same way (`diff` optionally within a cap on
//! the read units per second, and a scoped `diff` by a Query the same way as a segment). The
//! channel holds a few pages a segment: a segment whose pages are not taken waits, so a server
//! that answers faster than its pages are used never fills the memory with them.

use std::sync::Arc;

use tokio::sync::mpsc::{Receiver, Sender, channel};

use super::lockstep::{Lockstep, Step};
use super::read_pace::{ReadPace, page_units};
use crate::backend::{Backend, BackendError, Page, ScanRequest};
use crate::domain::scope::ScopeRead;

/// Pages a segment may have read ahead of the one being used.
const PAGES_AHEAD_PER_SEGMENT: usize = 2;

/// A channel for the pages of `segments` segments.
#[must_use]
pub fn page_channel(segments: usize) -> (PageSender, PageReceiver) {
    channel(segments.max(1) * PAGES_AHEAD_PER_SEGMENT)
}

pub type PageSender = Sender<Result<Page, BackendError>>;
pub type PageReceiver = Receiver<Result<Page, BackendError>>;

/// What a scan of every segment read, for its closing line.
#[derive(Clone, Copy, Debug, Default)]
pub struct ScanTotals {
    pub pages: u64,
    /// Read units the pages reported consuming.
    pub capacity: f64,
    /// True when some segment stopped before its last page (`max_pages`).
    pub more: bool,
}

/// Reads every page of [`scan_segments`], handing each to `each`; the first error ends the read.
pub async fn read_segments(
    backend: &Arc<dyn Backend>,
    requests: Vec<ScanRequest>,
    max_pages: Option<u64>,
    mut each: impl FnMut(&Page),
) -> Result<ScanTotals, BackendError> {
    totals_of(scan_segments(backend, requests, max_pages), |page| {
        each(&page)
    })
    .await
}

/// Every page of `reads` (a Query, or the segments of a Scan) read at once, each request
/// waiting for `pace` (which other reads may share, so their consumption is capped together)
/// and, with `lockstep`, for the other side's read of the same keys (this side's index given);
/// each page handed to `each` to keep.
pub async fn read_segments_paced(
    backend: &Arc<dyn Backend>,
    reads: Vec<ScopeRead>,
    (pace, lockstep): (Option<Arc<ReadPace>>, Option<(&Lockstep, usize)>),
    each: impl FnMut(Page),
) -> Result<ScanTotals, BackendError> {
    let (sender, pages) = page_channel(reads.len());
    for (index, read) in reads.into_iter().enumerate() {
        let segment = Segment {
            max_pages: None,
            pace: pace.clone(),
            step: lockstep.and_then(|(lockstep, side)| lockstep.step(index, side)),
        };
        spawn_paced(backend, read, segment, &sender);
    }
    drop(sender);
    totals_of(pages, each).await
}

async fn totals_of(
    mut pages: PageReceiver,
    mut each: impl FnMut(Page),
) -> Result<ScanTotals, BackendError> {
    let mut totals = ScanTotals::default();
    while let Some(page) = pages.recv().await {
        let page = page?;
        totals.pages += 1;
        totals.capacity += page
            .consumed
            .as_ref()
            .map_or(0.0, |consumed| consumed.total);
        totals.more |= page.last_evaluated_key.is_some();
        each(page);
    }
    Ok(totals)
}

/// Pages of every request (one per segment), in the order they arrive; at most `max_pages` per
/// segment when given. An error ends its segment and is sent as the last message of it.
pub fn scan_segments(
    backend: &Arc<dyn Backend>,
    requests: Vec<ScanRequest>,
    max_pages: Option<u64>,
) -> PageReceiver {
    let (sender, pages) = page_channel(requests.len());
    for request in requests {
        spawn_segment(backend, request, max_pages, &sender);
    }
    pages
}

/// One segment's task of [`scan_segments`], sending to `sender`: a sample starts its segments
/// one by one, as its budget allows.
pub fn spawn_segment(
    backend: &Arc<dyn Backend>,
    request: ScanRequest,
    max_pages: Option<u64>,
    sender: &PageSender,
) -> tokio::task::JoinHandle<()> {
    let segment = Segment {
        max_pages,
        pace: None,
        step: None,
    };
    spawn_paced(backend, ScopeRead::Scan(request), segment, sender)
}

fn spawn_paced(
    backend: &Arc<dyn Backend>,
    request: ScopeRead,
    segment: Segment,
    sender: &PageSender,
) -> tokio::task::JoinHandle<()> {
    let backend = Arc::clone(backend);
    let sender = sender.clone();
    tokio::spawn(async move {
        let result = scan_segment(backend.as_ref(), request, segment, &sender).await;
        if let Err(error) = result {
            let _ = sender.send(Err(error)).await;
        }
    })
}

/// How one segment is read: at most `max_pages`, each page within `pace`, and in step with the
/// other side's read of the same keys.
struct Segment {
    max_pages: Option<u64>,
    pace: Option<Arc<ReadPace>>,
    step: Option<Step>,
}

async fn scan_segment(
    backend: &dyn Backend,
    mut request: ScopeRead,
    segment: Segment,
    pages: &PageSender,
) -> Result<(), BackendError> {
    let mut read = 0_u64;
    loop {
        if let Some(step) = &segment.step {
            step.wait_turn(read).await;
        }
        let page = match segment.pace.as_deref() {
            Some(pace) => paced_read(backend, &request, pace).await?,
            None => send_read(backend, &request).await?,
        };
        read += 1;
        if let Some(step) = &segment.step {
            step.read_page();
        }
        let next = page.last_evaluated_key.clone();
        if pages.send(Ok(page)).await.is_err() {
            return Ok(());
        }
        match next {
            Some(key) if segment.max_pages.is_none_or(|max| read < max) => {
                request = request.starting_at(Some(key));
            }
            _ => return Ok(()),
        }
    }
}

async fn send_read(backend: &dyn Backend, read: &ScopeRead) -> Result<Page, BackendError> {
    match read {
        ScopeRead::Query(request) => backend.query(request.clone()).await,
        ScopeRead::Scan(request) => backend.scan(request.clone()).await,
    }
}

async fn paced_read(
    backend: &dyn Backend,
    request: &ScopeRead,
    pace: &ReadPace,
) -> Result<Page, BackendError> {
    let reserved = pace.before_page().await;
    match send_read(backend, request).await {
        Ok(page) => {
            pace.answered(reserved, page_units(&page));
            Ok(page)
        }
        Err(error) => {
            pace.failed(reserved);
            Err(error)
        }
    }
}
