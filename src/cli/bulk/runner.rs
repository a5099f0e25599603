//! One run from plan to summary: the dry run, or the refusal of a plan with refused items, or
//! the journaled execution (new, or resumed from the journal) and its summary and exit code.

use std::time::Instant;

use super::execute::execute_writes;
use super::report::{Summary, dry_run_report};
use super::resume::{Done, resume};
use crate::backend::Backend;
use crate::cli::args::GlobalOptions;
use crate::cli::args::bulk::RunArgs;
use crate::cli::error::CliError;
use crate::cli::note::note;
use crate::cli::output::print_json;
use crate::domain::figures::counted;
use crate::journal::{BatchHeader, Journal, JournalConnection, PrivateJournal, new_batch_id};
use crate::write::batch::BatchTarget;
use crate::write::run_plan::{RunPlan, key_text};

/// A planned run.
pub struct Run<'a> {
    /// Where the writes go.
    pub backend: &'a dyn Backend,
    pub global: &'a GlobalOptions,
    pub table: &'a str,
    /// The scope and action in words: recorded with the run, compared on resume.
    pub plan_text: String,
    /// Items read (or lines parsed).
    pub read: u64,
    pub plan: RunPlan,
    pub run: &'a RunArgs,
}

/// The journal a run writes: the user's, or for the demo's in-memory table a private one that
/// ends with the process.
fn journal_for(global: &GlobalOptions) -> Result<(Option<PrivateJournal>, Journal), CliError> {
    if global.tui.demo {
        let private = PrivateJournal::create().map_err(|error| {
            CliError::Failed(format!("could not create the demo's journal: {error}"))
        })?;
        let journal = Journal::open(private.path());
        return Ok((Some(private), journal));
    }
    let journal = Journal::default_path().map(Journal::open).ok_or_else(|| {
        CliError::usage(
            "no journal: set XDG_STATE_HOME or HOME (or DDBX_JOURNAL); a bulk run is only \
             started when it can be journaled, undone and resumed",
        )
    })?;
    Ok((None, journal))
}

/// Dry run, refusal, or execution of `run`.
pub async fn execute(run: Run<'_>) -> Result<(), CliError> {
    if run.run.dry_run {
        print_json(&dry_run_report(
            run.table,
            &run.plan_text,
            run.read,
            &run.plan,
        ))?;
        note("dry run: nothing was sent");
        return Ok(());
    }
    if !run.plan.refused.is_empty() && !run.run.skip_refused {
        print_json(&dry_run_report(
            run.table,
            &run.plan_text,
            run.read,
            &run.plan,
        ))?;
        return Err(CliError::usage(format!(
            "{} refused by the local checks (listed on stdout with the reason); nothing was \
             sent. Fix them, or pass --skip-refused to write the others",
            counted(run.plan.refused.len() as u64, "item was", "items were")
        )));
    }
    let (_private, journal) = journal_for(run.global)?;
    let header = BatchHeader {
        batch: run.run.resume.clone().unwrap_or_else(new_batch_id),
        table: run.table.to_owned(),
        connection: JournalConnection::from(&run.backend.connection()),
        plan: run.plan_text.clone(),
    };
    let done = match &run.run.resume {
        Some(id) => Some(resume(run.backend, &journal, id, &header).await?),
        None => {
            journal.append_batch_header(&header).map_err(|error| {
                CliError::usage(format!(
                    "cannot write the journal {}: {error}; nothing was sent",
                    journal.path().display()
                ))
            })?;
            None
        }
    };
    let writes: Vec<_> = run
        .plan
        .writes
        .iter()
        .filter(|write| {
            done.as_ref()
                .is_none_or(|done: &Done| !done.skips(&key_text(&write.write.key)))
        })
        .cloned()
        .collect();
    note(&format!(
        "run {}: {} to {} (undo: ddbx undo --batch {}; if cut off: the same command with --resume {})",
        header.batch,
        counted(writes.len() as u64, "write", "writes"),
        run.table,
        header.batch,
        header.batch
    ));
    let target = BatchTarget {
        backend: run.backend,
        table: run.table,
        journal: &journal,
        batch: &header.batch,
        parallel: run.run.parallel as usize,
    };
    let started = Instant::now();
    let tally = execute_writes(&target, writes, run.run.rate).await?;
    for warning in &tally.journal_warnings {
        note(&format!("warning: {warning}"));
    }
    let summary = Summary {
        batch: &header.batch,
        table: run.table,
        plan_text: &run.plan_text,
        read: run.read,
        plan: &run.plan,
        tally: &tally,
        done: done.as_ref(),
        seconds: started.elapsed().as_secs_f64(),
    };
    let json = summary.to_json();
    print_json(&json)?;
    exit_status(&json, &run.plan)
}

/// 1 when a write failed, 3 when an item conflicted, 0 otherwise.
fn exit_status(summary: &serde_json::Value, plan: &RunPlan) -> Result<(), CliError> {
    let count = |field: &str| {
        summary
            .get(field)
            .and_then(serde_json::Value::as_u64)
            .unwrap_or(0)
    };
    let (failed, conflicted) = (count("failed"), count("conflicted"));
    if failed > 0 {
        return Err(CliError::Failed(format!(
            "{} failed (listed in the summary); resume the run to try them again",
            counted(failed, "write", "writes")
        )));
    }
    if conflicted > 0 {
        return Err(CliError::ConditionFailed(conflict_message(
            conflicted, plan,
        )));
    }
    Ok(())
}

/// What a conflict means for this run: a create (import, copy) conflicts only when its key is
/// taken, any other write when the item changed since it was read.
fn conflict_message(conflicted: u64, plan: &RunPlan) -> String {
    let verb = if conflicted == 1 { "was" } else { "were" };
    let all_creates = plan
        .writes
        .iter()
        .all(|write| write.write.planned.original.is_none());
    if all_creates {
        format!(
            "{} already held an item, so {} skipped (listed in the summary); nothing was overwritten",
            counted(conflicted, "key", "keys"),
            if conflicted == 1 {
                "its create was"
            } else {
                "their creates were"
            }
        )
    } else {
        format!(
            "{} changed since it was read and {verb} skipped (listed in the summary)",
            counted(conflicted, "item", "items"),
        )
    }
}
