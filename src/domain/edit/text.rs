//! The item as editable text, in two lossless forms, and back.
//!
//! - [`EditFormat::DdbJson`]: DynamoDB JSON, `{"PK": {"S": "USER#1"}, "n": {"N": "12"}}`.
//! - [`EditFormat::TypedJson`]: plain JSON where strings, numbers, booleans, null, arrays and
//!   objects mean S, N, BOOL, NULL, L and M; numbers are written and read with every digit (never
//!   through f64). The types plain JSON has no words for are tagged objects with one member:
//!   `{"$b": "<base64>"}` (B), `{"$ss": ["a"]}` (SS), `{"$ns": [1, 2.5]}` (NS),
//!   `{"$bs": ["AQ=="]}` (BS). A real map whose only key happens to be one of those tags (or
//!   `$m`) is written `{"$m": {...}}`, so every item renders and parses back to itself.
//!
//! Parsing applies DynamoDB's value rules (valid numbers of at most 38 digits, no empty or
//! duplicated sets, valid base64, NULL is `true`) and reports the first problem with the line and
//! column where the value starts.

use std::collections::{BTreeMap, BTreeSet};

use base64::Engine as _;
use base64::engine::general_purpose::STANDARD as BASE64;
use serde_json::{Map, Value};

use super::error::EditTextError;
use super::json_tree::{self, Json, JsonKind, Pos};
use crate::domain::ddb_json::{MAX_NESTING_DEPTH, item_to_json};
use crate::domain::number::Number;
use crate::domain::value::{AttrValue, Item};

/// Which lossless text form the editor shows.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum EditFormat {
    /// DynamoDB JSON: every value wrapped in its type descriptor.
    #[default]
    DdbJson,
    /// Plain JSON with exact numbers and tagged sets/binary (see the module docs).
    TypedJson,
}

const TAG_B: &str = "$b";
const TAG_SS: &str = "$ss";
const TAG_NS: &str = "$ns";
const TAG_BS: &str = "$bs";
const TAG_M: &str = "$m";
const TAGS: [&str; 5] = [TAG_B, TAG_SS, TAG_NS, TAG_BS, TAG_M];

/// The item as pretty-printed text, attributes in name order (stable across renders).
#[must_use]
pub fn render_for_edit(item: &Item, format: EditFormat) -> String {
    let json = match format {
        EditFormat::DdbJson => item_to_json(item),
        EditFormat::TypedJson => typed_map(item),
    };
    // Serialising a `Value` cannot fail (all keys are strings); the fallback is unreachable.
    serde_json::to_string_pretty(&json).unwrap_or_default()
}

/// The item as typed JSON (one value, not text): what `--item` and the editor read back.
#[must_use]
pub fn typed_json(item: &Item) -> Value {
    typed_map(item)
}

fn typed_map(map: &BTreeMap<String, AttrValue>) -> Value {
    Value::Object(
        map.iter()
            .map(|(name, value)| (name.clone(), typed_value(value)))
            .collect::<Map<String, Value>>(),
    )
}

fn tagged(tag: &str, inner: Value) -> Value {
    let mut object = Map::with_capacity(1);
    object.insert(tag.to_owned(), inner);
    Value::Object(object)
}

fn json_number(number: &Number) -> Value {
    let text = number.to_string();
    // A normalised Number always prints as a JSON number; if that invariant ever broke, a string
    // would be refused on parsing instead of silently changing the value.
    text.parse::<serde_json::Number>()
        .map_or(Value::String(text), Value::Number)
}

fn typed_value(value: &AttrValue) -> Value {
    match value {
        AttrValue::S(text) => Value::String(text.clone()),
        AttrValue::N(number) => json_number(number),
        AttrValue::B(bytes) => tagged(TAG_B, Value::String(BASE64.encode(bytes))),
        AttrValue::Bool(flag) => Value::Bool(*flag),
        AttrValue::Null => Value::Null,
        AttrValue::M(map) => {
            let looks_tagged = map.len() == 1 && map.keys().all(|key| TAGS.contains(&key.as_str()));
            if looks_tagged {
                tagged(TAG_M, typed_map(map))
            } else {
                typed_map(map)
            }
        }
        AttrValue::L(list) => Value::Array(list.iter().map(typed_value).collect()),
        AttrValue::Ss(set) => tagged(TAG_SS, set.iter().cloned().map(Value::String).collect()),
        AttrValue::Ns(set) => tagged(TAG_NS, set.iter().map(json_number).collect()),
        AttrValue::Bs(set) => tagged(
            TAG_BS,
            set.iter()
                .map(|b| Value::String(BASE64.encode(b)))
                .collect(),
        ),
    }
}

/// True when `text` is one syntactically valid JSON value (whatever it means as an item).
#[must_use]
pub fn is_json(text: &str) -> bool {
    json_tree::parse(text).is_ok()
}

/// Parses edited text back into an item, with every value check DynamoDB applies.
pub fn parse_edited(text: &str, format: EditFormat) -> Result<Item, EditTextError> {
    item_from_tree(json_tree::parse(text)?, format)
}

/// An item from parsed JSON, for text that holds an item inside something larger (a line of a
/// transaction plan), so errors keep the positions of the larger text.
pub(super) fn item_from_tree(json: Json, format: EditFormat) -> Result<Item, EditTextError> {
    let JsonKind::Object(members) = json.kind else {
        return Err(json.pos.error(format!(
            "an item must be a JSON object of attributes, not {}",
            json.kind.describe()
        )));
    };
    let mut item = Item::new();
    for (name, name_pos, value) in members {
        if name.is_empty() {
            return Err(name_pos.error("an attribute name cannot be empty"));
        }
        item.insert(name, value_from_tree(&value, format)?);
    }
    Ok(item)
}

/// One attribute value from parsed JSON, in `format`, with every check `parse_edited` makes.
pub(super) fn value_from_tree(json: &Json, format: EditFormat) -> Result<AttrValue, EditTextError> {
    match format {
        EditFormat::DdbJson => ddb_value(json, 1),
        EditFormat::TypedJson => typed_attr(json, 1),
    }
}

fn too_deep(pos: Pos) -> EditTextError {
    pos.error(format!(
        "lists and maps are nested more than {MAX_NESTING_DEPTH} levels deep, DynamoDB's limit; flatten this value"
    ))
}

fn number(text: &str, pos: Pos) -> Result<Number, EditTextError> {
    Number::parse(text).map_err(|error| {
        pos.error(format!(
            "{error} (DynamoDB numbers have at most 38 significant digits, magnitude 1E-130 to 9.99…E+125)"
        ))
    })
}

fn base64(text: &str, pos: Pos) -> Result<Vec<u8>, EditTextError> {
    BASE64.decode(text).map_err(|error| {
        pos.error(format!(
            "binary values are written in base64 (e.g. \"AQID\" for bytes 01 02 03): {error}"
        ))
    })
}

fn empty_set(pos: Pos, kind: &str) -> EditTextError {
    pos.error(format!(
        "an empty {kind} is not allowed in DynamoDB; remove the attribute or add a member"
    ))
}

fn duplicate(pos: Pos, kind: &str, member: &str) -> EditTextError {
    pos.error(format!(
        "{member} appears twice in this {kind}; set members must be distinct (numbers are compared by value, so 1 and 1.0 are the same)"
    ))
}

/// Members of a set, each parsed by `parse`, refusing empty sets and duplicates.
fn set<T: Ord>(
    members: &[Json],
    pos: Pos,
    kind: &str,
    parse: impl Fn(&Json) -> Result<T, EditTextError>,
    show: impl Fn(&Json) -> String,
) -> Result<BTreeSet<T>, EditTextError> {
    if members.is_empty() {
        return Err(empty_set(pos, kind));
    }
    let mut out = BTreeSet::new();
    for member in members {
        if !out.insert(parse(member)?) {
            return Err(duplicate(member.pos, kind, &show(member)));
        }
    }
    Ok(out)
}

fn string_member<'a>(json: &'a Json, what: &str) -> Result<&'a str, EditTextError> {
    match &json.kind {
        JsonKind::String(text) => Ok(text),
        other => Err(json.pos.error(format!(
            "{what} must be a JSON string, not {}",
            other.describe()
        ))),
    }
}

fn show_member(json: &Json) -> String {
    match &json.kind {
        JsonKind::String(text) => format!("\"{}\"", text.escape_debug()),
        JsonKind::Number(text) => text.clone(),
        other => other.describe().to_owned(),
    }
}

/// One DynamoDB JSON value: an object with exactly one type descriptor.
fn ddb_value(json: &Json, depth: usize) -> Result<AttrValue, EditTextError> {
    let JsonKind::Object(members) = &json.kind else {
        return Err(json.pos.error(format!(
            "in DynamoDB JSON every value is an object naming its type, such as {{\"S\": \"text\"}} or {{\"N\": \"12\"}}; found {}",
            json.kind.describe()
        )));
    };
    let [(tag, tag_pos, inner)] = members.as_slice() else {
        return Err(json.pos.error(format!(
            "a DynamoDB JSON value has exactly one type descriptor (S, N, B, BOOL, NULL, M, L, SS, NS or BS); this one has {}",
            members.len()
        )));
    };
    let array = |what: &str| match &inner.kind {
        JsonKind::Array(elements) => Ok(elements),
        other => Err(inner.pos.error(format!(
            "{what} value must be a JSON array, not {}",
            other.describe()
        ))),
    };
    Ok(match tag.as_str() {
        "S" => AttrValue::S(string_member(inner, "an S value")?.to_owned()),
        "N" => AttrValue::N(number(
            string_member(inner, "an N value (numbers are quoted in DynamoDB JSON)")?,
            inner.pos,
        )?),
        "B" => AttrValue::B(base64(string_member(inner, "a B value")?, inner.pos)?),
        "BOOL" => match inner.kind {
            JsonKind::Bool(flag) => AttrValue::Bool(flag),
            _ => return Err(inner.pos.error("a BOOL value must be true or false")),
        },
        "NULL" => match inner.kind {
            JsonKind::Bool(true) => AttrValue::Null,
            _ => return Err(inner.pos.error("a NULL value is written {\"NULL\": true}")),
        },
        "M" => {
            if depth > MAX_NESTING_DEPTH {
                return Err(too_deep(json.pos));
            }
            let JsonKind::Object(entries) = &inner.kind else {
                return Err(inner.pos.error(format!(
                    "an M value must be a JSON object, not {}",
                    inner.kind.describe()
                )));
            };
            let mut map = BTreeMap::new();
            for (name, _, value) in entries {
                map.insert(name.clone(), ddb_value(value, depth + 1)?);
            }
            AttrValue::M(map)
        }
        "L" => {
            if depth > MAX_NESTING_DEPTH {
                return Err(too_deep(json.pos));
            }
            let elements = array("an L")?;
            AttrValue::L(
                elements
                    .iter()
                    .map(|element| ddb_value(element, depth + 1))
                    .collect::<Result<_, _>>()?,
            )
        }
        "SS" => AttrValue::Ss(set(
            array("an SS")?,
            inner.pos,
            "string set (SS)",
            |m| string_member(m, "a string set member").map(str::to_owned),
            show_member,
        )?),
        "NS" => AttrValue::Ns(set(
            array("an NS")?,
            inner.pos,
            "number set (NS)",
            |m| number(string_member(m, "a number set member (quoted)")?, m.pos),
            show_member,
        )?),
        "BS" => AttrValue::Bs(set(
            array("a BS")?,
            inner.pos,
            "binary set (BS)",
            |m| base64(string_member(m, "a binary set member (base64)")?, m.pos),
            show_member,
        )?),
        other => {
            return Err(tag_pos.error(format!(
                "unknown type descriptor \"{}\": use S, N, B, BOOL, NULL, M, L, SS, NS or BS (upper case)",
                other.escape_debug()
            )));
        }
    })
}

/// One typed-plain-JSON value.
fn typed_attr(json: &Json, depth: usize) -> Result<AttrValue, EditTextError> {
    Ok(match &json.kind {
        JsonKind::Null => AttrValue::Null,
        JsonKind::Bool(flag) => AttrValue::Bool(*flag),
        JsonKind::String(text) => AttrValue::S(text.clone()),
        JsonKind::Number(text) => AttrValue::N(number(text, json.pos)?),
        JsonKind::Array(elements) => {
            if depth > MAX_NESTING_DEPTH {
                return Err(too_deep(json.pos));
            }
            AttrValue::L(
                elements
                    .iter()
                    .map(|element| typed_attr(element, depth + 1))
                    .collect::<Result<_, _>>()?,
            )
        }
        JsonKind::Object(members) => match members.as_slice() {
            [(tag, _, inner)] if TAGS.contains(&tag.as_str()) => tagged_attr(tag, inner, depth)?,
            _ => {
                if depth > MAX_NESTING_DEPTH {
                    return Err(too_deep(json.pos));
                }
                typed_members(members, depth)?
            }
        },
    })
}

fn typed_members(
    members: &[(String, Pos, Json)],
    depth: usize,
) -> Result<AttrValue, EditTextError> {
    let mut map = BTreeMap::new();
    for (name, _, value) in members {
        map.insert(name.clone(), typed_attr(value, depth + 1)?);
    }
    Ok(AttrValue::M(map))
}

fn tagged_attr(tag: &str, inner: &Json, depth: usize) -> Result<AttrValue, EditTextError> {
    let array = || match &inner.kind {
        JsonKind::Array(elements) => Ok(elements),
        other => Err(inner.pos.error(format!(
            "\"{tag}\" holds a JSON array of members, not {}",
            other.describe()
        ))),
    };
    Ok(match tag {
        TAG_B => AttrValue::B(base64(
            string_member(inner, "a \"$b\" value (base64)")?,
            inner.pos,
        )?),
        TAG_SS => AttrValue::Ss(set(
            array()?,
            inner.pos,
            "string set ($ss)",
            |m| string_member(m, "a string set member").map(str::to_owned),
            show_member,
        )?),
        TAG_NS => AttrValue::Ns(set(
            array()?,
            inner.pos,
            "number set ($ns)",
            |m| match &m.kind {
                JsonKind::Number(text) => number(text, m.pos),
                other => Err(m.pos.error(format!(
                    "a number set member must be a JSON number, not {}",
                    other.describe()
                ))),
            },
            show_member,
        )?),
        TAG_BS => AttrValue::Bs(set(
            array()?,
            inner.pos,
            "binary set ($bs)",
            |m| base64(string_member(m, "a binary set member (base64)")?, m.pos),
            show_member,
        )?),
        _ => {
            if depth > MAX_NESTING_DEPTH {
                return Err(too_deep(inner.pos));
            }
            let JsonKind::Object(members) = &inner.kind else {
                return Err(inner.pos.error(format!(
                    "\"$m\" holds a JSON object (a map), not {}",
                    inner.kind.describe()
                )));
            };
            typed_members(members, depth)?
        }
    })
}

#[cfg(test)]
#[path = "text_tests.rs"]
mod tests;
