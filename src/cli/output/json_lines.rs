//! Items as JSON lines, serialised straight from the items. Building a `serde_json::Value` per
//! item first (a clone of every name and string, a map per attribute) was most of the time a
//! thousand-item page spent in the writer. The text is byte for byte what
//! `ddb_json::item_to_json` and `plain_json::item_to_plain_json` render: the tests compare them.

use std::collections::{BTreeMap, BTreeSet};
use std::fmt::Display;
use std::io::{self, Write};

use base64::Engine as _;
use base64::engine::general_purpose::STANDARD as BASE64;
use serde::ser::{Serialize, SerializeMap, Serializer};

use super::escape::{escape_json_for_terminal, json_needs_terminal_escape};
use crate::cli::args::OutputFormat;
use crate::domain::number::Number;
use crate::domain::value::{AttrValue, Item};

/// One item per line in `format` (plain or DynamoDB JSON), with a buffer reused between lines.
pub(super) struct LineWriter {
    format: OutputFormat,
    line: Vec<u8>,
}

impl LineWriter {
    pub(super) fn new(format: OutputFormat) -> Self {
        Self {
            format,
            line: Vec::with_capacity(1024),
        }
    }

    /// `item` as one line of JSON without the newline, escaped for a terminal.
    pub(super) fn render(&mut self, item: &Item) -> io::Result<&[u8]> {
        self.line.clear();
        let written = match self.format {
            OutputFormat::Ddb => serde_json::to_writer(&mut self.line, &Ddb(item)),
            OutputFormat::Json | OutputFormat::Table => {
                serde_json::to_writer(&mut self.line, &Plain(item))
            }
        };
        written.map_err(io::Error::other)?;
        // serde_json writes UTF-8 and escapes C0 itself; only DEL, C1 and bidi controls remain.
        let text = std::str::from_utf8(&self.line).map_err(io::Error::other)?;
        if json_needs_terminal_escape(text) {
            self.line = escape_json_for_terminal(text.to_owned()).into_bytes();
        }
        Ok(&self.line)
    }

    pub(super) fn write(&mut self, out: &mut impl Write, item: &Item) -> io::Result<()> {
        out.write_all(self.render(item)?)?;
        out.write_all(b"\n")
    }
}

/// An attribute map in DynamoDB JSON: `{"name":{"S":"x"},…}`.
struct Ddb<'a>(&'a BTreeMap<String, AttrValue>);

impl Serialize for Ddb<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_map(self.0.iter().map(|(name, value)| (name, DdbValue(value))))
    }
}

/// One value in DynamoDB JSON: an object of one type tag.
struct DdbValue<'a>(&'a AttrValue);

impl Serialize for DdbValue<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut tagged = serializer.serialize_map(Some(1))?;
        match self.0 {
            AttrValue::S(text) => tagged.serialize_entry("S", text)?,
            AttrValue::N(number) => tagged.serialize_entry("N", &Shown(number))?,
            AttrValue::B(bytes) => tagged.serialize_entry("B", &BASE64.encode(bytes))?,
            AttrValue::Bool(flag) => tagged.serialize_entry("BOOL", flag)?,
            AttrValue::Null => tagged.serialize_entry("NULL", &true)?,
            AttrValue::M(map) => tagged.serialize_entry("M", &Ddb(map))?,
            AttrValue::L(list) => tagged.serialize_entry("L", &Each(list, DdbValue))?,
            AttrValue::Ss(set) => tagged.serialize_entry("SS", set)?,
            AttrValue::Ns(set) => tagged.serialize_entry("NS", &Each(set, Shown))?,
            AttrValue::Bs(set) => tagged.serialize_entry("BS", &Base64Set(set))?,
        }
        tagged.end()
    }
}

/// An attribute map as plain JSON: `{"name":"x","n":12,…}`.
struct Plain<'a>(&'a BTreeMap<String, AttrValue>);

impl Serialize for Plain<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_map(self.0.iter().map(|(name, value)| (name, PlainValue(value))))
    }
}

struct PlainValue<'a>(&'a AttrValue);

impl Serialize for PlainValue<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        match self.0 {
            AttrValue::S(text) => serializer.serialize_str(text),
            AttrValue::N(number) => PlainNumber(number).serialize(serializer),
            AttrValue::B(bytes) => serializer.serialize_str(&BASE64.encode(bytes)),
            AttrValue::Bool(flag) => serializer.serialize_bool(*flag),
            AttrValue::Null => serializer.serialize_unit(),
            AttrValue::M(map) => Plain(map).serialize(serializer),
            AttrValue::L(list) => Each(list, PlainValue).serialize(serializer),
            AttrValue::Ss(set) => set.serialize(serializer),
            AttrValue::Ns(set) => Each(set, PlainNumber).serialize(serializer),
            AttrValue::Bs(set) => Base64Set(set).serialize(serializer),
        }
    }
}

/// A number with every digit as a JSON number (the crate enables serde_json's
/// `arbitrary_precision`), or as a string should its text ever not parse as one, exactly as
/// `plain_json` renders it.
struct PlainNumber<'a>(&'a Number);

impl Serialize for PlainNumber<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let text = self.0.to_string();
        match text.parse::<serde_json::Number>() {
            Ok(number) => number.serialize(serializer),
            Err(_) => serializer.serialize_str(&text),
        }
    }
}

/// A value's display text as a JSON string.
struct Shown<'a, T>(&'a T);

impl<T: Display> Serialize for Shown<'_, T> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(self.0)
    }
}

/// Every element of a collection, each shown through `view`.
struct Each<'a, C: ?Sized, F>(&'a C, F);

impl<'a, C, T, F, V> Serialize for Each<'a, C, F>
where
    C: ?Sized,
    &'a C: IntoIterator<Item = &'a T>,
    T: 'a,
    F: Fn(&'a T) -> V,
    V: Serialize,
{
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_seq(self.0.into_iter().map(&self.1))
    }
}

/// A binary set as base64 strings.
struct Base64Set<'a>(&'a BTreeSet<Vec<u8>>);

impl Serialize for Base64Set<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_seq(self.0.iter().map(|bytes| BASE64.encode(bytes)))
    }
}

#[cfg(test)]
#[path = "json_lines_tests.rs"]
mod tests;
