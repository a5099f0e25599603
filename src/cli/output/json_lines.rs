//! Items as JSON lines, written straight from the items into one reused line. Building a
//! `serde_json::Value` per item first (a clone of every name and string, a map per attribute),
//! and then serialising through serde (a table lookup per byte of every string), was most of the
//! time a thousand-item page spent in the writer. The text is byte for byte what
//! `ddb_json::item_to_json` and `plain_json::item_to_plain_json` render: the tests compare them.

use std::collections::BTreeMap;
use std::io::{self, Write};

use base64::Engine as _;
use base64::engine::general_purpose::STANDARD as BASE64;

use super::escape::{escape_json_for_terminal, json_needs_terminal_escape};
use super::json_string::push_json_string;
use crate::cli::args::OutputFormat;
use crate::domain::number::Number;
use crate::domain::value::{AttrValue, Item};

/// One item per line in `format` (plain or DynamoDB JSON), with a buffer reused between lines.
pub(super) struct LineWriter {
    format: OutputFormat,
    line: String,
}

impl LineWriter {
    pub(super) fn new(format: OutputFormat) -> Self {
        Self {
            format,
            line: String::with_capacity(1024),
        }
    }

    /// `item` as one line of JSON without the newline, escaped for a terminal.
    pub(super) fn render(&mut self, item: &Item) -> &str {
        self.line.clear();
        match self.format {
            OutputFormat::Ddb => push_ddb_item(&mut self.line, item),
            OutputFormat::Json | OutputFormat::Table => push_plain_item(&mut self.line, item),
        }
        // Both writers escape C0 inside strings; only DEL, C1 and bidi controls remain.
        if json_needs_terminal_escape(&self.line) {
            self.line = escape_json_for_terminal(std::mem::take(&mut self.line));
        }
        &self.line
    }

    pub(super) fn write(&mut self, out: &mut impl Write, item: &Item) -> io::Result<()> {
        out.write_all(self.render(item).as_bytes())?;
        out.write_all(b"\n")
    }
}

/// An attribute map in DynamoDB JSON: `{"name":{"S":"x"},…}`.
fn push_ddb_item(out: &mut String, item: &BTreeMap<String, AttrValue>) {
    push_object(out, item, push_ddb_value);
}

/// `{"name":value,…}`, each value written by `push_value`.
fn push_object(
    out: &mut String,
    item: &BTreeMap<String, AttrValue>,
    push_value: fn(&mut String, &AttrValue),
) {
    out.push('{');
    for (position, (name, value)) in item.iter().enumerate() {
        if position > 0 {
            out.push(',');
        }
        push_json_string(out, name);
        out.push(':');
        push_value(out, value);
    }
    out.push('}');
}

/// One value in DynamoDB JSON: an object of one type tag.
fn push_ddb_value(out: &mut String, value: &AttrValue) {
    match value {
        AttrValue::S(text) => {
            out.push_str("{\"S\":");
            push_json_string(out, text);
        }
        AttrValue::N(number) => {
            out.push_str("{\"N\":");
            push_number_string(out, number);
        }
        AttrValue::B(bytes) => {
            out.push_str("{\"B\":");
            push_base64_string(out, bytes);
        }
        AttrValue::Bool(flag) => out.push_str(if *flag {
            "{\"BOOL\":true"
        } else {
            "{\"BOOL\":false"
        }),
        AttrValue::Null => out.push_str("{\"NULL\":true"),
        AttrValue::M(map) => {
            out.push_str("{\"M\":");
            push_ddb_item(out, map);
        }
        AttrValue::L(list) => {
            out.push_str("{\"L\":");
            push_array(out, list, push_ddb_value);
        }
        AttrValue::Ss(set) => {
            out.push_str("{\"SS\":");
            push_array(out, set, |out, text| push_json_string(out, text));
        }
        AttrValue::Ns(set) => {
            out.push_str("{\"NS\":");
            push_array(out, set, push_number_string);
        }
        AttrValue::Bs(set) => {
            out.push_str("{\"BS\":");
            push_array(out, set, |out, bytes| push_base64_string(out, bytes));
        }
    }
    out.push('}');
}

/// `[a,b,…]`, each element written by `push`.
fn push_array<'a, T: 'a>(
    out: &mut String,
    elements: impl IntoIterator<Item = &'a T>,
    push: impl Fn(&mut String, &'a T),
) {
    out.push('[');
    for (position, element) in elements.into_iter().enumerate() {
        if position > 0 {
            out.push(',');
        }
        push(out, element);
    }
    out.push(']');
}

/// A number's exact text as a JSON string (digits, a sign and a point: nothing to escape).
fn push_number_string(out: &mut String, number: &Number) {
    out.push('"');
    out.push_str(number.plain_text().as_str());
    out.push('"');
}

/// Bytes as a base64 JSON string (the base64 alphabet needs no escape).
fn push_base64_string(out: &mut String, bytes: &[u8]) {
    out.push('"');
    BASE64.encode_string(bytes, out);
    out.push('"');
}

/// An attribute map as plain JSON: `{"name":"x","n":12,…}`.
fn push_plain_item(out: &mut String, item: &BTreeMap<String, AttrValue>) {
    push_object(out, item, push_plain_value);
}

/// One value as compact plain JSON, escaped for a terminal: a table cell's text for documents
/// and sets.
pub(super) fn plain_json_text(value: &AttrValue) -> String {
    let mut text = String::new();
    push_plain_value(&mut text, value);
    escape_json_for_terminal(text)
}

fn push_plain_value(out: &mut String, value: &AttrValue) {
    match value {
        AttrValue::S(text) => push_json_string(out, text),
        AttrValue::N(number) => push_plain_number(out, number),
        AttrValue::B(bytes) => push_base64_string(out, bytes),
        AttrValue::Bool(flag) => out.push_str(if *flag { "true" } else { "false" }),
        AttrValue::Null => out.push_str("null"),
        AttrValue::M(map) => push_plain_item(out, map),
        AttrValue::L(list) => push_array(out, list, push_plain_value),
        AttrValue::Ss(set) => push_array(out, set, |out, text| push_json_string(out, text)),
        AttrValue::Ns(set) => push_array(out, set, push_plain_number),
        AttrValue::Bs(set) => push_array(out, set, |out, bytes| push_base64_string(out, bytes)),
    }
}

/// A number with every digit as a JSON number, or as a string should its text ever not read as
/// a JSON number, exactly as `plain_json` renders it (the crate enables serde_json's
/// `arbitrary_precision`, so a JSON number is written as its text).
fn push_plain_number(out: &mut String, number: &Number) {
    let text = number.plain_text();
    if is_json_number(text.as_str()) {
        out.push_str(text.as_str());
    } else {
        push_json_string(out, text.as_str());
    }
}

/// True when `text` is a number in JSON's grammar: `-?(0|[1-9][0-9]*)(.[0-9]+)?([eE][+-]?[0-9]+)?`.
/// Asking serde_json to parse it cost more than writing the rest of the line.
fn is_json_number(text: &str) -> bool {
    let digits = |text: &[u8]| text.iter().take_while(|byte| byte.is_ascii_digit()).count();
    let mut rest = text.as_bytes();
    rest = rest.strip_prefix(b"-").unwrap_or(rest);
    let whole = digits(rest);
    if whole == 0 || (whole > 1 && rest.first() == Some(&b'0')) {
        return false;
    }
    rest = &rest[whole..];
    if let Some(fraction) = rest.strip_prefix(b".") {
        let count = digits(fraction);
        if count == 0 {
            return false;
        }
        rest = &fraction[count..];
    }
    if let Some(exponent) = rest.strip_prefix(b"e").or_else(|| rest.strip_prefix(b"E")) {
        let exponent = (exponent
            .strip_prefix(b"+")
            .or_else(|| exponent.strip_prefix(b"-")))
        .unwrap_or(exponent);
        let count = digits(exponent);
        if count == 0 {
            return false;
        }
        rest = &exponent[count..];
    }
    rest.is_empty()
}

#[cfg(test)]
#[path = "json_lines_tests.rs"]
mod tests;
