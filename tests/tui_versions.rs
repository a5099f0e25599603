//! The versions screen, a screen unit: `V` in the inspector reads a versioned item's versions
//! (`v0`, `v1_…` sort keys, or `…#v3`) from its partition with one strongly consistent Query
//! through the worker's read path, page after page; the screen checks `v0` against the highest
//! version and its `Latest` pointer, lists each version with what it changed, `Enter` inspects
//! one and `R` reads them again. Snapshot of the screen.

mod support;
mod tui_support;

use std::sync::Arc;

use ddbx::app::action::Action;
use ddbx::app::read::{Read, ReadFor};
use ddbx::app::state::edit::EditPurpose;
use ddbx::app::state::screens::staged::StagedKind;
use ddbx::app::state::screens::versions::VersionsView;
use ddbx::app::state::screens::view_of;
use ddbx::app::state::{Mode, Notice, Settings, View, ViewMode};
use ddbx::backend::memory::MemoryBackend;
use ddbx::backend::{Backend, Condition, ExpressionParams, PutRequest, ReturnValues};
use ddbx::domain::edit::{EditFormat, render_for_edit};
use ddbx::domain::request::TransactAction;
use ddbx::domain::schema::TtlDescription;
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
    view_of::<VersionsView>(harness.state.views.current()).unwrap_or_else(|| {
        panic!(
            "the versions are shown: {:?}",
            harness.state.views.current()
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
    let View::Inspector(inspector) = harness.state.views.current() else {
        panic!("the inspector: {:?}", harness.state.views.current());
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
    assert!(matches!(harness.state.views.current(), View::Inspector(_)));
    let Some(Notice::Error(message)) = &harness.state.notice else {
        panic!("a notice: {:?}", harness.state.notice);
    };
    assert!(message.contains("names no version"), "{message}");
}

async fn stored(backend: &dyn Backend, sk: &str) -> Option<Item> {
    stored_in(backend, "Equipment", sk).await
}

async fn stored_in(backend: &dyn Backend, table: &str, sk: &str) -> Option<Item> {
    tui_support::bulk::stored(backend, table, &item(&[("PK", "EQUIP#1"), ("SK", sk)])).await
}

/// From the versions of v0_Audit, `e` and the latest version's text replaced by `edited`, saved.
async fn save_new_version(harness: &mut Harness, edited: &Item) {
    harness.state.inspect(audit("v2_Audit", "PACKED", "bob"));
    harness.act(SHOW).await;
    harness.act(Action::EditItem).await;
    let Some(flow) = harness.state.edits.flow.as_deref() else {
        panic!("the editor: {:?}", harness.state.notice);
    };
    assert_eq!(flow.purpose, EditPurpose::NewVersion);
    let opened = flow.original.as_ref().and_then(|item| item.get("SK"));
    assert_eq!(opened, Some(&AttrValue::s("v0_Audit")), "the latest, v0");
    let text = render_for_edit(edited, EditFormat::DdbJson);
    harness.act(Action::ExternalEdited(Ok(text))).await;
    harness.act(Action::SaveEdit).await;
}

/// v0 as the user edits it: the equipment returned.
fn returned() -> Item {
    let mut copy = audit("v0_Audit", "RETURNED", "erin");
    copy.insert("Latest".to_owned(), AttrValue::n(3));
    copy
}

#[tokio::test]
async fn editing_a_versioned_item_commits_the_next_version_and_v0_in_one_transaction() {
    let mut harness = started(Settings::default()).await;
    save_new_version(&mut harness, &returned()).await;

    // Saved means staged and shown, not sent.
    assert!(
        harness.state.edits.flow.is_none(),
        "{:?}",
        harness.state.notice
    );
    assert!(harness.transactions().is_empty() && harness.writes().is_empty());
    let kinds: Vec<StagedKind> = harness
        .state
        .edits
        .staged
        .items
        .iter()
        .map(|i| i.kind)
        .collect();
    assert_eq!(
        kinds,
        [
            StagedKind::Write(EditPurpose::NewVersion),
            StagedKind::Write(EditPurpose::Edit)
        ]
    );
    let review = harness
        .state
        .edits
        .staged
        .review
        .clone()
        .expect("the transaction shown");
    assert!(
        review.request_text.contains("v4_Audit"),
        "{}",
        review.request_text
    );
    let Some(Notice::Info(notice)) = &harness.state.notice else {
        panic!("{:?}", harness.state.notice);
    };
    assert!(
        notice.contains("staged v4 and v0 as one transaction"),
        "{notice}"
    );

    harness.act(Action::Confirm).await;
    let sent = harness.transactions();
    assert_eq!(sent.len(), 1, "one TransactWriteItems");
    let [TransactAction::Put(put), TransactAction::Update(update)] =
        sent[0].request.actions.as_slice()
    else {
        panic!(
            "a put of v4 and an update of v0: {:?}",
            sent[0].request.actions
        );
    };
    assert_eq!(put.condition.expression, "attribute_not_exists(PK)");
    assert!(!update.condition.expression.is_empty(), "{update:?}");

    let backend = Arc::clone(&harness.backend);
    let version = stored(backend.as_ref(), "v4_Audit")
        .await
        .expect("v4 written");
    assert_eq!(
        version,
        audit("v4_Audit", "RETURNED", "erin"),
        "no pointer on v4"
    );
    let copy = stored(backend.as_ref(), "v0_Audit").await.expect("v0");
    assert_eq!(copy.get("Latest"), Some(&AttrValue::n(4)));
    assert_eq!(copy.get("status"), Some(&AttrValue::s("RETURNED")));
}

#[tokio::test]
async fn a_version_another_writer_took_first_cancels_both_and_leaves_v0_as_it_was() {
    let mut harness = started(Settings::default()).await;
    save_new_version(&mut harness, &returned()).await;
    let backend = Arc::clone(&harness.backend);
    backend
        .put_item(PutRequest {
            table: "Equipment".to_owned(),
            item: audit("v4_Audit", "LOST", "frank"),
            condition: Condition::new("attribute_not_exists(PK)"),
            params: ExpressionParams::default(),
            return_values: ReturnValues::None,
        })
        .await
        .expect("the other writer's v4");
    harness.act(Action::Confirm).await;

    assert_eq!(harness.transactions().len(), 1);
    let copy = stored(backend.as_ref(), "v0_Audit").await.expect("v0");
    assert_eq!(copy, {
        let mut copy = audit("v0_Audit", "SHIPPED", "carol");
        copy.insert("Latest".to_owned(), AttrValue::n(3));
        copy
    });
    let version = stored(backend.as_ref(), "v4_Audit").await.expect("theirs");
    assert_eq!(version.get("by"), Some(&AttrValue::s("frank")));
    let staged = &harness.state.edits.staged.items;
    assert_eq!(staged.len(), 2, "both stay staged");
    assert!(
        staged[0].failed.is_some(),
        "the new version is named: {staged:?}"
    );
}

#[tokio::test]
async fn a_new_version_keeps_the_key_and_old_versions_show_their_ttl() {
    let mut table = pk_sk_table("Equipment");
    table.ttl = Some(TtlDescription {
        attribute: "expiresAt".to_owned(),
        status: "ENABLED".to_owned(),
    });
    let mut items = equipment();
    items[1].insert("expiresAt".to_owned(), AttrValue::n(1_000));
    let backend = MemoryBackend::new(table, items).expect("loads");
    let mut harness = Harness::new(Arc::new(backend), "Equipment", Settings::default());
    harness.start().await;

    let mut moved = returned();
    moved.insert("SK".to_owned(), AttrValue::s("v9_Audit"));
    save_new_version(&mut harness, &moved).await;
    let Some(Notice::Error(message)) = &harness.state.notice else {
        panic!("{:?}", harness.state.notice);
    };
    assert!(
        message.contains("SK was changed, so change it back"),
        "{message}"
    );
    assert!(harness.state.edits.staged.items.is_empty() && harness.state.edits.flow.is_some());

    harness.act(Action::Back).await;
    harness.act(Action::Confirm).await;
    let text = screen(&harness.state, 120, 40);
    assert!(
        text.contains("v1  the first version read  · TTL: expired"),
        "{text}"
    );
}

mod servers {
    use super::*;
    use ddbx::backend::aws::{AwsBackend, AwsOptions};
    use support::tables::{TableSpec, create_table, delete_table};
    use support::{Server, sdk_client, server_endpoint, unique_table_name};

    /// `v0` holds what the highest version holds, and its pointer names it.
    async fn consistent(backend: &dyn Backend, table: &str, highest: i64) {
        let latest = stored_in(backend, table, &format!("v{highest}_Audit"))
            .await
            .expect("the highest version");
        let mut copy = stored_in(backend, table, "v0_Audit").await.expect("v0");
        assert_eq!(copy.remove("Latest"), Some(AttrValue::n(highest)));
        for name in ["status", "by"] {
            assert_eq!(
                copy.get(name),
                latest.get(name),
                "{name} of v0 and v{highest}"
            );
        }
        let next = stored_in(backend, table, &format!("v{}_Audit", highest + 1)).await;
        assert_eq!(next, None, "no version above v{highest}");
    }

    /// Two people edit the same versioned item on DynamoDB Local: the one who commits first
    /// writes v4 and v0; the other's transaction is cancelled whole, and after reading the
    /// versions again it writes v5. `v0` and the highest version agree after each step.
    #[tokio::test]
    async fn on_dynamodb_local_a_concurrent_new_version_cancels_the_later_one_whole() {
        let Some(endpoint) = server_endpoint(Server::DdbLocal) else {
            return;
        };
        let admin = sdk_client(&endpoint);
        let table = unique_table_name("versions");
        let spec = TableSpec::new(&table, "PK", ddbx::domain::value::ValueType::S)
            .sort("SK", ddbx::domain::value::ValueType::S);
        create_table(&admin, &spec).await;
        support::items::seed_items(&admin, &table, &equipment()).await;
        let backend: Arc<dyn Backend> = Arc::new(
            AwsBackend::connect(AwsOptions {
                profile: None,
                region: Some(support::TEST_REGION.to_owned()),
                endpoint_url: Some(endpoint),
            })
            .await
            .expect("connects"),
        );
        let mut first = Harness::new(Arc::clone(&backend), &table, Settings::default());
        first.start().await;
        let mut second = Harness::new(Arc::clone(&backend), &table, Settings::default());
        second.start().await;

        save_new_version(&mut first, &returned()).await;
        let mut lost = returned();
        lost.insert("status".to_owned(), AttrValue::s("LOST"));
        save_new_version(&mut second, &lost).await;
        second.act(Action::Confirm).await;
        assert!(
            second.state.edits.staged.items.is_empty(),
            "{:?}",
            second.state.notice
        );
        consistent(backend.as_ref(), &table, 4).await;

        first.act(Action::Confirm).await;
        assert_eq!(
            first.state.edits.staged.items.len(),
            2,
            "{:?}",
            first.state.notice
        );
        assert!(first.state.edits.staged.items[0].failed.is_some());
        consistent(backend.as_ref(), &table, 4).await;
        let copy = stored_in(backend.as_ref(), &table, "v0_Audit").await;
        assert_eq!(
            copy.and_then(|c| c.get("status").cloned()),
            Some(AttrValue::s("LOST"))
        );

        // Unstaged, read again, edited again: v5 on top of the other's v4.
        assert!(first.state.edits.staged.review.is_none());
        first.act(Action::DeleteItem).await;
        first.act(Action::DeleteItem).await;
        assert!(first.state.edits.staged.items.is_empty());
        first.act(Action::HistoryBack).await;
        first.act(Action::Refresh).await;
        first.act(Action::EditItem).await;
        let mut again = stored_in(backend.as_ref(), &table, "v0_Audit")
            .await
            .expect("v0");
        again.insert("status".to_owned(), AttrValue::s("FOUND"));
        let text = render_for_edit(&again, EditFormat::DdbJson);
        first.act(Action::ExternalEdited(Ok(text))).await;
        first.act(Action::SaveEdit).await;
        first.act(Action::Confirm).await;
        assert!(
            first.state.edits.staged.items.is_empty(),
            "{:?}",
            first.state.notice
        );
        consistent(backend.as_ref(), &table, 5).await;
        delete_table(&admin, &table).await;
    }
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
