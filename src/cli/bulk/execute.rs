//! Executing a run: groups of writes through [`crate::write::batch`], within the rate limit,
//! with throttled writes retried after a growing pause, progress on a terminal's stderr, and
//! the tallies the summary reports.

use std::io::{IsTerminal, Write as _};
use std::time::{Duration, Instant};

use serde_json::{Value, json};

use crate::backend::BackendError;
use crate::cli::error::CliError;
use crate::domain::edit::typed_json;
use crate::domain::escape::escape_for_terminal;
use crate::write::batch::{BatchItem, BatchTarget, ItemOutcome, execute_group};
use crate::write::run_plan::PlannedItem;

/// Writes per journal group: one `fsync` for the intents, one for the outcomes.
const GROUP: usize = 128;
/// How often one write is tried again after the table throttled it.
const MAX_THROTTLED_ATTEMPTS: u32 = 8;
const FIRST_BACKOFF: Duration = Duration::from_millis(100);
const MAX_BACKOFF: Duration = Duration::from_secs(10);

/// What the run did.
#[derive(Debug, Default)]
pub struct Tally {
    pub written: u64,
    /// Keys (typed JSON) of items that changed since they were read: skipped.
    pub conflicts: Vec<Value>,
    /// Keys and errors of writes that failed.
    pub failures: Vec<Value>,
    /// Writes whose fate is unknown (no answer): pending in the journal until a resume.
    pub unknown: u64,
    pub throttled_retries: u64,
    pub journal_warnings: Vec<String>,
}

/// Sends `writes` as run `target.batch`, at most `rate` a second.
pub async fn execute_writes(
    target: &BatchTarget<'_>,
    writes: Vec<PlannedItem>,
    rate: Option<u32>,
) -> Result<Tally, CliError> {
    let total = writes.len();
    let progress = Progress::new(total);
    let mut tally = Tally::default();
    let mut queue: Vec<(BatchItem, u32)> = writes.into_iter().map(|w| (w.write, 0)).collect();
    queue.reverse();
    let started = Instant::now();
    let mut sent = 0_u64;
    let mut backoff = FIRST_BACKOFF;
    while !queue.is_empty() {
        let take = GROUP.min(queue.len());
        let group: Vec<(BatchItem, u32)> = queue
            .split_off(queue.len() - take)
            .into_iter()
            .rev()
            .collect();
        if let Some(rate) = rate {
            pace(started, sent, rate).await;
        }
        let items: Vec<BatchItem> = group.iter().map(|(item, _)| item.clone()).collect();
        let result = execute_group(target, &items).await?;
        sent += items.len() as u64;
        if let Some(error) = result.journal_error {
            tally.journal_warnings.push(format!(
                "the outcomes of {} writes could not be journaled: {error}; they read back as unconfirmed, and a resume or an undo settles them by reading the items",
                items.len()
            ));
        }
        let mut throttled = Vec::new();
        for ((item, attempts), outcome) in group.into_iter().zip(result.outcomes) {
            match outcome {
                ItemOutcome::Written { .. } => tally.written += 1,
                ItemOutcome::Conflict { .. } => tally.conflicts.push(typed_json(&item.key)),
                ItemOutcome::Refused(BackendError::Throttled { .. })
                    if attempts + 1 < MAX_THROTTLED_ATTEMPTS =>
                {
                    throttled.push((item, attempts + 1));
                }
                ItemOutcome::Refused(error) => tally.failures.push(failure(&item, &error)),
                ItemOutcome::Unknown(error) => {
                    tally.unknown += 1;
                    tally.failures.push(failure(&item, &error));
                }
            }
        }
        if throttled.is_empty() {
            backoff = FIRST_BACKOFF;
        } else {
            tally.throttled_retries += throttled.len() as u64;
            tokio::time::sleep(backoff).await;
            backoff = (backoff * 2).min(MAX_BACKOFF);
            queue.extend(throttled.into_iter().rev());
        }
        progress.show(&tally, queue.len(), started);
    }
    progress.done();
    Ok(tally)
}

fn failure(item: &BatchItem, error: &BackendError) -> Value {
    json!({"key": typed_json(&item.key), "error": error.to_string()})
}

/// Waits until sending more keeps the average at or under `rate` writes a second.
async fn pace(started: Instant, sent: u64, rate: u32) {
    let due = Duration::from_secs_f64(sent as f64 / f64::from(rate));
    if let Some(wait) = due.checked_sub(started.elapsed()) {
        tokio::time::sleep(wait).await;
    }
}

/// A one-line progress display on stderr, only when stderr is a terminal.
struct Progress {
    total: usize,
    on_terminal: bool,
}

impl Progress {
    fn new(total: usize) -> Self {
        Self {
            total,
            on_terminal: std::io::stderr().is_terminal(),
        }
    }

    fn show(&self, tally: &Tally, left: usize, started: Instant) {
        if !self.on_terminal {
            return;
        }
        let done = self.total - left;
        let seconds = started.elapsed().as_secs_f64().max(0.001);
        let per_second = done as f64 / seconds;
        let eta = if per_second > 0.0 {
            format!("{:.0}s", left as f64 / per_second)
        } else {
            "?".to_owned()
        };
        let line = format!(
            "{done}/{} · written {} · conflicted {} · failed {} · {per_second:.0} items/s · ETA {eta}",
            self.total,
            tally.written,
            tally.conflicts.len(),
            tally.failures.len()
        );
        let mut err = std::io::stderr().lock();
        let _ = write!(err, "\r\x1b[2K{}", escape_for_terminal(&line));
        let _ = err.flush();
    }

    fn done(&self) {
        if self.on_terminal {
            let mut err = std::io::stderr().lock();
            let _ = writeln!(err);
        }
    }
}
