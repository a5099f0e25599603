//! What the user is writing to the open table: the edit in progress and the one parked after a
//! failed write, the changes staged for one transaction, the undo's read of the journal, and
//! whether writes to real AWS were confirmed. Switching tables starts all of it afresh.

use super::edit::EditFlow;
use super::screens::staged::StagedSet;
use crate::app::request_id::RequestId;

#[derive(Clone, Debug, Default)]
pub struct Edits {
    /// The edit in progress (editor, preview, conflict), drawn over the current view.
    pub flow: Option<Box<EditFlow>>,
    /// An edit whose write failed, parked when the user left its preview; the same start
    /// (`e` on the same item) reopens it.
    pub draft: Option<Box<EditFlow>>,
    /// The journal read an undo is waiting for.
    pub undo_read: Option<RequestId>,
    /// True once the user typed this table's name to allow writes to it on real AWS.
    pub aws_writes_confirmed: bool,
    /// The changes staged to be committed together as one transaction.
    pub staged: StagedSet,
}

impl Edits {
    /// True while a write, the staged transaction or the undo's journal read is awaited.
    #[must_use]
    pub fn is_busy(&self) -> bool {
        self.flow
            .as_ref()
            .is_some_and(|flow| flow.sending().is_some())
            || self.staged.sending.is_some()
            || self.undo_read.is_some()
    }
}
