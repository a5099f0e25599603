//! `ddbx tail`: follows every shard of the table's stream, one record per line until
//! interrupted or `--max-records`, rounds at least [`STREAM_ROUND`] apart.

pub mod follow;
mod record;
mod skipped;

use std::io::Write;
use std::time::Instant;

use super::args::{OutputFormat, TailArgs};
use super::error::{CliError, ignore_closed_pipe};
use super::note::note;
use super::output::escape::escape_json_for_terminal;
use crate::backend::Backend;
use crate::domain::backoff::{STREAM_IDLE, STREAM_ROUND};
use crate::domain::change_filter::{ChangeFilter, entity_of};
use crate::domain::entity::EntityDecoder;
use crate::domain::schema::TableDescription;
use crate::domain::stream_start::StreamStart;

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
    let mut follower = follow::StreamFollower::new(backend, tail.table, tail.args.since)?;
    let filter = ChangeFilter {
        pk: tail.args.pk.clone(),
        prefix: tail.args.prefix.clone(),
        entity: tail.args.entity.clone(),
        events: tail.args.event.iter().map(|event| event.kind()).collect(),
    };
    let shards = follower.open().await?;
    note(&format!(
        "ddbx: following {shards} shard(s) of the stream of {} from {}",
        tail.table.name,
        start_text(follower.start())
    ));
    let mut printed = 0_u64;
    let mut skipped = skipped::Skipped::new(follower.start());
    loop {
        let started = Instant::now();
        let round = follower.round().await?;
        if round.ended {
            skipped.say();
            note("ddbx: every shard of the stream is closed and read (was the stream disabled?)");
            return Ok(());
        }
        let read_any = !round.records.is_empty();
        skipped.round(round.skipped);
        for change in &round.records {
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
            printed += 1;
            if tail.args.max_records.is_some_and(|max| printed >= max) {
                skipped.say();
                return ignore_closed_pipe(out.flush());
            }
        }
        ignore_closed_pipe(out.flush())?;
        let pause = if read_any { STREAM_ROUND } else { STREAM_IDLE };
        tokio::time::sleep(pause.saturating_sub(started.elapsed())).await;
    }
}

/// Where the tail started, as its first line on stderr says it.
fn start_text(start: StreamStart) -> String {
    match start {
        StreamStart::Latest => "LATEST".to_owned(),
        StreamStart::TrimHorizon => "TRIM_HORIZON".to_owned(),
        StreamStart::At(at) => {
            format!("{at} (each shard from TRIM_HORIZON, older records skipped)")
        }
    }
}
