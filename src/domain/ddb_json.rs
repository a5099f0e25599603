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

/// The nesting depth DynamoDB documents for M and L values.
pub const MAX_NESTING_DEPTH: usize = 32;
/// Parsing refuses containers nested deeper than this. It is well above the service's documented
/// limit (so no value the service returns is ever refused over an off-by-one in how levels are
/// counted) and well below what would exhaust the stack on a hostile document.
const MAX_PARSE_DEPTH: usize = 2 * MAX_NESTING_DEPTH;

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
    value_at(json, "$", 0)
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
    map_at_depth(json, path, 0)
}

fn map_at_depth(
    json: &Value,
    path: &str,
    depth: usize,
) -> Result<BTreeMap<String, AttrValue>, DdbJsonError> {
    let Value::Object(object) = json else {
        return Err(error(
            path,
            "expected an object of attribute name to typed value",
        ));
    };
    object
        .iter()
        .map(|(name, value)| {
            Ok((
                name.clone(),
                value_at(value, &format!("{path}.{}", path_segment(name)), depth)?,
            ))
        })
        .collect()
}

/// An attribute name as it appears in an error path. Names are untrusted and error messages end up
/// on a terminal, so control characters are escaped (`\u{1b}`); everything else is kept as is.
fn path_segment(name: &str) -> String {
    name.chars()
        .map(|c| {
            if c.is_control() {
                c.escape_unicode().to_string()
            } else {
                c.to_string()
            }
        })
        .collect()
}

/// Parses the typed value at `path`; `depth` counts the M and L levels around it.
fn value_at(json: &Value, path: &str, depth: usize) -> Result<AttrValue, DdbJsonError> {
    let Value::Object(object) = json else {
        return Err(error(
            path,
            "expected a typed value such as {\"S\": \"text\"}",
        ));
    };
    let mut entries = object.iter();
    let (tag, inner) = match (entries.next(), entries.next()) {
        (Some(entry), None) => entry,
        (None, _) => {
            return Err(error(
                path,
                "Supplied AttributeValue is empty, must contain exactly one of the supported datatypes",
            ));
        }
        (Some(_), Some(_)) => {
            return Err(error(
                path,
                "Supplied AttributeValue has more than one datatypes set, must contain exactly one of the supported datatypes",
            ));
        }
    };
    if depth > MAX_PARSE_DEPTH && matches!(tag.as_str(), "M" | "L") {
        return Err(error(
            path,
            "Nesting Levels have exceeded supported limits: Attributes in the item have nested levels beyond supported limit",
        ));
    }
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
                    "One or more parameter values were invalid: Null attribute value types must have the value of true",
                ));
            }
        },
        "M" => AttrValue::M(map_at_depth(inner, path, depth + 1)?),
        "L" => AttrValue::L(
            array()?
                .iter()
                .enumerate()
                .map(|(index, element)| value_at(element, &format!("{path}[{index}]"), depth + 1))
                .collect::<Result<_, _>>()?,
        ),
        "SS" => AttrValue::Ss(set_at(array()?, path, SetKind::String, |element, at| {
            element
                .as_str()
                .map(str::to_owned)
                .ok_or_else(|| error(at, "SS members must be JSON strings"))
        })?),
        "NS" => AttrValue::Ns(set_at(array()?, path, SetKind::Number, number_at)?),
        "BS" => AttrValue::Bs(set_at(array()?, path, SetKind::Binary, |element, at| {
            let text = element
                .as_str()
                .ok_or_else(|| error(at, "BS members must be base64 JSON strings"))?;
            binary_at(text, at)
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

/// The three set types, for the service's (inconsistent) empty-set and duplicate messages.
#[derive(Clone, Copy)]
enum SetKind {
    String,
    Number,
    Binary,
}

impl SetKind {
    fn empty_message(self) -> &'static str {
        // Sic: "An string set  may not be empty", with two spaces, is the service's text.
        match self {
            Self::String => {
                "One or more parameter values were invalid: An string set  may not be empty"
            }
            Self::Number => {
                "One or more parameter values were invalid: An number set  may not be empty"
            }
            Self::Binary => {
                "One or more parameter values were invalid: Binary sets should not be empty"
            }
        }
    }

    /// `members` as the service prints them: `[a, a]`.
    fn duplicates_message(self, members: &[Value]) -> String {
        let listed = members
            .iter()
            .map(|member| {
                member
                    .as_str()
                    .map_or_else(|| member.to_string(), str::to_owned)
            })
            .collect::<Vec<_>>()
            .join(", ");
        // Sic: the BS text has no space before "of", and the NS text names no members.
        match self {
            Self::String => format!(
                "One or more parameter values were invalid: Input collection [{listed}] contains duplicates."
            ),
            Self::Number => "Input collection contains duplicates".to_owned(),
            Self::Binary => format!(
                "One or more parameter values were invalid: Input collection [{listed}]of type BS contains duplicates."
            ),
        }
    }
}

/// Parses set members (each located as `path[index]`), rejecting empty sets and duplicates with
/// the service's wording. Numbers are compared after normalisation, so `["1", "1.0"]` is a
/// duplicate.
fn set_at<T: Ord>(
    members: &[Value],
    path: &str,
    kind: SetKind,
    parse: impl Fn(&Value, &str) -> Result<T, DdbJsonError>,
) -> Result<BTreeSet<T>, DdbJsonError> {
    if members.is_empty() {
        return Err(error(path, kind.empty_message()));
    }
    let mut set = BTreeSet::new();
    for (index, member) in members.iter().enumerate() {
        let value = parse(member, &format!("{path}[{index}]"))?;
        if !set.insert(value) {
            return Err(error(path, kind.duplicates_message(members)));
        }
    }
    Ok(set)
}

#[cfg(test)]
mod tests;
