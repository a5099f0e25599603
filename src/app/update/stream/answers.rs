//! The answers of the stream view's reads: shards listed, iterators taken, records read, the
//! table described again. A read that failed for a reason that may pass (a dropped connection,
//! a throttle) is retried with a doubling wait, saying so on screen; an expired iterator is
//! taken again just after the last record read, one behind the trim horizon from the oldest
//! record kept; any other failure stops following with the service's words, keeping every
//! record already shown, until `R` picks up the table's current stream.

use crate::app::command::Command;
use crate::app::read::{Read, ReadAnswer, ReadFor};
use crate::app::request_id::RequestId;
use crate::app::state::stream::StreamEntry;
use crate::app::state::stream::follow::{Asked, Follow, Retrying};
use crate::app::state::{Notice, State};
use crate::backend::{BackendError, IteratorStart, RecordsPage, ShardIteratorRequest};
use crate::domain::backoff::{STREAM_IDLE, STREAM_ROUND};
use crate::domain::change_filter::entity_of;
use crate::domain::schema::TableDescription;
use crate::domain::stream_start::{StreamStart, created_before};

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
    let mut commands = match result {
        // A view that could not check its stream as it opened follows the one it was given.
        Err(error) if error.is_retryable() && (asked != Asked::Table || unread(state)) => {
            retry_later(state, asked, &error);
            Vec::new()
        }
        Err(error) => failed(state, asked, &error),
        Ok(answer) => {
            reconnected(state);
            answer_landed(state, asked, answer)
        }
    };
    let now = state.clock.uptime;
    if let Some(view) = &mut state.stream
        && view.follow.asked.is_empty()
    {
        let pause = if view.follow.round_read {
            STREAM_ROUND
        } else {
            STREAM_IDLE
        };
        view.follow.next_round_at = view.follow.next_round_at.max(now + pause);
        view.follow.round_read = false;
        commands.extend(poll(state));
    }
    commands
}

fn unread(state: &State) -> bool {
    state
        .stream
        .as_ref()
        .is_some_and(|view| view.follow.is_unread())
}

fn answer_landed(state: &mut State, asked: Asked, answer: ReadAnswer) -> Vec<Command> {
    let result = Ok(answer);
    match asked {
        Asked::Describe => described(state, result.and_then(ReadAnswer::into_shards)),
        Asked::Table => match result.and_then(ReadAnswer::into_description) {
            Ok(table) => table_described(state, &table),
            Err(error) => {
                stop(state, &error);
                Vec::new()
            }
        },
        Asked::Iterator { shard, .. } => {
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
        Asked::Records { shard } => {
            match result.and_then(ReadAnswer::into_records) {
                Ok(page) => records(state, &shard, page),
                Err(error) => stop(state, &error),
            }
            Vec::new()
        }
    }
}

/// A failure that will not pass by waiting.
fn failed(state: &mut State, asked: Asked, error: &BackendError) -> Vec<Command> {
    match asked {
        Asked::Records { shard } => resume(state, shard, error),
        Asked::Describe | Asked::Table | Asked::Iterator { .. } => {
            stop(state, error);
            Vec::new()
        }
    }
}

/// Waits before the next round; a failed iterator request is made again then. Records read
/// stay, and a shard's iterator is still good after a failed GetRecords.
fn retry_later(state: &mut State, asked: Asked, error: &BackendError) {
    let now = state.clock.uptime;
    let Some(view) = &mut state.stream else {
        return;
    };
    let follow = &mut view.follow;
    if let Asked::Iterator { shard, start } = asked
        && let Some(followed) = follow.shards.get_mut(&shard)
    {
        followed.wanted = Some(start);
    }
    let attempt = follow
        .retrying
        .as_ref()
        .map_or(1, |retry| retry.attempt + 1);
    let retry = Retrying::after(attempt, now, error.to_string());
    let wait = retry.at.saturating_sub(now).as_secs();
    follow.retrying = Some(retry);
    state.notice = Some(Notice::Error(format!(
        "the stream view lost its connection ({error}); retrying in {wait} s (attempt {attempt}), \
         records received are kept"
    )));
}

/// A read answered after failures: following goes on.
fn reconnected(state: &mut State) {
    let Some(view) = &mut state.stream else {
        return;
    };
    if let Some(retry) = view.follow.retrying.take() {
        state.notice = Some(Notice::Info(format!(
            "the stream view reconnected after {} failed read(s); following again",
            retry.attempt
        )));
    }
}

/// The table described again after `R`, or as the view opens: the same stream goes on where it
/// stopped; a new one (the table was recreated, or its stream turned off and on) is followed
/// from its oldest record, so nothing written since the old one stopped is missed — or, before
/// anything was read, from where the view was opened to start.
fn table_described(state: &mut State, table: &TableDescription) -> Vec<Command> {
    let arn = table
        .stream
        .as_ref()
        .filter(|stream| stream.enabled)
        .and_then(|stream| stream.latest_arn.clone());
    let Some(view) = &mut state.stream else {
        return Vec::new();
    };
    let Some(arn) = arn else {
        let why = format!("table {} has no stream enabled now", table.name);
        view.stopped = Some(why.clone());
        state.notice = Some(Notice::Error(why));
        return Vec::new();
    };
    view.stopped = None;
    let unread = view.follow.is_unread();
    if arn == view.follow.arn {
        view.follow.described_at = None;
        if !unread {
            state.notice = Some(Notice::Info(
                "following the stream again from where it stopped".to_owned(),
            ));
        }
    } else {
        let since = if unread {
            view.follow.since
        } else {
            StreamStart::TrimHorizon
        };
        view.follow = Follow::new(arn, since);
        state.notice = Some(Notice::Info(format!(
            "the table's stream changed: following the new one from its oldest record \
             (records received before are kept) · {}",
            table.name
        )));
    }
    Vec::new()
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
    let first = view.follow.described_at.is_none() && view.follow.shards.is_empty();
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
                start: start.clone(),
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

/// Records read from `shard`, decoded once as they arrive; a start at a time skips those
/// created before it.
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
    view.buffer.use_key(&key);
    let not_before = view.follow.since.not_before();
    for record in records {
        if created_before(not_before, record.created_at) {
            view.follow.skipped += 1;
            continue;
        }
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
    let message = format!(
        "the stream view stopped following: {error} (R describes the table again and follows \
         its current stream)"
    );
    if let Some(view) = &mut state.stream {
        view.stopped = Some(error.to_string());
        view.follow.retrying = None;
    }
    state.notice = Some(Notice::Error(message));
}
