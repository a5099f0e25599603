//! `ddbx export`: every item of a scope, written losslessly to a file or standard output, as
//! the pages arrive: memory stays bounded by a page (and, for CSV, the set of column names).
//! Files get the bytes as they are; standard output gets them through the terminal escaping
//! (JSON escapes that mean the same characters), as every command's output does.

use std::io::{self, IsTerminal, Write};
use std::sync::Arc;

use serde_json::Value;

use super::csv_spool::CsvSpool;
use crate::backend::Backend;
use crate::cli::args::bulk::{ExportArgs, ExportFormat};
use crate::cli::error::CliError;
use crate::cli::note::note;
use crate::cli::output::escape::escape_json_for_terminal;
use crate::cli::output::items::ItemSink;
use crate::cli::scope::{ScopeRead, read_scope};
use crate::domain::ddb_json::item_to_json;
use crate::domain::edit::typed_json;
use crate::domain::entity::EntityDecoder;
use crate::domain::escape::escape_for_terminal;
use crate::domain::export::batch_request;
use crate::domain::figures::counted;
use crate::domain::schema::TableDescription;
use crate::domain::value::Item;

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

pub(super) struct ExportSink {
    output: Output,
    format: ExportFormat,
    table: TableDescription,
    /// Items not yet written: a batch request takes 25.
    held: Vec<Item>,
    /// CSV rows until the header (every column) is known.
    csv: Option<CsvSpool>,
}

impl ItemSink for ExportSink {
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
            ExportFormat::Csv => {
                if let Some(spool) = &mut self.csv {
                    for item in items {
                        spool.push(item)?;
                    }
                }
            }
            ExportFormat::BatchWrite => {
                self.held.extend_from_slice(items);
                while self.held.len() >= crate::domain::export::BATCH_WRITE_ITEMS {
                    let rest = self
                        .held
                        .split_off(crate::domain::export::BATCH_WRITE_ITEMS);
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
                if let Some(spool) = self.csv.take() {
                    let output = &mut self.output;
                    spool.finish(&self.table, |record| output.text_line(record))?;
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

fn open_output(args: &ExportArgs) -> Result<Output, CliError> {
    // `-` names standard output, as it does for most tools that take a file.
    let Some(path) = args.out.as_ref().filter(|path| path.as_os_str() != "-") else {
        return Ok(Output {
            to_terminal: io::stdout().is_terminal(),
            out: Box::new(io::BufWriter::with_capacity(64 * 1024, io::stdout())),
        });
    };
    if let Some(stream) = existing_stream(path) {
        let file = stream
            .map_err(|error| CliError::usage(format!("--out {}: {error}", path.display())))?;
        return Ok(Output {
            to_terminal: file.is_terminal(),
            out: Box::new(io::BufWriter::with_capacity(256 * 1024, file)),
        });
    }
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

/// A device or a named pipe at `path` (`/dev/null`, `/dev/stdout`, a FIFO another program
/// reads) is written to as it is: it holds no file to overwrite. `None` for anything else.
fn existing_stream(path: &std::path::Path) -> Option<io::Result<std::fs::File>> {
    let metadata = std::fs::metadata(path).ok()?;
    let stream = !metadata.is_file() && !metadata.is_dir();
    stream.then(|| std::fs::OpenOptions::new().write(true).open(path))
}

impl ExportSink {
    /// The sink `args` name for the items of `table`: its output opened, a CSV spool made.
    pub(super) fn open(args: &ExportArgs, table: TableDescription) -> Result<Self, CliError> {
        let output = open_output(args)?;
        let csv = match args.format {
            ExportFormat::Csv => Some(CsvSpool::create().map_err(|error| {
                CliError::Failed(format!(
                    "cannot create the CSV export's temporary file: {error}"
                ))
            })?),
            _ => None,
        };
        Ok(Self {
            output,
            format: args.format,
            table,
            held: Vec::new(),
            csv,
        })
    }
}

/// Runs `ddbx export`.
pub async fn export(
    backend: Arc<dyn Backend>,
    table: &TableDescription,
    args: &ExportArgs,
    decoder: &EntityDecoder,
) -> Result<(), CliError> {
    let mut sink = ExportSink::open(args, table.clone())?;
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
