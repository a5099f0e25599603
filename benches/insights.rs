//! The insights of a 1M-item demo, computed from its items as a scan delivers them: the census of
//! every item, then the report. The target is under 2 s on one core, after the items are read.
//!
//! Measured twice: as wall time, and as the CPU time of the measuring thread (from
//! `/proc/thread-self/schedstat`), which a machine busy with other work does not inflate, so a
//! figure taken on a shared machine still says what one core needs.

use std::hint::black_box;
use std::time::{Duration, Instant};

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use ddbx::demo::{DEFAULT_SEED, generate};
use ddbx::domain::entity::EntityDecoder;
use ddbx::domain::insights::{Coverage, InsightScan, Report};
use ddbx::domain::schema::TableDescription;
use ddbx::domain::value::Item;

const ITEM_COUNT: usize = 1_000_000;

fn census_and_report(table: &TableDescription, items: &[Item], decoder: &EntityDecoder) -> Report {
    let mut scan = InsightScan::new(table.clone(), decoder.clone());
    for item in items {
        scan.add(item);
    }
    scan.report(Coverage::Complete, &[])
}

/// The CPU time this thread has run, or `None` where the kernel does not report it.
fn thread_cpu_time() -> Option<Duration> {
    let text = std::fs::read_to_string("/proc/thread-self/schedstat").ok()?;
    let nanos = text.split_whitespace().next()?.parse().ok()?;
    Some(Duration::from_nanos(nanos))
}

fn insights(c: &mut Criterion) {
    let (table, items) = generate(DEFAULT_SEED, ITEM_COUNT);
    let mut group = c.benchmark_group("insights");
    group.sample_size(10);
    group.throughput(Throughput::Elements(items.len() as u64));
    let heuristics = EntityDecoder::new();
    group.bench_function("census_and_report_of_1m_demo_items", |b| {
        b.iter(|| black_box(census_and_report(&table, &items, &heuristics)));
    });
    // `ddbx --demo insights` names the demo's entities from its model first, as this does.
    let modelled = EntityDecoder::with_model(ddbx::demo::model());
    group.bench_function("census_and_report_of_1m_demo_items_with_its_model", |b| {
        b.iter(|| black_box(census_and_report(&table, &items, &modelled)));
    });
    if thread_cpu_time().is_some() {
        group.bench_function("census_and_report_of_1m_demo_items_cpu_time", |b| {
            b.iter_custom(|iterations| {
                let started = thread_cpu_time().unwrap_or_default();
                let wall = Instant::now();
                for _ in 0..iterations {
                    black_box(census_and_report(&table, &items, &heuristics));
                }
                // Where the kernel stops reporting, the wall time is the honest fallback.
                thread_cpu_time()
                    .map_or_else(|| wall.elapsed(), |ended| ended.saturating_sub(started))
            });
        });
    }
    group.finish();
}

criterion_group!(benches, insights);
criterion_main!(benches);
