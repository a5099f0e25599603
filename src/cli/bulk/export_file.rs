//! `ddbx --file F export` of a whole table: the offline table is read as a stream and each batch
//! written as it is read, so converting an export of any size to another format holds one batch
//! (a data file, or 65,536 lines) rather than the table. Items come out in the order the source
//! holds them, not in key order as a read of the loaded table gives them.

use std::path::Path;

use super::export::ExportSink;
use crate::cli::args::GlobalOptions;
use crate::cli::args::bulk::ExportArgs;
use crate::cli::error::CliError;
use crate::cli::note::note;
use crate::cli::output::items::ItemSink;
use crate::connect::OfflineFile;
use crate::domain::figures::counted;
use crate::offline::{OfflineError, stream_items};

/// The offline file `export` can stream: `--file`'s, when every item of the table is exported
/// (no partition, index, filter, entity or segments to read by).
#[must_use]
pub fn streamable<'a>(global: &'a GlobalOptions, args: &ExportArgs) -> Option<&'a Path> {
    let scope = &args.scope;
    let items = &scope.items;
    let whole = items.pk.is_none()
        && items.index.is_none()
        && items.filter.is_none()
        && items.entity.is_none()
        && scope.segments.is_none();
    global.tui.file.as_deref().filter(|_| whole)
}

/// Exports every item of the offline table at `path`, batch by batch.
///
/// # Errors
/// The file cannot be read (refused input, exit 2), or the output cannot be written.
pub fn export_file(path: &Path, global: &GlobalOptions, args: &ExportArgs) -> Result<(), CliError> {
    let reading = global.tui.reading(&global.aws_options());
    // The output file this export creates: removed if the source turns out broken after some
    // items were written, so no file holding part of the table passes for the whole of it.
    let created = args
        .out
        .clone()
        .filter(|path| path.as_os_str() != "-" && !path.exists());
    // Opened with the first batch, once the table's key is known: a source refused before
    // its first item leaves no output file behind.
    let mut sink: Option<ExportSink> = None;
    let mut failure = None;
    let mut written = 0u64;
    let streamed = stream_items(
        path,
        global.tui.schema.as_deref(),
        &reading,
        &mut |table, items| {
            let step = write_batch(&mut sink, args, table, &items);
            written += items.len() as u64;
            step.map_err(|error| {
                let stop = OfflineError::new(None, None, error.to_string());
                failure = Some(error);
                stop
            })
        },
    );
    let streamed = match (failure, streamed) {
        (Some(error), _) => Err(error),
        (None, Err(error)) => Err(CliError::Usage(error.to_string())),
        (None, Ok(streamed)) => Ok(streamed),
    };
    let streamed = match streamed {
        Ok(streamed) => streamed,
        Err(error) => return Err(cut_off(error, sink, created.as_deref(), written)),
    };
    let mut sink = match sink {
        Some(sink) => sink,
        None => ExportSink::open(args, streamed.description.clone())?,
    };
    sink.finish()
        .map_err(|error| CliError::Failed(format!("writing the export: {error}")))?;
    let file = OfflineFile {
        table: streamed.description.name.clone(),
        inferred: streamed.inferred,
        warnings: streamed.warnings,
    };
    for notice in file.headless_notices() {
        note(&format!("ddbx: {notice}"));
    }
    note(&format!(
        "exported {} ({} read from {}, batch by batch, never held whole)",
        counted(written, "item", "items"),
        counted(streamed.items_read as u64, "item", "items"),
        path.display()
    ));
    Ok(())
}

/// `error`, once what was written of a broken source is dealt with: the file this export
/// created removed, or, on standard output, the items printed said not to be the whole table.
fn cut_off(
    error: CliError,
    sink: Option<ExportSink>,
    created: Option<&Path>,
    written: u64,
) -> CliError {
    let Some(sink) = sink else {
        return error;
    };
    drop(sink);
    let what = match created {
        Some(path) => match std::fs::remove_file(path) {
            Ok(()) => format!("{} was removed", path.display()),
            Err(removing) => format!("{} holds part of the table ({removing})", path.display()),
        },
        None => format!(
            "the {} written before are not the whole table",
            counted(written, "item", "items")
        ),
    };
    let message = format!("{error}; the export stopped: {what}");
    match error {
        CliError::Usage(_) => CliError::Usage(message),
        _ => CliError::Failed(message),
    }
}

fn write_batch(
    sink: &mut Option<ExportSink>,
    args: &ExportArgs,
    table: &crate::domain::schema::TableDescription,
    items: &[crate::domain::value::Item],
) -> Result<(), CliError> {
    if sink.is_none() {
        *sink = Some(ExportSink::open(args, table.clone())?);
    }
    let Some(sink) = sink.as_mut() else {
        return Ok(());
    };
    sink.write_items(items)
        .map_err(|error| CliError::Failed(format!("writing the export: {error}")))
}
