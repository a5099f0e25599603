//! The results grid's remembered column choices: which attributes the user hid, per table and
//! per entity type, kept in `$XDG_STATE_HOME/ddbx/columns.json` so the same rows show the same
//! columns the next time, also after a restart. It holds attribute and entity names only, never
//! item data; it is still written private to the user, as every file ddbx keeps.

use std::collections::{BTreeMap, BTreeSet};
use std::io;
use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};

/// The attributes hidden for each entity type of one table (`""`: rows of no known type).
pub type EntityChoices = BTreeMap<String, BTreeSet<String>>;

/// Every table's choices, and the file they are kept in (`None`: in memory only).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ColumnChoices {
    pub file: Option<PathBuf>,
    tables: BTreeMap<String, EntityChoices>,
}

/// The file's document: a version, so a later format can tell an old file apart.
#[derive(Serialize, Deserialize)]
struct Document {
    version: u32,
    hidden: BTreeMap<String, EntityChoices>,
}

const VERSION: u32 = 1;

impl ColumnChoices {
    /// The choices of `table`, by entity type.
    #[must_use]
    pub fn of_table(&self, table: &str) -> Option<&EntityChoices> {
        self.tables.get(table)
    }

    /// Records that `attribute` is hidden (or shown) for `entity`'s rows of `table`; true when
    /// that changed what is remembered.
    pub fn set_hidden(&mut self, table: &str, entity: &str, attribute: &str, hidden: bool) -> bool {
        let entities = self.tables.entry(table.to_owned()).or_default();
        let attributes = entities.entry(entity.to_owned()).or_default();
        let changed = if hidden {
            attributes.insert(attribute.to_owned())
        } else {
            attributes.remove(attribute)
        };
        self.prune(table, entity);
        changed
    }

    /// Forgets every choice for `entity`'s rows of `table`; true when there was one.
    pub fn forget(&mut self, table: &str, entity: &str) -> bool {
        let forgotten = self
            .tables
            .get_mut(table)
            .and_then(|entities| entities.remove(entity))
            .is_some();
        self.prune(table, entity);
        forgotten
    }

    /// Drops an entity, then a table, left without choices: the file names only real ones.
    fn prune(&mut self, table: &str, entity: &str) {
        if let Some(entities) = self.tables.get_mut(table) {
            if entities.get(entity).is_some_and(BTreeSet::is_empty) {
                entities.remove(entity);
            }
            if entities.is_empty() {
                self.tables.remove(table);
            }
        }
    }

    /// The file's text.
    #[must_use]
    pub fn to_text(&self) -> String {
        let document = Document {
            version: VERSION,
            hidden: self.tables.clone(),
        };
        let mut text = serde_json::to_string_pretty(&document).unwrap_or_default();
        text.push('\n');
        text
    }

    /// Reads the file's text; an error says what is wrong with it.
    pub fn from_text(text: &str) -> Result<Self, String> {
        let document: Document =
            serde_json::from_str(text).map_err(|error| format!("not a column file: {error}"))?;
        if document.version != VERSION {
            return Err(format!(
                "version {} is not one this ddbx reads ({VERSION})",
                document.version
            ));
        }
        Ok(Self {
            file: None,
            tables: document.hidden,
        })
    }
}

/// `<base>/ddbx/columns.json`.
#[must_use]
pub fn file_in(base: &Path) -> PathBuf {
    super::ddbx_dir(base).join("columns.json")
}

/// The choices kept in `path` (none when there is no file yet), remembered back to it; a
/// warning naming the file when it cannot be read, and then none, kept in memory only so a
/// file ddbx does not understand is never overwritten.
#[must_use]
pub fn load(path: &Path) -> (ColumnChoices, Option<String>) {
    let read = match std::fs::read_to_string(path) {
        Ok(text) => ColumnChoices::from_text(&text),
        Err(error) if error.kind() == io::ErrorKind::NotFound => Ok(ColumnChoices::default()),
        Err(error) => Err(error.to_string()),
    };
    match read {
        Ok(mut choices) => {
            choices.file = Some(path.to_owned());
            (choices, None)
        }
        Err(error) => (
            ColumnChoices::default(),
            Some(format!(
                "column choices {} not read (not remembered this session): {error}",
                path.display()
            )),
        ),
    }
}

/// Replaces `path` with `text`: written to a private file beside it, then renamed over it, so
/// a crash leaves the old choices or the new ones, never half a file.
pub fn save(path: &Path, text: &str) -> io::Result<()> {
    let dir = path.parent().filter(|dir| !dir.as_os_str().is_empty());
    if let Some(dir) = dir {
        super::create_private_dir(dir)?;
    }
    super::require_regular_file(path)?;
    let temporary = path.with_extension(format!("json.{}.tmp", std::process::id()));
    let _ = std::fs::remove_file(&temporary);
    let written = super::create_private_new(&temporary).and_then(|mut file| {
        use std::io::Write as _;
        file.write_all(text.as_bytes())?;
        file.sync_data()
    });
    match written.and_then(|()| std::fs::rename(&temporary, path)) {
        Ok(()) => Ok(()),
        Err(error) => {
            let _ = std::fs::remove_file(&temporary);
            Err(error)
        }
    }
}

#[cfg(test)]
#[path = "column_choices_tests.rs"]
mod tests;
