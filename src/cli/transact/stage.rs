//! Planning each line of a transaction plan with the single-item commands' own steps: the item
//! read consistently, `--expect-version` checked, the edit applied, and the same planner
//! conditioning the write on the version or on the values read.

use crate::backend::Backend;
use crate::cli::args::GetArgs;
use crate::cli::error::CliError;
use crate::cli::path_edits::apply_edits;
use crate::cli::plan::plan_get;
use crate::cli::write::{check_version, read_item};
use crate::domain::edit::transact_file::{KeyText, TransactLine, TransactOp};
use crate::domain::edit::transaction::{
    Staged, StagedPart, plan_condition_check, plan_unchanged_check,
};
use crate::domain::edit::{
    ConditionMode, EditContext, EditError, plan_create, plan_delete, plan_edit,
};
use crate::domain::value::Item;

/// The error with the plan line it concerns, keeping its exit code.
pub fn at_line(line: usize, error: CliError) -> CliError {
    let located = |message: String| format!("line {line}: {message}");
    match error {
        CliError::Usage(message) => CliError::Usage(located(message)),
        CliError::Failed(message) => CliError::Failed(located(message)),
        CliError::ConditionFailed(message) => CliError::ConditionFailed(located(message)),
    }
}

fn planned(
    result: Result<crate::domain::edit::PlannedWrite, EditError>,
) -> Result<StagedPart, CliError> {
    result
        .map(StagedPart::Write)
        .map_err(|error| CliError::usage(error.to_string()))
}

fn typed_key(ctx: &EditContext<'_>, key: &KeyText) -> Result<Item, CliError> {
    Ok(plan_get(
        ctx.description,
        &GetArgs {
            pk: key.pk.clone(),
            sk: key.sk.clone(),
        },
    )?
    .key)
}

async fn read(
    backend: &dyn Backend,
    ctx: &EditContext<'_>,
    key: &KeyText,
) -> Result<Item, CliError> {
    read_item(backend, ctx.description, &key.pk, key.sk.as_deref()).await
}

async fn stage_op(
    backend: &dyn Backend,
    ctx: &EditContext<'_>,
    op: &TransactOp,
) -> Result<StagedPart, CliError> {
    match op {
        TransactOp::Put { item } => planned(plan_create(ctx, item)),
        TransactOp::Update {
            key,
            edits,
            expect_version,
            whole_item,
        } => {
            let original = read(backend, ctx, key).await?;
            check_version(ctx, &original, expect_version.as_ref())?;
            let edited = apply_edits(&original, edits)?;
            let mode = if *whole_item {
                ConditionMode::WholeItem
            } else {
                ConditionMode::Auto
            };
            planned(plan_edit(ctx, &original, &edited, mode))
        }
        TransactOp::Delete {
            key,
            expect_version,
        } => {
            let original = read(backend, ctx, key).await?;
            check_version(ctx, &original, expect_version.as_ref())?;
            planned(plan_delete(ctx, &original, ConditionMode::Auto))
        }
        TransactOp::Check {
            key,
            condition: Some(condition),
        } => plan_condition_check(typed_key(ctx, key)?, condition)
            .map(StagedPart::Check)
            .map_err(|error| CliError::usage(error.to_string())),
        TransactOp::Check {
            key,
            condition: None,
        } => {
            let original = read(backend, ctx, key).await?;
            plan_unchanged_check(ctx, &original)
                .map(StagedPart::Check)
                .map_err(|error| CliError::usage(error.to_string()))
        }
    }
}

/// Every line planned, in order; the first line that cannot be planned stops it (nothing sent).
pub async fn stage_all(
    backend: &dyn Backend,
    ctx: &EditContext<'_>,
    lines: &[TransactLine],
) -> Result<Vec<Staged>, CliError> {
    let mut staged = Vec::with_capacity(lines.len());
    for line in lines {
        let part = stage_op(backend, ctx, &line.op)
            .await
            .map_err(|error| at_line(line.line, error))?;
        staged.push(Staged {
            line: line.line,
            part,
        });
    }
    Ok(staged)
}
