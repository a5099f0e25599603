//! An export's manifests, as AWS documents them: `manifest-summary.json` (one JSON object: the
//! table's ARN, the item count, the output format, full or incremental) and
//! `manifest-files.json` (JSON lines, one per data file: its key, item count, MD5 and ETag).

use std::path::Path;

use base64::Engine;
use serde_json::Value;

use crate::offline::warning::OfflineError;

pub const SUMMARY: &str = "manifest-summary.json";
pub const FILES: &str = "manifest-files.json";

/// What `manifest-summary.json` says.
#[derive(Debug, Default)]
pub struct Summary {
    pub table_name: Option<String>,
    pub item_count: Option<u64>,
    /// The period of an incremental export (`exportFromTime`, `exportToTime`); `None` for a
    /// full export.
    pub incremental: Option<(String, String)>,
}

/// One line of `manifest-files.json`.
#[derive(Debug, Clone)]
pub struct DataFile {
    /// Its line in the manifest, for messages.
    pub line: usize,
    /// Where it is, relative to the export: `data/<name>` (an export copied elsewhere keeps
    /// its layout, not its keys).
    pub relative: String,
    pub item_count: Option<u64>,
    /// The MD5 of the file's bytes (gzipped, as stored).
    pub md5: Option<[u8; 16]>,
    pub etag: Option<String>,
}

fn count(value: &Value) -> Option<u64> {
    value.as_u64().or_else(|| value.as_str()?.parse().ok())
}

pub fn parse_summary(path: &Path, text: &str) -> Result<Summary, OfflineError> {
    let error = |message: String| OfflineError::new(Some(path.to_path_buf()), None, message);
    let json: Value =
        serde_json::from_str(text).map_err(|e| error(format!("invalid JSON: {e}")))?;
    if !json.is_object() {
        return Err(error("expected a JSON object".into()));
    }
    if let Some(format) = json.get("outputFormat").and_then(Value::as_str)
        && format != "DYNAMODB_JSON"
    {
        return Err(error(format!(
            "export format {format} is not supported; export with DYNAMODB_JSON"
        )));
    }
    let text_of = |name: &str| json.get(name).and_then(Value::as_str).map(str::to_owned);
    let incremental =
        (json.get("exportType").and_then(Value::as_str) == Some("INCREMENTAL_EXPORT")).then(|| {
            let time = |name| text_of(name).unwrap_or_else(|| "?".to_owned());
            (time("exportFromTime"), time("exportToTime"))
        });
    Ok(Summary {
        table_name: text_of("tableArn")
            .and_then(|arn| arn.rsplit_once("table/").map(|(_, name)| name.to_owned())),
        item_count: json.get("itemCount").and_then(count),
        incremental,
    })
}

/// The data files `manifest-files.json` lists, in its order.
pub fn parse_files(path: &Path, text: &str) -> Result<Vec<DataFile>, OfflineError> {
    let mut files = Vec::new();
    for (index, line) in text.lines().enumerate() {
        if line.trim().is_empty() {
            continue;
        }
        let locate =
            |message: String| OfflineError::new(Some(path.to_path_buf()), Some(index + 1), message);
        let json: Value =
            serde_json::from_str(line).map_err(|e| locate(format!("invalid JSON: {e}")))?;
        let key = json
            .get("dataFileS3Key")
            .and_then(Value::as_str)
            .filter(|key| !key.ends_with('/') && !key.is_empty())
            .ok_or_else(|| locate("missing \"dataFileS3Key\"".into()))?;
        let name = key.rsplit('/').next().unwrap_or(key);
        let item_count = match json.get("itemCount") {
            None => None,
            Some(value) => Some(count(value).ok_or_else(|| {
                locate(format!("\"itemCount\" is {value}, not a count of items"))
            })?),
        };
        let md5 = match json.get("md5Checksum").and_then(Value::as_str) {
            None => None,
            Some(text) => Some(md5(text).ok_or_else(|| {
                locate(format!(
                    "\"md5Checksum\" {text:?} is not the base64 of an MD5 digest"
                ))
            })?),
        };
        files.push(DataFile {
            line: index + 1,
            relative: format!("data/{name}"),
            item_count,
            md5,
            etag: json.get("etag").and_then(Value::as_str).map(str::to_owned),
        });
    }
    Ok(files)
}

fn md5(text: &str) -> Option<[u8; 16]> {
    let bytes = base64::engine::general_purpose::STANDARD
        .decode(text)
        .ok()?;
    bytes.try_into().ok()
}
