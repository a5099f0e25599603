//! Where the table comes from and how it is read: the options (demo, offline file, model,
//! keymap) and opening what they name when it is not on DynamoDB. Shared by the terminal UI and
//! the headless commands.

use std::path::PathBuf;
use std::sync::Arc;

use clap::Args;

use crate::backend::Backend;
use crate::backend::memory::MemoryBackend;

/// Where the table comes from and how it is read, for the terminal UI and the headless
/// commands alike.
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

    /// Colours for a dark or a light terminal background; `auto` asks the terminal (default:
    /// `theme` in $XDG_CONFIG_HOME/ddbx/config.toml, else auto).
    #[arg(long, global = true, value_enum, value_name = "THEME")]
    pub theme: Option<ThemeChoice>,
}

/// `--theme` and the config file's `theme`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, clap::ValueEnum, serde::Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum ThemeChoice {
    /// Ask the terminal for its background colour; dark when it does not answer.
    #[default]
    Auto,
    Dark,
    Light,
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

/// The in-memory demo backend (`--demo`, `--demo-size`, `--seed`) and its table name.
pub fn demo_backend(options: &TuiOptions) -> Result<(Arc<dyn Backend>, String), String> {
    let backend = demo_engine(options)?.with_connection_kind("demo (in memory)", None);
    Ok((Arc::new(backend), crate::demo::TABLE_NAME.to_owned()))
}

/// The engine holding the demo table.
pub fn demo_engine(options: &TuiOptions) -> Result<MemoryBackend, String> {
    // Streamed: each item is encoded as it is generated, so the decoded table never exists whole.
    let items = crate::demo::items(options.seed, options.demo_size);
    MemoryBackend::new(crate::demo::description(), items)
        .map_err(|error| format!("the demo table failed to load: {error}"))
}

/// An offline table opened for the UI or a headless command.
pub struct OfflineTable {
    /// Read-only.
    pub backend: Arc<dyn Backend>,
    pub table: String,
    /// How the key schema was inferred, when it was.
    pub inferred: Option<String>,
    /// Lines and items skipped while loading, each located by file and line.
    pub warnings: Vec<crate::offline::Warning>,
}

/// A model file is hand-written or exported from NoSQL Workbench: kilobytes, not megabytes.
const MAX_MODEL_FILE: u64 = 16 * 1024 * 1024;

/// Warnings a headless command lists one by one; the rest are counted.
const LISTED_WARNINGS: usize = 10;

impl OfflineTable {
    /// For the UI's notice line, which shows one notice at a time: the inference and a summary.
    #[must_use]
    pub fn tui_notices(&self) -> Vec<String> {
        let mut notices: Vec<String> = self.inferred.iter().cloned().collect();
        if let Some(first) = self.warnings.first() {
            notices.push(format!(
                "{} warnings while loading; first: {first}",
                self.warnings.len()
            ));
        }
        notices
    }

    /// For stderr: the inference, the first ten warnings and how many more there were.
    #[must_use]
    pub fn headless_notices(&self) -> Vec<String> {
        let mut notices: Vec<String> = self.inferred.iter().cloned().collect();
        notices.extend(
            self.warnings
                .iter()
                .take(LISTED_WARNINGS)
                .map(|warning| format!("warning: {warning}")),
        );
        let more = self.warnings.len().saturating_sub(LISTED_WARNINGS);
        if more > 0 {
            notices.push(format!(
                "... and {} more {} ({} in all)",
                crate::domain::figures::count(more as u64),
                if more == 1 { "warning" } else { "warnings" },
                self.warnings.len()
            ));
        }
        notices
    }
}

/// The `--file` table, when one was given.
pub fn file_backend(options: &TuiOptions) -> Result<Option<OfflineTable>, String> {
    let Some(path) = &options.file else {
        return Ok(None);
    };
    let (engine, table) = file_engine(path, options)?;
    Ok(Some(OfflineTable {
        backend: Arc::new(crate::backend::read_only::ReadOnly::new(engine)),
        ..table
    }))
}

/// The engine holding the `--file` table at `path`, writable (for `ddbx serve --writable`),
/// and the table opened read-only over the same engine.
pub fn file_engine(
    path: &std::path::Path,
    options: &TuiOptions,
) -> Result<(Arc<MemoryBackend>, OfflineTable), String> {
    let (engine, opened) =
        crate::offline::open_backend(path, options.schema.as_deref(), options.bad_lines.into())
            .map_err(|error| error.to_string())?;
    let engine = Arc::new(engine);
    let table = OfflineTable {
        backend: Arc::new(crate::backend::read_only::ReadOnly::new(engine.clone())),
        table: opened.description.name,
        inferred: opened.inferred,
        warnings: opened.warnings,
    };
    Ok((engine, table))
}

/// The entity decoder, with the `--model` file when given (any format of
/// [`crate::domain::model_formats`]; of a file describing several tables, every table's part).
pub fn entity_decoder(
    options: &TuiOptions,
) -> Result<crate::domain::entity::EntityDecoder, String> {
    entity_decoder_for(options, None)
}

/// [`entity_decoder`] for one table: from a file describing several tables, only that table's
/// part when the file has it.
pub fn entity_decoder_for(
    options: &TuiOptions,
    table: Option<&str>,
) -> Result<crate::domain::entity::EntityDecoder, String> {
    let Some(path) = &options.model else {
        // The demo comes with its model, so its palette has the access patterns to try.
        return Ok(if options.demo {
            crate::domain::entity::EntityDecoder::with_model(crate::demo::model())
        } else {
            crate::domain::entity::EntityDecoder::new()
        });
    };
    let text = crate::storage::input::read_regular_text(path, MAX_MODEL_FILE)
        .map_err(|error| format!("{} {error}", path.display()))?;
    let file = path.display().to_string();
    let model = crate::domain::model_formats::parse_model(path, &text, &file, table)?;
    Ok(crate::domain::entity::EntityDecoder::with_model(model))
}
