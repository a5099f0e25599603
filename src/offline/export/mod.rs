//! An Export to S3 in AWS's layout: `manifest-summary.json`, `manifest-files.json` (JSON lines,
//! one per data file) and `data/*.json.gz` holding `{"Item": {...}}` lines, or change records
//! for an incremental export. It is read from a local folder or straight from S3: both are an
//! [`ExportStore`], a source of byte streams, and one reader checks and decodes them.
//!
//! What the manifests promise is checked: every listed data file exists (before any is read),
//! each holds the records its line counts, and its bytes have the MD5 it gives (the ETag too,
//! on S3). A file that breaks a promise fails the whole read: nothing half-read passes as whole.
//! Data files are read several at a time, each decoded (gunzipped, parsed) as its bytes arrive.

mod checked;
mod local;
mod manifest;
mod s3;
mod store;

use std::io::Read;
use std::path::Path;

use super::change;
use super::lines::{Reader, buffered, parse_each};
use super::source::{Batches, Counts, Image, Reading, SourceInfo};
use super::warning::{OfflineError, Warning};
use crate::domain::value::Item;
use manifest::{DataFile, FILES, SUMMARY, Summary};

pub use s3::s3_url;
pub use store::ExportStore;

/// The export `path` names: an `s3://` prefix, or a local folder. `None` for a plain file.
pub fn store(path: &Path, reading: &Reading) -> Result<Option<Box<dyn ExportStore>>, OfflineError> {
    if let Some((bucket, prefix)) = s3_url(path) {
        let export = s3::S3Export::open(path, &bucket, &prefix, &reading.s3)?;
        return Ok(Some(Box::new(export)));
    }
    if !path.is_dir() {
        return Ok(None);
    }
    let export = local::LocalExport::find(path).ok_or_else(|| {
        OfflineError::new(
            Some(path.to_path_buf()),
            None,
            "not an Export-to-S3 folder: no manifest-summary.json, manifest-files.json or data/ found",
        )
    })?;
    Ok(Some(Box::new(export)))
}

fn read_summary(store: &dyn ExportStore) -> Result<Summary, OfflineError> {
    match store.text(SUMMARY)? {
        Some(text) => manifest::parse_summary(&store.locate(SUMMARY), &text),
        None => Ok(Summary::default()),
    }
}

/// The table name recorded in the export's manifest, if any.
pub fn table_name(store: &dyn ExportStore) -> Result<Option<String>, OfflineError> {
    Ok(read_summary(store)?.table_name)
}

/// Data files in manifest order, each checked to exist, or every `data/*.json[.gz]` sorted by
/// name without a manifest.
fn data_files(store: &dyn ExportStore) -> Result<Vec<DataFile>, OfflineError> {
    let Some(text) = store.text(FILES)? else {
        let listed = store.listed_data()?.into_iter().map(|relative| DataFile {
            line: 0,
            relative,
            item_count: None,
            md5: None,
            etag: None,
        });
        return Ok(listed.collect());
    };
    let manifest = store.locate(FILES);
    let files = manifest::parse_files(&manifest, &text)?;
    for file in &files {
        if !store.exists(&file.relative)? {
            return Err(OfflineError::new(
                Some(manifest.clone()),
                Some(file.line),
                format!(
                    "data file {} listed in the manifest is missing",
                    store.locate(&file.relative).display()
                ),
            ));
        }
    }
    Ok(files)
}

type FileResult = Result<(Vec<Item>, Vec<Warning>, Counts), OfflineError>;

/// Reads one data file: its bytes checked against the manifest's MD5 as they stream, then
/// gunzipped and parsed; its records counted against the manifest's count.
fn parse_file(store: &dyn ExportStore, file: &DataFile, reading: &Reading) -> FileResult {
    let path = store.locate(&file.relative);
    let raw = store.open(&file.relative, file.etag.as_deref())?;
    let raw: Box<dyn Read + Send> = match file.md5 {
        Some(md5) => Box::new(checked::Checked::new(raw, md5)),
        None => raw,
    };
    let mut reader: Reader = buffered(&path, raw)?;
    let mut items = Vec::new();
    let mut warnings = Vec::new();
    let counts = parse_each(&path, &mut reader, reading, &mut warnings, &mut |batch| {
        items.extend(batch);
        Ok(())
    })?;
    if let Some(expected) = file.item_count
        && expected != counts.records
    {
        return Err(OfflineError::new(
            Some(path),
            None,
            format!(
                "holds {} records but manifest-files.json lists {expected}: the file is incomplete or not this export's",
                counts.records
            ),
        ));
    }
    Ok((items, warnings, counts))
}

/// Parses `files` on one thread each, returning their results in order.
fn parse_parallel(
    store: &dyn ExportStore,
    files: &[DataFile],
    reading: &Reading,
) -> Vec<FileResult> {
    std::thread::scope(|scope| {
        let handles: Vec<_> = files
            .iter()
            .map(|file| scope.spawn(move || parse_file(store, file, reading)))
            .collect();
        handles
            .into_iter()
            .zip(files)
            .map(|(handle, file)| {
                handle.join().unwrap_or_else(|_| {
                    Err(OfflineError::new(
                        Some(store.locate(&file.relative)),
                        None,
                        "the worker reading this file failed",
                    ))
                })
            })
            .collect()
    })
}

/// Reads every data file, handing each file's items on as one batch, in manifest order. Files
/// are read as many at a time as there are cores, which also bounds the memory in flight.
pub fn read_export(
    store: &dyn ExportStore,
    reading: &Reading,
    batches: Batches<'_>,
) -> Result<SourceInfo, OfflineError> {
    let summary = read_summary(store)?;
    let files = data_files(store)?;
    let mut warnings = Vec::new();
    let mut counts = Counts::default();
    let mut read = 0u64;
    // As many files at once as there are cores, in a folder and in S3 alike: parsing, not the
    // network, is the bottleneck (each download reads ahead of its parser), and each file in
    // flight holds its decoded items until it is handed on.
    let parallel = std::thread::available_parallelism().map_or(1, usize::from);
    for group in files.chunks(parallel) {
        for result in parse_parallel(store, group, reading) {
            let (items, file_warnings, file_counts) = result?;
            read += items.len() as u64;
            counts.add(file_counts);
            warnings.extend(file_warnings);
            batches(items)?;
        }
    }
    let summary_path = store.locate(SUMMARY);
    if let Some((from, to)) = &summary.incremental {
        let image = match reading.image {
            Image::New => "new image (after the change)",
            Image::Old => "old image (before the change)",
        };
        warnings.push(Warning {
            file: Some(summary_path.clone()),
            line: None,
            message: format!(
                "an incremental export of the changes from {from} to {to}: the table holds the {image} of each changed item"
            ),
        });
    }
    change::note_left_out(&mut warnings, &summary_path, counts, reading.image);
    if let Some(expected) = summary.item_count
        && expected != read + counts.without_image
    {
        warnings.push(Warning {
            file: Some(summary_path),
            line: None,
            message: format!("the manifest reports {expected} items but {read} were read"),
        });
    }
    Ok(SourceInfo { warnings })
}
