//! TagResource, UntagResource and ListTagsOfResource: tags are kept beside the engine, by table,
//! for as long as the server runs.

use serde_json::{Value, json};

use super::error::WireError;
use super::served::Served;
use super::wire::Body;

/// The table an ARN names: `arn:aws:dynamodb:<region>:<account>:table/<name>`.
pub(super) fn table_of<'a>(body: &Body<'a>) -> Result<&'a str, WireError> {
    let arn = body.str("ResourceArn")?;
    arn.strip_prefix("arn:")
        .and_then(|rest| rest.split_once(":table/"))
        .map(|(_, table)| table)
        .filter(|table| !table.is_empty() && !table.contains('/'))
        .ok_or_else(|| {
            WireError::validation(format!(
                "Invalid TableArn: Invalid ResourceArn provided as input {arn}"
            ))
        })
}

/// The service answers tag requests on a table it does not know as if access were denied.
fn check_exists(served: &Served, table: &str, arn: &str) -> Result<(), WireError> {
    if served.engine.table_names().iter().any(|name| name == table) {
        return Ok(());
    }
    Err(WireError::access_denied(format!(
        "User is not authorized to perform this action on resource {arn}, or the resource does not exist"
    )))
}

pub fn tag(served: &Served, body: &Body<'_>) -> Result<Value, WireError> {
    let table = table_of(body)?;
    let tags = body.array("Tags")?.ok_or_else(|| {
        WireError::validation(
            "1 validation error detected: Value null at 'tags' failed to satisfy constraint: Member must not be null",
        )
    })?;
    let mut pairs = Vec::with_capacity(tags.len());
    for tag in tags {
        let Value::Object(tag) = tag else {
            return Err(WireError::serialization("Tags entries must be objects"));
        };
        let tag = Body(tag);
        pairs.push((tag.str("Key")?.to_owned(), tag.str("Value")?.to_owned()));
    }
    check_exists(served, table, body.str("ResourceArn")?)?;
    served.with_tags(|all| all.entry(table.to_owned()).or_default().extend(pairs));
    Ok(json!({}))
}

pub fn untag(served: &Served, body: &Body<'_>) -> Result<Value, WireError> {
    let table = table_of(body)?;
    let keys: Vec<String> = body
        .array("TagKeys")?
        .map(|keys| {
            keys.iter()
                .filter_map(Value::as_str)
                .map(str::to_owned)
                .collect()
        })
        .unwrap_or_default();
    check_exists(served, table, body.str("ResourceArn")?)?;
    served.with_tags(|all| {
        if let Some(tags) = all.get_mut(table) {
            for key in &keys {
                tags.remove(key);
            }
        }
    });
    Ok(json!({}))
}

pub fn list(served: &Served, body: &Body<'_>) -> Result<Value, WireError> {
    let table = table_of(body)?;
    check_exists(served, table, body.str("ResourceArn")?)?;
    let tags: Vec<Value> = served.with_tags(|all| {
        all.get(table)
            .into_iter()
            .flatten()
            .map(|(key, value)| json!({"Key": key, "Value": value}))
            .collect()
    });
    Ok(json!({"Tags": tags}))
}
