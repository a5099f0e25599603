//! A Python script using boto3's low-level client, so values keep their DynamoDB types exactly
//! (numbers as strings, binary as bytes) and the output is DynamoDB JSON.

use std::fmt::Write as _;

use super::fields::{Field, request_fields};
use super::{endpoint_of, offline_note, profile_of, region_of};
use crate::backend::{Connection, QueryRequest};
use crate::domain::value::AttrValue;

/// A Python string literal (JSON's escapes are Python's).
fn string(text: &str) -> String {
    serde_json::to_string(text).unwrap_or_default()
}

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

/// A value as the low-level client takes it: `{"S": "…"}`, `{"B": b"…"}`, `{"BOOL": True}`….
pub(super) fn value(value: &AttrValue) -> String {
    let list = |items: Vec<String>| format!("[{}]", items.join(", "));
    let (tag, body) = match value {
        AttrValue::S(text) => ("S", string(text)),
        AttrValue::N(number) => ("N", string(&number.to_string())),
        AttrValue::B(data) => ("B", bytes(data)),
        AttrValue::Bool(flag) => ("BOOL", if *flag { "True" } else { "False" }.to_owned()),
        AttrValue::Null => ("NULL", "True".to_owned()),
        AttrValue::M(map) => (
            "M",
            format!(
                "{{{}}}",
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
    format!("{{{}: {body}}}", string(tag))
}

/// A request field as a Python literal.
fn literal(field: &Field<'_>) -> String {
    let dict = |entries: Vec<String>| format!("{{{}}}", entries.join(", "));
    match field {
        Field::Text(text) => string(text),
        Field::Names(names) => dict(
            names
                .iter()
                .map(|(key, name)| format!("{}: {}", string(key), string(name)))
                .collect(),
        ),
        Field::Values(values) => dict(
            values
                .iter()
                .map(|(key, item)| format!("{}: {}", string(key), value(item)))
                .collect(),
        ),
        Field::Flag(flag) => if *flag { "True" } else { "False" }.to_owned(),
        Field::Limit(limit) => limit.to_string(),
    }
}

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
        let _ = writeln!(out, "    {}: {},", string(name), literal(&field));
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
