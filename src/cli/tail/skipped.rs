//! How many records a tail started at a time left out, said on stderr once reading has passed
//! them (and again if a later round skips more), so the lines printed are known to be all that
//! came after the time, not all that the stream held.

use crate::cli::note::note;
use crate::domain::stream_start::{StreamStart, skipped_text};

pub struct Skipped {
    start: StreamStart,
    total: u64,
    /// The total last said; `None` before anything was said.
    said: Option<u64>,
}

impl Skipped {
    #[must_use]
    pub const fn new(start: StreamStart) -> Self {
        Self {
            start,
            total: 0,
            said: None,
        }
    }

    /// Counts a round's skipped records; a round that skipped none has read past the time in
    /// every shard it read, so the count so far is said.
    pub fn round(&mut self, skipped: u64) {
        self.total += skipped;
        if skipped == 0 {
            self.say();
        }
    }

    /// Says the count, unless it was said already.
    pub fn say(&mut self) {
        if self.said == Some(self.total) {
            return;
        }
        if let Some(text) = skipped_text(self.start, self.total) {
            note(&format!("ddbx: {text}"));
        }
        self.said = Some(self.total);
    }
}
