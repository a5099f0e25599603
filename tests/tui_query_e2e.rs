//! End to end: the real binary in a pseudo-terminal against dynalite, driving the query builder
//! with keys: a begins_with query on the table, a BETWEEN query, a query on a sparse GSI that
//! shows exactly the flagged items, and a selective filter that reads many pages to find 5.

mod support;
mod tui_support;

use ddbx::domain::value::{AttrValue, Item};
use support::tables::{IndexSpec, TableSpec};
use support::{Server, sdk_client, server_endpoint, unique_table_name};
use tui_support::pty::{PtySession, local_env};

const DOWN: &str = "\x1b[B";
const UP: &str = "\x1b[A";
const RIGHT: &str = "\x1b[C";
const ENTER: &str = "\r";

/// A table with the demo's single-table items and its sparse `GSI2` (orders pending review).
struct Seeded {
    endpoint: String,
    table: String,
    items: Vec<Item>,
    runtime: tokio::runtime::Runtime,
}

impl Seeded {
    fn demo() -> Option<Self> {
        let (_, items) = ddbx::demo::generate(7, 400);
        let items = items
            .into_iter()
            .filter(|item| text(item, "PK").is_some_and(|pk| !pk.starts_with("ODD")))
            .collect();
        Self::with(items)
    }

    fn with(items: Vec<Item>) -> Option<Self> {
        let endpoint = server_endpoint(Server::Dynalite)?;
        let runtime = tokio::runtime::Runtime::new().expect("runtime");
        let table = unique_table_name("tui-query");
        let client = sdk_client(&endpoint);
        let spec = TableSpec::single_table(&table).gsi(
            IndexSpec::new("GSI2", "GSI2PK", ddbx::domain::value::ValueType::S)
                .sort("GSI2SK", ddbx::domain::value::ValueType::S),
        );
        runtime.block_on(async {
            support::tables::create_table(&client, &spec).await;
            support::items::seed_items(&client, &table, &items).await;
        });
        Some(Self {
            endpoint,
            table,
            items,
            runtime,
        })
    }

    /// The app on this table, with discovery finished.
    fn open(&self) -> PtySession {
        let session = PtySession::spawn(
            &["--endpoint-url", &self.endpoint, "--table", &self.table],
            &local_env(),
        );
        session.wait_until("discovery to complete", |screen| {
            screen.contains("complete ")
        });
        session
    }
}

impl Drop for Seeded {
    fn drop(&mut self) {
        let client = sdk_client(&self.endpoint);
        self.runtime
            .block_on(support::tables::delete_table(&client, &self.table));
    }
}

fn text<'a>(item: &'a Item, name: &str) -> Option<&'a str> {
    item.get(name).and_then(AttrValue::as_s)
}

/// The user partition with the most orders, and its order sort keys in key order.
fn busiest_user(items: &[Item]) -> (String, Vec<String>) {
    let mut by_user: std::collections::BTreeMap<&str, Vec<String>> = Default::default();
    for item in items {
        if let (Some(pk), Some(sk)) = (text(item, "PK"), text(item, "SK"))
            && pk.starts_with("USER#")
            && sk.starts_with("ORDER#")
        {
            by_user.entry(pk).or_default().push(sk.to_owned());
        }
    }
    let (pk, mut orders) = by_user
        .into_iter()
        .max_by_key(|(_, orders)| orders.len())
        .expect("the demo has users with orders");
    orders.sort();
    (pk.to_owned(), orders)
}

/// Waits for the results view to finish reading with `count` items matched.
fn wait_for_results(session: &PtySession, count: usize) -> String {
    let matched = format!("Count {count} ·");
    session.wait_until(&format!("results with {count} matches"), |screen| {
        screen.contains(&matched)
            && (screen.contains("· complete") || screen.contains("stopped after"))
    })
}

fn quit(mut session: PtySession) {
    session.send("\u{3}");
    assert!(session.wait_exit().success());
}

#[test]
fn a_begins_with_query_on_the_table_shows_the_partition_s_orders() {
    let Some(seeded) = Seeded::demo() else {
        return;
    };
    let (user, orders) = busiest_user(&seeded.items);
    let mut session = seeded.open();
    session.send(":");
    session.wait_for("Query builder");
    session.send(&user);
    // Sort key: none → = → < → <= → > → >= → begins_with.
    session.send(DOWN);
    session.send(&RIGHT.repeat(6));
    session.wait_for("begins_with ▸");
    session.send(DOWN);
    session.send("ORDER#");
    session.wait_for("begins_with(#sk, :sk)");
    session.send(ENTER);
    let screen = wait_for_results(&session, orders.len());
    assert!(
        screen.contains(&orders[0]),
        "the first order is listed:\n{screen}"
    );
    quit(session);
}

#[test]
fn a_between_query_returns_exactly_the_range() {
    let Some(seeded) = Seeded::demo() else {
        return;
    };
    let (user, orders) = busiest_user(&seeded.items);
    assert!(orders.len() >= 3, "{orders:?}");
    let mut session = seeded.open();
    session.send(":");
    session.wait_for("Query builder");
    session.send(&user);
    session.send(DOWN);
    session.send(&RIGHT.repeat(7));
    session.wait_for("BETWEEN ▸");
    session.send(DOWN);
    session.send(&orders[0]);
    session.send(DOWN);
    session.send(&orders[2]);
    session.wait_for("#sk BETWEEN :sk_low AND :sk_high");
    session.send(ENTER);
    let screen = wait_for_results(&session, 3);
    for order in &orders[..3] {
        assert!(screen.contains(order.as_str()), "{order} listed:\n{screen}");
    }
    assert!(!screen.contains(orders.get(3).map_or("\u{0}", String::as_str)));
    quit(session);
}

#[test]
fn a_query_on_the_sparse_gsi_shows_exactly_the_flagged_items() {
    let Some(seeded) = Seeded::demo() else {
        return;
    };
    let flagged: Vec<&Item> = seeded
        .items
        .iter()
        .filter(|item| text(item, "GSI2PK") == Some("ORDERS_PENDING_REVIEW"))
        .collect();
    assert!(!flagged.is_empty(), "the demo flags some orders");
    let mut session = seeded.open();
    session.send(":");
    session.wait_for("Query builder");
    // Target: table → GSI2 (the only index of this table).
    session.send(UP);
    session.send(RIGHT);
    session.wait_for("GSI GSI2");
    session.send(DOWN);
    session.send("ORDERS_PENDING_REVIEW");
    session.wait_for("IndexName: GSI2");
    session.send(ENTER);
    let screen = wait_for_results(&session, flagged.len());
    let first = flagged
        .iter()
        .filter_map(|item| text(item, "GSI2SK").map(|sk| (sk, text(item, "SK"))))
        .min()
        .and_then(|(_, sk)| sk)
        .expect("flagged orders have keys");
    assert!(
        screen.contains(first),
        "the earliest flagged order first:\n{screen}"
    );
    quit(session);
}

#[test]
fn a_selective_filter_reads_many_pages_until_five_matches() {
    let items: Vec<Item> = (0..200_u32)
        .map(|n| {
            let status = if [17, 61, 102, 150, 199].contains(&n) {
                "PENDING"
            } else {
                "SHIPPED"
            };
            tui_support::item(&[
                ("PK", "STORE#big"),
                ("SK", &format!("ORDER#{n:04}")),
                ("status", status),
            ])
        })
        .collect();
    let Some(seeded) = Seeded::with(items) else {
        return;
    };
    let mut session = seeded.open();
    session.send(":");
    session.wait_for("Query builder");
    session.send("STORE#big");
    // Partition → sort key → filter row: attribute, operator, value.
    session.send(DOWN);
    session.send(DOWN);
    session.send("status");
    session.send(DOWN);
    session.send(DOWN);
    session.send("PENDING");
    // → raw filter → projection → order → page size.
    session.send(&DOWN.repeat(4));
    session.send("10");
    session.send(DOWN);
    session.send("5");
    session.wait_for("Limit: 10");
    session.send(ENTER);
    let screen = wait_for_results(&session, 5);
    assert!(
        screen.contains("20 pages · Count 5 · ScannedCount 200"),
        "pages of 10 until the fifth match:\n{screen}"
    );
    for n in [17, 61, 102, 150, 199] {
        assert!(screen.contains(&format!("ORDER#{n:04}")), "{n}:\n{screen}");
    }
    quit(session);
}
