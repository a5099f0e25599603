//! The journal file: append-only JSON lines, created with mode 0600 (its items may be private).

use std::fs::{self, OpenOptions};
use std::io::{self, BufRead, BufReader, Write};
#[cfg(unix)]
use std::os::unix::fs::OpenOptionsExt;
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
        let non_empty = |name: &str| std::env::var_os(name).filter(|value| !value.is_empty());
        if let Some(path) = non_empty("DDBX_JOURNAL") {
            return Some(PathBuf::from(path));
        }
        let state = non_empty("XDG_STATE_HOME")
            .map(PathBuf::from)
            .filter(|path| path.is_absolute())
            .or_else(|| non_empty("HOME").map(|home| PathBuf::from(home).join(".local/state")))?;
        Some(state.join("ddbx").join("journal.jsonl"))
    }

    #[must_use]
    pub fn open(path: PathBuf) -> Self {
        Self { path }
    }

    #[must_use]
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// Appends one entry as one line, creating the directory and the file (mode 0600) if needed.
    pub fn append(&self, entry: &JournalEntry) -> io::Result<()> {
        if let Some(parent) = self.path.parent()
            && !parent.as_os_str().is_empty()
        {
            fs::create_dir_all(parent)?;
        }
        let mut options = OpenOptions::new();
        options.create(true).append(true);
        #[cfg(unix)]
        options.mode(0o600);
        let mut file = options.open(&self.path)?;
        // A journal created by something else with a wider mode is narrowed: it holds item data.
        #[cfg(unix)]
        {
            use std::os::unix::fs::PermissionsExt;
            let permissions = file.metadata()?.permissions();
            if permissions.mode() & 0o077 != 0 {
                file.set_permissions(fs::Permissions::from_mode(0o600))?;
            }
        }
        let mut line = entry.to_json().to_string();
        line.push('\n');
        // One write call per line, so concurrent appenders do not interleave within a line.
        file.write_all(line.as_bytes())?;
        file.flush()
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
