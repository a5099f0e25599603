//! CSV export in bounded memory. The header names every attribute found, so it can only be
//! written after the last item; until then each row's cells go to a private temporary file
//! (removed from the directory at once, so it vanishes with the process however it ends), and
//! only the set of column names stays in memory.

use std::collections::BTreeSet;
use std::fs::File;
use std::io::{self, BufRead as _, BufReader, BufWriter, Seek as _, SeekFrom, Write as _};

use serde_json::{Map, Value};

use crate::domain::export::{csv_cell, csv_row};
use crate::domain::schema::TableDescription;
use crate::domain::value::Item;

pub struct CsvSpool {
    writer: BufWriter<File>,
    reader: File,
    /// Every attribute name met so far.
    columns: BTreeSet<String>,
}

impl CsvSpool {
    pub fn create() -> io::Result<Self> {
        static SPOOLS: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(0);
        let number = SPOOLS.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        let path =
            std::env::temp_dir().join(format!("ddbx-csv-{}-{number}.jsonl", std::process::id()));
        let writer = crate::storage::create_private_new(&path)?;
        let reader = File::open(&path);
        // The open handles keep the file; no name is left behind.
        std::fs::remove_file(&path)?;
        Ok(Self {
            writer: BufWriter::with_capacity(256 * 1024, writer),
            reader: reader?,
            columns: BTreeSet::new(),
        })
    }

    /// One row: its cells by attribute name, as one JSON line.
    pub fn push(&mut self, item: &Item) -> io::Result<()> {
        let mut cells = Map::with_capacity(item.len());
        for (name, value) in item {
            if !self.columns.contains(name) {
                self.columns.insert(name.clone());
            }
            cells.insert(name.clone(), Value::String(csv_cell(value)));
        }
        serde_json::to_writer(&mut self.writer, &cells)?;
        self.writer.write_all(b"\n")
    }

    /// The header (the table's key attributes, then every other name in name order) and every
    /// row, each record handed to `record` without its line end.
    pub fn finish(
        mut self,
        table: &TableDescription,
        mut record: impl FnMut(&str) -> io::Result<()>,
    ) -> io::Result<()> {
        self.writer.flush()?;
        let mut columns: Vec<String> = table.key.names().map(str::to_owned).collect();
        columns.extend(
            std::mem::take(&mut self.columns)
                .into_iter()
                .filter(|name| !columns.contains(name))
                .collect::<Vec<_>>(),
        );
        record(&csv_row(columns.iter().map(|name| Some(name.as_str()))))?;
        self.reader.seek(SeekFrom::Start(0))?;
        for line in BufReader::with_capacity(256 * 1024, &self.reader).lines() {
            let cells: Map<String, Value> = serde_json::from_str(&line?)?;
            let row = columns
                .iter()
                .map(|name| cells.get(name).and_then(Value::as_str));
            record(&csv_row(row))?;
        }
        Ok(())
    }
}
