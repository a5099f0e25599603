//! The stream view: opening it follows the table's stream from LATEST; every clock tick makes
//! the next polling round when one is due (see [`follow`](crate::app::state::stream::follow) for
//! the pacing). Answers land here; `p` pauses (no reads while paused), `f` filters, `Enter`
//! opens a record as its diff, `R` follows the table's current stream again after a stop, `T`
//! reads it again from its oldest record, `s` starts it again where the user says (see [`start`]).

mod answers;
mod start;

use crate::app::action::Action;
use crate::app::command::Command;
use crate::app::read::{Read, ReadFor};
use crate::app::state::stream::buffer::DEFAULT_CAPACITY;
use crate::app::state::stream::follow::Asked;
use crate::app::state::stream::{StreamView, filter_text, rows};
use crate::app::state::text_field::TextField;
use crate::app::state::{Notice, Overlay, Prompt, PromptKind, State, View};
use crate::backend::{IteratorStart, ShardIteratorRequest};
use crate::domain::backoff::{STREAM_DESCRIBE_EVERY, STREAM_IDLE};
use crate::domain::stream_start::StreamStart;

pub(super) use answers::answered;

/// Opens the view, starting to follow the stream unless it already does.
pub(super) fn show(state: &mut State) -> Vec<Command> {
    let Some(table) = state.described() else {
        state.notice = Some(Notice::Info(
            "the table is not described yet; try again in a moment".to_owned(),
        ));
        return Vec::new();
    };
    let arn = table.followable_stream().map(str::to_owned);
    let name = table.name.clone();
    if state.stream.is_none() {
        let arn = match arn {
            Ok(arn) => arn,
            Err(no_stream) => {
                state.notice = Some(Notice::Error(no_stream.explain(&name)));
                return Vec::new();
            }
        };
        state.stream = Some(StreamView::new(arn, StreamStart::Latest, DEFAULT_CAPACITY));
        state.notice = Some(Notice::Info(format!(
            "following the stream of {name}: changes from now on (p pauses, f filters)"
        )));
        if !matches!(state.views.current(), View::Stream { .. }) {
            state.views.open(View::Stream { cursor: 0 });
        }
        // The description may be one remembered from before (the table picker's, when the
        // table was opened with `T`): the table may have been recreated with a new stream since.
        return describe_table(state);
    }
    if !matches!(state.views.current(), View::Stream { .. }) {
        state.views.open(View::Stream { cursor: 0 });
    }
    if state
        .stream
        .as_ref()
        .is_some_and(|view| view.stopped.is_some())
    {
        return restart(state);
    }
    poll(state)
}

/// Makes the next round of reads when one is due: DescribeStream every so often, else one
/// GetRecords per shard ready to read (and the iterators a failed round still needs). Nothing
/// while paused, stopped, waiting to retry, or while a round is out.
pub(super) fn poll(state: &mut State) -> Vec<Command> {
    let now = state.clock.uptime;
    let Some(view) = &mut state.stream else {
        return Vec::new();
    };
    if !view.is_following() || !view.follow.asked.is_empty() {
        return Vec::new();
    }
    let follow = &mut view.follow;
    if follow.retrying.as_ref().is_some_and(|retry| now < retry.at) {
        return Vec::new();
    }
    let mut reads = Vec::new();
    let wanted: Vec<(String, IteratorStart)> = follow
        .shards
        .iter_mut()
        .filter_map(|(id, shard)| Some((id.clone(), shard.wanted.take()?)))
        .collect();
    for (shard, start) in wanted {
        let request = ShardIteratorRequest {
            stream_arn: follow.arn.clone(),
            shard_id: shard.clone(),
            start: start.clone(),
        };
        reads.push((
            Asked::Iterator { shard, start },
            Read::ShardIterator(request),
        ));
    }
    if !reads.is_empty() {
        // The iterators first: their shards are read in the round after.
    } else if follow
        .described_at
        .is_none_or(|at| now.saturating_sub(at) >= STREAM_DESCRIBE_EVERY)
    {
        reads.push((
            Asked::Describe,
            Read::DescribeStream {
                stream_arn: follow.arn.clone(),
            },
        ));
    } else if now >= follow.next_round_at {
        for shard in follow.ready() {
            let Some(iterator) = follow.shards.get(&shard).and_then(|s| s.iterator.clone()) else {
                continue;
            };
            reads.push((Asked::Records { shard }, Read::Records { iterator }));
        }
        if reads.is_empty() {
            follow.next_round_at = now + STREAM_IDLE;
        }
    }
    reads
        .into_iter()
        .map(|(asked, read)| {
            let id = state.ids.issue();
            follow.asked.insert(id, asked);
            Command::read(id, ReadFor::Stream, read)
        })
        .collect()
}

/// `R` on the stream view (or opening it once it stopped): describes the table again and
/// follows its current stream, keeping every record received.
pub(in crate::app::update) fn restart(state: &mut State) -> Vec<Command> {
    let commands = describe_table(state);
    if !commands.is_empty() {
        state.notice = Some(Notice::Info(format!(
            "describing {} again to follow its current stream…",
            state.table.name
        )));
    }
    commands
}

/// Asks for the table's description, to follow its current stream.
fn describe_table(state: &mut State) -> Vec<Command> {
    let table = state.table.name.clone();
    let id = state.ids.issue();
    let Some(view) = &mut state.stream else {
        return Vec::new();
    };
    view.follow.asked.clear();
    view.follow.retrying = None;
    view.follow.asked.insert(id, Asked::Table);
    vec![Command::read(id, ReadFor::Stream, Read::Describe { table })]
}

/// The start typed in the prompt: following starts again there (see [`start`]).
pub(in crate::app::update) fn start_typed(state: &mut State, text: &str) -> Vec<Command> {
    match start::typed(state, text) {
        Some(start) => start_at(state, start),
        None => Vec::new(),
    }
}

/// Follows the same stream again from `start`, the records held let go.
fn start_at(state: &mut State, start: StreamStart) -> Vec<Command> {
    start::start_from(state, start);
    poll(state)
}

/// The typed filter, applied to what the view holds and to every record that arrives.
pub(in crate::app::update) fn filter_typed(state: &mut State, text: &str) {
    match filter_text::parse(text) {
        Ok(filter) => {
            let key = state.described().map(|table| table.key.clone());
            if let (Some(view), Some(key)) = (&mut state.stream, key) {
                view.buffer.set_filter(filter, &key);
            }
            if let View::Stream { cursor } = state.views.current_mut() {
                *cursor = 0;
            }
        }
        Err(message) => state.notice = Some(Notice::Error(message)),
    }
}

/// The view's own actions; `None` hands the action to the common view actions.
pub(super) fn action(state: &mut State, action: &Action) -> Option<Vec<Command>> {
    Some(match action {
        Action::TogglePauseScan => {
            let Some(view) = &mut state.stream else {
                return Some(Vec::new());
            };
            view.paused = !view.paused;
            state.notice = Some(Notice::Info(if view.paused {
                "stream paused: no reads until p is pressed again".to_owned()
            } else {
                "stream resumed".to_owned()
            }));
            poll(state)
        }
        Action::Refresh => restart(state),
        Action::StreamFromOldest => start_at(state, StreamStart::TrimHorizon),
        Action::StreamStartFrom => {
            state.overlay = Some(Overlay::Prompt(Prompt {
                kind: PromptKind::StreamStart,
                text: TextField::default(),
            }));
            Vec::new()
        }
        Action::FilterStream => {
            let typed = state
                .stream
                .as_ref()
                .map(|view| filter_text::text(view.buffer.filter()))
                .unwrap_or_default();
            state.overlay = Some(Overlay::Prompt(Prompt {
                kind: PromptKind::StreamFilter,
                text: TextField::new(typed),
            }));
            Vec::new()
        }
        Action::Open => {
            if let View::Stream { .. } = state.views.current() {
                let row = state.views.current().cursor();
                if let Some(entry) = rows::visible_at(state, row).cloned() {
                    state.views.open(View::StreamRecord {
                        entry: Box::new(entry),
                        cursor: 0,
                    });
                }
            }
            Vec::new()
        }
        _ => return None,
    })
}
