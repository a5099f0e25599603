//! Opening the terminal UI from the command line: startup checks that print plain errors before
//! the alternate screen is entered (no credentials, table missing), then the loop inside the
//! terminal guard.

use std::io::{self, IsTerminal as _};
use std::sync::Arc;

use crossterm::event::EventStream;
use ratatui::Terminal;
use ratatui::backend::CrosstermBackend;

use crate::app::action::Action;
use crate::app::action::Keymap;
use crate::app::state::{Settings, State};
use crate::backend::Backend;
use crate::clipboard::SystemClipboard;
use crate::connect::TuiOptions;
use crate::domain::load_progress::LoadProgress;
use crate::terminal::TerminalGuard;
use crate::worker::Worker;

mod config;
mod connecting;
mod theme;

/// Checks the table before the screen changes, then runs the UI until the user quits.
pub async fn open(
    backend: Arc<dyn Backend>,
    table: &str,
    options: &TuiOptions,
    loading: Option<Arc<LoadProgress>>,
    version_attribute: Option<String>,
) -> Result<(), String> {
    // The terminal is asked about its background before anything else reads its input.
    let (theme, settings_notice) = theme::choose(options.theme);
    let description = match check_table(backend.as_ref(), table, loading.is_some()).await? {
        Checked::GaveUp => return Ok(()),
        Checked::Ready(description) => description,
    };
    let entities =
        crate::connect::entity_decoder_for(options, (!table.is_empty()).then_some(table))?;
    let (keymap, keymap_error) = Keymap::load(options.keymap.as_deref());
    let settings = Settings {
        scan_segments: options.discovery_segments,
        theme,
        ..Settings::default()
    };
    let mut state = State::new(table, backend.connection(), keymap, settings);
    state.entities = entities;
    state.table.preloaded_description = description;
    state.table.loading = loading;
    let demo_journal = demo_journal(options)?;
    state.session.journal_path = match &demo_journal {
        Some(journal) => Some(journal.path()),
        None => crate::journal::Journal::default_path(),
    };
    state.session.version_attribute = version_attribute;
    let (sender, results) = tokio::sync::mpsc::unbounded_channel();
    // Query history is kept on disk only for tables on DynamoDB endpoints: the demo's and the
    // offline files' table names say nothing about which data they hold. The app reads each
    // table's file as the table opens, from the command line or the picker.
    if state.session.connection.kind == "aws" {
        state.queries.history_home = crate::storage::state_home();
    }
    // Column choices name attributes and entity types, never item data: kept for every table.
    if let Some(home) = crate::storage::state_home() {
        let file = crate::storage::column_choices::file_in(&home);
        let (choices, warning) = crate::storage::column_choices::load(&file);
        state.column_choices = choices;
        if let Some(warning) = warning {
            let _ = sender.send(Action::Notice(warning));
        }
    }
    if let Some(notice) = settings_notice {
        let _ = sender.send(Action::Notice(notice));
    }
    if let Some(error) = keymap_error {
        let _ = sender.send(Action::Notice(format!(
            "keymap ignored, using the defaults: {error}"
        )));
    }
    forward_retries(backend.as_ref(), &sender);
    let worker = Worker::new(backend, Arc::new(SystemClipboard::new()), sender);
    let guard =
        TerminalGuard::enter().map_err(|error| format!("cannot start the terminal UI: {error}"))?;
    let mut terminal = Terminal::new(CrosstermBackend::new(io::stdout()))
        .map_err(|error| format!("terminal: {error}"))?;
    let outcome = crate::tui::run_with_handover(
        &mut terminal,
        state,
        worker,
        results,
        EventStream::new(),
        &mut crate::external_editor::TerminalHandover,
    )
    .await;
    drop(guard);
    drop(demo_journal);
    outcome
        .map(|_| ())
        .map_err(|error| format!("terminal error: {error}"))
}

/// What the launch learned of the table before the screen changes.
enum Checked {
    /// The user gave up waiting for the answer.
    GaveUp,
    /// The table's description when one was read (not while it loads, nor for the picker).
    Ready(Option<Box<crate::domain::schema::TableDescription>>),
}

/// Checks the credentials and the table before the screen changes.
async fn check_table(backend: &dyn Backend, table: &str, loading: bool) -> Result<Checked, String> {
    // Credentials and the table are checked first so their errors print on a normal terminal;
    // the answer is kept so the UI does not ask again. Without a table the picker opens, so
    // listing the tables is the check.
    Ok(Checked::Ready(if loading {
        // A table still loading is described by the UI once it is loaded; the launch does not
        // wait for it.
        None
    } else if table.is_empty() {
        let listed = first_answer(backend, backend.list_tables()).await?;
        match listed {
            None => return Ok(Checked::GaveUp),
            Some(listed) => listed.map_err(|error| format!("cannot list tables: {error}"))?,
        };
        None
    } else {
        let described = first_answer(backend, backend.describe_table(table)).await?;
        match described {
            None => return Ok(Checked::GaveUp),
            Some(described) => {
                Some(Box::new(described.map_err(|error| {
                    format!("cannot open table {table}: {error}")
                })?))
            }
        }
    }))
}

/// The journal of the demo's writes: they live and die with the demo, journaled in a private
/// temporary directory, never in the user's real journal (where every other session's writes
/// go, and which undo reads).
fn demo_journal(options: &TuiOptions) -> Result<Option<crate::journal::PrivateJournal>, String> {
    if !options.demo {
        return Ok(None);
    }
    crate::journal::PrivateJournal::create()
        .map(Some)
        .map_err(|error| format!("demo journal: {error}"))
}

/// Each request the backend sends again, told on the status line as the retry starts: a slow
/// read under throttling says why while the user waits.
fn forward_retries(
    backend: &dyn crate::backend::Backend,
    actions: &tokio::sync::mpsc::UnboundedSender<Action>,
) {
    if let Some(notices) = backend.retry_notices() {
        let actions = actions.clone();
        tokio::spawn(crate::backend::tell_each(notices, move |notice| {
            actions.send(Action::Retrying(notice)).is_ok()
        }));
    }
}

/// The first answer of a server, with the connecting line shown while it is asked; `None` when
/// the user quit while waiting.
async fn first_answer<T>(
    backend: &dyn Backend,
    pending: impl std::future::Future<Output = T>,
) -> Result<Option<T>, String> {
    let connection = backend.connection();
    // The demo and offline files answer at once; only a server can keep the user waiting.
    if connection.kind != "aws" || !io::stdout().is_terminal() {
        return Ok(Some(pending.await));
    }
    let target = connection.endpoint.clone().unwrap_or_else(|| {
        format!(
            "DynamoDB in {}",
            connection.region.as_deref().unwrap_or("the default region")
        )
    });
    let waited = connecting::wait(&target, pending)
        .await
        .map_err(|error| format!("terminal: {error}"))?;
    Ok(match waited {
        connecting::Waited::Answered(answer) => Some(answer),
        connecting::Waited::Quit => None,
    })
}

/// `ddbx keymap`: the effective keymap of the terminal UI as TOML (see
/// [`crate::keymap::print_effective`]).
pub fn print_keymap(user_file: Option<&std::path::Path>) -> Result<(), String> {
    crate::keymap::print_effective::<crate::app::action::Action>(user_file)
}
