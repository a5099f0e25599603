//! PartiQL from the terminal UI: the statement screen (a statement and its parameters, with what
//! it will do said as it is typed), the runs it starts (read page by page with `NextToken`, shown
//! in the same results grid as queries), and the last statement typed, offered again.

pub mod form;
pub mod prepare;
pub mod prepared;
pub mod run;
pub mod write;

use crate::app::state::inspect::inspector::key_text;
use crate::domain::schema::KeySchema;

pub use form::{StatementField, StatementForm};
pub use prepare::prepare;
pub use prepared::Prepared;
pub use run::StatementRun;

/// Everything the UI keeps about PartiQL.
#[derive(Clone, Debug, Default)]
pub struct Partiql {
    /// Statements run so far; `View::StatementResults { run }` indexes this.
    pub runs: Vec<StatementRun>,
    /// The form as last left (closed or submitted), to start from when the screen opens again.
    pub last: Option<StatementForm>,
    /// The read of the item a DELETE names, in flight.
    pub pending_delete: Option<crate::app::request_id::RequestId>,
}

impl Partiql {
    /// True while a page is in flight.
    #[must_use]
    pub fn is_busy(&self) -> bool {
        self.pending_delete.is_some()
            || self.runs.iter().any(|run| run.paging.in_flight().is_some())
    }

    /// The searchable text of each results row of run `run`, in display order: its key values.
    #[must_use]
    pub fn row_texts(&self, run: usize, key: Option<&KeySchema>) -> Vec<String> {
        let (Some(run), Some(key)) = (self.runs.get(run), key) else {
            return Vec::new();
        };
        (0..run.items.len())
            .filter_map(|row| run.item_at(row))
            .map(|item| {
                key.names()
                    .filter_map(|name| item.get(name).map(key_text))
                    .collect::<Vec<_>>()
                    .join(" ")
            })
            .collect()
    }
}
