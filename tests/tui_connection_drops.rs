//! The connection drops mid-session: DynamoDB Local behind a fault proxy whose port is closed
//! (a server that went down) and opened again. A refresh that fails keeps what was read, marked
//! stale; a write that fails leaves the edit as a draft rather than in the editor's text.

mod support;
mod tui_support;

use std::sync::Arc;
use std::time::Duration;

use ddbx::app::action::{Action, Clock};
use ddbx::app::state::{Notice, ScanStatus, Settings, State, View};
use ddbx::backend::aws::{AwsBackend, AwsOptions};
use ddbx::backend::{ExpressionParams, QueryRequest};
use ddbx::domain::value::{AttrValue, Item};
use support::fault_proxy::{Fault, FaultProxy, Plan};
use support::items::seed_items;
use support::tables::{TableSpec, create_table, delete_table};
use support::{Server, sdk_client, server_endpoint, unique_table_name};
use tui_support::screen::masked_screen;
use tui_support::{Harness, NOW, item};

fn passing() -> Plan {
    Arc::new(|_, _| Fault::Pass)
}

/// One table on DynamoDB Local, seeded, and the proxy in front of it.
struct Down {
    upstream: String,
    table: String,
    proxy: Option<FaultProxy>,
    port: u16,
}

impl Down {
    async fn new(prefix: &str) -> Option<Self> {
        let upstream = server_endpoint(Server::DdbLocal)?;
        let table = unique_table_name(prefix);
        let client = sdk_client(&upstream);
        create_table(&client, &TableSpec::single_table(&table)).await;
        seed_items(&client, &table, &seed()).await;
        let proxy = FaultProxy::start(Some(&upstream), passing());
        let port = proxy.port();
        Some(Self {
            upstream,
            table,
            proxy: Some(proxy),
            port,
        })
    }

    fn endpoint(&self) -> String {
        format!("http://127.0.0.1:{}", self.port)
    }

    /// A harness on the AWS backend through the proxy, started.
    async fn harness(&self) -> Harness {
        let backend = AwsBackend::connect(AwsOptions {
            profile: None,
            region: Some("us-east-1".to_owned()),
            endpoint_url: Some(self.endpoint()),
        })
        .await
        .expect("a client (nothing is sent to connect)");
        let mut harness = Harness::new(Arc::new(backend), &self.table, Settings::default());
        harness.start().await;
        harness
    }

    /// The server goes down: its port refuses connections.
    fn kill(&mut self) {
        if let Some(proxy) = self.proxy.take() {
            proxy.close();
        }
    }

    /// The server is back on the same port.
    fn restart(&mut self) {
        self.proxy = Some(FaultProxy::start_at(
            self.port,
            Some(&self.upstream),
            passing(),
        ));
    }

    async fn drop_table(mut self) {
        self.kill();
        delete_table(&sdk_client(&self.upstream), &self.table).await;
    }
}

fn seed() -> Vec<Item> {
    vec![
        item(&[("PK", "USER#1"), ("SK", "PROFILE"), ("name", "Ada")]),
        item(&[("PK", "USER#1"), ("SK", "ORDER#1")]),
        item(&[("PK", "USER#2"), ("SK", "PROFILE"), ("name", "Bob")]),
        item(&[("PK", "ORDER#9"), ("SK", "METADATA")]),
    ]
}

/// The clock reads 01:02:03 UTC on the test's day: what the stale mark shows.
async fn tick(harness: &mut Harness) {
    harness
        .act(Action::Tick(Clock {
            uptime: Duration::from_secs(5),
            unix_seconds: NOW + 3_723,
        }))
        .await;
}

fn notice(state: &State) -> String {
    match &state.notice {
        Some(Notice::Info(text) | Notice::Error(text)) => text.clone(),
        None => String::new(),
    }
}

fn groups(state: &State) -> usize {
    state
        .explore
        .discovery
        .found
        .as_ref()
        .map_or(0, |found| found.groups().count())
}

async fn jump_to(harness: &mut Harness, pk: &str) {
    harness.act(Action::JumpToPartition).await;
    for c in pk.chars() {
        harness.act(Action::Input(c)).await;
    }
    harness.act(Action::Submit).await;
}

#[tokio::test]
async fn a_rescan_with_the_server_down_keeps_the_tree_marked_stale_until_one_succeeds() {
    let Some(mut down) = Down::new("stale-tree").await else {
        return;
    };
    let mut harness = down.harness().await;
    assert_eq!(harness.state.explore.discovery.status, ScanStatus::Complete);
    let found = groups(&harness.state);
    assert!(found >= 2, "the seeded prefixes are found: {found}");
    tick(&mut harness).await;

    down.kill();
    harness.act(Action::RestartScan).await;
    let state = &harness.state;
    assert_eq!(groups(state), found, "the tree read before stays");
    let stale = state
        .explore
        .discovery
        .stale
        .as_ref()
        .expect("marked stale");
    assert_eq!(stale.read_at.unix_seconds, NOW + 3_723);
    let text = notice(state);
    assert!(
        text.starts_with("discovery scan failed")
            && text.contains("showing the tree as read by 01:02:03 UTC (R rescans)"),
        "{text}"
    );
    let screen = masked_screen(state, &down.endpoint(), &down.table, 80, 24);
    assert!(
        screen.contains("stale     as read by 01:02:03 UTC; the refresh failed:")
            && screen.contains("USER")
            && !screen.contains("Discovery failed"),
        "{screen}"
    );
    // The stale line and the tree kept under it (the header holds the per-run table name, the
    // status lines the operating system's wording of the refusal).
    let body: Vec<&str> = screen.lines().skip(1).take(19).collect();
    insta::assert_snapshot!("stale_collections_80x24", body.join("\n"));

    // Back up: a rescan replaces the stale tree with what the table holds now.
    down.restart();
    let client = sdk_client(&down.upstream);
    seed_items(
        &client,
        &down.table,
        &[item(&[("PK", "TENANT#1"), ("SK", "META")])],
    )
    .await;
    harness.act(Action::RestartScan).await;
    assert!(harness.state.explore.discovery.stale.is_none());
    assert_eq!(harness.state.explore.discovery.status, ScanStatus::Complete);
    assert_eq!(groups(&harness.state), found + 1);
    down.drop_table().await;
}

#[tokio::test]
async fn re_reading_a_partition_or_a_query_with_the_server_down_keeps_the_items_marked_stale() {
    let Some(mut down) = Down::new("stale-items").await else {
        return;
    };
    let mut harness = down.harness().await;
    jump_to(&mut harness, "USER#1").await;
    let items = |state: &State| {
        state
            .explore
            .partitions
            .values()
            .map(|partition| partition.items.len())
            .sum::<usize>()
    };
    assert_eq!(items(&harness.state), 2);
    let mut params = ExpressionParams::default();
    params.names.insert("#pk".to_owned(), "PK".to_owned());
    params
        .values
        .insert(":pk".to_owned(), AttrValue::s("USER#2"));
    let request = QueryRequest::new(down.table.clone(), "#pk = :pk", params);
    tick(&mut harness).await;

    down.kill();
    // A partition: `R` reads it again (and rescans); its items stay.
    harness.act(Action::RestartScan).await;
    assert_eq!(items(&harness.state), 2, "the partition's items stay");
    let partition = tui_support::first_partition(&harness.state);
    assert!(partition.stale.is_some(), "marked stale");
    let screen = masked_screen(&harness.state, &down.endpoint(), &down.table, 80, 24);
    assert!(
        screen.contains("stale: as read by 01:02:03 UTC") && screen.contains("ORDER#1"),
        "{screen}"
    );

    // A query run before the server went down: `R` runs it again; its rows stay.
    down.restart();
    let commands = ddbx::app::update::query::run_query(&mut harness.state, request, None);
    harness.run(commands).await;
    assert!(matches!(
        harness.state.views.current(),
        View::QueryResults { .. }
    ));
    down.kill();
    harness.act(Action::Refresh).await;
    let run = harness.state.queries.runs.last().expect("a run");
    assert_eq!(run.items.len(), 1, "the results read before stay");
    assert!(run.stale.is_some());
    let text = notice(&harness.state);
    assert!(text.contains("showing the results as read by"), "{text}");
    let screen = masked_screen(&harness.state, &down.endpoint(), &down.table, 80, 24);
    assert!(
        screen.contains("stale: as read by") && screen.contains("Bob"),
        "{screen}"
    );
    down.drop_table().await;
}

#[tokio::test]
async fn a_first_load_with_the_server_down_still_shows_its_error() {
    let Some(mut down) = Down::new("first-load").await else {
        return;
    };
    let mut harness = down.harness().await;
    down.kill();
    jump_to(&mut harness, "USER#2").await;
    let partition = tui_support::first_partition(&harness.state);
    assert!(partition.stale.is_none());
    assert!(matches!(
        partition.paging,
        ddbx::app::state::Paging::Failed(_)
    ));
    down.drop_table().await;
}

#[tokio::test]
async fn after_a_failed_write_esc_returns_to_the_view_and_e_reopens_the_edit_as_a_draft() {
    let Some(mut down) = Down::new("write-draft").await else {
        return;
    };
    let mut harness = down.harness().await;
    jump_to(&mut harness, "USER#2").await;
    // Row 0 is the sort key group's header, row 1 the profile.
    harness.act(Action::CursorDown).await;
    harness.act(Action::EditItem).await;
    let text = harness
        .state
        .edits
        .flow
        .as_ref()
        .and_then(|flow| flow.editor.as_ref())
        .map(|editor| editor.text())
        .expect("the editor is open");
    let edited = text.replace("Bob", "Eve");
    harness
        .act(Action::ExternalEdited(Ok(edited.clone())))
        .await;
    harness.act(Action::SaveEdit).await;
    down.kill();
    harness.act(Action::Confirm).await;
    assert!(notice(&harness.state).starts_with("the write failed"));

    harness.act(Action::Back).await;
    assert!(
        harness.state.edits.flow.is_none(),
        "back on the view, not in the text"
    );
    assert!(matches!(
        harness.state.views.current(),
        View::Partition { cursor: 1, .. }
    ));
    let text = notice(&harness.state);
    assert!(
        text.contains("edit kept as a draft: e reopens it"),
        "{text}"
    );
    // Screen keys act on the view now.
    harness.act(Action::CursorUp).await;
    harness.act(Action::CursorDown).await;
    assert!(harness.state.edits.flow.is_none());

    harness.act(Action::EditItem).await;
    let reopened = harness
        .state
        .edits
        .flow
        .as_ref()
        .and_then(|flow| flow.editor.as_ref())
        .map(|editor| editor.text())
        .unwrap_or_else(|| panic!("the draft is reopened: {}", notice(&harness.state)));
    assert_eq!(reopened, edited);
    down.drop_table().await;
}
