//! Grouping a million demo-shaped keys into item collections, the way a streaming Scan feeds them
//! (pages of 1,000), plus the per-frame reads the explorer makes on the result.
//!
//! Besides criterion's items/s, setup prints the resident memory the grouping adds per key and the
//! DynamoDB-JSON size of the same items, for the "memory ≤ 2× DynamoDB JSON" budget.

use std::hint::black_box;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use ddbx::domain::collection::Collections;
use ddbx::domain::ddb_json::item_to_json;
use ddbx::domain::entity::EntityDecoder;
use ddbx::domain::model::Model;
use ddbx::domain::schema::{KeyAttribute, KeySchema};
use ddbx::domain::value::{AttrValue, Item, ValueType};

const ITEM_COUNT: usize = 1_000_000;
const PAGE_SIZE: usize = 1_000;

fn table_key() -> KeySchema {
    KeySchema::new(
        KeyAttribute::new("PK", ValueType::S),
        Some(KeyAttribute::new("SK", ValueType::S)),
    )
}

fn item(pk: String, sk: String, extra: &[(&str, AttrValue)]) -> Item {
    let mut item = Item::new();
    item.insert("PK".into(), AttrValue::S(pk));
    item.insert("SK".into(), AttrValue::S(sk));
    for (name, value) in extra {
        item.insert((*name).to_owned(), value.clone());
    }
    item
}

/// The SingleTableApp shape: users with a METADATA item, orders (in the user's partition and as
/// their own partition with line items), group memberships, and stores. Users come in a scrambled
/// order, as a Scan returns partitions in hash order rather than key order.
fn demo_items(count: usize) -> Vec<Item> {
    const USER_SPACE: usize = 1 << 20;
    let mut items = Vec::with_capacity(count);
    let mut sequence = 0usize;
    while items.len() < count {
        sequence += 1;
        // An odd multiplier permutes 0..2^20, so every user is distinct.
        let user = sequence.wrapping_mul(2_654_435_761) % USER_SPACE;
        let user_pk = format!("USER#usr_{user:07}");
        let profile = [
            ("name", AttrValue::s(format!("User {user}"))),
            ("email", AttrValue::s(format!("user{user}@example.com"))),
            ("createdAt", AttrValue::n(1_752_832_800 + user as i64)),
        ];
        items.push(item(user_pk.clone(), "METADATA".into(), &profile));
        for order in 0..4 {
            let order_id = format!("ord_{user:07}_{order}");
            let day = 1 + (user + order) % 28;
            let total = [
                ("total", AttrValue::n(1999 + order as i64)),
                ("status", AttrValue::s("PENDING")),
            ];
            items.push(item(
                user_pk.clone(),
                format!("ORDER#2026-07-{day:02}#{order_id}"),
                &total,
            ));
            for line in 0..2 {
                let sku = [(
                    "sku",
                    AttrValue::s(format!("SKU-{}", (user * 7 + line) % 500)),
                )];
                items.push(item(
                    format!("ORDER#{order_id}"),
                    format!("ITEM#{line}"),
                    &sku,
                ));
            }
        }
        items.push(item(
            user_pk.clone(),
            format!("GROUP#grp_{}", user % 100),
            &[],
        ));
        if user.is_multiple_of(50) {
            let store = [("_et", AttrValue::s("Store"))];
            items.push(item(
                format!("STORE#st_{}", user / 50),
                "METADATA".into(),
                &store,
            ));
        }
    }
    items.truncate(count);
    items
}

/// The entities of the demo, as a support engineer would write them.
const SHOP_MODEL: &str = r#"
[[entity]]
name = "User"
pk = "USER#{userId}"
sk = "METADATA"

[[entity]]
name = "Order"
pk = "USER#{userId}"
sk = "ORDER#{orderDate}#{orderId}"

[[entity]]
name = "Membership"
pk = "USER#{userId}"
sk = "GROUP#{groupId}"

[[entity]]
name = "OrderItem"
pk = "ORDER#{orderId}"
sk = "ITEM#{line}"
"#;

fn group(items: &[Item]) -> Collections {
    group_with(items, EntityDecoder::new())
}

fn group_with(items: &[Item], decoder: EntityDecoder) -> Collections {
    let mut collections = Collections::new(table_key(), decoder);
    for page in items.chunks(PAGE_SIZE) {
        collections.add_page(page);
    }
    collections
}

fn resident_bytes() -> Option<u64> {
    let statm = std::fs::read_to_string("/proc/self/statm").ok()?;
    let pages: u64 = statm.split_whitespace().nth(1)?.parse().ok()?;
    Some(pages * 4096)
}

fn report_memory(items: &[Item]) {
    let json_bytes: usize = items
        .iter()
        .map(|item| item_to_json(item).to_string().len())
        .sum();
    let before = resident_bytes();
    let collections = group(items);
    let after = resident_bytes();
    if let (Some(before), Some(after)) = (before, after) {
        let added = after.saturating_sub(before);
        eprintln!(
            "grouped {} items into {} partitions / {} groups: +{} bytes resident = {:.1} bytes per key; \
             their DynamoDB JSON is {} bytes = {:.1} bytes per item",
            collections.item_count(),
            collections.partition_count(),
            collections.group_count(),
            added,
            added as f64 / items.len() as f64,
            json_bytes,
            json_bytes as f64 / items.len() as f64,
        );
    }
    black_box(collections);
}

/// `cargo bench` passes `--bench`; test runs (`cargo test --all-targets`, nextest) run each
/// benchmark once, on a small input, so the suite stays quick.
fn measuring() -> bool {
    std::env::args().any(|arg| arg == "--bench")
}

fn bench_collections(c: &mut Criterion) {
    let item_count = if measuring() { ITEM_COUNT } else { 10_000 };
    let items = demo_items(item_count);
    if measuring() {
        report_memory(&items);
    }
    let mut benches = c.benchmark_group("collections");
    benches.sample_size(10);
    benches.throughput(Throughput::Elements(item_count as u64));
    benches.bench_function("group_demo_items_in_pages_of_1000", |b| {
        b.iter_with_large_drop(|| group(black_box(&items)));
    });
    let model = Model::parse(SHOP_MODEL, "shop.toml").expect("the bench model parses");
    let decoder = EntityDecoder::with_model(model);
    benches.bench_function("group_demo_items_with_a_model_file", |b| {
        b.iter_with_large_drop(|| group_with(black_box(&items), decoder.clone()));
    });
    benches.finish();

    let collections = group(&items);
    let mut frames = c.benchmark_group("collections_frame");
    frames.bench_function("level_1_summaries", |b| {
        b.iter(|| collections.groups().count());
    });
    let users = collections.group(Some("USER")).expect("demo has users");
    let middle = collections.partitions(users).count() / 2;
    frames.bench_function("level_2_forty_rows_from_the_middle", |b| {
        b.iter(|| {
            collections
                .partitions(users)
                .skip(black_box(middle))
                .take(40)
                .map(|(_, count)| count)
                .sum::<u64>()
        });
    });
    let middle_key = collections
        .partitions(users)
        .nth(middle)
        .map(|(key, _)| key)
        .expect("the middle partition exists");
    frames.bench_function("level_2_forty_rows_from_a_middle_key", |b| {
        b.iter(|| {
            collections
                .partitions_from(users, black_box(middle_key))
                .take(40)
                .map(|(_, count)| count)
                .sum::<u64>()
        });
    });
    frames.bench_function("level_2_forty_rows_from_the_end", |b| {
        b.iter(|| collections.partitions(users).rev().take(40).count());
    });
    frames.finish();
}

criterion_group!(benches, bench_collections);
criterion_main!(benches);
