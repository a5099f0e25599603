//! The insights of a 1M-item demo, computed from its items as a scan delivers them: the census of
//! every item, then the report. The target is under 2 s on one core, after the items are read.

use std::hint::black_box;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use ddbx::demo::{DEFAULT_SEED, generate};
use ddbx::domain::entity::EntityDecoder;
use ddbx::domain::insights::{Coverage, InsightScan};

const ITEM_COUNT: usize = 1_000_000;

fn insights(c: &mut Criterion) {
    let (table, items) = generate(DEFAULT_SEED, ITEM_COUNT);
    let mut group = c.benchmark_group("insights");
    group.sample_size(10);
    group.throughput(Throughput::Elements(items.len() as u64));
    group.bench_function("census_and_report_of_1m_demo_items", |b| {
        b.iter(|| {
            let mut scan = InsightScan::new(table.clone(), EntityDecoder::new());
            for item in &items {
                scan.add(item);
            }
            black_box(scan.report(Coverage::Complete, &[]))
        });
    });
    group.finish();
}

criterion_group!(benches, insights);
criterion_main!(benches);
