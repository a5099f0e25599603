//! Following pages: keep reading until `LastEvaluatedKey` is absent or `--max-items` matching
//! items were printed, writing each page as it arrives. Parallel scan segments run concurrently
//! and feed one writer.

use std::io;
use std::sync::Arc;

use tokio::sync::mpsc;
use tokio::task::JoinSet;

use super::error::CliError;
use super::output::items::ItemSink;
use super::output::summary::ReadTotals;
use crate::backend::{Backend, BackendError, Page, QueryRequest, ScanRequest};

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
    mut request: QueryRequest,
    max_items: Option<u64>,
    sink: &mut dyn ItemSink,
) -> Result<ReadTotals, CliError> {
    let mut totals = ReadTotals::default();
    loop {
        let page = backend.query(request.clone()).await?;
        match take_page(&page, max_items, &mut totals, sink) {
            Ok(true) => {}
            Ok(false) | Err(None) => break,
            Err(Some(error)) => return Err(error),
        }
        match page.last_evaluated_key {
            Some(key) => request.start_key = Some(key),
            None => break,
        }
    }
    finish(totals, sink)
}

/// Reads one scan segment to its end, sending every page; stops when the receiver is gone.
async fn scan_segment(
    backend: Arc<dyn Backend>,
    mut request: ScanRequest,
    pages: mpsc::Sender<Result<Page, BackendError>>,
) {
    loop {
        let result = backend.scan(request.clone()).await;
        let next = match &result {
            Ok(page) => page.last_evaluated_key.clone(),
            Err(_) => None,
        };
        if pages.send(result).await.is_err() {
            return;
        }
        match next {
            Some(key) => request.start_key = Some(key),
            None => return,
        }
    }
}

/// Runs a scan: its segments concurrently, pages printed in arrival order.
pub async fn run_scan(
    backend: Arc<dyn Backend>,
    segments: Vec<ScanRequest>,
    max_items: Option<u64>,
    sink: &mut dyn ItemSink,
) -> Result<ReadTotals, CliError> {
    let (sender, mut receiver) = mpsc::channel(segments.len().max(1));
    let mut tasks = JoinSet::new();
    for request in segments {
        tasks.spawn(scan_segment(backend.clone(), request, sender.clone()));
    }
    // Only the tasks hold senders now, so the channel closes when every segment is done.
    drop(sender);
    let mut totals = ReadTotals::default();
    while let Some(result) = receiver.recv().await {
        // Dropping the JoinSet on return aborts the segments still running.
        let page = result?;
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
