//! What a history says about its own reading: how much of the stream and of the journal was
//! read, and what could not be. The terminal view and `ddbx history` show these same lines.

use super::request::{ItemHistory, JournalReading, StreamReading};
use crate::domain::figures::counted;

/// The stream's part: shards (a closed one read to its end, an open one until its pages came
/// back empty), calls (GetShardIterator and GetRecords) and records read, and the budget.
#[must_use]
pub fn stream_line(stream: Option<&StreamReading>) -> String {
    let Some(stream) = stream else {
        return "the table has no stream: only ddbx's own journal is shown (enable a stream with \
                NEW_AND_OLD_IMAGES to see every writer's changes)"
            .to_owned();
    };
    let mut read = Vec::new();
    if stream.shards_read > 0 {
        read.push(format!("{} closed read to their end", stream.shards_read));
    }
    if stream.shards_caught_up > 0 {
        read.push(format!("{} open read until empty", stream.shards_caught_up));
    }
    if read.is_empty() {
        read.push("none read".to_owned());
    }
    let mut line = format!(
        "stream: {} from TRIM_HORIZON (24 h kept), {} · {} of at most {} calls · {} read, {} of \
         this item",
        counted(stream.shards as u64, "shard", "shards"),
        read.join(", "),
        stream.requests,
        stream.max_requests,
        counted(stream.records_read, "record", "records"),
        stream.matched
    );
    if stream.budget_spent() {
        line.push_str(" · budget spent: later changes may be missing");
    }
    line
}

/// The journal's part.
#[must_use]
pub fn journal_line(journal: &JournalReading) -> String {
    if let Some(problem) = &journal.problem {
        return format!("journal: {problem}");
    }
    let mut line = format!(
        "journal: {} by ddbx for this key through this connection",
        counted(journal.entries as u64, "write", "writes")
    );
    if journal.limited {
        line.push_str(" (the newest only: older ones were not read)");
    }
    line
}

/// Both parts and the stream's problems, one per line.
#[must_use]
pub fn lines(history: &ItemHistory) -> Vec<String> {
    let mut lines = vec![
        stream_line(history.stream.as_ref()),
        journal_line(&history.journal),
    ];
    if let Some(stream) = &history.stream {
        lines.extend(
            stream
                .problems
                .iter()
                .map(|problem| format!("not read: {problem}")),
        );
    }
    lines
}
