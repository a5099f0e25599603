//! The cache file, `$XDG_STATE_HOME/ddbx/schema-cache.json`: one entry per endpoint, region,
//! profile and table, each with the second it was saved. Best effort throughout: a file that is
//! missing, unreadable or garbled is an empty cache, and a failed save only costs the next run a
//! DescribeTable. Two runs saving at once may lose one's entry, never corrupt the file: each
//! writes a file of its own and renames it into place.

use std::fs;
use std::path::{Path, PathBuf};
use std::time::{Duration, SystemTime, UNIX_EPOCH};

use serde::{Deserialize, Serialize};

use super::form::SchemaForm;
use crate::storage;

/// Entries kept at most; the oldest go first, so a test suite's thousand tables cannot grow it.
const MAX_ENTRIES: usize = 200;

#[derive(Default, Serialize, Deserialize)]
struct CacheFile {
    entries: Vec<Entry>,
}

#[derive(Serialize, Deserialize)]
struct Entry {
    key: String,
    /// Seconds since the Unix epoch.
    saved: u64,
    schema: SchemaForm,
}

/// The cache file under the state directory; `None` without a home.
pub(super) fn default_path() -> Option<PathBuf> {
    storage::state_home().map(|home| storage::ddbx_dir(&home).join("schema-cache.json"))
}

fn now() -> u64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |since| since.as_secs())
}

/// Saved at most `ttl` ago; a time in the future (the clock was set back) is not trusted.
fn is_fresh(entry: &Entry, now: u64, ttl: Duration) -> bool {
    entry.saved <= now && now - entry.saved < ttl.as_secs()
}

fn read(path: &Path) -> CacheFile {
    fs::read(path)
        .ok()
        .and_then(|bytes| serde_json::from_slice(&bytes).ok())
        .unwrap_or_default()
}

/// The schema saved under `key` less than `ttl` ago.
pub(super) fn load(path: &Path, key: &str, ttl: Duration) -> Option<SchemaForm> {
    let now = now();
    read(path)
        .entries
        .into_iter()
        .find(|entry| entry.key == key && is_fresh(entry, now, ttl))
        .map(|entry| entry.schema)
}

/// Saves `schema` under `key` (`None`: drops the key), dropping entries older than `ttl`.
pub(super) fn save(path: &Path, key: &str, schema: Option<SchemaForm>, ttl: Duration) {
    let now = now();
    let mut file = read(path);
    file.entries
        .retain(|entry| entry.key != key && is_fresh(entry, now, ttl));
    if let Some(schema) = schema {
        file.entries.push(Entry {
            key: key.to_owned(),
            saved: now,
            schema,
        });
    }
    let excess = file.entries.len().saturating_sub(MAX_ENTRIES);
    file.entries.drain(..excess);
    let _ = write(path, &file);
}

fn write(path: &Path, file: &CacheFile) -> std::io::Result<()> {
    let bytes = serde_json::to_vec(file).map_err(std::io::Error::other)?;
    if let Some(dir) = path.parent() {
        storage::create_private_dir(dir)?;
    }
    let mut name = path.as_os_str().to_owned();
    name.push(format!(".{}.tmp", std::process::id()));
    let temporary = PathBuf::from(name);
    let _ = fs::remove_file(&temporary);
    let written = storage::create_private_new(&temporary)
        .and_then(|mut out| std::io::Write::write_all(&mut out, &bytes))
        .and_then(|()| fs::rename(&temporary, path));
    if written.is_err() {
        let _ = fs::remove_file(&temporary);
    }
    written
}
