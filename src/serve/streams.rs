//! The DynamoDB Streams API (`X-Amz-Target: DynamoDBStreams_20120810.<Operation>`, on the same
//! port, as DynamoDB Local serves it): ListStreams, DescribeStream, GetShardIterator and
//! GetRecords over the engine's streams.

use serde_json::{Map, Value, json};

use super::error::WireError;
use super::served::Served;
use super::wire::Body;
use crate::backend::memory::StreamInfo;
use crate::backend::memory::stream::Position;
use crate::backend::{ChangeRecord, IteratorStart, Shard, ShardIteratorRequest};
use crate::domain::ddb_json::item_to_json;
use crate::domain::describe_table::stream_label;
use crate::domain::value::item_size;

/// The region the served ARNs and records name.
const REGION: &str = "ddbx-local";
const ITERATOR_TYPES: &str = "[AFTER_SEQUENCE_NUMBER, LATEST, AT_SEQUENCE_NUMBER, TRIM_HORIZON]";

pub fn answer(served: &Served, operation: &str, body: &[u8]) -> Result<Value, WireError> {
    let json: Value = serde_json::from_slice(body)
        .map_err(|error| WireError::serialization(format!("the body is not JSON: {error}")))?;
    let Value::Object(map) = json else {
        return Err(WireError::serialization("the body must be a JSON object"));
    };
    let body = Body(&map);
    match operation {
        "ListStreams" => list_streams(served, &body),
        "DescribeStream" => describe_stream(served, &body),
        "GetShardIterator" => get_shard_iterator(served, &body),
        "GetRecords" => get_records(served, &body),
        other => Err(WireError::unknown_operation(&format!(
            "DynamoDBStreams_20120810.{other}"
        ))),
    }
}

/// When the stream was enabled, in epoch seconds, read from its label.
fn created_seconds(arn: &str) -> f64 {
    let millis = stream_label(arn)
        .split('.')
        .next()
        .and_then(|millis| millis.parse::<u64>().ok())
        .unwrap_or(0);
    millis as f64 / 1000.0
}

/// A `Limit` between 1 and `max`, or `default` when absent.
fn limit(body: &Body<'_>, max: u64, default: usize) -> Result<usize, WireError> {
    match body.opt_u64("Limit")? {
        None => Ok(default),
        Some(limit) if (1..=max).contains(&limit) => Ok(usize::try_from(limit).unwrap_or(default)),
        Some(0) => Err(WireError::validation(
            "1 validation error detected: Value '0' at 'limit' failed to satisfy constraint: Member must have value greater than or equal to 1",
        )),
        Some(other) => Err(WireError::validation(format!(
            "1 validation error detected: Value '{other}' at 'limit' failed to satisfy constraint: Member must have value less than or equal to {max}"
        ))),
    }
}

/// `StreamArn`: required, 37 to 1024 characters as the service checks it.
fn stream_arn<'a>(body: &Body<'a>) -> Result<&'a str, WireError> {
    let arn = body.str("StreamArn")?;
    if arn.chars().count() < 37 {
        return Err(WireError::validation(format!(
            "1 validation error detected: Value '{arn}' at 'streamArn' failed to satisfy constraint: Member must have length greater than or equal to 37"
        )));
    }
    Ok(arn)
}

fn list_streams(served: &Served, body: &Body<'_>) -> Result<Value, WireError> {
    let limit = limit(body, 100, 100)?;
    let table = body.opt_str("TableName")?;
    if let Some(table) = table {
        served.engine.describe(table)?;
    }
    let start = body.opt_str("ExclusiveStartStreamArn")?;
    let streams: Vec<StreamInfo> = served
        .engine
        .streams()
        .into_iter()
        .filter(|stream| table.is_none_or(|table| stream.table == table))
        .skip_while(|stream| start.is_some_and(|start| stream.arn != start))
        .skip(usize::from(start.is_some()))
        .collect();
    let more = streams.len() > limit;
    let page: Vec<Value> = streams
        .iter()
        .take(limit)
        .map(|stream| {
            json!({
                "StreamArn": stream.arn,
                "TableName": stream.table,
                "StreamLabel": stream_label(&stream.arn),
            })
        })
        .collect();
    let mut out = json!({ "Streams": page });
    if more && let Some(last) = streams.get(limit - 1) {
        out["LastEvaluatedStreamArn"] = json!(last.arn);
    }
    Ok(out)
}

fn shard_json(shard: &Shard) -> Value {
    let mut range = Map::new();
    if let Some(start) = &shard.start_sequence {
        range.insert("StartingSequenceNumber".into(), json!(start));
    }
    if let Some(end) = &shard.end_sequence {
        range.insert("EndingSequenceNumber".into(), json!(end));
    }
    let mut out = json!({"ShardId": shard.id, "SequenceNumberRange": range});
    if let Some(parent) = &shard.parent {
        out["ParentShardId"] = json!(parent);
    }
    out
}

fn describe_stream(served: &Served, body: &Body<'_>) -> Result<Value, WireError> {
    let arn = stream_arn(body)?;
    let limit = limit(body, 100, 100)?;
    let info = served.engine.stream_info(arn)?;
    let start = body.opt_str("ExclusiveStartShardId")?;
    let shards: Vec<&Shard> = info
        .shards
        .iter()
        .skip_while(|shard| start.is_some_and(|start| shard.id != start))
        .skip(usize::from(start.is_some()))
        .collect();
    let mut key = vec![json!({"AttributeName": info.key.partition.name, "KeyType": "HASH"})];
    if let Some(sort) = &info.key.sort {
        key.push(json!({"AttributeName": sort.name, "KeyType": "RANGE"}));
    }
    let mut description = json!({
        "StreamArn": info.arn,
        "StreamLabel": stream_label(&info.arn),
        "StreamStatus": if info.enabled { "ENABLED" } else { "DISABLED" },
        "StreamViewType": info.view_type.name(),
        "CreationRequestDateTime": created_seconds(&info.arn),
        "TableName": info.table,
        "KeySchema": key,
        "Shards": shards.iter().take(limit).map(|shard| shard_json(shard)).collect::<Vec<_>>(),
    });
    if shards.len() > limit
        && let Some(last) = shards.get(limit - 1)
    {
        description["LastEvaluatedShardId"] = json!(last.id);
    }
    Ok(json!({ "StreamDescription": description }))
}

fn get_shard_iterator(served: &Served, body: &Body<'_>) -> Result<Value, WireError> {
    let arn = stream_arn(body)?;
    let shard_id = body.str("ShardId")?;
    let kind = body.str("ShardIteratorType")?;
    let sequence = || {
        body.opt_str("SequenceNumber")?
            .map(str::to_owned)
            .ok_or_else(|| {
                WireError::validation(format!(
                    "Must specify a sequence number for iterator type {kind}"
                ))
            })
    };
    let start = match kind {
        "TRIM_HORIZON" => IteratorStart::TrimHorizon,
        "LATEST" => IteratorStart::Latest,
        "AT_SEQUENCE_NUMBER" => IteratorStart::At(sequence()?),
        "AFTER_SEQUENCE_NUMBER" => IteratorStart::After(sequence()?),
        other => {
            return Err(WireError::validation(format!(
                "1 validation error detected: Value '{other}' at 'shardIteratorType' failed to satisfy constraint: Member must satisfy enum value set: {ITERATOR_TYPES}"
            )));
        }
    };
    let iterator = served.engine.shard_iterator_now(&ShardIteratorRequest {
        stream_arn: arn.to_owned(),
        shard_id: shard_id.to_owned(),
        start,
    })?;
    Ok(json!({ "ShardIterator": iterator }))
}

fn get_records(served: &Served, body: &Body<'_>) -> Result<Value, WireError> {
    let iterator = body.str("ShardIterator")?;
    let limit = limit(body, 1000, 1000)?;
    let page = served.engine.get_records_now(iterator, limit)?;
    let view_type = Position::decode(iterator)
        .and_then(|position| served.engine.stream_info(&position.stream_arn))
        .map(|info| info.view_type.name())?;
    let records: Vec<Value> = page
        .records
        .iter()
        .map(|record| record_json(record, view_type))
        .collect();
    let mut out = json!({ "Records": records });
    if let Some(next) = page.next_iterator {
        out["NextShardIterator"] = json!(next);
    }
    Ok(out)
}

fn record_json(record: &ChangeRecord, view_type: &str) -> Value {
    let size = item_size(&record.keys)
        + record.old_image.as_ref().map_or(0, item_size)
        + record.new_image.as_ref().map_or(0, item_size);
    let mut change = json!({
        "ApproximateCreationDateTime": record.created_at.unwrap_or(0),
        "Keys": item_to_json(&record.keys),
        "SequenceNumber": record.sequence,
        "SizeBytes": size,
        "StreamViewType": view_type,
    });
    if let Some(image) = &record.new_image {
        change["NewImage"] = item_to_json(image);
    }
    if let Some(image) = &record.old_image {
        change["OldImage"] = item_to_json(image);
    }
    json!({
        "eventID": record.sequence,
        "eventName": record.kind.name(),
        "eventVersion": "1.1",
        "eventSource": "aws:dynamodb",
        "awsRegion": REGION,
        "dynamodb": change,
    })
}
