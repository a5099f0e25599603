//! `ddbx transact FILE`: a JSON-lines plan of puts, updates, deletes and condition checks sent
//! as one `TransactWriteItems`. The plan is read and checked before connecting (bad lines and
//! more than 100 actions exit 2); each line is planned as the single-item command would plan
//! it; the whole is checked against DynamoDB's limits; `--dry-run` prints the exact request.
//! Then it is journaled as one run and sent; `ddbx undo` undoes it as one transaction.

mod report;
mod stage;

use std::io::{self, Read as _, Write as _};
use std::path::Path;

use crate::backend::Backend;
use crate::cli::args::{GlobalOptions, ItemFormat, TransactArgs};
use crate::cli::error::CliError;
use crate::cli::note::note;
use crate::domain::edit::transact_file::{TransactLine, parse_plan};
use crate::domain::edit::transaction::{
    Staged, StagedPart, action_labels, assemble, check_action_count, check_limits,
};
use crate::domain::edit::{EditContext, EditFormat, transaction_preview};
use crate::domain::escape::escape_for_terminal;
use crate::domain::schema::TableDescription;
use crate::journal::{JournalEntry, plan_undo};
use crate::storage::input::{read_bounded, read_regular_text};
use crate::write::transaction::{TransactionOutcome, execute_transaction, new_transaction_id};

/// The largest plan file read: 100 actions on items of at most 400 KB, with room for JSON.
const MAX_PLAN_FILE: u64 = 16 * 1024 * 1024;

/// Reads the plan (`-`: standard input) once, before anything else is checked.
pub fn read_plan_file(args: &mut TransactArgs) -> Result<(), CliError> {
    let text = if args.plan == "-" {
        let bytes = read_bounded(io::stdin().lock().by_ref(), MAX_PLAN_FILE)
            .map_err(|error| CliError::usage(format!("-: standard input {error}")))?;
        String::from_utf8(bytes)
            .map_err(|_| CliError::usage("-: standard input is not UTF-8 text"))?
    } else {
        read_regular_text(Path::new(&args.plan), MAX_PLAN_FILE)
            .map_err(|error| CliError::usage(format!("{}: {error}", args.plan)))?
    };
    args.plan_text = Some(text);
    Ok(())
}

fn parsed(args: &TransactArgs) -> Result<Vec<TransactLine>, CliError> {
    let format = match args.item_format {
        ItemFormat::Typed => EditFormat::TypedJson,
        ItemFormat::Ddb => EditFormat::DdbJson,
    };
    let text = args.plan_text.as_deref().unwrap_or_default();
    let lines = parse_plan(text, format).map_err(|error| {
        CliError::usage(format!(
            "{}:{}:{}: {}; nothing was sent",
            args.plan, error.line, error.column, error.message
        ))
    })?;
    check_action_count(lines.len()).map_err(|error| CliError::usage(error.to_string()))?;
    Ok(lines)
}

/// The checks made before connecting: every line valid, at most 100 actions.
pub fn check(args: &TransactArgs) -> Result<(), CliError> {
    parsed(args).map(|_| ())
}

fn print_preview(text: &str) {
    let escaped: String = text
        .lines()
        .map(|line| format!("{}\n", escape_for_terminal(line)))
        .collect();
    let mut out = io::stdout().lock();
    let _ = out.write_all(escaped.as_bytes()).and_then(|()| out.flush());
}

/// Plans, checks, previews or sends the transaction of `args`.
pub async fn run_transact(
    backend: &dyn Backend,
    global: &GlobalOptions,
    table: &TableDescription,
    args: &TransactArgs,
) -> Result<(), CliError> {
    let lines = parsed(args)?;
    let ctx = EditContext {
        table: &table.name,
        description: table,
        version_attribute: global.version_attr.as_deref(),
    };
    let staged = stage::stage_all(backend, &ctx, &lines).await?;
    commit(
        backend,
        global,
        table,
        staged,
        &format!("of {}", args.plan),
        args.write.dry_run,
    )
    .await
}

/// Sends `staged` as one journaled transaction (or, for a dry run, prints it).
async fn commit(
    backend: &dyn Backend,
    global: &GlobalOptions,
    table: &TableDescription,
    staged: Vec<Staged>,
    plan: &str,
    dry_run: bool,
) -> Result<(), CliError> {
    for part in &staged {
        if let StagedPart::Write(planned) = &part.part
            && matches!(planned.plan, crate::domain::edit::WritePlan::Nothing)
        {
            note(&format!(
                "line {}: no change, left out of the transaction",
                part.line
            ));
        }
    }
    let assembled = assemble(&table.name, &staged, Some(new_transaction_id()));
    check_limits(&assembled, &staged, table).map_err(|error| CliError::usage(error.to_string()))?;
    if dry_run {
        print_preview(&transaction_preview(
            &assembled.request,
            &action_labels(&assembled, &staged),
        ));
        note("dry run: nothing was sent");
        return Ok(());
    }
    let (_private, journal) = crate::cli::write::open_journal(global)?;
    let result =
        execute_transaction(backend, table, &staged, &assembled, journal.as_ref(), plan).await?;
    if let Some(error) = &result.journal_error {
        note(&format!(
            "warning: the transaction's outcome could not be journaled: {error} (the journal holds its writes as unconfirmed; `ddbx undo` reads the items to settle them)"
        ));
    }
    match result.outcome {
        TransactionOutcome::Committed => report::committed(&assembled, &staged, &result.batch),
        TransactionOutcome::Cancelled { message, reasons } => {
            report::cancelled(&assembled, &staged, &message, &reasons, global.format())
        }
    }
}

/// Undoes a run that was one transaction, as one transaction: each write put back as `ddbx
/// undo` puts back one write, conditioned on the item still being as the run left it. If any
/// item changed since, nothing is undone.
pub async fn undo_transaction(
    backend: &dyn Backend,
    global: &GlobalOptions,
    table: &TableDescription,
    id: &str,
    written: &[JournalEntry],
    dry_run: bool,
) -> Result<(), CliError> {
    let ctx = EditContext {
        table: &table.name,
        description: table,
        version_attribute: global.version_attr.as_deref(),
    };
    let mut staged = Vec::with_capacity(written.len());
    for (position, entry) in written.iter().enumerate() {
        let planned = plan_undo(&ctx, entry).map_err(|error| {
            CliError::usage(format!(
                "write {} of run {id}: {error}; nothing was sent",
                position + 1
            ))
        })?;
        staged.push(Staged {
            line: position + 1,
            part: StagedPart::Write(planned),
        });
    }
    if staged.is_empty() {
        return Err(CliError::usage(format!(
            "run {id} wrote nothing that is still recorded as written; nothing to undo"
        )));
    }
    note(&format!(
        "undoing transaction {id} as one transaction ({} write(s); \"line N\" is the run's Nth write)",
        staged.len()
    ));
    commit(
        backend,
        global,
        table,
        staged,
        &format!("undo of run {id}"),
        dry_run,
    )
    .await
}
