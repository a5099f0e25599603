//! What a history says about its own reading: how much of the stream and of the journal was
//! read, and what could not be. The terminal view and `ddbx history` show these same lines.

use super::request::{ItemHistory, JournalReading, StreamReading};
use crate::domain::figures::counted;

/// The stream's part: shards, calls and records read, the budget, and any problem.
#[must_use]
pub fn stream_line(stream: Option<&StreamReading>) -> String {
    let Some(stream) = stream else {
        return "the table has no stream: only ddbx's own journal is shown (enable a stream with \
                NEW_AND_OLD_IMAGES to see every writer's changes)"
            .to_owned();
    };
    let mut line = format!(
        "stream: {} of {} read from TRIM_HORIZON (24 h kept) in {} of at most {} GetRecords \
         calls · {} read, {} of this item",
        stream.shards_read,
        counted(stream.shards as u64, "shard", "shards"),
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
