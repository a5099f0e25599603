//! The answers of the stream view's reads: shards listed, iterators taken, records read. An
//! expired iterator is taken again just after the last record read, one behind the trim horizon
//! from the oldest record kept; any other failure stops following with the service's words,
//! keeping every record already shown.

use crate::app::command::Command;
use crate::app::read::{Read, ReadAnswer, ReadFor};
use crate::app::request_id::RequestId;
use crate::app::state::stream::StreamEntry;
use crate::app::state::stream::follow::{Asked, IDLE, ROUND};
use crate::app::state::{Notice, State};
use crate::backend::{BackendError, IteratorStart, RecordsPage, ShardIteratorRequest};
use crate::domain::change_filter::entity_of;

use super::poll;

pub(in crate::app::update) fn answered(
    state: &mut State,
    id: RequestId,
    result: Result<ReadAnswer, BackendError>,
) -> Vec<Command> {
    let Some(asked) = state
        .stream
        .as_mut()
        .and_then(|view| view.follow.asked.remove(&id))
    else {
        return Vec::new();
    };
    let mut commands = match asked {
        Asked::Describe => described(state, result.and_then(ReadAnswer::into_shards)),
        Asked::Iterator { shard } => {
            match result.and_then(ReadAnswer::into_iterator) {
                Ok(iterator) => {
                    if let Some(followed) = state
                        .stream
                        .as_mut()
                        .and_then(|view| view.follow.shards.get_mut(&shard))
                    {
                        followed.iterator = Some(iterator);
                    }
                }
                Err(error) => stop(state, &error),
            }
            Vec::new()
        }
        Asked::Records { shard } => match result.and_then(ReadAnswer::into_records) {
            Ok(page) => {
                records(state, &shard, page);
                Vec::new()
            }
            Err(error) => resume(state, shard, &error),
        },
    };
    let now = state.clock.uptime;
    if let Some(view) = &mut state.stream
        && view.follow.asked.is_empty()
    {
        let pause = if view.follow.round_read { ROUND } else { IDLE };
        view.follow.next_round_at = view.follow.next_round_at.max(now + pause);
        view.follow.round_read = false;
        commands.extend(poll(state));
    }
    commands
}

fn described(
    state: &mut State,
    result: Result<Vec<crate::backend::Shard>, BackendError>,
) -> Vec<Command> {
    let now = state.clock.uptime;
    let shards = match result {
        Ok(shards) => shards,
        Err(error) => {
            stop(state, &error);
            return Vec::new();
        }
    };
    let Some(view) = &mut state.stream else {
        return Vec::new();
    };
    let first = view.follow.described_at.is_none();
    view.follow.described_at = Some(now);
    let wanted = view.follow.shards_listed(shards);
    if !first && view.follow.all_done() {
        view.stopped =
            Some("every shard of the stream is closed and read (was the stream disabled?)".into());
        return Vec::new();
    }
    let arn = view.follow.arn.clone();
    wanted
        .into_iter()
        .map(|(shard, start)| ask_iterator(state, &arn, shard, start))
        .collect()
}

fn ask_iterator(state: &mut State, arn: &str, shard: String, start: IteratorStart) -> Command {
    let id = state.ids.issue();
    if let Some(view) = &mut state.stream {
        view.follow.asked.insert(
            id,
            Asked::Iterator {
                shard: shard.clone(),
            },
        );
    }
    Command::read(
        id,
        ReadFor::Stream,
        Read::ShardIterator(ShardIteratorRequest {
            stream_arn: arn.to_owned(),
            shard_id: shard,
            start,
        }),
    )
}

/// Records read from `shard`, decoded once as they arrive.
fn records(state: &mut State, shard: &str, page: RecordsPage) {
    let Some(key) = state.described().map(|table| table.key.clone()) else {
        return;
    };
    let decoder = &state.entities;
    let Some(view) = &mut state.stream else {
        return;
    };
    let RecordsPage {
        records,
        next_iterator,
    } = page;
    if let Some(followed) = view.follow.shards.get_mut(shard) {
        if let Some(last) = records.last() {
            followed.last_sequence = Some(last.sequence.clone());
        }
        followed.done = next_iterator.is_none();
        followed.iterator = next_iterator;
    }
    view.follow.round_read |= !records.is_empty();
    for record in records {
        let entity = entity_of(&record, decoder, &key);
        view.buffer.push(StreamEntry { record, entity });
    }
}

/// A failed GetRecords: a new iterator when the old one expired or fell behind the trim
/// horizon, else following stops.
fn resume(state: &mut State, shard: String, error: &BackendError) -> Vec<Command> {
    let code = match error {
        BackendError::Service { code, .. } => code.as_str(),
        _ => "",
    };
    let Some(view) = &state.stream else {
        return Vec::new();
    };
    let last = view
        .follow
        .shards
        .get(&shard)
        .and_then(|followed| followed.last_sequence.clone());
    let start = match code {
        "ExpiredIteratorException" => last.map_or(IteratorStart::Latest, IteratorStart::After),
        "TrimmedDataAccessException" => IteratorStart::TrimHorizon,
        _ => {
            stop(state, error);
            return Vec::new();
        }
    };
    let arn = view.follow.arn.clone();
    vec![ask_iterator(state, &arn, shard, start)]
}

fn stop(state: &mut State, error: &BackendError) {
    let message = format!("the stream view stopped following: {error}");
    if let Some(view) = &mut state.stream {
        view.stopped = Some(error.to_string());
    }
    state.notice = Some(Notice::Error(message));
}
