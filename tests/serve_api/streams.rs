//! The DynamoDB Streams API on `ddbx serve`'s port: a table created or updated with a stream is
//! described with it, ListStreams and DescribeStream find it, and GetRecords reads every change
//! with the images its view type keeps, as DynamoDB Local reads them.

use std::collections::BTreeMap;
use std::fmt::Debug;

use aws_sdk_dynamodb::error::ProvideErrorMetadata;
use aws_sdk_dynamodb::types::{StreamSpecification, StreamViewType};
use aws_sdk_dynamodbstreams::types::ShardIteratorType;

use crate::endpoints::{Endpoint, create_table, ddb_local, n, s, served};
use crate::support::unique_table_name;

fn sorted<K: Ord + Debug, V: Debug>(map: Option<&std::collections::HashMap<K, V>>) -> String {
    map.map(|map| format!("{:?}", map.iter().collect::<BTreeMap<_, _>>()))
        .unwrap_or_else(|| "-".to_owned())
}

/// Every record of every shard of `arn`, from the oldest, one line each: event, keys, images
/// and view type.
async fn records(endpoint: &Endpoint, arn: &str) -> Vec<String> {
    let described = endpoint
        .streams
        .describe_stream()
        .stream_arn(arn)
        .send()
        .await
        .expect("DescribeStream");
    let shards = described
        .stream_description()
        .map(|description| description.shards().to_vec())
        .unwrap_or_default();
    let mut lines = Vec::new();
    for shard in shards {
        let mut iterator = endpoint
            .streams
            .get_shard_iterator()
            .stream_arn(arn)
            .shard_id(shard.shard_id().expect("a shard id"))
            .shard_iterator_type(ShardIteratorType::TrimHorizon)
            .send()
            .await
            .expect("GetShardIterator")
            .shard_iterator;
        while let Some(current) = iterator {
            let page = endpoint
                .streams
                .get_records()
                .shard_iterator(current)
                .send()
                .await
                .expect("GetRecords");
            if page.records().is_empty() {
                break;
            }
            for record in page.records() {
                let change = record.dynamodb().expect("a change");
                assert_eq!(record.event_source(), Some("aws:dynamodb"));
                assert_eq!(record.event_version(), Some("1.1"));
                assert!(change.sequence_number().is_some_and(|n| !n.is_empty()));
                lines.push(format!(
                    "{:?} keys={} new={} old={} view={:?}",
                    record.event_name(),
                    sorted(change.keys.as_ref()),
                    sorted(change.new_image.as_ref()),
                    sorted(change.old_image.as_ref()),
                    change.stream_view_type(),
                ));
            }
            iterator = page.next_shard_iterator;
        }
    }
    lines
}

/// The latest stream of `table` as DescribeTable names it, after checking the table's
/// description shows it enabled with `view`.
async fn described_stream(endpoint: &Endpoint, table: &str, view: &StreamViewType) -> String {
    let described = endpoint
        .client
        .describe_table()
        .table_name(table)
        .send()
        .await
        .expect("DescribeTable");
    let table = described.table().expect("a table");
    let spec = table
        .stream_specification()
        .expect("a stream specification");
    assert!(spec.stream_enabled(), "{}", endpoint.name);
    assert_eq!(spec.stream_view_type(), Some(view), "{}", endpoint.name);
    let arn = table.latest_stream_arn().expect("LatestStreamArn");
    let label = table.latest_stream_label().expect("LatestStreamLabel");
    assert!(arn.ends_with(&format!("/stream/{label}")), "{arn} {label}");
    arn.to_owned()
}

/// Writes an insert, a change, a write that changes nothing and a delete, and reads them back.
async fn changes_of_a_new_and_old_images_stream(endpoint: &Endpoint) -> Vec<String> {
    let table = unique_table_name("serve-streams");
    let client = &endpoint.client;
    let view = StreamViewType::NewAndOldImages;
    create_table(client, &table, false, Some(view.clone())).await;
    let arn = described_stream(endpoint, &table, &view).await;
    client
        .put_item()
        .table_name(&table)
        .item("pk", s("a"))
        .item("n", n("12345678901234567890123456789012345678"))
        .send()
        .await
        .expect("PutItem");
    let update = || {
        client
            .update_item()
            .table_name(&table)
            .key("pk", s("a"))
            .update_expression("SET #v = :v")
            .expression_attribute_names("#v", "v")
            .expression_attribute_values(":v", s("changed"))
    };
    update().send().await.expect("UpdateItem");
    // The same change again changes nothing, and leaves no record.
    update().send().await.expect("UpdateItem");
    client
        .delete_item()
        .table_name(&table)
        .key("pk", s("a"))
        .send()
        .await
        .expect("DeleteItem");
    let listed = endpoint
        .streams
        .list_streams()
        .table_name(&table)
        .send()
        .await
        .expect("ListStreams");
    let listed: Vec<(Option<&str>, Option<&str>)> = listed
        .streams()
        .iter()
        .map(|stream| (stream.stream_arn(), stream.table_name()))
        .collect();
    assert_eq!(listed, [(Some(arn.as_str()), Some(table.as_str()))]);
    let description = endpoint
        .streams
        .describe_stream()
        .stream_arn(&arn)
        .send()
        .await
        .expect("DescribeStream")
        .stream_description
        .expect("a description");
    assert_eq!(description.table_name(), Some(table.as_str()));
    let mut lines = vec![format!(
        "status={:?} view={:?} key={:?} first shard starts={}",
        description.stream_status(),
        description.stream_view_type(),
        description.key_schema(),
        description.shards().first().is_some_and(|shard| shard
            .sequence_number_range()
            .is_some_and(|range| range.starting_sequence_number().is_some()))
    )];
    lines.extend(records(endpoint, &arn).await);
    lines
}

#[tokio::test]
async fn a_stream_reads_every_change_with_its_images_as_dynamodb_local_reads_them() {
    let served = served();
    let ours = changes_of_a_new_and_old_images_stream(&served).await;
    assert_eq!(
        ours.len(),
        4,
        "the description and three records: {ours:#?}"
    );
    assert!(ours[1].starts_with("Some(Insert)") && ours[3].starts_with("Some(Remove)"));
    served.stop();
    let Some(reference) = ddb_local() else { return };
    let theirs = changes_of_a_new_and_old_images_stream(&reference).await;
    assert_eq!(ours, theirs);
}

fn enable(view: StreamViewType) -> StreamSpecification {
    StreamSpecification::builder()
        .stream_enabled(true)
        .stream_view_type(view)
        .build()
        .expect("a specification")
}

/// UpdateTable enables a KEYS_ONLY stream, refuses to enable a second one, and disables it:
/// the stream is then DISABLED and later writes leave no record.
async fn a_stream_enabled_then_disabled(endpoint: &Endpoint) -> Vec<String> {
    let table = unique_table_name("serve-stream-update");
    let client = &endpoint.client;
    create_table(client, &table, true, None).await;
    client
        .update_table()
        .table_name(&table)
        .stream_specification(enable(StreamViewType::KeysOnly))
        .send()
        .await
        .expect("UpdateTable enables a stream");
    let arn = described_stream(endpoint, &table, &StreamViewType::KeysOnly).await;
    let again = client
        .update_table()
        .table_name(&table)
        .stream_specification(enable(StreamViewType::NewImage))
        .send()
        .await
        .expect_err("a second stream");
    let mut lines = vec![format!("enabled again: {:?}", again.code())];
    client
        .put_item()
        .table_name(&table)
        .item("pk", s("a"))
        .item("sk", s("1"))
        .item("secret", s("not in a KEYS_ONLY record"))
        .send()
        .await
        .expect("PutItem");
    client
        .update_table()
        .table_name(&table)
        .stream_specification(
            StreamSpecification::builder()
                .stream_enabled(false)
                .build()
                .expect("a specification"),
        )
        .send()
        .await
        .expect("UpdateTable disables the stream");
    client
        .put_item()
        .table_name(&table)
        .item("pk", s("b"))
        .item("sk", s("1"))
        .send()
        .await
        .expect("PutItem");
    let described = client
        .describe_table()
        .table_name(&table)
        .send()
        .await
        .expect("DescribeTable");
    let table = described.table().expect("a table");
    lines.push(format!(
        "after disabling: latest={} enabled={:?}",
        table.latest_stream_arn() == Some(arn.as_str()),
        table
            .stream_specification()
            .map(StreamSpecification::stream_enabled)
    ));
    lines.extend(records(endpoint, &arn).await);
    lines
}

#[tokio::test]
async fn update_table_enables_and_disables_a_stream_as_dynamodb_local_does() {
    let served = served();
    let ours = a_stream_enabled_then_disabled(&served).await;
    assert!(
        ours[0].contains("ValidationException"),
        "a second stream is refused: {ours:#?}"
    );
    assert_eq!(
        ours.len(),
        3,
        "one record, written before disabling: {ours:#?}"
    );
    served.stop();
    let Some(reference) = ddb_local() else { return };
    let theirs = a_stream_enabled_then_disabled(&reference).await;
    assert_eq!(ours, theirs);
}

/// What the Streams API refuses, by error code.
async fn stream_refusals(endpoint: &Endpoint) -> Vec<String> {
    let table = unique_table_name("serve-stream-errors");
    create_table(
        &endpoint.client,
        &table,
        false,
        Some(StreamViewType::NewImage),
    )
    .await;
    let arn = described_stream(endpoint, &table, &StreamViewType::NewImage).await;
    let streams = &endpoint.streams;
    let unknown = streams
        .describe_stream()
        .stream_arn(arn.replace(&table, "ddbx-no-such-table"))
        .send()
        .await
        .expect_err("no such stream");
    let no_shard = streams
        .get_shard_iterator()
        .stream_arn(&arn)
        .shard_id("shardId-00000000000000000000-00000000")
        .shard_iterator_type(ShardIteratorType::TrimHorizon)
        .send()
        .await
        .expect_err("no such shard");
    let no_sequence = streams
        .get_shard_iterator()
        .stream_arn(&arn)
        .shard_id("shardId-00000000000000000000-00000000")
        .shard_iterator_type(ShardIteratorType::AtSequenceNumber)
        .send()
        .await
        .expect_err("a sequence number is needed");
    [unknown.code(), no_shard.code(), no_sequence.code()]
        .iter()
        .map(|code| format!("{code:?}"))
        .collect()
}

#[tokio::test]
async fn the_streams_api_refuses_what_dynamodb_local_refuses() {
    let served = served();
    let ours = stream_refusals(&served).await;
    assert_eq!(
        ours,
        [
            "Some(\"ResourceNotFoundException\")",
            "Some(\"ResourceNotFoundException\")",
            "Some(\"ValidationException\")",
        ]
    );
    served.stop();
    let Some(reference) = ddb_local() else { return };
    assert_eq!(ours, stream_refusals(&reference).await);
}
