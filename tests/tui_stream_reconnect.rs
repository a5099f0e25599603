//! The stream view when the connection drops, against DynamoDB Local behind a fault proxy: with
//! the proxy stopped (a server down, a VPN blip) the view says it is reconnecting and retries
//! with a doubling wait, keeping what it received; with the proxy back on its port it follows
//! on and shows the writes made meanwhile. A table deleted and created again has a new stream:
//! the view stops, and `R` describes the table again and follows the new stream. Started at a
//! time (`s`), the view shows only the records written from the time on and counts the earlier
//! ones it read past.

mod support;
mod tui_support;

use std::sync::Arc;
use std::time::Duration;

use aws_sdk_dynamodb::Client;
use aws_sdk_dynamodb::types::AttributeValue;
use ddbx::app::action::{Action, Clock};
use ddbx::app::state::Settings;
use ddbx::app::state::stream::rows::visible;
use ddbx::backend::aws::{AwsBackend, AwsOptions};
use ddbx::domain::civil::UtcInstant;
use ddbx::domain::stream_start::{StreamStart, readable};
use support::fault_proxy::{Fault, FaultProxy, Plan};
use support::tables::{TableSpec, create_table, delete_table, set_stream};
use support::{Server, sdk_client, server_endpoint, unique_table_name};
use tui_support::screen::screen;
use tui_support::stream::{start_from, unix_now, wait_in_real_time};
use tui_support::{Harness, NOW};

fn passing() -> Plan {
    Arc::new(|_, _| Fault::Pass)
}

async fn streamed_table(client: &Client, name: &str) {
    create_table(client, &TableSpec::single_table(name)).await;
    set_stream(client, name, Some("NEW_AND_OLD_IMAGES")).await;
}

async fn put(client: &Client, table: &str, pk: &str) {
    client
        .put_item()
        .table_name(table)
        .item("PK", AttributeValue::S(pk.to_owned()))
        .item("SK", AttributeValue::S("PROFILE".to_owned()))
        .send()
        .await
        .expect("put");
}

/// Lets `seconds` pass on the app's clock, a tick every 250 ms, running what each tick asks.
async fn wait(harness: &mut Harness, seconds: f64) {
    for _ in 0..(seconds * 4.0).ceil() as u32 {
        let uptime = harness.state.clock.uptime + Duration::from_millis(250);
        harness
            .act(Action::Tick(Clock {
                uptime,
                unix_seconds: NOW,
            }))
            .await;
    }
}

/// Ticks until `done` holds, at most `seconds` of app time.
async fn wait_until(harness: &mut Harness, seconds: f64, done: impl Fn(&Harness) -> bool) -> bool {
    for _ in 0..(seconds * 4.0).ceil() as u32 {
        if done(harness) {
            return true;
        }
        wait(harness, 0.25).await;
    }
    done(harness)
}

fn keys_shown(harness: &Harness) -> Vec<String> {
    visible(&harness.state)
        .iter()
        .filter_map(|entry| entry.record.keys.get("PK")?.as_s().map(str::to_owned))
        .collect()
}

fn shows(harness: &Harness, pk: &str) -> bool {
    keys_shown(harness).iter().any(|shown| shown == pk)
}

async fn following(endpoint: &str, table: &str) -> Harness {
    let backend = AwsBackend::connect(AwsOptions {
        profile: None,
        region: Some("us-east-1".to_owned()),
        endpoint_url: Some(endpoint.to_owned()),
    })
    .await
    .expect("a client (nothing is sent to connect)");
    let mut harness = Harness::new(Arc::new(backend), table, Settings::default());
    harness.start().await;
    harness.act(Action::ShowStream).await;
    wait(&mut harness, 1.0).await;
    assert!(
        harness.state.stream.is_some(),
        "{}",
        screen(&harness.state, 120, 30)
    );
    harness
}

#[tokio::test]
async fn a_dropped_connection_is_retried_and_the_view_follows_on_when_it_is_back() {
    let Some(local) = server_endpoint(Server::DdbLocal) else {
        return;
    };
    let client = sdk_client(&local);
    let name = unique_table_name("stream-reconnect");
    streamed_table(&client, &name).await;
    let proxy = FaultProxy::start(Some(&local), passing());
    let port = proxy.port();
    let mut harness = following(&format!("http://127.0.0.1:{port}"), &name).await;

    put(&client, &name, "USER#before").await;
    assert!(
        wait_until(&mut harness, 10.0, |h| shows(h, "USER#before")).await,
        "{}",
        screen(&harness.state, 120, 30)
    );

    proxy.close();
    put(&client, &name, "USER#while-down").await;
    wait(&mut harness, 2.0).await;
    let view = harness.state.stream.as_ref().expect("the view");
    let retry = view.follow.retrying.clone().expect("retrying, not stopped");
    assert_eq!(view.stopped, None);
    assert!(retry.attempt >= 1, "{retry:?}");
    let said = screen(&harness.state, 120, 30);
    assert!(said.contains("reconnecting:"), "{said}");
    assert!(shows(&harness, "USER#before"), "records received are kept");

    // More failures in a row wait longer each time, up to the cap.
    wait(&mut harness, 6.0).await;
    let later = harness.state.stream.as_ref().expect("the view");
    let later_retry = later.follow.retrying.clone().expect("still retrying");
    assert!(later_retry.attempt > retry.attempt, "{later_retry:?}");
    assert!(
        later_retry.at - harness.state.clock.uptime <= Duration::from_secs(30),
        "{later_retry:?}"
    );

    let _back = FaultProxy::start_at(port, Some(&local), passing());
    assert!(
        wait_until(&mut harness, 40.0, |h| shows(h, "USER#while-down")).await,
        "{}",
        screen(&harness.state, 120, 30)
    );
    let view = harness.state.stream.as_ref().expect("the view");
    assert_eq!(view.follow.retrying, None);
    assert_eq!(view.stopped, None);
    assert!(shows(&harness, "USER#before"));
    let said = screen(&harness.state, 120, 30);
    assert!(said.contains("following"), "{said}");
    delete_table(&client, &name).await;
}

#[tokio::test]
async fn after_the_table_is_recreated_r_follows_its_new_stream() {
    let Some(local) = server_endpoint(Server::DdbLocal) else {
        return;
    };
    let client = sdk_client(&local);
    let name = unique_table_name("stream-recreated");
    streamed_table(&client, &name).await;
    let mut harness = following(&local, &name).await;
    put(&client, &name, "USER#old-table").await;
    assert!(wait_until(&mut harness, 10.0, |h| shows(h, "USER#old-table")).await);
    let old_arn = harness
        .state
        .stream
        .as_ref()
        .expect("view")
        .follow
        .arn
        .clone();

    delete_table(&client, &name).await;
    streamed_table(&client, &name).await;
    let stopped = wait_until(&mut harness, 30.0, |h| {
        h.state
            .stream
            .as_ref()
            .is_some_and(|view| view.stopped.is_some())
    })
    .await;
    assert!(stopped, "{}", screen(&harness.state, 120, 30));
    let said = screen(&harness.state, 120, 30);
    assert!(said.contains("R follows the current stream"), "{said}");

    harness.act(Action::Refresh).await;
    wait(&mut harness, 1.0).await;
    let view = harness.state.stream.as_ref().expect("the view");
    assert_eq!(view.stopped, None, "{}", screen(&harness.state, 120, 30));
    assert_ne!(view.follow.arn, old_arn, "the new stream is followed");
    put(&client, &name, "USER#new-table").await;
    assert!(
        wait_until(&mut harness, 10.0, |h| shows(h, "USER#new-table")).await,
        "{}",
        screen(&harness.state, 120, 30)
    );
    assert!(
        shows(&harness, "USER#old-table"),
        "records received are kept"
    );
    delete_table(&client, &name).await;
}

/// Opens `table` through the picker (`T`, its name typed, Enter), which lists the tables again
/// and keeps the descriptions it read before.
async fn switch_with_picker(harness: &mut Harness, table: &str) {
    harness.act(Action::ShowTables).await;
    for c in table.chars() {
        harness.act(Action::Input(c)).await;
    }
    harness.act(Action::Submit).await;
    wait(harness, 0.5).await;
    assert_eq!(
        harness.state.table.name,
        table,
        "{}",
        screen(&harness.state, 120, 30)
    );
}

#[tokio::test]
async fn t_away_and_back_after_the_table_was_recreated_follows_its_new_stream() {
    let Some(local) = server_endpoint(Server::DdbLocal) else {
        return;
    };
    let client = sdk_client(&local);
    let name = unique_table_name("stream-t-away");
    let other = unique_table_name("stream-t-other");
    streamed_table(&client, &name).await;
    create_table(&client, &TableSpec::single_table(&other)).await;
    let mut harness = following(&local, &name).await;
    put(&client, &name, "USER#first").await;
    assert!(wait_until(&mut harness, 10.0, |h| shows(h, "USER#first")).await);
    let old_arn = harness
        .state
        .stream
        .as_ref()
        .expect("view")
        .follow
        .arn
        .clone();

    // The picker describes the tables it lists, this one with its stream as it is now.
    switch_with_picker(&mut harness, &other).await;
    assert!(harness.state.picker.described.contains_key(&name));
    delete_table(&client, &name).await;
    streamed_table(&client, &name).await;
    switch_with_picker(&mut harness, &name).await;
    harness.act(Action::ShowStream).await;
    wait(&mut harness, 2.0).await;
    let view = harness.state.stream.as_ref().expect("the view");
    assert_eq!(view.stopped, None, "{}", screen(&harness.state, 120, 30));
    assert_ne!(
        view.follow.arn, old_arn,
        "the recreated table's stream is followed"
    );
    put(&client, &name, "USER#after").await;
    assert!(
        wait_until(&mut harness, 10.0, |h| shows(h, "USER#after")).await,
        "{}",
        screen(&harness.state, 120, 30)
    );
    delete_table(&client, &name).await;
    delete_table(&client, &other).await;
}

/// DynamoDB Local gives creation times rounded down to the minute, so the cut is put on a minute
/// boundary with the earlier writes at least ten seconds before it and the later one after it:
/// the earlier records' times are before the cut however they are rounded, the later one's not.
#[tokio::test]
async fn a_start_at_a_time_shows_the_later_records_and_counts_the_earlier_ones_skipped() {
    let Some(local) = server_endpoint(Server::DdbLocal) else {
        return;
    };
    let client = sdk_client(&local);
    let name = unique_table_name("stream-since");
    streamed_table(&client, &name).await;
    put(&client, &name, "USER#early-1").await;
    put(&client, &name, "USER#early-2").await;
    let cut = (unix_now() + 10).div_euclid(60) * 60 + 60;
    while unix_now() < cut {
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    put(&client, &name, "USER#late").await;
    let mut harness = following(&local, &name).await;
    assert!(
        keys_shown(&harness).is_empty(),
        "LATEST: nothing from before"
    );

    wait_in_real_time(&mut harness, 0.25).await;
    start_from(&mut harness, &UtcInstant::from_seconds(cut).to_string()).await;
    for _ in 0..40 {
        if !keys_shown(&harness).is_empty() {
            break;
        }
        wait_in_real_time(&mut harness, 0.25).await;
    }
    wait_in_real_time(&mut harness, 1.0).await;
    assert_eq!(keys_shown(&harness), ["USER#late"]);
    let follow = &harness.state.stream.as_ref().expect("following").follow;
    assert_eq!(follow.since, StreamStart::At(UtcInstant::from_seconds(cut)));
    assert_eq!(follow.skipped, 2, "both earlier writes read past");
    let text = screen(&harness.state, 100, 24);
    let header = format!(
        "from {} · no filter",
        readable(UtcInstant::from_seconds(cut))
    );
    assert!(text.contains(&header), "{header}: {text}");
    assert!(
        text.contains("2 records created before it skipped · a stream keeps 24 hours of changes"),
        "{text}"
    );

    // From the oldest record nothing is skipped, and nothing is said of it.
    start_from(&mut harness, "oldest").await;
    wait_in_real_time(&mut harness, 2.0).await;
    assert_eq!(
        keys_shown(&harness),
        ["USER#late", "USER#early-2", "USER#early-1"]
    );
    let text = screen(&harness.state, 100, 24);
    assert!(!text.contains("skipped"), "{text}");
    delete_table(&client, &name).await;
}
