//! Local checks of an item about to be written: the keys the table and its indexes define, and
//! the 400 KB limit. They run before planning, so a refused edit sends nothing.

use super::error::EditError;
use crate::domain::limits::MAX_ITEM_SIZE;
use crate::domain::schema::TableDescription;
use crate::domain::value::{AttrValue, Item, ValueType, item_size};

fn type_name(value: &AttrValue) -> String {
    expected_name(value.value_type())
}

fn expected_name(kind: ValueType) -> String {
    match kind {
        ValueType::S => "S (a string)".to_owned(),
        ValueType::N => "N (a number)".to_owned(),
        ValueType::B => "B (binary)".to_owned(),
        other => other.to_string(),
    }
}

fn is_empty_key(value: &AttrValue) -> bool {
    match value {
        AttrValue::S(text) => text.is_empty(),
        AttrValue::B(bytes) => bytes.is_empty(),
        _ => false,
    }
}

/// Checks `item` against the table's key schema, its indexes' key types and the size limit.
pub fn check_item(description: &TableDescription, item: &Item) -> Result<(), EditError> {
    for key in std::iter::once(&description.key.partition).chain(description.key.sort.as_ref()) {
        let Some(value) = item.get(&key.name) else {
            return Err(EditError::KeyRemoved {
                attribute: key.name.clone(),
            });
        };
        if value.value_type() != key.value_type {
            return Err(EditError::KeyType {
                attribute: key.name.clone(),
                expected: expected_name(key.value_type),
                found: type_name(value),
            });
        }
        if is_empty_key(value) {
            return Err(EditError::KeyEmpty {
                attribute: key.name.clone(),
            });
        }
    }
    for index in &description.indexes {
        for key in std::iter::once(&index.key.partition).chain(index.key.sort.as_ref()) {
            let Some(value) = item.get(&key.name) else {
                continue;
            };
            if value.value_type() != key.value_type {
                return Err(EditError::IndexKeyType {
                    index: index.name.clone(),
                    attribute: key.name.clone(),
                    expected: expected_name(key.value_type),
                    found: type_name(value),
                });
            }
            if is_empty_key(value) {
                return Err(EditError::IndexKeyType {
                    index: index.name.clone(),
                    attribute: key.name.clone(),
                    expected: format!("a non-empty {}", expected_name(key.value_type)),
                    found: "empty".to_owned(),
                });
            }
        }
    }
    let size = item_size(item);
    if size > MAX_ITEM_SIZE {
        return Err(EditError::TooLarge { size });
    }
    Ok(())
}
