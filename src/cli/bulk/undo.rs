//! `ddbx undo --batch ID`: every write of a run undone as `ddbx undo` undoes one write —
//! conditioned on the item still being as the run left it — as a run of its own (journaled,
//! itself undoable). Items changed since are left as they are and listed as conflicts.

use super::resume::settle_error;
use super::runner::{Run, execute};
use crate::backend::Backend;
use crate::cli::args::GlobalOptions;
use crate::cli::args::bulk::RunArgs;
use crate::cli::error::CliError;
use crate::domain::edit::EditContext;
use crate::domain::schema::TableDescription;
use crate::journal::{BatchHeader, Journal, JournalConnection};
use crate::write::run_plan::undo_plan;

/// The run the last journaled write to `table` through this connection belongs to, if any.
pub fn last_batch(backend: &dyn Backend, table: &str) -> Result<Option<String>, CliError> {
    let Some(journal) = Journal::default_path().map(Journal::open) else {
        return Ok(None);
    };
    let here = JournalConnection::from(&backend.connection());
    let entry = journal
        .last_for(table, &here)
        .map_err(|error| CliError::Failed(format!("cannot read the journal: {error}")))?;
    Ok(entry.and_then(|entry| entry.batch))
}

/// Undoes every write of run `id`.
pub async fn undo_batch(
    backend: &dyn Backend,
    global: &GlobalOptions,
    table: &TableDescription,
    id: &str,
    dry_run: bool,
) -> Result<(), CliError> {
    if global.tui.demo {
        return Err(CliError::usage(
            "the demo's writes live and die with its process: there is no earlier demo run to undo",
        ));
    }
    let journal = Journal::default_path().map(Journal::open).ok_or_else(|| {
        CliError::usage("no journal: set XDG_STATE_HOME or HOME (or DDBX_JOURNAL)")
    })?;
    let log = journal
        .batch_log(id)
        .map_err(|error| CliError::Failed(format!("cannot read the journal: {error}")))?;
    let here = JournalConnection::from(&backend.connection());
    match &log.header {
        None => {
            return Err(CliError::usage(format!(
                "--batch {id}: the journal {} has no run with that id",
                journal.path().display()
            )));
        }
        Some(header) if header.table != table.name || header.connection != here => {
            return Err(CliError::usage(format!(
                "--batch {id}: that run wrote to table {:?} through another connection or table; \
                 undo it with the --table and connection it used",
                header.table
            )));
        }
        Some(_) => {}
    }
    let is_transaction = log.header.as_ref().is_some_and(BatchHeader::is_transaction);
    let ctx = EditContext {
        table: &table.name,
        description: table,
        version_attribute: global.version_attr.as_deref(),
    };
    let written = crate::write::settle::written_entries(backend, &journal, log.records)
        .await
        .map_err(settle_error)?;
    if is_transaction {
        return crate::cli::transact::undo_transaction(
            backend, global, table, id, &written, dry_run,
        )
        .await;
    }
    let plan = undo_plan(&ctx, &written);
    let run = RunArgs {
        dry_run,
        parallel: 16,
        skip_refused: true,
        ..RunArgs::default()
    };
    execute(Run {
        backend,
        global,
        table: &table.name,
        plan_text: format!("undo of run {id}"),
        read: plan.writes.len() as u64,
        plan,
        run: &run,
    })
    .await
}
