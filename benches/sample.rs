//! Sampled discovery of a 10-million-item table: the first page of 100 of 1,000 segments
//! (about 1% of the items), through the same reader and estimators `ddbx collections
//! --sample-segments` uses. Setup prints each collection's true share next to its estimate and
//! 95% margin; criterion times the whole sample (pages, grouping and estimates).

#[path = "sample/generated_table.rs"]
mod generated_table;

use std::sync::Arc;
use std::time::Instant;

use criterion::{Criterion, criterion_group, criterion_main};
use ddbx::backend::Backend;
use ddbx::cli::sample::{Sampled, sample_collections};
use ddbx::domain::collection::Collections;
use ddbx::domain::entity::EntityDecoder;
use ddbx::domain::sample::collections::SampleEstimator;
use ddbx::domain::sample::estimate::{t95, table_items};
use ddbx::domain::sample::pages::SamplePages;
use ddbx::domain::sample::plan::{SampleBudget, SamplePlan};
use generated_table::{COLLECTIONS, GeneratedTable, TABLE, partition};

/// About 4.9 items a partition: ten million items.
const PARTITIONS: u64 = 2_040_000;
const SEGMENTS: u32 = 1_000;
const PAGES: u64 = 100;

fn plan() -> SamplePlan {
    SamplePlan::new(
        SEGMENTS,
        SampleBudget {
            pages: PAGES,
            read_units: None,
            seconds: None,
        },
    )
}

/// A sample's collections, what each page added, its plan and the table's estimated size.
async fn sample(backend: &Arc<dyn Backend>) -> (Collections, SamplePages, SamplePlan, Option<f64>) {
    let table = backend.describe_table(TABLE).await.expect("described");
    let mut plan = plan();
    let Sampled { found, pages, .. } =
        sample_collections(backend, &table, &mut plan, EntityDecoder::default())
            .await
            .expect("sampled");
    let size = table_items(
        table.item_count,
        found.item_count(),
        plan.answered,
        plan.exhausted,
        plan.total_segments,
    );
    (found, pages, plan, size)
}

/// The true item share of each collection, counted from the generator, not from ddbx.
fn true_shares(table: &GeneratedTable) -> Vec<f64> {
    let mut items = [0_u64; COLLECTIONS.len()];
    for j in 0..table.partitions {
        let (collection, count) = partition(j);
        items[collection] += count;
    }
    items
        .iter()
        .map(|count| *count as f64 / table.items as f64)
        .collect()
}

/// How close a sample's shares come to the truth, printed once before the timed runs.
fn report(runtime: &tokio::runtime::Runtime, table: &GeneratedTable, backend: &Arc<dyn Backend>) {
    let truth = true_shares(table);
    let started = Instant::now();
    let (found, pages, plan, size) = runtime.block_on(sample(backend));
    let estimator = SampleEstimator::new(&found, &pages, size);
    let elapsed = started.elapsed();
    eprintln!(
        "sample of {} items: {} pages of {} segments read {} items ({:.2}%) in {:.0} ms",
        table.items,
        plan.answered,
        SEGMENTS,
        found.item_count(),
        estimator.fraction() * 100.0,
        elapsed.as_secs_f64() * 1000.0
    );
    eprintln!(
        "{:<10} {:>10} {:>10} {:>10} {:>8} {:>10}",
        "collection", "true", "estimate", "margin", "within", "error/SE"
    );
    let (mut within, mut largest) = (0, 0.0_f64);
    let tree = found.tree();
    for (index, (prefix, ..)) in COLLECTIONS.iter().enumerate() {
        let node = tree
            .iter()
            .find(|node| node.name == Some(*prefix))
            .expect("every collection sampled");
        let estimate = estimator.node(node).share;
        let inside = (estimate.value - truth[index]).abs() <= estimate.margin;
        within += usize::from(inside);
        let standard_error = estimate.margin / t95(plan.answered - 1);
        let standard_errors = (estimate.value - truth[index]).abs() / standard_error;
        largest = largest.max(standard_errors);
        eprintln!(
            "{prefix:<10} {:>9.3}% {:>9.3}% {:>9.3}% {:>8} {standard_errors:>10.2}",
            truth[index] * 100.0,
            estimate.value * 100.0,
            estimate.margin * 100.0,
            if inside { "yes" } else { "no" }
        );
    }
    eprintln!(
        "{within} of {} shares within their 95% margin ({:.3} SE); the largest error is {largest:.2} SE",
        COLLECTIONS.len(),
        t95(plan.answered - 1)
    );
}

fn bench(c: &mut Criterion) {
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .expect("runtime");
    let table = GeneratedTable::new(PARTITIONS);
    let backend: Arc<dyn Backend> = Arc::new(GeneratedTable::new(PARTITIONS));
    // The report goes to stderr, and not when a test runner only lists the benchmarks: both
    // read stdout for the benchmarks' names.
    if !std::env::args().any(|arg| arg == "--list") {
        report(&runtime, &table, &backend);
    }
    let mut group = c.benchmark_group("sample");
    group.sample_size(10);
    group.bench_function("10m_items_first_page_of_100_of_1000_segments", |b| {
        b.iter(|| {
            let (found, pages, _, size) = runtime.block_on(sample(&backend));
            let estimator = SampleEstimator::new(&found, &pages, size);
            let tree = found.tree();
            tree.iter()
                .map(|node| estimator.node(node).share.value)
                .sum::<f64>()
        });
    });
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
