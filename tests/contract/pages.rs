//! Reading a whole query or scan: following `last_evaluated_key` from page to page.

use ddbx::backend::{Backend, BackendFuture, Page, QueryRequest, ScanRequest};
use ddbx::domain::value::Item;

/// Follows every page of `request`, returning all items and every page.
pub async fn query_all(backend: &dyn Backend, request: QueryRequest) -> (Vec<Item>, Vec<Page>) {
    let first_key = request.start_key.clone();
    follow_pages("query", first_key, move |start_key| {
        backend.query(QueryRequest {
            start_key,
            ..request.clone()
        })
    })
    .await
}

/// Follows every page of `request`, returning all items and every page.
pub async fn scan_all(backend: &dyn Backend, request: ScanRequest) -> (Vec<Item>, Vec<Page>) {
    let first_key = request.start_key.clone();
    follow_pages("scan", first_key, move |start_key| {
        backend.scan(ScanRequest {
            start_key,
            ..request.clone()
        })
    })
    .await
}

/// Reads the page at `first_key`, then the page at each page's `last_evaluated_key`, until a page
/// has none. A failed page, or a read that has not ended after 1000 pages, fails the test.
async fn follow_pages<'a>(
    what: &str,
    first_key: Option<Item>,
    mut read_page: impl FnMut(Option<Item>) -> BackendFuture<'a, Page>,
) -> (Vec<Item>, Vec<Page>) {
    let mut items = Vec::new();
    let mut pages = Vec::new();
    let mut start_key = first_key;
    loop {
        let page = read_page(start_key)
            .await
            .unwrap_or_else(|error| panic!("{what} page: {error:?}"));
        items.extend(page.items.iter().cloned());
        let next = page.last_evaluated_key.clone();
        pages.push(page);
        match next {
            Some(key) => start_key = Some(key),
            None => return (items, pages),
        }
        assert!(pages.len() < 1000, "{what} does not terminate");
    }
}
