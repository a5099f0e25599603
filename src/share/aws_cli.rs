//! `aws dynamodb query …` with every argument single-quoted for a POSIX shell.

use std::fmt::Write as _;

use super::connection::{endpoint_of, offline_note, profile_of, region_of};
use super::fields::{Field, request_fields};
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
    for (name, field) in request_fields(request) {
        let flag = format!("--{}", kebab(name));
        match field {
            Field::Text(text) => arg(&flag, Some(text)),
            Field::Names(names) => {
                let names = serde_json::to_string(names).unwrap_or_default();
                arg(&flag, Some(&names));
            }
            Field::Values(values) => {
                let values = serde_json::Value::Object(
                    values
                        .iter()
                        .map(|(key, value)| (key.clone(), ddb_json::to_json(value)))
                        .collect(),
                );
                arg(&flag, Some(&values.to_string()));
            }
            Field::Flag(true) => arg(&flag, None),
            Field::Flag(false) => arg(&format!("--no-{}", kebab(name)), None),
            // DynamoDB's Limit is a page size. The CLI sends `--page-size` as Limit and still
            // follows every page; its `--limit` would stop after the first page.
            Field::Limit(limit) => arg("--page-size", Some(&limit.to_string())),
        }
    }
    arg("--output", Some("json"));
    out.push('\n');
    out
}

/// The CLI's option name for an API field: `KeyConditionExpression` → `key-condition-expression`.
fn kebab(name: &str) -> String {
    let mut out = String::with_capacity(name.len() + 4);
    for (position, c) in name.chars().enumerate() {
        if c.is_ascii_uppercase() && position > 0 {
            out.push('-');
        }
        out.push(c.to_ascii_lowercase());
    }
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

#[cfg(test)]
mod kebab_tests {
    use super::kebab;

    #[test]
    fn api_field_names_become_the_cli_option_names() {
        for (field, option) in [
            ("TableName", "table-name"),
            ("KeyConditionExpression", "key-condition-expression"),
            ("ExpressionAttributeValues", "expression-attribute-values"),
            ("Select", "select"),
            ("ScanIndexForward", "scan-index-forward"),
            ("ConsistentRead", "consistent-read"),
        ] {
            assert_eq!(kebab(field), option);
        }
    }
}
