//! DynamoDB JSON (`{"S":"x"}`, `{"N":"1"}`, `{"B":"<base64>"}`, …) ⇄ [`AttrValue`], lossless.
//!
//! Parsing applies the service's own validation of attribute values: exactly one type per value,
//! numbers as JSON strings (a JSON number is rejected like the service's SerializationException),
//! valid numbers, `NULL` must be `true`, sets non-empty and without duplicates.

use std::collections::{BTreeMap, BTreeSet};
use std::fmt;

use base64::Engine as _;
use base64::engine::general_purpose::STANDARD as BASE64;
use serde_json::{Map, Value};

use super::number::Number;
use super::value::{AttrValue, Item};

/// Why a JSON document is not valid DynamoDB JSON; `path` locates the value (`$.a.b[2]`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DdbJsonError {
    pub path: String,
    pub message: String,
}

impl fmt::Display for DdbJsonError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "at {}: {}", self.path, self.message)
    }
}

impl std::error::Error for DdbJsonError {}

fn error(path: &str, message: impl Into<String>) -> DdbJsonError {
    DdbJsonError {
        path: path.to_owned(),
        message: message.into(),
    }
}

/// Renders a value as DynamoDB JSON.
#[must_use]
pub fn to_json(value: &AttrValue) -> Value {
    let (tag, inner) = match value {
        AttrValue::S(text) => ("S", Value::String(text.clone())),
        AttrValue::N(number) => ("N", Value::String(number.to_string())),
        AttrValue::B(bytes) => ("B", Value::String(BASE64.encode(bytes))),
        AttrValue::Bool(flag) => ("BOOL", Value::Bool(*flag)),
        AttrValue::Null => ("NULL", Value::Bool(true)),
        AttrValue::M(map) => ("M", item_to_json(map)),
        AttrValue::L(list) => ("L", Value::Array(list.iter().map(to_json).collect())),
        AttrValue::Ss(set) => ("SS", set.iter().cloned().map(Value::String).collect()),
        AttrValue::Ns(set) => (
            "NS",
            set.iter().map(|n| Value::String(n.to_string())).collect(),
        ),
        AttrValue::Bs(set) => (
            "BS",
            set.iter()
                .map(|b| Value::String(BASE64.encode(b)))
                .collect(),
        ),
    };
    let mut object = Map::with_capacity(1);
    object.insert(tag.to_owned(), inner);
    Value::Object(object)
}

/// Renders an item (or any attribute map) as a DynamoDB JSON object.
#[must_use]
pub fn item_to_json(item: &BTreeMap<String, AttrValue>) -> Value {
    Value::Object(
        item.iter()
            .map(|(name, value)| (name.clone(), to_json(value)))
            .collect(),
    )
}

/// Parses one DynamoDB JSON value.
pub fn from_json(json: &Value) -> Result<AttrValue, DdbJsonError> {
    value_at(json, "$")
}

/// Parses a DynamoDB JSON item: an object of attribute name → typed value.
pub fn item_from_json(json: &Value) -> Result<Item, DdbJsonError> {
    map_at(json, "$")
}

/// Parses DynamoDB JSON text into an item.
pub fn item_from_str(text: &str) -> Result<Item, DdbJsonError> {
    let json: Value =
        serde_json::from_str(text).map_err(|e| error("$", format!("invalid JSON: {e}")))?;
    item_from_json(&json)
}

fn map_at(json: &Value, path: &str) -> Result<BTreeMap<String, AttrValue>, DdbJsonError> {
    let Value::Object(object) = json else {
        return Err(error(
            path,
            "expected an object of attribute name to typed value",
        ));
    };
    object
        .iter()
        .map(|(name, value)| Ok((name.clone(), value_at(value, &format!("{path}.{name}"))?)))
        .collect()
}

fn value_at(json: &Value, path: &str) -> Result<AttrValue, DdbJsonError> {
    let Value::Object(object) = json else {
        return Err(error(
            path,
            "expected a typed value such as {\"S\": \"text\"}",
        ));
    };
    let mut entries = object.iter();
    let (Some((tag, inner)), None) = (entries.next(), entries.next()) else {
        return Err(error(
            path,
            "Supplied AttributeValue has more or less than one datatype: a value needs exactly one of S, N, B, BOOL, NULL, M, L, SS, NS, BS",
        ));
    };
    let string = |what: &str| -> Result<&str, DdbJsonError> {
        inner
            .as_str()
            .ok_or_else(|| error(path, format!("{what} value must be a JSON string")))
    };
    let array = || -> Result<&Vec<Value>, DdbJsonError> {
        inner
            .as_array()
            .ok_or_else(|| error(path, format!("{tag} value must be a JSON array")))
    };
    Ok(match tag.as_str() {
        "S" => AttrValue::S(string("S")?.to_owned()),
        "N" => AttrValue::N(number_at(inner, path)?),
        "B" => AttrValue::B(binary_at(string("B")?, path)?),
        "BOOL" => AttrValue::Bool(
            inner
                .as_bool()
                .ok_or_else(|| error(path, "BOOL value must be true or false"))?,
        ),
        "NULL" => match inner {
            Value::Bool(true) => AttrValue::Null,
            _ => {
                return Err(error(
                    path,
                    "Null attribute value types must have the value of true",
                ));
            }
        },
        "M" => AttrValue::M(map_at(inner, path)?),
        "L" => AttrValue::L(
            array()?
                .iter()
                .enumerate()
                .map(|(index, element)| value_at(element, &format!("{path}[{index}]")))
                .collect::<Result<_, _>>()?,
        ),
        "SS" => AttrValue::Ss(set_at(array()?, path, "string", |element| {
            element
                .as_str()
                .map(str::to_owned)
                .ok_or_else(|| "SS members must be JSON strings".to_owned())
        })?),
        "NS" => AttrValue::Ns(set_at(array()?, path, "number", |element| {
            number_at(element, path).map_err(|e| e.message)
        })?),
        "BS" => AttrValue::Bs(set_at(array()?, path, "binary", |element| {
            let text = element
                .as_str()
                .ok_or_else(|| "BS members must be base64 JSON strings".to_owned())?;
            binary_at(text, path).map_err(|e| e.message)
        })?),
        other => {
            return Err(error(
                path,
                format!(
                    "unknown DynamoDB type '{other}'; expected one of S, N, B, BOOL, NULL, M, L, SS, NS, BS"
                ),
            ));
        }
    })
}

fn number_at(json: &Value, path: &str) -> Result<Number, DdbJsonError> {
    // The service rejects {"N": 123}: numbers travel as strings so no JSON parser can round them.
    let text = json.as_str().ok_or_else(|| {
        error(
            path,
            "N value must be a JSON string such as \"123\" (a bare JSON number could lose digits)",
        )
    })?;
    Number::parse(text).map_err(|e| error(path, e.to_string()))
}

fn binary_at(text: &str, path: &str) -> Result<Vec<u8>, DdbJsonError> {
    BASE64
        .decode(text)
        .map_err(|e| error(path, format!("binary value is not valid base64: {e}")))
}

/// Parses set members, rejecting empty sets and duplicates with the service's wording.
fn set_at<T: Ord>(
    members: &[Value],
    path: &str,
    kind: &str,
    parse: impl Fn(&Value) -> Result<T, String>,
) -> Result<BTreeSet<T>, DdbJsonError> {
    if members.is_empty() {
        // Sic: the service's message has "An" and two spaces.
        return Err(error(
            path,
            format!("One or more parameter values were invalid: An {kind} set  may not be empty"),
        ));
    }
    let mut set = BTreeSet::new();
    for member in members {
        let value = parse(member).map_err(|message| error(path, message))?;
        if !set.insert(value) {
            return Err(error(path, "Input collection contains duplicates"));
        }
    }
    Ok(set)
}
