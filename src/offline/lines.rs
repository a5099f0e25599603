//! DynamoDB JSON lines: one item per line, either `{"Item": {...}}` (the Export-to-S3 shape) or
//! a bare item; blank lines are ignored; gzip is detected by its magic bytes. Lines are read one
//! at a time and none may be longer than [`MAX_LINE`], so an endless or newline-free input
//! (zeros, a gzip bomb) fails after a few megabytes instead of filling memory.

use std::io::{BufRead, BufReader, Read};
use std::path::Path;

use serde_json::Value;

use crate::domain::ddb_json::item_from_json;
use crate::domain::value::Item;
use crate::storage::input::{open_regular, read_bounded, size};

use super::change;
use super::source::{BadLines, Batches, Counts, Image, Reading, SourceInfo};
use super::warning::{OfflineError, Warning};

const GZIP_MAGIC: [u8; 2] = [0x1f, 0x8b];

/// The longest line taken as one item. An item is at most 400 KB; in DynamoDB JSON its type
/// wrappers, base64 binaries and escaped characters can make it several times longer, never
/// ten times.
pub const MAX_LINE: usize = 4 * 1024 * 1024;

/// The largest whole document read at once (a scan output, a describe-table or manifest JSON).
pub const MAX_DOCUMENT: u64 = 1024 * 1024 * 1024;

/// Bytes looked at to tell the formats apart.
const PEEK: usize = 64 * 1024;

/// A source file's bytes, gunzipped when it is gzip.
pub type Reader = Box<dyn BufRead + Send>;

fn fail(path: &Path, message: String) -> OfflineError {
    OfflineError::new(Some(path.to_path_buf()), None, message)
}

/// Opens the regular file `path`, through a gzip decoder when it starts with gzip's magic bytes.
pub fn open_reader(path: &Path) -> Result<Reader, OfflineError> {
    let file = open_regular(path).map_err(|e| fail(path, e.to_string()))?;
    buffered(path, Box::new(file))
}

/// `raw` (the bytes of `path`) buffered, through a gzip decoder when it starts with gzip's magic
/// bytes.
pub fn buffered(path: &Path, raw: Box<dyn Read + Send>) -> Result<Reader, OfflineError> {
    let mut raw = BufReader::with_capacity(PEEK, raw);
    let head = raw
        .fill_buf()
        .map_err(|e| fail(path, format!("cannot read: {e}")))?;
    if head.starts_with(&GZIP_MAGIC) {
        let decoder = flate2::bufread::MultiGzDecoder::new(raw);
        Ok(Box::new(BufReader::with_capacity(PEEK, decoder)))
    } else {
        Ok(Box::new(raw))
    }
}

/// The first bytes of `reader` as text (cut at the last whole character), without consuming them.
pub fn peek_text<'a>(path: &Path, reader: &'a mut Reader) -> Result<&'a str, OfflineError> {
    let head = reader
        .fill_buf()
        .map_err(|e| fail(path, format!("not a valid gzip file: {e}")))?;
    let valid = match std::str::from_utf8(head) {
        Ok(_) => head.len(),
        Err(error) => error.valid_up_to(),
    };
    Ok(std::str::from_utf8(&head[..valid]).unwrap_or_default())
}

/// The rest of `reader` as one text, refused beyond [`MAX_DOCUMENT`].
pub fn read_document(path: &Path, reader: impl Read) -> Result<String, OfflineError> {
    let bytes = read_bounded(reader, MAX_DOCUMENT).map_err(|e| {
        fail(
            path,
            format!("{e}; for a larger scan output, convert it to JSON lines (jq -c '.Items[]')"),
        )
    })?;
    let mut text = String::from_utf8(bytes).map_err(|e| {
        fail(
            path,
            format!(
                "not UTF-8 text (byte {}); DynamoDB JSON is UTF-8",
                e.utf8_error().valid_up_to()
            ),
        )
    })?;
    if text.starts_with('\u{feff}') {
        text.remove(0);
    }
    Ok(text)
}

/// The text of a regular file, gunzipped when it is gzip, at most [`MAX_DOCUMENT`] bytes.
pub fn read_text(path: &Path) -> Result<String, OfflineError> {
    read_document(path, open_reader(path)?)
}

/// Parses one line's JSON into an item: `{"Item": {...}}` or a bare item, or the chosen image
/// of an incremental export's change record (`None` when the change has no such image).
pub fn parse_line(line: &str, image: Image) -> Result<Option<Item>, String> {
    let json: Value = serde_json::from_str(line).map_err(|e| format!("invalid JSON: {e}"))?;
    let item = match &json {
        Value::Object(object)
            if object.len() == 1 && object.get("Item").is_some_and(Value::is_object) =>
        {
            &object["Item"]
        }
        Value::Object(object) if change::is_change(object) => {
            return change::image(object, image);
        }
        Value::Object(_) => &json,
        _ => return Err("expected a JSON object holding one DynamoDB item".into()),
    };
    item_from_json(item)
        .map(Some)
        .map_err(|e| format!("invalid DynamoDB JSON {e}"))
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

/// Reads the next line into `line` (emptied first); false at the end of the input. A line
/// longer than [`MAX_LINE`] stops the read: no item is that long, so the input is not JSON lines.
fn next_line(
    path: &Path,
    number: usize,
    reader: &mut dyn BufRead,
    line: &mut Vec<u8>,
) -> Result<bool, OfflineError> {
    line.clear();
    let limit = u64::try_from(MAX_LINE)
        .unwrap_or(u64::MAX)
        .saturating_add(1);
    let read = (&mut *reader)
        .take(limit)
        .read_until(b'\n', line)
        .map_err(|e| fail(path, format!("cannot read line {number}: {e}")))?;
    let content = line.len() - usize::from(line.last() == Some(&b'\n'));
    if content > MAX_LINE {
        return Err(OfflineError::new(
            Some(path.to_path_buf()),
            Some(number),
            format!(
                "line is longer than {} and a DynamoDB item is at most 400 KB: this is not DynamoDB JSON lines",
                size(u64::try_from(MAX_LINE).unwrap_or(u64::MAX))
            ),
        ));
    }
    Ok(read > 0)
}

/// Parses JSON lines from `reader`, handing items on in batches.
pub fn parse_each(
    path: &Path,
    reader: &mut dyn BufRead,
    reading: &Reading,
    warnings: &mut Vec<Warning>,
    batches: Batches<'_>,
) -> Result<Counts, OfflineError> {
    let bad_lines = reading.bad_lines;
    let mut counts = Counts::default();
    let mut batch = Vec::new();
    let mut line = Vec::new();
    let mut number = 0;
    while next_line(path, number + 1, reader, &mut line)? {
        number += 1;
        let text = match std::str::from_utf8(&line) {
            Ok(text) if number == 1 => text.trim_start_matches('\u{feff}'),
            Ok(text) => text,
            Err(error) => {
                let message = format!(
                    "not UTF-8 text (byte {} of the line); DynamoDB JSON is UTF-8",
                    error.valid_up_to()
                );
                bad_record(path, number, message, bad_lines, warnings)?;
                continue;
            }
        };
        if text.trim().is_empty() {
            continue;
        }
        counts.records += 1;
        match parse_line(text, reading.image) {
            Ok(Some(item)) => batch.push(item),
            Ok(None) => counts.without_image += 1,
            Err(message) => bad_record(path, number, message, bad_lines, warnings)?,
        }
        if batch.len() == BATCH_LINES {
            batches(std::mem::take(&mut batch))?;
        }
    }
    if !batch.is_empty() {
        batches(batch)?;
    }
    Ok(counts)
}

/// Parses a JSON-lines file.
pub fn parse(
    path: &Path,
    reader: &mut dyn BufRead,
    reading: &Reading,
    batches: Batches<'_>,
) -> Result<SourceInfo, OfflineError> {
    let mut warnings = Vec::new();
    let counts = parse_each(path, reader, reading, &mut warnings, batches)?;
    change::note_left_out(&mut warnings, path, counts, reading.image);
    Ok(SourceInfo { warnings })
}
