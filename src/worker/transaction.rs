//! Sending a transaction of staged changes: the function the worker and the test harness both
//! call, over the headless commands' own transaction executor.

use std::path::PathBuf;

use crate::app::action::Action;
use crate::app::request_id::RequestId;
use crate::backend::Backend;
use crate::domain::edit::transaction::{Assembled, Staged};
use crate::domain::schema::TableDescription;
use crate::journal::Journal;
use crate::write::transaction::{TransactionAnswer, execute_transaction};

/// What a sent transaction asks of the worker.
pub struct TransactionJob {
    pub id: RequestId,
    pub description: Box<TableDescription>,
    pub staged: Vec<Staged>,
    pub assembled: Box<Assembled>,
    pub journal: Option<PathBuf>,
    pub plan: String,
}

/// Journals and sends the job's transaction; answers as the action `update` expects.
pub async fn transaction_done(job: TransactionJob, backend: &dyn Backend) -> Action {
    let journal = job.journal.map(Journal::open);
    let result = execute_transaction(
        backend,
        &job.description,
        &job.staged,
        &job.assembled,
        journal.as_ref(),
        &job.plan,
    )
    .await
    .map(TransactionAnswer::from)
    .map_err(|error| error.to_string());
    Action::TransactionDone { id: job.id, result }
}
