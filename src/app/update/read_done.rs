//! Hands a read's answer to the part of the state that asked for it. The owner travels with the
//! request and comes back unchanged, so this is the only place answers are routed.

use crate::app::command::Command;
use crate::app::read::{ReadAnswer, ReadFor};
use crate::app::request_id::RequestId;
use crate::app::state::State;
use crate::backend::BackendError;

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
    result: Result<ReadAnswer, BackendError>,
) -> Vec<Command> {
    match owner {
        ReadFor::Description => {
            describe::described(state, id, result.and_then(ReadAnswer::into_description))
        }
        ReadFor::Account => {
            account::answered(state, id, result.and_then(ReadAnswer::into_account));
            Vec::new()
        }
        ReadFor::Discovery => scan::page(state, id, result.and_then(ReadAnswer::into_page)),
        ReadFor::Partition => {
            let mut commands =
                collections::partition_page(state, id, result.and_then(ReadAnswer::into_page));
            commands.extend(super::bulk::continue_marking(state));
            commands
        }
        ReadFor::QueryRun => {
            let mut commands =
                query::results::page(state, id, result.and_then(ReadAnswer::into_page));
            commands.extend(super::bulk::continue_marking(state));
            commands
        }
        ReadFor::BulkTarget => super::bulk::form::target_described(
            state,
            id,
            result.and_then(ReadAnswer::into_description),
        ),
        ReadFor::BulkScope => {
            match super::bulk::scope::page(state, id, result.and_then(ReadAnswer::into_page)) {
                super::bulk::scope::ScopeStep::On(commands) => commands,
                // The scope is read whole: the form's action goes on as on marked items.
                super::bulk::scope::ScopeStep::Done(form) => super::bulk::form::submit(state, form),
            }
        }
        ReadFor::BulkItems => {
            super::bulk::open::items_read(state, id, result.and_then(ReadAnswer::into_items))
        }
        ReadFor::IndexScan => index_scans::page(state, id, result.and_then(ReadAnswer::into_page)),
        ReadFor::QueryBaseItem => {
            query::results::base_item(state, id, result.and_then(ReadAnswer::into_item))
        }
        ReadFor::IndexBaseItem => {
            indexes::base_item(state, id, result.and_then(ReadAnswer::into_item))
        }
        ReadFor::Insights => {
            super::insights::page(state, id, result.and_then(ReadAnswer::into_page))
        }
        ReadFor::InspectedItem => {
            inspect::reread::item(state, id, result.and_then(ReadAnswer::into_item))
        }
        ReadFor::SavedSchema => {
            saved_schema::answered(state, result.and_then(ReadAnswer::into_item));
            Vec::new()
        }
        ReadFor::TableList => {
            tables::listed(state, id, result.and_then(ReadAnswer::into_table_names))
        }
        ReadFor::StatementItem => {
            partiql::delete::item(state, id, result.and_then(ReadAnswer::into_item))
        }
        ReadFor::StatementRun => {
            partiql::results::page(state, id, result.and_then(ReadAnswer::into_statement_page))
        }
        ReadFor::TableSummary => {
            tables::described(state, id, result.and_then(ReadAnswer::into_description))
        }
        ReadFor::Overview => {
            describe::extras_answered(state, id, result.and_then(ReadAnswer::into_extras));
            Vec::new()
        }
        ReadFor::Stream => stream::answered(state, id, result),
        ReadFor::ItemHistory => {
            item_history::answered(state, id, result.and_then(ReadAnswer::into_item_history));
            Vec::new()
        }
        ReadFor::Why => {
            why::answered(state, id, result.and_then(ReadAnswer::into_why));
            Vec::new()
        }
        ReadFor::Screen => crate::app::state::screens::answered(state, id, result),
    }
}
