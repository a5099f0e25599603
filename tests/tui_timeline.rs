//! The timeline, a screen unit: `A` in the inspector reads the audit-trail items of the item's
//! partition (`AUDIT#<time>`, `EVENT#<time>#…`, in either case) with one strongly consistent,
//! newest-first Query per prefix through the worker's read path, page after page, and lists
//! them newest first with what each records; `Enter` inspects one, `R` reads them again.

mod tui_support;

use std::sync::Arc;

use ddbx::app::action::Action;
use ddbx::app::read::{Read, ReadFor};
use ddbx::app::state::screens::timeline::TimelineView;
use ddbx::app::state::screens::view_of;
use ddbx::app::state::{Mode, Settings, View, ViewMode};
use ddbx::backend::memory::MemoryBackend;
use ddbx::domain::value::{AttrValue, Item};
use tui_support::screen::screen;
use tui_support::{Harness, item, pk_sk_table, small_pages};

fn order() -> Item {
    item(&[
        ("PK", "ORDER#17"),
        ("SK", "METADATA"),
        ("status", "SHIPPED"),
    ])
}

/// An order with its audit trail and events beside it, a line item, and another order's trail.
fn orders() -> Vec<Item> {
    vec![
        order(),
        item(&[("PK", "ORDER#17"), ("SK", "LINE#1"), ("sku", "BOOK-9")]),
        item(&[
            ("PK", "ORDER#17"),
            ("SK", "AUDIT#2026-12-01T10:00:00Z"),
            ("action", "created"),
            ("by", "ada"),
        ]),
        item(&[
            ("PK", "ORDER#17"),
            ("SK", "AUDIT#2026-12-02T08:30:00Z"),
            ("action", "paid"),
            ("by", "stripe\u{1b}[31m"),
        ]),
        item(&[
            ("PK", "ORDER#17"),
            ("SK", "event#1796374800000#evt_3"),
            ("action", "shipped"),
        ]),
        item(&[
            ("PK", "ORDER#18"),
            ("SK", "AUDIT#2026-12-03T00:00:00Z"),
            ("action", "lost"),
        ]),
    ]
}

async fn started(settings: Settings) -> Harness {
    let backend = MemoryBackend::new(pk_sk_table("Orders"), orders()).expect("loads");
    let mut harness = Harness::new(Arc::new(backend), "Orders", settings);
    harness.start().await;
    harness
}

const SHOW: Action = Action::ShowScreen("show_timeline");

fn shown(harness: &Harness) -> &TimelineView {
    view_of::<TimelineView>(harness.state.views.current())
        .unwrap_or_else(|| panic!("the timeline: {:?}", harness.state.views.current()))
}

#[tokio::test]
async fn the_inspector_lists_the_items_audit_trail_newest_first() {
    let mut harness = started(Settings::default()).await;
    harness.state.inspect(order());
    harness.act(Action::ToggleHelp).await;
    let help = screen(&harness.state, 80, 24);
    assert!(
        help.contains("A Audit trail timeline"),
        "the whole description at 80 columns: {help}"
    );
    harness.act(Action::ToggleHelp).await;

    harness.act(SHOW).await;
    assert!(
        matches!(
            harness.state.mode(),
            Mode::View(ViewMode::Screen("timeline"))
        ),
        "{:?}",
        harness.state.mode()
    );
    let reads = harness.reads_for(ReadFor::Screen);
    assert_eq!(reads.len(), 12, "one Query per prefix: {reads:?}");
    for read in &reads {
        let Read::Query(query) = read else {
            panic!("only Queries: {read:?}");
        };
        assert!(query.consistent_read && !query.forward, "{query:?}");
        assert_eq!(
            query.key_condition,
            "#pk = :pk AND begins_with(#sk, :prefix)"
        );
    }
    let text = screen(&harness.state, 100, 24);
    let lines: Vec<&str> = text
        .lines()
        .filter(|line| line.contains("  action="))
        .collect();
    assert_eq!(lines.len(), 3, "{text}");
    assert!(
        lines[0].contains("2026-12-04T09:00:00Z  event#  action=\"shipped\""),
        "{text}"
    );
    assert!(
        lines[1].contains("2026-12-02T08:30:00Z  AUDIT#  action=\"paid\""),
        "{text}"
    );
    assert!(
        lines[2].contains("2026-12-01T10:00:00Z  AUDIT#  action=\"created\""),
        "{text}"
    );
    assert!(!text.contains('\u{1b}'), "control characters are escaped");
    assert!(!text.contains("lost") && !text.contains("BOOK-9"), "{text}");
    for (width, height) in [(80, 24), (120, 40)] {
        insta::assert_snapshot!(
            format!("timeline_{width}x{height}"),
            screen(&harness.state, width, height)
        );
    }

    harness.act(Action::CursorDown).await;
    harness.act(Action::Open).await;
    let View::Inspector(inspector) = harness.state.views.current() else {
        panic!("the inspector: {:?}", harness.state.views.current());
    };
    assert_eq!(
        inspector.item.get("SK"),
        Some(&AttrValue::s("AUDIT#2026-12-02T08:30:00Z"))
    );
    harness.act(Action::Back).await;
    assert_eq!(shown(&harness).cursor, 1);
}

#[tokio::test]
async fn small_pages_are_all_read_and_a_partition_without_a_trail_says_so() {
    let mut harness = started(small_pages(1)).await;
    harness.state.inspect(order());
    harness.act(SHOW).await;
    assert!(
        harness.reads_for(ReadFor::Screen).len() > 12,
        "the AUDIT# prefix takes several pages"
    );
    assert_eq!(shown(&harness).entries.loaded().map(Vec::len), Some(3));

    let mut harness = started(Settings::default()).await;
    harness
        .state
        .inspect(item(&[("PK", "ORDER#99"), ("SK", "METADATA")]));
    harness.act(SHOW).await;
    let text = screen(&harness.state, 120, 24);
    assert!(
        text.contains("no audit-trail items in this partition"),
        "{text}"
    );
}

/// A trail under a prefix of its own, which a model marks as a timeline.
const TIMELINE_MODEL: &str = r#"
[[entity]]
name = "Order"
pk = "ORDER#{orderId}"
sk = "METADATA"

[[entity]]
name = "ShipmentEvent"
pk = "ORDER#{orderId}"
sk = "SHIPMENT_EVENT#{at}#{eventId}"
timeline = true
"#;

#[tokio::test]
async fn a_prefix_a_model_marks_as_a_timeline_is_read_with_the_known_ones() {
    let mut items = orders();
    items.push(item(&[
        ("PK", "ORDER#17"),
        ("SK", "SHIPMENT_EVENT#2026-12-09T07:00:00Z#se_1"),
        ("where", "Rotterdam"),
    ]));
    items.push(item(&[
        ("PK", "ORDER#17"),
        ("SK", "SHIPMENT_EVENT#unknown"),
        ("where", "nowhere"),
    ]));
    let backend = MemoryBackend::new(pk_sk_table("Orders"), items).expect("loads");
    let mut harness = Harness::new(Arc::new(backend), "Orders", Settings::default());
    let model = ddbx::domain::model::Model::parse(TIMELINE_MODEL, "model.toml")
        .unwrap_or_else(|error| panic!("{error}"));
    harness.state.entities = ddbx::domain::entity::EntityDecoder::with_model(model);
    harness.start().await;
    harness.state.inspect(order());
    harness.act(SHOW).await;

    let reads = harness.reads_for(ReadFor::Screen);
    let Some(Read::Query(first)) = reads.first() else {
        panic!("a Query first: {reads:?}");
    };
    assert_eq!(
        first.params.values.get(":prefix"),
        Some(&AttrValue::s("SHIPMENT_EVENT#")),
        "the model's prefix is read first"
    );
    let entries = shown(&harness).entries.loaded().expect("read");
    let keys: Vec<&str> = entries
        .iter()
        .map(|entry| entry.sort_key.as_str())
        .collect();
    assert_eq!(
        keys[0], "SHIPMENT_EVENT#2026-12-09T07:00:00Z#se_1",
        "{keys:?}"
    );
    assert_eq!(
        keys.len(),
        4,
        "the three known ones too, not the one without a time"
    );
}

#[test]
fn a_timeline_entity_without_a_fixed_sort_key_prefix_is_refused_where_it_is_written() {
    let text = "[[entity]]\nname = \"E\"\npk = \"A#{id}\"\nsk = \"{at}\"\ntimeline = true\n";
    let error = ddbx::domain::model::Model::parse(text, "model.toml").expect_err("refused");
    let shown = error.to_string();
    assert!(shown.contains("model.toml:5:"), "{shown}");
    assert!(shown.contains("starts with a fixed prefix"), "{shown}");
}

/// The real binary in a pseudo-terminal, on a file: the order, `A`, its timeline, and back.
#[test]
fn the_binary_shows_an_items_timeline_from_the_inspector() {
    use tui_support::pty::PtySession;
    let (dir, path_text) = tui_support::items_file("timeline-e2e", "Orders.jsonl", &orders());
    let mut session = PtySession::spawn(&["--file", &path_text], &[]);
    session.wait_until("discovery to complete", |screen| {
        screen.contains("complete ")
    });
    session.send("PORDER#17\r");
    session.wait_for("METADATA");
    session.send("/METADATA\r");
    session.send("n");
    session.send("\r");
    session.wait_for("Item ORDER#17 / METADATA");
    session.send("A");
    let timeline = session.wait_until("the timeline read", |screen| {
        screen.contains("Timeline of ORDER#17") && screen.contains("action=\"created\"")
    });
    assert!(
        timeline.contains("event#  action=\"shipped\""),
        "{timeline}"
    );
    session.send("q");
    session.wait_for("Item ORDER#17 / METADATA");
    session.send("\u{3}");
    assert!(session.wait_exit().success());
    drop(dir);
}
