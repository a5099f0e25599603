//! A Python script using boto3's low-level client, so values keep their DynamoDB types exactly
//! (numbers as strings, binary as bytes) and the output is DynamoDB JSON.

use std::fmt::Write as _;

use super::connection::{endpoint_of, offline_note, profile_of, region_of};
use super::fields::request_fields;
use super::literal::{self, Syntax, string};
use crate::backend::{Connection, QueryRequest};

/// A Python bytes literal: printable ASCII as is, every other byte as `\xNN`.
fn bytes(data: &[u8]) -> String {
    let mut out = String::with_capacity(data.len() + 3);
    out.push_str("b\"");
    for &byte in data {
        match byte {
            b'"' | b'\\' => {
                out.push('\\');
                out.push(char::from(byte));
            }
            0x20..=0x7e => out.push(char::from(byte)),
            _ => {
                let _ = write!(out, "\\x{byte:02x}");
            }
        }
    }
    out.push('"');
    out
}

/// Python's spelling: `{"S": "…"}`, `b"…"` bytes, `True`/`False`.
pub(super) const PYTHON: Syntax = Syntax {
    bytes,
    booleans: ["False", "True"],
    object: |entries| format!("{{{}}}", entries.join(", ")),
    tag: string,
};

pub(super) fn script(request: &QueryRequest, connection: &Connection) -> String {
    let mut out = String::new();
    if let Some(note) = offline_note(connection) {
        let _ = writeln!(out, "# {note}");
    }
    out.push_str("import base64\nimport json\n\nimport boto3\n\n");
    let mut client_args = vec![string("dynamodb")];
    if let Some(region) = region_of(connection) {
        client_args.push(format!("region_name={}", string(region)));
    }
    if let Some(endpoint) = endpoint_of(connection) {
        client_args.push(format!("endpoint_url={}", string(endpoint)));
    }
    let client_args = client_args.join(", ");
    match profile_of(connection) {
        Some(profile) => {
            let _ = writeln!(
                out,
                "session = boto3.Session(profile_name={})\nclient = session.client({client_args})",
                string(profile)
            );
        }
        None => {
            let _ = writeln!(out, "client = boto3.client({client_args})");
        }
    }
    out.push_str("\nrequest = {\n");
    for (name, field) in request_fields(request) {
        let _ = writeln!(
            out,
            "    {}: {},",
            string(name),
            literal::field(&PYTHON, &field)
        );
    }
    out.push_str(
        r#"}

# Follow every page, as ddbx does (Limit is the page size, not a total).
result = {"Items": [], "Count": 0, "ScannedCount": 0}
while True:
    page = client.query(**request)
    result["Items"].extend(page.get("Items", []))
    result["Count"] += page["Count"]
    result["ScannedCount"] += page["ScannedCount"]
    if "LastEvaluatedKey" not in page:
        break
    request["ExclusiveStartKey"] = page["LastEvaluatedKey"]


def binary_as_base64(value):
    if isinstance(value, bytes):
        return base64.b64encode(value).decode("ascii")
    raise TypeError(type(value).__name__)


print(json.dumps(result, indent=2, ensure_ascii=False, default=binary_as_base64))
"#,
    );
    out
}
