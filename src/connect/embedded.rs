//! The demo and `--file` tables in the embedded engine, loaded whole (the headless commands and
//! the server need the whole table before answering).

use std::path::Path;
use std::sync::Arc;

use super::options::TuiOptions;
use crate::backend::aws::AwsOptions;
use crate::backend::memory::MemoryBackend;

/// How the demo's engine says where its table comes from.
pub(super) const DEMO_CONNECTION: &str = "demo (in memory)";

/// The engine holding the demo table (`--demo`, `--demo-size`, `--seed`).
pub fn demo_engine(options: &TuiOptions) -> Result<MemoryBackend, String> {
    // Streamed: each item is encoded as it is generated, so the decoded table never exists whole.
    let items = crate::demo::items(options.seed, options.demo_size);
    MemoryBackend::new(crate::demo::description(), items)
        .map_err(|error| format!("the demo table failed to load: {error}"))
}

/// An offline table as loaded: its name and what loading it found.
pub struct OfflineFile {
    pub table: String,
    /// How the key schema was inferred, when it was.
    pub inferred: Option<String>,
    /// Lines and items skipped while loading, each located by file and line.
    pub warnings: Vec<crate::offline::Warning>,
}

/// Warnings a headless command lists one by one; the rest are counted.
const LISTED_WARNINGS: usize = 10;

impl OfflineFile {
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

/// The engine holding the `--file` table at `path`, writable (for `ddbx serve --writable`; every
/// other session opens it read-only), and what loading it found. An `s3://` export is read with
/// `aws`'s profile and region.
pub fn file_engine(
    path: &Path,
    options: &TuiOptions,
    aws: &AwsOptions,
) -> Result<(Arc<MemoryBackend>, OfflineFile), String> {
    let (engine, opened) =
        crate::offline::open_backend(path, options.schema.as_deref(), options.reading(aws))
            .map_err(|error| error.to_string())?;
    let file = OfflineFile {
        table: opened.description.name,
        inferred: opened.inferred,
        warnings: opened.warnings,
    };
    Ok((Arc::new(engine), file))
}
