//! An item edit in progress: the editor's text, the write waiting for the user's confirmation
//! (the preview), and the 3-way view after a conflict. Nothing here sends anything; `update`
//! turns a confirmed [`Review`] into a write command.

use ratatui_textarea::TextArea;

use crate::app::request_id::RequestId;
use crate::domain::edit::{ConditionMode, EditFormat, EditTextError, PlannedWrite};
use crate::domain::value::Item;
use crate::journal::JournalEntry;

pub mod editor_text;
pub mod reverted;

use editor_text::EditorText;

/// What the user set out to do.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum EditPurpose {
    /// Change an existing item (a key change becomes a move).
    Edit,
    /// A new item started from the selected one's entity type.
    Create,
    /// A copy of the selected item under new keys.
    Duplicate,
    Delete,
    /// Add to numbers where they stand, guarded on the result.
    Adjust,
    /// Restore the before-image of the journal's last write on this table.
    Undo,
    /// The latest version of a versioned item, edited into the next version: staged as the new
    /// version and the updated `v0`, committed as one transaction.
    NewVersion,
}

impl EditPurpose {
    /// Words for titles and notices.
    #[must_use]
    pub const fn label(self) -> &'static str {
        match self {
            Self::Edit => "edit",
            Self::Create => "new item",
            Self::Duplicate => "duplicate",
            Self::Delete => "delete",
            Self::Adjust => "adjustment",
            Self::Undo => "undo",
            Self::NewVersion => "new version",
        }
    }

    /// Whether the write creates an item (conditioned on its key not existing).
    #[must_use]
    pub const fn creates(self) -> bool {
        matches!(self, Self::Create | Self::Duplicate)
    }
}

/// The format the editor opens in: DynamoDB JSON, the form the AWS CLI and consoles use.
pub const DEFAULT_EDIT_FORMAT: EditFormat = EditFormat::DdbJson;

/// The text area and what its text means right now.
#[derive(Clone, Debug)]
pub struct Editor {
    pub textarea: TextArea<'static>,
    pub format: EditFormat,
    /// The item the editor was opened with.
    pub baseline: Item,
    /// `baseline` as text in `format`, to tell whether leaving would lose changes.
    pub loaded: String,
    /// The current text parsed (re-parsed after every change), or where it is wrong.
    pub parsed: Result<Item, EditTextError>,
}

fn textarea(text: &str) -> TextArea<'static> {
    let mut textarea = TextArea::from(text.lines().map(str::to_owned));
    textarea.set_tab_length(2);
    // Long values wrap instead of scrolling sideways: only the visible part of a 350 KB line is
    // drawn, and the whole value can be read.
    textarea.set_wrap_mode(ratatui_textarea::WrapMode::WordOrGlyph);
    // Line numbers, because JSON errors are reported by line and column; unstyled here, as the
    // palette is the renderer's to apply.
    textarea.set_line_number_style(ratatui::style::Style::new());
    textarea
}

impl Editor {
    /// An editor holding `item` in `format`.
    #[must_use]
    pub fn new(item: &Item, format: EditFormat) -> Self {
        let text = EditorText::render(item, format);
        Self {
            textarea: textarea(&text),
            format,
            baseline: item.clone(),
            parsed: Ok(item.clone()),
            loaded: text,
        }
    }

    /// The whole text.
    #[must_use]
    pub fn text(&self) -> String {
        self.textarea.lines().join("\n")
    }

    /// Parses the text again (after a change).
    pub fn reparse(&mut self) {
        self.parsed = EditorText::parse(&self.text(), self.format);
    }

    /// Replaces the whole text (from `$EDITOR`).
    pub fn replace_text(&mut self, text: &str) {
        self.textarea = textarea(text);
        self.reparse();
    }

    /// Replaces the text with `item` in the current format: a change made from the preview, so
    /// going back to the text (or to the draft) shows it.
    pub fn show_item(&mut self, item: &Item) {
        self.replace_text(&EditorText::render(item, self.format));
    }

    /// Shows `item` (the parsed text) in another format; unsaved changes stay unsaved.
    pub fn switch_format(&mut self, item: &Item, format: EditFormat) {
        self.textarea = textarea(&EditorText::render(item, format));
        self.loaded = EditorText::render(&self.baseline, format);
        self.format = format;
        self.parsed = Ok(item.clone());
    }

    /// True when the text differs from what was loaded.
    #[must_use]
    pub fn is_dirty(&self) -> bool {
        self.text() != self.loaded.trim_end_matches('\n')
    }
}

/// A planned write shown for confirmation.
#[derive(Clone, Debug)]
pub struct Review {
    pub planned: PlannedWrite,
    /// The exact request, as text.
    pub request_text: String,
    /// The item the write produces (`None` for a delete).
    pub mine: Option<Item>,
    /// First line of the preview shown.
    pub scroll: usize,
    /// Keys (and composite attributes) the write leaves holding a value it changed elsewhere.
    pub out_of_sync: Vec<crate::domain::edit::derived_keys::OutOfSync>,
}

/// The 3-way view after the condition failed: nothing was written.
#[derive(Clone, Debug)]
pub struct Conflict {
    /// The item as it was read when the edit began (`None`: it did not exist).
    pub as_read: Option<Item>,
    /// What the user wanted (`None`: deleted).
    pub mine: Option<Item>,
    /// The item as stored now (`None`: gone).
    pub current: Option<Item>,
    /// Your change re-applied on top of `current`, or the attributes both sides changed.
    pub rebased: Result<Item, Vec<String>>,
    pub scroll: usize,
}

/// Where the edit stands.
#[derive(Clone, Debug)]
pub enum EditStage {
    Editing,
    Review(Review),
    /// The confirmed write is in flight; the review stays on screen.
    Sending {
        id: RequestId,
        review: Review,
    },
    Conflict(Conflict),
}

/// One edit from opening to written (or discarded).
#[derive(Clone, Debug)]
pub struct EditFlow {
    pub purpose: EditPurpose,
    /// The item as read when the edit began (`None` for a new item).
    pub original: Option<Item>,
    /// The text being edited (`None` for delete and undo, which have no text).
    pub editor: Option<Editor>,
    pub mode: ConditionMode,
    pub stage: EditStage,
    /// The journal entry an undo restores.
    pub undoing: Option<Box<JournalEntry>>,
    /// Set once the confirmed write failed (not a conflict): leaving the preview then parks
    /// the edit as a draft instead of dropping back into the editor's text.
    pub write_failed: bool,
}

impl EditFlow {
    /// A flow starting in the editor.
    #[must_use]
    pub fn editing(purpose: EditPurpose, original: Option<Item>, editor: Editor) -> Self {
        Self {
            purpose,
            original,
            editor: Some(editor),
            mode: ConditionMode::Auto,
            stage: EditStage::Editing,
            undoing: None,
            write_failed: false,
        }
    }

    /// The review being shown or sent, if any.
    #[must_use]
    pub fn review(&self) -> Option<&Review> {
        match &self.stage {
            EditStage::Review(review) | EditStage::Sending { review, .. } => Some(review),
            EditStage::Editing | EditStage::Conflict(_) => None,
        }
    }

    /// The write in flight, if any.
    #[must_use]
    pub fn sending(&self) -> Option<RequestId> {
        match &self.stage {
            EditStage::Sending { id, .. } => Some(*id),
            _ => None,
        }
    }
}

/// Next condition mode, for the preview's switch.
#[must_use]
pub const fn next_mode(mode: ConditionMode) -> ConditionMode {
    match mode {
        ConditionMode::Auto => ConditionMode::ChangedValues,
        ConditionMode::ChangedValues => ConditionMode::WholeItem,
        ConditionMode::WholeItem => ConditionMode::Auto,
    }
}

/// How a condition mode is named on screen.
#[must_use]
pub const fn mode_label(mode: ConditionMode) -> &'static str {
    match mode {
        ConditionMode::Auto => "auto (version if present, else changed values)",
        ConditionMode::ChangedValues => "changed values unchanged",
        ConditionMode::WholeItem => "whole item unchanged",
    }
}

/// How an edit format is named on screen.
#[must_use]
pub const fn format_label(format: EditFormat) -> &'static str {
    match format {
        EditFormat::DdbJson => "DynamoDB JSON",
        EditFormat::TypedJson => "typed JSON",
    }
}

/// Why re-applying is not offered, for the view.
#[must_use]
pub fn why_not_reapply(purpose: EditPurpose, conflict: &Conflict) -> Option<String> {
    match &conflict.rebased {
        Ok(_) => None,
        Err(both) if !both.is_empty() => Some(format!(
            "both you and someone else changed: {}",
            both.join(", ")
        )),
        Err(_) if conflict.current.is_none() => Some("the item no longer exists".to_owned()),
        Err(_) if purpose.creates() => Some("an item with this key already exists".to_owned()),
        Err(_) => Some(format!("not available for {}", purpose.label())),
    }
}
