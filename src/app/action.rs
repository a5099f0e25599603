//! The one closed set of things that can happen in the app: key-bound intents and the results of
//! commands the worker ran. Bindable variants are unit variants whose snake_case names are what a
//! keymap's `run = "…"` refers to; internal variants are `#[serde(skip)]` so no keymap can fake a
//! result.

use std::time::Duration;

use serde::{Deserialize, Serialize};

use super::read::{ReadAnswer, ReadFor};
use super::request_id::RequestId;
use crate::backend::BackendError;

/// Everything `update` reacts to.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Action {
    /// Does nothing; `run = "noop"` unbinds a key.
    Noop,
    /// Leaves the app.
    Quit,
    /// Closes the overlay, or goes back one view; quits from the first view.
    Back,
    /// Goes back one view in the history.
    HistoryBack,
    /// Goes forward one view in the history.
    HistoryForward,
    /// Moves the cursor down one row.
    CursorDown,
    /// Moves the cursor up one row.
    CursorUp,
    /// Moves the cursor to the first row.
    CursorFirst,
    /// Moves the cursor to the last row.
    CursorLast,
    /// Moves the cursor down one screen.
    PageDown,
    /// Moves the cursor up one screen.
    PageUp,
    /// Opens the row under the cursor.
    Open,
    /// Shows or hides the help overlay.
    ToggleHelp,
    /// Shows the table overview (DescribeTable).
    ShowOverview,
    /// Shows the item collections grouped by partition key prefix.
    ShowCollections,
    /// Starts discovery again from scratch.
    RestartScan,
    /// Reads the view on screen again: the query of the results, the inspected item.
    Refresh,
    /// Pauses a running discovery scan, or resumes a paused one.
    TogglePauseScan,
    /// Cancels the discovery scan, keeping what was found so far.
    CancelScan,
    /// Answers yes to the open question.
    Confirm,
    /// Answers the large-table question with a sample: the first page of many segments.
    SampleScan,
    /// Opens the prompt to jump straight to a partition by its key.
    JumpToPartition,
    /// Opens the prompt to search the current list.
    Search,
    /// Jumps to the next search match.
    SearchNext,
    /// Cycles the inspector between the attribute tree, plain JSON and DynamoDB JSON.
    ToggleJson,
    /// Switches binary values between base64 and hex.
    ToggleBinary,
    /// Copies the item as plain JSON.
    CopyItemJson,
    /// Copies the item as DynamoDB JSON.
    CopyItemDdbJson,
    /// Copies the item's primary key as DynamoDB JSON.
    CopyKey,
    /// Copies the value under the cursor.
    CopyValue,
    /// Completes the prompt text from what discovery found.
    Complete,
    /// Accepts the prompt.
    Submit,
    /// Deletes the character before the text cursor.
    DeleteChar,
    /// Deletes the character under the text cursor.
    DeleteForward,
    /// Moves the text cursor one character left (a choice field: the previous choice).
    CursorLeft,
    /// Moves the text cursor one character right (a choice field: the next choice).
    CursorRight,
    /// Moves the text cursor to the start of the line.
    LineStart,
    /// Moves the text cursor to the end of the line.
    LineEnd,
    /// Moves the text cursor to the start of the previous word.
    WordLeft,
    /// Moves the text cursor to the end of the next word.
    WordRight,
    /// Deletes from the start of the line to the text cursor.
    DeleteToStart,
    /// Deletes from the text cursor to the end of the line.
    DeleteToEnd,
    /// Deletes back to the previous blank, as a shell's Ctrl-W.
    DeleteWordBack,
    /// Opens the query builder, prefilled from the partition or item under the cursor.
    OpenQueryForm,
    /// Opens the PartiQL statement screen (with the last statement typed).
    OpenPartiql,
    /// Moves to the next field of the form.
    NextField,
    /// Moves to the previous field of the form.
    PrevField,
    /// Cycles a choice field (target, operator, order, …) forward.
    NextChoice,
    /// Cycles a choice field backward.
    PrevChoice,
    /// Switches the form between fields and raw expressions.
    ToggleRawMode,
    /// Adds a filter row to the form.
    AddFilterRow,
    /// Removes the filter row under the focus.
    RemoveFilterRow,
    /// Stops reading the query's pages.
    CancelQuery,
    /// Opens the form again with the current results' query.
    EditQuery,
    /// Fetches the base items of an index query's rows with GetItem.
    FetchBaseItems,
    /// Opens the palette: saved access patterns and the query history.
    OpenPalette,
    /// Copies the current query as an AWS CLI command.
    CopyQueryAwsCli,
    /// Copies the current query as a Python (boto3) script.
    CopyQueryBoto3,
    /// Copies the current query as a JavaScript (SDK v3) script.
    CopyQueryJavascript,
    /// Shows the GSI browser: the table and every index.
    ShowIndexes,
    /// Shows the insights: hot partitions, large items, index cost, key design.
    ShowInsights,
    /// Opens the table picker to switch to another table.
    ShowTables,
    /// Shows the live stream view: the table's change records, newest first.
    ShowStream,
    /// Opens the prompt that filters the stream view.
    FilterStream,
    /// Shows the inspected item's history: its changes in the stream and ddbx's journal.
    ShowItemHistory,
    /// Starts a sampled coverage scan (the first pages of the table).
    CoverageSample,
    /// Starts a full coverage scan (the whole table, and a count of every index).
    CoverageFull,
    /// Shows the sparse-index inspector of the index under the cursor.
    ShowIndexCoverage,
    /// Opens the query builder on the index under the cursor.
    QueryIndex,
    /// Fetches the base item behind the index item under the cursor (GetItem).
    FetchBaseItem,
    /// Selects the next column of the results table.
    NextColumn,
    /// Selects the previous column of the results table.
    PrevColumn,
    /// Sorts by the selected column: ascending, descending, unsorted.
    SortColumn,
    /// Hides the selected column, or shows it again.
    HideColumn,
    /// Widens the selected column.
    WidenColumn,
    /// Narrows the selected column.
    NarrowColumn,
    /// Marks the item under the cursor for bulk work, or unmarks it.
    ToggleMark,
    /// Marks every item from the last one marked to the cursor.
    MarkRange,
    /// Marks everything the list's query matched, reading the pages not loaded yet.
    MarkAll,
    /// Marks every loaded item of the entity under the cursor.
    MarkEntity,
    /// Unmarks everything.
    ClearMarks,
    /// Opens the bulk actions on the marked items (export, delete, set, remove, copy).
    BulkActions,
    /// Pauses the bulk run, or resumes it.
    PauseBulk,
    /// Cancels the bulk run: writes already sent finish, no more are sent.
    CancelBulk,
    /// Undoes the last bulk run of this session (after a dry run).
    UndoBatch,
    /// Sends the dry run's writes as more of the journaled run of the same plan that was cut
    /// off, leaving out the writes it made and the conflicts it skipped.
    ResumeBatch,

    /// A character typed into the prompt (text-entry keys that no binding claims).
    #[serde(skip)]
    Input(char),
    /// Text pasted into the terminal (bracketed paste), for the field with the focus.
    #[serde(skip)]
    Paste(String),
    /// The clock advanced; sent only while something is in flight.
    #[serde(skip)]
    Tick(Clock),
    /// The terminal was resized.
    #[serde(skip)]
    Resize { width: u16, height: u16 },
    /// A read answered; `owner` says which part of the state asked for it.
    #[serde(skip)]
    ReadDone {
        id: RequestId,
        owner: ReadFor,
        result: Result<ReadAnswer, BackendError>,
    },
    /// The clipboard was written (or not).
    #[serde(skip)]
    Copied(Result<String, String>),
    /// A startup or configuration problem to show on screen (e.g. a bad keymap file).
    #[serde(skip)]
    Notice(String),

    /// Opens the selected item in the editor.
    EditItem,
    /// Starts a new item from the selected one's entity type.
    NewItem,
    /// Copies the selected item under new keys (opens the editor).
    DuplicateItem,
    /// Deletes the selected item (after the preview).
    DeleteItem,
    /// Undoes the last write to this table from the journal (after the preview).
    Undo,
    /// Saves the editor's text: computes the write and shows the preview.
    SaveEdit,
    /// Switches the editor between DynamoDB JSON and typed JSON.
    SwitchEditFormat,
    /// Edits the text in `$EDITOR` instead.
    ExternalEditor,
    /// Cycles the preview's condition: auto, changed values, whole item.
    CycleConditionMode,
    /// After a conflict: re-applies your change on top of the current item (new preview).
    ReapplyChange,
    /// Goes back to the editor.
    KeepEditing,
    /// Throws the edit away; nothing is written.
    DiscardEdit,
    /// A key typed into the editor (keys the editor section does not bind).
    #[serde(skip)]
    EditorKey(crate::keymap::key::Key),
    /// A write finished (or was refused). `journal_error` says why a written write could not
    /// be journaled.
    #[serde(skip)]
    WriteDone {
        id: RequestId,
        result: Result<crate::edit::execute::WriteOutcome, BackendError>,
        journal_error: Option<String>,
    },
    /// The journal's last entry for the table, for undo.
    #[serde(skip)]
    JournalLoaded {
        id: RequestId,
        result: Result<Option<Box<crate::journal::JournalEntry>>, String>,
    },
    /// `$EDITOR` returned this text (or failed).
    #[serde(skip)]
    ExternalEdited(Result<String, String>),
    /// A group of a bulk run was sent; one result per write, in order.
    #[serde(skip)]
    BulkGroupDone {
        id: RequestId,
        /// The run's id (named by the worker with the first group; `None` when the journal
        /// refused the run's header, so nothing was sent).
        batch: Option<String>,
        results: Result<Vec<crate::edit::batch::ItemResult>, String>,
        journal_error: Option<String>,
    },
    /// The bulk export's file was written (what was written), or not.
    #[serde(skip)]
    BulkExported {
        id: RequestId,
        result: Result<String, String>,
    },
    /// The marked items read whole by key, in order (`None`: no longer in the table).
    #[serde(skip)]
    BulkItemsRead {
        id: RequestId,
        result: Result<
            Vec<(
                crate::domain::value::Item,
                Option<crate::domain::value::Item>,
            )>,
            String,
        >,
    },
    /// The journaled run a resume continues (`None`: no run of that plan), settled.
    #[serde(skip)]
    CutOffRunFound {
        id: RequestId,
        result: Result<Option<crate::edit::resume::ResumePoint>, String>,
    },
    /// The writes a run made, settled from the journal, for its undo.
    #[serde(skip)]
    BatchLoaded {
        id: RequestId,
        result: Result<Vec<crate::journal::JournalEntry>, String>,
    },
}

/// Time as the loop sees it, passed in so `update` never reads a clock.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Clock {
    /// Time since the app started (drives the spinner and scan elapsed time).
    pub uptime: Duration,
    /// Wall-clock seconds since the Unix epoch (drives TTL "expires in").
    pub unix_seconds: i64,
}

impl Action {
    /// Every bindable action, in the order the help overlay documents them.
    pub const BINDABLE: &'static [Action] = &[
        Self::Noop,
        Self::Quit,
        Self::Back,
        Self::HistoryBack,
        Self::HistoryForward,
        Self::CursorDown,
        Self::CursorUp,
        Self::CursorFirst,
        Self::CursorLast,
        Self::PageDown,
        Self::PageUp,
        Self::Open,
        Self::ToggleHelp,
        Self::ShowOverview,
        Self::ShowCollections,
        Self::RestartScan,
        Self::Refresh,
        Self::TogglePauseScan,
        Self::CancelScan,
        Self::Confirm,
        Self::SampleScan,
        Self::JumpToPartition,
        Self::Search,
        Self::SearchNext,
        Self::ToggleJson,
        Self::ToggleBinary,
        Self::CopyItemJson,
        Self::CopyItemDdbJson,
        Self::CopyKey,
        Self::CopyValue,
        Self::Complete,
        Self::Submit,
        Self::DeleteChar,
        Self::DeleteForward,
        Self::CursorLeft,
        Self::CursorRight,
        Self::LineStart,
        Self::LineEnd,
        Self::WordLeft,
        Self::WordRight,
        Self::DeleteToStart,
        Self::DeleteToEnd,
        Self::DeleteWordBack,
        Self::EditItem,
        Self::NewItem,
        Self::DuplicateItem,
        Self::DeleteItem,
        Self::Undo,
        Self::SaveEdit,
        Self::SwitchEditFormat,
        Self::ExternalEditor,
        Self::CycleConditionMode,
        Self::ReapplyChange,
        Self::KeepEditing,
        Self::DiscardEdit,
        Self::OpenQueryForm,
        Self::OpenPartiql,
        Self::NextField,
        Self::PrevField,
        Self::NextChoice,
        Self::PrevChoice,
        Self::ToggleRawMode,
        Self::AddFilterRow,
        Self::RemoveFilterRow,
        Self::CancelQuery,
        Self::EditQuery,
        Self::FetchBaseItems,
        Self::OpenPalette,
        Self::CopyQueryAwsCli,
        Self::CopyQueryBoto3,
        Self::CopyQueryJavascript,
        Self::ShowIndexes,
        Self::ShowInsights,
        Self::ShowStream,
        Self::FilterStream,
        Self::ShowItemHistory,
        Self::ShowTables,
        Self::CoverageSample,
        Self::CoverageFull,
        Self::ShowIndexCoverage,
        Self::QueryIndex,
        Self::FetchBaseItem,
        Self::NextColumn,
        Self::PrevColumn,
        Self::SortColumn,
        Self::HideColumn,
        Self::WidenColumn,
        Self::NarrowColumn,
        Self::ToggleMark,
        Self::MarkRange,
        Self::MarkAll,
        Self::MarkEntity,
        Self::ClearMarks,
        Self::BulkActions,
        Self::PauseBulk,
        Self::CancelBulk,
        Self::UndoBatch,
        Self::ResumeBatch,
    ];

    /// The keymap name of a bindable action (`None` for internal results). The match is
    /// exhaustive on purpose: adding a variant forces a decision here.
    #[must_use]
    pub fn bindable_name(&self) -> Option<&'static str> {
        Some(match self {
            Self::Noop => "noop",
            Self::Quit => "quit",
            Self::Back => "back",
            Self::HistoryBack => "history_back",
            Self::HistoryForward => "history_forward",
            Self::CursorDown => "cursor_down",
            Self::CursorUp => "cursor_up",
            Self::CursorFirst => "cursor_first",
            Self::CursorLast => "cursor_last",
            Self::PageDown => "page_down",
            Self::PageUp => "page_up",
            Self::Open => "open",
            Self::ToggleHelp => "toggle_help",
            Self::ShowOverview => "show_overview",
            Self::ShowCollections => "show_collections",
            Self::RestartScan => "restart_scan",
            Self::Refresh => "refresh",
            Self::TogglePauseScan => "toggle_pause_scan",
            Self::CancelScan => "cancel_scan",
            Self::Confirm => "confirm",
            Self::SampleScan => "sample_scan",
            Self::JumpToPartition => "jump_to_partition",
            Self::Search => "search",
            Self::SearchNext => "search_next",
            Self::ToggleJson => "toggle_json",
            Self::ToggleBinary => "toggle_binary",
            Self::CopyItemJson => "copy_item_json",
            Self::CopyItemDdbJson => "copy_item_ddb_json",
            Self::CopyKey => "copy_key",
            Self::CopyValue => "copy_value",
            Self::Complete => "complete",
            Self::Submit => "submit",
            Self::DeleteChar => "delete_char",
            Self::DeleteForward => "delete_forward",
            Self::CursorLeft => "cursor_left",
            Self::CursorRight => "cursor_right",
            Self::LineStart => "line_start",
            Self::LineEnd => "line_end",
            Self::WordLeft => "word_left",
            Self::WordRight => "word_right",
            Self::DeleteToStart => "delete_to_start",
            Self::DeleteToEnd => "delete_to_end",
            Self::DeleteWordBack => "delete_word_back",
            Self::EditItem => "edit_item",
            Self::NewItem => "new_item",
            Self::DuplicateItem => "duplicate_item",
            Self::DeleteItem => "delete_item",
            Self::Undo => "undo",
            Self::SaveEdit => "save_edit",
            Self::SwitchEditFormat => "switch_edit_format",
            Self::ExternalEditor => "external_editor",
            Self::CycleConditionMode => "cycle_condition_mode",
            Self::ReapplyChange => "reapply_change",
            Self::KeepEditing => "keep_editing",
            Self::DiscardEdit => "discard_edit",
            Self::EditorKey(_)
            | Self::WriteDone { .. }
            | Self::JournalLoaded { .. }
            | Self::ExternalEdited(_)
            | Self::BulkGroupDone { .. }
            | Self::BulkExported { .. }
            | Self::BulkItemsRead { .. }
            | Self::CutOffRunFound { .. }
            | Self::BatchLoaded { .. } => return None,
            Self::OpenQueryForm => "open_query_form",
            Self::OpenPartiql => "open_partiql",
            Self::NextField => "next_field",
            Self::PrevField => "prev_field",
            Self::NextChoice => "next_choice",
            Self::PrevChoice => "prev_choice",
            Self::ToggleRawMode => "toggle_raw_mode",
            Self::AddFilterRow => "add_filter_row",
            Self::RemoveFilterRow => "remove_filter_row",
            Self::CancelQuery => "cancel_query",
            Self::EditQuery => "edit_query",
            Self::FetchBaseItems => "fetch_base_items",
            Self::OpenPalette => "open_palette",
            Self::CopyQueryAwsCli => "copy_query_aws_cli",
            Self::CopyQueryBoto3 => "copy_query_boto3",
            Self::CopyQueryJavascript => "copy_query_javascript",
            Self::ShowIndexes => "show_indexes",
            Self::ShowInsights => "show_insights",
            Self::ShowStream => "show_stream",
            Self::FilterStream => "filter_stream",
            Self::ShowItemHistory => "show_item_history",
            Self::ShowTables => "show_tables",
            Self::CoverageSample => "coverage_sample",
            Self::CoverageFull => "coverage_full",
            Self::ShowIndexCoverage => "show_index_coverage",
            Self::QueryIndex => "query_index",
            Self::FetchBaseItem => "fetch_base_item",
            Self::NextColumn => "next_column",
            Self::PrevColumn => "prev_column",
            Self::SortColumn => "sort_column",
            Self::HideColumn => "hide_column",
            Self::WidenColumn => "widen_column",
            Self::NarrowColumn => "narrow_column",
            Self::ToggleMark => "toggle_mark",
            Self::MarkRange => "mark_range",
            Self::MarkAll => "mark_all",
            Self::MarkEntity => "mark_entity",
            Self::ClearMarks => "clear_marks",
            Self::BulkActions => "bulk_actions",
            Self::PauseBulk => "pause_bulk",
            Self::CancelBulk => "cancel_bulk",
            Self::UndoBatch => "undo_batch",
            Self::ResumeBatch => "resume_batch",
            Self::Input(_)
            | Self::Paste(_)
            | Self::Tick(_)
            | Self::Resize { .. }
            | Self::ReadDone { .. }
            | Self::Copied(_)
            | Self::Notice(_) => return None,
        })
    }

    /// The bindable action called `name` in a keymap file, through serde so the names can never
    /// drift from the enum.
    #[must_use]
    pub fn from_bindable_name(name: &str) -> Option<Self> {
        use serde::de::IntoDeserializer;
        let deserializer: serde::de::value::StrDeserializer<'_, serde::de::value::Error> =
            name.into_deserializer();
        Self::deserialize(deserializer)
            .ok()
            .filter(|action| action.bindable_name().is_some())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_bindable_name_round_trips_through_serde() {
        for action in Action::BINDABLE {
            let name = action.bindable_name().expect("listed actions are bindable");
            assert_eq!(
                Action::from_bindable_name(name).as_ref(),
                Some(action),
                "{name}"
            );
        }
    }

    #[test]
    fn internal_result_actions_cannot_be_named_in_a_keymap() {
        for name in [
            "input",
            "paste",
            "tick",
            "resize",
            "read_done",
            "copied",
            "notice",
            "editor_key",
            "write_done",
            "journal_loaded",
            "external_edited",
        ] {
            assert_eq!(Action::from_bindable_name(name), None, "{name}");
        }
    }
}
