//! One change record as one output line: the event, its sequence number and time, the keys with
//! their decoded parts, the entity, and the old and new images, in plain or DynamoDB JSON.

use serde_json::{Map, Value, json};

use crate::backend::ChangeRecord;
use crate::cli::args::OutputFormat;
use crate::domain::entity::EntityDecoder;
use crate::domain::schema::KeySchema;
use crate::domain::value::Item;

/// The record's line (without the newline), unescaped: the caller escapes it for the terminal.
#[must_use]
pub fn line(
    record: &ChangeRecord,
    entity: Option<&str>,
    decoder: &EntityDecoder,
    key: &KeySchema,
    format: OutputFormat,
) -> String {
    let item_json = |item: &Item| match format {
        OutputFormat::Ddb => crate::domain::ddb_json::item_to_json(item),
        OutputFormat::Json | OutputFormat::Table => {
            crate::domain::plain_json::item_to_plain_json(item)
        }
    };
    let parts = decoder.key_parts(&record.keys, key);
    let part_json = |parts: &[crate::domain::composite_key::KeyPart<'_>]| {
        parts
            .iter()
            .map(|part| json!({"label": part.label.as_deref(), "value": part.value}))
            .collect::<Vec<_>>()
    };
    let mut out = Map::new();
    out.insert("event".to_owned(), json!(record.kind.name()));
    out.insert("sequence".to_owned(), json!(record.sequence));
    out.insert("created_at".to_owned(), json!(record.created_at));
    out.insert("entity".to_owned(), json!(entity));
    out.insert("keys".to_owned(), item_json(&record.keys));
    out.insert(
        "key_parts".to_owned(),
        json!({"pk": part_json(&parts.pk), "sk": part_json(&parts.sk)}),
    );
    out.insert(
        "old".to_owned(),
        record.old_image.as_ref().map_or(Value::Null, item_json),
    );
    out.insert(
        "new".to_owned(),
        record.new_image.as_ref().map_or(Value::Null, item_json),
    );
    Value::Object(out).to_string()
}
