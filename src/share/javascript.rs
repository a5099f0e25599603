//! A CommonJS script for Node.js using `@aws-sdk/client-dynamodb` (v3) and `QueryCommand`, with
//! values in the SDK's AttributeValue shape and the output as DynamoDB JSON.

use std::fmt::Write as _;

use base64::Engine as _;
use base64::engine::general_purpose::STANDARD as BASE64;

use super::connection::{endpoint_of, offline_note, profile_of, region_of};
use super::fields::request_fields;
use super::literal::{self, Syntax, string};
use crate::backend::{Connection, QueryRequest};

fn bytes(data: &[u8]) -> String {
    format!("Buffer.from({}, \"base64\")", string(&BASE64.encode(data)))
}

/// JavaScript's spelling: `{ S: "…" }`, `Buffer` bytes, `true`/`false`.
pub(super) const JAVASCRIPT: Syntax = Syntax {
    bytes,
    booleans: ["false", "true"],
    object: |entries| format!("{{ {} }}", entries.join(", ")),
    tag: str::to_owned,
};

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
        let _ = writeln!(out, "  {name}: {},", literal::field(&JAVASCRIPT, &field));
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
