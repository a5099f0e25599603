//! Rendering: a pure function of `&State` (widgets get no channels and mutate nothing). Every
//! string that came from the table goes through [`widgets::text::safe`] so it cannot steer the
//! terminal. Lists draw only their visible rows.

mod bulk;
mod edit;
mod explore;
mod indexes;
mod insights;
mod inspect;
mod item_history;
mod palette;
mod partiql;
mod query;
mod screens;
mod stream;
mod tables;
pub mod theme;
mod why;
pub mod widgets;

use explore::{collections, overview, partition};
use indexes::{browse as index_browse, coverage as index_coverage, list as indexes_list};
use query::{form as query_form, results as query_results};
use widgets::{header, overlay, status};

use ratatui::Frame;
use ratatui::layout::{Constraint, Layout, Rect};

use crate::app::state::mode::Flow;
use crate::app::state::{Mode, State, View};

/// Draws the whole screen.
pub fn render(frame: &mut Frame<'_>, state: &State) {
    let message_height = status::message_height(state, frame.area().width);
    let [header_area, body_area, message_area, status_area] = Layout::vertical([
        Constraint::Length(1),
        Constraint::Min(1),
        Constraint::Length(message_height),
        Constraint::Length(1),
    ])
    .areas(frame.area());
    header::render(frame, header_area, state);
    render_view(frame, body_area, state);
    match state.flow() {
        Some(Flow::Edit(flow)) => edit::render(frame, body_area, state, flow),
        Some(Flow::Bulk(flow)) => bulk::render(frame, body_area, state, flow),
        None => {}
    }
    status::render_message(frame, message_area, state);
    status::render(frame, status_area, state);
    render_overlay(frame, body_area, state);
    if matches!(state.mode(), Mode::Help) {
        overlay::help(frame, body_area, state);
    }
}

/// The current view, the layer beneath everything else.
fn render_view(frame: &mut Frame<'_>, body_area: Rect, state: &State) {
    match state.views.current() {
        View::Overview => overview::render(frame, body_area, state),
        View::Prefixes { cursor } => collections::render_prefixes(frame, body_area, state, *cursor),
        View::Partitions { prefix, cursor } => {
            collections::render_partitions(frame, body_area, state, prefix.as_deref(), *cursor);
        }
        View::Partition { pk, cursor } => partition::render(frame, body_area, state, pk, *cursor),
        View::Inspector(inspector) => inspect::render(frame, body_area, state, inspector),
        View::QueryResults { run, cursor } => {
            query_results::render(frame, body_area, state, *run, *cursor);
        }
        View::StatementResults { run, cursor } => {
            partiql::results::render(frame, body_area, state, *run, *cursor);
        }
        View::Indexes { cursor } => indexes_list::render(frame, body_area, state, *cursor),
        View::IndexGroups { index, cursor } => {
            index_browse::render_groups(frame, body_area, state, index, *cursor);
        }
        View::IndexItems {
            index,
            pk,
            cursor,
            column,
        } => index_browse::render_items(frame, body_area, state, index, pk, *cursor, *column),
        View::IndexCoverage { index, cursor } => {
            index_coverage::render(frame, body_area, state, index, *cursor);
        }
        View::Insights { cursor } => insights::render(frame, body_area, state, *cursor),
        View::Stream { cursor } => stream::render(frame, body_area, state, *cursor),
        View::StreamRecord { entry, cursor } => {
            stream::render_record(frame, body_area, state, entry, *cursor);
        }
        View::ItemHistory(view) => item_history::render(frame, body_area, state, view),
        View::Why(view) => why::render(frame, body_area, state, view),
        View::Screen(view) => screens::render(frame, body_area, state, view),
    }
}

/// The overlay the mode puts over the view and the flow, if any.
fn render_overlay(frame: &mut Frame<'_>, body_area: Rect, state: &State) {
    match state.screen_mode() {
        Mode::Prompt(prompt) => overlay::prompt(frame, body_area, state, prompt),
        Mode::ConfirmScan {
            size_bytes,
            item_count,
        } => overlay::confirm_scan(frame, body_area, state, size_bytes, item_count),
        Mode::ConfirmDiscardEdit => edit::confirm_discard(frame, body_area, state),
        Mode::TypeTableName(typed) => edit::type_table_name(frame, body_area, state, typed),
        Mode::QueryForm(form) => query_form::render(frame, body_area, state, form),
        Mode::Palette(palette_state) => palette::render(frame, body_area, state, palette_state),
        Mode::Partiql(form) => partiql::form::render(frame, body_area, state, form),
        Mode::ConfirmPartiqlScan(prepared) => {
            partiql::form::confirm_scan(frame, body_area, state, prepared);
        }
        Mode::Tables => tables::render(frame, body_area, state),
        // The flow and the view are drawn above as the layers beneath every overlay.
        Mode::Help
        | Mode::Editor(_)
        | Mode::Preview(_)
        | Mode::Conflict(_)
        | Mode::BulkForm(..)
        | Mode::BulkTableName(..)
        | Mode::Bulk(_)
        | Mode::View(_) => {}
    }
}
