//! The changes staged to be sent together: each one the write (or condition check) its own
//! planner made, with the condition a single edit would carry, held until the user commits them
//! as one transaction or unstages them. It outlives the staged screen's view, so leaving the
//! screen loses nothing.

use crate::app::request_id::RequestId;
use crate::app::state::edit::EditPurpose;
use crate::domain::edit::ConditionMode;
use crate::domain::edit::transaction::{Assembled, Staged, StagedPart};
use crate::domain::value::Item;

/// What a staged change is, as the user started it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum StagedKind {
    Write(EditPurpose),
    /// A condition on an item the transaction does not write: unchanged since it was read.
    Check,
}

impl StagedKind {
    #[must_use]
    pub const fn label(self) -> &'static str {
        match self {
            Self::Write(purpose) => purpose.label(),
            Self::Check => "check",
        }
    }
}

/// Why the service cancelled a transaction for this change.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Failure {
    /// The reason's code (`ConditionalCheckFailed`, `TransactionConflict`, …).
    pub code: String,
    pub message: Option<String>,
    /// The item as stored now, for a failed condition.
    pub current: Option<Item>,
}

/// One staged change.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StagedItem {
    pub kind: StagedKind,
    /// The primary key it acts on (for a key change: the key as read).
    pub key: Item,
    /// The item as read (`None` for a create).
    pub original: Option<Item>,
    /// The item the write leaves (`None` for a delete or a check).
    pub mine: Option<Item>,
    pub mode: ConditionMode,
    pub part: StagedPart,
    /// Set when the last commit was cancelled because of this change.
    pub failed: Option<Failure>,
}

impl StagedItem {
    /// The one line that says what is sent for it.
    #[must_use]
    pub fn summary(&self) -> &str {
        match &self.part {
            StagedPart::Write(planned) => &planned.summary,
            StagedPart::Check(check) => &check.summary,
        }
    }
}

/// What a transaction being confirmed is for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CommitPurpose {
    /// The staged changes.
    Commit,
    /// The undo of the transaction journaled as run `batch`.
    Undo { batch: String },
}

/// One transaction on the screen for confirmation: the parts, the request assembled from them
/// and that request as text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CommitReview {
    pub purpose: CommitPurpose,
    pub parts: Vec<Staged>,
    pub assembled: Assembled,
    pub request_text: String,
    pub scroll: usize,
}

/// Every staged change, the transaction on the preview and the one in flight.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct StagedSet {
    pub items: Vec<StagedItem>,
    pub review: Option<CommitReview>,
    /// The transaction sent and not answered yet.
    pub sending: Option<RequestId>,
    /// The run id of the last commit of this session, which `undo` then undoes whole.
    pub last_commit: Option<String>,
}

impl StagedSet {
    /// Stages `item`, replacing the change staged on the same key: one transaction may act on
    /// an item once. True when it replaced one.
    pub fn stage(&mut self, item: StagedItem) -> bool {
        if let Some(same) = self.items.iter_mut().find(|staged| staged.key == item.key) {
            *same = item;
            return true;
        }
        self.items.push(item);
        false
    }

    /// The change staged on `key`, if any.
    #[must_use]
    pub fn on_key(&self, key: &Item) -> Option<&StagedItem> {
        self.items.iter().find(|staged| &staged.key == key)
    }

    /// Takes the change at `index` out.
    pub fn unstage(&mut self, index: usize) -> Option<StagedItem> {
        (index < self.items.len()).then(|| self.items.remove(index))
    }

    /// The staged changes as the planner's parts, numbered from 1 as the screen lists them.
    #[must_use]
    pub fn parts(&self) -> Vec<Staged> {
        self.items
            .iter()
            .enumerate()
            .map(|(index, item)| Staged {
                line: index + 1,
                part: item.part.clone(),
            })
            .collect()
    }
}
