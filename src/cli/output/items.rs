//! Where items go: JSON lines streamed page by page, or a table buffered until the end (columns
//! can only be aligned once every row is known).

use std::io::{self, Write};

use super::json_lines::LineWriter;
use super::table::{Leading, render_table};
use crate::cli::args::OutputFormat;
use crate::domain::value::Item;

/// Receives items as pages arrive.
pub trait ItemSink {
    fn write_items(&mut self, items: &[Item]) -> io::Result<()>;
    /// Called once after the last page.
    fn finish(&mut self) -> io::Result<()>;
}

/// The sink for `format`, writing to `out`. `leading` columns lead the table format.
pub fn item_sink<'a, W: Write + 'a>(
    format: OutputFormat,
    out: W,
    leading: Leading,
) -> Box<dyn ItemSink + 'a> {
    match format {
        OutputFormat::Json | OutputFormat::Ddb => Box::new(JsonLines {
            out,
            lines: LineWriter::new(format),
        }),
        OutputFormat::Table => Box::new(TableSink {
            out,
            leading,
            rows: Vec::new(),
        }),
    }
}

/// One item as one line of JSON in `format` (plain or DynamoDB JSON), without the newline.
#[must_use]
pub fn item_line(format: OutputFormat, item: &Item) -> String {
    LineWriter::new(format).render(item).to_owned()
}

struct JsonLines<W> {
    out: W,
    lines: LineWriter,
}

impl<W: Write> ItemSink for JsonLines<W> {
    fn write_items(&mut self, items: &[Item]) -> io::Result<()> {
        for item in items {
            self.lines.write(&mut self.out, item)?;
        }
        // Stream: whoever reads the pipe sees each page as soon as it arrives.
        self.out.flush()
    }

    fn finish(&mut self) -> io::Result<()> {
        self.out.flush()
    }
}

struct TableSink<W> {
    out: W,
    leading: Leading,
    rows: Vec<Item>,
}

impl<W: Write> ItemSink for TableSink<W> {
    fn write_items(&mut self, items: &[Item]) -> io::Result<()> {
        self.rows.extend_from_slice(items);
        Ok(())
    }

    fn finish(&mut self) -> io::Result<()> {
        if !self.rows.is_empty() {
            self.out
                .write_all(render_table(&self.rows, &self.leading).as_bytes())?;
        }
        self.out.flush()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::number::Number;
    use crate::domain::value::AttrValue;

    fn item() -> Item {
        Item::from([
            ("PK".to_owned(), AttrValue::s("USER#1")),
            (
                "big".to_owned(),
                AttrValue::N(
                    Number::parse("12345678901234567890123456789012345678").expect("valid"),
                ),
            ),
            ("evil".to_owned(), AttrValue::s("\u{1b}[2J")),
        ])
    }

    fn written(format: OutputFormat, pages: &[&[Item]]) -> String {
        let mut buffer = Vec::new();
        {
            let mut sink = item_sink(
                format,
                &mut buffer,
                Leading {
                    key_columns: vec!["PK".to_owned()],
                    entities: None,
                },
            );
            for page in pages {
                sink.write_items(page).expect("writes to memory");
            }
            sink.finish().expect("writes to memory");
        }
        String::from_utf8(buffer).expect("UTF-8 output")
    }

    #[test]
    fn json_output_is_one_plain_item_per_line_with_every_digit() {
        let items = [item(), item()];
        let text = written(OutputFormat::Json, &[&items[..1], &items[1..]]);
        let line =
            r#"{"PK":"USER#1","big":12345678901234567890123456789012345678,"evil":"\u001b[2J"}"#;
        assert_eq!(text, format!("{line}\n{line}\n"));
    }

    #[test]
    fn ddb_output_is_one_lossless_dynamodb_json_item_per_line() {
        let text = written(OutputFormat::Ddb, &[&[item()]]);
        assert_eq!(
            text,
            "{\"PK\":{\"S\":\"USER#1\"},\"big\":{\"N\":\"12345678901234567890123456789012345678\"},\"evil\":{\"S\":\"\\u001b[2J\"}}\n"
        );
        let back =
            crate::domain::ddb_json::item_from_str(text.trim_end()).expect("valid DynamoDB JSON");
        assert_eq!(back, item());
    }

    #[test]
    fn table_output_waits_for_all_pages_then_aligns_them() {
        let first = [item()];
        let second = [Item::from([("PK".to_owned(), AttrValue::s("U2"))])];
        let text = written(OutputFormat::Table, &[&first, &second]);
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines.len(), 3, "{text}");
        assert!(lines[0].starts_with("PK"), "{text}");
        assert!(
            !text.contains('\u{1b}'),
            "raw escape reached the terminal: {text:?}"
        );
    }

    #[test]
    fn table_output_of_no_items_prints_nothing() {
        assert_eq!(written(OutputFormat::Table, &[&[]]), "");
    }
}
