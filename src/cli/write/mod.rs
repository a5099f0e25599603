//! The headless writes: `ddbx put | update | delete | undo`. Each one reads what it needs, plans
//! with the same functions as the editor (`domain::edit`), prints the exact request with
//! `--dry-run` (sending nothing), or executes and journals it. Exit codes: 2 for bad input
//! (nothing sent), 3 for a failed condition (nothing written), 1 otherwise.

mod argument_files;

use std::io::{self, Write};

use super::adjustments::parse_adjustments;
use super::args::bulk::UndoArgs;
use super::args::{
    Command, DeleteArgs, GetArgs, GlobalOptions, ItemFormat, OutputFormat, PutArgs, UpdateArgs,
};
use super::error::CliError;
use super::note::note;
use super::output::escape::escape_json_for_terminal;
use super::output::items::item_line;
use super::output::print_json;
use super::path_edits::{apply_edits, parse_edits};
use super::plan::plan_get;
use crate::backend::{Backend, BackendError};
use crate::domain::ddb_json::item_to_json;
use crate::domain::edit::derived_keys::{derived_keys_of, out_of_sync};
use crate::domain::edit::derived_report::DerivedKeys;
use crate::domain::edit::{
    Adjustment, ConditionMode, EditContext, EditError, EditFormat, PlannedWrite, WritePlan,
    parse_edited, plan_adjust, plan_create, plan_delete, plan_edit, request_preview,
};
use crate::domain::escape::escape_for_terminal;
use crate::domain::number::Number;
use crate::domain::schema::TableDescription;
use crate::domain::value::Item;
use crate::domain::version_attr::{VersionAttribute, version_attribute};
use crate::journal::{Journal, JournalConnection, JournalEntry, PrivateJournal, plan_undo};
use crate::write::run_plan::operation;
use crate::write::{Unsettled, WriteOutcome, execute_and_journal, last_settled};

pub use argument_files::read_argument_files;

/// True for the commands that write.
#[must_use]
pub fn is_write(command: &Command) -> bool {
    matches!(
        command,
        Command::Put(_)
            | Command::Update(_)
            | Command::Delete(_)
            | Command::Transact(_)
            | Command::Undo(_)
            | Command::Import(_)
            | Command::Bulk(_)
            | Command::Copy(_)
    )
}

fn dry_run(command: &Command) -> bool {
    match command {
        Command::Put(args) => args.write.dry_run,
        Command::Update(args) => args.write.dry_run,
        Command::Delete(args) => args.write.dry_run,
        Command::Transact(args) => args.write.dry_run,
        Command::Undo(options) => options.dry_run,
        Command::Import(args) => args.run.dry_run,
        Command::Bulk(args) => args.run.dry_run,
        Command::Copy(args) => args.run.dry_run,
        _ => false,
    }
}

/// Checks made before connecting: read-only refusal (of every write, bulk runs included) and
/// the single-item commands' input parsing. Nothing is sent when these fail.
pub fn check_write_before_connecting(
    global: &GlobalOptions,
    command: &Command,
) -> Result<(), CliError> {
    if !is_write(command) {
        return Ok(());
    }
    let read_only = global.read_only || global.tui.file.is_some();
    if read_only && !dry_run(command) {
        let message = format!(
            "{}{}",
            BackendError::ReadOnly,
            if global.tui.file.is_some() {
                " (--file sessions are always read-only)"
            } else {
                ""
            }
        );
        // Exit 2 says nothing was sent, for a single write as for a bulk run.
        return Err(CliError::Usage(message));
    }
    match command {
        Command::Put(args) => parse_item(&args.item, args.item_format).map(|_| ()),
        Command::Update(args) if !args.add.is_empty() => {
            parse_adjustments(&args.add, &args.at_least, &args.at_most).map(|_| ())
        }
        Command::Update(args) => {
            parse_edits(&args.set, &args.remove, args.item_format)?;
            expected_version(args.expect_version.as_deref()).map(|_| ())
        }
        Command::Delete(args) => expected_version(args.expect_version.as_deref()).map(|_| ()),
        _ => Ok(()),
    }
}

fn parse_item(text: &str, format: ItemFormat) -> Result<Item, CliError> {
    let format = match format {
        ItemFormat::Typed => EditFormat::TypedJson,
        ItemFormat::Ddb => EditFormat::DdbJson,
    };
    parse_edited(text, format).map_err(|error| CliError::usage(format!("--item: {error}")))
}

fn expected_version(text: Option<&str>) -> Result<Option<Number>, CliError> {
    text.map(|text| {
        Number::parse(text)
            .ok()
            .filter(|n| n.is_integer() && !n.is_negative())
            .ok_or_else(|| {
                CliError::usage(format!(
                    "--expect-version {text:?}: a version is a non-negative whole number, e.g. --expect-version 7"
                ))
            })
    })
    .transpose()
}

/// Runs one write command against `table`.
pub async fn run_write(
    backend: &dyn Backend,
    global: &GlobalOptions,
    table: &TableDescription,
    command: &Command,
) -> Result<(), CliError> {
    let ctx = EditContext {
        table: &table.name,
        description: table,
        version_attribute: global.version_attr.as_deref(),
    };
    let (planned, derived, dry_run) = match command {
        Command::Put(args) => moved(table, plan_put(&ctx, args)?, args.write.dry_run),
        Command::Update(args) => {
            let (planned, derived) = plan_update(backend, &ctx, args).await?;
            (planned, derived, args.write.dry_run)
        }
        Command::Delete(args) => moved(
            table,
            plan_remove(backend, &ctx, args).await?,
            args.write.dry_run,
        ),
        Command::Undo(_) if global.tui.demo => {
            return Err(CliError::usage(
                "the demo's writes live and die with its process: each `ddbx --demo` starts \
                 from the generated table, so there is no earlier demo write to undo",
            ));
        }
        Command::Undo(options) => moved(
            table,
            plan_journal_undo(backend, &ctx, options).await?,
            options.dry_run,
        ),
        _ => return Ok(()),
    };
    let advice = " (--update-derived-keys changes it in the same conditioned write)";
    for sentence in derived.sentences(None, advice) {
        note(&sentence);
    }
    if dry_run || matches!(planned.plan, WritePlan::Nothing) {
        print_request(&planned, &derived, dry_run, global.output)?;
        note(if dry_run {
            "dry run: nothing was sent"
        } else {
            "no change: nothing was sent"
        });
        return Ok(());
    }
    let (_private, journal) = open_journal(global)?;
    let outcome = match execute_and_journal(backend, &table.name, &planned, journal.as_ref())
        .await?
    {
        Ok(outcome) => outcome,
        Err(failure) => {
            note(&format!(
                "warning: the write succeeded but its outcome could not be journaled: {} (the journal holds it as unconfirmed; `ddbx undo` reads the item to settle it)",
                failure.error
            ));
            failure.outcome
        }
    };
    report(&planned, outcome, global.format())
}

/// The journal a write goes to, and the private directory holding it for the demo (removed
/// when dropped, so keep it until the write is recorded).
pub(super) fn open_journal(
    global: &GlobalOptions,
) -> Result<(Option<PrivateJournal>, Option<Journal>), CliError> {
    // The demo's table lives in this process, so its writes are journaled privately (and
    // removed with it), never in the user's journal, which a later `ddbx undo` would read.
    let private = global
        .tui
        .demo
        .then(PrivateJournal::create)
        .transpose()
        .map_err(|error| {
            CliError::Failed(format!("could not create the demo's journal: {error}"))
        })?;
    let journal = match &private {
        Some(private) => {
            note("demo: the write changes the demo's in-memory table and ends with this process");
            Some(Journal::open(private.path()))
        }
        None => Journal::default_path().map(Journal::open),
    };
    if journal.is_none() {
        note(
            "warning: no journal (set XDG_STATE_HOME or HOME); this write cannot be undone with `ddbx undo`",
        );
    }
    Ok((private, journal))
}

/// A planned write with the key attributes it leaves holding old values: a library composed
/// them from the values this write changes, so an index would no longer find the item where its
/// model looks. Said before sending, as the editor's preview says it.
fn moved(
    table: &TableDescription,
    planned: PlannedWrite,
    dry_run: bool,
) -> (PlannedWrite, DerivedKeys, bool) {
    let mut derived = DerivedKeys::default();
    if let (Some(original), Some(expected)) = (&planned.original, &planned.expected) {
        derived.add(&out_of_sync(table, original, expected), false);
    }
    (planned, derived, dry_run)
}

/// The exact request as text, or with `-o json` as one JSON document that also lists the
/// derived keys the write leaves out of sync or updates.
fn print_request(
    planned: &PlannedWrite,
    derived: &DerivedKeys,
    dry_run: bool,
    format: Option<OutputFormat>,
) -> Result<(), CliError> {
    if format == Some(OutputFormat::Json) {
        return print_json(&serde_json::json!({
            "dry_run": dry_run,
            "summary": planned.summary,
            "operation": operation(&planned.plan),
            "request": request_preview(&planned.plan).lines().collect::<Vec<_>>(),
            "derived_keys": derived.to_json(),
            "sent": false,
        }));
    }
    let text = format!("{}\n{}", planned.summary, request_preview(&planned.plan));
    // Line by line: the layout's line breaks stay, anything else is shown escaped.
    let escaped: String = text
        .lines()
        .map(|line| format!("{}\n", escape_for_terminal(line)))
        .collect();
    let mut out = io::stdout().lock();
    let _ = out.write_all(escaped.as_bytes()).and_then(|()| out.flush());
    Ok(())
}

pub(super) fn shown(item: &Item) -> String {
    escape_json_for_terminal(item_to_json(item).to_string())
}

fn report(
    planned: &PlannedWrite,
    outcome: WriteOutcome,
    format: OutputFormat,
) -> Result<(), CliError> {
    match outcome {
        WriteOutcome::Written { after, .. } => {
            note(&format!("written: {}", planned.summary));
            if let Some(after) = after {
                let mut out = io::stdout().lock();
                let _ = writeln!(out, "{}", item_line(format, &after)).and_then(|()| out.flush());
            }
            Ok(())
        }
        WriteOutcome::Conflict {
            current: Some(current),
        } if !planned.adjusts.is_empty() => Err(CliError::ConditionFailed(format!(
            "condition failed: a guard no longer held when the write arrived ({}); nothing was written. Current item: {}",
            describe_all(&planned.adjusts),
            shown(&current)
        ))),
        WriteOutcome::Conflict {
            current: Some(current),
        } => Err(CliError::ConditionFailed(format!(
            "condition failed: the item changed since it was read; nothing was written. Current item: {}",
            shown(&current)
        ))),
        WriteOutcome::Conflict { current: None } => Err(CliError::ConditionFailed(
            "condition failed: the item no longer exists; nothing was written".to_owned(),
        )),
        WriteOutcome::TargetExists { key, .. } => Err(CliError::ConditionFailed(format!(
            "an item with key {} already exists; nothing was written",
            shown(&key)
        ))),
    }
}

fn plan_put(ctx: &EditContext<'_>, args: &PutArgs) -> Result<PlannedWrite, CliError> {
    let item = parse_item(&args.item, args.item_format)?;
    plan_create(ctx, &item).map_err(|error| CliError::usage(format!("--item: {error}")))
}

/// Reads the item the command addresses, consistently; a missing item fails the condition.
pub(super) async fn read_item(
    backend: &dyn Backend,
    table: &TableDescription,
    pk: &str,
    sk: Option<&str>,
) -> Result<Item, CliError> {
    let mut request = plan_get(
        table,
        &GetArgs {
            pk: pk.to_owned(),
            sk: sk.map(str::to_owned),
        },
    )?;
    request.consistent_read = true;
    let key = request.key.clone();
    backend.get_item(request).await?.item.ok_or_else(|| {
        CliError::ConditionFailed(format!(
            "condition failed: no item with key {} exists; nothing was written (use `ddbx put` to create one)",
            shown(&key)
        ))
    })
}

/// Refuses (exit 3, nothing sent) when `--expect-version` does not match the item read.
fn check_expected_version(
    ctx: &EditContext<'_>,
    item: &Item,
    expected: Option<&str>,
) -> Result<(), CliError> {
    check_version(ctx, item, expected_version(expected)?.as_ref())
}

/// Refuses (exit 3, nothing sent) when the item's version attribute is not `expected`.
pub(super) fn check_version(
    ctx: &EditContext<'_>,
    item: &Item,
    expected: Option<&Number>,
) -> Result<(), CliError> {
    let Some(expected) = expected else {
        return Ok(());
    };
    match version_attribute(item, ctx.version_attribute) {
        VersionAttribute::Found { value, .. } if value == expected => Ok(()),
        VersionAttribute::Found { name, value } => Err(CliError::ConditionFailed(format!(
            "condition failed: {name} is {value}, not {expected}; the item changed since you looked; nothing was sent"
        ))),
        _ => Err(CliError::usage(format!(
            "--expect-version: the item has no version attribute{}; drop --expect-version or name the attribute with --version-attr",
            ctx.version_attribute
                .map(|name| format!(" named {name:?}"))
                .unwrap_or_default()
        ))),
    }
}

/// The update of the item read, with the derived keys its edits move (updated in the same
/// write with `--update-derived-keys`).
async fn plan_update(
    backend: &dyn Backend,
    ctx: &EditContext<'_>,
    args: &UpdateArgs,
) -> Result<(PlannedWrite, DerivedKeys), CliError> {
    if !args.add.is_empty() {
        let adjustments = parse_adjustments(&args.add, &args.at_least, &args.at_most)?;
        let original = read_item(backend, ctx.description, &args.pk, args.sk.as_deref()).await?;
        let planned = plan_adjust(ctx, &original, &adjustments).map_err(adjust_refused)?;
        return Ok((planned, DerivedKeys::default()));
    }
    let edits = parse_edits(&args.set, &args.remove, args.item_format)?;
    let original = read_item(backend, ctx.description, &args.pk, args.sk.as_deref()).await?;
    check_expected_version(ctx, &original, args.expect_version.as_deref())?;
    let edited = apply_edits(&original, &edits)?;
    let update = args.update_derived_keys;
    let (edited, stale) = derived_keys_of(ctx.description, &original, edited, update);
    let mode = if args.whole_item {
        ConditionMode::WholeItem
    } else {
        ConditionMode::Auto
    };
    let planned = plan_edit(ctx, &original, &edited, mode)
        .map_err(|error| CliError::usage(error.to_string()))?;
    let mut derived = DerivedKeys::default();
    derived.add(&stale, update);
    Ok((planned, derived))
}

/// `balance - 25 (at least 0), stock + 1`.
fn describe_all(adjustments: &[Adjustment]) -> String {
    let described: Vec<String> = adjustments.iter().map(Adjustment::describe).collect();
    described.join(", ")
}

/// An adjustment refused before sending: a guard the item as read already breaks is the
/// condition failing (exit 3); anything else is the command to fix (exit 2).
pub(super) fn adjust_refused(error: EditError) -> CliError {
    match error {
        EditError::GuardFailed(problem) => {
            CliError::ConditionFailed(format!("condition failed: {problem}; nothing was sent"))
        }
        other => CliError::usage(other.to_string()),
    }
}

async fn plan_remove(
    backend: &dyn Backend,
    ctx: &EditContext<'_>,
    args: &DeleteArgs,
) -> Result<PlannedWrite, CliError> {
    let original = read_item(backend, ctx.description, &args.pk, args.sk.as_deref()).await?;
    check_expected_version(ctx, &original, args.expect_version.as_deref())?;
    plan_delete(ctx, &original, ConditionMode::Auto)
        .map_err(|error| CliError::usage(error.to_string()))
}

/// The undo of the newest write to the table through this connection. A write whose outcome
/// the journal lacks is settled first by reading the item (see [`crate::write::pending`]); with
/// `--skip-pending` one that cannot be settled is passed over, and named.
async fn plan_journal_undo(
    backend: &dyn Backend,
    ctx: &EditContext<'_>,
    options: &UndoArgs,
) -> Result<PlannedWrite, CliError> {
    let journal = Journal::default_path().map(Journal::open).ok_or_else(|| {
        CliError::usage("no journal: set XDG_STATE_HOME or HOME (or DDBX_JOURNAL)")
    })?;
    let here = JournalConnection::from(&backend.connection());
    let unsettled = match (options.skip_pending, options.dry_run) {
        (false, _) => Unsettled::Refuse,
        (true, false) => Unsettled::PassOver,
        (true, true) => Unsettled::PassOverDryRun,
    };
    let found = last_settled(backend, &journal, ctx.table, unsettled)
        .await
        .map_err(CliError::Failed)?;
    for entry in &found.passed_over {
        note(&passed_over(entry, options.dry_run));
    }
    let entry = found.entry.ok_or_else(|| {
        CliError::usage(format!(
            "the journal {} has no {}write to table {:?} through this connection ({}{}) to undo",
            journal.path().display(),
            if found.passed_over.is_empty() {
                ""
            } else {
                "other "
            },
            ctx.table,
            here.kind,
            here.endpoint
                .as_deref()
                .map(|endpoint| format!(" {endpoint}"))
                .unwrap_or_default()
        ))
    })?;
    plan_undo(ctx, &entry).map_err(|error| CliError::usage(error.to_string()))
}

/// What `--skip-pending` did with one pending write on the way to the write it undoes.
fn passed_over(entry: &JournalEntry, dry_run: bool) -> String {
    let write = format!(
        "{} at {} of {}",
        entry.operation,
        entry.time,
        shown(&entry.key)
    );
    if !entry.passed_over {
        return format!("passed over: {write}, found not written (recorded as not written)");
    }
    format!(
        "passed over: {write}, sent with no answer and the item changed since, so whether it \
         was written is unknown; {}",
        if dry_run {
            "it would be recorded as passed over (dry run: nothing recorded)"
        } else {
            "recorded as passed over: it stays pending in `ddbx history` and is never undone"
        }
    )
}

#[cfg(test)]
mod tests {
    use clap::Parser;

    use super::*;
    use crate::cli::Cli;

    async fn refused_without_connecting(args: &[&str]) -> CliError {
        let cli = Cli::try_parse_from(std::iter::once("ddbx").chain(args.iter().copied()))
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

    #[tokio::test]
    async fn read_only_refuses_every_write_before_connecting() {
        let writes: [&[&str]; 4] = [
            &["put", "--item", "{\"PK\": \"a\"}"],
            &["update", "--pk", "a", "--set", "x=1"],
            &["delete", "--pk", "a"],
            &["undo"],
        ];
        for args in writes {
            let mut full = vec!["--table", "orders", "--read-only"];
            full.extend_from_slice(args);
            let error = refused_without_connecting(&full).await;
            assert_eq!(error.exit_code(), 2, "{args:?}");
            assert!(error.to_string().contains("read-only"), "{error}");
        }
    }

    #[tokio::test]
    async fn bad_write_input_is_refused_before_connecting_with_exit_two() {
        let cases: [(&[&str], &str); 5] = [
            (&["put", "--item", "{\"PK\": "], "--item: line 1, column 8"),
            (
                &["put", "--item", "{\"n\": {\"$ns\": [1, 1]}}"],
                "appears twice",
            ),
            (&["update", "--pk", "a"], "nothing to change"),
            (&["update", "--pk", "a", "--set", "a..b=1"], "--set"),
            (
                &["delete", "--pk", "a", "--expect-version", "-1"],
                "non-negative whole number",
            ),
        ];
        for (args, expected) in cases {
            let mut full = vec!["--table", "orders"];
            full.extend_from_slice(args);
            let error = refused_without_connecting(&full).await;
            assert_eq!(error.exit_code(), 2, "{args:?}: {error}");
            assert!(error.to_string().contains(expected), "{args:?}: {error}");
        }
    }
}
