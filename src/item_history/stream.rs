//! The item's records in the stream: every shard read from its trim horizon (parents before
//! children, so records come oldest first), keeping the records whose keys are the item's.
//! Only a closed shard ends (its last page has no next iterator); an open shard is read until
//! [`EMPTY_PAGES_AT_END`] pages in a row come back empty and is counted apart, since records
//! written after may follow. A budget of calls (GetShardIterator and GetRecords alike) bounds
//! the whole reading, and the reading says when it ran out.

use std::collections::BTreeSet;

use super::request::{HistoryRequest, StreamReading};
use crate::backend::{Backend, ChangeRecord, IteratorStart, Shard, ShardIteratorRequest};

/// Empty pages in a row after which an open shard counts as read to its current end (DynamoDB
/// may need a few calls to step over a stretch of a shard that holds no records).
pub const EMPTY_PAGES_AT_END: u32 = 3;

/// Reads the item's records from the stream `arn`, oldest first.
pub async fn read(
    backend: &dyn Backend,
    arn: &str,
    request: &HistoryRequest,
) -> (Vec<ChangeRecord>, StreamReading) {
    let mut reading = StreamReading {
        max_requests: request.max_requests,
        ..StreamReading::default()
    };
    let shards = match backend.describe_stream(arn).await {
        Ok(shards) => shards,
        Err(error) => {
            reading.problems.push(format!("DescribeStream: {error}"));
            return (Vec::new(), reading);
        }
    };
    reading.shards = shards.len();
    let mut found = Vec::new();
    let mut read: BTreeSet<String> = BTreeSet::new();
    while let Some(shard) = next_shard(&shards, &read) {
        if reading.requests >= request.max_requests {
            break;
        }
        read.insert(shard.id.clone());
        match read_shard(backend, arn, shard, request, &mut reading, &mut found).await {
            Ok(ShardEnd::Closed) => reading.shards_read += 1,
            Ok(ShardEnd::CaughtUp) => reading.shards_caught_up += 1,
            Err(problem) => reading.problems.push(problem),
        }
    }
    reading.matched = found.len();
    (found, reading)
}

/// A shard not read yet whose parent is read (or no longer listed: trimmed).
fn next_shard<'a>(shards: &'a [Shard], read: &BTreeSet<String>) -> Option<&'a Shard> {
    shards.iter().find(|shard| {
        !read.contains(&shard.id)
            && shard.parent.as_ref().is_none_or(|parent| {
                read.contains(parent) || shards.iter().all(|other| &other.id != parent)
            })
    })
}

/// How far a shard was read.
enum ShardEnd {
    /// To its end: the shard is closed and its last page said so.
    Closed,
    /// An open shard, until pages came back empty: as far as it went when read.
    CaughtUp,
}

/// Spends one call of the budget, or says the budget is spent before `call` on `shard`.
fn spend(reading: &mut StreamReading, max: u32, shard: &Shard, call: &str) -> Result<(), String> {
    if reading.requests >= max {
        return Err(format!(
            "shard {}: {call} not sent: the budget of {max} calls was spent",
            shard.id
        ));
    }
    reading.requests += 1;
    Ok(())
}

/// Adds one shard's records for the item to `found`; `Err` names the shard and the service's
/// words when a call failed or the budget ran out (the records found before are kept, and the
/// shard does not count as read).
async fn read_shard(
    backend: &dyn Backend,
    arn: &str,
    shard: &Shard,
    request: &HistoryRequest,
    reading: &mut StreamReading,
    found: &mut Vec<ChangeRecord>,
) -> Result<ShardEnd, String> {
    let problem =
        |call: &str, error: &dyn std::fmt::Display| format!("shard {}: {call}: {error}", shard.id);
    spend(reading, request.max_requests, shard, "GetShardIterator")?;
    let mut iterator = Some(
        backend
            .shard_iterator(ShardIteratorRequest {
                stream_arn: arn.to_owned(),
                shard_id: shard.id.clone(),
                start: IteratorStart::TrimHorizon,
            })
            .await
            .map_err(|error| problem("GetShardIterator", &error))?,
    );
    let mut empty_in_a_row = 0;
    while let Some(current) = iterator.take() {
        spend(reading, request.max_requests, shard, "GetRecords")?;
        let page = backend
            .get_records(current)
            .await
            .map_err(|error| problem("GetRecords", &error))?;
        reading.records_read += page.records.len() as u64;
        empty_in_a_row = if page.records.is_empty() {
            empty_in_a_row + 1
        } else {
            0
        };
        found.extend(
            page.records
                .into_iter()
                .filter(|record| is_the_item(record, request)),
        );
        // A closed shard is read on until its last page says so, however many pages are empty.
        if !shard.closed && empty_in_a_row == EMPTY_PAGES_AT_END && page.next_iterator.is_some() {
            return Ok(ShardEnd::CaughtUp);
        }
        iterator = page.next_iterator;
    }
    Ok(ShardEnd::Closed)
}

fn is_the_item(record: &ChangeRecord, request: &HistoryRequest) -> bool {
    request
        .key_schema
        .key_of(&record.keys)
        .is_some_and(|key| key == request.key)
}
