//! The bulk commands: `ddbx export | import | bulk | copy`, and `undo --batch`. Items come from
//! a scope (a partition, a scan, filtered, one entity) or a file; each write is planned by the
//! editor's planners (conditioned on the version, or on the values as read; creates on the key
//! being free), previewed by `--dry-run`, journaled ahead as one run, undoable and resumable.

mod csv_spool;
mod execute;
mod export;
mod export_file;
mod import;
mod report;
mod resume;
mod runner;
mod undo;

use std::sync::Arc;

use super::scope::{self, Collect, ScopeRead, describe_run_scope, entity_name, read_scope};
use crate::write::run_plan::{self as plan, BulkAction, Refusal, plan_run};

use super::adjustments::parse_adjustments;
use super::args::bulk::{BulkArgs, CopyArgs, ImportArgs, ScopeArgs};
use super::args::{Command, GlobalOptions};
use super::error::CliError;
use super::note::note;
use super::other_table;
use super::path_edits::parse_edits;
use crate::backend::Backend;
use crate::cli::diff::{Written, verify_written};
use crate::domain::edit::{ConditionMode, EditContext};
use crate::domain::schema::{Projection, TableDescription};
use crate::domain::value::Item;

pub use export_file::{export_file, streamable};
pub use undo::{last_batch, undo_batch};

/// Local checks of the bulk commands, made before connecting.
pub fn check_before_connecting(command: &Command) -> Result<(), CliError> {
    match command {
        Command::Export(args) => scope::check_scope(&args.scope),
        Command::Bulk(args) => {
            scope::check_scope(&args.scope)?;
            action(args).map(|_| ())
        }
        Command::Copy(args) => {
            scope::check_scope(&args.scope)?;
            other_table::parse_rewrites(&args.rewrite_prefix).map(|_| ())
        }
        _ => Ok(()),
    }
}

fn action(args: &BulkArgs) -> Result<BulkAction, CliError> {
    if args.delete {
        return Ok(BulkAction::Delete);
    }
    if !args.add.is_empty() {
        let adjustments = parse_adjustments(&args.add, &args.at_least, &args.at_most)?;
        return Ok(BulkAction::Adjust { adjustments });
    }
    let edits = parse_edits(&args.set, &args.remove, args.item_format).map_err(|_| {
        CliError::usage(
            "say what to do: --delete, or at least one --set PATH=VALUE or --remove PATH",
        )
    })?;
    let mode = if args.whole_item {
        ConditionMode::WholeItem
    } else {
        ConditionMode::Auto
    };
    Ok(BulkAction::Edit {
        edits,
        mode,
        derived_keys: args.update_derived_keys,
    })
}

fn action_text(args: &BulkArgs) -> String {
    if args.delete {
        return "delete".to_owned();
    }
    let mut parts: Vec<String> = args.set.iter().map(|set| format!("set {set}")).collect();
    let bounds = args
        .at_least
        .iter()
        .map(|bound| format!("at-least {bound}"));
    parts.extend(args.add.iter().map(|add| format!("add {add}")));
    parts.extend(bounds.chain(args.at_most.iter().map(|bound| format!("at-most {bound}"))));
    parts.extend(args.remove.iter().map(|path| format!("remove {path}")));
    if args.whole_item {
        parts.push("whole-item".to_owned());
    }
    if args.update_derived_keys {
        parts.push("update-derived-keys".to_owned());
    }
    parts.join(" ")
}

fn edit_context<'a>(global: &'a GlobalOptions, table: &'a TableDescription) -> EditContext<'a> {
    EditContext {
        table: &table.name,
        description: table,
        version_attribute: global.version_attr.as_deref(),
    }
}

/// A write planned from part of an item would be conditioned on that part only (a delete would
/// not notice a change to an attribute the index leaves out), so `bulk` reads only indexes that
/// project every attribute.
fn require_whole_items(table: &TableDescription, index: Option<&str>) -> Result<(), CliError> {
    match index.and_then(|name| table.index(name)) {
        Some(index) if index.projection != Projection::All => Err(CliError::usage(format!(
            "--index {}: the index does not project every attribute, and each write must be \
             conditioned on the whole item as read; scope the run on the table (--pk, --filter, \
             --entity) instead",
            index.name
        ))),
        _ => Ok(()),
    }
}

async fn read_items(
    backend: &Arc<dyn Backend>,
    table: &TableDescription,
    scope: &ScopeArgs,
    global: &GlobalOptions,
    consistent: bool,
) -> Result<Vec<Item>, CliError> {
    let decoder = crate::connect::entity_decoder(&global.tui).map_err(CliError::Usage)?;
    let mut collect = Collect::default();
    let read = ScopeRead {
        table,
        scope,
        decoder: &decoder,
        consistent,
    };
    read_scope(Arc::clone(backend), &read, &mut collect).await?;
    Ok(collect.items)
}

/// Runs one bulk command against `table` (the source table for `export` and `copy`).
pub async fn run_bulk(
    backend: Arc<dyn Backend>,
    global: &GlobalOptions,
    table: &TableDescription,
    command: &Command,
) -> Result<(), CliError> {
    let decoder = crate::connect::entity_decoder(&global.tui).map_err(CliError::Usage)?;
    match command {
        Command::Export(args) => export::export(backend, table, args, &decoder).await,
        Command::Bulk(args) => {
            let action = action(args)?;
            require_whole_items(table, args.scope.items.index.as_deref())?;
            // Read consistently: each write is conditioned on the item as read.
            let items = read_items(&backend, table, &args.scope, global, true).await?;
            let ctx = edit_context(global, table);
            let plan = plan_run(&ctx, &items, &action, |item| {
                entity_name(&decoder, table, item)
            });
            warn_out_of_sync(&plan);
            runner::execute(runner::Run {
                backend: backend.as_ref(),
                global,
                table: &table.name,
                plan_text: format!(
                    "bulk {} {}",
                    describe_run_scope(&args.scope),
                    action_text(args)
                ),
                read: items.len() as u64,
                plan,
                run: &args.run,
            })
            .await
        }
        Command::Import(args) => import(backend.as_ref(), global, table, args, &decoder).await,
        Command::Copy(args) => copy(&backend, global, table, args, &decoder).await,
        _ => Ok(()),
    }
}

/// Key attributes a library composed from the values the run changes: said once per attribute
/// with how many writes it concerns and an example, before anything is sent, as the editor's
/// preview says it for one item.
fn warn_out_of_sync(plan: &plan::RunPlan) {
    let advice = "; --update-derived-keys changes it in the same conditioned writes";
    for sentence in plan.derived.sentences(Some(plan.writes.len()), advice) {
        note(&sentence);
    }
}

async fn import(
    backend: &dyn Backend,
    global: &GlobalOptions,
    table: &TableDescription,
    args: &ImportArgs,
    decoder: &crate::domain::entity::EntityDecoder,
) -> Result<(), CliError> {
    let lines = import::read_import_file(&args.file, args.format)?;
    let ctx = edit_context(global, table);
    let items: Vec<Item> = lines.items.iter().map(|(_, item)| item.clone()).collect();
    let mut plan = plan_run(&ctx, &items, &BulkAction::Create, |item| {
        entity_name(decoder, table, item)
    });
    // A refusal names the line; the planner named the key.
    let line_of = |key: &serde_json::Value| {
        lines
            .items
            .iter()
            .find(|(_, item)| plan::key_json(&ctx, item) == *key)
            .map(|(line, _)| *line)
    };
    let planned_refusals = std::mem::take(&mut plan.refused);
    plan.refused = lines.refused;
    plan.refused
        .extend(planned_refusals.into_iter().map(|refusal| Refusal {
            at: serde_json::json!({"line": line_of(&refusal.at), "key": refusal.at}),
            reason: refusal.reason,
        }));
    plan.refused
        .sort_by_key(|refusal| refusal.at.get("line").and_then(serde_json::Value::as_u64));
    let read = (lines.items.len() + plan.refused.len()) as u64;
    let written = args.verify.then(|| planned_items(&plan));
    let outcome = runner::execute(runner::Run {
        backend,
        global,
        table: &table.name,
        plan_text: format!("import {} ({:?})", args.file, args.format),
        read,
        plan,
        run: &args.run,
    })
    .await;
    let verify = written.map(|items| Written {
        backend,
        table,
        items,
        parallel: args.run.parallel as usize,
        source_name: &args.file,
    });
    verified(outcome, verify, global, decoder).await
}

/// The items a run's writes mean to leave (a delete leaves none).
fn planned_items(plan: &plan::RunPlan) -> Vec<Item> {
    plan.writes
        .iter()
        .filter_map(|planned| planned.write.planned.expected.clone())
        .collect()
}

/// The run's outcome, then (with `--verify`, once the run has sent its writes) the diff of what
/// it wrote: differences make it fail; an equal diff leaves the run's own outcome.
async fn verified(
    outcome: Result<(), CliError>,
    verify: Option<Written<'_>>,
    global: &GlobalOptions,
    decoder: &crate::domain::entity::EntityDecoder,
) -> Result<(), CliError> {
    let Some(written) = verify else {
        return outcome;
    };
    if let Err(refused) = &outcome
        && refused.exit_code() == 2
    {
        return outcome;
    }
    if let Err(error) = &outcome {
        note(&format!("ddbx: {error}"));
    }
    verify_written(written, global, decoder).await?;
    outcome
}

async fn copy(
    source: &Arc<dyn Backend>,
    global: &GlobalOptions,
    table: &TableDescription,
    args: &CopyArgs,
    decoder: &crate::domain::entity::EntityDecoder,
) -> Result<(), CliError> {
    let rewrites = other_table::parse_rewrites(&args.rewrite_prefix)?;
    let items = read_items(source, table, &args.scope, global, false).await?;
    let target = other_table::other_backend(source, global, &args.to).await?;
    let target_table = target.describe_table(&args.to_table).await?;
    let rewritten: Vec<Item> = items
        .iter()
        .map(|item| other_table::rewrite_keys(item, &target_table, &rewrites))
        .collect();
    let ctx = edit_context(global, &target_table);
    let plan = plan_run(&ctx, &rewritten, &BulkAction::Create, |item| {
        entity_name(decoder, table, item)
    });
    let written = args.verify.then(|| planned_items(&plan));
    let outcome = runner::execute(runner::Run {
        backend: target.as_ref(),
        global,
        table: &target_table.name,
        plan_text: format!(
            "copy {} of {} rewrite {:?}",
            describe_run_scope(&args.scope),
            table.name,
            args.rewrite_prefix
        ),
        read: items.len() as u64,
        plan,
        run: &args.run,
    })
    .await;
    let verify = written.map(|items| Written {
        backend: target.as_ref(),
        table: &target_table,
        items,
        parallel: args.run.parallel as usize,
        source_name: &table.name,
    });
    verified(outcome, verify, global, decoder).await
}

#[cfg(test)]
mod tests {
    use clap::Parser;

    use super::*;
    use crate::backend::BackendError;
    use crate::cli::Cli;

    async fn refused_without_connecting(args: &[&str]) -> CliError {
        let cli = Cli::try_parse_from(
            ["ddbx", "--table", "orders"]
                .into_iter()
                .chain(args.iter().copied()),
        )
        .expect("valid command line");
        let connected = std::cell::Cell::new(false);
        let result = crate::cli::run(cli, async |_: &GlobalOptions| {
            connected.set(true);
            Err(CliError::from(BackendError::Network(
                "must not connect".to_owned(),
            )))
        })
        .await;
        assert!(!connected.get(), "{args:?} connected before refusing");
        result.expect_err("refused")
    }

    #[test]
    fn bulk_writes_read_only_indexes_that_hold_whole_items() {
        let mut table = crate::cli::plan::fixtures::single_table();
        assert!(require_whole_items(&table, Some("GSI1")).is_ok());
        assert!(require_whole_items(&table, None).is_ok());
        table.indexes[0].projection = Projection::KeysOnly;
        let name = table.indexes[0].name.clone();
        let error = require_whole_items(&table, Some(&name)).expect_err("partial items");
        assert_eq!(error.exit_code(), 2);
        assert!(error.to_string().contains("every attribute"), "{error}");
    }

    #[tokio::test]
    async fn bulk_commands_refuse_bad_input_and_read_only_writes_with_exit_two_before_connecting() {
        let cases: [(&[&str], &str); 7] = [
            (&["--read-only", "bulk", "--delete"], "read-only"),
            (&["--read-only", "import", "items.jsonl"], "read-only"),
            (&["--read-only", "copy", "--to-table", "other"], "read-only"),
            (&["bulk", "--pk", "P"], "--delete, or at least one --set"),
            (
                &["bulk", "--pk", "P", "--segments", "2", "--delete"],
                "--segments",
            ),
            (
                &["copy", "--to-table", "other", "--rewrite-prefix", "=X"],
                "OLD=NEW",
            ),
            (&["export", "--segments", "0"], "--segments 0"),
        ];
        for (args, expected) in cases {
            let error = refused_without_connecting(args).await;
            assert_eq!(error.exit_code(), 2, "{args:?}: {error}");
            assert!(error.to_string().contains(expected), "{args:?}: {error}");
        }
    }
}
