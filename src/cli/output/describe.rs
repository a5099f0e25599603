//! `ddbx describe` for people: a short summary. Its JSON document, shaped like DescribeTable's
//! (same field names, so it reads familiar next to `aws dynamodb describe-table`), is written by
//! [`crate::domain::describe_table`], as the server's answers are.

use std::fmt::Write as _;

use crate::domain::describe_table::billing_mode_name;
use crate::domain::escape::escape_for_terminal;
use crate::domain::figures::{count, counted};
use crate::domain::overview_lines::{extras_lines, index_line, settings_lines};
use crate::domain::schema::{IndexKind, KeySchema, Projection, TableDescription};
use crate::domain::table_settings::TableExtras;

/// `PK (S), sort SK (S)`; a multi-attribute part lists its attributes in key order joined by
/// ` + `: `tournamentId (S) + region (S), sort round (S) + matchNo (N)`.
fn key_text(key: &KeySchema) -> String {
    let part = |attributes: Vec<&crate::domain::schema::KeyAttribute>| {
        attributes
            .iter()
            .map(|attribute| format!("{} ({})", attribute.name, attribute.value_type))
            .collect::<Vec<_>>()
            .join(" + ")
    };
    let mut text = part(key.partition_attributes().collect());
    if key.sort.is_some() {
        let _ = write!(text, ", sort {}", part(key.sort_attributes().collect()));
    }
    text
}

fn projection_text(projection: &Projection) -> String {
    match projection {
        Projection::All => "ALL".to_owned(),
        Projection::KeysOnly => "KEYS_ONLY".to_owned(),
        Projection::Include(names) => format!("INCLUDE {}", names.join(", ")),
    }
}

fn or_unknown<T: ToString>(value: Option<T>) -> String {
    value.map_or_else(|| "unknown".to_owned(), |v| v.to_string())
}

/// A few lines for people, with the extra calls' values when they were read.
#[must_use]
pub fn describe_text(table: &TableDescription, extras: Option<&TableExtras>) -> String {
    let mut out = String::new();
    let mut line = |label: &str, value: String| {
        let _ = writeln!(out, "{label:<10} {}", escape_for_terminal(&value));
    };
    line("table", table.name.clone());
    line("key", key_text(&table.key));
    line("status", or_unknown(table.status.as_ref()));
    line("items", or_unknown(table.item_count.map(count)));
    line(
        "size",
        table
            .size_bytes
            .map_or_else(|| "unknown".to_owned(), |n| counted(n, "byte", "bytes")),
    );
    line(
        "billing",
        or_unknown(table.billing_mode.map(billing_mode_name)),
    );
    if extras.is_none() {
        line(
            "ttl",
            table.ttl.as_ref().map_or_else(
                || "not configured".to_owned(),
                |ttl| format!("{} ({})", ttl.attribute, ttl.status),
            ),
        );
    }
    line(
        "stream",
        match &table.stream {
            Some(stream) if stream.enabled => {
                format!("enabled ({})", stream.view_type.as_deref().unwrap_or("?"))
            }
            _ => "disabled".to_owned(),
        },
    );
    for (label, value) in settings_lines(table) {
        line(label, value);
    }
    if let Some(extras) = extras {
        for (label, value) in extras_lines(Some(extras)) {
            line(label, value);
        }
    }
    for index in &table.indexes {
        let kind = match index.kind {
            IndexKind::Global => "gsi",
            IndexKind::Local => "lsi",
        };
        line(
            kind,
            format!(
                "{}: {}; projection {}",
                index.name,
                key_text(&index.key),
                projection_text(&index.projection)
            ),
        );
        if let Some(settings) = table.settings.index(&index.name) {
            line("", index_line(settings, index.item_count, table.item_count));
        }
    }
    for name in &table.unsupported_indexes {
        line(
            "index",
            format!("{name}: key shape not supported by ddbx yet"),
        );
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cli::plan::fixtures;
    use crate::domain::describe_table::{Shape, table_json};
    use crate::domain::schema::BillingMode;
    use serde_json::json;

    #[test]
    fn json_uses_describe_table_field_names_and_splits_index_kinds() {
        let mut table = fixtures::single_table();
        table.item_count = Some(12);
        table.billing_mode = Some(BillingMode::PayPerRequest);
        let json = table_json(&table, Shape::Report { extras: None });
        assert_eq!(json["TableName"], "app");
        assert_eq!(
            json["KeySchema"],
            json!([{"AttributeName": "PK", "KeyType": "HASH"}, {"AttributeName": "SK", "KeyType": "RANGE"}])
        );
        assert_eq!(json["ItemCount"], 12);
        assert_eq!(json["BillingMode"], "PAY_PER_REQUEST");
        let gsi_names: Vec<&str> = json["GlobalSecondaryIndexes"]
            .as_array()
            .expect("GSIs listed")
            .iter()
            .filter_map(|index| index["IndexName"].as_str())
            .collect();
        assert_eq!(gsi_names, ["GSI1", "ByNumber"]);
        assert_eq!(json["LocalSecondaryIndexes"][0]["IndexName"], "LSI1");
        assert_eq!(
            json["LocalSecondaryIndexes"][0]["Projection"]["ProjectionType"],
            "ALL"
        );
        assert!(json.get("TimeToLive").is_none());
    }

    #[test]
    fn text_summary_shows_keys_and_each_index() {
        let text = describe_text(&fixtures::single_table(), None);
        assert!(text.contains("table      app\n"), "{text}");
        assert!(text.contains("key        PK (S), sort SK (S)\n"), "{text}");
        assert!(
            text.contains("gsi        GSI1: GSI1PK (S), sort GSI1SK (S); projection ALL\n"),
            "{text}"
        );
        assert!(
            text.contains("lsi        LSI1: PK (S), sort amount (N); projection ALL\n"),
            "{text}"
        );
        assert!(text.contains("ttl        not configured\n"), "{text}");
    }
}
