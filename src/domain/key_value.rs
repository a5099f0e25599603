//! Typing key values from text by the key's type (S as text, N as a number, B as base64), shared
//! by `ddbx query` and the query builder; [`super::expr::order`] orders them.

use base64::Engine as _;
use base64::engine::general_purpose::STANDARD as BASE64;

use super::number::Number;
use super::value::{AttrValue, ValueType};

/// `text` as a value of a key attribute of type `value_type`; the error says what is wrong
/// (the service's wording for numbers), without naming the key.
pub fn parse_key_text(text: &str, value_type: ValueType) -> Result<AttrValue, String> {
    let value = match value_type {
        ValueType::N => AttrValue::N(Number::parse(text).map_err(|error| error.to_string())?),
        ValueType::B => AttrValue::B(
            BASE64
                .decode(text)
                .map_err(|error| format!("not valid base64 ({error})"))?,
        ),
        _ => AttrValue::S(text.to_owned()),
    };
    let empty = match &value {
        AttrValue::S(text) => text.is_empty(),
        AttrValue::B(bytes) => bytes.is_empty(),
        _ => false,
    };
    if empty {
        // The service refuses empty key values; say so before sending.
        return Err("a key value cannot be empty".to_owned());
    }
    Ok(value)
}

/// An example sort-key value of a key type, for messages: a string sort key usually holds a
/// labelled, dated child key rather than a partition's own.
#[must_use]
pub fn sort_key_example(value_type: ValueType) -> &'static str {
    match value_type {
        ValueType::S => "ORDER#2026-10-31#ord_0042",
        other => key_example(other),
    }
}

/// An example value of a key type, for messages.
#[must_use]
pub fn key_example(value_type: ValueType) -> &'static str {
    match value_type {
        ValueType::N => "42 or -17.5",
        ValueType::B => "AQID (base64 of the bytes 01 02 03)",
        _ => "USER#usr_1001",
    }
}

/// A key value as a short text (strings unquoted, binary as base64): the inverse of
/// [`parse_key_text`] for the key types.
#[must_use]
pub fn key_text(value: &AttrValue) -> String {
    match value {
        AttrValue::S(text) => text.clone(),
        AttrValue::N(number) => number.to_string(),
        AttrValue::B(bytes) => BASE64.encode(bytes),
        // The values of a multi-attribute key part, in key order.
        AttrValue::L(values) => values.iter().map(key_text).collect::<Vec<_>>().join(" · "),
        other => format!("{other:?}"),
    }
}
