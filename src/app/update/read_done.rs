//! Hands a read's answer to the part of the state that asked for it. The owner travels with the
//! request and comes back unchanged, so this is the only place answers are routed.

use crate::app::command::Command;
use crate::app::read::{ReadAnswer, ReadError, ReadFor};
use crate::app::request_id::RequestId;
use crate::app::state::State;
use crate::backend::{BackendError, GetOutput, Page};
use crate::domain::schema::TableDescription;

use super::bulk;
use super::edit::undo;
use super::explore::{account, collections, describe, saved_schema, scan};
use super::indexes::{self, scans as index_scans};
use super::insights;
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
        ReadFor::Description => describe::described(state, id, description(result)),
        ReadFor::Account => {
            account::answered(
                state,
                id,
                backend(result).and_then(ReadAnswer::into_account),
            );
            Vec::new()
        }
        ReadFor::Discovery => scan::page(state, id, page(result)),
        ReadFor::Partition => marking_on(state, id, page(result), collections::partition_page),
        ReadFor::QueryRun => marking_on(state, id, page(result), query::results::page),
        ReadFor::BulkTarget => bulk::form::target_described(state, id, description(result)),
        ReadFor::BulkScope => scope_page(state, id, page(result)),
        ReadFor::BulkItems => {
            bulk::open::items_read(state, id, backend(result).and_then(ReadAnswer::into_items))
        }
        ReadFor::BulkResume => {
            bulk::resume::found(state, id, result.and_then(ReadAnswer::into_cut_off_run))
        }
        ReadFor::BulkUndo => {
            bulk::run::batch_loaded(state, id, result.and_then(ReadAnswer::into_journaled_run))
        }
        ReadFor::Undo => {
            undo::journal_read(state, id, result.and_then(ReadAnswer::into_last_write))
        }
        ReadFor::IndexScan => index_scans::page(state, id, page(result)),
        ReadFor::QueryBaseItem => query::results::base_item(state, id, item(result)),
        ReadFor::IndexBaseItem => indexes::base_item(state, id, item(result)),
        ReadFor::Insights => insights::page(state, id, page(result)),
        ReadFor::InspectedItem => inspect::reread::item(state, id, item(result)),
        ReadFor::SavedSchema => {
            saved_schema::answered(state, item(result));
            Vec::new()
        }
        ReadFor::TableList => tables::listed(
            state,
            id,
            backend(result).and_then(ReadAnswer::into_table_names),
        ),
        ReadFor::StatementItem => partiql::delete::item(state, id, item(result)),
        ReadFor::StatementRun => {
            let page = backend(result).and_then(ReadAnswer::into_statement_page);
            partiql::results::page(state, id, page)
        }
        ReadFor::TableSummary => tables::described(state, id, description(result)),
        ReadFor::Overview => {
            let extras = backend(result).and_then(ReadAnswer::into_extras);
            describe::extras_answered(state, id, extras);
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

fn page(result: Result<ReadAnswer, ReadError>) -> Result<Page, BackendError> {
    backend(result).and_then(ReadAnswer::into_page)
}

fn item(result: Result<ReadAnswer, ReadError>) -> Result<GetOutput, BackendError> {
    backend(result).and_then(ReadAnswer::into_item)
}

fn description(
    result: Result<ReadAnswer, ReadError>,
) -> Result<Box<TableDescription>, BackendError> {
    backend(result).and_then(ReadAnswer::into_description)
}

/// A page for the list `take` lands it in, then the next page of the list being marked whole,
/// if marking reads on.
fn marking_on(
    state: &mut State,
    id: RequestId,
    result: Result<Page, BackendError>,
    take: fn(&mut State, RequestId, Result<Page, BackendError>) -> Vec<Command>,
) -> Vec<Command> {
    let mut commands = take(state, id, result);
    commands.extend(bulk::continue_marking(state));
    commands
}

/// A page of a bulk action's scope; once the scope is read whole, the form's action goes on as
/// on marked items.
fn scope_page(
    state: &mut State,
    id: RequestId,
    result: Result<Page, BackendError>,
) -> Vec<Command> {
    match bulk::scope::page(state, id, result) {
        bulk::scope::ScopeStep::On(commands) => commands,
        bulk::scope::ScopeStep::Done(form) => bulk::form::submit(state, form),
    }
}
