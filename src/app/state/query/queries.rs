//! The session's queries: the runs from the builder and the query history.

use std::collections::BTreeMap;
use std::path::PathBuf;

use super::history::QueryHistory;
use super::run::QueryRun;

/// The queries of the session: the runs from the builder and the query history (the palette
/// offers it again), this table's and the other tables'.
#[derive(Clone, Debug, Default)]
pub struct Queries {
    /// Queries run from the builder; `View::QueryResults { run }` indexes this.
    pub runs: Vec<QueryRun>,
    /// Queries run from the UI on this table.
    pub history: QueryHistory,
    /// Where tables' query history files are kept (`<dir>/ddbx/history/<table>.jsonl`);
    /// `None` keeps history in memory only (the demo, offline files).
    pub history_home: Option<PathBuf>,
    /// The histories of the other tables opened this session, for switching back.
    pub other_tables: BTreeMap<String, QueryHistory>,
}
