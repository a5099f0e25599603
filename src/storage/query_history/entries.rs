//! Every query run from the terminal UI, per table: the in-memory list the palette offers again,
//! and its one-JSON-object-per-line form in `$XDG_STATE_HOME/ddbx/history/<table>.jsonl`.
//!
//! A line keeps exactly what is needed to run the query again from its first page: the wire
//! expressions, names, values (DynamoDB JSON, so nothing is lost), index, order, consistency and
//! page size. The paging cursor is not kept.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};

use crate::domain::ddb_json;
use crate::domain::expr::ExpressionParams;
use crate::domain::request::QueryRequest;

/// Most entries kept in memory (the file keeps everything appended).
pub const MAX_ENTRIES: usize = 500;

/// One executed query.
#[derive(Clone, Debug, PartialEq)]
pub struct HistoryEntry {
    /// When it ran, seconds since the Unix epoch.
    pub unix_seconds: i64,
    pub request: QueryRequest,
}

/// The table's query history, oldest first.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct QueryHistory {
    pub entries: Vec<HistoryEntry>,
    /// Where new entries are appended; `None` keeps history in memory only.
    pub file: Option<PathBuf>,
}

#[derive(Serialize, Deserialize)]
struct Line {
    at: i64,
    table: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    index: Option<String>,
    key_condition: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    filter: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    projection: Option<String>,
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    names: BTreeMap<String, String>,
    #[serde(default, skip_serializing_if = "serde_json::Map::is_empty")]
    values: serde_json::Map<String, serde_json::Value>,
    #[serde(default = "default_forward")]
    forward: bool,
    #[serde(default)]
    consistent_read: bool,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    limit: Option<u32>,
}

const fn default_forward() -> bool {
    true
}

impl HistoryEntry {
    /// The entry as one line of JSON (no newline).
    #[must_use]
    pub fn to_line(&self) -> String {
        let request = &self.request;
        let line = Line {
            at: self.unix_seconds,
            table: request.table.clone(),
            index: request.index.clone(),
            key_condition: request.key_condition.clone(),
            filter: request.filter.clone(),
            projection: request.projection.clone(),
            names: request.params.names.clone(),
            values: request
                .params
                .values
                .iter()
                .map(|(key, value)| (key.clone(), ddb_json::to_json(value)))
                .collect(),
            forward: request.forward,
            consistent_read: request.consistent_read,
            limit: request.limit,
        };
        // Serializing plain strings, maps and numbers cannot fail.
        serde_json::to_string(&line).unwrap_or_default()
    }

    /// Parses one line written by [`HistoryEntry::to_line`].
    pub fn from_line(text: &str) -> Result<Self, String> {
        let line: Line = serde_json::from_str(text).map_err(|error| error.to_string())?;
        let mut values = BTreeMap::new();
        for (key, json) in &line.values {
            let value = ddb_json::from_json(json).map_err(|error| format!("{key}: {error}"))?;
            values.insert(key.clone(), value);
        }
        let params = ExpressionParams {
            names: line.names,
            values,
        };
        let mut request = QueryRequest::new(line.table, line.key_condition, params);
        request.index = line.index;
        request.filter = line.filter;
        request.projection = line.projection;
        request.forward = line.forward;
        request.consistent_read = line.consistent_read;
        request.limit = line.limit;
        Ok(Self {
            unix_seconds: line.at,
            request,
        })
    }
}

impl QueryHistory {
    /// Adds an entry (the paging cursor dropped). Running the newest query again moves it to
    /// the end rather than repeating it. Returns the entry as added.
    pub fn push(&mut self, unix_seconds: i64, request: &QueryRequest) -> &HistoryEntry {
        let mut request = request.clone();
        request.start_key = None;
        self.entries.retain(|entry| entry.request != request);
        self.entries.push(HistoryEntry {
            unix_seconds,
            request,
        });
        let excess = self.entries.len().saturating_sub(MAX_ENTRIES);
        self.entries.drain(..excess);
        let last = self.entries.len() - 1;
        &self.entries[last]
    }

    /// The entries, newest first.
    pub fn newest_first(&self) -> impl Iterator<Item = &HistoryEntry> {
        self.entries.iter().rev()
    }
}

/// The history a file at `path` holding `text` gives, with a warning for its first bad line.
#[must_use]
pub fn from_text(path: &Path, text: &str) -> (QueryHistory, Option<String>) {
    let mut history = QueryHistory {
        entries: Vec::new(),
        file: Some(path.to_owned()),
    };
    let mut warning = None;
    for (number, line) in text.lines().enumerate() {
        if line.trim().is_empty() {
            continue;
        }
        match HistoryEntry::from_line(line) {
            Ok(entry) => history.push(entry.unix_seconds, &entry.request),
            Err(error) => {
                warning.get_or_insert_with(|| {
                    format!(
                        "query history {}:{}: skipped a bad line ({error})",
                        path.display(),
                        number + 1
                    )
                });
                continue;
            }
        };
    }
    (history, warning)
}

#[cfg(test)]
#[path = "entries_tests.rs"]
mod tests;
