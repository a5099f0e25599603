//! Embedded engine benchmarks: bulk load of demo-shaped items, a partition query and a
//! 1,000-item page on a 1M-item table. Keep runs short on the shared machine:
//! `cargo bench --bench engine -- --warm-up-time 1 --measurement-time 3`.

use std::hint::black_box;

use criterion::{BatchSize, Criterion, Throughput, criterion_group, criterion_main};
use ddbx::backend::memory::MemoryBackend;
use ddbx::backend::{Backend, ExpressionParams, QueryRequest, ScanRequest};
use ddbx::demo;
use ddbx::domain::value::{AttrValue, Item};

const LOAD_ITEMS: usize = 200_000;
const TABLE_ITEMS: usize = 1_000_000;

fn runtime() -> tokio::runtime::Runtime {
    tokio::runtime::Builder::new_current_thread()
        .build()
        .expect("a current-thread runtime")
}

fn load(c: &mut Criterion) {
    let (description, items) = demo::generate(demo::DEFAULT_SEED, LOAD_ITEMS);
    let mut group = c.benchmark_group("load");
    group.sample_size(10);
    group.throughput(Throughput::Elements(LOAD_ITEMS as u64));
    group.bench_function("demo_items_200k", |b| {
        b.iter_batched(
            || items.clone(),
            |items| MemoryBackend::new(description.clone(), black_box(items)).expect("valid"),
            BatchSize::LargeInput,
        );
    });
    group.finish();
}

fn users(items: impl Iterator<Item = Item>) -> Vec<String> {
    items
        .filter(|item| item.get("SK").and_then(AttrValue::as_s) == Some("METADATA"))
        .filter_map(|item| {
            item.get("PK")?
                .as_s()
                .filter(|pk| pk.starts_with("USER#"))
                .map(str::to_owned)
        })
        .collect()
}

fn reads(c: &mut Criterion) {
    // Streamed, as `--demo` and offline exports load: the decoded items are never all held.
    let users = users(demo::items(demo::DEFAULT_SEED, TABLE_ITEMS));
    let engine = MemoryBackend::new(
        demo::description(),
        demo::items(demo::DEFAULT_SEED, TABLE_ITEMS),
    )
    .expect("valid");
    let runtime = runtime();
    let mut group = c.benchmark_group("reads_1m");
    let mut next = 0usize;
    group.bench_function("partition_query", |b| {
        b.iter(|| {
            next = (next + 7919) % users.len();
            let mut params = ExpressionParams::default();
            params
                .values
                .insert(":pk".into(), AttrValue::s(users[next].as_str()));
            let request = QueryRequest::new(demo::TABLE_NAME, "PK = :pk", params);
            black_box(runtime.block_on(engine.query(request)).expect("query"))
        });
    });
    let mut cursor = None;
    group.throughput(Throughput::Elements(1_000));
    group.bench_function("scan_page_1000", |b| {
        b.iter(|| {
            let mut request = ScanRequest::new(demo::TABLE_NAME);
            request.limit = Some(1_000);
            request.start_key = cursor.take();
            let page = runtime.block_on(engine.scan(request)).expect("scan");
            cursor = page.last_evaluated_key.clone();
            black_box(page)
        });
    });
    let mut review_cursor = None;
    group.bench_function("gsi_query_page_1000", |b| {
        b.iter(|| {
            let mut params = ExpressionParams::default();
            params
                .values
                .insert(":r".into(), AttrValue::s("ORDERS_PENDING_REVIEW"));
            let mut request = QueryRequest::new(demo::TABLE_NAME, "GSI2PK = :r", params);
            request.index = Some("GSI2".into());
            request.limit = Some(1_000);
            request.start_key = review_cursor.take();
            let page = runtime.block_on(engine.query(request)).expect("query");
            review_cursor = page.last_evaluated_key.clone();
            black_box(page)
        });
    });
    group.finish();
}

criterion_group!(benches, load, reads);
criterion_main!(benches);
