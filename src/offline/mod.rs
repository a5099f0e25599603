//! Offline tables: `ddbx --file PATH [--schema FILE]` opens, read-only by default,
//! - the output of `aws dynamodb scan --output json` (`{"Items": [...]}`),
//! - DynamoDB JSON lines (`{"Item": {...}}` or a bare item per line, optionally gzipped),
//! - an Export to S3 (manifest files + `data/*.json.gz`, DYNAMODB_JSON format; full, or
//!   incremental with new and old images), in a local folder or read from S3 (`s3://…`).
//!
//! The key schema and indexes come from a `describe-table` JSON (`--schema`), else they are
//! inferred from the items (`PK`/`SK`, `GSInPK`/`GSInSK` pairs) and the inference is reported so
//! the user can see it. Malformed lines are reported with file and line, then skipped or fatal
//! as the user chose ([`BadLines`]); nothing here panics on bad input.
//!
//! Entry points: [`open`] (parse only), [`open_backend`] (parse and load into the engine) and
//! [`stream_items`] (parse and hand on batch by batch, never holding the table).

mod change;
mod describe;
mod export;
mod infer;
mod lines;
mod scan_output;
mod source;
mod stream;
mod warning;

use std::path::Path;

use crate::backend::memory::{ItemLoader, MemoryBackend};
use crate::domain::load_progress::LoadProgress;
use crate::domain::schema::TableDescription;
use crate::domain::value::Item;

pub use describe::parse_describe_table;
use export::ExportStore;
pub use export::s3_url;
pub use infer::{KeyStats, infer_schema};
pub use source::{BadLines, Image, Reading};
use source::{Batches, SourceInfo};
pub use stream::{Streamed, stream_items};
pub use warning::{OfflineError, Warning};

/// An opened offline table with all its items (for headless commands that want the items).
#[derive(Debug)]
pub struct Opened {
    pub description: TableDescription,
    pub items: Vec<Item>,
    pub warnings: Vec<Warning>,
    /// How the key schema was inferred, when it was (shown to the user); `None` with `--schema`.
    pub inferred: Option<String>,
}

/// What opening an offline table into the engine found.
#[derive(Debug)]
pub struct OpenReport {
    pub description: TableDescription,
    pub warnings: Vec<Warning>,
    pub inferred: Option<String>,
    /// Items read from the source (before any was skipped by the schema).
    pub items_read: usize,
}

/// The export `path` names (a folder, an `s3://` prefix), opened once; `None` for a file.
type Store = Option<Box<dyn ExportStore>>;

fn read_source(
    path: &Path,
    store: &Store,
    reading: &Reading,
    batches: Batches<'_>,
) -> Result<SourceInfo, OfflineError> {
    let mut items = 0usize;
    let mut counted = |batch: Vec<Item>| {
        items += batch.len();
        batches(batch)
    };
    let info = if let Some(store) = store {
        export::read_export(store.as_ref(), reading, &mut counted)?
    } else {
        let mut reader = lines::open_reader(path)?;
        if scan_output::looks_like_scan_output(lines::peek_text(path, &mut reader)?) {
            let text = lines::read_document(path, reader)?;
            scan_output::parse(path, &text, reading.bad_lines, &mut counted)?
        } else {
            lines::parse(path, &mut reader, reading, &mut counted)?
        }
    };
    nothing_but_bad_records(path, items, &info)?;
    Ok(info)
}

/// A source whose every record was malformed is not an empty table: it is the wrong file, or a
/// broken one, and loading it as empty would hide that.
fn nothing_but_bad_records(
    path: &Path,
    items: usize,
    info: &SourceInfo,
) -> Result<(), OfflineError> {
    let bad: Vec<&Warning> = info
        .warnings
        .iter()
        .filter(|warning| warning.line.is_some())
        .collect();
    let Some(first) = bad.first().filter(|_| items == 0) else {
        return Ok(());
    };
    Err(OfflineError::new(
        Some(path.to_path_buf()),
        None,
        format!(
            "no item could be read: {} malformed record{}, the first at {first}",
            bad.len(),
            if bad.len() == 1 { "" } else { "s" }
        ),
    ))
}

/// The table name: the export manifest's table, else the file name.
fn default_name(path: &Path, store: &Store) -> Result<String, OfflineError> {
    let from_export = match store {
        Some(store) => export::table_name(store.as_ref())?,
        None => None,
    };
    Ok(from_export.unwrap_or_else(|| table_name_from_path(path)))
}

fn decide_schema(
    path: &Path,
    store: &Store,
    schema: Option<&TableDescription>,
    sample: &[Item],
) -> Result<(TableDescription, Option<String>), OfflineError> {
    match schema {
        Some(description) => Ok((description.clone(), None)),
        None => {
            let (description, explanation) = infer_schema(&default_name(path, store)?, sample)
                .map_err(|message| OfflineError::new(Some(path.to_path_buf()), None, message))?;
            Ok((description, Some(explanation)))
        }
    }
}

/// Reads `path` (file, export folder or `s3://` export) with all its items and decides the
/// table's schema.
pub fn open(
    path: &Path,
    schema: Option<&Path>,
    reading: impl Into<Reading>,
) -> Result<Opened, OfflineError> {
    let reading = reading.into();
    let schema = schema.map(describe::read_describe_table).transpose()?;
    let store = export::store(path, &reading)?;
    let mut items = Vec::new();
    let info = read_source(path, &store, &reading, &mut |batch| {
        items.extend(batch);
        Ok(())
    })?;
    let (description, inferred) = decide_schema(path, &store, schema.as_ref(), &items)?;
    Ok(Opened {
        description,
        items,
        warnings: info.warnings,
        inferred,
    })
}

/// Opens `path` straight into a file-backed engine, streaming: items are encoded batch by batch,
/// so the decoded table is never held whole. Without `--schema` the key schema is inferred from
/// the first batch (the first data file, or the first 65,536 lines). Items the schema refuses (no
/// key, wrong key type) are skipped with a warning; items with invalid index keys stay in the
/// table but out of that index. The caller wraps the engine in
/// [`crate::backend::read_only::ReadOnly`] unless writes were explicitly allowed.
pub fn open_backend(
    path: &Path,
    schema: Option<&Path>,
    reading: impl Into<Reading>,
) -> Result<(MemoryBackend, OpenReport), OfflineError> {
    open_backend_counting(path, schema, &reading.into(), &LoadProgress::new(None))
}

/// The name the table at `path` opens under: the `--schema` file's, else the export's or the
/// file's (known before a single item is read, so the UI can show it while the items load).
pub fn table_name(
    path: &Path,
    schema: Option<&Path>,
    reading: &Reading,
) -> Result<String, OfflineError> {
    match schema {
        Some(schema) => Ok(describe::read_describe_table(schema)?.name),
        None => default_name(path, &export::store(path, reading)?),
    }
}

/// [`open_backend`], counting the items read into `progress` as it goes.
pub fn open_backend_counting(
    path: &Path,
    schema: Option<&Path>,
    reading: &Reading,
    progress: &LoadProgress,
) -> Result<(MemoryBackend, OpenReport), OfflineError> {
    let schema = schema.map(describe::read_describe_table).transpose()?;
    let store = export::store(path, reading)?;
    let mut loader: Option<(ItemLoader, Option<String>)> = None;
    let mut stats = KeyStats::default();
    let mut items_read = 0;
    let info = read_source(path, &store, reading, &mut |batch| {
        items_read += batch.len();
        progress.set_loaded(items_read as u64);
        if schema.is_none() {
            batch.iter().for_each(|item| stats.observe(item));
        }
        if loader.is_none() {
            let (description, inferred) = decide_schema(path, &store, schema.as_ref(), &batch)?;
            loader = Some((ItemLoader::new(description), inferred));
        }
        if let Some((loader, _)) = loader.as_mut() {
            batch.into_iter().for_each(|item| loader.push(item));
        }
        Ok(())
    })?;
    let (loader, mut inferred) = match loader {
        Some(found) => found,
        None => {
            let (description, inferred) = decide_schema(path, &store, schema.as_ref(), &[])?;
            (ItemLoader::new(description), inferred)
        }
    };
    let fail = |message: String| OfflineError::new(Some(path.to_path_buf()), None, message);
    let table_name = loader.description().name.clone();
    let known: Vec<String> = loader
        .description()
        .indexes
        .iter()
        .map(|index| index.name.clone())
        .collect();
    let engine = MemoryBackend::empty();
    let load = engine.add_loaded(loader);
    let mut violations = load.index_violations;
    // Index attributes that first appear after the first batch: add and backfill those indexes,
    // so the inference covers every item, not only the first batch.
    if let Some(explanation) = inferred.as_mut() {
        for (index, index_explanation) in stats.indexes() {
            if known.contains(&index.name) {
                continue;
            }
            violations.extend(
                engine
                    .add_index(&table_name, index)
                    .map_err(|e| fail(e.to_string()))?,
            );
            explanation.push_str("; ");
            explanation.push_str(&index_explanation);
        }
    }
    let mut warnings = info.warnings;
    let rejected = load.rejected.into_iter().map(|rejected| {
        format!(
            "item {} skipped: {}",
            rejected.position + 1,
            rejected.message
        )
    });
    let left_out = violations.into_iter().map(|violation| {
        format!(
            "item {} kept in the table but not in index {}: {}",
            shown_key(&violation.key),
            violation.index,
            violation.message
        )
    });
    warn_capped(&mut warnings, path, "skipped", rejected);
    warn_capped(&mut warnings, path, "left out of an index", left_out);
    let description = engine
        .describe(&table_name)
        .map_err(|e| fail(e.to_string()))?;
    let engine = engine.with_connection_kind("file", Some(path.display().to_string()));
    Ok((
        engine,
        OpenReport {
            description,
            warnings,
            inferred,
            items_read,
        },
    ))
}

/// At most this many item-level warnings of one kind are listed; the rest are counted (a schema
/// that does not match the items would otherwise produce one warning per item).
const LISTED_WARNINGS: usize = 100;

fn warn_capped(
    warnings: &mut Vec<Warning>,
    path: &Path,
    what: &str,
    messages: impl Iterator<Item = String>,
) {
    let mut more = 0usize;
    for (position, message) in messages.enumerate() {
        if position < LISTED_WARNINGS {
            warnings.push(Warning {
                file: Some(path.to_path_buf()),
                line: None,
                message,
            });
        } else {
            more += 1;
        }
    }
    if more > 0 {
        warnings.push(Warning {
            file: Some(path.to_path_buf()),
            line: None,
            message: format!("... and {more} more items {what}"),
        });
    }
}

/// A primary key as the user would recognise it in a warning (`USER#1 / ORDER#2`).
fn shown_key(key: &crate::backend::memory::rows::PrimaryKey) -> String {
    let part = |value: &crate::backend::memory::key::ScalarKey| match value.to_value() {
        crate::domain::value::AttrValue::S(text) => text,
        other => format!("{other:?}"),
    };
    match &key.sort {
        Some(sort) => format!("{} / {}", part(&key.partition), part(sort)),
        None => part(&key.partition),
    }
}

fn table_name_from_path(path: &Path) -> String {
    let stem = path
        .file_name()
        .and_then(|name| name.to_str())
        .map(|name| name.split('.').next().unwrap_or(name).to_owned())
        .unwrap_or_default();
    let cleaned: String = stem
        .chars()
        .filter(|c| c.is_ascii_alphanumeric() || matches!(c, '_' | '-' | '.'))
        .collect();
    if cleaned.len() >= 3 {
        cleaned
    } else {
        "OfflineTable".to_owned()
    }
}

#[cfg(test)]
mod tests;
