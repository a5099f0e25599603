//! Opening the terminal UI from the command line: options, startup checks that print plain
//! errors before the alternate screen is entered (no credentials, table missing), then the loop
//! inside the terminal guard.

use std::io;
use std::path::PathBuf;
use std::sync::Arc;

use clap::Args;
use crossterm::event::EventStream;
use ratatui::Terminal;
use ratatui::backend::CrosstermBackend;

use crate::app::action::Action;
use crate::app::state::{Settings, State};
use crate::backend::Backend;
use crate::clipboard::SystemClipboard;
use crate::keymap::Keymap;
use crate::terminal::TerminalGuard;
use crate::worker::Worker;

/// Options of the terminal UI.
#[derive(Clone, Debug, Default, Args)]
pub struct TuiOptions {
    /// Open the built-in demo table (SingleTableApp, in memory; nothing leaves the process).
    #[arg(long, global = true)]
    pub demo: bool,

    /// Items in the demo table (it is generated, so the same seed and size give the same table).
    #[arg(long = "demo-size", global = true, value_name = "N", requires = "demo",
          default_value_t = crate::demo::DEFAULT_SIZE,
          value_parser = clap::builder::RangedU64ValueParser::<usize>::new().range(1..=50_000_000))]
    pub demo_size: usize,

    /// Seed of the demo generator: another seed gives another (equally deterministic) table.
    #[arg(long, global = true, value_name = "N", requires = "demo",
          default_value_t = crate::demo::DEFAULT_SEED)]
    pub seed: u64,

    /// Open an offline table, read-only: `aws dynamodb scan` output, DynamoDB JSON lines (.gz
    /// too) or an Export-to-S3 folder.
    #[arg(long, global = true, value_name = "PATH")]
    pub file: Option<PathBuf>,

    /// `aws dynamodb describe-table` JSON giving --file its key schema and indexes (otherwise
    /// inferred from the items).
    #[arg(long, global = true, value_name = "FILE", requires = "file")]
    pub schema: Option<PathBuf>,

    /// What to do with a malformed line or item in --file: report it and go on, or stop.
    #[arg(long = "bad-lines", global = true, value_enum, value_name = "WHAT",
          default_value_t = BadLinesChoice::Skip, requires = "file")]
    pub bad_lines: BadLinesChoice,

    /// Model file naming entities by key templates (TOML), or a NoSQL Workbench model (JSON)
    /// whose facets become entities and access patterns; wins over the heuristics.
    #[arg(long, global = true, value_name = "FILE")]
    pub model: Option<PathBuf>,

    /// Keymap file with overrides (default: $XDG_CONFIG_HOME/ddbx/keymap.toml).
    #[arg(long, global = true, value_name = "FILE")]
    pub keymap: Option<PathBuf>,

    /// Parallel Scan segments used to discover item collections.
    #[arg(long = "discovery-segments", global = true, value_name = "N", default_value_t = 1,
          value_parser = clap::value_parser!(u32).range(1..=1_000_000))]
    pub discovery_segments: u32,
}

/// `--bad-lines`: the command-line face of [`crate::offline::BadLines`], kept here so the offline
/// loaders do not depend on clap.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, clap::ValueEnum)]
pub enum BadLinesChoice {
    /// Report each bad line (file and line number) and load the rest.
    #[default]
    Skip,
    /// Stop at the first bad line.
    Stop,
}

impl From<BadLinesChoice> for crate::offline::BadLines {
    fn from(choice: BadLinesChoice) -> Self {
        match choice {
            BadLinesChoice::Skip => Self::Skip,
            BadLinesChoice::Stop => Self::Stop,
        }
    }
}

/// Prints the effective keymap (defaults plus overrides) as TOML; a bad user file is reported on
/// stderr and the defaults are printed.
pub fn print_keymap(options: &TuiOptions) -> Result<(), String> {
    let (keymap, error) = Keymap::load(options.keymap.as_deref());
    print!("{}", keymap.to_toml());
    match error {
        Some(error) => Err(format!(
            "keymap error (the defaults above are in effect): {error}"
        )),
        None => Ok(()),
    }
}

/// The in-memory demo backend (`--demo`, `--demo-size`, `--seed`) and its table name.
pub fn demo_backend(options: &TuiOptions) -> Result<(Arc<dyn Backend>, String), String> {
    let (description, items) = crate::demo::generate(options.seed, options.demo_size);
    let backend = crate::backend::memory::MemoryBackend::new(description, items)
        .map_err(|error| format!("the demo table failed to load: {error}"))?
        .with_connection_kind("demo (in memory)", None);
    Ok((Arc::new(backend), crate::demo::TABLE_NAME.to_owned()))
}

/// An offline table opened for the UI.
pub struct OfflineTable {
    /// Read-only.
    pub backend: Arc<dyn Backend>,
    pub table: String,
    /// What the user should be told about loading it (inferred schema, skipped lines).
    pub notices: Vec<String>,
}

/// The `--file` table, when one was given.
pub fn file_backend(options: &TuiOptions) -> Result<Option<OfflineTable>, String> {
    let Some(path) = &options.file else {
        return Ok(None);
    };
    let (engine, opened) =
        crate::offline::open_backend(path, options.schema.as_deref(), options.bad_lines.into())
            .map_err(|error| error.to_string())?;
    let mut notices: Vec<String> = opened.inferred.into_iter().collect();
    if let Some(first) = opened.warnings.first() {
        notices.push(format!(
            "{} warnings while loading; first: {first}",
            opened.warnings.len()
        ));
    }
    let backend: Arc<dyn Backend> =
        Arc::new(crate::backend::read_only::ReadOnly::new(Arc::new(engine)));
    Ok(Some(OfflineTable {
        backend,
        table: opened.description.name,
        notices,
    }))
}

/// The entity decoder, with the `--model` file when given (a TOML model, or a NoSQL Workbench
/// model JSON, whose facets of every table are imported).
pub fn entity_decoder(
    options: &TuiOptions,
) -> Result<crate::domain::entity::EntityDecoder, String> {
    entity_decoder_for(options, None)
}

/// [`entity_decoder`] for one table: from a Workbench model, only that table's facets when the
/// model has the table.
pub fn entity_decoder_for(
    options: &TuiOptions,
    table: Option<&str>,
) -> Result<crate::domain::entity::EntityDecoder, String> {
    let Some(path) = &options.model else {
        return Ok(crate::domain::entity::EntityDecoder::new());
    };
    let text = std::fs::read_to_string(path)
        .map_err(|error| format!("cannot read {}: {error}", path.display()))?;
    let file = path.display().to_string();
    // qextras: NoSQL Workbench models are told apart by extension or content.
    let model = if crate::domain::workbench::looks_like_workbench(path, &text) {
        crate::domain::workbench::import(&text, &file, table)?
    } else {
        crate::domain::model::Model::parse(&text, &file).map_err(|error| error.to_string())?
    };
    Ok(crate::domain::entity::EntityDecoder::with_model(model))
}

/// Checks the table before the screen changes, then runs the UI until the user quits.
pub async fn open(
    backend: Arc<dyn Backend>,
    table: &str,
    options: &TuiOptions,
    notices: Vec<String>,
    version_attribute: Option<String>,
) -> Result<(), String> {
    // Credentials and the table are checked first so their errors print on a normal terminal;
    // the answer is kept so the UI does not ask again.
    let description = backend
        .describe_table(table)
        .await
        .map_err(|error| format!("cannot open table {table}: {error}"))?;
    let entities = entity_decoder_for(options, Some(table))?;
    let (keymap, keymap_error) = Keymap::load(options.keymap.as_deref());
    let settings = Settings {
        scan_segments: options.discovery_segments,
        ..Settings::default()
    };
    let mut state = State::new(table, backend.connection(), keymap, settings);
    state.entities = entities;
    state.preloaded_description = Some(Box::new(description));
    // edittui: writes are journaled here, and undo reads it.
    state.journal_path = crate::journal::Journal::default_path();
    state.version_attribute = version_attribute;
    let (sender, results) = tokio::sync::mpsc::unbounded_channel();
    // qextras: the table's query history (kept on disk only for tables on DynamoDB endpoints).
    let (history, history_warning) = query_history(&state.connection, table);
    state.query_history = history;
    if let Some(warning) = history_warning {
        let _ = sender.send(Action::Notice(warning));
    }
    for notice in notices {
        let _ = sender.send(Action::Notice(notice));
    }
    if let Some(error) = keymap_error {
        let _ = sender.send(Action::Notice(format!(
            "keymap: {error} (using the defaults)"
        )));
    }
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
    outcome
        .map(|_| ())
        .map_err(|error| format!("terminal error: {error}"))
}

/// The query history of `table`: loaded from its file for a table on a DynamoDB endpoint; in
/// memory only for the demo and offline files, whose table names say nothing about which data
/// they hold.
#[must_use]
pub fn query_history(
    connection: &crate::backend::Connection,
    table: &str,
) -> (
    crate::app::state::query::history::QueryHistory,
    Option<String>,
) {
    use crate::app::state::query::history::{QueryHistory, default_file, load};
    if connection.kind != "aws" {
        return (QueryHistory::default(), None);
    }
    match default_file(table) {
        Some(path) => load(&path),
        None => (QueryHistory::default(), None),
    }
}
