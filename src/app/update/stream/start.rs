//! Where the stream view starts reading: `s` asks (latest, oldest, or a time typed as
//! `2026-12-04T10:00:00Z` or `15m` back from now), `T` goes straight to the oldest record. The
//! present comes from the app's clock, so "15m" is settled here and never read from a clock.

use crate::app::state::stream::StreamView;
use crate::app::state::text_field::TextField;
use crate::app::state::{Notice, Overlay, Prompt, PromptKind, State, View};
use crate::domain::civil::UtcInstant;
use crate::domain::stream_start::{BEFORE_RETENTION_NOTE, StreamStart, parse};

/// The start typed in the prompt, as of the app's clock. A start that cannot be used says why and
/// leaves the prompt open with the text, to be corrected; an empty line changes nothing.
pub(super) fn typed(state: &mut State, text: &str) -> Option<StreamStart> {
    if text.trim().is_empty() {
        return None;
    }
    let now = UtcInstant::from_seconds(state.clock.unix_seconds);
    match parse(text).and_then(|since| since.resolve(now)) {
        Ok(start) => Some(start),
        Err(why) => {
            state.notice = Some(Notice::Error(why));
            state.overlay = Some(Overlay::Prompt(Prompt {
                kind: PromptKind::StreamStart,
                text: TextField::new(text.to_owned()),
            }));
            None
        }
    }
}

/// Follows the same stream again from `start`. The records held are let go first: the list then
/// holds just what its header says it does, and none arrives a second time when reading starts
/// over at an older record. The filter and a pause stay; the caller makes the first reads.
pub(super) fn start_from(state: &mut State, start: StreamStart) {
    let key = state.described().map(|table| table.key.clone());
    let now = UtcInstant::from_seconds(state.clock.unix_seconds);
    let Some(view) = &mut state.stream else {
        return;
    };
    let held = view.buffer.len();
    let mut fresh = StreamView::new(view.follow.arn.clone(), start, view.buffer.capacity());
    if let Some(key) = &key {
        fresh.buffer.set_filter(view.buffer.filter().clone(), key);
    }
    fresh.paused = view.paused;
    *view = fresh;
    if let View::Stream { cursor } = state.views.current_mut() {
        *cursor = 0;
    }
    state.notice = Some(Notice::Info(said(start, held, start.before_retention(now))));
}

/// What the status line says about a new start.
fn said(start: StreamStart, held: usize, before_retention: bool) -> String {
    match start {
        StreamStart::TrimHorizon => format!(
            "reading the stream again from its oldest record (DynamoDB keeps 24 hours); \
             the {held} records held are read again with the rest"
        ),
        StreamStart::Latest => {
            format!("following the stream from now; the {held} records held were let go")
        }
        StreamStart::At(_) if before_retention => format!(
            "{BEFORE_RETENTION_NOTE} (asked for {}); the {held} records held were let go",
            start.describe()
        ),
        StreamStart::At(_) => format!(
            "reading the stream {}: each shard from its oldest record, older records skipped; \
             the {held} records held were let go",
            start.describe()
        ),
    }
}
