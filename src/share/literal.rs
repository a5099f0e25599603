//! The DynamoDB-typed literals the Python and JavaScript snippets write. The two languages build
//! the same structure (`{tag: body}` values, maps of placeholders) and differ only in spelling,
//! which a [`Syntax`] names.

use super::fields::Field;
use crate::domain::value::AttrValue;

/// How one language spells the pieces of a literal.
pub(super) struct Syntax {
    /// A bytes literal.
    pub bytes: fn(&[u8]) -> String,
    /// The spelling of `false` and of `true`.
    pub booleans: [&'static str; 2],
    /// An object/dict of already spelled `key: value` entries.
    pub object: fn(Vec<String>) -> String,
    /// A type tag (`S`, `BOOL`…) as an object key.
    pub tag: fn(&str) -> String,
}

impl Syntax {
    fn boolean(&self, flag: bool) -> String {
        self.booleans[usize::from(flag)].to_owned()
    }
}

/// A string literal: JSON's escapes are both Python's and JavaScript's.
pub(super) fn string(text: &str) -> String {
    serde_json::to_string(text).unwrap_or_default()
}

fn list(items: Vec<String>) -> String {
    format!("[{}]", items.join(", "))
}

/// A value in the low-level clients' AttributeValue shape: `{tag: body}`.
pub(super) fn value(syntax: &Syntax, value: &AttrValue) -> String {
    let (tag, body) = match value {
        AttrValue::S(text) => ("S", string(text)),
        AttrValue::N(number) => ("N", string(&number.to_string())),
        AttrValue::B(data) => ("B", (syntax.bytes)(data)),
        AttrValue::Bool(flag) => ("BOOL", syntax.boolean(*flag)),
        AttrValue::Null => ("NULL", syntax.boolean(true)),
        AttrValue::M(map) => (
            "M",
            (syntax.object)(
                map.iter()
                    .map(|(key, item)| format!("{}: {}", string(key), self::value(syntax, item)))
                    .collect(),
            ),
        ),
        AttrValue::L(items) => (
            "L",
            list(items.iter().map(|item| self::value(syntax, item)).collect()),
        ),
        AttrValue::Ss(set) => ("SS", list(set.iter().map(|s| string(s)).collect())),
        AttrValue::Ns(set) => (
            "NS",
            list(set.iter().map(|n| string(&n.to_string())).collect()),
        ),
        AttrValue::Bs(set) => ("BS", list(set.iter().map(|b| (syntax.bytes)(b)).collect())),
    };
    (syntax.object)(vec![format!("{}: {body}", (syntax.tag)(tag))])
}

/// A request field as a literal.
pub(super) fn field(syntax: &Syntax, field: &Field<'_>) -> String {
    match field {
        Field::Text(text) => string(text),
        Field::Names(names) => (syntax.object)(
            names
                .iter()
                .map(|(key, name)| format!("{}: {}", string(key), string(name)))
                .collect(),
        ),
        Field::Values(values) => (syntax.object)(
            values
                .iter()
                .map(|(key, item)| format!("{}: {}", string(key), value(syntax, item)))
                .collect(),
        ),
        Field::Flag(flag) => syntax.boolean(*flag),
        Field::Limit(limit) => limit.to_string(),
    }
}
