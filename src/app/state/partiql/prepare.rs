//! From the statement screen's text to a read ready to send, or the reason it is not sent: the
//! statement is read, its parameters bound and counted, and a SELECT planned on the open
//! table's key schema. Pure, so the screen says the same thing as it is typed as `update` does
//! on submit.

use crate::app::state::State;
use crate::app::state::partiql::form::StatementForm;
use crate::app::state::partiql::prepared::Prepared;
use crate::backend::StatementRequest;
use crate::domain::partiql::{
    PlanError, Statement, StatementKind, check_count, parse, parse_parameters, plan, refusal,
};

/// Reads `form` against the open table: the prepared SELECT, or what is wrong in words.
pub fn prepare(state: &State, form: &StatementForm) -> Result<Prepared, String> {
    let text = form.statement.text();
    let statement = parse(text).map_err(|error| format!("cannot read the statement: {error}"))?;
    if statement.kind != StatementKind::Select {
        return Err(write_refusal(
            &statement,
            state.session.connection.read_only,
        ));
    }
    let parameters = parse_parameters(form.parameters.text(), "parameters")?;
    check_count(statement.parameters, parameters.len(), "parameters")?;
    if statement.table != state.table.name {
        return Err(format!(
            "the statement reads table {}, but the open table is {}: switch tables first",
            statement.table, state.table.name
        ));
    }
    let Some(description) = state.described() else {
        return Err("the table is still being described; try again in a moment".to_owned());
    };
    let plan = plan(&statement, &parameters, description).map_err(|error| match error {
        PlanError::NoSuchIndex { table, index } => format!("table {table} has no index {index}"),
        PlanError::KeyParameterType {
            position,
            given,
            attribute,
            expected,
        } => format!(
            "parameter {} is {given} but {attribute} is a key of type {expected}: it would match nothing",
            position + 1
        ),
    })?;
    if let Some(refusal) = refusal(text, &parameters, description) {
        return Err(refusal);
    }
    let large_scan = plan
        .is_large_scan(description, state.settings.large_table_bytes)
        .then(|| description.size_bytes.unwrap_or(0));
    Ok(Prepared {
        request: StatementRequest {
            statement: text.to_owned(),
            parameters,
            next_token: None,
            // Pages as small as the other screens read, so the first rows show soon.
            limit: Some(state.settings.page_size),
            consistent_read: false,
        },
        plan,
        large_scan,
    })
}

/// Why a PartiQL write is not sent, and what does the same thing safely.
fn write_refusal(statement: &Statement, read_only: bool) -> String {
    let kind = statement.kind.name();
    if read_only {
        return format!("read-only: PartiQL {kind} is a write; nothing was sent");
    }
    let instead = match statement.kind {
        StatementKind::Insert => "a (new item)",
        StatementKind::Update => "e (edit item)",
        // A DELETE naming the full key is turned into that write before it gets here.
        StatementKind::Delete | StatementKind::Select => "d (delete item)",
    };
    format!(
        "ddbx does not send PartiQL {kind}: it would not be previewed, conditioned on the item as \
         read, or journaled for undo; nothing was sent. Open the item and use {instead} instead"
    )
}
