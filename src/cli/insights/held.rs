//! The census fed from the items a backend holds itself (the embedded engine), each decoded with
//! only the attributes the census reads, or whole when it is large enough for the census to name
//! its largest attribute.

use crate::backend::{Backend, BackendError, HeldItem};
use crate::domain::insights::{InsightScan, WHOLE_ITEM_FROM};

/// Counts every item `backend` holds of the census's table; `None` when it holds none itself
/// (DynamoDB), so the table is to be scanned.
pub async fn read(
    backend: &dyn Backend,
    scan: &mut InsightScan,
) -> Result<Option<u64>, BackendError> {
    // A few dozen names at most, looked up for every attribute of every item: a fast hash.
    let wanted: foldhash::HashSet<String> = scan.attributes_read().into_iter().collect();
    let keep = |name: &str| wanted.contains(name);
    let table = scan.table().name.clone();
    let mut failed: Option<BackendError> = None;
    let mut each = |held: &dyn HeldItem| {
        if failed.is_some() {
            return;
        }
        let size = held.size();
        let item = if size >= WHOLE_ITEM_FROM {
            held.decode_only(&|_| true)
        } else {
            held.decode_only(&keep)
        };
        match item {
            Ok(item) => scan.add_sized(&item, size),
            Err(error) => failed = Some(error),
        }
    };
    let count = backend.each_held_item(&table, &mut each).await?;
    match failed {
        Some(error) => Err(error),
        None => Ok(count),
    }
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;

    use super::*;
    use crate::backend::ScanRequest;
    use crate::backend::memory::MemoryBackend;
    use crate::backend::read_only::ReadOnly;
    use crate::domain::entity::EntityDecoder;
    use crate::domain::insights::{Coverage, Report};

    /// The census as a scan feeds it, page by page, every item whole.
    async fn scanned(backend: &dyn Backend, mut scan: InsightScan) -> Report {
        let mut request = ScanRequest::new(scan.table().name.clone());
        loop {
            let page = backend.scan(request.clone()).await.expect("a page");
            for item in &page.items {
                scan.add(item);
            }
            match page.last_evaluated_key {
                Some(key) => request.start_key = Some(key),
                None => return scan.report(Coverage::Complete, &[]),
            }
        }
    }

    /// The demo (with its large and odd items, and with and without its model): the report read
    /// from the engine's own items, each decoded only as far as the census reads, is the report
    /// of a scan, to the last figure and example.
    #[tokio::test]
    async fn the_census_of_the_held_items_is_the_census_of_a_scan() {
        let (table, items) = crate::demo::generate(crate::demo::DEFAULT_SEED, 3_000);
        let engine: Arc<dyn Backend> =
            Arc::new(MemoryBackend::new(table.clone(), items).expect("the demo loads"));
        let read_only = ReadOnly::new(Arc::clone(&engine));
        for decoder in [
            EntityDecoder::new(),
            EntityDecoder::with_model(crate::demo::model()),
        ] {
            let expected = scanned(
                engine.as_ref(),
                InsightScan::new(table.clone(), decoder.clone()),
            )
            .await;
            for backend in [engine.as_ref(), &read_only as &dyn Backend] {
                let mut scan = InsightScan::new(table.clone(), decoder.clone());
                let count = read(backend, &mut scan).await.expect("read");
                assert_eq!(count, Some(expected.items));
                assert_eq!(scan.report(Coverage::Complete, &[]), expected);
            }
            // The demo's large item is read whole: its largest attribute is named.
            let evidence: Vec<&String> =
                expected.findings.iter().flat_map(|f| &f.evidence).collect();
            assert!(
                evidence
                    .iter()
                    .any(|line| line.contains("largest attribute payload")),
                "{evidence:?}"
            );
        }
    }
}
