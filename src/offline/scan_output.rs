//! The output of `aws dynamodb scan --output json`: `{"Items": [...], "Count": n, ...}`.
//! Several concatenated outputs (one per page, as some scripts save them) are accepted too.

use std::path::Path;

use serde_json::Value;

use crate::domain::ddb_json::item_from_json;

use super::lines::bad_record;
use super::source::{BadLines, Batches, SourceInfo};
use super::warning::OfflineError;

/// True when the text starts like a scan output object rather than a JSON-lines item.
#[must_use]
pub fn looks_like_scan_output(text: &str) -> bool {
    let head = text.trim_start();
    head.starts_with('{')
        && {
            let after = head[1..].trim_start();
            after.starts_with("\"Items\"")
            || after.starts_with("\"Count\"")
            || after.starts_with("\"ScannedCount\"")
            || after.starts_with("\"ConsumedCapacity\"")
            || after.starts_with("\"LastEvaluatedKey\"")
            // A pretty-printed scan output has its keys on later lines; look a little further.
            || (!after.starts_with("\"Item\"") && head.lines().take(4).any(|l| l.trim_start().starts_with("\"Items\"")))
        }
}

/// 1-based line on which byte `offset` of `text` sits.
fn line_at(text: &str, offset: usize) -> usize {
    text[..offset.min(text.len())].matches('\n').count() + 1
}

pub fn parse(
    path: &Path,
    text: &str,
    bad_lines: BadLines,
    batches: Batches<'_>,
) -> Result<SourceInfo, OfflineError> {
    let mut warnings = Vec::new();
    let mut stream = serde_json::Deserializer::from_str(text).into_iter::<Value>();
    loop {
        let start = stream.byte_offset();
        let document = match stream.next() {
            None => break,
            Some(Ok(document)) => document,
            Some(Err(error)) => {
                // A broken document cannot be resynchronised and everything after the break
                // is lost, so it is an error under either bad-lines policy.
                return Err(OfflineError::new(
                    Some(path.to_path_buf()),
                    Some(error.line()),
                    format!(
                        "the scan output is {} (column {}): {error}",
                        if error.is_eof() {
                            "cut short"
                        } else {
                            "not valid JSON"
                        },
                        error.column()
                    ),
                ));
            }
        };
        let Some(Value::Array(page)) = document.get("Items") else {
            bad_record(
                path,
                line_at(text, start),
                "expected an object with an \"Items\" array (aws dynamodb scan --output json)"
                    .into(),
                bad_lines,
                &mut warnings,
            )?;
            continue;
        };
        let mut items = Vec::with_capacity(page.len());
        for (position, json) in page.iter().enumerate() {
            match item_from_json(json) {
                Ok(item) => items.push(item),
                Err(error) => bad_record(
                    path,
                    line_at(text, start),
                    format!("Items[{position}]: invalid DynamoDB JSON {error}"),
                    bad_lines,
                    &mut warnings,
                )?,
            }
        }
        batches(items)?;
    }
    Ok(SourceInfo { warnings })
}
