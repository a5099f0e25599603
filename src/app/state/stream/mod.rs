//! The stream view: a live, filterable list of a table's change records, newest first, and
//! each record's diff. (One item's history, read from the stream and the journal, is
//! [`crate::app::state::item_history`].)

pub mod buffer;
pub mod filter_text;
pub mod follow;
pub mod rows;

pub use buffer::{StreamBuffer, StreamEntry};
pub use follow::Follow;
pub use rows::{diff_rows, row_texts, visible_count};

use crate::domain::stream_start::StreamStart;

/// The live stream view.
#[derive(Clone, Debug, PartialEq)]
pub struct StreamView {
    pub follow: Follow,
    /// The records held, and which of them the filter keeps.
    pub buffer: StreamBuffer,
    /// No reads are made while paused, so the list holds still.
    pub paused: bool,
    /// Why following stopped (the service's words), if it did.
    pub stopped: Option<String>,
}

impl StreamView {
    #[must_use]
    pub fn new(arn: String, since: StreamStart, capacity: usize) -> Self {
        Self {
            follow: Follow::new(arn, since),
            buffer: StreamBuffer::new(capacity),
            paused: false,
            stopped: None,
        }
    }

    /// Reading on (or waiting for the next round): the app keeps its clock ticking.
    #[must_use]
    pub fn is_following(&self) -> bool {
        !self.paused && self.stopped.is_none()
    }
}
