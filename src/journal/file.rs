//! The journal file: append-only JSON lines, created with mode 0600 (its items may be private).

use std::fs;
use std::io::{self, BufRead, BufReader};
use std::path::{Path, PathBuf};

use super::entry::{JournalConnection, JournalEntry};

/// The journal at one path.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Journal {
    path: PathBuf,
}

impl Journal {
    /// `$XDG_STATE_HOME/ddbx/journal.jsonl`, else `~/.local/state/ddbx/journal.jsonl`; `None`
    /// without either variable. `DDBX_JOURNAL` (a file path) overrides both.
    #[must_use]
    pub fn default_path() -> Option<PathBuf> {
        if let Some(path) = std::env::var_os("DDBX_JOURNAL").filter(|value| !value.is_empty()) {
            return Some(PathBuf::from(path));
        }
        let state = crate::storage::state_home()?;
        Some(crate::storage::ddbx_dir(&state).join("journal.jsonl"))
    }

    #[must_use]
    pub fn open(path: PathBuf) -> Self {
        Self { path }
    }

    #[must_use]
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// Appends one entry as one line, creating the directory and the file (mode 0600) if needed;
    /// its items may be private.
    pub fn append(&self, entry: &JournalEntry) -> io::Result<()> {
        let mut line = entry.to_json().to_string();
        line.push('\n');
        crate::storage::append_private(&self.path, line.as_bytes())
    }

    /// Every readable entry, oldest first. A missing journal has none.
    pub fn entries(&self) -> io::Result<Vec<JournalEntry>> {
        let file = match fs::File::open(&self.path) {
            Ok(file) => file,
            Err(error) if error.kind() == io::ErrorKind::NotFound => return Ok(Vec::new()),
            Err(error) => return Err(error),
        };
        let mut entries = Vec::new();
        for line in BufReader::new(file).lines() {
            let line = line?;
            if let Ok(value) = serde_json::from_str::<serde_json::Value>(&line)
                && let Some(entry) = JournalEntry::from_json(&value)
            {
                entries.push(entry);
            }
        }
        Ok(entries)
    }

    /// The most recent entry for `table` written through the same connection (kind, endpoint,
    /// region and profile): an undo must never carry a write from one place (a local server)
    /// to another (production) just because the table names match.
    pub fn last_for(
        &self,
        table: &str,
        connection: &JournalConnection,
    ) -> io::Result<Option<JournalEntry>> {
        Ok(self
            .entries()?
            .into_iter()
            .rev()
            .find(|entry| entry.table == table && entry.connection == *connection))
    }

    /// The most recent entry for `table`, wherever it was written (see [`Self::last_for`]).
    pub fn last_for_table(&self, table: &str) -> io::Result<Option<JournalEntry>> {
        Ok(self
            .entries()?
            .into_iter()
            .rev()
            .find(|entry| entry.table == table))
    }
}
