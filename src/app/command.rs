//! Side effects as data: `update` returns these, the worker runs them, tests assert on them.

use super::read::{Read, ReadFor, ReadJob};
use super::request_id::RequestId;

/// One side effect for the worker (or the loop) to carry out.
#[derive(Clone, Debug, PartialEq)]
pub enum Command {
    /// One read; answers with `Action::ReadDone` carrying the job's id and owner.
    Read(ReadJob),
    /// Abandons in-flight reads; their results, should they still arrive, are stale anyway.
    Cancel(Vec<RequestId>),
    /// Writes text to the clipboard; answers with `Action::Copied`. `what` names the content for
    /// the notice ("item as plain JSON").
    CopyToClipboard { text: String, what: String },
    /// Leaves the loop; the terminal guard restores the screen.
    Quit,
    /// Sends a confirmed write to `table` and journals it when `journal` is set, through the
    /// same execute-and-journal function as the headless commands; answers with
    /// `Action::WriteDone`. Never cancelled: once confirmed, a write runs to its outcome.
    ExecuteWrite {
        id: RequestId,
        table: String,
        planned: Box<crate::domain::edit::PlannedWrite>,
        journal: Option<std::path::PathBuf>,
    },
    /// Hands the terminal to `$EDITOR` with `text` (carried out by the loop, which owns the
    /// terminal); answers with `Action::ExternalEdited`.
    ExternalEditor { text: String },
    /// Sends one group of a bulk run to `table` after waiting `delay` (a throttled group's
    /// pause), journaled as run `batch`; answers with `Action::BulkGroupDone`. A run's first
    /// group has no `batch` yet: the worker names the run with the same `new_batch_id` as the
    /// headless commands and journals its header (`connection`, `plan`) before any write.
    /// Never cancelled: a sent group runs to its outcome.
    ExecuteBatchGroup {
        id: RequestId,
        table: String,
        journal: std::path::PathBuf,
        batch: Option<String>,
        connection: crate::journal::JournalConnection,
        plan: String,
        items: Vec<crate::write::batch::BatchItem>,
        parallel: usize,
        delay: std::time::Duration,
    },
    /// Writes `items` as `format` to a new private file at `path` (never overwriting one);
    /// answers with `Action::BulkExported`.
    ExportItems {
        id: RequestId,
        path: std::path::PathBuf,
        format: crate::domain::export::ExportFormat,
        description: Box<crate::domain::schema::TableDescription>,
        items: Vec<crate::domain::value::Item>,
    },
    /// Journals `staged` as one run (named here, by the worker, with the headless commands'
    /// run id, also the request's idempotency token) and sends `assembled`, their one
    /// `TransactWriteItems`; answers with `Action::TransactionDone`. Never cancelled.
    ExecuteTransaction {
        id: RequestId,
        description: Box<crate::domain::schema::TableDescription>,
        staged: Vec<crate::domain::edit::transaction::Staged>,
        assembled: Box<crate::domain::edit::transaction::Assembled>,
        journal: Option<std::path::PathBuf>,
        /// The run in words, for the journal's header.
        plan: String,
    },
    /// Appends one line to the query history file (created private to the user); a failure
    /// answers with `Action::Notice`.
    AppendHistory {
        path: std::path::PathBuf,
        line: String,
    },
    /// Replaces the remembered column choices' file with `text` (private to the user); a
    /// failure answers with `Action::Notice`.
    SaveColumnChoices {
        path: std::path::PathBuf,
        text: String,
    },
    /// Reads `table`'s query history file; answers with `Action::QueryHistoryLoaded`.
    LoadQueryHistory {
        table: String,
        path: std::path::PathBuf,
    },
}

impl Command {
    /// The read `read` for `owner`, answered under `id`.
    #[must_use]
    pub fn read(id: RequestId, owner: ReadFor, read: Read) -> Self {
        Self::Read(ReadJob::new(id, owner, read))
    }
}
