//! One executed query in the results view: the request, the items read so far, where paging
//! stands and the running totals shown as progress.

use crate::app::request_id::RequestId;
use crate::app::state::Paging;
use crate::app::state::explore::partition::first_page_read;
use crate::app::state::grid::columns::{ColumnContext, Columns};
use crate::app::state::query::form::QueryForm;
use crate::app::state::stale::{Kept, Refreshable, Stale};
use crate::backend::QueryRequest;
use crate::domain::compact::CompactItems;
use crate::domain::value::Item;

/// Totals over the pages read.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct QueryProgress {
    pub pages: u64,
    /// Items that matched (after the filter).
    pub count: u64,
    /// Items read (before the filter).
    pub scanned_count: u64,
    pub consumed_capacity: f64,
}

/// Base items fetched with GetItem for rows of a KEYS_ONLY / INCLUDE index.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct BaseFetch {
    /// GetItem requests in flight: (request, row).
    pub in_flight: Vec<(RequestId, usize)>,
    pub fetched: usize,
    pub missing: usize,
}

/// An executed query and its results.
#[derive(Clone, Debug)]
pub struct QueryRun {
    /// The first page's request (`start_key` empty); later pages continue from it.
    pub request: QueryRequest,
    /// Read pages until this many items matched.
    pub stop_after: Option<u64>,
    /// Kept compact: a long run holds up to millions of items.
    pub items: CompactItems,
    pub paging: Paging,
    pub progress: QueryProgress,
    /// Attributes the projection names that the local index does not project, which DynamoDB
    /// reads from the table for each result.
    pub read_from_table: Vec<String>,
    pub base_fetch: BaseFetch,
    /// The results grid's columns (chosen once the first page arrived).
    pub columns: Option<Columns>,
    /// Rows in display order (indices into `items`), following the sort column.
    pub order: Vec<usize>,
    /// The selected column of the results grid.
    pub column: usize,
    /// The form that built this run, as submitted; `None` for a run from elsewhere (the
    /// palette, the history), whose form is rebuilt from `request` when asked for.
    pub form: Option<Box<QueryForm>>,
    /// The results read before, while the query runs again.
    pub kept: Option<Kept<Self>>,
    /// Set when these results were put back after running the query again failed.
    pub stale: Option<Stale>,
}

impl Refreshable for QueryRun {
    fn kept(&mut self) -> &mut Option<Kept<Self>> {
        &mut self.kept
    }
    fn stale(&mut self) -> &mut Option<Stale> {
        &mut self.stale
    }
    fn has_data(&self) -> bool {
        first_page_read(&self.paging)
    }
}

impl QueryRun {
    /// A run about to read its first page.
    #[must_use]
    pub fn new(request: QueryRequest, stop_after: Option<u64>, first: RequestId) -> Self {
        Self {
            request,
            stop_after,
            items: CompactItems::new(),
            paging: Paging::first(first),
            progress: QueryProgress::default(),
            read_from_table: Vec::new(),
            base_fetch: BaseFetch::default(),
            columns: None,
            order: Vec::new(),
            column: 0,
            form: None,
            kept: None,
            stale: None,
        }
    }

    /// The item shown at display row `row`, decoded.
    #[must_use]
    pub fn item_at(&self, row: usize) -> Option<Item> {
        self.items.get(self.index_of(row))
    }

    /// The position in `items` of display row `row`.
    #[must_use]
    pub fn index_of(&self, row: usize) -> usize {
        self.order.get(row).copied().unwrap_or(row)
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

    /// True while a page or a base item is being read.
    #[must_use]
    pub fn is_busy(&self) -> bool {
        self.paging.in_flight().is_some() || !self.base_fetch.in_flight.is_empty()
    }

    /// True once `stop_after` matches were read.
    #[must_use]
    pub fn reached_stop(&self) -> bool {
        self.stop_after
            .is_some_and(|stop| u64::try_from(self.items.len()).unwrap_or(u64::MAX) >= stop)
    }
}
