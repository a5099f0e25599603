//! `ddbx tail`: follows every shard of the table's stream (children after their parents, new
//! shards found by describing the stream again), one record per line until interrupted or
//! `--max-records`. Polling stays within Streams' limits: one GetRecords per shard per round,
//! rounds at least [`STREAM_ROUND`] apart, DescribeStream every [`STREAM_DESCRIBE_EVERY`].

mod record;

use std::collections::BTreeMap;
use std::io::Write;
use std::time::Instant;

use super::args::{OutputFormat, Since, TailArgs};
use super::error::{CliError, ignore_closed_pipe};
use super::note::note;
use super::output::escape::escape_json_for_terminal;
use crate::backend::{Backend, BackendError, IteratorStart, Shard, ShardIteratorRequest};
use crate::domain::backoff::{STREAM_DESCRIBE_EVERY, STREAM_FOLLOWING, STREAM_IDLE, STREAM_ROUND};
use crate::domain::change_filter::{ChangeFilter, entity_of};
use crate::domain::entity::EntityDecoder;
use crate::domain::schema::TableDescription;

/// How far back of the tail's start a record's approximate creation time may lie and the record
/// still be shown, after a LATEST iterator had to be taken again from the trim horizon.
const CREATION_TIME_SLACK_SECONDS: i64 = 60;

/// Where one shard stands.
#[derive(Debug, Default)]
struct ShardState {
    parent: Option<String>,
    iterator: Option<String>,
    /// The last record read, to resume after an expired iterator.
    last_sequence: Option<String>,
    /// Records created before this (Unix seconds) are skipped: set when a LATEST iterator had to
    /// be taken again from the trim horizon, so records from before the tail began stay out.
    not_before: Option<i64>,
    /// The iterator was first taken at LATEST.
    from_latest: bool,
    done: bool,
}

/// Everything the loop needs besides the backend.
pub struct Tail<'a> {
    pub table: &'a TableDescription,
    pub args: &'a TailArgs,
    pub format: OutputFormat,
    pub decoder: &'a EntityDecoder,
}

pub async fn run(
    backend: &dyn Backend,
    tail: &Tail<'_>,
    out: &mut dyn Write,
) -> Result<(), CliError> {
    let stream_arn = tail
        .table
        .stream
        .as_ref()
        .filter(|stream| stream.enabled)
        .and_then(|stream| stream.latest_arn.clone())
        .ok_or_else(|| {
            CliError::usage(format!(
                "table {} has no stream: enable one (e.g. aws dynamodb update-table --table-name {} \
                 --stream-specification StreamEnabled=true,StreamViewType=NEW_AND_OLD_IMAGES)",
                tail.table.name, tail.table.name
            ))
        })?;
    let filter = ChangeFilter {
        pk: tail.args.pk.clone(),
        prefix: tail.args.prefix.clone(),
        entity: tail.args.entity.clone(),
        events: tail.args.event.iter().map(|event| event.kind()).collect(),
    };
    let began = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |since| {
            i64::try_from(since.as_secs()).unwrap_or(i64::MAX)
        });
    let mut shards: BTreeMap<String, ShardState> = BTreeMap::new();
    let mut printed = 0_u64;
    let mut described_at: Option<Instant> = None;
    loop {
        if described_at.is_none_or(|at| at.elapsed() >= STREAM_DESCRIBE_EVERY) {
            let first = described_at.is_none();
            let listed = patiently(|| backend.describe_stream(&stream_arn)).await?;
            track_new_shards(
                backend,
                &stream_arn,
                listed,
                &mut shards,
                first,
                tail.args.since,
            )
            .await?;
            described_at = Some(Instant::now());
            if first {
                note(&format!(
                    "ddbx: following {} shard(s) of the stream of {} from {}",
                    shards.len(),
                    tail.table.name,
                    match tail.args.since {
                        Since::Latest => "LATEST",
                        Since::TrimHorizon => "TRIM_HORIZON",
                    }
                ));
            }
            if shards.values().all(|shard| shard.done) && !first {
                note(
                    "ddbx: every shard of the stream is closed and read (was the stream disabled?)",
                );
                return Ok(());
            }
        }
        let started = Instant::now();
        let mut read_any = false;
        let ready: Vec<String> = shards
            .iter()
            .filter(|(_, state)| !state.done && parent_done(&shards, state.parent.as_deref()))
            .map(|(id, _)| id.clone())
            .collect();
        for id in ready {
            let Some(state) = shards.get_mut(&id) else {
                continue;
            };
            let Some(iterator) = state.iterator.clone() else {
                state.done = true;
                continue;
            };
            let page = match patiently(|| backend.get_records(iterator.clone())).await {
                Ok(page) => page,
                Err(error) => {
                    resume(backend, &stream_arn, &id, state, &error, began).await?;
                    continue;
                }
            };
            for change in &page.records {
                state.last_sequence = Some(change.sequence.clone());
                let before_start = state
                    .not_before
                    .zip(change.created_at)
                    .is_some_and(|(not_before, created)| created < not_before);
                if before_start {
                    continue;
                }
                let entity = entity_of(change, tail.decoder, &tail.table.key);
                if !filter.keeps(change, entity.as_deref(), &tail.table.key) {
                    continue;
                }
                let line = record::line(
                    change,
                    entity.as_deref(),
                    tail.decoder,
                    &tail.table.key,
                    tail.format,
                );
                ignore_closed_pipe(writeln!(out, "{}", escape_json_for_terminal(line)))?;
                read_any = true;
                printed += 1;
                if tail.args.max_records.is_some_and(|max| printed >= max) {
                    return ignore_closed_pipe(out.flush());
                }
            }
            state.iterator = page.next_iterator;
            state.done = state.iterator.is_none();
        }
        ignore_closed_pipe(out.flush())?;
        let pause = if read_any { STREAM_ROUND } else { STREAM_IDLE };
        tokio::time::sleep(pause.saturating_sub(started.elapsed())).await;
    }
}

/// Starts an iterator on every shard not seen before. On the first look `--since` decides
/// (LATEST skips closed shards: nothing new can arrive there); a shard found later opened after
/// the tail started, so all of it is read.
async fn track_new_shards(
    backend: &dyn Backend,
    stream_arn: &str,
    listed: Vec<Shard>,
    shards: &mut BTreeMap<String, ShardState>,
    first: bool,
    since: Since,
) -> Result<(), CliError> {
    for shard in listed {
        if shards.contains_key(&shard.id) {
            continue;
        }
        let start = match (first, since) {
            (true, Since::Latest) if shard.closed => None,
            (true, Since::Latest) => Some(IteratorStart::Latest),
            _ => Some(IteratorStart::TrimHorizon),
        };
        let from_latest = matches!(start, Some(IteratorStart::Latest));
        let iterator = match start {
            Some(start) => {
                let request = ShardIteratorRequest {
                    stream_arn: stream_arn.to_owned(),
                    shard_id: shard.id.clone(),
                    start,
                };
                Some(patiently(|| backend.shard_iterator(request.clone())).await?)
            }
            None => None,
        };
        shards.insert(
            shard.id,
            ShardState {
                parent: shard.parent,
                not_before: None,
                from_latest,
                done: iterator.is_none(),
                iterator,
                last_sequence: None,
            },
        );
    }
    Ok(())
}

/// A child shard is read once its parent is read to its end (or was never seen: trimmed).
fn parent_done(shards: &BTreeMap<String, ShardState>, parent: Option<&str>) -> bool {
    parent
        .and_then(|parent| shards.get(parent))
        .is_none_or(|state| state.done)
}

/// An expired iterator (15 minutes unused) is renewed just after the last record read. An
/// iterator behind the shard's trim horizon (records older than 24 hours are trimmed; DynamoDB
/// Local has also answered so for a fresh LATEST iterator) is renewed at the oldest record kept;
/// when nothing was read from the shard yet, records created more than a minute before the tail
/// `began` (Unix seconds) are then skipped, so a LATEST tail loses nothing written since it began
/// and shows at most a minute from before. Any other error ends the tail with the service's words.
async fn resume(
    backend: &dyn Backend,
    stream_arn: &str,
    shard_id: &str,
    state: &mut ShardState,
    error: &BackendError,
    began: i64,
) -> Result<(), CliError> {
    let code = match error {
        BackendError::Service { code, .. } => code.as_str(),
        _ => "",
    };
    let (start, why) = match code {
        "ExpiredIteratorException" => (
            state
                .last_sequence
                .clone()
                .map_or(IteratorStart::Latest, IteratorStart::After),
            "expired",
        ),
        "TrimmedDataAccessException" => {
            if state.from_latest && state.last_sequence.is_none() && state.not_before.is_none() {
                // Creation times are approximate and may be rounded down to the minute, so the
                // cut leaves a minute's slack rather than drop records written since the start.
                state.not_before = Some(began.saturating_sub(CREATION_TIME_SLACK_SECONDS));
            }
            (
                IteratorStart::TrimHorizon,
                "points behind the oldest record kept",
            )
        }
        _ => return Err(CliError::Failed(error.to_string())),
    };
    note(&format!(
        "ddbx: the iterator of shard {shard_id} {why}; resuming"
    ));
    let request = ShardIteratorRequest {
        stream_arn: stream_arn.to_owned(),
        shard_id: shard_id.to_owned(),
        start,
    };
    state.iterator = Some(patiently(|| backend.shard_iterator(request.clone())).await?);
    Ok(())
}

/// Runs `read` until it answers, waiting the stream's doubling backoff through failures that may
/// pass (a dropped connection, a throttle) and saying so on stderr; any other error is returned.
/// Nothing already printed is lost, and a shard's place is kept, so the tail goes on where it
/// was once the connection is back.
async fn patiently<T, F, Fut>(mut read: F) -> Result<T, BackendError>
where
    F: FnMut() -> Fut,
    Fut: std::future::Future<Output = Result<T, BackendError>>,
{
    let mut failures = 0_u32;
    loop {
        match read().await {
            Ok(answer) => {
                if failures > 0 {
                    note(&format!(
                        "ddbx: reconnected after {failures} failed read(s); following again"
                    ));
                }
                return Ok(answer);
            }
            Err(error) if error.is_retryable() => {
                failures += 1;
                let wait = STREAM_FOLLOWING.wait(failures);
                note(&format!(
                    "ddbx: a stream read failed ({error}); retrying in {} s (attempt {failures})",
                    wait.as_secs()
                ));
                tokio::time::sleep(wait).await;
            }
            Err(error) => return Err(error),
        }
    }
}
