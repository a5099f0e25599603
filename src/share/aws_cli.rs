//! `aws dynamodb query …` with every argument single-quoted for a POSIX shell.

use std::fmt::Write as _;

use super::{endpoint_of, offline_note, profile_of, region_of, select_name};
use crate::backend::{Connection, QueryRequest};
use crate::domain::ddb_json;

/// Quotes `text` as one POSIX shell word: inside single quotes nothing is special except the
/// single quote itself, written as `'\''`.
#[must_use]
pub fn shell_quote(text: &str) -> String {
    let safe = !text.is_empty()
        && text
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b"-_./:@=,+".contains(&b));
    if safe {
        return text.to_owned();
    }
    format!("'{}'", text.replace('\'', r"'\''"))
}

pub(super) fn command(request: &QueryRequest, connection: &Connection) -> String {
    let mut out = String::new();
    if let Some(note) = offline_note(connection) {
        let _ = writeln!(out, "# {note}");
    }
    if request.params.values.values().any(has_binary) {
        out.push_str("# B values below are base64, as AWS CLI v2 reads them by default\n");
    }
    out.push_str("# The AWS CLI follows every page by itself, as ddbx does.\n");
    out.push_str("aws dynamodb query");
    let mut arg = |flag: &str, value: Option<&str>| {
        out.push_str(" \\\n  ");
        out.push_str(flag);
        if let Some(value) = value {
            out.push(' ');
            out.push_str(&shell_quote(value));
        }
    };
    if let Some(endpoint) = endpoint_of(connection) {
        arg("--endpoint-url", Some(endpoint));
    }
    if let Some(region) = region_of(connection) {
        arg("--region", Some(region));
    }
    if let Some(profile) = profile_of(connection) {
        arg("--profile", Some(profile));
    }
    arg("--table-name", Some(&request.table));
    if let Some(index) = &request.index {
        arg("--index-name", Some(index));
    }
    arg("--key-condition-expression", Some(&request.key_condition));
    if let Some(filter) = &request.filter {
        arg("--filter-expression", Some(filter));
    }
    if let Some(projection) = &request.projection {
        arg("--projection-expression", Some(projection));
    }
    if !request.params.names.is_empty() {
        let names = serde_json::to_string(&request.params.names).unwrap_or_default();
        arg("--expression-attribute-names", Some(&names));
    }
    if !request.params.values.is_empty() {
        let values = serde_json::Value::Object(
            request
                .params
                .values
                .iter()
                .map(|(key, value)| (key.clone(), ddb_json::to_json(value)))
                .collect(),
        );
        arg("--expression-attribute-values", Some(&values.to_string()));
    }
    if let Some(select) = select_name(request.select) {
        arg("--select", Some(select));
    }
    if !request.forward {
        arg("--no-scan-index-forward", None);
    }
    if request.consistent_read {
        arg("--consistent-read", None);
    }
    if let Some(limit) = request.limit {
        // DynamoDB's Limit is a page size. The CLI sends `--page-size` as Limit and still
        // follows every page; its `--limit` would stop after the first page.
        arg("--page-size", Some(&limit.to_string()));
    }
    arg("--output", Some("json"));
    out.push('\n');
    out
}

fn has_binary(value: &crate::domain::value::AttrValue) -> bool {
    use crate::domain::value::AttrValue;
    match value {
        AttrValue::B(_) | AttrValue::Bs(_) => true,
        AttrValue::M(map) => map.values().any(has_binary),
        AttrValue::L(list) => list.iter().any(has_binary),
        _ => false,
    }
}
