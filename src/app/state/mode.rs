//! Which screen owns the keyboard and is drawn on top. This is the one place that orders
//! overlays, the edit flow and views: key routing, the keymap section and rendering all match on
//! [`State::mode`], so a key can never go to a screen other than the one drawn.

use super::Prompt;
use super::partiql::{Prepared, StatementForm};
use super::text_field::TextField;
use super::view::ViewMode;
use super::{Overlay, QueryForm, State};
use crate::app::state::bulk::flow::{BulkFlow, BulkForm, BulkStage, DryRun};
use crate::app::state::edit::{EditFlow, EditStage};
use crate::app::state::palette::Palette;
use crate::keymap::Section;

/// The screen in charge, from the topmost layer down, with the state it shows: routing and
/// rendering each destructure it once and never look the screen's data up again.
#[derive(Clone, Copy, Debug)]
pub enum Mode<'a> {
    Help,
    /// Jump to a partition or search the list.
    Prompt(&'a Prompt),
    /// Scanning a large table: the question.
    ConfirmScan {
        size_bytes: u64,
        item_count: Option<u64>,
    },
    /// Leaving the editor would lose changes: the question.
    ConfirmDiscardEdit,
    /// The first write of a session on real AWS: typing the table name.
    TypeTableName(&'a TextField),
    /// The item editor.
    Editor(&'a EditFlow),
    /// The write preview, waiting for confirmation (or the write being sent).
    Preview(&'a EditFlow),
    /// The 3-way view after a conflict.
    Conflict(&'a EditFlow),
    QueryForm(&'a QueryForm),
    Palette(&'a Palette),
    /// The bulk form: what to do with the marked items.
    BulkForm(&'a BulkFlow, &'a BulkForm),
    /// The table name typed before a bulk run on real AWS, and the dry run it confirms.
    BulkTableName(&'a BulkFlow, &'a TextField, &'a DryRun),
    /// A bulk dry run, run or summary (or the scope being read).
    Bulk(&'a BulkFlow),
    /// The PartiQL statement screen.
    Partiql(&'a StatementForm),
    /// A PartiQL statement would scan a large table: the question.
    ConfirmPartiqlScan(&'a Prepared),
    /// The table picker, over every view of the open table (or alone, before one is open).
    Tables,
    /// No overlay: the current view.
    View(ViewMode),
}

/// The flow drawn over the view and under every overlay. An edit started from a bulk summary
/// sits over the bulk flow, so the edit flow comes first.
#[derive(Clone, Copy, Debug)]
pub enum Flow<'a> {
    Edit(&'a EditFlow),
    Bulk(&'a BulkFlow),
}

impl Mode<'_> {
    /// The keymap section that receives keys in this mode.
    #[must_use]
    pub const fn section(self) -> Section {
        match self {
            Self::Help => Section::Help,
            Self::Prompt(_) | Self::TypeTableName(_) => Section::Prompt,
            Self::ConfirmScan { .. } | Self::ConfirmDiscardEdit | Self::ConfirmPartiqlScan(_) => {
                Section::Confirm
            }
            Self::Editor(_) => Section::Editor,
            Self::Preview(_) => Section::Preview,
            Self::Conflict(_) => Section::Conflict,
            Self::QueryForm(_) => Section::QueryForm,
            Self::Palette(_) => Section::Palette,
            Self::Partiql(_) => Section::Partiql,
            Self::Tables => Section::Tables,
            Self::BulkForm(..) | Self::BulkTableName(..) => Section::BulkForm,
            Self::Bulk(_) => Section::Bulk,
            Self::View(view) => view.section(),
        }
    }
}

impl State {
    /// The screen in charge now. The edit flow sits above the view and below every overlay,
    /// including the questions it asks itself (discard, table name).
    #[must_use]
    pub fn mode(&self) -> Mode<'_> {
        if self.help_open {
            Mode::Help
        } else {
            self.screen_mode()
        }
    }

    /// The screen under the help (the screen in charge when no help is shown): the help lists
    /// the keys of this screen, and closing the help gives the keyboard back to it.
    #[must_use]
    pub fn screen_mode(&self) -> Mode<'_> {
        if self.picker.open {
            return Mode::Tables;
        }
        match &self.overlay {
            Some(Overlay::Prompt(prompt)) => Mode::Prompt(prompt),
            Some(Overlay::ConfirmScan {
                size_bytes,
                item_count,
            }) => Mode::ConfirmScan {
                size_bytes: *size_bytes,
                item_count: *item_count,
            },
            Some(Overlay::ConfirmDiscardEdit) => Mode::ConfirmDiscardEdit,
            Some(Overlay::ConfirmPartiqlScan(prepared)) => Mode::ConfirmPartiqlScan(prepared),
            Some(Overlay::TypeTableName(typed)) => Mode::TypeTableName(typed),
            None => match self.flow() {
                Some(Flow::Edit(flow)) => edit_mode(flow),
                Some(Flow::Bulk(flow)) => bulk_mode(flow),
                None => Mode::View(self.view_mode()),
            },
            Some(Overlay::QueryForm(form)) => Mode::QueryForm(form),
            Some(Overlay::Palette(palette)) => Mode::Palette(palette),
            Some(Overlay::Partiql(form)) => Mode::Partiql(form),
        }
    }

    /// The flow over the view, if one is open.
    #[must_use]
    pub fn flow(&self) -> Option<Flow<'_>> {
        match (&self.edits.flow, &self.bulk.flow) {
            (Some(flow), _) => Some(Flow::Edit(flow)),
            (None, Some(flow)) => Some(Flow::Bulk(flow)),
            (None, None) => None,
        }
    }

    /// The kind of the current view (what is under every overlay).
    #[must_use]
    pub fn view_mode(&self) -> ViewMode {
        ViewMode::of(self.views.current())
    }

    /// The keymap section that receives keys now.
    #[must_use]
    pub fn section(&self) -> Section {
        self.mode().section()
    }
}

fn bulk_mode(flow: &BulkFlow) -> Mode<'_> {
    match &flow.stage {
        BulkStage::Form(form) => Mode::BulkForm(flow, form),
        BulkStage::TypeTableName(typed, dry_run) => Mode::BulkTableName(flow, typed, dry_run),
        _ => Mode::Bulk(flow),
    }
}

fn edit_mode(flow: &EditFlow) -> Mode<'_> {
    match &flow.stage {
        EditStage::Review(_) | EditStage::Sending { .. } => Mode::Preview(flow),
        EditStage::Conflict(_) => Mode::Conflict(flow),
        EditStage::Editing => Mode::Editor(flow),
    }
}
