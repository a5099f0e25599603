//! `ddbx export`: every item of a scope, written losslessly to a file or standard output.
//! Files get the bytes as they are; standard output gets them through the terminal escaping
//! (JSON escapes that mean the same characters), as every command's output does.

use std::io::{self, IsTerminal, Write};
use std::sync::Arc;

use serde_json::{Value, json};

use super::args::{ExportArgs, ExportFormat};
use super::scope::{ScopeRead, read_scope};
use crate::backend::Backend;
use crate::cli::error::CliError;
use crate::cli::note::note;
use crate::cli::output::escape::escape_json_for_terminal;
use crate::cli::output::items::ItemSink;
use crate::domain::ddb_json::item_to_json;
use crate::domain::edit::typed_json;
use crate::domain::entity::EntityDecoder;
use crate::domain::escape::escape_for_terminal;
use crate::domain::figures::counted;
use crate::domain::schema::TableDescription;
use crate::domain::value::{AttrValue, Item};

/// BatchWriteItem takes at most 25 requests.
const BATCH_WRITE_ITEMS: usize = 25;

/// Where the export's bytes go.
struct Output {
    out: Box<dyn Write>,
    /// Standard output on a terminal: every line goes through the escaping.
    to_terminal: bool,
}

impl Output {
    fn line(&mut self, json: &Value) -> io::Result<()> {
        let text = json.to_string();
        let text = if self.to_terminal {
            escape_json_for_terminal(text)
        } else {
            text
        };
        self.out.write_all(text.as_bytes())?;
        self.out.write_all(b"\n")
    }

    fn text_line(&mut self, text: &str) -> io::Result<()> {
        if self.to_terminal {
            self.out.write_all(escape_for_terminal(text).as_bytes())?;
        } else {
            self.out.write_all(text.as_bytes())?;
        }
        self.out.write_all(b"\r\n")
    }
}

struct ExportSink<'a> {
    output: Output,
    format: ExportFormat,
    table: &'a TableDescription,
    /// Items not yet written: the CSV header needs every column, a batch request 25 items.
    held: Vec<Item>,
}

impl ItemSink for ExportSink<'_> {
    fn write_items(&mut self, items: &[Item]) -> io::Result<()> {
        match self.format {
            ExportFormat::Jsonl => {
                for item in items {
                    self.output.line(&typed_json(item))?;
                }
            }
            ExportFormat::Ddb => {
                for item in items {
                    self.output.line(&item_to_json(item))?;
                }
            }
            ExportFormat::Csv => self.held.extend_from_slice(items),
            ExportFormat::BatchWrite => {
                self.held.extend_from_slice(items);
                while self.held.len() >= BATCH_WRITE_ITEMS {
                    let rest = self.held.split_off(BATCH_WRITE_ITEMS);
                    let group = std::mem::replace(&mut self.held, rest);
                    self.output.line(&batch_request(&self.table.name, &group))?;
                }
            }
        }
        self.output.out.flush()
    }

    fn finish(&mut self) -> io::Result<()> {
        let held = std::mem::take(&mut self.held);
        match self.format {
            ExportFormat::Csv => {
                let columns = csv_columns(self.table, &held);
                self.output
                    .text_line(&csv_row(columns.iter().map(String::as_str)))?;
                for item in &held {
                    let cells: Vec<String> = columns
                        .iter()
                        .map(|name| item.get(name).map(csv_cell).unwrap_or_default())
                        .collect();
                    self.output
                        .text_line(&csv_row(cells.iter().map(String::as_str)))?;
                }
            }
            ExportFormat::BatchWrite if !held.is_empty() => {
                self.output.line(&batch_request(&self.table.name, &held))?;
            }
            _ => {}
        }
        self.output.out.flush()
    }
}

fn batch_request(table: &str, items: &[Item]) -> Value {
    let requests: Vec<Value> = items
        .iter()
        .map(|item| json!({"PutRequest": {"Item": item_to_json(item)}}))
        .collect();
    json!({ "RequestItems": { table: requests } })
}

/// The table's key attributes, then every other attribute name found, in name order.
fn csv_columns(table: &TableDescription, items: &[Item]) -> Vec<String> {
    let mut columns: Vec<String> = table.key.names().map(str::to_owned).collect();
    let others: std::collections::BTreeSet<&String> = items
        .iter()
        .flat_map(|item| item.keys())
        .filter(|name| !columns.contains(name))
        .collect();
    columns.extend(others.into_iter().cloned());
    columns
}

/// A string as its text, a number with every digit, anything else as typed JSON (so a set or a
/// map stays readable and exact).
fn csv_cell(value: &AttrValue) -> String {
    match value {
        AttrValue::S(text) => text.clone(),
        AttrValue::N(number) => number.to_string(),
        other => {
            let mut single = Item::new();
            single.insert(String::new(), other.clone());
            typed_json(&single)
                .get("")
                .map(Value::to_string)
                .unwrap_or_default()
        }
    }
}

/// One CSV record (RFC 4180): a field with a comma, quote or line break is quoted.
fn csv_row<'a>(cells: impl Iterator<Item = &'a str>) -> String {
    cells
        .map(|cell| {
            if cell.contains([',', '"', '\n', '\r']) {
                format!("\"{}\"", cell.replace('"', "\"\""))
            } else {
                cell.to_owned()
            }
        })
        .collect::<Vec<_>>()
        .join(",")
}

fn open_output(args: &ExportArgs) -> Result<Output, CliError> {
    let Some(path) = &args.out else {
        return Ok(Output {
            to_terminal: io::stdout().is_terminal(),
            out: Box::new(io::BufWriter::with_capacity(64 * 1024, io::stdout())),
        });
    };
    let file = crate::storage::create_private_new(path).map_err(|error| {
        CliError::usage(format!(
            "--out {}: {error} (export never overwrites a file; name a new one)",
            path.display()
        ))
    })?;
    Ok(Output {
        to_terminal: false,
        out: Box::new(io::BufWriter::with_capacity(256 * 1024, file)),
    })
}

/// Runs `ddbx export`.
pub async fn export(
    backend: Arc<dyn Backend>,
    table: &TableDescription,
    args: &ExportArgs,
    decoder: &EntityDecoder,
) -> Result<(), CliError> {
    let output = open_output(args)?;
    let mut sink = ExportSink {
        output,
        format: args.format,
        table,
        held: Vec::new(),
    };
    let read = ScopeRead {
        table,
        scope: &args.scope,
        decoder,
        consistent: false,
    };
    // The read finishes the sink (the CSV and the last batch request are written then).
    let (totals, kept) = read_scope(backend, &read, &mut sink).await?;
    note(&format!(
        "exported {} ({} read in {})",
        counted(kept, "item", "items"),
        counted(totals.printed, "item", "items"),
        counted(totals.pages, "page", "pages"),
    ));
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn csv_quotes_fields_with_separators_and_doubles_quotes() {
        assert_eq!(
            csv_row(["a", "b,c", "say \"hi\"", "x\ny"].into_iter()),
            "a,\"b,c\",\"say \"\"hi\"\"\",\"x\ny\""
        );
    }

    #[test]
    fn csv_cells_keep_numbers_exact_and_sets_typed() {
        let digits = "12345678901234567890123456789012345678";
        let number = crate::domain::number::Number::parse(digits).expect("38 digits");
        assert_eq!(csv_cell(&AttrValue::N(number)), digits);
        let set = AttrValue::Ss(["a".to_owned(), "b".to_owned()].into_iter().collect());
        assert_eq!(csv_cell(&set), r#"{"$ss":["a","b"]}"#);
        assert_eq!(csv_cell(&AttrValue::S(String::new())), "");
    }
}
