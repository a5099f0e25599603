//! Startup as a state machine: a table description the launcher already fetched is not asked
//! for again; the header's account id is asked for once, the answer lands in state, a stale or
//! failed answer shows nothing. No terminal, no sleeps.

mod tui_support;

use std::sync::Arc;

use ddbx::app::action::Action;
use ddbx::app::command::Command;
use ddbx::app::read::{Read, ReadAnswer, ReadFor, ReadJob};
use ddbx::app::request_id::RequestId;
use ddbx::app::state::{Loadable, Settings};
use ddbx::app::update::start;
use ddbx::backend::BackendError;
use ddbx::backend::memory::MemoryBackend;
use tui_support::fake_backend::FakeBackend;
use tui_support::{Harness, pk_sk_table, shop_backend, shop_items};

const ACCOUNT: &str = "123456789012";

fn harness_with_account() -> Harness {
    let backend = FakeBackend::new(pk_sk_table("Shop"), shop_items()).with_account(ACCOUNT);
    Harness::new(Arc::new(backend), "Shop", Settings::default())
}

/// The account lookup `id` answered with `result`.
fn account_answer(id: RequestId, result: Result<Option<String>, BackendError>) -> Action {
    Action::ReadDone {
        id,
        owner: ReadFor::Account,
        result: result.map(ReadAnswer::Account).map_err(Into::into),
    }
}

/// The id of the one account lookup among `commands`.
fn account_request(commands: &[Command]) -> RequestId {
    let ids: Vec<RequestId> = commands
        .iter()
        .filter_map(|command| match command {
            Command::Read(ReadJob {
                id,
                owner: ReadFor::Account,
                ..
            }) => Some(*id),
            _ => None,
        })
        .collect();
    let [id] = ids.as_slice() else {
        panic!("startup asks for the account exactly once: {commands:?}");
    };
    *id
}

#[tokio::test]
async fn startup_describes_first_then_asks_for_the_account_once() {
    let mut harness = harness_with_account();
    let commands = start(&mut harness.state);
    assert!(
        matches!(
            commands.first(),
            Some(Command::Read(ReadJob {
                read: Read::Describe { .. },
                ..
            }))
        ),
        "{commands:?}"
    );
    let id = account_request(&commands);
    assert_eq!(harness.state.session.account, Loadable::Loading(id));
    assert_eq!(
        harness.state.account_id(),
        None,
        "nothing shown while asking"
    );
}

#[tokio::test]
async fn a_preloaded_description_is_used_without_a_second_describe_table() {
    let mut harness = harness_with_account();
    harness.state.table.preloaded_description = Some(Box::new(pk_sk_table("Shop")));
    harness.start().await;
    let describes = harness.reads_for(ReadFor::Description).len();
    assert_eq!(describes, 0, "{:?}", harness.requests);
    assert!(
        matches!(harness.state.table.description, Loadable::Loaded(_)),
        "the preloaded description is the table's description"
    );
    assert!(
        !harness.reads_for(ReadFor::Discovery).is_empty(),
        "discovery starts as after a DescribeTable answer: {:?}",
        harness.requests
    );
    assert!(harness.state.table.preloaded_description.is_none());
}

#[tokio::test]
async fn the_account_the_backend_reports_lands_in_state() {
    let mut harness = harness_with_account();
    harness.start().await;
    assert_eq!(harness.state.account_id(), Some(ACCOUNT));
    let lookups = harness.reads_for(ReadFor::Account).len();
    assert_eq!(lookups, 1, "the account is asked for once, not per page");
}

#[tokio::test]
async fn a_backend_without_an_account_shows_none() {
    let (description, items) = ddbx::demo::generate(1, 50);
    let backend = MemoryBackend::new(description, items).expect("demo loads");
    let mut harness = Harness::new(
        Arc::new(backend),
        ddbx::demo::TABLE_NAME,
        Settings::default(),
    );
    harness.start().await;
    assert_eq!(harness.state.session.account, Loadable::Loaded(None));
    assert_eq!(harness.state.account_id(), None);
}

#[tokio::test]
async fn a_stale_account_answer_is_dropped_and_the_current_one_kept() {
    let mut harness = harness_with_account();
    let commands = start(&mut harness.state);
    let id = account_request(&commands);
    let stale = RequestId(id.0 + 1000);
    let after = harness.act_only(account_answer(stale, Ok(Some("999999999999".to_owned()))));
    assert!(after.is_empty());
    assert_eq!(harness.state.session.account, Loadable::Loading(id));
    harness.act_only(account_answer(id, Ok(Some(ACCOUNT.to_owned()))));
    assert_eq!(harness.state.account_id(), Some(ACCOUNT));
    // A late duplicate (same id, already answered) changes nothing either.
    harness.act_only(account_answer(id, Ok(Some("999999999999".to_owned()))));
    assert_eq!(harness.state.account_id(), Some(ACCOUNT));
}

#[tokio::test]
async fn a_failed_lookup_shows_no_account_and_no_notice() {
    let mut harness = Harness::new(shop_backend(shop_items()), "Shop", Settings::default());
    let commands = start(&mut harness.state);
    let id = account_request(&commands);
    let after = harness.act_only(account_answer(
        id,
        Err(BackendError::Network("connection refused".to_owned())),
    ));
    assert!(after.is_empty());
    assert_eq!(harness.state.account_id(), None);
    assert_eq!(harness.state.notice, None, "an unknown account is not news");
}
