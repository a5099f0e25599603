//! The stream view in the real binary, in a pseudo-terminal, against DynamoDB Local's stream and
//! against `ddbx serve`'s: an item written by another client while the view follows shows as an
//! INSERT, then a MODIFY, and the MODIFY opens as its diff.

#[path = "serve/server.rs"]
mod server;
mod support;
mod tui_support;

use aws_sdk_dynamodb::types::AttributeValue;
use support::tables::{TableSpec, create_table, delete_table, set_stream};
use support::{Server, block_on, sdk_client, server_endpoint, unique_table_name};
use tui_support::pty::{PtySession, local_env};

#[test]
fn items_written_by_another_client_show_live_and_open_as_a_diff() {
    let Some(endpoint) = server_endpoint(Server::DdbLocal) else {
        return;
    };
    items_show_live(&endpoint);
}

#[test]
fn items_written_through_ddbx_serve_show_live_in_its_stream_view() {
    let served = server::Served::start(&[]);
    items_show_live(&served.endpoint);
    served.stop();
}

fn items_show_live(endpoint: &str) {
    let client = sdk_client(endpoint);
    let table = unique_table_name("tui-stream");
    block_on(async {
        create_table(&client, &TableSpec::single_table(&table)).await;
        set_stream(&client, &table, Some("NEW_AND_OLD_IMAGES")).await;
    });
    let put = |name: &str| {
        block_on(
            client
                .put_item()
                .table_name(&table)
                .item("PK", AttributeValue::S("USER#live".into()))
                .item("SK", AttributeValue::S("PROFILE".into()))
                .item("name", AttributeValue::S(name.into()))
                .send(),
        )
        .expect("put");
    };
    let mut session = PtySession::spawn(
        &["--endpoint-url", endpoint, "--table", &table],
        &local_env(),
    );
    session.wait_until("discovery to finish", |screen| screen.contains("complete"));
    session.send("L");
    session.wait_for("no changes yet");
    // The view's iterators are taken before this write: its first round has described the
    // stream and taken them once the shard count shows.
    session.wait_until("the shard followed", |screen| {
        screen.contains("1 shard open")
    });
    std::thread::sleep(std::time::Duration::from_millis(600));
    put("Ada");
    session.wait_for("INSERT");
    put("Grace");
    let screen = session.wait_for("MODIFY");
    assert!(screen.contains("changed: name"), "{screen}");
    assert!(screen.contains("USER#live"), "{screen}");
    session.send("\r");
    let record = session.wait_for("who: unknown (streams carry no principal)");
    assert!(record.contains("Ada → Grace"), "{record}");
    for _ in 0..4 {
        session.send("q");
    }
    block_on(delete_table(&client, &table));
}
