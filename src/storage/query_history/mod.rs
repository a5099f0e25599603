//! The query history's files: one JSON line per query run from the terminal UI, per table, in
//! `$XDG_STATE_HOME/ddbx/history/<table>.jsonl`: where the files are, and what a line holds
//! (`entries`), so the terminal UI that writes them and the headless commands that read them
//! agree.

mod entries;

use std::path::{Path, PathBuf};

pub use entries::{HistoryEntry, MAX_ENTRIES, QueryHistory, from_text};

/// `$XDG_STATE_HOME/ddbx/history/<table>.jsonl` (or `~/.local/state/…`); `None` without a home.
#[must_use]
pub fn default_file(table: &str) -> Option<PathBuf> {
    super::state_home().map(|home| file_in(&home, table))
}

/// The query history of `table`: from its file for a table on a DynamoDB endpoint
/// (`on_endpoint`); empty for the demo and offline files, whose table names say nothing about
/// which data they hold, so their queries are kept in memory only. Also a warning for the first
/// unreadable line.
#[must_use]
pub fn of_table(on_endpoint: bool, table: &str) -> (QueryHistory, Option<String>) {
    match default_file(table).filter(|_| on_endpoint) {
        Some(path) => load(&path),
        None => (QueryHistory::default(), None),
    }
}

/// `<base>/ddbx/history/<table>.jsonl`. Table names are `[A-Za-z0-9_.-]`; anything else (never
/// expected) is replaced, so the name can never leave the directory.
#[must_use]
pub fn file_in(base: &Path, table: &str) -> PathBuf {
    let file: String = table
        .chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() || c == '_' || c == '-' || c == '.' {
                c
            } else {
                '_'
            }
        })
        .collect();
    super::ddbx_dir(base)
        .join("history")
        .join(format!("{file}.jsonl"))
}

/// Loads a history file: the last [`MAX_ENTRIES`] readable entries, plus a warning for the
/// first unreadable line (a missing file is an empty history).
#[must_use]
pub fn load(path: &Path) -> (QueryHistory, Option<String>) {
    match read(path) {
        Ok(text) => from_text(path, text.as_deref().unwrap_or_default()),
        Err(warning) => (from_text(path, "").0, Some(warning)),
    }
}

/// The file's text; `Ok(None)` when there is no file yet, `Err` with a message naming it.
pub fn read(path: &Path) -> Result<Option<String>, String> {
    match std::fs::read_to_string(path) {
        Ok(text) => Ok(Some(text)),
        Err(error) if error.kind() == std::io::ErrorKind::NotFound => Ok(None),
        Err(error) => Err(format!("query history {}: {error}", path.display())),
    }
}

/// Appends one line, creating the file (and its directory) readable by the user only: queries
/// hold key values from production tables.
pub fn append(path: &Path, line: &str) -> std::io::Result<()> {
    let mut bytes = Vec::with_capacity(line.len() + 1);
    bytes.extend_from_slice(line.as_bytes());
    bytes.push(b'\n');
    super::append_private(path, &bytes)
}
