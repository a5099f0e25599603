//! Which screen owns the keyboard and is drawn on top. This is the one place that orders
//! overlays, the edit flow and views: key routing, the keymap section and rendering all match on
//! [`State::mode`], so a key can never go to a screen other than the one drawn.

use super::{Overlay, State, View};
use crate::app::state::bulk::BulkStage;
use crate::app::state::edit::EditStage;
use crate::keymap::Section;

/// The screen in charge, from the topmost layer down.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mode {
    Help,
    /// Jump to a partition or search the list.
    Prompt,
    /// Scanning a large table: the question.
    ConfirmScan,
    /// Leaving the editor would lose changes: the question.
    ConfirmDiscardEdit,
    /// The first write of a session on real AWS: typing the table name.
    TypeTableName,
    /// The item editor.
    Editor,
    /// The write preview, waiting for confirmation (or the write being sent).
    Preview,
    /// The 3-way view after a conflict.
    Conflict,
    QueryForm,
    Palette,
    /// The bulk form, or the table name typed before a bulk run on real AWS.
    BulkForm,
    /// A bulk dry run, run or summary.
    Bulk,
    /// The PartiQL statement screen.
    Partiql,
    /// A PartiQL statement would scan a large table: the question.
    ConfirmPartiqlScan,
    /// The table picker, over every view of the open table (or alone, before one is open).
    Tables,
    /// No overlay: the current view.
    View(ViewMode),
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
}

impl Mode {
    /// The keymap section that receives keys in this mode.
    #[must_use]
    pub const fn section(self) -> Section {
        match self {
            Self::Help => Section::Help,
            Self::Prompt | Self::TypeTableName => Section::Prompt,
            Self::ConfirmScan | Self::ConfirmDiscardEdit | Self::ConfirmPartiqlScan => {
                Section::Confirm
            }
            Self::Editor => Section::Editor,
            Self::Preview => Section::Preview,
            Self::Conflict => Section::Conflict,
            Self::QueryForm => Section::QueryForm,
            Self::Palette => Section::Palette,
            Self::Partiql => Section::Partiql,
            Self::Tables => Section::Tables,
            Self::BulkForm => Section::BulkForm,
            Self::Bulk => Section::Bulk,
            Self::View(view) => view.section(),
        }
    }
}

impl ViewMode {
    /// The kind of `view`.
    #[must_use]
    pub const fn of(view: &View) -> Self {
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
        }
    }
}

impl State {
    /// The screen in charge now. The edit flow sits above the view and below every overlay,
    /// including the questions it asks itself (discard, table name).
    #[must_use]
    pub fn mode(&self) -> Mode {
        if self.help_open {
            Mode::Help
        } else {
            self.screen_mode()
        }
    }

    /// The screen under the help (the screen in charge when no help is shown): the help lists
    /// the keys of this screen, and closing the help gives the keyboard back to it.
    #[must_use]
    pub fn screen_mode(&self) -> Mode {
        if self.tables.open {
            return Mode::Tables;
        }
        match &self.overlay {
            Some(Overlay::Prompt(_)) => Mode::Prompt,
            Some(Overlay::ConfirmScan { .. }) => Mode::ConfirmScan,
            Some(Overlay::ConfirmDiscardEdit) => Mode::ConfirmDiscardEdit,
            Some(Overlay::ConfirmPartiqlScan(_)) => Mode::ConfirmPartiqlScan,
            Some(Overlay::TypeTableName(_)) => Mode::TypeTableName,
            None if self.edit.is_some() => self.edit_mode(),
            None if self.bulk.flow.is_some() => self.bulk_mode(),
            Some(Overlay::QueryForm(_)) => Mode::QueryForm,
            Some(Overlay::Palette(_)) => Mode::Palette,
            Some(Overlay::Partiql(_)) => Mode::Partiql,
            None => Mode::View(self.view_mode()),
        }
    }

    /// The kind of the current view (what is under every overlay).
    #[must_use]
    pub fn view_mode(&self) -> ViewMode {
        ViewMode::of(self.history.current())
    }

    fn bulk_mode(&self) -> Mode {
        match self.bulk.flow.as_deref().map(|flow| &flow.stage) {
            Some(BulkStage::Form(_) | BulkStage::TypeTableName(..)) => Mode::BulkForm,
            _ => Mode::Bulk,
        }
    }

    fn edit_mode(&self) -> Mode {
        match self.edit.as_deref().map(|flow| &flow.stage) {
            Some(EditStage::Review(_) | EditStage::Sending { .. }) => Mode::Preview,
            Some(EditStage::Conflict(_)) => Mode::Conflict,
            Some(EditStage::Editing) | None => Mode::Editor,
        }
    }

    /// The keymap section that receives keys now.
    #[must_use]
    pub fn section(&self) -> Section {
        self.mode().section()
    }
}
