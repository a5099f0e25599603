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
            text.push_str(&csv_row(columns.iter().map(String::as_str)));
            text.push_str("\r\n");
            for item in items {
                let cells: Vec<String> = columns
                    .iter()
                    .map(|name| item.get(name).map(csv_cell).unwrap_or_default())
                    .collect();
                text.push_str(&csv_row(cells.iter().map(String::as_str)));
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

/// One CSV record (RFC 4180): a field with a comma, quote or line break is quoted.
pub fn csv_row<'a>(cells: impl Iterator<Item = &'a str>) -> String {
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::number::Number;

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
        let number = Number::parse(digits).expect("38 digits");
        assert_eq!(csv_cell(&AttrValue::N(number)), digits);
        let set = AttrValue::Ss(["a".to_owned(), "b".to_owned()].into_iter().collect());
        assert_eq!(csv_cell(&set), r#"{"$ss":["a","b"]}"#);
        assert_eq!(csv_cell(&AttrValue::S(String::new())), "");
    }
}
