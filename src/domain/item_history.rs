//! One item's history: the changes its table's stream recorded and the writes ddbx journaled for
//! its key, as one timeline, newest first. A stream record knows when and what, never who; a
//! journal entry knows what ddbx sent and through which connection. Neither is dropped for the
//! other: when both describe the same write, both are shown, and the journal entry says so.

use crate::domain::civil::UtcInstant;
use crate::domain::request::{ChangeKind, ChangeRecord};
use crate::domain::timestamp::recognise_timestamp_text;
use crate::domain::value::Item;

/// Shown for every stream entry: DynamoDB Streams record no principal.
pub const STREAM_WHO: &str = "who: unknown (streams carry no principal)";

/// What the journal knows of one write ddbx made.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct JournalFacts {
    /// RFC 3339 UTC, as journaled.
    pub time: String,
    /// `UpdateItem`, `PutItem`, `DeleteItem` or `TransactWriteItems`.
    pub operation: String,
    /// The request as the preview showed it.
    pub request: String,
    /// Where the write went: kind, profile, region, endpoint (never credentials).
    pub connection: String,
    /// Sent, but no outcome was recorded: whether it landed is unknown.
    pub pending: bool,
    /// An undo: the time of the entry it reverted.
    pub reverts: Option<String>,
    /// The bulk run the write belongs to.
    pub batch: Option<String>,
}

/// Where a change was found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Source {
    Stream { kind: ChangeKind, sequence: String },
    Journal(Box<JournalFacts>),
}

/// One change of the item, old → new.
#[derive(Clone, Debug, PartialEq)]
pub struct Change {
    /// When it happened: a stream record's approximate creation time (to the second), a journal
    /// entry's time (to the millisecond). `None` when the source gave none.
    pub at: Option<UtcInstant>,
    pub source: Source,
    pub old: Option<Item>,
    pub new: Option<Item>,
    /// For a journal entry: a stream record in this history has the same images, so the stream
    /// holds this write too (the images match; the stream cannot say who made it).
    pub in_stream: bool,
}

impl Change {
    #[must_use]
    pub fn from_record(record: ChangeRecord) -> Self {
        Self {
            at: record.created_at.map(UtcInstant::from_seconds),
            source: Source::Stream {
                kind: record.kind,
                sequence: record.sequence,
            },
            old: record.old_image,
            new: record.new_image,
            in_stream: false,
        }
    }

    #[must_use]
    pub fn from_journal(facts: JournalFacts, old: Option<Item>, new: Option<Item>) -> Self {
        Self {
            at: recognise_timestamp_text(&facts.time).map(|stamp| stamp.instant),
            source: Source::Journal(Box::new(facts)),
            old,
            new,
            in_stream: false,
        }
    }

    #[must_use]
    pub const fn is_journal(&self) -> bool {
        matches!(self.source, Source::Journal(_))
    }

    /// What happened, in the stream's words: a journal entry without a before image created the
    /// item, one without an after image removed it.
    #[must_use]
    pub fn kind(&self) -> ChangeKind {
        match (&self.source, &self.old, &self.new) {
            (Source::Stream { kind, .. }, _, _) => *kind,
            (Source::Journal(_), None, _) => ChangeKind::Insert,
            (Source::Journal(_), Some(_), None) => ChangeKind::Remove,
            (Source::Journal(_), Some(_), Some(_)) => ChangeKind::Modify,
        }
    }
}

/// The stream's records (in the order read: oldest first within the item's shard lineage) and
/// the journal's entries merged into one timeline, newest first. A record without a time keeps
/// the time of the record read before it, so the stream's own order is never broken; at equal
/// times a journal entry comes first, since ddbx journals before the stream can record.
#[must_use]
pub fn timeline(records: Vec<ChangeRecord>, journal: Vec<Change>) -> Vec<Change> {
    let mut stream: Vec<Change> = Vec::with_capacity(records.len());
    let mut last_time = None;
    for record in records {
        let mut change = Change::from_record(record);
        change.at = change.at.or(last_time);
        last_time = change.at;
        stream.push(change);
    }
    let mut journal = journal;
    for entry in &mut journal {
        entry.in_stream = stream
            .iter()
            .any(|record| record.old == entry.old && record.new == entry.new);
    }
    // Stream order is kept by its index: sort on (time, source rank, index), then reverse.
    let mut keyed: Vec<(Option<UtcInstant>, u8, usize, Change)> = stream
        .into_iter()
        .enumerate()
        .map(|(index, change)| (change.at, 0, index, change))
        .chain(
            journal
                .into_iter()
                .enumerate()
                .map(|(index, change)| (change.at, 1, index, change)),
        )
        .collect();
    keyed.sort_by_key(|entry| (entry.0, entry.1, entry.2));
    keyed.into_iter().rev().map(|(.., change)| change).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::value::AttrValue;

    fn item(status: &str) -> Item {
        Item::from([
            ("PK".to_owned(), AttrValue::s("USER#1")),
            ("status".to_owned(), AttrValue::s(status)),
        ])
    }

    fn record(
        sequence: &str,
        at: Option<i64>,
        old: Option<Item>,
        new: Option<Item>,
    ) -> ChangeRecord {
        let kind = match (&old, &new) {
            (None, _) => ChangeKind::Insert,
            (_, None) => ChangeKind::Remove,
            _ => ChangeKind::Modify,
        };
        ChangeRecord {
            kind,
            sequence: sequence.to_owned(),
            created_at: at,
            keys: Item::from([("PK".to_owned(), AttrValue::s("USER#1"))]),
            old_image: old,
            new_image: new,
        }
    }

    fn journaled(time: &str, old: Option<Item>, new: Option<Item>) -> Change {
        let facts = JournalFacts {
            time: time.to_owned(),
            operation: "UpdateItem".to_owned(),
            request: "UpdateItem …".to_owned(),
            connection: "local".to_owned(),
            pending: false,
            reverts: None,
            batch: None,
        };
        Change::from_journal(facts, old, new)
    }

    fn sequences(changes: &[Change]) -> Vec<String> {
        changes
            .iter()
            .map(|change| match &change.source {
                Source::Stream { sequence, .. } => sequence.clone(),
                Source::Journal(facts) => format!("journal {}", facts.time),
            })
            .collect()
    }

    #[test]
    fn stream_and_journal_merge_newest_first_with_a_journal_entry_before_its_record() {
        // 2026-07-18T10:00:00Z is 1_784_368_800.
        let records = vec![
            record("1", Some(1_784_368_800), None, Some(item("new"))),
            record(
                "2",
                Some(1_784_368_860),
                Some(item("new")),
                Some(item("paid")),
            ),
            record("3", None, Some(item("paid")), Some(item("sent"))),
        ];
        let journal = vec![
            journaled(
                "2026-07-18T10:01:00.400Z",
                Some(item("new")),
                Some(item("paid")),
            ),
            journaled("2026-07-18T09:00:00Z", None, Some(item("old"))),
        ];
        let changes = timeline(records, journal);
        assert_eq!(
            sequences(&changes),
            [
                "journal 2026-07-18T10:01:00.400Z",
                "3",
                "2",
                "1",
                "journal 2026-07-18T09:00:00Z"
            ]
        );
        assert_eq!(
            changes[1].at, changes[2].at,
            "an untimed record keeps the time before it"
        );
        assert!(changes[0].in_stream, "the stream has the same images");
        assert!(!changes[4].in_stream, "no record has that write");
        assert_eq!(changes[4].kind(), ChangeKind::Insert);
        assert_eq!(changes[0].kind(), ChangeKind::Modify);
    }

    #[test]
    fn a_journal_without_a_stream_is_a_timeline_of_its_own() {
        let changes = timeline(
            Vec::new(),
            vec![
                journaled("2026-07-18T09:00:00Z", None, Some(item("a"))),
                journaled("2026-07-18T09:30:00Z", Some(item("a")), None),
            ],
        );
        assert_eq!(changes.len(), 2);
        assert_eq!(changes[0].kind(), ChangeKind::Remove);
        assert!(changes.iter().all(Change::is_journal));
    }
}
