//! Offline tables: `ddbx --file PATH [--schema FILE]` opens, read-only by default,
//! - the output of `aws dynamodb scan --output json` (`{"Items": [...]}`),
//! - DynamoDB JSON lines (`{"Item": {...}}` or a bare item per line, optionally gzipped),
//! - an Export-to-S3 folder (manifest files + `data/*.json.gz`, DYNAMODB_JSON format).
//!
//! The key schema and indexes come from a `describe-table` JSON (`--schema`), else they are
//! inferred from the items (`PK`/`SK`, `GSInPK`/`GSInSK` pairs) and the inference is reported so
//! the user can see it. Malformed lines are reported with file and line, then skipped or fatal
//! as the user chose ([`BadLines`]); nothing here panics on bad input.
//!
//! Entry points: [`open`] (parse only) and [`open_backend`] (parse and load into the engine).

mod describe;
mod export;
mod infer;
mod lines;
mod scan_output;
mod warning;

use std::path::Path;

use crate::backend::memory::MemoryBackend;
use crate::domain::schema::TableDescription;
use crate::domain::value::Item;

pub use describe::parse_describe_table;
pub use infer::infer_schema;
pub use warning::{OfflineError, Warning};

/// What to do with a line that is not valid DynamoDB JSON.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum BadLines {
    /// Report it and go on (the default).
    #[default]
    Skip,
    /// Stop at the first one.
    Stop,
}

/// An opened offline table.
#[derive(Debug)]
pub struct Opened {
    pub description: TableDescription,
    pub items: Vec<Item>,
    pub warnings: Vec<Warning>,
    /// How the key schema was inferred, when it was (shown to the user); `None` with `--schema`.
    pub inferred: Option<String>,
}

/// Items read from a source, before a schema is decided.
pub(crate) struct Loaded {
    pub items: Vec<Item>,
    pub warnings: Vec<Warning>,
    /// A table name the source itself reveals (an export's table ARN).
    pub table_name: Option<String>,
}

/// Reads `path` (file or export folder) and decides the table's schema.
pub fn open(
    path: &Path,
    schema: Option<&Path>,
    bad_lines: BadLines,
) -> Result<Opened, OfflineError> {
    let loaded = if path.is_dir() {
        export::read_folder(path, bad_lines)?
    } else {
        read_file(path, bad_lines)?
    };
    let default_name = loaded
        .table_name
        .clone()
        .unwrap_or_else(|| table_name_from_path(path));
    let (description, inferred) = match schema {
        Some(schema_path) => (describe::read_describe_table(schema_path)?, None),
        None => {
            let (description, explanation) = infer_schema(&default_name, &loaded.items)
                .map_err(|message| OfflineError::new(Some(path.to_path_buf()), None, message))?;
            (description, Some(explanation))
        }
    };
    Ok(Opened {
        description,
        items: loaded.items,
        warnings: loaded.warnings,
        inferred,
    })
}

/// Opens `path` and loads it into a file-backed engine. Items the schema refuses (no key, wrong
/// key type) are skipped with a warning; items with invalid index keys stay out of that index.
/// The caller wraps the engine in [`crate::backend::read_only::ReadOnly`] unless writes were
/// explicitly allowed.
pub fn open_backend(
    path: &Path,
    schema: Option<&Path>,
    bad_lines: BadLines,
) -> Result<(MemoryBackend, Opened), OfflineError> {
    let mut opened = open(path, schema, bad_lines)?;
    let items = std::mem::take(&mut opened.items);
    let (engine, report) = MemoryBackend::load(opened.description.clone(), items);
    for rejected in report.rejected {
        opened.warnings.push(Warning {
            file: Some(path.to_path_buf()),
            line: None,
            message: format!(
                "item {} skipped: {}",
                rejected.position + 1,
                rejected.message
            ),
        });
    }
    for violation in report.index_violations {
        opened.warnings.push(Warning {
            file: Some(path.to_path_buf()),
            line: None,
            message: format!(
                "item {:?} kept in the table but not in index {}: {}",
                violation.key, violation.index, violation.message
            ),
        });
    }
    let engine = engine.with_connection_kind("file", Some(path.display().to_string()));
    Ok((engine, opened))
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

fn read_file(path: &Path, bad_lines: BadLines) -> Result<Loaded, OfflineError> {
    let text = lines::read_text(path)?;
    if scan_output::looks_like_scan_output(&text) {
        scan_output::parse(path, &text, bad_lines)
    } else {
        lines::parse(path, &text, bad_lines)
    }
}

#[cfg(test)]
mod tests;
