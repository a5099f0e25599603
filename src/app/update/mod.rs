//! `update(&mut State, Action) -> Vec<Command>`: the only place state changes. Pure: no I/O, no
//! clock reads, no awaiting. One small handler file per screen or concern.

mod bulk;
mod edit;
mod explore;
mod grid;
mod indexes;
mod insights;
mod inspect;
mod item_history;
mod navigation;
mod palette;
mod partiql;
mod prompt;
pub mod query;
mod read_done;
mod results_paging;
mod stream;
mod tables;
mod why;

pub use crate::app::state::screens::row_count;

use crate::app::state::screens::{opened_by, unit};

use edit::{conflict, write};
use explore::{account, collections, describe, scan};
use query::share;

use super::action::Action;
use super::command::Command;
use super::state::{Mode, Notice, State, View, ViewMode};
use crate::keymap::Section;

/// The commands to run when the app starts: describe the table (discovery follows), then learn
/// the account for the header. A preloaded description is taken as DescribeTable's answer.
pub fn start(state: &mut State) -> Vec<Command> {
    // Without a table, the picker is the first screen.
    let mut commands = if state.table.name.is_empty() {
        tables::open(state)
    } else {
        let mut commands = query::history::open_table(state);
        commands.extend(describe::request(state));
        commands
    };
    commands.push(account::request(state));
    commands
}

/// Applies one action.
pub fn update(state: &mut State, action: Action) -> Vec<Command> {
    let (screen_before, notice_before) = (screen(state), state.notice.clone());
    let commands = apply(state, action);
    // A message belongs to the screen it was said on: arriving on another screen drops it,
    // unless the action that brought the user there said something new.
    let arrived = matches!((screen_before, screen(state)), (Some(a), Some(b)) if a != b);
    if arrived && state.notice == notice_before {
        state.notice = None;
    }
    // Lists can shrink under the cursor (a restarted scan, a toggled inspector format).
    navigation::clamp_cursor(state);
    commands
}

/// `L is not on this screen: Stream of changes in overview, collections`, short enough for
/// the status line at 80 columns, where the screen's own keys are one `?` away.
fn key_elsewhere(state: &State, key: crate::keymap::key::Key) -> String {
    let elsewhere = state.keymap.elsewhere(state.section(), &[key]);
    let names: Vec<&str> = elsewhere
        .iter()
        .map(|(section, _)| section.name())
        .collect();
    let what = elsewhere
        .first()
        .map(|(_, binding)| binding.desc.as_str())
        .unwrap_or_default();
    format!(
        "{key} is not on this screen: {what} in {}",
        names.join(", ")
    )
}

fn apply(state: &mut State, action: Action) -> Vec<Command> {
    match action {
        Action::Noop => Vec::new(),
        Action::Quit => {
            state.quitting = true;
            vec![Command::Quit]
        }
        Action::Tick(clock) => {
            state.indexes.advance_to(clock.uptime);
            insights::advance_to(state, clock.uptime);
            scan::advance_clock(state, clock);
            stream::poll(state)
        }
        Action::Resize { width, height } => {
            state.viewport = (width, height);
            Vec::new()
        }
        Action::Notice(message) => {
            state.notice = Some(Notice::Error(message));
            Vec::new()
        }
        Action::KeyElsewhere(key) => {
            state.notice = Some(Notice::Info(key_elsewhere(state, key)));
            Vec::new()
        }
        Action::Retrying(retry) => {
            state.notice = Some(Notice::Info(retry.to_string()));
            Vec::new()
        }
        Action::QueryHistoryLoaded {
            table,
            history,
            warning,
        } => {
            query::history::loaded(state, &table, history, warning);
            Vec::new()
        }
        Action::Copied(result) => {
            state.notice = Some(match result {
                Ok(message) => Notice::Info(message),
                Err(message) => Notice::Error(message),
            });
            Vec::new()
        }
        Action::ReadDone { id, owner, result } => read_done::read_done(state, id, owner, result),
        Action::WriteDone {
            id,
            result,
            journal_error,
        } => write::write_done(state, id, result, journal_error.as_deref()),
        Action::TransactionDone { id, result } => edit::stage::done(state, id, result),
        Action::ExternalEdited(result) => {
            edit::external_edited(state, result);
            Vec::new()
        }
        Action::BulkGroupDone {
            id,
            batch,
            results,
            journal_error,
        } => bulk::run::group_done(state, id, batch, results, journal_error),
        Action::BulkExported { id, result } => bulk::form::exported(state, id, result),
        other => key_action(state, other),
    }
}

/// A bound key (or typed text) goes to the screen in charge, as [`State::mode`] decides.
fn key_action(state: &mut State, action: Action) -> Vec<Command> {
    // Help opens over any screen (text fields bind it to a key that types nothing), keeping that
    // screen's state intact underneath.
    if action == Action::ToggleHelp && !matches!(state.mode(), Mode::Help) {
        state.help_open = true;
        state.help_scroll = 0;
        return Vec::new();
    }
    // Each screen's handler takes its own copy of the screen's state, so the borrow of `state`
    // that `mode()` holds ends before the handler changes it.
    match state.mode() {
        Mode::Help => help(state, &action),
        Mode::Prompt(prompt) => prompt::key(state, prompt.clone(), action),
        Mode::ConfirmScan { .. } => scan::confirm_key(state, &action),
        Mode::ConfirmDiscardEdit => edit::confirm_discard_key(state, &action),
        Mode::TypeTableName(typed) => write::table_name_key(state, typed.clone(), action),
        Mode::Editor(_) => edit::editor_key(state, action),
        Mode::Preview(_) if action == Action::StageWrite => edit::stage::from_review(state),
        Mode::Preview(_) => write::review_key(state, &action),
        Mode::Conflict(_) => conflict::key(state, &action),
        Mode::QueryForm(form) => query::form::key(state, form.clone(), action),
        Mode::Palette(palette) => palette::key(state, palette.clone(), action),
        Mode::Partiql(form) => partiql::key(state, form.clone(), action),
        Mode::ConfirmPartiqlScan(_) => partiql::confirm_key(state, &action),
        Mode::Tables => tables::key(state, action),
        Mode::BulkForm(_, form) => bulk::form::key(state, form.clone(), action),
        Mode::BulkTableName(_, typed, dry_run) => {
            let (typed, dry_run) = (typed.clone(), dry_run.clone());
            bulk::run::table_name_key(state, typed, dry_run, action)
        }
        Mode::Bulk(_) => bulk::stage_key(state, &action),
        Mode::View(ViewMode::Indexes) => match indexes::action(state, &action) {
            Some(commands) => commands,
            None => view_action(state, action),
        },
        Mode::View(ViewMode::QueryResults) => match partiql::results::action(state, &action) {
            Some(commands) => commands,
            None => view_action(state, action),
        },
        Mode::View(ViewMode::Insights) => match insights::action(state, &action) {
            Some(commands) => commands,
            None => view_action(state, action),
        },
        Mode::View(ViewMode::Stream) => match stream::action(state, &action) {
            Some(commands) => commands,
            None => view_action(state, action),
        },
        Mode::View(ViewMode::Screen(name)) => {
            match unit(name).and_then(|unit| (unit.key)(state, &action)) {
                Some(commands) => commands,
                None => view_action(state, action),
            }
        }
        Mode::View(_) => view_action(state, action),
    }
}

fn help(state: &mut State, action: &Action) -> Vec<Command> {
    match action {
        Action::ToggleHelp | Action::Back => state.help_open = false,
        // The view clamps the scroll to the help's length; a row per binding is the most it
        // has, so a key pressed past its end is not counted against the way back.
        Action::CursorDown | Action::CursorUp | Action::PageDown | Action::PageUp => {
            let rows = state.keymap.effective(state.screen_mode().section()).len();
            state.help_scroll =
                edit::plan::scrolled(state.help_scroll, action, state.viewport.1).min(rows);
        }
        Action::CursorFirst => state.help_scroll = 0,
        _ => {}
    }
    Vec::new()
}

/// An action on the current view (no overlay open).
fn view_action(state: &mut State, action: Action) -> Vec<Command> {
    match action {
        Action::Back => navigation::back(state),
        Action::HistoryBack => navigation::history_back(state),
        Action::HistoryForward => navigation::history_forward(state),
        Action::CursorDown
        | Action::CursorUp
        | Action::CursorFirst
        | Action::CursorLast
        | Action::PageDown
        | Action::PageUp => move_cursor(state, &action),
        Action::ShowOverview => show_overview(state),
        Action::ShowCollections => show_collections(state),
        Action::Open => open(state),
        Action::RestartScan => restart_scan(state),
        Action::Refresh => refresh(state),
        Action::TogglePauseScan => scan::toggle_pause(state),
        Action::CancelScan => scan::cancel(state),
        Action::JumpToPartition => prompt::open(state, super::state::PromptKind::JumpToPartition),
        Action::Search => prompt::open(state, super::state::PromptKind::Search),
        Action::SearchNext => prompt::search_next(state),
        Action::ToggleJson
        | Action::ToggleBinary
        | Action::CopyItemJson
        | Action::CopyItemDdbJson
        | Action::CopyKey
        | Action::CopyValue => inspect::action(state, &action),
        Action::EditItem
        | Action::NewItem
        | Action::DuplicateItem
        | Action::DeleteItem
        | Action::Undo => edit::start(state, &action),
        Action::OpenQueryForm => query::open_from_view(state),
        Action::OpenPartiql => partiql::open(state),
        Action::EditQuery => query::edit_query(state),
        Action::CancelQuery
        | Action::FetchBaseItems
        | Action::NextColumn
        | Action::PrevColumn
        | Action::SortColumn
        | Action::HideColumn
        | Action::ResetColumns
        | Action::WidenColumn
        | Action::NarrowColumn => query::results::action(state, &action),
        Action::NextGroup | Action::PrevGroup => {
            collections::jump_group(state, action == Action::NextGroup);
            collections::fetch_more_if_near_end(state)
        }
        Action::OpenPalette => palette::open(state),
        Action::CopyQueryAwsCli => share::copy(state, crate::share::SnippetKind::AwsCli),
        Action::CopyQueryBoto3 => share::copy(state, crate::share::SnippetKind::Boto3),
        Action::CopyQueryJavascript => share::copy(state, crate::share::SnippetKind::JavaScript),
        Action::ShowIndexes => indexes::show(state),
        Action::ShowInsights => insights::show(state),
        Action::FetchBaseItem => indexes::fetch_current(state),
        Action::ShowTables => tables::open(state),
        Action::ToggleMark
        | Action::MarkRange
        | Action::MarkAll
        | Action::MarkEntity
        | Action::ClearMarks
        | Action::BulkActions
        | Action::UndoBatch => bulk::action(state, &action),
        Action::ShowStream => stream::show(state),
        Action::ShowItemHistory => item_history::show(state),
        Action::ShowScreen(show) => {
            opened_by(show).map_or_else(Vec::new, |unit| (unit.open)(state))
        }
        Action::StageCheck => edit::stage::check(state),
        Action::AdjustNumber => edit::adjust::open_prompt(state),
        Action::ExplainWhy => why::open_prompt(state),
        Action::CopyExplanation => why::copy(state),
        _ => Vec::new(),
    }
}

/// Moves the cursor; a list near its end reads its next page.
fn move_cursor(state: &mut State, action: &Action) -> Vec<Command> {
    navigation::move_cursor(state, action);
    let mut commands = collections::fetch_more_if_near_end(state);
    commands.extend(query::results::fetch_more_if_near_end(state));
    commands.extend(partiql::results::fetch_more_if_near_end(state));
    commands
}

/// Shows the overview, reading its extra values the first time.
fn show_overview(state: &mut State) -> Vec<Command> {
    if *state.views.current() != View::Overview {
        state.views.open(View::Overview);
    }
    describe::request_extras(state)
}

fn show_collections(state: &mut State) -> Vec<Command> {
    if !matches!(state.views.current(), View::Prefixes { .. }) {
        state.views.open(View::Prefixes { cursor: 0 });
    }
    Vec::new()
}

/// Opens what the cursor is on: the collections from the overview, a link in the inspector, a
/// result row, a partition.
fn open(state: &mut State) -> Vec<Command> {
    match state.views.current() {
        View::Overview => {
            state.views.open(View::Prefixes { cursor: 0 });
            Vec::new()
        }
        View::Inspector(_) => inspect::follow_link(state),
        View::QueryResults { .. } => query::results::open_row(state),
        View::StatementResults { .. } => partiql::results::open_row(state),
        _ => collections::open(state),
    }
}

/// Scans the table again from the start, and reads the open partition again.
fn restart_scan(state: &mut State) -> Vec<Command> {
    let mut commands = scan::restart(state);
    commands.extend(collections::reread_current(state));
    commands
}

/// Reads what the current view shows again.
fn refresh(state: &mut State) -> Vec<Command> {
    match state.views.current() {
        View::QueryResults { run, .. } => {
            let run = *run;
            query::results::rerun(state, run)
        }
        View::StatementResults { run, .. } => {
            let run = *run;
            partiql::results::rerun(state, run)
        }
        View::Inspector(_) => inspect::reread::start(state),
        View::ItemHistory(_) => item_history::refresh(state),
        View::Why(_) => why::refresh(state),
        View::Screen(view) => {
            unit(view.screen()).map_or_else(Vec::new, |unit| (unit.refresh)(state))
        }
        _ => Vec::new(),
    }
}

/// The screen the user is on, for telling when they move to another. A question or a prompt
/// asked over a screen, like the help, is part of it: the message stays until the answer.
fn screen(state: &State) -> Option<Section> {
    match state.screen_mode().section() {
        Section::Prompt | Section::Confirm => None,
        section => Some(section),
    }
}
