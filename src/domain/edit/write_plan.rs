//! What an edit is planned against and what the plan will send: the vocabulary shared by the
//! planners ([`super::plan`], [`super::lifecycle`]) and the conditions they build.

use super::adjustment::Adjustment;
use super::diff::ItemDiff;
use crate::domain::request::{DeleteRequest, PutRequest, TransactWriteRequest, UpdateRequest};
use crate::domain::schema::TableDescription;
use crate::domain::value::Item;

/// Which condition guards an edit or delete.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum ConditionMode {
    /// The version attribute when the item has one, else [`Self::ChangedValues`].
    #[default]
    Auto,
    /// Every changed path still holds the value read, and the item exists.
    ChangedValues,
    /// Every attribute read still holds its value (stricter: any concurrent change conflicts).
    /// DynamoDB conditions cannot say "no other attribute", so attributes added meanwhile by
    /// someone else do not conflict.
    WholeItem,
}

/// What an edit is planned against.
#[derive(Clone, Copy, Debug)]
pub struct EditContext<'a> {
    pub table: &'a str,
    pub description: &'a TableDescription,
    /// From `--version-attr` or the model file; `None` detects the known names.
    pub version_attribute: Option<&'a str>,
}

/// What will be sent. `Nothing` for a no-op edit.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum WritePlan {
    Nothing,
    Update(UpdateRequest),
    Put(PutRequest),
    Delete(DeleteRequest),
    /// A key change: `actions[0]` deletes the old item, `actions[1]` puts the new one.
    MoveKey(TransactWriteRequest),
}

/// A plan with what it is about, for the preview and the journal.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlannedWrite {
    pub plan: WritePlan,
    pub diff: ItemDiff,
    /// One line for people, e.g. `UpdateItem conditioned on version = 7`.
    pub summary: String,
    /// The item as read (`None` for a create): the journal's before-image when the service does
    /// not return one (a transaction returns no item).
    pub original: Option<Item>,
    /// The item as it will be after the write (`None` for a delete).
    pub expected: Option<Item>,
    /// For an undo: the journal time of the write it reverts, recorded with this write so a
    /// later undo can say it undoes an undo.
    pub reverts: Option<String>,
    /// The numbers an adjustment adds to where they stand (empty for any other write): its
    /// before-image and its undo are worked out from them, not from the values read.
    pub adjusts: Vec<Adjustment>,
}
