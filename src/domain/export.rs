//! The export formats, item by item: typed JSON lines, DynamoDB JSON lines, CSV (RFC 4180) and
//! BatchWriteItem request documents. Pure text; where the bytes go is the caller's business.

use serde_json::{Value, json};

use super::ddb_json::item_to_json;
use super::edit::typed_json;
use super::schema::TableDescription;
use super::value::{AttrValue, Item};

/// BatchWriteItem takes at most 25 requests.
pub const BATCH_WRITE_ITEMS: usize = 25;

/// How items are written.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum ExportFormat {
    /// One item per line as typed JSON (lossless plain JSON).
    #[default]
    Jsonl,
    /// One item per line as DynamoDB JSON.
    Ddb,
    /// Key attributes first, then every other attribute name found.
    Csv,
    /// BatchWriteItem request documents, 25 PutRequests each, one per line.
    BatchWrite,
}

impl ExportFormat {
    pub const ALL: [Self; 4] = [Self::Jsonl, Self::Ddb, Self::Csv, Self::BatchWrite];

    #[must_use]
    pub const fn label(self) -> &'static str {
        match self {
            Self::Jsonl => "JSON lines (typed)",
            Self::Ddb => "DynamoDB JSON lines",
            Self::Csv => "CSV",
            Self::BatchWrite => "batch-write-item requests",
        }
    }
}

/// The whole text of `items` exported as `format` from `table` (lines end with `\n`, CSV
/// records with `\r\n`).
#[must_use]
pub fn export_text(format: ExportFormat, table: &TableDescription, items: &[Item]) -> String {
    let mut text = String::new();
    match format {
        ExportFormat::Jsonl | ExportFormat::Ddb => {
            for item in items {
                let json = if format == ExportFormat::Jsonl {
                    typed_json(item)
                } else {
                    item_to_json(item)
                };
                text.push_str(&json.to_string());
                text.push('\n');
            }
        }
        ExportFormat::Csv => {
            let columns = csv_columns(table, items);
            text.push_str(&csv_row(columns.iter().map(|name| Some(name.as_str()))));
            text.push_str("\r\n");
            for item in items {
                let cells: Vec<Option<String>> = columns
                    .iter()
                    .map(|name| item.get(name).map(csv_cell))
                    .collect();
                text.push_str(&csv_row(cells.iter().map(Option::as_deref)));
                text.push_str("\r\n");
            }
        }
        ExportFormat::BatchWrite => {
            for group in items.chunks(BATCH_WRITE_ITEMS) {
                text.push_str(&batch_request(&table.name, group).to_string());
                text.push('\n');
            }
        }
    }
    text
}

pub fn batch_request(table: &str, items: &[Item]) -> Value {
    let requests: Vec<Value> = items
        .iter()
        .map(|item| json!({"PutRequest": {"Item": item_to_json(item)}}))
        .collect();
    json!({ "RequestItems": { table: requests } })
}

#[must_use]
/// The table's key attributes, then every other attribute name found, in name order.
pub fn csv_columns(table: &TableDescription, items: &[Item]) -> Vec<String> {
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
pub fn csv_cell(value: &AttrValue) -> String {
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

/// One CSV record (RFC 4180): a field with a comma, quote or line break is quoted. A missing
/// cell (`None`) is an empty field and an empty string is `""`, so the two stay apart.
pub fn csv_row<'a>(cells: impl Iterator<Item = Option<&'a str>>) -> String {
    cells
        .map(|cell| match cell {
            None => String::new(),
            Some("") => "\"\"".to_owned(),
            Some(cell) if cell.contains([',', '"', '\n', '\r']) => {
                format!("\"{}\"", cell.replace('"', "\"\""))
            }
            Some(cell) => cell.to_owned(),
        })
        .collect::<Vec<_>>()
        .join(",")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::number::Number;

    #[test]
    fn csv_quotes_fields_with_separators_and_doubles_quotes() {
        assert_eq!(
            csv_row(["a", "b,c", "say \"hi\"", "x\ny"].into_iter().map(Some)),
            "a,\"b,c\",\"say \"\"hi\"\"\",\"x\ny\""
        );
    }

    /// The fields of one RFC 4180 record; `None` for an empty unquoted field.
    fn fields(record: &str) -> Vec<Option<String>> {
        let mut fields = Vec::new();
        let mut chars = record.chars().peekable();
        loop {
            let field = if chars.peek() == Some(&'"') {
                chars.next();
                let mut text = String::new();
                while let Some(c) = chars.next() {
                    match (c, chars.peek()) {
                        ('"', Some('"')) => {
                            chars.next();
                            text.push('"');
                        }
                        ('"', _) => break,
                        (c, _) => text.push(c),
                    }
                }
                Some(text)
            } else {
                let text: String = std::iter::from_fn(|| chars.next_if(|c| *c != ',')).collect();
                (!text.is_empty()).then_some(text)
            };
            fields.push(field);
            if chars.next().is_none() {
                return fields;
            }
        }
    }

    fn table() -> TableDescription {
        use crate::domain::schema::{KeyAttribute, KeySchema};
        use crate::domain::value::ValueType;
        TableDescription::new(
            "T",
            KeySchema::new(
                KeyAttribute::new("PK", ValueType::S),
                Some(KeyAttribute::new("SK", ValueType::S)),
            ),
        )
    }

    #[test]
    fn csv_round_trips_every_type_and_keeps_empty_strings_apart_from_missing_cells() {
        let number = |text: &str| Number::parse(text).expect("a number");
        let every_type = Item::from([
            ("PK".to_owned(), AttrValue::s("A")),
            ("SK".to_owned(), AttrValue::s("1")),
            ("b".to_owned(), AttrValue::B(vec![0, 255, 10])),
            ("bool".to_owned(), AttrValue::Bool(false)),
            ("bs".to_owned(), AttrValue::Bs([vec![1], vec![]].into())),
            ("empty".to_owned(), AttrValue::s("")),
            (
                "l".to_owned(),
                AttrValue::L(vec![AttrValue::s(""), AttrValue::Null]),
            ),
            (
                "m".to_owned(),
                AttrValue::M([("k".to_owned(), AttrValue::s("v,\"w\""))].into()),
            ),
            (
                "n".to_owned(),
                AttrValue::N(number("-1.2345678901234567890123456789012345678E+100")),
            ),
            ("null".to_owned(), AttrValue::Null),
            (
                "ns".to_owned(),
                AttrValue::Ns([number("1"), number("10")].into()),
            ),
            ("s".to_owned(), AttrValue::s("line\r\nbreak, \"quoted\"")),
            (
                "ss".to_owned(),
                AttrValue::Ss(["".to_owned(), "x".to_owned()].into()),
            ),
        ]);
        let sparse = Item::from([
            ("PK".to_owned(), AttrValue::s("B")),
            ("SK".to_owned(), AttrValue::s("2")),
        ]);
        let text = export_text(ExportFormat::Csv, &table(), &[every_type.clone(), sparse]);
        let records: Vec<&str> = text.split_terminator("\r\n").collect();
        // The string with a line break is one quoted field, so split only at record ends.
        let header = fields(records[0]);
        let full = fields(&records[1..records.len() - 1].join("\r\n"));
        let missing = fields(records[records.len() - 1]);
        assert_eq!(header.len(), every_type.len());
        for ((name, cell), empty) in header.iter().zip(&full).zip(&missing) {
            let name = name.as_deref().expect("a column name");
            let value = &every_type[name];
            let cell = cell.as_deref().expect("every attribute has a field");
            let read_back = match value {
                AttrValue::S(_) => AttrValue::s(cell),
                AttrValue::N(_) => AttrValue::N(number(cell)),
                _ => crate::domain::edit::path_edit::parse_typed_value(cell).expect("typed JSON"),
            };
            assert_eq!(&read_back, value, "{name}: {cell}");
            if !["PK", "SK"].contains(&name) {
                assert_eq!(empty, &None, "{name} is missing from the second item");
            }
        }
        assert_eq!(
            full[header
                .iter()
                .position(|h| h.as_deref() == Some("empty"))
                .expect("column")],
            Some(String::new())
        );
    }

    #[test]
    fn csv_writes_an_empty_string_quoted_and_a_missing_cell_empty() {
        assert_eq!(
            csv_row([Some("a"), Some(""), None, Some("b")].into_iter()),
            "a,\"\",,b"
        );
    }

    #[test]
    fn csv_cells_keep_numbers_exact_and_sets_typed() {
        let digits = "12345678901234567890123456789012345678";
        let number = Number::parse(digits).expect("38 digits");
        assert_eq!(csv_cell(&AttrValue::N(number)), digits);
        let set = AttrValue::Ss(["a".to_owned(), "b".to_owned()].into_iter().collect());
        assert_eq!(csv_cell(&set), r#"{"$ss":["a","b"]}"#);
        assert_eq!(csv_cell(&AttrValue::S(String::new())), "");
    }
}
