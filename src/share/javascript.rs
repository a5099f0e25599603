//! A CommonJS script for Node.js using `@aws-sdk/client-dynamodb` (v3) and `QueryCommand`, with
//! values in the SDK's AttributeValue shape and the output as DynamoDB JSON.

use std::fmt::Write as _;

use base64::Engine as _;
use base64::engine::general_purpose::STANDARD as BASE64;

use super::{endpoint_of, offline_note, profile_of, region_of, select_name};
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
    let mut field = |name: &str, js: String| {
        let _ = writeln!(out, "  {name}: {js},");
    };
    field("TableName", string(&request.table));
    if let Some(index) = &request.index {
        field("IndexName", string(index));
    }
    field("KeyConditionExpression", string(&request.key_condition));
    if let Some(filter) = &request.filter {
        field("FilterExpression", string(filter));
    }
    if let Some(projection) = &request.projection {
        field("ProjectionExpression", string(projection));
    }
    if !request.params.names.is_empty() {
        let names: Vec<String> = request
            .params
            .names
            .iter()
            .map(|(key, name)| format!("{}: {}", string(key), string(name)))
            .collect();
        field(
            "ExpressionAttributeNames",
            format!("{{ {} }}", names.join(", ")),
        );
    }
    if !request.params.values.is_empty() {
        let values: Vec<String> = request
            .params
            .values
            .iter()
            .map(|(key, item)| format!("{}: {}", string(key), value(item)))
            .collect();
        field(
            "ExpressionAttributeValues",
            format!("{{ {} }}", values.join(", ")),
        );
    }
    if let Some(select) = select_name(request.select) {
        field("Select", string(select));
    }
    if !request.forward {
        field("ScanIndexForward", "false".to_owned());
    }
    if request.consistent_read {
        field("ConsistentRead", "true".to_owned());
    }
    if let Some(limit) = request.limit {
        field("Limit", limit.to_string());
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
