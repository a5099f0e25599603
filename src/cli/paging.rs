//! Following pages: keep reading until `LastEvaluatedKey` is absent or `--max-items` matching
//! items were printed, writing each page as it arrives. Parallel scan segments run concurrently
//! and feed one writer.

use std::io;
use std::sync::Arc;
use std::sync::atomic::{AtomicU32, Ordering};

use tokio::sync::mpsc;
use tokio::task::JoinSet;

use super::error::CliError;
use super::output::items::ItemSink;
use super::output::summary::ReadTotals;
use crate::backend::{Backend, BackendError, Page, QueryRequest, ScanRequest};
use crate::domain::figures::counted;

/// What a failed write to stdout means: a closed pipe (`ddbx … | head`) ends the read quietly.
fn output_error(error: io::Error) -> Option<CliError> {
    if error.kind() == io::ErrorKind::BrokenPipe {
        None
    } else {
        Some(CliError::Failed(format!(
            "could not write the output: {error}"
        )))
    }
}

/// Adds a page to the totals and prints at most what `max_items` still allows.
/// Returns `Ok(false)` when no more items are wanted.
fn take_page(
    page: &Page,
    max_items: Option<u64>,
    totals: &mut ReadTotals,
    sink: &mut dyn ItemSink,
) -> Result<bool, Option<CliError>> {
    totals.add_page(page);
    let remaining = max_items.map_or(u64::MAX, |max| max.saturating_sub(totals.printed));
    let take = page
        .items
        .len()
        .min(usize::try_from(remaining).unwrap_or(usize::MAX));
    sink.write_items(&page.items[..take])
        .map_err(output_error)?;
    totals.printed += take as u64;
    Ok(max_items.is_none_or(|max| totals.printed < max))
}

/// A server error after some pages: what was read is printed first (a table is laid out only
/// at the end, so without this it would be lost), and the message says the output is incomplete.
fn read_error(error: BackendError, totals: &ReadTotals, sink: &mut dyn ItemSink) -> CliError {
    let error = CliError::from(error);
    if totals.pages == 0 {
        return error;
    }
    let pages = counted(totals.pages, "page", "pages");
    let printed = match sink.finish() {
        Ok(()) => format!(
            "{} from {pages} before this error",
            counted(totals.printed, "item was printed", "items were printed"),
        ),
        Err(_) => format!(
            "{} from {pages} before this error, but they could not be printed",
            counted(totals.printed, "item was read", "items were read"),
        ),
    };
    CliError::Failed(format!("{error}\nthe read stopped early: {printed}"))
}

/// The end of a read: flush the sink (a closed pipe is not an error) and return the totals.
fn finish(totals: ReadTotals, sink: &mut dyn ItemSink) -> Result<ReadTotals, CliError> {
    match sink.finish().map_err(output_error) {
        Ok(()) | Err(None) => Ok(totals),
        Err(Some(error)) => Err(error),
    }
}

/// Runs a query page by page.
pub async fn run_query(
    backend: &dyn Backend,
    request: QueryRequest,
    max_items: Option<u64>,
    sink: &mut dyn ItemSink,
) -> Result<ReadTotals, CliError> {
    let first = backend.query(request.clone()).await?;
    run_query_from(backend, request, first, max_items, sink).await
}

/// [`run_query`] with its first page already read (the caller looked at it first).
pub async fn run_query_from(
    backend: &dyn Backend,
    mut request: QueryRequest,
    first: Page,
    max_items: Option<u64>,
    sink: &mut dyn ItemSink,
) -> Result<ReadTotals, CliError> {
    let mut totals = ReadTotals::default();
    let mut page = first;
    loop {
        match take_page(&page, max_items, &mut totals, sink) {
            Ok(true) => {}
            Ok(false) | Err(None) => break,
            Err(Some(error)) => return Err(error),
        }
        match page.last_evaluated_key {
            Some(key) => request.start_key = Some(key),
            None => break,
        }
        page = match backend.query(request.clone()).await {
            Ok(page) => page,
            Err(error) => return Err(read_error(error, &totals, sink)),
        };
    }
    finish(totals, sink)
}

/// Segments read at the same time. More would not be faster from one machine, and a typo such as
/// `--segments 100000` must not open a hundred thousand requests at once.
const MAX_PARALLEL_SEGMENTS: u32 = 16;

/// Reads one scan segment to its end, sending every page. Returns false once the receiver is gone.
async fn scan_segment(
    backend: &dyn Backend,
    mut request: ScanRequest,
    pages: &mpsc::Sender<Result<Page, BackendError>>,
) -> bool {
    loop {
        let result = backend.scan(request.clone()).await;
        let next = match &result {
            Ok(page) => page.last_evaluated_key.clone(),
            Err(_) => None,
        };
        if pages.send(result).await.is_err() {
            return false;
        }
        match next {
            Some(key) => request.start_key = Some(key),
            None => return true,
        }
    }
}

/// Takes segment numbers of `segments` in turn (`next` counts them out) until all are read (or
/// the receiver is gone); `total` is the scan's `TotalSegments`.
async fn scan_worker(
    backend: Arc<dyn Backend>,
    template: ScanRequest,
    (total, segments): (u32, Arc<[u32]>),
    next: Arc<AtomicU32>,
    pages: mpsc::Sender<Result<Page, BackendError>>,
) {
    loop {
        let taken = next.fetch_add(1, Ordering::Relaxed);
        let Some(&segment) = segments.get(taken as usize) else {
            return;
        };
        let request = ScanRequest {
            segment: (total > 1).then_some((segment, total)),
            ..template.clone()
        };
        if !scan_segment(backend.as_ref(), request, &pages).await {
            return;
        }
    }
}

/// Which segments of a scan of `total` are read: all of them, or one worker's slice.
pub struct SegmentChoice {
    pub total: u32,
    pub read: Vec<u32>,
}

impl SegmentChoice {
    /// Every segment of a scan of `total` (1 for a plain scan).
    #[must_use]
    pub fn all(total: u32) -> Self {
        let total = total.max(1);
        Self {
            total,
            read: (0..total).collect(),
        }
    }
}

/// Runs a scan of the segments `segments.read`, up to [`MAX_PARALLEL_SEGMENTS`] at a time,
/// printing pages in arrival order.
pub async fn run_scan(
    backend: Arc<dyn Backend>,
    template: ScanRequest,
    segments: SegmentChoice,
    max_items: Option<u64>,
    sink: &mut dyn ItemSink,
) -> Result<ReadTotals, CliError> {
    let count = u32::try_from(segments.read.len()).unwrap_or(u32::MAX);
    let workers = count.clamp(1, MAX_PARALLEL_SEGMENTS);
    let (sender, mut receiver) = mpsc::channel(workers as usize);
    let next = Arc::new(AtomicU32::new(0));
    let read: Arc<[u32]> = segments.read.into();
    let mut tasks = JoinSet::new();
    for _ in 0..workers {
        tasks.spawn(scan_worker(
            backend.clone(),
            template.clone(),
            (segments.total.max(1), Arc::clone(&read)),
            next.clone(),
            sender.clone(),
        ));
    }
    // Only the workers hold senders now, so the channel closes when every segment is done.
    drop(sender);
    let mut totals = ReadTotals::default();
    while let Some(result) = receiver.recv().await {
        // Dropping the JoinSet on return aborts the workers still running.
        let page = result.map_err(|error| read_error(error, &totals, sink))?;
        match take_page(&page, max_items, &mut totals, sink) {
            Ok(true) => {}
            Ok(false) | Err(None) => break,
            Err(Some(error)) => return Err(error),
        }
    }
    tasks.abort_all();
    finish(totals, sink)
}

#[cfg(test)]
#[path = "paging_tests.rs"]
mod tests;
