//! Runs [`Command`]s as tokio tasks on `Arc<dyn Backend>` and sends each result back as an
//! [`Action`] on the same channel as key events. Reads can be cancelled: their abort handles are
//! kept by request id. Writes are never aborted: once confirmed, they run to their outcome.

use std::collections::HashMap;
use std::sync::Arc;

use tokio::sync::mpsc::UnboundedSender;
use tokio::task::AbortHandle;

use crate::app::action::Action;
use crate::app::command::Command;
use crate::app::request_id::RequestId;
use crate::backend::Backend;
use crate::clipboard::Clipboard;

mod bulk;
mod elsewhere;
mod items;
mod journal;
mod read;
mod transaction;
mod write;

pub use bulk::bulk_done;
pub use read::{answer, perform};
pub use transaction::{TransactionJob, transaction_done};
pub use write::write_done;

/// The answer to `Command::LoadQueryHistory`: the file read, on the loop's thread (a short
/// read, ordered before the appends that follow it).
#[must_use]
pub fn history_loaded(table: String, path: &std::path::Path) -> Action {
    let (history, warning) = crate::storage::query_history::load(path);
    Action::QueryHistoryLoaded {
        table,
        history,
        warning,
    }
}

/// What the loop should do after a command.
#[derive(Debug, PartialEq, Eq)]
pub enum Flow {
    Continue,
    Quit,
}

/// Spawns commands and tracks in-flight reads.
pub struct Worker {
    backend: Arc<dyn Backend>,
    clipboard: Arc<dyn Clipboard>,
    results: UnboundedSender<Action>,
    in_flight: HashMap<RequestId, AbortHandle>,
}

impl Worker {
    #[must_use]
    pub fn new(
        backend: Arc<dyn Backend>,
        clipboard: Arc<dyn Clipboard>,
        results: UnboundedSender<Action>,
    ) -> Self {
        Self {
            backend,
            clipboard,
            results,
            in_flight: HashMap::new(),
        }
    }

    /// Starts `command`; its result arrives later as an action.
    pub fn run(&mut self, command: Command) -> Flow {
        self.in_flight.retain(|_, handle| !handle.is_finished());
        let backend = Arc::clone(&self.backend);
        match command {
            Command::Quit => return Flow::Quit,
            Command::Cancel(ids) => self.cancel(ids),
            Command::Read(job) => {
                let id = job.id;
                self.spawn_read(id, async move { read::answer(job, backend.as_ref()).await });
            }
            Command::CopyToClipboard { text, what } => self.copy(&text, &what),
            // Writes are not kept for cancelling: once confirmed (once a group or a transaction
            // is sent), a write always runs to its outcome.
            Command::ExecuteWrite {
                id,
                table,
                planned,
                journal,
            } => self.spawn_to_outcome(async move {
                write::write_done(id, &table, &planned, journal, backend.as_ref()).await
            }),
            Command::ExecuteTransaction {
                id,
                description,
                staged,
                assembled,
                journal,
                plan,
            } => {
                let job = TransactionJob {
                    id,
                    description,
                    staged,
                    assembled,
                    journal,
                    plan,
                };
                self.spawn_to_outcome(async move { transaction_done(job, backend.as_ref()).await });
            }
            command @ (Command::ExecuteBatchGroup { .. } | Command::ExportItems { .. }) => {
                self.spawn_to_outcome(
                    async move { bulk::bulk_done(command, backend.as_ref()).await },
                );
            }
            Command::ExternalEditor { .. } => {
                // The loop carries this out when it owns a real terminal; reaching the worker
                // means there is none to hand over.
                let _ = self.results.send(Action::ExternalEdited(Err(
                    "no terminal to hand to $EDITOR here".to_owned(),
                )));
            }
            Command::LoadQueryHistory { table, path } => {
                let _ = self.results.send(history_loaded(table, &path));
            }
            Command::AppendHistory { path, line } => self.append_history(&path, &line),
            Command::SaveColumnChoices { path, text } => self.save_column_choices(&path, &text),
        }
        Flow::Continue
    }

    fn cancel(&mut self, ids: Vec<RequestId>) {
        for id in ids {
            if let Some(handle) = self.in_flight.remove(&id) {
                handle.abort();
            }
        }
    }

    /// Done here, on the loop's thread between two frames, rather than in a task: the OSC 52
    /// fallback writes to the terminal and must not interleave with a frame.
    fn copy(&self, text: &str, what: &str) {
        let outcome = self.clipboard.copy(text).map(|kind| {
            format!(
                "copied {what} ({} bytes) to {}",
                text.len(),
                kind.describe()
            )
        });
        let _ = self.results.send(Action::Copied(outcome));
    }

    /// A short append on the loop's thread keeps history lines in run order.
    fn append_history(&self, path: &std::path::Path, line: &str) {
        if let Err(error) = crate::storage::query_history::append(path, line) {
            let _ = self.results.send(Action::Notice(format!(
                "query history not saved to {}: {error}",
                path.display()
            )));
        }
    }

    /// A short write on the loop's thread keeps the saves in the order the choices were made.
    fn save_column_choices(&self, path: &std::path::Path, text: &str) {
        if let Err(error) = crate::storage::column_choices::save(path, text) {
            let _ = self.results.send(Action::Notice(format!(
                "column choices not saved to {}: {error}",
                path.display()
            )));
        }
    }

    /// Runs `task` to its outcome, which it sends (if any); nothing can cancel it.
    fn spawn_to_outcome<T>(&self, task: impl Future<Output = T> + Send + 'static)
    where
        T: Into<Option<Action>> + Send + 'static,
    {
        let results = self.results.clone();
        tokio::spawn(async move {
            if let Some(done) = task.await.into() {
                let _ = results.send(done);
            }
        });
    }

    fn spawn_read(&mut self, id: RequestId, task: impl Future<Output = Action> + Send + 'static) {
        let results = self.results.clone();
        let handle = tokio::spawn(async move {
            // The receiver is gone only when the app is shutting down.
            let _ = results.send(task.await);
        });
        self.in_flight.insert(id, handle.abort_handle());
    }

    /// Number of reads still running (for tests).
    #[must_use]
    pub fn reads_in_flight(&mut self) -> usize {
        self.in_flight.retain(|_, handle| !handle.is_finished());
        self.in_flight.len()
    }
}
