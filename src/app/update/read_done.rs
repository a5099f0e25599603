//! Hands a read's answer to the part of the state that asked for it. The owner travels with the
//! request and comes back unchanged, so this is the only place answers are routed.

use crate::app::command::Command;
use crate::app::read::{ReadAnswer, ReadError, ReadFor};
use crate::app::request_id::RequestId;
use crate::app::state::State;
use crate::backend::BackendError;

use super::edit::undo;
use super::explore::{account, collections, describe, saved_schema, scan};
use super::indexes::{self, scans as index_scans};
use super::inspect;
use super::item_history;
use super::partiql;
use super::query;
use super::stream;
use super::tables;
use super::why;

pub(super) fn read_done(
    state: &mut State,
    id: RequestId,
    owner: ReadFor,
    result: Result<ReadAnswer, ReadError>,
) -> Vec<Command> {
    match owner {
        ReadFor::Description => describe::described(
            state,
            id,
            backend(result).and_then(ReadAnswer::into_description),
        ),
        ReadFor::Account => {
            account::answered(
                state,
                id,
                backend(result).and_then(ReadAnswer::into_account),
            );
            Vec::new()
        }
        ReadFor::Discovery => {
            scan::page(state, id, backend(result).and_then(ReadAnswer::into_page))
        }
        ReadFor::Partition => partition_page(state, id, backend(result)),
        ReadFor::QueryRun => query_page(state, id, backend(result)),
        ReadFor::BulkTarget => super::bulk::form::target_described(
            state,
            id,
            backend(result).and_then(ReadAnswer::into_description),
        ),
        ReadFor::BulkScope => scope_page(state, id, backend(result)),
        ReadFor::BulkItems => super::bulk::open::items_read(
            state,
            id,
            backend(result).and_then(ReadAnswer::into_items),
        ),
        ReadFor::BulkResume => {
            super::bulk::resume::found(state, id, result.and_then(ReadAnswer::into_cut_off_run))
        }
        ReadFor::BulkUndo => super::bulk::run::batch_loaded(
            state,
            id,
            result.and_then(ReadAnswer::into_journaled_run),
        ),
        ReadFor::Undo => {
            undo::journal_read(state, id, result.and_then(ReadAnswer::into_last_write))
        }
        ReadFor::IndexScan => {
            index_scans::page(state, id, backend(result).and_then(ReadAnswer::into_page))
        }
        ReadFor::QueryBaseItem => {
            query::results::base_item(state, id, backend(result).and_then(ReadAnswer::into_item))
        }
        ReadFor::IndexBaseItem => {
            indexes::base_item(state, id, backend(result).and_then(ReadAnswer::into_item))
        }
        ReadFor::Insights => {
            super::insights::page(state, id, backend(result).and_then(ReadAnswer::into_page))
        }
        ReadFor::InspectedItem => {
            inspect::reread::item(state, id, backend(result).and_then(ReadAnswer::into_item))
        }
        ReadFor::SavedSchema => {
            saved_schema::answered(state, backend(result).and_then(ReadAnswer::into_item));
            Vec::new()
        }
        ReadFor::TableList => tables::listed(
            state,
            id,
            backend(result).and_then(ReadAnswer::into_table_names),
        ),
        ReadFor::StatementItem => {
            partiql::delete::item(state, id, backend(result).and_then(ReadAnswer::into_item))
        }
        ReadFor::StatementRun => partiql::results::page(
            state,
            id,
            backend(result).and_then(ReadAnswer::into_statement_page),
        ),
        ReadFor::TableSummary => tables::described(
            state,
            id,
            backend(result).and_then(ReadAnswer::into_description),
        ),
        ReadFor::Overview => {
            describe::extras_answered(state, id, backend(result).and_then(ReadAnswer::into_extras));
            Vec::new()
        }
        ReadFor::Stream => stream::answered(state, id, backend(result)),
        ReadFor::ItemHistory => {
            let history = backend(result).and_then(ReadAnswer::into_item_history);
            item_history::answered(state, id, history);
            Vec::new()
        }
        ReadFor::Why => {
            why::answered(state, id, backend(result).and_then(ReadAnswer::into_why));
            Vec::new()
        }
        ReadFor::Screen => crate::app::state::screens::answered(state, id, backend(result)),
    }
}

/// The answer to a read of the backend, whose owners take the backend's error.
fn backend(result: Result<ReadAnswer, ReadError>) -> Result<ReadAnswer, BackendError> {
    result.map_err(ReadError::into_backend)
}

/// A page of a partition opened from the collections; marking all of it goes on with it.
fn partition_page(
    state: &mut State,
    id: RequestId,
    result: Result<ReadAnswer, BackendError>,
) -> Vec<Command> {
    let mut commands =
        collections::partition_page(state, id, result.and_then(ReadAnswer::into_page));
    commands.extend(super::bulk::continue_marking(state));
    commands
}

/// A page of a query run; marking all of it goes on with it.
fn query_page(
    state: &mut State,
    id: RequestId,
    result: Result<ReadAnswer, BackendError>,
) -> Vec<Command> {
    let mut commands = query::results::page(state, id, result.and_then(ReadAnswer::into_page));
    commands.extend(super::bulk::continue_marking(state));
    commands
}

/// A page of a bulk action's scope; once the scope is read whole, the form's action goes on as
/// on marked items.
fn scope_page(
    state: &mut State,
    id: RequestId,
    result: Result<ReadAnswer, BackendError>,
) -> Vec<Command> {
    match super::bulk::scope::page(state, id, result.and_then(ReadAnswer::into_page)) {
        super::bulk::scope::ScopeStep::On(commands) => commands,
        super::bulk::scope::ScopeStep::Done(form) => super::bulk::form::submit(state, form),
    }
}
