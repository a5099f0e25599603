//! The server goes down mid-session and comes back, with the real binary in a pseudo-terminal:
//! DynamoDB Local behind a fault proxy whose port is closed (a server down, a VPN blip) and
//! opened again. A failed rescan keeps the tree, marked stale, until one succeeds; the stream
//! view says it is reconnecting, keeps what it received, and shows the writes made meanwhile
//! once the server is back.

mod support;
mod tui_support;

use std::sync::Arc;

use aws_sdk_dynamodb::types::AttributeValue;
use support::fault_proxy::{Fault, FaultProxy, Plan};
use support::tables::{TableSpec, create_table, delete_table, set_stream};
use support::{Server, block_on, sdk_client, server_endpoint, unique_table_name};
use tui_support::pty::{PtySession, local_env};

fn passing() -> Plan {
    Arc::new(|_, _| Fault::Pass)
}

#[test]
fn with_the_server_down_and_back_the_tree_stays_and_the_stream_view_follows_on() {
    let Some(upstream) = server_endpoint(Server::DdbLocal) else {
        return;
    };
    let client = sdk_client(&upstream);
    let table = unique_table_name("pty-drops");
    let put = |pk: &str| {
        block_on(
            client
                .put_item()
                .table_name(&table)
                .item("PK", AttributeValue::S(pk.into()))
                .item("SK", AttributeValue::S("PROFILE".into()))
                .send(),
        )
        .expect("put");
    };
    block_on(async {
        create_table(&client, &TableSpec::single_table(&table)).await;
        set_stream(&client, &table, Some("NEW_AND_OLD_IMAGES")).await;
    });
    put("USER#seed");
    let proxy = FaultProxy::start(Some(&upstream), passing());
    let (port, endpoint) = (proxy.port(), proxy.endpoint());
    let mut session = PtySession::spawn(
        &["--endpoint-url", &endpoint, "--table", &table],
        &local_env(),
    );
    session.wait_until("discovery to finish", |screen| screen.contains("complete"));

    proxy.close();
    session.send("R");
    let stale = session.wait_for("stale");
    assert!(
        stale.contains("USER") && !stale.contains("Discovery failed"),
        "the tree read before stays: {stale}"
    );
    let proxy = FaultProxy::start_at(port, Some(&upstream), passing());
    session.send("R");
    session.wait_until("a rescan that succeeds", |screen| {
        !screen.contains("stale") && screen.contains("complete")
    });

    session.send("L");
    session.wait_until("the shard followed", |screen| {
        screen.contains("1 shard open")
    });
    // The view's iterator is taken before this write (see tui_stream_e2e).
    std::thread::sleep(std::time::Duration::from_millis(600));
    put("USER#before");
    session.wait_for("USER#before");

    proxy.close();
    session.wait_for("reconnecting");
    put("USER#while-down");
    let _back = FaultProxy::start_at(port, Some(&upstream), passing());
    let screen = session.wait_for("USER#while-down");
    assert!(
        screen.contains("USER#before"),
        "records received are kept: {screen}"
    );
    assert!(!screen.contains("stopped"), "{screen}");
    for _ in 0..4 {
        session.send("q");
    }
    block_on(delete_table(&client, &table));
}
