//! `ddbx undo --batch ID`: every write of a run undone as `ddbx undo` undoes one write —
//! conditioned on the item still being as the run left it — as a run of its own (journaled,
//! itself undoable). Items changed since are left as they are and listed as conflicts.

use std::collections::HashMap;

use super::args::RunArgs;
use crate::edit::run_plan::{PlannedItem, Refusal, RunPlan, key_text};
use super::resume::settle;
use super::runner::{Run, execute};
use crate::backend::Backend;
use crate::cli::args::GlobalOptions;
use crate::cli::error::CliError;
use crate::domain::edit::{EditContext, typed_json};
use crate::domain::schema::TableDescription;
use crate::edit::batch::BatchItem;
use crate::journal::{BatchOutcome, BatchRecord, Journal, JournalConnection, plan_undo};

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
    let mut latest: HashMap<String, BatchRecord> = HashMap::new();
    for record in log.records {
        latest.insert(key_text(&record.entry.key), record);
    }
    let ctx = EditContext {
        table: &table.name,
        description: table,
        version_attribute: global.version_attr.as_deref(),
    };
    let mut plan = RunPlan::default();
    let mut records: Vec<BatchRecord> = latest.into_values().collect();
    records.sort_by_key(|record| record.entry.time.clone());
    for record in records {
        let outcome = match record.outcome.clone() {
            Some(outcome) => outcome,
            None => settle(backend, &journal, &record).await?,
        };
        let BatchOutcome::Written { before, after } = outcome else {
            continue;
        };
        let mut entry = record.entry;
        entry.before = before;
        entry.after = after;
        match plan_undo(&ctx, &entry) {
            Ok(planned) => plan.writes.push(PlannedItem {
                write: BatchItem {
                    key: entry.key.clone(),
                    planned,
                },
                entity: entry.operation.clone(),
            }),
            Err(error) => plan.refused.push(Refusal {
                at: typed_json(&entry.key),
                reason: error.to_string(),
            }),
        }
    }
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
