//! End to end: the real binary in a pseudo-terminal, the PartiQL statement screen driven with
//! keys — on `--demo` (the embedded engine answers) and on DynamoDB Local: a key select said to
//! be a key query before it runs, its rows in the results table, one opened in the inspector.

mod support;
mod tui_support;

use ddbx::domain::value::{AttrValue, Item};
use support::{Server, sdk_client, server_endpoint, unique_table_name};
use tui_support::pty::{PtySession, local_env};

const ENTER: &str = "\r";
const CTRL_U: &str = "\x15";
const CTRL_C: &str = "\x03";

fn text<'a>(item: &'a Item, name: &str) -> &'a str {
    item.get(name).and_then(AttrValue::as_s).unwrap_or_default()
}

/// A user with orders among `items`, and how many.
fn user_with_orders(items: &[Item]) -> (String, usize) {
    let orders = |pk: &str| {
        items
            .iter()
            .filter(|item| text(item, "PK") == pk && text(item, "SK").starts_with("ORDER#"))
            .count()
    };
    let pk = items
        .iter()
        .map(|item| text(item, "PK"))
        .find(|pk| pk.starts_with("USER#") && orders(pk) > 1)
        .expect("a user with orders")
        .to_owned();
    let count = orders(&pk);
    (pk, count)
}

/// Opens the statement screen, types a key select of `pk`'s orders and runs it.
fn run_key_select(session: &mut PtySession, table: &str, pk: &str, orders: usize) {
    session.wait_until("discovery to complete", |screen| {
        screen.contains("complete ")
    });
    session.send("S");
    session.wait_for("PartiQL on");
    session.send(CTRL_U);
    session.send(&format!(
        r#"SELECT * FROM "{table}" WHERE PK = '{pk}' AND begins_with(SK, 'ORDER#')"#
    ));
    session.wait_for("✓ key query on PK of table");
    session.send(ENTER);
    let items = if orders == 1 { "item" } else { "items" };
    let screen = session.wait_for(&format!("{orders} {items}"));
    assert!(screen.contains("complete"), "{screen}");
    assert!(screen.contains("ORDER#"), "{screen}");
    session.send(ENTER);
    session.wait_until("the row in the inspector", |screen| {
        !screen.contains("PartiQL ·") && screen.contains("ORDER#")
    });
}

#[test]
fn the_demo_runs_a_key_select_typed_in_the_statement_screen() {
    let (_, items) = ddbx::demo::generate(ddbx::demo::DEFAULT_SEED, ddbx::demo::DEFAULT_SIZE);
    let (pk, orders) = user_with_orders(&items);
    let mut session = PtySession::spawn(&["--demo"], &[]);
    run_key_select(&mut session, ddbx::demo::TABLE_NAME, &pk, orders);
    session.send(CTRL_C);
    session.wait_exit();
}

#[test]
fn dynamodb_local_runs_a_key_select_typed_in_the_statement_screen() {
    let Some(endpoint) = server_endpoint(Server::DdbLocal) else {
        return;
    };
    let runtime = tokio::runtime::Runtime::new().expect("runtime");
    let table = unique_table_name("tui-partiql");
    let client = sdk_client(&endpoint);
    let items = runtime.block_on(support::items::seed_single_table_demo(
        &client, &table, 5, 200,
    ));
    let (pk, orders) = user_with_orders(&items);
    let mut session = PtySession::spawn(
        &["--endpoint-url", &endpoint, "--table", &table],
        &local_env(),
    );
    run_key_select(&mut session, &table, &pk, orders);
    session.send("q");
    let results = session.wait_for("PartiQL ·");
    assert!(
        results.contains("capacity not reported"),
        "DynamoDB Local sends no capacity for a statement, and the screen says so: {results}"
    );
    session.send(CTRL_C);
    session.wait_exit();
    runtime.block_on(support::tables::delete_table(&client, &table));
}
