//! One statement run in the results view: the request of its first page, what ddbx said it
//! would do, the items read so far, where paging by `NextToken` stands, and the totals.

use crate::app::request_id::RequestId;
use crate::app::state::Paging;
use crate::app::state::grid::columns::{ColumnContext, Columns};
use crate::backend::StatementRequest;
use crate::domain::compact::CompactItems;
use crate::domain::value::Item;

/// Totals over the pages read.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct StatementProgress {
    pub pages: u64,
    /// Read units summed over the pages that reported them.
    pub consumed_capacity: f64,
    /// Pages whose answer carried no consumed capacity.
    pub unreported_pages: u64,
}

#[derive(Clone, Debug)]
pub struct StatementRun {
    /// The first page's request (`next_token` empty); later pages continue from it.
    pub request: StatementRequest,
    /// The parameters as typed, to offer the statement again as it was written.
    pub parameters_text: String,
    /// What ddbx said the statement would do: key query or full scan, and why.
    pub plan: String,
    /// Kept compact, as query results are: a full-scan SELECT can read a whole table.
    pub items: CompactItems,
    /// The cursor is DynamoDB's `NextToken`.
    pub paging: Paging<String>,
    pub progress: StatementProgress,
    pub columns: Option<Columns>,
    /// Rows in display order (indices into `items`), following the sort column.
    pub order: Vec<usize>,
    /// The selected column of the results grid.
    pub column: usize,
}

impl StatementRun {
    /// A run about to read its first page as request `first`.
    #[must_use]
    pub fn new(
        request: StatementRequest,
        parameters_text: String,
        plan: String,
        first: RequestId,
    ) -> Self {
        Self {
            request,
            parameters_text,
            plan,
            items: CompactItems::new(),
            paging: Paging::first(first),
            progress: StatementProgress::default(),
            columns: None,
            order: Vec::new(),
            column: 0,
        }
    }

    /// The item shown at display row `row`, decoded.
    #[must_use]
    pub fn item_at(&self, row: usize) -> Option<Item> {
        let index = self.order.get(row).copied().unwrap_or(row);
        self.items.get(index)
    }

    /// Creates or refreshes the columns and the display order after new items arrived.
    pub fn refresh_columns(&mut self, context: ColumnContext<'_>) {
        Columns::choose_or_refresh(&mut self.columns, &self.items, context);
        self.reorder();
    }

    /// Recomputes the display order from the sort column.
    pub fn reorder(&mut self) {
        self.order = Columns::display_order(self.columns.as_ref(), &self.items);
    }
}
