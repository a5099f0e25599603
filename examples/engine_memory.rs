//! Measures the embedded engine's memory and load times for the performance figures.
//!
//! - `engine_memory load N`: streams N demo items into the engine; prints the DynamoDB-JSON
//!   size of the items, the resident memory the engine added (VmRSS delta) and peak RSS.
//! - `engine_memory load-only N`: times loading N already generated items.
//! - `engine_memory export DIR N`: writes N demo items as an Export-to-S3 folder (8 gzipped
//!   data files with manifests).
//! - `engine_memory open DIR`: opens such a folder with `offline::open_backend`; prints the time
//!   and memory.
//! - `engine_memory pages N`: reads N demo items from Query response bodies of 1,000 items and
//!   keeps them compact, as the query results view holds them; prints the DynamoDB-JSON size of
//!   the items, the resident memory the kept items added, and how fast they decode again.
//! - `engine_memory pages-items N`: the same, kept as plain `Item`s (as the views that do not
//!   keep them compact yet hold them).
//!
//! Run with `cargo run --release --example engine_memory -- load 1000000`.

use std::io::Write;
use std::path::Path;
use std::time::Instant;

use ddbx::backend::Backend;
use ddbx::demo;
use ddbx::domain::compact::CompactItems;
use ddbx::domain::ddb_json::item_to_json;
use ddbx::domain::value::Item;
use ddbx::offline::{BadLines, open_backend};

/// A `VmRSS`/`VmHWM` figure of this process in bytes.
fn status_bytes(field: &str) -> u64 {
    let status = std::fs::read_to_string("/proc/self/status").unwrap_or_default();
    status
        .lines()
        .find(|line| line.starts_with(field))
        .and_then(|line| line.split_whitespace().nth(1))
        .and_then(|kb| kb.parse::<u64>().ok())
        .map_or(0, |kb| kb * 1024)
}

fn mb(bytes: u64) -> f64 {
    bytes as f64 / 1_048_576.0
}

fn load(size: usize) {
    let baseline = status_bytes("VmRSS:");
    let mut json_bytes = 0u64;
    let started = Instant::now();
    let items = demo::items(demo::DEFAULT_SEED, size).inspect(|item| {
        json_bytes += item_to_json(item).to_string().len() as u64 + 1;
    });
    let engine = ddbx::backend::memory::MemoryBackend::new(demo::description(), items)
        .expect("demo items are valid");
    let elapsed = started.elapsed();
    let after = status_bytes("VmRSS:");
    let runtime = tokio::runtime::Builder::new_current_thread()
        .build()
        .expect("runtime");
    let described = runtime
        .block_on(engine.describe_table(demo::TABLE_NAME))
        .expect("describe");
    println!("items: {}", described.item_count.unwrap_or(0));
    println!("DynamoDB JSON size: {:.1} MB", mb(json_bytes));
    println!(
        "engine RSS (after - before): {:.1} MB = {:.2}x the JSON size",
        mb(after.saturating_sub(baseline)),
        after.saturating_sub(baseline) as f64 / json_bytes as f64
    );
    println!(
        "peak RSS of the process: {:.1} MB",
        mb(status_bytes("VmHWM:"))
    );
    println!("generate + encode + load time: {elapsed:?} (generation and JSON sizing included)");
    time_reads(&engine, &runtime);
}

/// Rough read timings on the loaded table (criterion gives the careful figures).
fn time_reads(engine: &ddbx::backend::memory::MemoryBackend, runtime: &tokio::runtime::Runtime) {
    use ddbx::backend::ScanRequest;
    let mut cursor = None;
    let started = Instant::now();
    let pages: u32 = std::env::var("PAGES")
        .ok()
        .and_then(|p| p.parse().ok())
        .unwrap_or(200);
    for _ in 0..pages {
        let mut request = ScanRequest::new(demo::TABLE_NAME);
        request.limit = Some(1_000);
        request.start_key = cursor.take();
        let page = runtime.block_on(engine.scan(request)).expect("scan");
        cursor = page.last_evaluated_key;
    }
    println!(
        "scan page of 1,000 items: {:?} on average",
        started.elapsed() / pages
    );
}

/// Times only the load of already generated items (what the criterion bench measures).
fn load_only(size: usize) {
    let (description, items) = demo::generate(demo::DEFAULT_SEED, size);
    let started = Instant::now();
    let engine = ddbx::backend::memory::MemoryBackend::new(description, items).expect("valid");
    let elapsed = started.elapsed();
    println!(
        "loaded {size} items in {elapsed:?}: {:.0} items/s",
        size as f64 / elapsed.as_secs_f64()
    );
    drop(engine);
}

fn export(dir: &Path, size: usize) {
    const FILES: usize = 8;
    let root = dir.join("AWSDynamoDB/01700000000000-demo");
    std::fs::create_dir_all(root.join("data")).expect("create export dirs");
    let mut encoders: Vec<_> = (0..FILES)
        .map(|n| {
            let file = std::fs::File::create(root.join(format!("data/part-{n}.json.gz")))
                .expect("create data file");
            flate2::write::GzEncoder::new(
                std::io::BufWriter::new(file),
                flate2::Compression::fast(),
            )
        })
        .collect();
    let mut counts = [0u64; FILES];
    for (position, item) in demo::items(demo::DEFAULT_SEED, size).enumerate() {
        let file = position % FILES;
        counts[file] += 1;
        writeln!(encoders[file], "{{\"Item\":{}}}", item_to_json(&item)).expect("write item");
    }
    let mut manifest = String::new();
    for (n, encoder) in encoders.into_iter().enumerate() {
        encoder.finish().expect("finish gzip");
        manifest.push_str(&format!(
            "{{\"itemCount\":{},\"dataFileS3Key\":\"AWSDynamoDB/01700000000000-demo/data/part-{n}.json.gz\"}}\n",
            counts[n]
        ));
    }
    std::fs::write(root.join("manifest-files.json"), manifest).expect("write manifest");
    std::fs::write(
        root.join("manifest-summary.json"),
        format!(
            "{{\"version\":\"2020-06-30\",\"tableArn\":\"arn:aws:dynamodb:local:000000000000:table/{}\",\"itemCount\":{size},\"outputFormat\":\"DYNAMODB_JSON\"}}",
            demo::TABLE_NAME
        ),
    )
    .expect("write summary");
    println!("wrote {size} items to {}", root.display());
}

fn open(dir: &Path) {
    let baseline = status_bytes("VmRSS:");
    let started = Instant::now();
    let (engine, report) = open_backend(dir, None, BadLines::Skip).expect("opens");
    let elapsed = started.elapsed();
    let after = status_bytes("VmRSS:");
    println!("opened {} items in {elapsed:?}", report.items_read);
    println!("warnings: {}", report.warnings.len());
    println!("inferred: {}", report.inferred.unwrap_or_default());
    println!(
        "RSS after open: {:.1} MB (delta {:.1} MB)",
        mb(after),
        mb(after.saturating_sub(baseline))
    );
    println!(
        "peak RSS of the process: {:.1} MB",
        mb(status_bytes("VmHWM:"))
    );
    drop(engine);
}

/// How the explorer's loaded pages keep their items.
trait Kept: Default {
    fn extend_page(&mut self, items: Vec<Item>);
    fn count(&self) -> usize;
}

/// As the query results view keeps them.
impl Kept for CompactItems {
    fn extend_page(&mut self, items: Vec<Item>) {
        self.extend(items);
    }

    fn count(&self) -> usize {
        self.len()
    }
}

/// As plain `Item`s (the partition and index views, and the results view before).
impl Kept for Vec<Item> {
    fn extend_page(&mut self, items: Vec<Item>) {
        self.extend(items);
    }

    fn count(&self) -> usize {
        self.len()
    }
}

/// The explorer's side of memory: what its loaded pages hold, decoded from response bodies.
fn pages<K: Kept>(size: usize) -> K {
    const PAGE: usize = 1_000;
    let mut json_bytes = 0u64;
    let mut loaded = K::default();
    let baseline = status_bytes("VmRSS:");
    let started = Instant::now();
    let mut generated = demo::items(demo::DEFAULT_SEED, size).peekable();
    while generated.peek().is_some() {
        let items: Vec<serde_json::Value> = generated
            .by_ref()
            .take(PAGE)
            .map(|item| item_to_json(&item))
            .collect();
        json_bytes += items
            .iter()
            .map(|item| item.to_string().len() as u64 + 1)
            .sum::<u64>();
        let body = serde_json::json!({ "Count": items.len(), "Items": items }).to_string();
        let page = ddbx::backend::bench_support::page_from_body(body.as_bytes())
            .expect("a body the decoder reads");
        loaded.extend_page(page.items);
    }
    let elapsed = started.elapsed();
    // The bodies and their JSON were freed as each page was read; what stays is the items.
    let after = status_bytes("VmRSS:");
    println!("items: {}", loaded.count());
    println!("DynamoDB JSON size: {:.1} MB", mb(json_bytes));
    println!(
        "loaded pages RSS (after - before): {:.1} MB = {:.2}x the JSON size, {:.0} B/item",
        mb(after.saturating_sub(baseline)),
        after.saturating_sub(baseline) as f64 / json_bytes as f64,
        after.saturating_sub(baseline) as f64 / loaded.count().max(1) as f64
    );
    println!("generate + serialise + read + keep time: {elapsed:?}");
    loaded
}

/// What reading the compact items back costs: every item whole (the inspector, an edit),
/// then one attribute of every item (a sort, the columns).
fn time_decoding(items: &CompactItems) {
    let started = Instant::now();
    let attributes: usize = items.iter().map(|item| item.len()).sum();
    let whole = started.elapsed();
    println!(
        "decode every item whole: {whole:?} = {:.0} items/s ({attributes} attributes)",
        items.len() as f64 / whole.as_secs_f64()
    );
    let key = demo::description().key.partition.name;
    let started = Instant::now();
    let found = (0..items.len())
        .filter(|&index| items.attribute(index, &key).is_some())
        .count();
    let one = started.elapsed();
    println!(
        "decode one attribute ({key}) of every item: {one:?} = {:.0} items/s ({found} found)",
        items.len() as f64 / one.as_secs_f64()
    );
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let number = |text: Option<&String>| {
        text.and_then(|t| t.parse::<usize>().ok())
            .unwrap_or(1_000_000)
    };
    match args.first().map(String::as_str) {
        Some("load") => load(number(args.get(1))),
        Some("load-only") => load_only(number(args.get(1))),
        Some("export") => export(
            Path::new(args.get(1).map_or("/tmp/ddbx-export", String::as_str)),
            number(args.get(2)),
        ),
        Some("open") => open(Path::new(
            args.get(1).map_or("/tmp/ddbx-export", String::as_str),
        )),
        Some("pages") => time_decoding(&pages::<CompactItems>(number(args.get(1)))),
        Some("pages-items") => drop(pages::<Vec<Item>>(number(args.get(1)))),
        _ => eprintln!(
            "usage: engine_memory load N | load-only N | export DIR N | open DIR | pages N | pages-items N"
        ),
    }
}
