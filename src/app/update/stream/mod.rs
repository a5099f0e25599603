//! The stream view: opening it follows the table's stream from LATEST; every clock tick makes
//! the next polling round when one is due (see [`follow`](crate::app::state::stream::follow) for
//! the pacing). Answers land here; `p` pauses (no reads while paused), `f` filters, `Enter`
//! opens a record as its diff.

mod answers;

use crate::app::action::Action;
use crate::app::command::Command;
use crate::app::read::{Read, ReadFor};
use crate::app::state::stream::buffer::DEFAULT_CAPACITY;
use crate::app::state::stream::follow::{Asked, DESCRIBE_EVERY, IDLE};
use crate::app::state::stream::{Since, StreamView, filter_text, rows};
use crate::app::state::text_field::TextField;
use crate::app::state::{Notice, Overlay, Prompt, PromptKind, State, View};

use super::navigation::cursor;

pub(super) use answers::answered;

/// Opens the view, starting to follow the stream unless it already does.
pub(super) fn show(state: &mut State) -> Vec<Command> {
    let Some(table) = state.described() else {
        state.notice = Some(Notice::Info(
            "the table is not described yet; try again in a moment".to_owned(),
        ));
        return Vec::new();
    };
    let arn = table
        .stream
        .as_ref()
        .filter(|stream| stream.enabled)
        .and_then(|stream| stream.latest_arn.clone());
    let name = table.name.clone();
    if state.stream.is_none() {
        let Some(arn) = arn else {
            state.notice = Some(Notice::Error(format!(
                "table {name} has no stream: enable one (StreamEnabled=true, \
                 StreamViewType=NEW_AND_OLD_IMAGES) to follow its changes"
            )));
            return Vec::new();
        };
        state.stream = Some(StreamView::new(arn, Since::Latest, DEFAULT_CAPACITY));
        state.notice = Some(Notice::Info(format!(
            "following the stream of {name}: changes from now on (p pauses, f filters)"
        )));
    }
    if !matches!(state.history.current(), View::Stream { .. }) {
        state.history.open(View::Stream { cursor: 0 });
    }
    poll(state)
}

/// Makes the next round of reads when one is due: DescribeStream every so often, else one
/// GetRecords per shard ready to read. Nothing while paused, stopped, or while a round is out.
pub(super) fn poll(state: &mut State) -> Vec<Command> {
    let now = state.clock.uptime;
    let Some(view) = &mut state.stream else {
        return Vec::new();
    };
    if !view.is_following() || !view.follow.asked.is_empty() {
        return Vec::new();
    }
    let follow = &mut view.follow;
    let mut reads = Vec::new();
    if follow
        .described_at
        .is_none_or(|at| now.saturating_sub(at) >= DESCRIBE_EVERY)
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
            follow.next_round_at = now + IDLE;
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

/// The typed filter, applied to what the view holds and to every record that arrives.
pub(in crate::app::update) fn filter_typed(state: &mut State, text: &str) {
    match filter_text::parse(text) {
        Ok(filter) => {
            if let Some(view) = &mut state.stream {
                view.filter = filter;
            }
            if let View::Stream { cursor } = state.history.current_mut() {
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
        Action::FilterStream => {
            let typed = state
                .stream
                .as_ref()
                .map(|view| filter_text::text(&view.filter))
                .unwrap_or_default();
            state.overlay = Some(Overlay::Prompt(Prompt {
                kind: PromptKind::StreamFilter,
                text: TextField::new(typed),
            }));
            Vec::new()
        }
        Action::Open => {
            if let View::Stream { .. } = state.history.current() {
                let row = cursor(state.history.current());
                if let Some(entry) = rows::visible(state).get(row).map(|entry| (*entry).clone()) {
                    state.history.open(View::StreamRecord {
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
