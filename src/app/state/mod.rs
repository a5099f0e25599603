//! Everything the app knows; `ui` draws it, only `update` changes it.

pub mod bulk;
pub mod change_rows;
pub mod edit;
pub mod edits;
pub mod explore;
pub mod grid;
pub mod indexes;
pub mod insights;
pub mod inspect;
pub mod item_history;
pub mod loadable;
pub mod mode;
pub mod paging;
pub mod palette;
pub mod partiql;
pub mod query;
pub mod rows;
pub mod screen_view;
pub mod screens;
pub mod session;
pub mod stale;
pub mod stream;
pub mod table_state;
pub mod tables;
pub mod text_field;
pub mod view;
pub mod why;

pub use explore::discovery::{Discovery, ScanStatus};
pub use explore::partition::Partition;
pub use inspect::inspector::Inspector;
pub use loadable::Loadable;
pub use mode::Mode;
pub use paging::Paging;
pub use query::form::QueryForm;
pub use query::run::QueryRun;
pub use table_state::TableState;
pub use view::{View, ViewMode, ViewStack};

use super::action::Clock;
use super::request_id::{RequestId, RequestIds};
use crate::app::action::Keymap;
use crate::backend::Connection;
use crate::domain::entity::EntityDecoder;
use crate::domain::schema::TableDescription;
use crate::domain::value::Item;

/// Tunables fixed at startup.
#[derive(Clone, Debug, PartialEq)]
pub struct Settings {
    /// Parallel Scan segments for discovery.
    pub scan_segments: u32,
    /// `Limit` of each discovery Scan page and partition Query page.
    pub page_size: u32,
    /// Tables larger than this (DescribeTable's size) ask before being scanned.
    pub large_table_bytes: u64,
    /// The palette the screens are drawn in.
    pub theme: Theme,
}

/// The palettes: one for dark terminal backgrounds, one for light ones, and one without colour
/// (`NO_COLOR`) that shows every role by modifiers alone.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Theme {
    #[default]
    Dark,
    Light,
    NoColour,
}

impl Default for Settings {
    fn default() -> Self {
        Self {
            scan_segments: 1,
            page_size: 500,
            large_table_bytes: crate::domain::limits::LARGE_TABLE_BYTES,
            theme: Theme::Dark,
        }
    }
}

/// What the prompt is for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PromptKind {
    JumpToPartition,
    Search,
    /// The stream view's filter.
    StreamFilter,
    /// Where the stream view starts reading: latest, oldest or a time.
    StreamStart,
    /// The key of the item whose presence in the results is explained.
    Why,
    /// Text a screen unit asks for, named by its screen: the unit titles the prompt and takes
    /// the text.
    Screen(&'static str),
    /// A number of the inspected item to adjust where it stands, and its bounds.
    Adjust,
}

/// A line of text being typed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Prompt {
    pub kind: PromptKind,
    pub text: text_field::TextField,
}

/// Something drawn over the current view that owns the keyboard.
#[derive(Clone, Debug, PartialEq)]
pub enum Overlay {
    Prompt(Prompt),
    /// Scanning a large table: the question shown.
    ConfirmScan {
        size_bytes: u64,
        item_count: Option<u64>,
    },
    /// Leaving the editor would lose changes: the question shown.
    ConfirmDiscardEdit,
    /// The first write of a session on real AWS: the table name typed so far.
    TypeTableName(text_field::TextField),
    /// The query builder form.
    QueryForm(Box<QueryForm>),
    /// The PartiQL statement screen.
    Partiql(Box<partiql::StatementForm>),
    /// A statement that scans a large table: the question, and the read it would send.
    ConfirmPartiqlScan(Box<partiql::prepared::Prepared>),
    /// The palette: access patterns and query history, filtered as you type.
    Palette(palette::Palette),
}

/// The latest message for the status line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Notice {
    Info(String),
    Error(String),
}

/// The whole app state.
#[derive(Clone, Debug)]
pub struct State {
    /// The open table: its name, description and overview.
    pub table: TableState,
    /// Where ddbx is connected, as whom, and where writes are journaled.
    pub session: session::Session,
    pub keymap: Keymap,
    pub settings: Settings,
    /// Entity decoding (heuristics, or the `--model` file's templates).
    pub entities: EntityDecoder,
    /// The views visited, back and forward (the view history; not the query history nor an
    /// item's history).
    pub views: ViewStack,
    pub overlay: Option<Overlay>,
    /// The re-read of the inspected item in flight, and that item's primary key.
    pub item_reread: Option<(RequestId, Item)>,
    /// The help, shown over whichever screen [`State::screen_mode`] names.
    pub help_open: bool,
    /// Rows of the help scrolled past, when its keys do not fit the screen.
    pub help_scroll: usize,
    /// The discovery scan, the collections and the partitions opened from them.
    pub explore: explore::Explore,
    pub notice: Option<Notice>,
    pub clock: Clock,
    pub ids: RequestIds,
    /// Terminal size, for paging and for hints.
    pub viewport: (u16, u16),
    pub quitting: bool,
    /// What is being written to the open table: the edit in progress, the staged changes, undo.
    pub edits: edits::Edits,
    /// The queries run from the builder and the query history.
    pub queries: query::queries::Queries,
    /// The columns the user hid in results grids, per table and entity type, and the file
    /// that keeps them across sessions.
    pub column_choices: crate::storage::column_choices::ColumnChoices,
    pub indexes: indexes::Indexes,
    /// The insights screen's scan and report, once opened.
    pub insights: Option<insights::InsightsRun>,
    /// The stream view, once opened on a table with a stream.
    pub stream: Option<stream::StreamView>,
    /// The table picker (its lists outlive switching tables).
    pub picker: tables::TablePicker,
    /// The marked items and the bulk flow over them.
    pub bulk: bulk::Bulk,
    /// PartiQL statements run from the UI, and the last one typed.
    pub partiql: partiql::Partiql,
}

impl State {
    /// Opens the item inspector on `item`, over the current view.
    pub fn inspect(&mut self, item: Item) {
        self.views
            .open(View::Inspector(Box::new(Inspector::new(item))));
    }

    /// A fresh state on the table overview; the first `update(Action::…)` triggers nothing —
    /// call [`crate::app::update::start`] for the startup commands.
    #[must_use]
    pub fn new(
        table: impl Into<String>,
        connection: Connection,
        keymap: Keymap,
        settings: Settings,
    ) -> Self {
        let segments = settings.scan_segments;
        Self {
            table: TableState::new(table.into()),
            session: session::Session::new(connection),
            keymap,
            settings,
            entities: EntityDecoder::new(),
            views: ViewStack::new(View::Prefixes { cursor: 0 }),
            overlay: None,
            help_open: false,
            help_scroll: 0,
            item_reread: None,
            explore: explore::Explore::new(segments),
            notice: None,
            clock: Clock::default(),
            ids: RequestIds::default(),
            viewport: (80, 24),
            quitting: false,
            edits: edits::Edits::default(),
            queries: query::queries::Queries::default(),
            column_choices: crate::storage::column_choices::ColumnChoices::default(),
            indexes: indexes::Indexes::default(),
            insights: None,
            stream: None,
            picker: tables::TablePicker::default(),
            bulk: bulk::Bulk::default(),
            partiql: partiql::Partiql::default(),
        }
    }

    /// The account id to show, once known.
    #[must_use]
    pub fn account_id(&self) -> Option<&str> {
        self.session.account.loaded().and_then(Option::as_deref)
    }

    /// Every item read so far that the state keeps: the opened partitions, the query results and
    /// the statement results.
    /// Compactly kept items are decoded one at a time as the iteration reaches them.
    pub fn items_read(&self) -> impl Iterator<Item = Item> + Clone {
        self.explore
            .partitions
            .values()
            .flat_map(|partition| partition.items.items().iter())
            .chain(self.queries.runs.iter().flat_map(|run| run.items.iter()))
            .chain(self.partiql.runs.iter().flat_map(|run| run.items.iter()))
    }

    /// The table description, once loaded.
    #[must_use]
    pub fn described(&self) -> Option<&TableDescription> {
        self.table.description.loaded().map(AsRef::as_ref)
    }

    /// True while a request is in flight (the loop ticks only then): each feature says so of its
    /// own.
    #[must_use]
    pub fn is_busy(&self) -> bool {
        matches!(self.table.description, Loadable::Loading(_))
            || self.table.loading.is_some()
            || self.explore.discovery.in_flight().next().is_some()
            || self
                .explore
                .partitions
                .values()
                .any(|partition| partition.paging.in_flight().is_some())
            || self.edits.is_busy()
            || self.queries.runs.iter().any(QueryRun::is_busy)
            || self.indexes.is_busy()
            || self.picker.is_busy()
            || self.bulk.is_busy()
            || self.partiql.is_busy()
            || self
                .insights
                .as_ref()
                .is_some_and(insights::InsightsRun::is_busy)
            || self
                .stream
                .as_ref()
                .is_some_and(stream::StreamView::is_following)
    }

    /// Rows visible in a list (terminal height minus header, status and borders).
    #[must_use]
    pub fn list_height(&self) -> usize {
        usize::from(self.viewport.1.saturating_sub(6)).max(1)
    }
}
