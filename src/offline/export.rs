//! An Export-to-S3 folder: `manifest-summary.json`, `manifest-files.json` (JSON lines, one per
//! data file) and `data/*.json.gz` holding `{"Item": {...}}` lines. The folder may be the export
//! itself or any parent down to `AWSDynamoDB/<ExportId>/`. Data files are parsed on all cores.

use std::path::{Path, PathBuf};

use serde_json::Value;

use super::lines::{open_reader, parse_each, read_text};
use super::source::{BadLines, Batches, SourceInfo};
use super::warning::{OfflineError, Warning};
use crate::domain::value::Item;

const SUMMARY: &str = "manifest-summary.json";
const FILES: &str = "manifest-files.json";

fn error(path: &Path, message: impl Into<String>) -> OfflineError {
    OfflineError::new(Some(path.to_path_buf()), None, message)
}

/// The directory holding the manifest or `data/`, searching at most two levels down.
fn export_root(folder: &Path) -> Option<PathBuf> {
    let is_root = |dir: &Path| {
        dir.join(SUMMARY).is_file() || dir.join(FILES).is_file() || dir.join("data").is_dir()
    };
    if is_root(folder) {
        return Some(folder.to_path_buf());
    }
    let children = |dir: &Path| -> Vec<PathBuf> {
        let mut dirs: Vec<PathBuf> = std::fs::read_dir(dir)
            .map(|entries| {
                entries
                    .filter_map(Result::ok)
                    .map(|e| e.path())
                    .filter(|p| p.is_dir())
                    .collect()
            })
            .unwrap_or_default();
        dirs.sort();
        dirs
    };
    for child in children(folder) {
        if is_root(&child) {
            return Some(child);
        }
        if let Some(grandchild) = children(&child).into_iter().find(|g| is_root(g)) {
            return Some(grandchild);
        }
    }
    None
}

struct Summary {
    table_name: Option<String>,
    item_count: Option<u64>,
}

fn read_summary(root: &Path) -> Result<Summary, OfflineError> {
    let path = root.join(SUMMARY);
    if !path.is_file() {
        return Ok(Summary {
            table_name: None,
            item_count: None,
        });
    }
    let text = read_text(&path)?;
    let json: Value =
        serde_json::from_str(&text).map_err(|e| error(&path, format!("invalid JSON: {e}")))?;
    if let Some(format) = json.get("outputFormat").and_then(Value::as_str)
        && format != "DYNAMODB_JSON"
    {
        return Err(error(
            &path,
            format!("export format {format} is not supported; export with DYNAMODB_JSON"),
        ));
    }
    let table_name = json
        .get("tableArn")
        .and_then(Value::as_str)
        .and_then(|arn| arn.rsplit_once("table/"))
        .map(|(_, name)| name.to_owned());
    let item_count = json
        .get("itemCount")
        .and_then(|v| v.as_u64().or_else(|| v.as_str()?.parse().ok()));
    Ok(Summary {
        table_name,
        item_count,
    })
}

/// Data files in manifest order, or every `data/*.json[.gz]` sorted by name without a manifest.
fn data_files(root: &Path) -> Result<Vec<PathBuf>, OfflineError> {
    let manifest = root.join(FILES);
    if manifest.is_file() {
        let text = read_text(&manifest)?;
        let mut files = Vec::new();
        for (index, line) in text.lines().enumerate() {
            if line.trim().is_empty() {
                continue;
            }
            let locate = |message: String| {
                OfflineError::new(Some(manifest.clone()), Some(index + 1), message)
            };
            let json: Value =
                serde_json::from_str(line).map_err(|e| locate(format!("invalid JSON: {e}")))?;
            let key = json
                .get("dataFileS3Key")
                .and_then(Value::as_str)
                .ok_or_else(|| locate("missing \"dataFileS3Key\"".into()))?;
            let name = key.rsplit('/').next().unwrap_or(key);
            let file = root.join("data").join(name);
            if !file.is_file() {
                return Err(locate(format!(
                    "data file {} listed in the manifest is missing",
                    file.display()
                )));
            }
            files.push(file);
        }
        return Ok(files);
    }
    let data = root.join("data");
    let mut files: Vec<PathBuf> = std::fs::read_dir(&data)
        .map_err(|e| error(&data, format!("cannot list: {e}")))?
        .filter_map(Result::ok)
        .map(|entry| entry.path())
        .filter(|path| {
            path.file_name()
                .and_then(|n| n.to_str())
                .is_some_and(|n| n.ends_with(".json.gz") || n.ends_with(".json"))
        })
        .collect();
    files.sort();
    Ok(files)
}

type FileResult = Result<(Vec<Item>, Vec<Warning>), OfflineError>;

fn parse_file(path: &Path, bad_lines: BadLines) -> FileResult {
    let mut reader = open_reader(path)?;
    let mut items = Vec::new();
    let mut warnings = Vec::new();
    parse_each(path, &mut reader, bad_lines, &mut warnings, &mut |batch| {
        items.extend(batch);
        Ok(())
    })?;
    Ok((items, warnings))
}

/// The table name recorded in the export's manifest, if any.
pub fn table_name(folder: &Path) -> Result<Option<String>, OfflineError> {
    match export_root(folder) {
        Some(root) => Ok(read_summary(&root)?.table_name),
        None => Ok(None),
    }
}

/// Parses `files` on one thread each, returning their results in order.
fn parse_parallel(files: &[PathBuf], bad_lines: BadLines, folder: &Path) -> Vec<FileResult> {
    std::thread::scope(|scope| {
        let handles: Vec<_> = files
            .iter()
            .map(|file| scope.spawn(move || parse_file(file, bad_lines)))
            .collect();
        handles
            .into_iter()
            .map(|handle| {
                handle
                    .join()
                    .unwrap_or_else(|_| Err(error(folder, "a worker reading the export failed")))
            })
            .collect()
    })
}

/// Reads every data file, handing each file's items on as one batch, in manifest order. Files
/// are parsed as many at a time as there are cores, which also bounds the memory in flight.
pub fn read_folder(
    folder: &Path,
    bad_lines: BadLines,
    batches: Batches<'_>,
) -> Result<SourceInfo, OfflineError> {
    let root = export_root(folder).ok_or_else(|| {
        error(
            folder,
            "not an Export-to-S3 folder: no manifest-summary.json, manifest-files.json or data/ found",
        )
    })?;
    let summary = read_summary(&root)?;
    let files = data_files(&root)?;
    let workers = std::thread::available_parallelism().map_or(1, usize::from);
    let mut warnings = Vec::new();
    let mut read = 0u64;
    for group in files.chunks(workers.max(1)) {
        for result in parse_parallel(group, bad_lines, folder) {
            let (items, file_warnings) = result?;
            read += items.len() as u64;
            warnings.extend(file_warnings);
            batches(items)?;
        }
    }
    if let Some(expected) = summary.item_count
        && expected != read
    {
        warnings.push(Warning {
            file: Some(root.join(SUMMARY)),
            line: None,
            message: format!("the manifest reports {expected} items but {read} were read"),
        });
    }
    Ok(SourceInfo { warnings })
}
