//! Side effects as data: `update` returns these, the worker runs them, tests assert on them.

use super::request_id::RequestId;
use crate::backend::{GetRequest, QueryRequest, ScanRequest};

/// One side effect for the worker (or the loop) to carry out.
#[derive(Clone, Debug, PartialEq)]
pub enum Command {
    /// DescribeTable; answers with `Action::Described`.
    Describe { id: RequestId, table: String },
    /// Learns the AWS account for the header; answers with `Action::AccountId`.
    AccountId { id: RequestId },
    /// One page of one discovery Scan segment; answers with `Action::ScanPage`.
    ScanPage {
        id: RequestId,
        segment: u32,
        request: ScanRequest,
    },
    /// One page of a partition's Query; answers with `Action::PartitionPage`.
    QueryPartition {
        id: RequestId,
        request: QueryRequest,
    },
    /// Abandons in-flight reads; their results, should they still arrive, are stale anyway.
    Cancel(Vec<RequestId>),
    /// Writes text to the clipboard; answers with `Action::Copied`. `what` names the content for
    /// the notice ("item as plain JSON").
    CopyToClipboard { text: String, what: String },
    /// Leaves the loop; the terminal guard restores the screen.
    Quit,

    // ---- edittui: safe item edits ----
    /// Sends a confirmed write through editcore's executor; answers with `Action::WriteDone`.
    /// Never cancelled: once confirmed, a write runs to its outcome.
    ExecuteWrite {
        id: RequestId,
        planned: Box<crate::domain::edit::PlannedWrite>,
    },
    /// Appends the journal line of a successful write (the worker stamps the time and the
    /// connection); answers with `Action::JournalWritten`.
    AppendJournal {
        path: std::path::PathBuf,
        write: Box<JournalWrite>,
    },
    /// Reads the journal's last entry for `table`; answers with `Action::JournalLoaded`.
    LoadJournal {
        id: RequestId,
        path: std::path::PathBuf,
        table: String,
    },
    /// Hands the terminal to `$EDITOR` with `text` (carried out by the loop, which owns the
    /// terminal); answers with `Action::ExternalEdited`.
    ExternalEditor { text: String },
    // query builder (issue 6, `query`)
    /// One page of a query run from the builder; answers with `Action::QueryPage`.
    QueryPage {
        id: RequestId,
        request: QueryRequest,
    },
    /// Reads a base item for a row of a KEYS_ONLY / INCLUDE index; answers with `Action::BaseItem`.
    GetItem { id: RequestId, request: GetRequest },
    // qextras
    /// Appends one line to the query history file (created private to the user); a failure
    /// answers with `Action::Notice`.
    AppendHistory {
        path: std::path::PathBuf,
        line: String,
    },
    // indexes
    /// One page of an index browse or coverage Scan; answers with `Action::IndexScanPage`.
    IndexScanPage { id: RequestId, request: ScanRequest },
    /// GetItem of the base item behind an index item; answers with `Action::IndexBaseItem`.
    FetchIndexBaseItem { id: RequestId, request: GetRequest },
}

/// What the journal records about one successful write (edittui).
#[derive(Clone, Debug, PartialEq)]
pub struct JournalWrite {
    pub table: String,
    pub planned: crate::domain::edit::PlannedWrite,
    /// The primary key written (for a key change, the old one).
    pub key: crate::domain::value::Item,
    pub before: Option<crate::domain::value::Item>,
    pub after: Option<crate::domain::value::Item>,
}
