//! Bulk work on many items: the selection made in the lists (partition items, query results,
//! index items, stream records),
//! and the flow that acts on it — the form, the dry run, the run with its progress, the summary.

pub mod flow;
pub mod lists;
pub mod scope;
pub mod selection;

pub use flow::{BulkFlow, BulkForm, BulkKind, BulkRun, BulkStage, BulkSummary};
pub use lists::{ListRef, MarkableList, is_marked};
pub use selection::{Selected, Selection};

/// The selection and the bulk flow over it.
#[derive(Clone, Debug, Default)]
pub struct Bulk {
    pub selection: Selection,
    /// Every match of this list is being marked as its remaining pages arrive.
    pub marking_all: Option<ListRef>,
    /// The flow on screen, if any.
    pub flow: Option<Box<BulkFlow>>,
    /// The last run of this session, for `undo_batch` from the lists.
    pub last_batch: Option<LastBatch>,
}

/// A finished run: its id and the table it wrote to.
#[derive(Clone, Debug, PartialEq)]
pub struct LastBatch {
    pub batch: String,
    pub description: Box<crate::domain::schema::TableDescription>,
}

impl Bulk {
    /// True while marking reads pages or a run sends writes (the loop ticks then).
    #[must_use]
    pub fn is_busy(&self) -> bool {
        self.marking_all.is_some() || self.flow.as_ref().is_some_and(|flow| flow.is_busy())
    }
}
