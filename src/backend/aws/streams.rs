//! DynamoDB Streams: DescribeStream (every page), GetShardIterator and GetRecords. Streams has
//! its own attribute value type; values are moved into DynamoDB's and converted by the same
//! function as every other read, so numbers, sets and binary survive exactly.

use aws_sdk_dynamodb::types::AttributeValue as TableValue;
use aws_sdk_dynamodbstreams::Client;
use aws_sdk_dynamodbstreams::types::{
    AttributeValue as StreamValue, OperationType, Record, ShardIteratorType,
};

use super::errors::{Target, classify};
use crate::backend::aws_convert::item_from_sdk;
use crate::backend::{
    BackendError, ChangeKind, ChangeRecord, IteratorStart, RecordsPage, Shard, ShardIteratorRequest,
};
use crate::domain::value::Item;

type StreamItem = std::collections::HashMap<String, StreamValue>;

pub(super) async fn describe_stream(
    client: &Client,
    target: Target<'_>,
    stream_arn: &str,
) -> Result<Vec<Shard>, BackendError> {
    let mut shards = Vec::new();
    let mut start = None;
    loop {
        let output = client
            .describe_stream()
            .stream_arn(stream_arn)
            .set_exclusive_start_shard_id(start)
            .send()
            .await
            .map_err(|error| classify(&error, target))?;
        let Some(description) = output.stream_description else {
            return Ok(shards);
        };
        for shard in description.shards.unwrap_or_default() {
            let Some(id) = shard.shard_id else { continue };
            let range = shard.sequence_number_range;
            let end_sequence = range
                .as_ref()
                .and_then(|range| range.ending_sequence_number.clone());
            shards.push(Shard {
                id,
                parent: shard.parent_shard_id,
                closed: end_sequence.is_some(),
                start_sequence: range.and_then(|range| range.starting_sequence_number),
                end_sequence,
            });
        }
        start = description.last_evaluated_shard_id;
        if start.is_none() {
            return Ok(shards);
        }
    }
}

pub(super) async fn shard_iterator(
    client: &Client,
    target: Target<'_>,
    request: ShardIteratorRequest,
) -> Result<String, BackendError> {
    let (kind, sequence) = match request.start {
        IteratorStart::TrimHorizon => (ShardIteratorType::TrimHorizon, None),
        IteratorStart::Latest => (ShardIteratorType::Latest, None),
        IteratorStart::At(sequence) => (ShardIteratorType::AtSequenceNumber, Some(sequence)),
        IteratorStart::After(sequence) => (ShardIteratorType::AfterSequenceNumber, Some(sequence)),
    };
    let output = client
        .get_shard_iterator()
        .stream_arn(request.stream_arn)
        .shard_id(request.shard_id)
        .shard_iterator_type(kind)
        .set_sequence_number(sequence)
        .send()
        .await
        .map_err(|error| classify(&error, target))?;
    output.shard_iterator.ok_or_else(|| BackendError::Service {
        code: "InvalidServerResponse".to_owned(),
        message: "GetShardIterator returned no iterator".to_owned(),
    })
}

pub(super) async fn get_records(
    client: &Client,
    target: Target<'_>,
    iterator: String,
) -> Result<RecordsPage, BackendError> {
    let output = client
        .get_records()
        .shard_iterator(iterator)
        .send()
        .await
        .map_err(|error| classify(&error, target))?;
    let records = output
        .records
        .unwrap_or_default()
        .into_iter()
        .filter_map(|record| change(record).transpose())
        .collect::<Result<_, _>>()?;
    Ok(RecordsPage {
        records,
        next_iterator: output.next_shard_iterator,
    })
}

/// One record; `None` for an event kind newer than this ddbx.
fn change(record: Record) -> Result<Option<ChangeRecord>, BackendError> {
    let kind = match record.event_name {
        Some(OperationType::Insert) => ChangeKind::Insert,
        Some(OperationType::Modify) => ChangeKind::Modify,
        Some(OperationType::Remove) => ChangeKind::Remove,
        _ => return Ok(None),
    };
    let Some(data) = record.dynamodb else {
        return Ok(None);
    };
    Ok(Some(ChangeRecord {
        kind,
        sequence: data.sequence_number.unwrap_or_default(),
        created_at: data.approximate_creation_date_time.map(|time| time.secs()),
        keys: item(data.keys)?.unwrap_or_default(),
        old_image: item(data.old_image)?,
        new_image: item(data.new_image)?,
    }))
}

fn item(item: Option<StreamItem>) -> Result<Option<Item>, BackendError> {
    let Some(item) = item else { return Ok(None) };
    let table_item = item
        .into_iter()
        .map(|(name, value)| table_value(value).map(|value| (name, value)))
        .collect::<Result<_, _>>()?;
    Ok(Some(item_from_sdk(table_item)?))
}

fn blob(blob: aws_sdk_dynamodbstreams::primitives::Blob) -> aws_sdk_dynamodb::primitives::Blob {
    aws_sdk_dynamodb::primitives::Blob::new(blob.into_inner())
}

/// The same value in DynamoDB's type.
fn table_value(value: StreamValue) -> Result<TableValue, BackendError> {
    Ok(match value {
        StreamValue::S(text) => TableValue::S(text),
        StreamValue::N(text) => TableValue::N(text),
        StreamValue::B(bytes) => TableValue::B(blob(bytes)),
        StreamValue::Bool(flag) => TableValue::Bool(flag),
        StreamValue::Null(flag) => TableValue::Null(flag),
        StreamValue::Ss(set) => TableValue::Ss(set),
        StreamValue::Ns(set) => TableValue::Ns(set),
        StreamValue::Bs(set) => TableValue::Bs(set.into_iter().map(blob).collect()),
        StreamValue::L(list) => TableValue::L(
            list.into_iter()
                .map(table_value)
                .collect::<Result<_, _>>()?,
        ),
        StreamValue::M(map) => TableValue::M(
            map.into_iter()
                .map(|(name, value)| table_value(value).map(|value| (name, value)))
                .collect::<Result<_, _>>()?,
        ),
        other => {
            return Err(BackendError::Service {
                code: "InvalidServerResponse".to_owned(),
                message: format!(
                    "unknown attribute value type in a stream record (newer than this ddbx): {other:?}"
                ),
            });
        }
    })
}
