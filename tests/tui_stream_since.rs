//! The stream view started at a time on DynamoDB Local's stream: `s` with an RFC 3339 time
//! reads every shard from its oldest record, shows only the records written from the time on,
//! and says how many older ones it read past and that a stream keeps 24 hours.

mod support;
mod tui_support;

use std::sync::Arc;
use std::time::Duration;

use aws_sdk_dynamodb::Client;
use aws_sdk_dynamodb::types::AttributeValue;
use ddbx::app::action::{Action, Clock};
use ddbx::app::state::stream::rows::visible;
use ddbx::app::state::{Overlay, PromptKind, Settings};
use ddbx::backend::aws::{AwsBackend, AwsOptions};
use ddbx::domain::civil::UtcInstant;
use ddbx::domain::stream_start::{StreamStart, readable};
use support::tables::{TableSpec, create_table, delete_table, set_stream};
use support::{Server, sdk_client, server_endpoint, unique_table_name};
use tui_support::Harness;
use tui_support::screen::screen;

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

/// The wall clock, Unix seconds.
fn unix_now() -> i64 {
    let since = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .expect("after 1970");
    i64::try_from(since.as_secs()).expect("seconds fit")
}

/// Lets `seconds` pass on the app's clock, a tick every 250 ms telling the real time of day.
async fn wait(harness: &mut Harness, seconds: f64) {
    for _ in 0..(seconds * 4.0).ceil() as u32 {
        let uptime = harness.state.clock.uptime + Duration::from_millis(250);
        let clock = Clock {
            uptime,
            unix_seconds: unix_now(),
        };
        harness.act(Action::Tick(clock)).await;
    }
}

fn keys_shown(harness: &Harness) -> Vec<String> {
    visible(&harness.state)
        .iter()
        .filter_map(|entry| entry.record.keys.get("PK")?.as_s().map(str::to_owned))
        .collect()
}

/// `s`, the start typed, Enter.
async fn start_from(harness: &mut Harness, text: &str) {
    harness.act(Action::StreamStartFrom).await;
    let Some(Overlay::Prompt(prompt)) = &harness.state.overlay else {
        panic!("the start prompt opens: {:?}", harness.state.overlay);
    };
    assert_eq!(prompt.kind, PromptKind::StreamStart);
    for ch in text.chars() {
        harness.act_only(Action::Input(ch));
    }
    harness.act(Action::Submit).await;
}

/// DynamoDB Local gives creation times rounded down to the minute, so the cut is put on a minute
/// boundary with the earlier writes at least ten seconds before it and the later one after it:
/// the earlier records' times are before the cut however they are rounded, the later one's not.
#[tokio::test]
async fn a_start_at_a_time_shows_the_later_records_and_counts_the_earlier_ones_skipped() {
    let Some(endpoint) = server_endpoint(Server::DdbLocal) else {
        return;
    };
    let client = sdk_client(&endpoint);
    let name = unique_table_name("stream-since");
    create_table(&client, &TableSpec::single_table(&name)).await;
    set_stream(&client, &name, Some("NEW_AND_OLD_IMAGES")).await;
    put(&client, &name, "USER#early-1").await;
    put(&client, &name, "USER#early-2").await;
    let cut = (unix_now() + 10).div_euclid(60) * 60 + 60;
    while unix_now() < cut {
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    put(&client, &name, "USER#late").await;

    let backend = AwsBackend::connect(AwsOptions {
        profile: None,
        region: Some("us-east-1".to_owned()),
        endpoint_url: Some(endpoint.clone()),
    })
    .await
    .expect("a client (nothing is sent to connect)");
    let mut harness = Harness::new(Arc::new(backend), &name, Settings::default());
    harness.start().await;
    harness.act(Action::ShowStream).await;
    wait(&mut harness, 1.0).await;
    assert!(
        keys_shown(&harness).is_empty(),
        "LATEST: nothing from before"
    );

    start_from(&mut harness, &UtcInstant::from_seconds(cut).to_string()).await;
    for _ in 0..40 {
        if !keys_shown(&harness).is_empty() {
            break;
        }
        wait(&mut harness, 0.25).await;
    }
    wait(&mut harness, 1.0).await;
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
    wait(&mut harness, 2.0).await;
    assert_eq!(
        keys_shown(&harness),
        ["USER#late", "USER#early-2", "USER#early-1"]
    );
    let text = screen(&harness.state, 100, 24);
    assert!(!text.contains("skipped"), "{text}");
    delete_table(&client, &name).await;
}
