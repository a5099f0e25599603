//! The bulk flow's stages: the form (what to do), the dry run (what would be sent), the table
//! name typed on real AWS, the run (progress, pause, cancel) and its summary.

use std::collections::VecDeque;
use std::time::Duration;

use crate::app::request_id::RequestId;
use crate::app::state::text_field::TextField;
use crate::domain::export::ExportFormat;
use crate::domain::schema::TableDescription;
use crate::domain::value::Item;
use crate::write::run_plan::{PlannedItem, RunPlan};

use super::scope::{ScopeChoice, ScopeItems, ScopeProgress};

/// What to do with the selection.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum BulkKind {
    #[default]
    Export,
    Delete,
    SetAttribute,
    RemoveAttribute,
    Copy,
}

impl BulkKind {
    pub const ALL: [Self; 5] = [
        Self::Export,
        Self::Delete,
        Self::SetAttribute,
        Self::RemoveAttribute,
        Self::Copy,
    ];

    #[must_use]
    pub const fn label(self) -> &'static str {
        match self {
            Self::Export => "export to a file",
            Self::Delete => "delete",
            Self::SetAttribute => "set an attribute",
            Self::RemoveAttribute => "remove an attribute",
            Self::Copy => "copy to another table",
        }
    }
}

/// A field of the form.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FormField {
    Kind,
    Format,
    File,
    Path,
    Value,
    Target,
    /// What the action acts on: the marked items or a scope.
    Scope,
}

/// The form: the action and what it needs.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct BulkForm {
    pub kind: BulkKind,
    pub format: ExportFormat,
    pub file: TextField,
    pub path: TextField,
    /// Typed JSON, as the editor takes it (any other text is a string).
    pub value: TextField,
    pub target: TextField,
    /// What the form offers to act on, and the chosen one (index into `scopes`).
    pub scopes: Vec<ScopeChoice>,
    pub scope: usize,
    /// Index into [`BulkForm::fields`].
    pub focus: usize,
    pub error: Option<String>,
}

impl BulkForm {
    /// The fields the chosen action shows, in order.
    #[must_use]
    pub fn fields(&self) -> &'static [FormField] {
        match self.kind {
            BulkKind::Export => &[
                FormField::Kind,
                FormField::Format,
                FormField::File,
                FormField::Scope,
            ],
            BulkKind::Delete => &[FormField::Kind, FormField::Scope],
            BulkKind::SetAttribute => &[
                FormField::Kind,
                FormField::Path,
                FormField::Value,
                FormField::Scope,
            ],
            BulkKind::RemoveAttribute => &[FormField::Kind, FormField::Path, FormField::Scope],
            BulkKind::Copy => &[FormField::Kind, FormField::Target, FormField::Scope],
        }
    }

    #[must_use]
    pub fn focused(&self) -> FormField {
        let fields = self.fields();
        fields[self.focus.min(fields.len() - 1)]
    }

    /// The text field with the focus, if the focus is on one.
    pub fn focused_text(&mut self) -> Option<&mut TextField> {
        match self.focused() {
            FormField::File => Some(&mut self.file),
            FormField::Path => Some(&mut self.path),
            FormField::Value => Some(&mut self.value),
            FormField::Target => Some(&mut self.target),
            FormField::Kind | FormField::Format | FormField::Scope => None,
        }
    }

    /// The chosen scope (the marked items when the form offers nothing else).
    #[must_use]
    pub fn chosen(&self) -> &ScopeChoice {
        self.scopes.get(self.scope).unwrap_or(&ScopeChoice::Marked)
    }
}

/// What a run is for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Purpose {
    /// The action of the form on the selection.
    Action,
    /// The undo of run `batch`.
    Undo { batch: String },
}

/// The writes a run would make, shown before anything is sent.
#[derive(Clone, Debug)]
pub struct DryRun {
    pub purpose: Purpose,
    /// Where the writes go (the open table, or a copy's target).
    pub table: String,
    pub description: Box<TableDescription>,
    /// The scope and action in words, journaled with the run.
    pub plan_text: String,
    /// Items read (selected).
    pub read: u64,
    pub plan: RunPlan,
    pub scroll: usize,
}

impl DryRun {
    /// Write capacity units the writes take, estimated from the item sizes.
    #[must_use]
    pub fn write_units(&self) -> u64 {
        self.plan.writes.iter().map(PlannedItem::write_units).sum()
    }
}

/// How a finished write ended, for the summary.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ending {
    Written,
    Conflicted,
    Failed,
}

/// One line of the summary: the item, openable.
#[derive(Clone, Debug, PartialEq)]
pub struct Ended {
    pub ending: Ending,
    pub key: Item,
    /// The item as the run read it (or as it wrote it).
    pub item: Item,
    pub reason: Option<String>,
}

/// A run being sent, one group at a time.
#[derive(Clone, Debug)]
pub struct BulkRun {
    /// The run's id: named (and its header journaled) by the worker with the first group, or
    /// the id of the cut-off run this one resumes.
    pub batch: Option<String>,
    pub dry_run: DryRun,
    /// Writes not sent yet, with how often each was throttled.
    pub queue: VecDeque<(PlannedItem, u32)>,
    pub total: usize,
    pub in_flight: Option<(RequestId, Vec<(PlannedItem, u32)>)>,
    pub paused: bool,
    pub cancelled: bool,
    /// When the run started (the clock's uptime).
    pub started: Duration,
    pub units: u64,
    pub ended: Vec<Ended>,
    pub unknown: u64,
    pub throttled_retries: u64,
    /// The pause before the next group after throttling.
    pub backoff: Duration,
    pub journal_warnings: Vec<String>,
    /// Lines of the progress scrolled past, when it is longer than the screen.
    pub scroll: usize,
}

impl BulkRun {
    /// Writes finished (written, conflicted or failed).
    #[must_use]
    pub fn done(&self) -> usize {
        self.ended.len()
    }

    #[must_use]
    pub fn count(&self, ending: Ending) -> usize {
        count_ending(&self.ended, ending)
    }

    /// Items a second and write units a second since the start, and the seconds left.
    #[must_use]
    pub fn rates(&self, now: Duration) -> (f64, f64, Option<f64>) {
        let seconds = now.saturating_sub(self.started).as_secs_f64().max(0.001);
        let per_second = self.done() as f64 / seconds;
        let left = self.total.saturating_sub(self.done()) as f64;
        let eta = (per_second > 0.0).then(|| left / per_second);
        (per_second, self.units as f64 / seconds, eta)
    }
}

fn count_ending(ended: &[Ended], ending: Ending) -> usize {
    ended.iter().filter(|ended| ended.ending == ending).count()
}

/// A finished (or cancelled) run.
#[derive(Clone, Debug)]
pub struct BulkSummary {
    pub batch: String,
    pub purpose: Purpose,
    pub table: String,
    /// The table the run wrote to (a copy's target): its undo is planned with its keys.
    pub description: Box<TableDescription>,
    pub ended: Vec<Ended>,
    /// Writes never sent (the run was cancelled).
    pub not_sent: usize,
    pub unknown: u64,
    pub seconds: f64,
    pub journal_warnings: Vec<String>,
    /// The item under the cursor: the pane scrolls to keep it in sight.
    pub cursor: usize,
}

impl BulkSummary {
    #[must_use]
    pub fn count(&self, ending: Ending) -> usize {
        count_ending(&self.ended, ending)
    }
}

/// The stage on screen.
#[derive(Clone, Debug)]
pub enum BulkStage {
    Form(BulkForm),
    /// The chosen scope being read whole; the form's action follows when the last page lands.
    Reading(BulkForm, ScopeProgress),
    DryRun(DryRun),
    /// Real AWS: the table name typed before the first write of the session.
    TypeTableName(TextField, DryRun),
    Running(BulkRun),
    Summary(BulkSummary),
}

/// What the flow waits for from the worker.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Waiting {
    /// The copy's target table description.
    Target,
    /// The export's file.
    Export,
    /// The journal's record of a run to undo.
    Batch,
    /// The journaled run of the dry run's plan, to resume.
    CutOffRun,
    /// The marked items held partially (an index's copy, a stream record's key), read whole.
    Items,
}

/// The bulk flow.
#[derive(Clone, Debug)]
pub struct BulkFlow {
    pub stage: BulkStage,
    pub waiting: Option<(RequestId, Waiting)>,
    /// The scope read whole, acted on instead of the marked items.
    pub scope_items: Option<ScopeItems>,
}

impl BulkFlow {
    /// True while the run sends writes or a read or write is awaited.
    #[must_use]
    pub fn is_busy(&self) -> bool {
        matches!(self.stage, BulkStage::Running(_))
            || self.waiting.is_some()
            || self.scope_page().is_some()
    }

    /// The page of the scope in flight, while the scope is read.
    #[must_use]
    pub const fn scope_page(&self) -> Option<RequestId> {
        match &self.stage {
            BulkStage::Reading(_, progress) => progress.paging.in_flight(),
            _ => None,
        }
    }

    /// The read the flow waits for (of the backend or the journal), which giving the flow up
    /// cancels; an export and a write run to their outcome, which is then ignored.
    #[must_use]
    pub fn awaited_read(&self) -> Option<RequestId> {
        match self.waiting {
            Some((id, Waiting::Target | Waiting::Items | Waiting::Batch | Waiting::CutOffRun)) => {
                Some(id)
            }
            _ => self.scope_page(),
        }
    }

    /// Whether `id` is the read or write the flow waits for; if so it waits no longer, and an
    /// answer to anything else (a request it gave up on) is ignored.
    pub fn answered(&mut self, id: RequestId) -> bool {
        let awaited = self.waiting.as_ref().map(|(waiting, _)| *waiting) == Some(id);
        if awaited {
            self.waiting = None;
        }
        awaited
    }
}
