//! The versions screen, a screen unit: `V` in the inspector reads a versioned item's versions
//! (`v0`, `v1_…` sort keys, or `…#v3`) from its partition with one strongly consistent Query
//! through the worker's read path, page after page; the screen checks `v0` against the highest
//! version and its `Latest` pointer, lists each version with what it changed, `Enter` inspects
//! one and `R` reads them again. Snapshot of the screen.

mod tui_support;

use std::sync::Arc;

use ddbx::app::action::Action;
use ddbx::app::read::{Read, ReadFor};
use ddbx::app::state::screens::versions::VersionsView;
use ddbx::app::state::screens::view_of;
use ddbx::app::state::{Mode, Notice, Settings, View, ViewMode};
use ddbx::backend::memory::MemoryBackend;
use ddbx::backend::{Condition, ExpressionParams, PutRequest, ReturnValues};
use ddbx::domain::value::{AttrValue, Item};
use tui_support::screen::screen;
use tui_support::{Harness, item, pk_sk_table, small_pages};

fn audit(sk: &str, status: &str, by: &str) -> Item {
    item(&[
        ("PK", "EQUIP#1"),
        ("SK", sk),
        ("status", status),
        ("by", by),
    ])
}

/// An audit trail kept as versions, the Developer Guide's way: `v0` a copy of the latest, with
/// `Latest` naming it; another trail and a plain item in the same partition.
fn equipment() -> Vec<Item> {
    let mut copy = audit("v0_Audit", "SHIPPED", "carol");
    copy.insert("Latest".to_owned(), AttrValue::n(3));
    vec![
        copy,
        audit("v1_Audit", "PENDING", "alice"),
        audit("v2_Audit", "PACKED", "bob"),
        audit("v3_Audit", "SHIPPED", "carol"),
        audit("v1_Repair", "OPEN", "dan"),
        item(&[("PK", "EQUIP#1"), ("SK", "META"), ("name", "Forklift")]),
        item(&[("PK", "EQUIP#2"), ("SK", "v1_Audit"), ("status", "LOST")]),
    ]
}

async fn started(settings: Settings) -> Harness {
    let backend = MemoryBackend::new(pk_sk_table("Equipment"), equipment()).expect("loads");
    let mut harness = Harness::new(Arc::new(backend), "Equipment", settings);
    harness.start().await;
    harness
}

fn shown(harness: &Harness) -> &VersionsView {
    view_of::<VersionsView>(harness.state.history.current()).unwrap_or_else(|| {
        panic!(
            "the versions are shown: {:?}",
            harness.state.history.current()
        )
    })
}

const SHOW: Action = Action::ShowScreen("show_versions");

#[tokio::test]
async fn the_inspector_lists_a_versioned_items_versions_from_its_partition() {
    let mut harness = started(Settings::default()).await;
    harness.state.inspect(audit("v2_Audit", "PACKED", "bob"));

    // The inspector's help lists the key the screen brought with it.
    harness.act(Action::ToggleHelp).await;
    let help = screen(&harness.state, 80, 24);
    assert!(help.contains("V Item versions"), "{help}");
    harness.act(Action::ToggleHelp).await;

    harness.act(SHOW).await;
    assert!(
        matches!(
            harness.state.mode(),
            Mode::View(ViewMode::Screen("versions"))
        ),
        "{:?}",
        harness.state.mode()
    );
    let reads = harness.reads_for(ReadFor::Screen);
    let [Read::Query(query)] = reads.as_slice() else {
        panic!("one Query: {reads:?}");
    };
    assert!(query.consistent_read, "a version just written is listed");
    assert_eq!(
        query.key_condition,
        "#pk = :pk AND begins_with(#sk, :prefix)"
    );
    assert_eq!(query.params.values.get(":prefix"), Some(&AttrValue::s("v")));

    let text = screen(&harness.state, 80, 24);
    for expected in [
        "Versions of EQUIP#1 / v<N>_Audit",
        "✓ v0 holds the same attributes as v3, the highest version",
        "✓ v0's Latest = 3, the highest version read",
        "v0  the copy of the latest version",
        "v3  by \"bob\" → \"carol\", status \"PACKED\" → \"SHIPPED\"",
        "v1  the first version read",
    ] {
        assert!(text.contains(expected), "{expected:?} on\n{text}");
    }
    assert!(!text.contains("Repair") && !text.contains("LOST"), "{text}");
    insta::assert_snapshot!("versions_80x24", text);

    // `Enter` on v2 (after the checks, v0 and v3) inspects it; back returns to the versions.
    harness
        .act_all(std::iter::repeat_n(Action::CursorDown, 4))
        .await;
    harness.act(Action::Open).await;
    let View::Inspector(inspector) = harness.state.history.current() else {
        panic!("the inspector: {:?}", harness.state.history.current());
    };
    assert_eq!(inspector.item.get("SK"), Some(&AttrValue::s("v2_Audit")));
    harness.act(Action::Back).await;
    assert_eq!(shown(&harness).cursor, 4);
}

#[tokio::test]
async fn a_copy_left_behind_by_a_new_version_is_found_on_reading_again() {
    let mut harness = started(small_pages(2)).await;
    harness.state.inspect(audit("v1_Audit", "PENDING", "alice"));
    harness.act(SHOW).await;
    let pages = harness.reads_for(ReadFor::Screen).len();
    assert!(pages >= 3, "small pages are all read: {pages}");
    assert_eq!(
        shown(&harness).versions.loaded().map(|v| v.versions.len()),
        Some(3)
    );

    // Another writer adds v4 without updating v0.
    let backend = Arc::clone(&harness.backend);
    backend
        .put_item(PutRequest {
            table: "Equipment".to_owned(),
            item: audit("v4_Audit", "RETURNED", "erin"),
            condition: Condition::new("attribute_not_exists(PK)"),
            params: ExpressionParams::default(),
            return_values: ReturnValues::None,
        })
        .await
        .expect("put");
    harness.act(Action::Refresh).await;
    let text = screen(&harness.state, 80, 24);
    for expected in [
        "✗ v0 differs from v4, the highest version, in by, status",
        "✗ v0's Latest = 3, but the highest version read is v4",
        "v4  by \"carol\" → \"erin\", status \"SHIPPED\" → \"RETURNED\"",
    ] {
        assert!(text.contains(expected), "{expected:?} on\n{text}");
    }
}

#[tokio::test]
async fn an_item_whose_sort_key_names_no_version_says_so_and_reads_nothing() {
    let mut harness = started(Settings::default()).await;
    harness.state.inspect(item(&[
        ("PK", "EQUIP#1"),
        ("SK", "META"),
        ("name", "Forklift"),
    ]));
    harness.act(SHOW).await;
    assert!(harness.reads_for(ReadFor::Screen).is_empty());
    assert!(matches!(
        harness.state.history.current(),
        View::Inspector(_)
    ));
    let Some(Notice::Error(message)) = &harness.state.notice else {
        panic!("a notice: {:?}", harness.state.notice);
    };
    assert!(message.contains("names no version"), "{message}");
}

/// The real binary in a pseudo-terminal, on a file of versioned items: the partition, the item,
/// `V`, the versions, `Enter` on one, and back.
#[test]
fn the_binary_shows_an_items_versions_from_the_inspector() {
    use tui_support::pty::PtySession;
    let (dir, path_text) = tui_support::items_file("versions-e2e", "Equipment.jsonl", &equipment());
    let mut session = PtySession::spawn(&["--file", &path_text], &[]);
    session.wait_until("discovery to complete", |screen| {
        screen.contains("complete ")
    });
    session.send("PEQUIP#1\r");
    session.wait_for("v2_Audit");
    session.send("/v2_Audit\r");
    session.send("\r");
    session.wait_for("Item EQUIP#1 / v2_Audit");
    session.send("V");
    // The view's title shows at once; its rows once the partition is read.
    let versions = session.wait_until("the versions read", |screen| {
        screen.contains("Versions of EQUIP#1 / v<N>_Audit") && screen.contains("v1  ")
    });
    for expected in [
        "✓ v0 holds the same attributes as v3, the highest version",
        "v1  the first version read",
    ] {
        assert!(versions.contains(expected), "{expected:?} on\n{versions}");
    }
    session.send("jjjj\r");
    session.wait_for("Item EQUIP#1 / v2_Audit");
    session.send("q");
    session.wait_for("Versions of EQUIP#1");
    session.send("\u{3}");
    assert!(session.wait_exit().success());
    session.wait_for_primary_screen();
    drop(dir);
}
