//! The items of an import file: one JSON object per line (typed JSON or DynamoDB JSON). A line
//! that is not an item is refused with its place in the file and the reason; blank lines are
//! skipped.

use std::io::{self, BufRead};

use serde_json::json;

use crate::cli::args::bulk::ImportFormat;
use crate::cli::error::CliError;
use crate::domain::edit::{EditFormat, EditTextError, parse_edited};
use crate::domain::limits::MAX_ITEM_LINE;
use crate::domain::value::Item;
use crate::write::run_plan::Refusal;

/// The items read, each with its line number, and the lines refused.
#[derive(Debug, Default)]
pub struct ImportLines {
    pub items: Vec<(usize, Item)>,
    pub refused: Vec<Refusal>,
}

fn refuse(line: usize, reason: impl Into<String>) -> Refusal {
    Refusal {
        at: json!({ "line": line }),
        reason: reason.into(),
    }
}

/// A line that is not an item, placed in the file: the parser counts within the line alone, so
/// its line 1 is the file's line `number` (a line holds no newline, so that is the only line).
fn refuse_text(number: usize, error: &EditTextError) -> Refusal {
    Refusal {
        at: json!({ "line": number, "column": error.column }),
        reason: format!("line {number}, column {}: {}", error.column, error.message),
    }
}

/// Parses every line of `input`.
pub fn parse_lines(input: impl BufRead, format: ImportFormat) -> io::Result<ImportLines> {
    let format = match format {
        ImportFormat::Jsonl => EditFormat::TypedJson,
        ImportFormat::Ddb => EditFormat::DdbJson,
    };
    let mut parsed = ImportLines::default();
    for (index, line) in input.split(b'\n').enumerate() {
        let number = index + 1;
        let bytes = line?;
        if bytes.len() > MAX_ITEM_LINE {
            parsed.refused.push(refuse(
                number,
                format!("longer than {MAX_ITEM_LINE} bytes: no item is that large"),
            ));
            continue;
        }
        let Ok(text) = std::str::from_utf8(&bytes) else {
            parsed.refused.push(refuse(number, "not UTF-8 text"));
            continue;
        };
        let text = text.trim_end_matches('\r');
        if text.trim().is_empty() {
            continue;
        }
        match parse_edited(text, format) {
            Ok(item) => parsed.items.push((number, item)),
            Err(error) => parsed.refused.push(refuse_text(number, &error)),
        }
    }
    Ok(parsed)
}

/// Opens FILE, or standard input for `-`.
pub fn read_import_file(path: &str, format: ImportFormat) -> Result<ImportLines, CliError> {
    let failed = |error: io::Error| CliError::usage(format!("{path}: cannot read: {error}"));
    if path == "-" {
        return parse_lines(io::stdin().lock(), format).map_err(failed);
    }
    crate::storage::require_regular_file(std::path::Path::new(path)).map_err(failed)?;
    let file = std::fs::File::open(path).map_err(failed)?;
    parse_lines(io::BufReader::with_capacity(256 * 1024, file), format).map_err(failed)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bad_lines_are_refused_with_their_number_and_good_ones_kept() {
        let text = "{\"PK\": \"a\", \"n\": 12345678901234567890123456789012345678}\n\
                    \n\
                    {\"PK\": \n\
                    [1, 2]\n\
                    {\"PK\": \"b\", \"s\": {\"$ss\": []}}\n\
                    {\"PK\": \"c\", \"e\": \"\"}\r\n";
        let parsed = parse_lines(text.as_bytes(), ImportFormat::Jsonl).expect("in memory");
        let lines: Vec<usize> = parsed.items.iter().map(|(line, _)| *line).collect();
        assert_eq!(lines, [1, 6]);
        let refused: Vec<&serde_json::Value> = parsed.refused.iter().map(|r| &r.at).collect();
        assert_eq!(
            refused,
            [
                &json!({"line": 3, "column": 8}),
                &json!({"line": 4, "column": 1}),
                &json!({"line": 5, "column": 26})
            ]
        );
        assert!(
            parsed.refused[1].reason.contains("JSON object"),
            "{:?}",
            parsed.refused[1]
        );
    }

    #[test]
    fn a_malformed_line_is_placed_at_its_line_and_column_in_the_file() {
        let text = "{\"PK\": \"a\"}\n{\"PK\": \"b\"}\n{\"PK\": \"c\", \"SK\": }\n";
        let parsed = parse_lines(text.as_bytes(), ImportFormat::Jsonl).expect("in memory");
        assert_eq!(parsed.refused.len(), 1, "{:?}", parsed.refused);
        let refusal = &parsed.refused[0];
        assert_eq!(refusal.at, json!({"line": 3, "column": 19}));
        assert!(
            refusal
                .reason
                .starts_with("line 3, column 19: unexpected character '}'"),
            "{}",
            refusal.reason
        );
    }
}
