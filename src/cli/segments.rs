//! A paginated, optionally parallel Scan: one task per segment sends its pages to one channel,
//! so `collections` and `insights` read the same way.

use std::sync::Arc;

use tokio::sync::mpsc::{UnboundedReceiver, UnboundedSender, unbounded_channel};

use crate::backend::{Backend, BackendError, Page, ScanRequest};

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
    let mut pages = scan_segments(backend, requests, max_pages);
    let mut totals = ScanTotals::default();
    while let Some(page) = pages.recv().await {
        let page = page?;
        totals.pages += 1;
        totals.capacity += page
            .consumed
            .as_ref()
            .map_or(0.0, |consumed| consumed.total);
        totals.more |= page.last_evaluated_key.is_some();
        each(&page);
    }
    Ok(totals)
}

/// Pages of every request (one per segment), in the order they arrive; at most `max_pages` per
/// segment when given. An error ends its segment and is sent as the last message of it.
pub fn scan_segments(
    backend: &Arc<dyn Backend>,
    requests: Vec<ScanRequest>,
    max_pages: Option<u64>,
) -> UnboundedReceiver<Result<Page, BackendError>> {
    let (sender, pages) = unbounded_channel();
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
    sender: &UnboundedSender<Result<Page, BackendError>>,
) -> tokio::task::JoinHandle<()> {
    let backend = Arc::clone(backend);
    let sender = sender.clone();
    tokio::spawn(async move {
        let result = scan_segment(backend.as_ref(), request, max_pages, &sender).await;
        if let Err(error) = result {
            let _ = sender.send(Err(error));
        }
    })
}

async fn scan_segment(
    backend: &dyn Backend,
    mut request: ScanRequest,
    max_pages: Option<u64>,
    pages: &UnboundedSender<Result<Page, BackendError>>,
) -> Result<(), BackendError> {
    let mut read = 0_u64;
    loop {
        let page = backend.scan(request.clone()).await?;
        read += 1;
        let next = page.last_evaluated_key.clone();
        if pages.send(Ok(page)).is_err() {
            return Ok(());
        }
        match next {
            Some(key) if max_pages.is_none_or(|max| read < max) => request.start_key = Some(key),
            _ => return Ok(()),
        }
    }
}
