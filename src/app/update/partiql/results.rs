//! The results of a PartiQL statement: pages read by `NextToken` as the cursor nears the end,
//! the totals (consumed capacity included), cancel and resume, the columns, a row opened in
//! the inspector, the statement read again or edited.

use crate::app::action::Action;
use crate::app::command::Command;
use crate::app::read::{Read, ReadFor};
use crate::app::request_id::RequestId;
use crate::app::state::grid::columns::ColumnContext;
use crate::app::state::partiql::{Prepared, StatementForm, StatementRun};
use crate::app::state::{Notice, Overlay, Paging, State, View};
use crate::app::update::grid::{column_key, remember};
use crate::app::update::results_paging::{self, CancelStep};
use crate::backend::{BackendError, StatementPage};

/// Read the next page when the cursor is this close to the last loaded row.
const PREFETCH_ROWS: usize = 50;

/// Runs `prepared` and shows its results.
pub(in crate::app::update) fn start(
    state: &mut State,
    prepared: Prepared,
    parameters_text: String,
) -> Vec<Command> {
    let id = state.ids.issue();
    let request = prepared.request;
    let summary = prepared.plan.summary();
    state.partiql.runs.push(StatementRun::new(
        request.clone(),
        parameters_text,
        summary.clone(),
        id,
    ));
    let run = state.partiql.runs.len() - 1;
    state.views.open(View::StatementResults { run, cursor: 0 });
    state.notice = Some(Notice::Info(format!("PartiQL: {summary}")));
    vec![Command::read(
        id,
        ReadFor::StatementRun,
        Read::Statement(request),
    )]
}

/// `refresh`: the statement read again from its first page, in place.
pub(in crate::app::update) fn rerun(state: &mut State, index: usize) -> Vec<Command> {
    let id = state.ids.issue();
    let Some(run) = state.partiql.runs.get_mut(index) else {
        return Vec::new();
    };
    let mut fresh = StatementRun::new(
        run.request.clone(),
        std::mem::take(&mut run.parameters_text),
        std::mem::take(&mut run.plan),
        id,
    );
    fresh.columns = run.columns.take();
    fresh.column = run.column;
    let request = fresh.request.clone();
    *run = fresh;
    if let View::StatementResults { cursor, .. } = state.views.current_mut() {
        *cursor = 0;
    }
    state.notice = None;
    vec![Command::read(
        id,
        ReadFor::StatementRun,
        Read::Statement(request),
    )]
}

/// A page arrived: add it, then read on while the view wants more.
pub(in crate::app::update) fn page(
    state: &mut State,
    id: RequestId,
    result: Result<StatementPage, BackendError>,
) -> Vec<Command> {
    let Some(index) = state
        .partiql
        .runs
        .iter()
        .position(|run| run.paging.awaits(id))
    else {
        // Stale: cancelled, or read again since.
        return Vec::new();
    };
    let run = &mut state.partiql.runs[index];
    match result {
        Ok(page) => {
            run.progress.pages += 1;
            match &page.consumed {
                Some(consumed) => run.progress.consumed_capacity += consumed.total,
                None => run.progress.unreported_pages += 1,
            }
            run.items.extend(page.items);
            run.paging.landed(page.next_token);
            if let Some(description) = state.table.description.loaded().cloned() {
                let entities = state.entities.clone();
                state.partiql.runs[index].refresh_columns(ColumnContext {
                    description: &description,
                    entities: &entities,
                    remembered: state.column_choices.of_table(&state.table.name),
                });
            }
            continue_reading(state, index)
        }
        Err(error) => {
            run.paging = Paging::Failed(error.to_string());
            state.notice = Some(Notice::Error(format!("PartiQL failed: {error}")));
            Vec::new()
        }
    }
}

/// Requests the next page of run `index` while the loaded rows do not reach a screen past the
/// cursor (which also reads past the empty pages a selective filter gives).
fn continue_reading(state: &mut State, index: usize) -> Vec<Command> {
    let cursor = match state.views.current() {
        View::StatementResults { run, cursor } if *run == index => *cursor,
        _ => return Vec::new(),
    };
    let margin = PREFETCH_ROWS.max(state.list_height());
    let Some(run) = state.partiql.runs.get(index) else {
        return Vec::new();
    };
    let Some(Some(token)) = run.paging.ready() else {
        return Vec::new();
    };
    if cursor + margin < run.items.len() {
        return Vec::new();
    }
    let token = token.clone();
    fetch(state, index, Some(token))
}

/// Asks for the page of run `index` that starts at `token`.
fn fetch(state: &mut State, index: usize, token: Option<String>) -> Vec<Command> {
    let id = state.ids.issue();
    let Some(run) = state.partiql.runs.get_mut(index) else {
        return Vec::new();
    };
    let mut request = run.request.clone();
    request.next_token.clone_from(&token);
    run.paging.fetch(id, token);
    vec![Command::read(
        id,
        ReadFor::StatementRun,
        Read::Statement(request),
    )]
}

/// After the cursor moved: read on if the current statement results are near their end.
pub(in crate::app::update) fn fetch_more_if_near_end(state: &mut State) -> Vec<Command> {
    match state.views.current() {
        View::StatementResults { run, .. } => {
            let run = *run;
            continue_reading(state, run)
        }
        _ => Vec::new(),
    }
}

/// `Enter` on a row: the item inspector.
pub(in crate::app::update) fn open_row(state: &mut State) -> Vec<Command> {
    let View::StatementResults { run, cursor } = state.views.current() else {
        return Vec::new();
    };
    let item = state
        .partiql
        .runs
        .get(*run)
        .and_then(|run| run.item_at(*cursor));
    if let Some(item) = item {
        state.inspect(item);
    }
    Vec::new()
}

/// The results keys on a statement's results (cancel or resume, edit the statement, columns);
/// `None` when the current view is not a statement's results or the key is not one of these.
pub(in crate::app::update) fn action(state: &mut State, action: &Action) -> Option<Vec<Command>> {
    let View::StatementResults { run, .. } = state.views.current() else {
        return None;
    };
    let index = *run;
    let owned = matches!(
        action,
        Action::CancelQuery
            | Action::EditQuery
            | Action::FetchBaseItems
            | Action::CopyQueryAwsCli
            | Action::CopyQueryBoto3
            | Action::CopyQueryJavascript
            | Action::NextColumn
            | Action::PrevColumn
            | Action::SortColumn
            | Action::HideColumn
            | Action::ResetColumns
            | Action::WidenColumn
            | Action::NarrowColumn
    );
    owned.then(|| results_key(state, index, action))
}

fn results_key(state: &mut State, index: usize, action: &Action) -> Vec<Command> {
    match action {
        Action::CancelQuery => cancel_or_resume(state, index),
        Action::EditQuery => {
            edit_statement(state, index);
            Vec::new()
        }
        Action::FetchBaseItems
        | Action::CopyQueryAwsCli
        | Action::CopyQueryBoto3
        | Action::CopyQueryJavascript => {
            state.notice = Some(Notice::Info(
                "not for a PartiQL statement: its rows are what the statement selected".to_owned(),
            ));
            Vec::new()
        }
        _ => {
            let Some(run) = state.partiql.runs.get_mut(index) else {
                return Vec::new();
            };
            let Some(columns) = &mut run.columns else {
                return Vec::new();
            };
            let outcome = column_key(columns, &mut run.column, action);
            if outcome.reorder {
                run.reorder();
            }
            remember(state, outcome.remember)
        }
    }
}

/// `edit_query`: the statement screen again, holding this run's statement and parameters.
fn edit_statement(state: &mut State, index: usize) {
    let Some(run) = state.partiql.runs.get(index) else {
        return;
    };
    let form = StatementForm::new(&run.request.statement, &run.parameters_text);
    state.overlay = Some(Overlay::Partiql(Box::new(form)));
}

/// Cancels the page in flight (its late answer is dropped by id); on a cancelled run, resumes
/// from the page that was cancelled.
fn cancel_or_resume(state: &mut State, index: usize) -> Vec<Command> {
    let Some(run) = state.partiql.runs.get_mut(index) else {
        return Vec::new();
    };
    match results_paging::cancel_or_resume(&mut run.paging, "statement", &mut state.notice) {
        CancelStep::Done(commands) => commands,
        CancelStep::Resume(resume) => fetch(state, index, resume),
    }
}
