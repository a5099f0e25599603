use std::sync::Mutex;

use super::*;
use crate::backend::{
    BackendFuture, Connection, ConsumedCapacity, DeleteRequest, ExpressionParams, GetOutput,
    GetRequest, PutRequest, TransactOutput, TransactWriteRequest, UpdateRequest, WriteOutput,
};
use crate::domain::schema::TableDescription;
use crate::domain::value::{AttrValue, Item};

/// A partition of `items` numbered items served in pages of `limit` (default 3), with
/// `LastEvaluatedKey` set while more remain. Scan segment `s` of `t` serves items `i % t == s`.
/// Every request's start key is recorded.
struct PagedFake {
    items: u64,
    requests: Mutex<Vec<Option<Item>>>,
    fail_on_request: Option<usize>,
}

impl PagedFake {
    fn new(items: u64) -> Self {
        Self {
            items,
            requests: Mutex::new(Vec::new()),
            fail_on_request: None,
        }
    }

    fn request_count(&self) -> usize {
        self.requests.lock().expect("not poisoned").len()
    }

    fn page(
        &self,
        start: Option<Item>,
        limit: Option<u32>,
        segment: Option<(u32, u32)>,
    ) -> Result<Page, BackendError> {
        let mut requests = self.requests.lock().expect("not poisoned");
        requests.push(start.clone());
        if self.fail_on_request == Some(requests.len()) {
            return Err(BackendError::Throttled {
                code: "ProvisionedThroughputExceededException".to_owned(),
                message: "slow down".to_owned(),
                reasons: Vec::new(),
                retries: 0,
            });
        }
        let (segment, total) = segment.map_or((0, 1), |(s, t)| (u64::from(s), u64::from(t)));
        let after = start
            .and_then(|key| {
                key.get("n")
                    .and_then(AttrValue::as_n)
                    .and_then(|n| n.to_i128())
            })
            .map_or(0, |n| u64::try_from(n).expect("fake keys are small") + 1);
        let mine: Vec<u64> = (after..self.items)
            .filter(|n| n % total == segment)
            .collect();
        let size = limit.map_or(3, |l| l as usize);
        let items: Vec<Item> = mine.iter().take(size).map(|&n| numbered(n)).collect();
        let more = mine.len() > size;
        Ok(Page {
            count: items.len() as u64,
            scanned_count: items.len() as u64,
            last_evaluated_key: if more { items.last().cloned() } else { None },
            consumed: Some(ConsumedCapacity {
                total: 0.5,
                ..ConsumedCapacity::default()
            }),
            items,
        })
    }
}

fn numbered(n: u64) -> Item {
    Item::from([(
        "n".to_owned(),
        AttrValue::n(i64::try_from(n).expect("small")),
    )])
}

fn unused<'a, T: Send + 'a>() -> BackendFuture<'a, T> {
    Box::pin(async {
        Err(BackendError::Validation(
            "not used by these tests".to_owned(),
        ))
    })
}

impl Backend for PagedFake {
    fn connection(&self) -> Connection {
        Connection::default()
    }
    fn account_id(&self) -> BackendFuture<'_, Option<String>> {
        Box::pin(async { Ok(None) })
    }
    fn list_tables(&self) -> BackendFuture<'_, Vec<String>> {
        unused()
    }
    fn describe_table<'a>(&'a self, _table: &'a str) -> BackendFuture<'a, TableDescription> {
        unused()
    }
    fn query(&self, request: QueryRequest) -> BackendFuture<'_, Page> {
        let result = self.page(request.start_key, request.limit, None);
        Box::pin(async move { result })
    }
    fn scan(&self, request: ScanRequest) -> BackendFuture<'_, Page> {
        let result = self.page(request.start_key, request.limit, request.segment);
        Box::pin(async move { result })
    }
    fn get_item(&self, _request: GetRequest) -> BackendFuture<'_, GetOutput> {
        unused()
    }
    fn put_item(&self, _request: PutRequest) -> BackendFuture<'_, WriteOutput> {
        unused()
    }
    fn update_item(&self, _request: UpdateRequest) -> BackendFuture<'_, WriteOutput> {
        unused()
    }
    fn delete_item(&self, _request: DeleteRequest) -> BackendFuture<'_, WriteOutput> {
        unused()
    }
    fn transact_write(&self, _request: TransactWriteRequest) -> BackendFuture<'_, TransactOutput> {
        unused()
    }
}

/// Records items; optionally fails every write like a closed pipe.
#[derive(Default)]
struct Recorder {
    items: Vec<Item>,
    batches: usize,
    broken_pipe: bool,
    finished: bool,
}

impl ItemSink for Recorder {
    fn write_items(&mut self, items: &[Item]) -> io::Result<()> {
        if self.broken_pipe {
            return Err(io::Error::from(io::ErrorKind::BrokenPipe));
        }
        self.items.extend_from_slice(items);
        self.batches += 1;
        Ok(())
    }
    fn finish(&mut self) -> io::Result<()> {
        self.finished = true;
        Ok(())
    }
}

fn query_request(limit: Option<u32>) -> QueryRequest {
    let mut request = QueryRequest::new("t", "#pk = :pk", ExpressionParams::default());
    request.limit = limit;
    request
}

fn numbers(items: &[Item]) -> Vec<i128> {
    items
        .iter()
        .filter_map(|item| {
            item.get("n")
                .and_then(AttrValue::as_n)
                .and_then(|n| n.to_i128())
        })
        .collect()
}

#[tokio::test]
async fn query_follows_every_page_until_the_last_evaluated_key_is_absent() {
    let backend = PagedFake::new(10);
    let mut sink = Recorder::default();
    let totals = run_query(&backend, query_request(None), None, &mut sink)
        .await
        .expect("reads");
    assert_eq!(numbers(&sink.items), (0..10).collect::<Vec<_>>());
    assert_eq!(sink.batches, 4, "one write per page, as pages arrive");
    assert!(sink.finished);
    assert_eq!(totals.pages, 4);
    assert_eq!(totals.printed, 10);
    assert_eq!(totals.count, 10);
    assert_eq!(totals.capacity_units, Some(2.0));
    let requests = backend.requests.lock().expect("not poisoned").clone();
    assert_eq!(requests[0], None);
    assert_eq!(
        requests[1],
        Some(numbered(2)),
        "continues from the previous page's key"
    );
}

#[tokio::test]
async fn max_items_stops_reading_once_enough_items_were_printed() {
    let backend = PagedFake::new(100);
    let mut sink = Recorder::default();
    let totals = run_query(&backend, query_request(Some(4)), Some(6), &mut sink)
        .await
        .expect("reads");
    assert_eq!(numbers(&sink.items), (0..6).collect::<Vec<_>>());
    assert_eq!(backend.request_count(), 2, "no third page is requested");
    assert_eq!(totals.printed, 6);
    assert_eq!(totals.count, 8, "Count reports what the server returned");
}

#[tokio::test]
async fn an_empty_partition_is_one_page_and_no_items() {
    let backend = PagedFake::new(0);
    let mut sink = Recorder::default();
    let totals = run_query(&backend, query_request(None), None, &mut sink)
        .await
        .expect("reads");
    assert!(sink.items.is_empty());
    assert_eq!(totals.pages, 1);
}

#[tokio::test]
async fn a_server_error_mid_read_is_returned_after_the_pages_already_printed() {
    let mut backend = PagedFake::new(10);
    backend.fail_on_request = Some(2);
    let mut sink = Recorder::default();
    let error = run_query(&backend, query_request(None), None, &mut sink)
        .await
        .expect_err("second page fails");
    assert_eq!(error.exit_code(), 1);
    let message = error.to_string();
    assert!(
        message.contains("ProvisionedThroughputExceededException: slow down"),
        "{message}"
    );
    assert!(
        message.contains("3 items were printed from 1 page before"),
        "{message}"
    );
    assert_eq!(numbers(&sink.items), [0, 1, 2]);
}

#[tokio::test]
async fn an_error_on_the_first_page_says_nothing_about_partial_output() {
    let mut backend = PagedFake::new(10);
    backend.fail_on_request = Some(1);
    let mut sink = Recorder::default();
    let error = run_query(&backend, query_request(None), None, &mut sink)
        .await
        .expect_err("first page fails");
    assert!(!error.to_string().contains("stopped early"), "{error}");
    assert!(sink.items.is_empty());
}

#[tokio::test]
async fn a_closed_pipe_ends_the_read_quietly() {
    let backend = PagedFake::new(10);
    let mut sink = Recorder {
        broken_pipe: true,
        ..Recorder::default()
    };
    let totals = run_query(&backend, query_request(None), None, &mut sink)
        .await
        .expect("a closed pipe is not an error");
    assert_eq!(backend.request_count(), 1);
    assert_eq!(totals.printed, 0);
}

fn scan_template(limit: Option<u32>) -> ScanRequest {
    let mut request = ScanRequest::new("t");
    request.limit = limit;
    request
}

#[tokio::test]
async fn a_parallel_scan_prints_every_item_of_every_segment_once() {
    let backend: Arc<dyn Backend> = Arc::new(PagedFake::new(20));
    let mut sink = Recorder::default();
    let totals = run_scan(
        backend,
        scan_template(Some(2)),
        SegmentChoice::all(3),
        None,
        &mut sink,
    )
    .await
    .expect("reads");
    let mut seen = numbers(&sink.items);
    seen.sort_unstable();
    assert_eq!(seen, (0..20).collect::<Vec<_>>());
    assert_eq!(totals.printed, 20);
    // Segments hold 7, 7 and 6 items in pages of 2: 4 + 4 + 3 pages.
    assert_eq!(totals.pages, 11);
}

#[tokio::test]
async fn a_scan_with_max_items_prints_exactly_that_many() {
    let backend: Arc<dyn Backend> = Arc::new(PagedFake::new(50));
    let mut sink = Recorder::default();
    let totals = run_scan(
        backend,
        scan_template(Some(5)),
        SegmentChoice::all(2),
        Some(7),
        &mut sink,
    )
    .await
    .expect("reads");
    assert_eq!(sink.items.len(), 7);
    assert_eq!(totals.printed, 7);
    assert!(sink.finished);
}

#[tokio::test]
async fn a_single_segment_scan_reads_in_order() {
    let backend: Arc<dyn Backend> = Arc::new(PagedFake::new(8));
    let mut sink = Recorder::default();
    run_scan(
        backend,
        scan_template(None),
        SegmentChoice::all(1),
        None,
        &mut sink,
    )
    .await
    .expect("reads");
    assert_eq!(numbers(&sink.items), (0..8).collect::<Vec<_>>());
}

#[tokio::test]
async fn many_segments_are_read_by_a_bounded_number_of_workers() {
    let fake = Arc::new(PagedFake::new(100));
    let backend: Arc<dyn Backend> = fake.clone();
    let mut sink = Recorder::default();
    let totals = run_scan(
        backend,
        scan_template(None),
        SegmentChoice::all(40),
        None,
        &mut sink,
    )
    .await
    .expect("reads");
    let mut seen = numbers(&sink.items);
    seen.sort_unstable();
    assert_eq!(
        seen,
        (0..100).collect::<Vec<_>>(),
        "every item of every segment once"
    );
    // 40 segments of 2 or 3 items each, one page apiece.
    assert_eq!(totals.pages, 40);
    assert_eq!(fake.request_count(), 40);
}
