//! State-machine flows: scripted actions into `update`, commands run by an inline worker over a
//! fake backend, assertions on `State` and on the commands. No terminal, no sleeps.

mod tui_support;

use ddbx::app::action::Action;
use ddbx::app::command::Command;
use ddbx::app::read::{Read, ReadAnswer, ReadFor, ReadJob};
use ddbx::app::state::Paging;
use ddbx::app::state::explore::partition::PartitionRow;
use ddbx::app::state::inspect::inspector::ItemFormat;
use ddbx::app::state::{Loadable, Overlay, ScanStatus, Settings, View};
use ddbx::backend::BackendError;
use ddbx::domain::value::AttrValue;
use tui_support::{Harness, shop_backend, shop_items, small_pages};

async fn started_shop(settings: Settings) -> Harness {
    let mut harness = Harness::new(shop_backend(shop_items()), "Shop", settings);
    harness.start().await;
    harness
}

fn found_items(harness: &Harness) -> u64 {
    harness
        .state
        .explore
        .discovery
        .found
        .as_ref()
        .map_or(0, ddbx::domain::collection::Collections::item_count)
}

fn view(harness: &Harness) -> &View {
    harness.state.views.current()
}

#[tokio::test]
async fn startup_describes_the_table_then_scans_every_page_into_prefix_groups() {
    let harness = started_shop(small_pages(2)).await;
    assert!(matches!(
        harness.state.table.description,
        Loadable::Loaded(_)
    ));
    assert_eq!(harness.state.explore.discovery.status, ScanStatus::Complete);
    assert_eq!(harness.scans(), 5, "9 items in pages of 2");
    let found = tui_support::discovered(&harness.state);
    let summary: Vec<(&str, u64, u64)> = found
        .groups()
        .map(|group| {
            (
                group.prefix.unwrap_or("-"),
                group.partition_count,
                group.item_count,
            )
        })
        .collect();
    assert_eq!(
        summary,
        vec![("ORDER", 2, 3), ("STORE", 1, 1), ("USER", 2, 5)]
    );
    assert_eq!(harness.state.explore.discovery.progress.items_scanned, 9);
    assert_eq!(harness.state.explore.discovery.progress.pages, 5);
    assert!((harness.state.explore.discovery.progress.consumed_capacity - 2.5).abs() < 1e-9);
    let user = found
        .groups()
        .find(|group| group.prefix == Some("USER"))
        .expect("USER group");
    assert_eq!(
        user.entities,
        vec![(Some("User›Order"), 3), (Some("User"), 2)],
        "entity mix, most frequent first"
    );
}

#[tokio::test]
async fn parallel_segments_each_scan_their_share_and_together_find_everything() {
    let settings = Settings {
        scan_segments: 3,
        page_size: 2,
        ..Settings::default()
    };
    let harness = started_shop(settings).await;
    let segments: std::collections::BTreeSet<Option<(u32, u32)>> = harness
        .reads_for(ReadFor::Discovery)
        .into_iter()
        .filter_map(|read| match read {
            Read::Scan(request) => Some(request.segment),
            _ => None,
        })
        .collect();
    assert_eq!(segments.len(), 3);
    assert!(
        segments
            .iter()
            .all(|segment| segment.is_some_and(|(_, total)| total == 3))
    );
    assert_eq!(found_items(&harness), 9);
    assert_eq!(harness.state.explore.discovery.status, ScanStatus::Complete);
}

#[tokio::test]
async fn a_large_table_asks_before_scanning_and_declining_scans_nothing() {
    // The fake reports no size, so DescribeTable is made to say 5 GB.
    let (after, mut harness) = described_with_size(0, 5 * 1024 * 1024 * 1024);
    assert!(
        after.is_empty(),
        "no scan before the user agrees: {after:?}"
    );
    assert!(matches!(
        harness.state.overlay,
        Some(Overlay::ConfirmScan { .. })
    ));
    harness.act(Action::Back).await;
    assert_eq!(
        harness.state.explore.discovery.status,
        ScanStatus::Cancelled
    );
    assert_eq!(harness.scans(), 0);
    assert!(harness.state.overlay.is_none());
}

/// Startup with `threshold` as the large-table limit and DescribeTable reporting `size` bytes:
/// the commands that follow the description, and the harness.
fn described_with_size(threshold: u64, size: u64) -> (Vec<Command>, Harness) {
    let settings = Settings {
        large_table_bytes: threshold,
        ..Settings::default()
    };
    let mut harness = Harness::new(shop_backend(shop_items()), "Shop", settings);
    let commands = ddbx::app::update::start(&mut harness.state);
    let Some(Command::Read(ReadJob {
        id,
        owner: ReadFor::Description,
        ..
    })) = commands.first().cloned()
    else {
        panic!("startup must describe first: {commands:?}");
    };
    let mut description = tui_support::pk_sk_table("Shop");
    description.size_bytes = Some(size);
    let after = harness.act_only(Action::ReadDone {
        id,
        owner: ReadFor::Description,
        result: Ok(ReadAnswer::Described(Box::new(description))),
    });
    (after, harness)
}

#[tokio::test]
async fn only_a_table_larger_than_the_threshold_asks_before_scanning() {
    const THRESHOLD: u64 = 64 * 1024 * 1024;
    let (at_limit, harness) = described_with_size(THRESHOLD, THRESHOLD);
    assert!(
        harness.state.overlay.is_none(),
        "a table of exactly the threshold scans without asking"
    );
    assert!(
        at_limit.iter().any(|command| matches!(
            command,
            Command::Read(ReadJob {
                owner: ReadFor::Discovery,
                ..
            })
        )),
        "the scan starts at once: {at_limit:?}"
    );
    let (over, harness) = described_with_size(THRESHOLD, THRESHOLD + 1);
    assert!(over.is_empty(), "no scan before the user agrees: {over:?}");
    assert!(matches!(
        harness.state.overlay,
        Some(Overlay::ConfirmScan { .. })
    ));
}

#[tokio::test]
async fn confirming_the_large_table_question_starts_the_scan() {
    let (_, mut harness) = described_with_size(
        Settings::default().large_table_bytes,
        5 * 1024 * 1024 * 1024,
    );
    harness.act(Action::Confirm).await;
    assert_eq!(harness.state.explore.discovery.status, ScanStatus::Complete);
    assert_eq!(found_items(&harness), 9);
}

#[tokio::test]
async fn pausing_stops_new_pages_and_resuming_continues_from_the_cursor() {
    let mut harness = Harness::new(shop_backend(shop_items()), "Shop", small_pages(4));
    let commands = ddbx::app::update::start(&mut harness.state);
    let described = harness
        .execute(commands[0].clone())
        .await
        .expect("describe answers");
    let first_page = harness.act_only(described);
    assert_eq!(first_page.len(), 1);
    harness.act_only(Action::TogglePauseScan);
    assert_eq!(harness.state.explore.discovery.status, ScanStatus::Paused);
    // The page in flight still lands, but no next page is asked for.
    let result = harness
        .execute(first_page[0].clone())
        .await
        .expect("scan answers");
    assert!(harness.act_only(result).is_empty());
    assert_eq!(found_items(&harness), 4);
    let resumed = harness.act_only(Action::TogglePauseScan);
    let [
        Command::Read(ReadJob {
            owner: ReadFor::Discovery,
            read: Read::Scan(request),
            ..
        }),
    ] = resumed.as_slice()
    else {
        panic!("resume issues exactly the next page: {resumed:?}");
    };
    assert!(request.start_key.is_some(), "continues after the last key");
    harness.run(resumed).await;
    assert_eq!(found_items(&harness), 9);
    assert_eq!(harness.state.explore.discovery.status, ScanStatus::Complete);
}

#[tokio::test]
async fn cancelling_aborts_the_page_in_flight_and_its_late_result_is_dropped() {
    let mut harness = Harness::new(shop_backend(shop_items()), "Shop", small_pages(4));
    let commands = ddbx::app::update::start(&mut harness.state);
    let described = harness
        .execute(commands[0].clone())
        .await
        .expect("describe answers");
    let first_page = harness.act_only(described);
    let Command::Read(ReadJob {
        id,
        owner: ReadFor::Discovery,
        ..
    }) = first_page[0].clone()
    else {
        panic!("a scan page");
    };
    let cancel = harness.act_only(Action::CancelScan);
    assert_eq!(cancel, vec![Command::Cancel(vec![id])]);
    assert_eq!(
        harness.state.explore.discovery.status,
        ScanStatus::Cancelled
    );
    let late = harness
        .execute(first_page[0].clone())
        .await
        .expect("scan answers");
    assert!(harness.act_only(late).is_empty());
    assert_eq!(found_items(&harness), 0, "a stale page is dropped");
}

#[tokio::test]
async fn a_failed_scan_page_shows_the_service_error_and_keeps_what_was_found() {
    let backend = shop_backend(shop_items());
    let mut harness = Harness::new(backend.clone(), "Shop", small_pages(4));
    let commands = ddbx::app::update::start(&mut harness.state);
    let described = harness
        .execute(commands[0].clone())
        .await
        .expect("describe answers");
    let first = harness.act_only(described);
    let result = harness.execute(first[0].clone()).await.expect("answers");
    let second = harness.act_only(result);
    *backend.failure.lock().expect("lock") = Some(BackendError::Throttled {
        code: "ProvisionedThroughputExceededException".to_owned(),
        message: "The level of configured provisioned throughput for the table was exceeded."
            .to_owned(),
        reasons: Vec::new(),
        retries: 0,
    });
    harness.run(second).await;
    let ScanStatus::Failed(message) = &harness.state.explore.discovery.status else {
        panic!("failed: {:?}", harness.state.explore.discovery.status);
    };
    assert!(
        message.contains("ProvisionedThroughputExceededException"),
        "{message}"
    );
    assert_eq!(found_items(&harness), 4);
}

#[tokio::test]
async fn a_missing_table_is_a_failed_description_with_the_service_wording() {
    let mut harness = Harness::new(shop_backend(shop_items()), "Nope", Settings::default());
    harness.start().await;
    let Loadable::Failed(message) = &harness.state.table.description else {
        panic!("description must fail");
    };
    assert!(
        message.contains("Requested resource not found"),
        "{message}"
    );
    assert_eq!(harness.scans(), 0);
}

/// Enter on a sort-key group's heading folds it to the heading (▸) and unfolds it again; the
/// cursor stays on the heading, the folded items are neither listed nor searched, and a count
/// made before the last page is read says it is of the items read so far.
#[tokio::test]
async fn enter_on_a_group_heading_folds_and_unfolds_it() {
    let mut harness = started_shop(small_pages(2)).await;
    // Prefixes are ORDER, STORE, USER: go to USER, then its first partition USER#u1.
    harness
        .act_all([Action::CursorLast, Action::Open, Action::Open])
        .await;
    assert_eq!(
        harness.state.explore.partitions["USER#u1"].paging,
        Paging::Complete
    );
    let all = harness.state.explore.partitions["USER#u1"].rows().len();
    // As the partition shows while its next page is still to be read:
    let complete = std::mem::replace(
        &mut harness
            .state
            .explore
            .partitions
            .get_mut("USER#u1")
            .expect("read")
            .paging,
        Paging::Ready(Some(ddbx::domain::value::Item::new())),
    );
    let text = tui_support::screen::screen(&harness.state, 80, 24);
    assert!(text.contains("▾ ORDER# (3 of the 4 read so far)"), "{text}");
    harness
        .state
        .explore
        .partitions
        .get_mut("USER#u1")
        .expect("read")
        .paging = complete;
    harness.act(Action::Open).await;
    let partition = &harness.state.explore.partitions["USER#u1"];
    assert_eq!(
        partition.rows().len(),
        all - 1,
        "METADATA's item is folded away"
    );
    assert!(matches!(*view(&harness), View::Partition { cursor: 0, .. }));
    let text = tui_support::screen::screen(&harness.state, 80, 24);
    assert!(text.contains("▸ METADATA (1)"), "{text}");
    assert!(text.contains("▾ ORDER# (3)"), "{text}");
    assert!(!text.contains("name=Ada"), "{text}");
    // The help names the screen it is about, and where its keys come from.
    harness.act(Action::ToggleHelp).await;
    let help = tui_support::screen::screen(&harness.state, 80, 24);
    assert!(
        help.contains("Help: partition (keys of [collections]"),
        "{help}"
    );
    harness.act(Action::ToggleHelp).await;
    harness.act(Action::Open).await;
    assert_eq!(
        harness.state.explore.partitions["USER#u1"].rows().len(),
        all
    );
    assert!(
        matches!(*view(&harness), View::Partition { cursor: 0, .. }),
        "Enter on a heading never opens an item"
    );
}

/// A hand-rolled `TICKET#<date>#<id>` sort key: the parts no model or library names are named
/// by their shapes, and the decoded line reads as a sentence.
#[tokio::test]
async fn the_inspector_names_date_and_id_parts_by_their_shapes() {
    let mut harness = started_shop(Settings::default()).await;
    let ticket = tui_support::item(&[
        ("PK", "TENANT#acme"),
        ("SK", "TICKET#2026-07-01#tkt_00042"),
        ("type", "Ticket"),
    ]);
    harness
        .state
        .views
        .open(View::Inspector(Box::new(ddbx::app::state::Inspector::new(
            ticket,
        ))));
    let text = tui_support::screen::screen(&harness.state, 120, 40);
    assert!(
        text.contains("[TICKET] [date=2026-07-01] [id=tkt_00042]"),
        "{text}"
    );
    assert!(
        text.contains("decoded: Ticket, named by its type attribute; hand-rolled keys"),
        "{text}"
    );
}

/// `}` and `{` move the cursor from group heading to group heading in a partition, from an
/// item back to its own heading first, and say so at either end; elsewhere they say where they
/// work. The keys fit the help at 80x24 (it scrolls when they do not).
#[tokio::test]
async fn braces_jump_between_sort_key_groups_in_a_partition() {
    let mut harness = started_shop(Settings::default()).await;
    harness.act(Action::NextGroup).await;
    let said = format!("{:?}", harness.state.notice);
    assert!(said.contains("inside a partition"), "{said}");
    harness
        .act_all([Action::CursorLast, Action::Open, Action::Open])
        .await;
    let headings: Vec<usize> = harness.state.explore.partitions["USER#u1"]
        .rows()
        .into_iter()
        .enumerate()
        .filter(|(_, row)| matches!(row, PartitionRow::Group { .. }))
        .map(|(at, _)| at)
        .collect();
    assert!(headings.len() >= 2, "{headings:?}");
    let cursor = |harness: &Harness| match *view(harness) {
        View::Partition { cursor, .. } => cursor,
        ref other => panic!("a partition, not {other:?}"),
    };
    assert_eq!(cursor(&harness), headings[0]);
    harness.act(Action::NextGroup).await;
    assert_eq!(cursor(&harness), headings[1]);
    harness.act(Action::CursorDown).await;
    harness.act(Action::PrevGroup).await;
    assert_eq!(
        cursor(&harness),
        headings[1],
        "an item goes to its own heading first"
    );
    harness.act(Action::PrevGroup).await;
    assert_eq!(cursor(&harness), headings[0]);
    harness.act(Action::PrevGroup).await;
    assert_eq!(cursor(&harness), headings[0]);
    let said = format!("{:?}", harness.state.notice);
    assert!(said.contains("already at the first group"), "{said}");
    harness.act(Action::ToggleHelp).await;
    let help = tui_support::screen::screen(&harness.state, 80, 24);
    assert!(help.contains("Next sort-key group"), "{help}");
}

#[tokio::test]
async fn drilling_down_queries_the_partition_and_groups_its_items_by_sort_key_prefix() {
    let mut harness = started_shop(Settings::default()).await;
    // Prefixes are ORDER, STORE, USER: go to USER, then its first partition USER#u1.
    harness.act_all([Action::CursorLast, Action::Open]).await;
    assert_eq!(
        *view(&harness),
        View::Partitions {
            prefix: Some("USER".to_owned()),
            cursor: 0
        }
    );
    harness.act(Action::Open).await;
    let queries = harness.queries();
    let [Read::Query(request)] = queries.as_slice() else {
        panic!("one query: {queries:?}");
    };
    assert_eq!(request.key_condition, "#pk = :pk");
    assert_eq!(request.params.values[":pk"], AttrValue::s("USER#u1"));
    let partition = &harness.state.explore.partitions["USER#u1"];
    assert_eq!(partition.items.len(), 4);
    assert_eq!(partition.paging, Paging::Complete);
    let groups: Vec<(Option<String>, usize)> = partition
        .rows()
        .into_iter()
        .filter_map(|row| match row {
            PartitionRow::Group { label, count, .. } => Some((label, count)),
            PartitionRow::Item(_) => None,
        })
        .collect();
    assert_eq!(
        groups,
        vec![
            (Some("METADATA".to_owned()), 1),
            (Some("ORDER#".to_owned()), 3)
        ]
    );
    // Row 0 is the METADATA header, row 1 its item.
    harness.act_all([Action::CursorDown, Action::Open]).await;
    let View::Inspector(inspector) = view(&harness) else {
        panic!("inspector expected: {:?}", view(&harness));
    };
    assert_eq!(inspector.item["name"], AttrValue::s("Ada"));
}

#[tokio::test]
async fn a_partition_is_paged_lazily_as_the_cursor_nears_the_end() {
    let items: Vec<_> = (0..300)
        .map(|n| tui_support::item(&[("PK", "USER#big"), ("SK", &format!("ORDER#{n:04}"))]))
        .collect();
    let mut harness = Harness::new(shop_backend(items), "Shop", small_pages(100));
    harness.start().await;
    jump_to_partition(&mut harness, "USER#big").await;
    // The first page is 100 rows; 50 ahead of a cursor at 0 is still inside it.
    assert_eq!(harness.queries().len(), 1);
    assert_eq!(
        harness.state.explore.partitions["USER#big"].items.len(),
        100
    );
    harness.act(Action::CursorLast).await;
    assert_eq!(harness.queries().len(), 2);
    harness.act(Action::CursorLast).await;
    harness.act(Action::CursorLast).await;
    assert_eq!(
        harness.state.explore.partitions["USER#big"].items.len(),
        300
    );
    assert_eq!(
        harness.state.explore.partitions["USER#big"].paging,
        Paging::Complete
    );
}

#[tokio::test]
async fn jumping_to_a_typed_partition_completes_from_discovery_and_uses_a_query_not_a_scan() {
    let mut harness = started_shop(Settings::default()).await;
    let scans_before = harness.scans();
    harness.act(Action::JumpToPartition).await;
    for c in "ORD".chars() {
        harness.act(Action::Input(c)).await;
    }
    harness.act(Action::Complete).await;
    let Some(Overlay::Prompt(prompt)) = &harness.state.overlay else {
        panic!("prompt open");
    };
    assert_eq!(
        prompt.text.text(),
        "ORDER#o",
        "longest common prefix of ORDER#o1 and ORDER#o2"
    );
    harness.act_all([Action::Input('2'), Action::Submit]).await;
    assert_eq!(harness.scans(), scans_before);
    assert_eq!(harness.queries().len(), 1);
    assert_eq!(harness.state.explore.partitions["ORDER#o2"].items.len(), 1);
    assert!(harness.state.overlay.is_none());
}

#[tokio::test]
async fn a_stale_partition_page_is_dropped_when_the_user_moved_on() {
    let mut harness = started_shop(Settings::default()).await;
    harness.act_only(Action::JumpToPartition);
    for c in "USER#u1".chars() {
        harness.act_only(Action::Input(c));
    }
    let first = harness.act_only(Action::Submit);
    let result = harness.execute(first[0].clone()).await.expect("answers");
    // Reopen the partition after forcing a refetch: the first answer is now stale.
    harness.state.explore.partitions.clear();
    harness.act(Action::HistoryBack).await;
    harness.act_only(Action::JumpToPartition);
    for c in "USER#u1".chars() {
        harness.act_only(Action::Input(c));
    }
    let second = harness.act_only(Action::Submit);
    assert!(harness.act_only(result).is_empty());
    assert!(
        harness.state.explore.partitions["USER#u1"].items.is_empty(),
        "stale page ignored"
    );
    harness.run(second).await;
    assert_eq!(harness.state.explore.partitions["USER#u1"].items.len(), 4);
}

#[tokio::test]
async fn history_goes_back_and_forward_and_back_on_the_first_view_quits() {
    let mut harness = started_shop(Settings::default()).await;
    harness
        .act_all([Action::CursorLast, Action::Open, Action::Open])
        .await;
    assert!(matches!(view(&harness), View::Partition { .. }));
    harness.act(Action::HistoryBack).await;
    assert!(matches!(view(&harness), View::Partitions { .. }));
    harness.act(Action::HistoryForward).await;
    assert!(matches!(view(&harness), View::Partition { .. }));
    assert_eq!(
        harness.queries().len(),
        1,
        "a loaded partition is not queried again"
    );
    harness.act_all([Action::Back, Action::Back]).await;
    assert!(
        matches!(view(&harness), View::Prefixes { cursor: 2 }),
        "cursor restored"
    );
    let quit = harness.act_only(Action::Back);
    assert_eq!(quit, vec![Command::Quit]);
    assert!(harness.state.quitting);
}

/// Opens partition `pk` by typing it into the jump prompt, as a user would.
async fn jump_to_partition(harness: &mut Harness, pk: &str) {
    harness.act(Action::JumpToPartition).await;
    for c in pk.chars() {
        harness.act(Action::Input(c)).await;
    }
    harness.act(Action::Submit).await;
}

/// Jumps to partition `pk` (a user with a METADATA item and orders) and inspects its first order.
async fn inspect_first_order(harness: &mut Harness, pk: &str) {
    jump_to_partition(harness, pk).await;
    // Rows: METADATA header, item, ORDER header, first order.
    harness
        .act_all([
            Action::CursorDown,
            Action::CursorDown,
            Action::CursorDown,
            Action::Open,
        ])
        .await;
}

#[tokio::test]
async fn the_inspector_copies_the_item_the_key_and_a_value() {
    let mut harness = started_shop(Settings::default()).await;
    inspect_first_order(&mut harness, "USER#u1").await;
    harness
        .act_all([
            Action::CopyItemJson,
            Action::CopyItemDdbJson,
            Action::CopyKey,
            Action::CopyValue,
        ])
        .await;
    let copies: Vec<(&str, &str)> = harness
        .side_effects
        .iter()
        .filter_map(|command| match command {
            Command::CopyToClipboard { text, what } => Some((text.as_str(), what.as_str())),
            _ => None,
        })
        .collect();
    assert_eq!(copies.len(), 4);
    let plain: serde_json::Value = serde_json::from_str(copies[0].0).expect("json");
    assert_eq!(plain["status"], "PENDING");
    let ddb: serde_json::Value = serde_json::from_str(copies[1].0).expect("json");
    assert_eq!(ddb["SK"]["S"], "ORDER#2026-07-01#o1");
    let key: serde_json::Value = serde_json::from_str(copies[2].0).expect("json");
    assert_eq!(
        key,
        serde_json::json!({"PK": {"S": "USER#u1"}, "SK": {"S": "ORDER#2026-07-01#o1"}})
    );
    // The cursor is on the first row, the partition key.
    assert_eq!(copies[3], ("USER#u1", "value of PK"));
}

#[tokio::test]
async fn the_inspector_cycles_tree_plain_json_and_dynamodb_json() {
    let mut harness = started_shop(Settings::default()).await;
    inspect_first_order(&mut harness, "USER#u1").await;
    let format = |harness: &Harness| match view(harness) {
        View::Inspector(inspector) => inspector.format,
        other => panic!("inspector expected: {other:?}"),
    };
    assert_eq!(format(&harness), ItemFormat::Tree);
    harness.act(Action::ToggleJson).await;
    assert_eq!(format(&harness), ItemFormat::PlainJson);
    harness.act(Action::ToggleJson).await;
    assert_eq!(format(&harness), ItemFormat::DdbJson);
    harness.act(Action::ToggleJson).await;
    assert_eq!(format(&harness), ItemFormat::Tree);
}

#[tokio::test]
async fn a_related_link_in_the_inspector_opens_the_named_partition() {
    // An item whose sort key names another partition (ORDER#o1) directly.
    let items = {
        let mut items = shop_items();
        items.push(tui_support::item(&[
            ("PK", "USER#u2"),
            ("SK", "ORDER#o1"),
            ("status", "PENDING"),
        ]));
        items
    };
    let mut harness = Harness::new(shop_backend(items), "Shop", Settings::default());
    harness.start().await;
    inspect_first_order(&mut harness, "USER#u2").await;
    let View::Inspector(inspector) = view(&harness) else {
        panic!("inspector expected");
    };
    assert_eq!(inspector.item["SK"], AttrValue::s("ORDER#o1"));
    harness.act(Action::CursorLast).await;
    harness.act(Action::Open).await;
    assert_eq!(
        *view(&harness),
        View::Partition {
            pk: AttrValue::s("ORDER#o1"),
            cursor: 0
        }
    );
    assert_eq!(harness.state.explore.partitions["ORDER#o1"].items.len(), 2);
}

#[tokio::test]
async fn search_moves_the_cursor_to_the_next_matching_row_and_wraps() {
    let mut harness = started_shop(Settings::default()).await;
    harness.act(Action::Search).await;
    for c in "st".chars() {
        harness.act(Action::Input(c)).await;
    }
    harness.act(Action::Submit).await;
    assert_eq!(*view(&harness), View::Prefixes { cursor: 1 }, "STORE");
    harness.act(Action::SearchNext).await;
    assert_eq!(
        *view(&harness),
        View::Prefixes { cursor: 1 },
        "the only match again"
    );
}

#[tokio::test]
async fn a_failed_partition_query_is_shown_and_a_retry_queries_again() {
    let backend = shop_backend(shop_items());
    let mut harness = Harness::new(backend.clone(), "Shop", Settings::default());
    harness.start().await;
    *backend.failure.lock().expect("lock") =
        Some(BackendError::Network("connection refused".to_owned()));
    harness
        .act_all([Action::CursorLast, Action::Open, Action::Open])
        .await;
    assert!(matches!(
        harness.state.explore.partitions["USER#u1"].paging,
        Paging::Failed(_)
    ));
    *backend.failure.lock().expect("lock") = None;
    harness.act_all([Action::Back, Action::Open]).await;
    assert_eq!(harness.state.explore.partitions["USER#u1"].items.len(), 4);
}

#[tokio::test]
async fn a_partition_typed_before_the_table_is_described_is_queried_once_it_is() {
    let mut harness = Harness::new(shop_backend(shop_items()), "Shop", Settings::default());
    let describe = ddbx::app::update::start(&mut harness.state);
    jump_to_partition(&mut harness, "USER#u2").await;
    assert!(harness.queries().is_empty(), "no key schema yet");
    harness.run(describe).await;
    assert_eq!(harness.queries().len(), 1);
    assert_eq!(harness.state.explore.partitions["USER#u2"].items.len(), 1);
}

/// A partition's item lines put what says the item's state first (`status`, `type`) and the
/// index key attributes, which repeat its keys, last: the demo's order references lead with
/// their status, not with `LSI1SK`.
#[tokio::test]
async fn item_lines_lead_with_state_and_leave_index_keys_last() {
    let mut harness = tui_support::started_demo(400, Settings::default()).await;
    harness.act(Action::JumpToPartition).await;
    for c in "USER#usr_1001".chars() {
        harness.act(Action::Input(c)).await;
    }
    harness.act(Action::Submit).await;
    let text = tui_support::screen::screen(&harness.state, 120, 30);
    let line = text
        .lines()
        .find(|line| line.contains("ORDER#") && line.contains("OrderRef"))
        .unwrap_or_else(|| panic!("an order reference line in\n{text}"));
    let status = line.find("status=").expect("status shown");
    assert!(line.contains("type=OrderRef"), "{line}");
    assert!(
        line.find("LSI1SK=")
            .is_none_or(|index_key| status < index_key),
        "{line}"
    );
    assert!(
        status < line.find("orderId=").expect("orderId shown"),
        "{line}"
    );
}
