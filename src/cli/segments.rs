//! A paginated, optionally parallel Scan: one task per segment sends its pages to one channel,
//! so `collections` and `insights` read the same way.

use std::sync::Arc;

use tokio::sync::mpsc::{UnboundedReceiver, UnboundedSender, unbounded_channel};

use crate::backend::{Backend, BackendError, Page, ScanRequest};

/// Pages of every request (one per segment), in the order they arrive; at most `max_pages` per
/// segment when given. An error ends its segment and is sent as the last message of it.
pub fn scan_segments(
    backend: &Arc<dyn Backend>,
    requests: Vec<ScanRequest>,
    max_pages: Option<u64>,
) -> UnboundedReceiver<Result<Page, BackendError>> {
    let (sender, pages) = unbounded_channel();
    for request in requests {
        let backend = Arc::clone(backend);
        let sender = sender.clone();
        tokio::spawn(async move {
            let result = scan_segment(backend.as_ref(), request, max_pages, &sender).await;
            if let Err(error) = result {
                let _ = sender.send(Err(error));
            }
        });
    }
    pages
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
