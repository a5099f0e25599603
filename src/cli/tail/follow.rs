//! Following every shard of a table's stream, round by round: children after their parents, new
//! shards found by describing the stream again, expired and trimmed iterators renewed where they
//! were. Polling stays within Streams' limits: one GetRecords per shard per round, and
//! DescribeStream every [`STREAM_DESCRIBE_EVERY`]; the caller paces the rounds.

use std::collections::BTreeMap;
use std::time::Instant;

use crate::backend::{
    Backend, BackendError, ChangeRecord, IteratorStart, Shard, ShardIteratorRequest,
};
use crate::cli::args::Since;
use crate::cli::error::CliError;
use crate::cli::note::note;
use crate::domain::backoff::{STREAM_DESCRIBE_EVERY, STREAM_FOLLOWING};
use crate::domain::civil::UtcInstant;
use crate::domain::schema::{NoStream, TableDescription};
use crate::domain::stream_start::{BEFORE_RETENTION_NOTE, StreamStart, created_before};

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
    /// Records created before this (Unix seconds) are skipped: the time a start at a time names,
    /// or, when a LATEST iterator had to be taken again from the trim horizon, about when the tail
    /// began, so records from before it stay out.
    not_before: Option<i64>,
    /// The iterator was first taken at LATEST.
    from_latest: bool,
    done: bool,
}

/// One round's records, oldest first within each shard.
pub struct Round {
    pub records: Vec<ChangeRecord>,
    /// Records read but left out for being created before the start's time.
    pub skipped: u64,
    /// Every shard is closed and read to its end: nothing more will come.
    pub ended: bool,
}

/// A stream being followed.
pub struct StreamFollower<'a> {
    backend: &'a dyn Backend,
    stream_arn: String,
    start: StreamStart,
    shards: BTreeMap<String, ShardState>,
    described_at: Option<Instant>,
    /// When the follower started.
    began: UtcInstant,
}

/// The wall clock now.
fn now() -> UtcInstant {
    let since_epoch = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap_or_default();
    UtcInstant {
        seconds: i64::try_from(since_epoch.as_secs()).unwrap_or(i64::MAX),
        nanos: since_epoch.subsec_nanos(),
    }
}

/// `since` as of now: a usage error (nothing sent) for a time in the future.
pub fn start_of(since: Since) -> Result<StreamStart, CliError> {
    start_at(since, now())
}

fn start_at(since: Since, now: UtcInstant) -> Result<StreamStart, CliError> {
    since
        .resolve(now)
        .map_err(|why| CliError::usage(format!("--since: {why}")))
}

impl<'a> StreamFollower<'a> {
    /// Follows `table`'s stream from `since`; a usage error when the table has none.
    pub fn new(
        backend: &'a dyn Backend,
        table: &TableDescription,
        since: Since,
    ) -> Result<Self, CliError> {
        let stream_arn = match table.followable_stream() {
            Ok(arn) => arn.to_owned(),
            Err(NoStream::Disabled) => {
                return Err(CliError::usage(format!(
                    "table {} has no stream: enable one (e.g. aws dynamodb update-table \
                     --table-name {} --stream-specification \
                     StreamEnabled=true,StreamViewType=NEW_AND_OLD_IMAGES)",
                    table.name, table.name
                )));
            }
            Err(not_served) => return Err(CliError::usage(not_served.explain(&table.name))),
        };
        let began = now();
        let start = start_at(since, began)?;
        Ok(Self {
            backend,
            stream_arn,
            start,
            shards: BTreeMap::new(),
            described_at: None,
            began,
        })
    }

    /// Where reading started, its time settled.
    #[must_use]
    pub const fn start(&self) -> StreamStart {
        self.start
    }

    /// Describes the stream and takes an iterator on each shard; returns how many shards.
    pub async fn open(&mut self) -> Result<usize, CliError> {
        if self.start.before_retention(self.began) {
            note(&format!("ddbx: {BEFORE_RETENTION_NOTE}"));
        }
        self.describe(true).await?;
        Ok(self.shards.len())
    }

    async fn describe(&mut self, first: bool) -> Result<(), CliError> {
        let listed = patiently(|| self.backend.describe_stream(&self.stream_arn)).await?;
        self.track_new_shards(listed, first).await?;
        self.described_at = Some(Instant::now());
        Ok(())
    }

    /// Describes the stream again when due, then reads one page from every shard whose parent
    /// is read. Opens the stream first if [`Self::open`] was not called.
    pub async fn round(&mut self) -> Result<Round, CliError> {
        match self.described_at {
            None => self.describe(true).await?,
            Some(at) if at.elapsed() >= STREAM_DESCRIBE_EVERY => {
                self.describe(false).await?;
                if self.shards.values().all(|shard| shard.done) {
                    return Ok(Round {
                        records: Vec::new(),
                        skipped: 0,
                        ended: true,
                    });
                }
            }
            Some(_) => {}
        }
        let ready: Vec<String> = self
            .shards
            .iter()
            .filter(|(_, state)| !state.done && parent_done(&self.shards, state.parent.as_deref()))
            .map(|(id, _)| id.clone())
            .collect();
        let mut records = Vec::new();
        let mut skipped = 0;
        for id in ready {
            skipped += self.read_shard(&id, &mut records).await?;
        }
        Ok(Round {
            records,
            skipped,
            ended: false,
        })
    }

    /// One GetRecords on shard `id`, its records (those after the tail's start) added to `out`;
    /// returns how many records were left out for being older than the start.
    async fn read_shard(&mut self, id: &str, out: &mut Vec<ChangeRecord>) -> Result<u64, CliError> {
        let (backend, stream_arn) = (self.backend, self.stream_arn.clone());
        let began = self.began.seconds;
        let Some(state) = self.shards.get_mut(id) else {
            return Ok(0);
        };
        let Some(iterator) = state.iterator.clone() else {
            state.done = true;
            return Ok(0);
        };
        let page = match patiently(|| backend.get_records(iterator.clone())).await {
            Ok(page) => page,
            Err(error) => {
                resume(backend, &stream_arn, id, state, &error, began).await?;
                return Ok(0);
            }
        };
        let mut skipped = 0;
        for change in page.records {
            state.last_sequence = Some(change.sequence.clone());
            if created_before(state.not_before, change.created_at) {
                skipped += 1;
            } else {
                out.push(change);
            }
        }
        state.iterator = page.next_iterator;
        state.done = state.iterator.is_none();
        Ok(skipped)
    }

    /// Starts an iterator on every shard not seen before. On the first look the start decides
    /// (LATEST skips closed shards: nothing new can arrive there; a time reads every shard from
    /// its trim horizon, skipping what came before it); a shard found later opened after the
    /// follower started, so all of it is read.
    async fn track_new_shards(&mut self, listed: Vec<Shard>, first: bool) -> Result<(), CliError> {
        for shard in listed {
            if self.shards.contains_key(&shard.id) {
                continue;
            }
            let start = match (first, self.start) {
                (true, StreamStart::Latest) if shard.closed => None,
                (true, StreamStart::Latest) => Some(IteratorStart::Latest),
                _ => Some(IteratorStart::TrimHorizon),
            };
            let from_latest = matches!(start, Some(IteratorStart::Latest));
            let iterator = match start {
                Some(start) => {
                    let request = ShardIteratorRequest {
                        stream_arn: self.stream_arn.clone(),
                        shard_id: shard.id.clone(),
                        start,
                    };
                    Some(patiently(|| self.backend.shard_iterator(request.clone())).await?)
                }
                None => None,
            };
            self.shards.insert(
                shard.id,
                ShardState {
                    parent: shard.parent,
                    not_before: self.start.not_before(),
                    from_latest,
                    done: iterator.is_none(),
                    iterator,
                    last_sequence: None,
                },
            );
        }
        Ok(())
    }
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
/// Nothing already read is lost, and a shard's place is kept, so following goes on where it was
/// once the connection is back.
pub async fn patiently<T, F, Fut>(mut read: F) -> Result<T, BackendError>
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
