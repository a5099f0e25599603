//! An offline table read as a stream: its items handed on batch by batch (a data file of an
//! export, or 65,536 lines of a file) and never held whole, for the headless commands that need
//! each item once, such as an export's conversion to another format. The key schema is decided
//! as [`super::open_backend`] decides it: the `--schema` file's, else inferred from the first
//! batch. Items without the table key are skipped and counted, as loading skips them.

use std::path::Path;

use super::{OfflineError, Reading, Warning, decide_schema, export, read_source, warn_capped};
use crate::domain::schema::TableDescription;
use crate::domain::value::Item;

/// What takes each batch: the table's description, and the batch's items holding its key.
pub type EachBatch<'a> =
    &'a mut dyn FnMut(&TableDescription, Vec<Item>) -> Result<(), OfflineError>;

/// What streaming a table read.
#[derive(Debug)]
pub struct Streamed {
    pub description: TableDescription,
    pub warnings: Vec<Warning>,
    /// How the key schema was inferred, when it was.
    pub inferred: Option<String>,
    /// Items read from the source, the skipped ones included.
    pub items_read: usize,
}

/// Reads `path` batch by batch, handing each batch's items that hold the table key to `each`.
///
/// # Errors
/// The source cannot be read (or `each` failed): what is said is where and why.
pub fn stream_items(
    path: &Path,
    schema: Option<&Path>,
    reading: &Reading,
    each: EachBatch<'_>,
) -> Result<Streamed, OfflineError> {
    let schema = schema
        .map(super::describe::read_describe_table)
        .transpose()?;
    let store = export::store(path, reading)?;
    let mut decided: Option<(TableDescription, Option<String>)> = None;
    let mut items_read = 0;
    // The first positions skipped, to list, and how many there were.
    let mut skipped: (Vec<usize>, usize) = (Vec::new(), 0);
    let info = read_source(path, &store, reading, &mut |batch| {
        if decided.is_none() {
            decided = Some(decide_schema(path, &store, schema.as_ref(), &batch)?);
        }
        let Some((description, _)) = decided.as_ref() else {
            return Ok(());
        };
        let read = batch.len();
        let mut keyed = Vec::with_capacity(read);
        for (at, item) in batch.into_iter().enumerate() {
            if description.primary_key_of(&item).is_some() {
                keyed.push(item);
                continue;
            }
            if skipped.0.len() < super::LISTED_WARNINGS {
                skipped.0.push(items_read + at);
            }
            skipped.1 += 1;
        }
        items_read += read;
        each(description, keyed)
    })?;
    let (description, inferred) = match decided {
        Some(decided) => decided,
        None => decide_schema(path, &store, schema.as_ref(), &[])?,
    };
    let mut warnings = info.warnings;
    let key = description.key.names().collect::<Vec<_>>().join(", ");
    let (listed, count) = skipped;
    let unlisted = count - listed.len();
    let messages = listed
        .into_iter()
        .map(|at| format!("item {} skipped: it has no {key}", at + 1))
        .chain(std::iter::repeat_n(String::new(), unlisted));
    warn_capped(&mut warnings, path, "skipped", messages);
    Ok(Streamed {
        description,
        warnings,
        inferred,
        items_read,
    })
}
