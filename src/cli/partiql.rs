//! `ddbx partiql 'STATEMENT' [--params JSON]`: a SELECT, said to be a key query or a full table
//! scan before it runs, then read page by page with NextToken. Writes are never sent as PartiQL:
//! they could not be previewed, conditioned on what was read, or journaled, so ddbx names the
//! command that does all three instead.

use super::args::PartiqlArgs;
use super::error::{CliError, ignore_closed_pipe};
use super::note::note;
use super::output::items::ItemSink;
use crate::backend::{Backend, StatementRequest};
use crate::domain::limits::LARGE_TABLE_BYTES;
use crate::domain::partiql::{
    self, Access, PlanError, Statement, StatementKind, check_count, parse, parse_parameters,
};
use crate::domain::schema::TableDescription;
use crate::domain::value::AttrValue;

/// The statement read and its parameters, or why it is refused; nothing is sent yet.
pub fn check(args: &PartiqlArgs, read_only: bool) -> Result<(Statement, Vec<AttrValue>), CliError> {
    let statement = parse(&args.statement)
        .map_err(|error| CliError::usage(format!("cannot read the statement: {error}")))?;
    if statement.kind != StatementKind::Select {
        return Err(CliError::usage(refusal(&statement, read_only)));
    }
    let parameters = parameters(args.params.as_deref())?;
    check_count(statement.parameters, parameters.len(), "--params").map_err(CliError::usage)?;
    if args.limit == Some(0) || args.max_items == Some(0) {
        return Err(CliError::usage(
            "--limit 0 and --max-items 0 read nothing: use 1 or more",
        ));
    }
    Ok((statement, parameters))
}

/// What to run instead of a PartiQL write.
fn refusal(statement: &Statement, read_only: bool) -> String {
    let kind = statement.kind.name();
    if read_only {
        return format!("read-only: PartiQL {kind} is a write; nothing was sent");
    }
    let table = &statement.table;
    let instead = match statement.kind {
        StatementKind::Insert => {
            format!("ddbx --table {table} put --item '{{…}}'   (refused if the key exists)")
        }
        StatementKind::Update => format!(
            "ddbx --table {table} update --pk V [--sk V] --set 'PATH=VALUE' [--remove PATH]"
        ),
        StatementKind::Delete | StatementKind::Select => {
            format!("ddbx --table {table} delete --pk V [--sk V]")
        }
    };
    format!(
        "ddbx does not send PartiQL {kind}: it would not be previewed, conditioned on the item \
         as read, or journaled for undo. Use instead (--dry-run previews it):\n  {instead}"
    )
}

/// `--params`: a JSON array of DynamoDB JSON values, bound to the `?` in order.
fn parameters(text: Option<&str>) -> Result<Vec<AttrValue>, CliError> {
    text.map_or_else(
        || Ok(Vec::new()),
        |text| parse_parameters(text, "--params").map_err(CliError::usage),
    )
}

/// Says how the SELECT reads its rows, refuses a large scan without `--allow-scan`, and refuses
/// what DynamoDB would (a statement that is not well formed, a key compared with a value of
/// another type) before it is sent.
pub fn plan(
    text: &str,
    statement: &Statement,
    parameters: &[AttrValue],
    table: &TableDescription,
    allow_scan: bool,
) -> Result<String, CliError> {
    let planned = partiql::plan(statement, parameters, table).map_err(|error| match error {
        PlanError::NoSuchIndex { table, index } => {
            CliError::usage(format!("table {table} has no index {index}"))
        }
        PlanError::KeyParameterType {
            position,
            given,
            attribute,
            expected,
        } => CliError::usage(format!(
            "--params value {} is {given} but {attribute} is a key of type {expected}: it would match nothing",
            position + 1
        )),
    })?;
    if let Some(refusal) = partiql::refusal(text, parameters, table) {
        return Err(CliError::usage(format!("{refusal}; nothing was sent")));
    }
    if planned.is_large_scan(table, LARGE_TABLE_BYTES) && !allow_scan {
        let reason = match &planned.access {
            Access::FullScan { reason } => reason.as_str(),
            Access::KeyQuery { .. } => "",
        };
        return Err(CliError::usage(format!(
            "full table scan of {} ({reason}), which holds {} bytes: add --allow-scan to read \
             it all, or name the partition key ({} = ...)",
            planned.target,
            table.size_bytes.unwrap_or(0),
            planned.partition_key
        )));
    }
    Ok(planned.summary())
}

/// Reads every page (or up to `max_items`), printing items as they arrive; the summary and the
/// consumed capacity go to stderr.
pub async fn run(
    backend: &dyn Backend,
    args: &PartiqlArgs,
    parameters: Vec<AttrValue>,
    sink: &mut dyn ItemSink,
) -> Result<(), CliError> {
    let mut request = StatementRequest {
        statement: args.statement.clone(),
        parameters,
        next_token: None,
        limit: args.limit,
        consistent_read: args.consistent,
    };
    let (mut printed, mut pages, mut units) = (0_u64, 0_u64, None::<f64>);
    loop {
        let page = backend.execute_statement(request.clone()).await?;
        pages += 1;
        if let Some(consumed) = &page.consumed {
            *units.get_or_insert(0.0) += consumed.total;
        }
        let room = args.max_items.map_or(usize::MAX, |max| {
            usize::try_from(max.saturating_sub(printed)).unwrap_or(usize::MAX)
        });
        let items = page
            .items
            .get(..room.min(page.items.len()))
            .unwrap_or_default();
        ignore_closed_pipe(sink.write_items(items))?;
        printed += u64::try_from(items.len()).unwrap_or(u64::MAX);
        let full = args.max_items.is_some_and(|max| printed >= max);
        match page.next_token {
            Some(token) if !full => request.next_token = Some(token),
            _ => break,
        }
    }
    ignore_closed_pipe(sink.finish())?;
    let consumed = units.map_or_else(|| "not reported".to_owned(), |units| format!("{units} RCU"));
    note(&format!(
        "items: {printed}, pages: {pages}, consumed: {consumed}"
    ));
    Ok(())
}

#[cfg(test)]
mod tests;
