//! End to end: `ddbx --demo` in a pseudo-terminal — open the index browser with its global key,
//! browse the sparse review index, open one of its items, count coverage, quit cleanly.

mod tui_support;

use ddbx::domain::value::{AttrValue, Item};
use tui_support::pty::PtySession;

const ENTER: &str = "\r";

fn has_key(item: &Item, name: &str) -> bool {
    item.get(name)
        .and_then(AttrValue::as_s)
        .is_some_and(|text| !text.is_empty())
}

#[test]
fn the_demo_index_browser_browses_the_sparse_review_index_and_counts_its_coverage() {
    let (_, items) = ddbx::demo::generate(ddbx::demo::DEFAULT_SEED, ddbx::demo::DEFAULT_SIZE);
    let flagged = items
        .iter()
        .filter(|item| has_key(item, "GSI2PK") && has_key(item, "GSI2SK"))
        .count();
    let mut session = PtySession::spawn(&["--demo"], &[]);
    session.wait_until("discovery to complete", |screen| {
        screen.contains("complete ")
    });
    session.send("I");
    let list = session.wait_for("Indexes ·");
    for expected in [
        "GSI1",
        "GSI2",
        "LSI1",
        "INCLUDE statu",
        "KEYS_ONLY",
        "GSI2PK S / GSI2SK S",
    ] {
        assert!(list.contains(expected), "{expected}:\n{list}");
    }
    // Table, GSI1, GSI2: the review index is the third row.
    session.send("jj");
    session.send(ENTER);
    let groups = session.wait_for("ORDERS_PENDING_REVIEW");
    assert!(
        groups.contains(&format!("1 partition · {flagged} items")),
        "{flagged} flagged orders:\n{groups}"
    );
    assert!(
        groups.contains("partial projection (INCLUDE status, total)"),
        "{groups}"
    );
    session.send(ENTER);
    let table = session.wait_for("ORDER#");
    assert!(
        table.contains("status") && table.contains("PENDING"),
        "{table}"
    );
    session.send(ENTER);
    // The index's partial copy: marked so, with only what is certain about it.
    let inspector = session.wait_for("partial: the item as GSI2 holds it");
    assert!(
        inspector.contains("in GSI2 as GSI2PK=ORDERS_PENDING_REVIEW"),
        "{inspector}"
    );
    assert!(
        !inspector.contains("size:"),
        "no size from a projection: {inspector}"
    );
    // Back to the index list and count coverage in full.
    session.send("qqq");
    session.wait_for("Indexes ·");
    session.send("S");
    let counted = session.wait_for("coverage counted: complete");
    let percent = format!("{:.1}%", flagged as f64 * 100.0 / items.len() as f64);
    assert!(counted.contains(&percent), "{percent}:\n{counted}");
    session.send("qqqqqq");
    let status = session.wait_exit();
    assert!(status.success(), "exit status {status:?}");
    session.wait_for_primary_screen();
}
