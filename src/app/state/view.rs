//! The views the user moves between, and the history of them (back/forward like a browser).

use crate::domain::value::AttrValue;

use crate::app::state::inspect::inspector::Inspector;
use crate::app::state::screen_view::ScreenView;
use crate::keymap::Section;

/// One screen with its own cursor, so going back restores where the user was.
#[derive(Clone, Debug, PartialEq)]
pub enum View {
    /// DescribeTable: keys, indexes, counts, billing, TTL, stream.
    Overview,
    /// Collections level 1: partition key prefixes.
    Prefixes { cursor: usize },
    /// Collections level 2: the partitions of one prefix (`None`: keys without a prefix).
    Partitions {
        prefix: Option<String>,
        cursor: usize,
    },
    /// Collections level 3: the items of one partition, grouped by sort key prefix.
    Partition { pk: AttrValue, cursor: usize },
    /// One item.
    Inspector(Box<Inspector>),
    /// The results of `State::queries.runs[run]`.
    QueryResults { run: usize, cursor: usize },
    /// The results of the PartiQL statement `State::partiql.runs[run]`, in the same table.
    StatementResults { run: usize, cursor: usize },
    /// The table and every index with keys, projection, item count and coverage.
    Indexes { cursor: usize },
    /// An index's contents grouped by its partition key (a streamed Scan of the index).
    IndexGroups { index: String, cursor: usize },
    /// The items of one index partition, in the results grid; `column` is the selected column.
    IndexItems {
        index: String,
        pk: AttrValue,
        cursor: usize,
        column: usize,
    },
    /// Sparse-index inspector for one index: coverage, entity types, why items are left out.
    IndexCoverage { index: String, cursor: usize },
    /// The single-table pitfalls measured on the table's items.
    Insights { cursor: usize },
    /// The live stream view, newest record first.
    Stream { cursor: usize },
    /// One item's changes in the stream and the journal, newest first.
    ItemHistory(Box<crate::app::state::item_history::ItemHistoryView>),
    /// Why one item is or is not in the results it was asked from.
    Why(Box<crate::app::state::why::WhyView>),
    /// One stream record as a diff of attributes, old → new.
    StreamRecord {
        entry: Box<crate::app::state::stream::StreamEntry>,
        cursor: usize,
    },
    /// A screen unit's view (see [`crate::app::state::screens`]).
    Screen(ScreenView),
}

impl View {
    /// The view's cursor row (0 for the overview, which scrolls instead).
    #[must_use]
    pub fn cursor(&self) -> usize {
        match self {
            Self::Overview => 0,
            Self::Prefixes { cursor }
            | Self::Partitions { cursor, .. }
            | Self::Partition { cursor, .. }
            | Self::QueryResults { cursor, .. }
            | Self::StatementResults { cursor, .. }
            | Self::Insights { cursor }
            | Self::Stream { cursor }
            | Self::StreamRecord { cursor, .. }
            | Self::Indexes { cursor }
            | Self::IndexGroups { cursor, .. }
            | Self::IndexItems { cursor, .. }
            | Self::IndexCoverage { cursor, .. } => *cursor,
            Self::Inspector(inspector) => inspector.cursor,
            Self::ItemHistory(view) => view.cursor,
            Self::Why(view) => view.cursor,
            Self::Screen(view) => view.cursor(),
        }
    }

    /// The view's cursor, if it has one.
    pub fn cursor_mut(&mut self) -> Option<&mut usize> {
        match self {
            Self::Overview => None,
            Self::Prefixes { cursor }
            | Self::Partitions { cursor, .. }
            | Self::Partition { cursor, .. }
            | Self::QueryResults { cursor, .. }
            | Self::StatementResults { cursor, .. }
            | Self::Insights { cursor }
            | Self::Stream { cursor }
            | Self::StreamRecord { cursor, .. }
            | Self::Indexes { cursor }
            | Self::IndexGroups { cursor, .. }
            | Self::IndexItems { cursor, .. }
            | Self::IndexCoverage { cursor, .. } => Some(cursor),
            Self::Inspector(inspector) => Some(&mut inspector.cursor),
            Self::ItemHistory(view) => Some(&mut view.cursor),
            Self::Why(view) => Some(&mut view.cursor),
            Self::Screen(view) => Some(view.cursor_mut()),
        }
    }
}

/// Visited views; `position` is the current one. Opening a view drops the forward part.
#[derive(Clone, Debug, PartialEq)]
pub struct ViewStack {
    views: Vec<View>,
    position: usize,
}

impl ViewStack {
    #[must_use]
    pub fn new(first: View) -> Self {
        Self {
            views: vec![first],
            position: 0,
        }
    }

    #[must_use]
    pub fn current(&self) -> &View {
        &self.views[self.position]
    }

    /// Every view in the history, back and forward of the current one included.
    pub fn views_mut(&mut self) -> impl Iterator<Item = &mut View> {
        self.views.iter_mut()
    }

    pub fn current_mut(&mut self) -> &mut View {
        &mut self.views[self.position]
    }

    /// Opens `view` after the current one, forgetting anything forward of here.
    pub fn open(&mut self, view: View) {
        self.views.truncate(self.position + 1);
        self.views.push(view);
        self.position += 1;
    }

    /// Goes back; false when already at the first view.
    pub fn back(&mut self) -> bool {
        if self.position == 0 {
            return false;
        }
        self.position -= 1;
        true
    }

    /// Goes forward; false when there is nothing forward.
    pub fn forward(&mut self) -> bool {
        if self.position + 1 >= self.views.len() {
            return false;
        }
        self.position += 1;
        true
    }

    /// Replaces the current view (used by "show collections" from the overview).
    pub fn replace(&mut self, view: View) {
        self.views[self.position] = view;
    }
}

/// The kind of view under every overlay.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ViewMode {
    Overview,
    /// Prefixes, partitions and one partition's items.
    Collections,
    Inspector,
    /// The results of a query or of a PartiQL statement (the same table and keys).
    QueryResults,
    /// The GSI browser and the sparse-index inspector.
    Indexes,
    Insights,
    /// The live stream view and one record's diff.
    Stream,
    /// One item's changes, from the stream and the journal.
    ItemHistory,
    /// Why an item is or is not in a query's results.
    Why,
    /// A screen unit, by its name.
    Screen(&'static str),
}

impl ViewMode {
    /// The kind of `view`.
    #[must_use]
    pub fn of(view: &View) -> Self {
        match view {
            View::Overview => Self::Overview,
            View::Prefixes { .. } | View::Partitions { .. } | View::Partition { .. } => {
                Self::Collections
            }
            View::Inspector(_) => Self::Inspector,
            View::QueryResults { .. } | View::StatementResults { .. } => Self::QueryResults,
            View::Indexes { .. }
            | View::IndexGroups { .. }
            | View::IndexItems { .. }
            | View::IndexCoverage { .. } => Self::Indexes,
            View::Insights { .. } => Self::Insights,
            View::Stream { .. } | View::StreamRecord { .. } => Self::Stream,
            View::ItemHistory(_) => Self::ItemHistory,
            View::Why(_) => Self::Why,
            View::Screen(view) => Self::Screen(view.screen()),
        }
    }

    #[must_use]
    pub const fn section(self) -> Section {
        match self {
            Self::Overview => Section::Overview,
            Self::Collections => Section::Collections,
            Self::Inspector => Section::Inspector,
            Self::QueryResults => Section::QueryResults,
            Self::Indexes => Section::Indexes,
            Self::Insights => Section::Insights,
            Self::Stream => Section::Stream,
            Self::ItemHistory => Section::ItemHistory,
            Self::Why => Section::Why,
            Self::Screen(name) => Section::Screen(name),
        }
    }
}
