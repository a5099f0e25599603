//! The query history's files: one JSON line per query run from the terminal UI, per table, in
//! `$XDG_STATE_HOME/ddbx/history/<table>.jsonl`. What a line holds is the app's business
//! (`app::state::query_history`); this module only finds, reads and appends the files.

use std::path::{Path, PathBuf};

/// `$XDG_STATE_HOME/ddbx/history/<table>.jsonl` (or `~/.local/state/…`); `None` without a home.
#[must_use]
pub fn default_file(table: &str) -> Option<PathBuf> {
    super::state_home().map(|home| file_in(&home, table))
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
