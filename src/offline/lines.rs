//! DynamoDB JSON lines: one item per line, either `{"Item": {...}}` (the Export-to-S3 shape) or
//! a bare item; blank lines are ignored; gzip is detected by its magic bytes.

use std::io::Read;
use std::path::Path;

use serde_json::Value;

use crate::domain::ddb_json::item_from_json;
use crate::domain::value::Item;

use super::source::{BadLines, Batches, SourceInfo};
use super::warning::{OfflineError, Warning};

const GZIP_MAGIC: [u8; 2] = [0x1f, 0x8b];

/// The text of a file, gunzipped when it is gzip.
pub fn read_text(path: &Path) -> Result<String, OfflineError> {
    let fail = |message: String| OfflineError::new(Some(path.to_path_buf()), None, message);
    let bytes = std::fs::read(path).map_err(|e| fail(format!("cannot read: {e}")))?;
    let bytes = if bytes.starts_with(&GZIP_MAGIC) {
        let mut out = Vec::with_capacity(bytes.len() * 4);
        flate2::read::MultiGzDecoder::new(bytes.as_slice())
            .read_to_end(&mut out)
            .map_err(|e| fail(format!("not a valid gzip file: {e}")))?;
        out
    } else {
        bytes
    };
    let mut text = String::from_utf8(bytes).map_err(|e| {
        fail(format!(
            "not UTF-8 text (byte {}); DynamoDB JSON is UTF-8",
            e.utf8_error().valid_up_to()
        ))
    })?;
    if text.starts_with('\u{feff}') {
        text.remove(0);
    }
    Ok(text)
}

/// Parses one line's JSON into an item.
pub fn parse_line(line: &str) -> Result<Item, String> {
    let json: Value = serde_json::from_str(line).map_err(|e| format!("invalid JSON: {e}"))?;
    let item = match &json {
        Value::Object(object)
            if object.len() == 1 && object.get("Item").is_some_and(Value::is_object) =>
        {
            &object["Item"]
        }
        Value::Object(_) => &json,
        _ => return Err("expected a JSON object holding one DynamoDB item".into()),
    };
    item_from_json(item).map_err(|e| format!("invalid DynamoDB JSON {e}"))
}

/// Handles one bad record under the user's policy.
pub fn bad_record(
    path: &Path,
    line: usize,
    message: String,
    bad_lines: BadLines,
    warnings: &mut Vec<Warning>,
) -> Result<(), OfflineError> {
    let warning = Warning {
        file: Some(path.to_path_buf()),
        line: Some(line),
        message,
    };
    match bad_lines {
        BadLines::Skip => {
            warnings.push(warning);
            Ok(())
        }
        BadLines::Stop => Err(OfflineError(warning)),
    }
}

/// Lines per batch handed on while parsing one large file.
const BATCH_LINES: usize = 65_536;

/// Parses JSON-lines text, handing items on in batches.
pub fn parse_each(
    path: &Path,
    text: &str,
    bad_lines: BadLines,
    warnings: &mut Vec<Warning>,
    batches: Batches<'_>,
) -> Result<(), OfflineError> {
    let mut batch = Vec::new();
    for (index, line) in text.lines().enumerate() {
        if line.trim().is_empty() {
            continue;
        }
        match parse_line(line) {
            Ok(item) => batch.push(item),
            Err(message) => bad_record(path, index + 1, message, bad_lines, warnings)?,
        }
        if batch.len() == BATCH_LINES {
            batches(std::mem::take(&mut batch))?;
        }
    }
    if !batch.is_empty() {
        batches(batch)?;
    }
    Ok(())
}

/// Parses a JSON-lines file's text.
pub fn parse(
    path: &Path,
    text: &str,
    bad_lines: BadLines,
    batches: Batches<'_>,
) -> Result<SourceInfo, OfflineError> {
    let mut warnings = Vec::new();
    parse_each(path, text, bad_lines, &mut warnings, batches)?;
    Ok(SourceInfo { warnings })
}
