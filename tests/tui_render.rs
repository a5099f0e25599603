//! Render snapshots of every screen and overlay at 80×24 and 60×16, including loading, empty and
//! error states, plus the hostile-item check: table data can never reach the terminal as an
//! escape sequence.

mod tui_support;

use std::sync::Arc;

use ddbx::app::action::Action;
use ddbx::app::command::Command;
use ddbx::app::read::{ReadAnswer, ReadFor, ReadJob};
use ddbx::app::state::{Loadable, Settings, State};
use ddbx::backend::Connection;
use tui_support::screen::screen;
use tui_support::{Harness, item, shop_backend, shop_items};

const SIZES: [(u16, u16); 2] = [(80, 24), (60, 16)];

/// Snapshots `state` at both sizes under `name`.
fn snapshot(name: &str, state: &State) {
    for (width, height) in SIZES {
        insta::assert_snapshot!(
            format!("{name}_{width}x{height}"),
            screen(state, width, height)
        );
    }
}

async fn shop() -> Harness {
    let mut harness = Harness::new(shop_backend(shop_items()), "Shop", Settings::default());
    harness.start().await;
    harness
}

async fn demo() -> Harness {
    tui_support::started_demo(400, Settings::default()).await
}

async fn type_text(harness: &mut Harness, text: &str) {
    for c in text.chars() {
        harness.act(Action::Input(c)).await;
    }
}

#[tokio::test]
async fn collections_home_lists_prefixes_with_counts_and_entity_mix() {
    snapshot("prefixes", &demo().await.state);
}

#[tokio::test]
async fn partitions_of_a_prefix_list_their_item_counts() {
    let mut harness = demo().await;
    harness.act(Action::Open).await;
    snapshot("partitions", &harness.state);
}

#[tokio::test]
async fn a_partition_groups_items_by_sort_key_prefix() {
    let mut harness = shop().await;
    harness.act(Action::JumpToPartition).await;
    type_text(&mut harness, "USER#u1").await;
    harness.act(Action::Submit).await;
    harness.act(Action::CursorDown).await;
    snapshot("partition", &harness.state);
}

#[tokio::test]
async fn table_overview_shows_keys_indexes_billing_ttl_and_stream() {
    let mut harness = demo().await;
    harness.act(Action::ShowOverview).await;
    snapshot("overview", &harness.state);
}

async fn demo_inspector(harness: &mut Harness) {
    harness.act(Action::JumpToPartition).await;
    let pk = harness
        .state
        .explore
        .discovery
        .found
        .as_ref()
        .and_then(|found| found.complete_partition("USER#").next())
        .expect("demo has users")
        .0
        .to_owned();
    type_text(harness, &pk).await;
    harness
        .act_all([Action::Submit, Action::CursorDown, Action::Open])
        .await;
}

#[tokio::test]
async fn the_inspector_shows_the_attribute_tree_with_types_and_key_chips() {
    let mut harness = demo().await;
    demo_inspector(&mut harness).await;
    snapshot("inspector_tree", &harness.state);
}

#[tokio::test]
async fn the_inspector_shows_plain_and_dynamodb_json() {
    let mut harness = demo().await;
    demo_inspector(&mut harness).await;
    harness.act(Action::ToggleJson).await;
    snapshot("inspector_plain_json", &harness.state);
    harness.act(Action::ToggleJson).await;
    snapshot("inspector_ddb_json", &harness.state);
}

#[tokio::test]
async fn the_inspector_shows_ttl_timestamps_index_membership_and_size() {
    let mut items = shop_items();
    let mut session = item(&[
        ("PK", "USER#u1"),
        ("SK", "SESSION#2026-06-30T10:00:00Z"),
        ("GSI1PK", "STATUS#PENDING#DATE#2026-07-18"),
    ]);
    session.insert(
        "expiresAt".to_owned(),
        ddbx::domain::value::AttrValue::n(1_782_950_400),
    );
    session.insert(
        "createdAt".to_owned(),
        ddbx::domain::value::AttrValue::n(1_782_777_600_000),
    );
    session.insert(
        "blob".to_owned(),
        ddbx::domain::value::AttrValue::B(vec![0xde, 0xad, 0xbe, 0xef]),
    );
    items.push(session);
    let mut description = tui_support::pk_sk_table("Shop");
    description.ttl = Some(ddbx::domain::schema::TtlDescription {
        attribute: "expiresAt".to_owned(),
        status: "ENABLED".to_owned(),
    });
    description
        .attribute_types
        .insert("GSI1PK".to_owned(), ddbx::domain::value::ValueType::S);
    description.indexes.push(ddbx::domain::schema::IndexSchema {
        name: "GSI1".to_owned(),
        kind: ddbx::domain::schema::IndexKind::Global,
        key: ddbx::domain::schema::KeySchema::new(
            ddbx::domain::schema::KeyAttribute::new("GSI1PK", ddbx::domain::value::ValueType::S),
            None,
        ),
        projection: ddbx::domain::schema::Projection::All,
        item_count: None,
        size_bytes: None,
        status: None,
    });
    let backend = Arc::new(tui_support::fake_backend::FakeBackend::new(
        description,
        items,
    ));
    let mut harness = Harness::new(backend, "Shop", Settings::default());
    harness.start().await;
    harness.act(Action::JumpToPartition).await;
    type_text(&mut harness, "USER#u1").await;
    harness.act(Action::Submit).await;
    // Rows: METADATA, item, ORDER (3 items), SESSION header, session.
    harness.act(Action::CursorLast).await;
    harness.act(Action::Open).await;
    snapshot("inspector_ttl_index", &harness.state);
    harness.act(Action::ToggleBinary).await;
    let text = screen(&harness.state, 80, 24);
    assert!(text.contains("deadbeef"), "hex view:\n{text}");
}

#[tokio::test]
async fn the_help_overlay_is_generated_from_the_keymap_of_the_screen_below() {
    let mut harness = shop().await;
    harness.act(Action::ToggleHelp).await;
    snapshot("help_collections", &harness.state);
}

#[tokio::test]
async fn the_jump_prompt_shows_completions_from_discovery() {
    let mut harness = shop().await;
    harness.act(Action::JumpToPartition).await;
    type_text(&mut harness, "USER#").await;
    snapshot("prompt_jump", &harness.state);
}

#[tokio::test]
async fn a_large_table_shows_the_scan_question() {
    let mut harness = Harness::new(shop_backend(shop_items()), "Shop", Settings::default());
    let commands = ddbx::app::update::start(&mut harness.state);
    let Some(Command::Read(ReadJob {
        id,
        owner: ReadFor::Description,
        ..
    })) = commands.first().cloned()
    else {
        panic!("describe first");
    };
    let mut description = tui_support::pk_sk_table("Shop");
    description.size_bytes = Some(80 * 1024 * 1024 * 1024);
    description.item_count = Some(250_000_000);
    harness.act_only(Action::ReadDone {
        id,
        owner: ReadFor::Description,
        result: Ok(ReadAnswer::Described(Box::new(description))),
    });
    snapshot("confirm_scan", &harness.state);
}

#[tokio::test]
async fn loading_states_say_what_is_awaited() {
    let mut harness = Harness::new(shop_backend(shop_items()), "Shop", Settings::default());
    let commands = ddbx::app::update::start(&mut harness.state);
    snapshot("prefixes_describing", &harness.state);
    let described = harness.execute(commands[0].clone()).await.expect("answers");
    let scan = harness.act_only(described);
    snapshot("prefixes_scanning", &harness.state);
    harness.run(scan).await;
    harness.act_only(Action::JumpToPartition);
    for c in "USER#u2".chars() {
        harness.act_only(Action::Input(c));
    }
    harness.act_only(Action::Submit);
    snapshot("partition_loading", &harness.state);
    harness.act_only(Action::ShowOverview);
    harness.state.table.description = Loadable::Loading(ddbx::app::request_id::RequestId(999));
    snapshot("overview_loading", &harness.state);
}

#[tokio::test]
async fn empty_states_say_there_is_nothing() {
    let mut harness = Harness::new(shop_backend(Vec::new()), "Shop", Settings::default());
    harness.start().await;
    snapshot("prefixes_empty_table", &harness.state);
    harness.act(Action::JumpToPartition).await;
    type_text(&mut harness, "USER#nobody").await;
    harness.act(Action::Submit).await;
    snapshot("partition_empty", &harness.state);
}

#[tokio::test]
async fn error_states_show_the_service_message() {
    let mut harness = Harness::new(shop_backend(shop_items()), "Missing", Settings::default());
    harness.start().await;
    snapshot("prefixes_describe_failed", &harness.state);
    harness.act(Action::ShowOverview).await;
    snapshot("overview_failed", &harness.state);
    let backend = shop_backend(shop_items());
    let mut harness = Harness::new(backend.clone(), "Shop", Settings::default());
    harness.start().await;
    *backend.failure.lock().expect("lock") = Some(ddbx::backend::BackendError::Network(
        "dispatch failure: connection refused (127.0.0.1:1)".to_owned(),
    ));
    harness.act(Action::JumpToPartition).await;
    type_text(&mut harness, "USER#u1").await;
    harness.act(Action::Submit).await;
    snapshot("partition_failed", &harness.state);
}

#[tokio::test]
async fn a_hostile_item_renders_escaped_on_every_screen() {
    let hostile_pk = "USER#\u{1b}]0;pwned\u{7}evil";
    let items = vec![item(&[
        ("PK", hostile_pk),
        ("SK", "METADATA\u{1b}[2J"),
        ("note\u{1b}[31m", "\u{9b}6n clear\u{1b}c \u{202e}txt.exe"),
    ])];
    let mut harness = Harness::new(shop_backend(items), "Shop", Settings::default());
    harness.start().await;
    let mut screens = vec![screen(&harness.state, 80, 24)];
    harness.act(Action::Open).await;
    screens.push(screen(&harness.state, 80, 24));
    harness.act(Action::Open).await;
    screens.push(screen(&harness.state, 80, 24));
    harness.act_all([Action::CursorDown, Action::Open]).await;
    screens.push(screen(&harness.state, 80, 24));
    harness.act(Action::ToggleJson).await;
    screens.push(screen(&harness.state, 80, 24));
    for text in &screens {
        assert!(
            !text
                .chars()
                .any(|c| c.is_control() && c != '\n' || ('\u{202a}'..='\u{202e}').contains(&c)),
            "a control character reached the screen:\n{text}"
        );
    }
    assert!(
        screens[1].contains("USER#\\x1b]0;pwned\\x07evil"),
        "{}",
        screens[1]
    );
    assert!(screens[3].contains("note\\x1b[31m"), "{}", screens[3]);
    assert!(screens[3].contains("\\u{9b}6n"), "{}", screens[3]);
    insta::assert_snapshot!("hostile_inspector_80x24", screens[3]);
}

#[tokio::test]
async fn every_screen_renders_without_panicking_down_to_tiny_sizes() {
    let mut harness = demo().await;
    let mut states = vec![harness.state.clone()];
    harness.act(Action::ToggleHelp).await;
    states.push(harness.state.clone());
    harness.act(Action::ToggleHelp).await;
    harness.act(Action::Open).await;
    states.push(harness.state.clone());
    harness.act(Action::HistoryBack).await;
    demo_inspector(&mut harness).await;
    states.push(harness.state.clone());
    harness.act(Action::JumpToPartition).await;
    type_text(&mut harness, "USER#").await;
    states.push(harness.state.clone());
    harness.act(Action::Back).await;
    harness.act(Action::ShowOverview).await;
    states.push(harness.state.clone());
    for state in &states {
        for width in (1..=90).step_by(7) {
            for height in 1..=26 {
                let _ = screen(state, width, height);
            }
        }
    }
}

#[tokio::test]
async fn the_header_names_the_account_once_sts_answered() {
    let backend =
        tui_support::fake_backend::FakeBackend::new(tui_support::pk_sk_table("Shop"), shop_items())
            .with_account("123456789012");
    let mut harness = Harness::new(Arc::new(backend), "Shop", Settings::default());
    harness.state.session.connection = Connection {
        kind: "aws".to_owned(),
        profile: Some("support".to_owned()),
        region: Some("eu-west-1".to_owned()),
        read_only: true,
        ..Connection::default()
    };
    harness.start().await;
    let wide = screen(&harness.state, 80, 24);
    let header = wide.lines().next().unwrap_or_default();
    assert!(header.contains("account 123456789012"), "{header}");
    assert!(header.contains("READ-ONLY"), "{header}");
    // Too narrow for all of it: no account rather than a cut-off one naming another account.
    let narrow = screen(&harness.state, 60, 16);
    let header = narrow.lines().next().unwrap_or_default();
    assert!(!header.contains("account"), "{header}");
    assert!(header.contains("READ-ONLY"), "{header}");
    snapshot("header_account", &harness.state);
}
