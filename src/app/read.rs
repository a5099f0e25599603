//! Reads as data. `update` asks for a read with [`Command::Read`](super::command::Command::Read);
//! the worker (and the test harness) perform it with one function and answer with
//! [`Action::ReadDone`](super::action::Action::ReadDone), which carries the request id and the
//! owner back unchanged, so `update` hands the answer to whoever asked. A new kind of read adds a
//! variant here and a branch where it is performed; nothing else routes it.

use std::path::PathBuf;

use super::request_id::RequestId;
use crate::backend::{
    BackendError, GetOutput, GetRequest, Page, QueryRequest, RecordsPage, ScanRequest, Shard,
    ShardIteratorRequest, StatementPage, StatementRequest,
};
use crate::domain::schema::TableDescription;
use crate::domain::table_settings::TableExtras;
use crate::journal::{BatchHeader, JournalEntry};
use crate::write::resume::ResumePoint;
use crate::write::settle::SettleError;

/// One read: of the backend, or of the journal an undo or a resume reads (settling its
/// unconfirmed writes through the backend).
#[derive(Clone, Debug, PartialEq)]
pub enum Read {
    /// DescribeTable.
    Describe { table: String },
    /// The AWS account behind the connection (STS), for the header.
    Account,
    /// One Scan page.
    Scan(ScanRequest),
    /// One Query page.
    Query(QueryRequest),
    /// One GetItem.
    Get(GetRequest),
    /// Every table name (all ListTables pages).
    ListTables,
    /// One ExecuteStatement page of a PartiQL statement.
    Statement(StatementRequest),
    /// The overview's values that need a call each (PITR, TTL, policy, contributor insights of
    /// the table and its global indexes).
    Extras(Box<TableDescription>),
    /// Every shard of a stream (DescribeStream).
    DescribeStream { stream_arn: String },
    /// GetShardIterator.
    ShardIterator(ShardIteratorRequest),
    /// One GetRecords call.
    Records { iterator: String },
    /// One item's history: its records in every shard of the stream, within a budget of
    /// calls, and the journal's entries for its key.
    ItemHistory(Box<crate::item_history::HistoryRequest>),
    /// Why an item is or is not in a query's results.
    Why(Box<crate::why::WhyRequest>),
    /// Capacity per access pattern: a sample Scan, then each pattern's calls.
    Capacity(Box<crate::capacity::CapacityRequest>),
    /// The items with primary keys `keys` in `table` (GetItem each, strongly consistent).
    Items {
        table: String,
        keys: Vec<crate::domain::value::Item>,
    },
    /// The journal's last write to `table` through this connection, for undo, settled by
    /// reading its item when it was not confirmed; a write of a run that was one transaction
    /// brings the whole run.
    LastWrite { journal: PathBuf, table: String },
    /// The latest journaled run like `header` (same table, connection and plan), and what it
    /// did, settled, for a resume.
    CutOffRun {
        journal: PathBuf,
        header: Box<BatchHeader>,
    },
    /// Run `batch`'s writes from the journal, settled, for its undo.
    JournaledRun { journal: PathBuf, batch: String },
    /// Two sides read whole, matched by key and compared, off the loop's thread.
    Diff(Box<crate::domain::diff::TwoSides>),
    /// `read` sent to another place than the session's connection (an export, another
    /// endpoint, profile or region), opened read-only.
    Elsewhere {
        place: Box<crate::connect::Place>,
        read: Box<Read>,
    },
}

/// What the journal holds to undo on a table.
#[derive(Clone, Debug, PartialEq)]
pub enum LastWrite {
    /// Its last write (`None`: there is none).
    Write(Option<Box<JournalEntry>>),
    /// Its last write belongs to run `batch`, which was one transaction: the run's writes.
    Transaction {
        batch: String,
        written: Vec<JournalEntry>,
    },
}

/// What a [`Read`] returned, one variant per kind of read.
#[derive(Clone, Debug, PartialEq)]
pub enum ReadAnswer {
    Described(Box<TableDescription>),
    Account(Option<String>),
    Page(Page),
    Item(GetOutput),
    TableNames(Vec<String>),
    StatementPage(StatementPage),
    Extras(Box<TableExtras>),
    Shards(Vec<Shard>),
    Iterator(String),
    Records(RecordsPage),
    ItemHistory(Box<crate::item_history::ItemHistory>),
    Why(Vec<crate::domain::why::Step>),
    Capacity(Box<crate::domain::capacity::report::CapacityReport>),
    /// Each key with its item, in order (`None`: not in the table).
    Items(
        Vec<(
            crate::domain::value::Item,
            Option<crate::domain::value::Item>,
        )>,
    ),
    LastWrite(Box<LastWrite>),
    /// The run to resume (`None`: no run of that plan).
    CutOffRun(Option<ResumePoint>),
    /// A run's writes, settled.
    JournaledRun(Vec<JournalEntry>),
    Diff(Box<crate::domain::diff::DiffReport>),
}

/// Why a read failed.
#[derive(Clone, Debug, PartialEq)]
pub enum ReadError {
    /// The backend refused the request or could not be reached.
    Backend(BackendError),
    /// A read of the journal failed: the file, or the settling of a write it records. The
    /// message is shown as it is; each says what could not be read.
    Journal(String),
}

impl From<BackendError> for ReadError {
    fn from(error: BackendError) -> Self {
        Self::Backend(error)
    }
}

impl From<SettleError> for ReadError {
    fn from(error: SettleError) -> Self {
        match error {
            SettleError::Backend(error) => Self::Backend(error),
            SettleError::Journal(message) => Self::Journal(message),
        }
    }
}

impl std::fmt::Display for ReadError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Self::Backend(error) => write!(f, "{error}"),
            Self::Journal(message) => f.write_str(message),
        }
    }
}

impl ReadError {
    /// The error of a read of the backend. Only reads of the journal fail with a journal
    /// error, so one reaching a backend read's owner is a wrong pairing in the code that
    /// performs reads, shown like a wrong answer rather than hidden.
    #[must_use]
    pub fn into_backend(self) -> BackendError {
        match self {
            Self::Backend(error) => error,
            Self::Journal(message) => BackendError::Service {
                code: "WrongAnswer".to_owned(),
                message: format!("a backend read failed with a journal error: {message}"),
            },
        }
    }
}

/// Who asked for a read: the part of the state its answer belongs to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ReadFor {
    /// The table description (startup).
    Description,
    /// The account id in the header.
    Account,
    /// A page of the discovery scan.
    Discovery,
    /// A page of a partition opened from the collections.
    Partition,
    /// A page of a query run from the builder, palette or history.
    QueryRun,
    /// The base item of a query result row from a KEYS_ONLY / INCLUDE index.
    QueryBaseItem,
    /// A page of an index browse or of the coverage scans.
    IndexScan,
    /// The base item behind an index item.
    IndexBaseItem,
    /// The inspected item, read again on request.
    InspectedItem,
    /// A page of the insights scan.
    Insights,
    /// A schema a library saved in the table (OneTable's `_schema` item), read as the model.
    SavedSchema,
    /// The table picker's list of tables.
    TableList,
    /// One table's description for its row in the picker.
    TableSummary,
    /// The table a bulk copy writes to.
    BulkTarget,
    /// A page of the scope a bulk action acts on, read whole before its dry run.
    BulkScope,
    /// The marked partial copies (index items, stream keys) read whole before the bulk form.
    BulkItems,
    /// A page of a PartiQL statement run from the statement screen.
    StatementRun,
    /// The item a PartiQL DELETE names, read before its delete is previewed.
    StatementItem,
    /// The overview's extra values, read when the overview is first shown.
    Overview,
    /// The stream view following the table's stream.
    Stream,
    /// The item history opened from the inspector.
    ItemHistory,
    Why,
    /// The journal's last write, for undo.
    Undo,
    /// The cut-off run a bulk resume continues.
    BulkResume,
    /// The journaled run a bulk undo restores.
    BulkUndo,
    /// A screen unit: the one whose view waits for the answer takes it.
    Screen,
}

/// A read as `update` asks for it.
#[derive(Clone, Debug, PartialEq)]
pub struct ReadJob {
    pub id: RequestId,
    pub owner: ReadFor,
    pub read: Read,
}

impl ReadJob {
    #[must_use]
    pub fn new(id: RequestId, owner: ReadFor, read: Read) -> Self {
        Self { id, owner, read }
    }
}

/// An answer of another kind than the read asked for: only a wrong pairing in the code that
/// performs reads could cause it, and it is shown like any failed read rather than hidden.
fn wrong_answer(expected: &str, got: &ReadAnswer) -> BackendError {
    BackendError::Service {
        code: "WrongAnswer".to_owned(),
        message: format!("expected {expected}, got {}", got.kind()),
    }
}

impl ReadAnswer {
    fn kind(&self) -> &'static str {
        match self {
            Self::Described(_) => "a table description",
            Self::Account(_) => "an account",
            Self::Page(_) => "a page",
            Self::Item(_) => "an item",
            Self::TableNames(_) => "table names",
            Self::StatementPage(_) => "a statement page",
            Self::Extras(_) => "the overview's extra values",
            Self::Shards(_) => "shards",
            Self::Iterator(_) => "a shard iterator",
            Self::Records(_) => "stream records",
            Self::ItemHistory(_) => "an item's history",
            Self::Why(_) => "an explanation",
            Self::Capacity(_) => "a capacity report",
            Self::Items(_) => "items by key",
            Self::LastWrite(_) => "the journal's last write",
            Self::CutOffRun(_) => "a cut-off run",
            Self::JournaledRun(_) => "a journaled run",
            Self::Diff(_) => "a diff report",
        }
    }

    /// The table description of a [`Read::Describe`].
    pub fn into_description(self) -> Result<Box<TableDescription>, BackendError> {
        match self {
            Self::Described(description) => Ok(description),
            other => Err(wrong_answer("a table description", &other)),
        }
    }

    /// The account of a [`Read::Account`].
    pub fn into_account(self) -> Result<Option<String>, BackendError> {
        match self {
            Self::Account(account) => Ok(account),
            other => Err(wrong_answer("an account", &other)),
        }
    }

    /// The page of a [`Read::Scan`] or [`Read::Query`].
    pub fn into_page(self) -> Result<Page, BackendError> {
        match self {
            Self::Page(page) => Ok(page),
            other => Err(wrong_answer("a page", &other)),
        }
    }

    /// The names of a [`Read::ListTables`].
    pub fn into_table_names(self) -> Result<Vec<String>, BackendError> {
        match self {
            Self::TableNames(names) => Ok(names),
            other => Err(wrong_answer("table names", &other)),
        }
    }

    /// The page of a [`Read::Statement`].
    pub fn into_statement_page(self) -> Result<StatementPage, BackendError> {
        match self {
            Self::StatementPage(page) => Ok(page),
            other => Err(wrong_answer("a statement page", &other)),
        }
    }

    /// The values of a [`Read::Extras`].
    pub fn into_extras(self) -> Result<Box<TableExtras>, BackendError> {
        match self {
            Self::Extras(extras) => Ok(extras),
            other => Err(wrong_answer("the overview's extra values", &other)),
        }
    }

    /// The shards of a [`Read::DescribeStream`].
    pub fn into_shards(self) -> Result<Vec<Shard>, BackendError> {
        match self {
            Self::Shards(shards) => Ok(shards),
            other => Err(wrong_answer("shards", &other)),
        }
    }

    /// The iterator of a [`Read::ShardIterator`].
    pub fn into_iterator(self) -> Result<String, BackendError> {
        match self {
            Self::Iterator(iterator) => Ok(iterator),
            other => Err(wrong_answer("a shard iterator", &other)),
        }
    }

    /// The page of a [`Read::Records`].
    pub fn into_records(self) -> Result<RecordsPage, BackendError> {
        match self {
            Self::Records(page) => Ok(page),
            other => Err(wrong_answer("stream records", &other)),
        }
    }

    /// The steps of a [`Read::Why`].
    pub fn into_why(self) -> Result<Vec<crate::domain::why::Step>, BackendError> {
        match self {
            Self::Why(steps) => Ok(steps),
            other => Err(wrong_answer("an explanation", &other)),
        }
    }

    /// The report of a [`Read::Capacity`].
    pub fn into_capacity(
        self,
    ) -> Result<Box<crate::domain::capacity::report::CapacityReport>, BackendError> {
        match self {
            Self::Capacity(report) => Ok(report),
            other => Err(wrong_answer("a capacity report", &other)),
        }
    }

    /// The history of a [`Read::ItemHistory`].
    pub fn into_item_history(self) -> Result<Box<crate::item_history::ItemHistory>, BackendError> {
        match self {
            Self::ItemHistory(history) => Ok(history),
            other => Err(wrong_answer("an item's history", &other)),
        }
    }

    /// The items of a [`Read::Items`].
    pub fn into_items(
        self,
    ) -> Result<
        Vec<(
            crate::domain::value::Item,
            Option<crate::domain::value::Item>,
        )>,
        BackendError,
    > {
        match self {
            Self::Items(items) => Ok(items),
            other => Err(wrong_answer("items by key", &other)),
        }
    }

    /// What to undo, of a [`Read::LastWrite`].
    pub fn into_last_write(self) -> Result<Box<LastWrite>, ReadError> {
        match self {
            Self::LastWrite(last) => Ok(last),
            other => Err(wrong_answer("the journal's last write", &other).into()),
        }
    }

    /// The run to resume, of a [`Read::CutOffRun`].
    pub fn into_cut_off_run(self) -> Result<Option<ResumePoint>, ReadError> {
        match self {
            Self::CutOffRun(point) => Ok(point),
            other => Err(wrong_answer("a cut-off run", &other).into()),
        }
    }

    /// The run's writes, of a [`Read::JournaledRun`].
    pub fn into_journaled_run(self) -> Result<Vec<JournalEntry>, ReadError> {
        match self {
            Self::JournaledRun(written) => Ok(written),
            other => Err(wrong_answer("a journaled run", &other).into()),
        }
    }

    /// The report of a [`Read::Diff`].
    pub fn into_diff(self) -> Result<Box<crate::domain::diff::DiffReport>, BackendError> {
        match self {
            Self::Diff(report) => Ok(report),
            other => Err(wrong_answer("a diff report", &other)),
        }
    }

    /// The item of a [`Read::Get`].
    pub fn into_item(self) -> Result<GetOutput, BackendError> {
        match self {
            Self::Item(output) => Ok(output),
            other => Err(wrong_answer("an item", &other)),
        }
    }
}
