//! A CommonJS script for Node.js using `@aws-sdk/client-dynamodb` (v3) and `QueryCommand`, with
//! values in the SDK's AttributeValue shape and the output as DynamoDB JSON.

use std::fmt::Write as _;

use base64::Engine as _;
use base64::engine::general_purpose::STANDARD as BASE64;

use super::fields::{Field, request_fields};
use super::{endpoint_of, offline_note, profile_of, region_of};
use crate::backend::{Connection, QueryRequest};
use crate::domain::value::AttrValue;

/// A JavaScript string literal (JSON strings are JavaScript strings).
fn string(text: &str) -> String {
    serde_json::to_string(text).unwrap_or_default()
}

fn bytes(data: &[u8]) -> String {
    format!("Buffer.from({}, \"base64\")", string(&BASE64.encode(data)))
}

/// A value in the SDK's shape: `{ S: "…" }`, `{ B: Buffer.from(…) }`, `{ NULL: true }`….
pub(super) fn value(value: &AttrValue) -> String {
    let list = |items: Vec<String>| format!("[{}]", items.join(", "));
    let (tag, body) = match value {
        AttrValue::S(text) => ("S", string(text)),
        AttrValue::N(number) => ("N", string(&number.to_string())),
        AttrValue::B(data) => ("B", bytes(data)),
        AttrValue::Bool(flag) => ("BOOL", flag.to_string()),
        AttrValue::Null => ("NULL", "true".to_owned()),
        AttrValue::M(map) => (
            "M",
            format!(
                "{{ {} }}",
                map.iter()
                    .map(|(key, item)| format!("{}: {}", string(key), self::value(item)))
                    .collect::<Vec<_>>()
                    .join(", ")
            ),
        ),
        AttrValue::L(items) => ("L", list(items.iter().map(self::value).collect())),
        AttrValue::Ss(set) => ("SS", list(set.iter().map(|s| string(s)).collect())),
        AttrValue::Ns(set) => (
            "NS",
            list(set.iter().map(|n| string(&n.to_string())).collect()),
        ),
        AttrValue::Bs(set) => ("BS", list(set.iter().map(|b| bytes(b)).collect())),
    };
    format!("{{ {tag}: {body} }}")
}

/// A request field as a JavaScript literal.
fn literal(field: &Field<'_>) -> String {
    let object = |entries: Vec<String>| format!("{{ {} }}", entries.join(", "));
    match field {
        Field::Text(text) => string(text),
        Field::Names(names) => object(
            names
                .iter()
                .map(|(key, name)| format!("{}: {}", string(key), string(name)))
                .collect(),
        ),
        Field::Values(values) => object(
            values
                .iter()
                .map(|(key, item)| format!("{}: {}", string(key), value(item)))
                .collect(),
        ),
        Field::Flag(flag) => flag.to_string(),
        Field::Limit(limit) => limit.to_string(),
    }
}

pub(super) fn script(request: &QueryRequest, connection: &Connection) -> String {
    let mut out = String::new();
    if let Some(note) = offline_note(connection) {
        let _ = writeln!(out, "// {note}");
    }
    out.push_str(
        "// npm install @aws-sdk/client-dynamodb, then: node query.js\n\
         const { DynamoDBClient, QueryCommand } = require(\"@aws-sdk/client-dynamodb\");\n\n",
    );
    let mut config = Vec::new();
    if let Some(region) = region_of(connection) {
        config.push(format!("region: {}", string(region)));
    }
    if let Some(endpoint) = endpoint_of(connection) {
        config.push(format!("endpoint: {}", string(endpoint)));
    }
    if let Some(profile) = profile_of(connection) {
        config.push(format!("profile: {}", string(profile)));
    }
    let config = if config.is_empty() {
        "{}".to_owned()
    } else {
        format!("{{ {} }}", config.join(", "))
    };
    let _ = writeln!(out, "const client = new DynamoDBClient({config});\n");
    out.push_str("const input = {\n");
    for (name, field) in request_fields(request) {
        let _ = writeln!(out, "  {name}: {},", literal(&field));
    }
    out.push_str(
        r#"};

// Follow every page, as ddbx does (Limit is the page size, not a total).
async function main() {
  const result = { Items: [], Count: 0, ScannedCount: 0 };
  let ExclusiveStartKey;
  do {
    const page = await client.send(new QueryCommand({ ...input, ExclusiveStartKey }));
    result.Items.push(...(page.Items ?? []));
    result.Count += page.Count ?? 0;
    result.ScannedCount += page.ScannedCount ?? 0;
    ExclusiveStartKey = page.LastEvaluatedKey;
  } while (ExclusiveStartKey);
  const binaryAsBase64 = (key, value) =>
    value instanceof Uint8Array ? Buffer.from(value).toString("base64") : value;
  console.log(JSON.stringify(result, binaryAsBase64, 2));
}

main().catch((error) => {
  console.error(`${error.name}: ${error.message}`);
  process.exitCode = 1;
});
"#,
    );
    out
}
