//! The one closed set of things that can happen in the app: key-bound intents and the results of
//! commands the worker ran. The table below is the one place an action is declared: a bindable
//! action is one line there (its name, the one a keymap's `run = "…"` refers to, and its help),
//! and the enum, [`Action::TABLE`] and the names are made from it. Internal results are not in
//! the bindable part, so no keymap can name them and fake a result.

use std::time::Duration;

use super::read::{ReadAnswer, ReadError, ReadFor};
use super::request_id::RequestId;
use crate::backend::BackendError;
use crate::keymap::Bindable;

/// Declares [`Action`] from its two parts: the bindable actions, each `Variant => "name"` in the
/// order the help documents them, and the internal results, written as enum variants.
macro_rules! actions {
    (
        bindable { $( $(#[doc = $doc:literal])* $name:ident => $text:literal, )* }
        internal { $($internal:tt)* }
    ) => {
        /// Everything `update` reacts to.
        #[derive(Clone, Debug, PartialEq)]
        pub enum Action {
            $( $(#[doc = $doc])* $name, )*
            $($internal)*
        }

        impl Action {
            /// The bindable actions of the table, in the order the help overlay documents them;
            /// [`Action::bindable`] adds the one that opens each screen unit.
            pub const TABLE: &'static [Action] = &[$(Self::$name),*];

            /// The keymap name of a bindable action (`None` for internal results).
            #[must_use]
            pub const fn bindable_name(&self) -> Option<&'static str> {
                match self {
                    $(Self::$name => Some($text),)*
                    Self::ShowScreen(show) => Some(show),
                    _ => None,
                }
            }
        }
    };
}

actions! {
    bindable {
        /// Does nothing; `run = "noop"` unbinds a key.
        Noop => "noop",
        /// Leaves the app.
        Quit => "quit",
        /// Closes the overlay, or goes back one view; quits from the first view.
        Back => "back",
        /// Goes back one view in the history.
        HistoryBack => "history_back",
        /// Goes forward one view in the history.
        HistoryForward => "history_forward",
        /// Moves the cursor down one row.
        CursorDown => "cursor_down",
        /// Moves the cursor up one row.
        CursorUp => "cursor_up",
        /// Moves the cursor to the first row.
        CursorFirst => "cursor_first",
        /// Moves the cursor to the last row.
        CursorLast => "cursor_last",
        /// Moves the cursor down one screen.
        PageDown => "page_down",
        /// Moves the cursor up one screen.
        PageUp => "page_up",
        /// Opens the row under the cursor.
        Open => "open",
        /// Shows or hides the help overlay.
        ToggleHelp => "toggle_help",
        /// Shows the table overview (DescribeTable).
        ShowOverview => "show_overview",
        /// Shows the item collections grouped by partition key prefix.
        ShowCollections => "show_collections",
        /// Starts discovery again from scratch.
        RestartScan => "restart_scan",
        /// Reads the view on screen again: the query of the results, the inspected item.
        Refresh => "refresh",
        /// Pauses a running discovery scan, or resumes a paused one.
        TogglePauseScan => "toggle_pause_scan",
        /// Cancels the discovery scan, keeping what was found so far.
        CancelScan => "cancel_scan",
        /// Answers yes to the open question.
        Confirm => "confirm",
        /// Answers the large-table question with a sample: the first page of many segments.
        SampleScan => "sample_scan",
        /// Opens the prompt to jump straight to a partition by its key.
        JumpToPartition => "jump_to_partition",
        /// Opens the prompt to search the current list.
        Search => "search",
        /// Jumps to the next search match.
        SearchNext => "search_next",
        /// Cycles the inspector between the attribute tree, plain JSON and DynamoDB JSON.
        ToggleJson => "toggle_json",
        /// Switches binary values between base64 and hex.
        ToggleBinary => "toggle_binary",
        /// Copies the item as plain JSON.
        CopyItemJson => "copy_item_json",
        /// Copies the item as DynamoDB JSON.
        CopyItemDdbJson => "copy_item_ddb_json",
        /// Copies the item's primary key as DynamoDB JSON.
        CopyKey => "copy_key",
        /// Copies the value under the cursor.
        CopyValue => "copy_value",
        /// Completes the prompt text from what discovery found.
        Complete => "complete",
        /// Accepts the prompt.
        Submit => "submit",
        /// Deletes the character before the text cursor.
        DeleteChar => "delete_char",
        /// Deletes the character under the text cursor.
        DeleteForward => "delete_forward",
        /// Moves the text cursor one character left (a choice field: the previous choice).
        CursorLeft => "cursor_left",
        /// Moves the text cursor one character right (a choice field: the next choice).
        CursorRight => "cursor_right",
        /// Moves the text cursor to the start of the line.
        LineStart => "line_start",
        /// Moves the text cursor to the end of the line.
        LineEnd => "line_end",
        /// Moves the text cursor to the start of the previous word.
        WordLeft => "word_left",
        /// Moves the text cursor to the end of the next word.
        WordRight => "word_right",
        /// Deletes from the start of the line to the text cursor.
        DeleteToStart => "delete_to_start",
        /// Deletes from the text cursor to the end of the line.
        DeleteToEnd => "delete_to_end",
        /// Deletes back to the previous blank, as a shell's Ctrl-W.
        DeleteWordBack => "delete_word_back",
        /// Opens the selected item in the editor.
        EditItem => "edit_item",
        /// Starts a new item from the selected one's entity type.
        NewItem => "new_item",
        /// Copies the selected item under new keys (opens the editor).
        DuplicateItem => "duplicate_item",
        /// Deletes the selected item (after the preview).
        DeleteItem => "delete_item",
        /// Undoes the last write to this table from the journal (after the preview).
        Undo => "undo",
        /// Saves the editor's text: computes the write and shows the preview.
        SaveEdit => "save_edit",
        /// Switches the editor between DynamoDB JSON and typed JSON.
        SwitchEditFormat => "switch_edit_format",
        /// Edits the text in `$EDITOR` instead.
        ExternalEditor => "external_editor",
        /// Cycles the preview's condition: auto, changed values, whole item.
        CycleConditionMode => "cycle_condition_mode",
        /// Also sets the keys the preview lists as out of sync, in the same write.
        UpdateDerivedKeys => "update_derived_keys",
        /// After a conflict: re-applies your change on top of the current item (new preview).
        ReapplyChange => "reapply_change",
        /// Goes back to the editor.
        KeepEditing => "keep_editing",
        /// Throws the edit away; nothing is written.
        DiscardEdit => "discard_edit",
        /// Opens the query builder, prefilled from the partition or item under the cursor.
        OpenQueryForm => "open_query_form",
        /// Opens the PartiQL statement screen (with the last statement typed).
        OpenPartiql => "open_partiql",
        /// Moves to the next field of the form.
        NextField => "next_field",
        /// Moves to the previous field of the form.
        PrevField => "prev_field",
        /// Cycles a choice field (target, operator, order, …) forward.
        NextChoice => "next_choice",
        /// Cycles a choice field backward.
        PrevChoice => "prev_choice",
        /// Switches the form between fields and raw expressions.
        ToggleRawMode => "toggle_raw_mode",
        /// Adds a filter row to the form.
        AddFilterRow => "add_filter_row",
        /// Removes the filter row under the focus.
        RemoveFilterRow => "remove_filter_row",
        /// Stops reading the query's pages.
        CancelQuery => "cancel_query",
        /// Opens the form again with the current results' query.
        EditQuery => "edit_query",
        /// Fetches the base items of an index query's rows with GetItem.
        FetchBaseItems => "fetch_base_items",
        /// Opens the palette: saved access patterns and the query history.
        OpenPalette => "open_palette",
        /// Copies the current query as an AWS CLI command.
        CopyQueryAwsCli => "copy_query_aws_cli",
        /// Copies the current query as a Python (boto3) script.
        CopyQueryBoto3 => "copy_query_boto3",
        /// Copies the current query as a JavaScript (SDK v3) script.
        CopyQueryJavascript => "copy_query_javascript",
        /// Shows the GSI browser: the table and every index.
        ShowIndexes => "show_indexes",
        /// Shows the insights: hot partitions, large items, index cost, key design.
        ShowInsights => "show_insights",
        /// Shows the live stream view: the table's change records, newest first.
        ShowStream => "show_stream",
        /// Opens the prompt that filters the stream view.
        FilterStream => "filter_stream",
        /// Follows the stream again from the oldest record it holds (its trim horizon).
        StreamFromOldest => "stream_from_oldest",
        /// Opens the prompt that says where the stream view starts: latest, oldest or a time.
        StreamStartFrom => "stream_start_from",
        /// Shows the inspected item's history: its changes in the stream and ddbx's journal.
        ShowItemHistory => "show_item_history",
        /// Why an item is or is not in the results on screen (its key typed in a prompt).
        ExplainWhy => "explain_why",
        /// Copies the explanation on screen as text, as `ddbx why` prints it for a ticket.
        CopyExplanation => "copy_explanation",
        /// Opens the table picker to switch to another table.
        ShowTables => "show_tables",
        /// Starts a sampled coverage scan (the first pages of the table).
        CoverageSample => "coverage_sample",
        /// Starts a full coverage scan (the whole table, and a count of every index).
        CoverageFull => "coverage_full",
        /// Shows the sparse-index inspector of the index under the cursor.
        ShowIndexCoverage => "show_index_coverage",
        /// Opens the query builder on the index under the cursor.
        QueryIndex => "query_index",
        /// Fetches the base item behind the index item under the cursor (GetItem).
        FetchBaseItem => "fetch_base_item",
        /// In a partition: moves the cursor to the next sort-key group's heading.
        NextGroup => "next_group",
        /// In a partition: moves the cursor to the previous sort-key group's heading.
        PrevGroup => "prev_group",
        /// Selects the next column of the results grid.
        NextColumn => "next_column",
        /// Selects the previous column of the results grid.
        PrevColumn => "prev_column",
        /// Sorts by the selected column: ascending, descending, unsorted.
        SortColumn => "sort_column",
        /// Hides the selected column, or shows it again.
        HideColumn => "hide_column",
        /// Shows every column again and forgets the hidden ones remembered for the rows' type.
        ResetColumns => "reset_columns",
        /// Widens the selected column.
        WidenColumn => "widen_column",
        /// Narrows the selected column.
        NarrowColumn => "narrow_column",
        /// Marks the item under the cursor for bulk work, or unmarks it.
        ToggleMark => "toggle_mark",
        /// Marks every item from the last one marked to the cursor.
        MarkRange => "mark_range",
        /// Marks everything the list's query matched, reading the pages not loaded yet.
        MarkAll => "mark_all",
        /// Marks every loaded item of the entity under the cursor.
        MarkEntity => "mark_entity",
        /// Unmarks everything.
        ClearMarks => "clear_marks",
        /// Opens the bulk actions on the marked items (export, delete, set, remove, copy).
        BulkActions => "bulk_actions",
        /// Pauses the bulk run, or resumes it.
        PauseBulk => "pause_bulk",
        /// Cancels the bulk run: writes already sent finish, no more are sent.
        CancelBulk => "cancel_bulk",
        /// Undoes the last bulk run of this session (after a dry run).
        UndoBatch => "undo_batch",
        /// Sends the dry run's writes as more of the journaled run of the same plan that was cut
        /// off, leaving out the writes it made and the conflicts it skipped.
        ResumeBatch => "resume_batch",
        /// Stages the write on the preview (or the editor's text) to be committed with others
        /// as one transaction, instead of sending it.
        StageWrite => "stage_write",
        /// Stages a condition check that the item is unchanged since it was read, to go with
        /// the staged writes in their transaction.
        StageCheck => "stage_check",
        /// Adds to (or subtracts from) a number of the item where it stands, guarded on the
        /// result, so other writers' adjustments made meanwhile all count.
        AdjustNumber => "adjust_number",
    }
    internal {
        /// Opens a screen unit: bindable, by the name it holds (`show_<screen>`), which the
        /// screen unit declares.
        ShowScreen(&'static str),
        /// A character typed into the prompt (text-entry keys that no binding claims).
        Input(char),
        /// Text pasted into the terminal (bracketed paste), for the field with the focus.
        Paste(String),
        /// The clock advanced; sent only while something is in flight.
        Tick(Clock),
        /// The terminal was resized.
        Resize { width: u16, height: u16 },
        /// A read answered; `owner` says which part of the state asked for it.
        ReadDone {
            id: RequestId,
            owner: ReadFor,
            result: Result<ReadAnswer, ReadError>,
        },
        /// The clipboard was written (or not).
        Copied(Result<String, String>),
        /// A startup or configuration problem to show on screen (e.g. a bad keymap file).
        Notice(String),
        /// The backend is sending a request again after a failure that may pass.
        Retrying(crate::backend::RetryNotice),
        /// A key typed into the editor (keys the editor section does not bind).
        EditorKey(crate::keymap::key::Key),
        /// A key this screen does not bind but another screen does: said, with where it works.
        KeyElsewhere(crate::keymap::key::Key),
        /// A write finished (or was refused). `journal_error` says why a written write could not
        /// be journaled.
        WriteDone {
            id: RequestId,
            result: Result<crate::write::execute::WriteOutcome, BackendError>,
            journal_error: Option<String>,
        },
        /// `$EDITOR` returned this text (or failed).
        ExternalEdited(Result<String, String>),
        /// `table`'s query history as its file holds it, and a warning for an unreadable line.
        QueryHistoryLoaded {
            table: String,
            history: crate::app::state::query::history::QueryHistory,
            warning: Option<String>,
        },
        /// A group of a bulk run was sent; one result per write, in order.
        BulkGroupDone {
            id: RequestId,
            /// The run's id (named by the worker with the first group; `None` when the journal
            /// refused the run's header, so nothing was sent).
            batch: Option<String>,
            results: Result<Vec<crate::write::batch::ItemResult>, String>,
            journal_error: Option<String>,
        },
        /// The bulk export's file was written (what was written), or not.
        BulkExported {
            id: RequestId,
            result: Result<String, String>,
        },
        /// A transaction of staged changes (or the undo of one) answered.
        TransactionDone {
            id: RequestId,
            result: Result<crate::write::transaction::TransactionAnswer, String>,
        },
    }
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
    /// The bindable action called `name` in a keymap file.
    #[must_use]
    pub fn from_bindable_name(name: &str) -> Option<Self> {
        <Self as Bindable>::from_name(name)
    }
}

/// The keymap of the terminal UI's actions.
pub type Keymap = crate::keymap::Keymap<Action>;

#[cfg(test)]
mod tests {
    use super::*;

    /// The variant's name in snake case: what the keymap name must be, so a name cannot drift
    /// from its variant.
    fn snake_case(variant: &str) -> String {
        let mut name = String::new();
        for c in variant.chars() {
            if c.is_ascii_uppercase() && !name.is_empty() {
                name.push('_');
            }
            name.push(c.to_ascii_lowercase());
        }
        name
    }

    #[test]
    fn every_bindable_name_is_its_variant_in_snake_case_and_round_trips() {
        for action in Action::TABLE {
            let name = action.bindable_name().expect("listed actions are bindable");
            assert_eq!(name, snake_case(&format!("{action:?}")));
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
            "bulk_items_read",
            "batch_loaded",
            "transaction_done",
            "transaction_undo_loaded",
        ] {
            assert_eq!(Action::from_bindable_name(name), None, "{name}");
        }
        let internal = Action::Notice(String::new());
        assert_eq!(internal.bindable_name(), None);
    }
}
