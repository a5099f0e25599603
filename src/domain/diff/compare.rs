//! What differs between two items, attribute by attribute and into nested maps and lists. Values
//! compare as DynamoDB stores them: numbers by value at full precision, sets without regard to
//! order, binary byte for byte, an empty string as a value. A change of type (a number written as
//! a string, a set turned into a list) is a difference of its own and is named as one.

use std::collections::BTreeSet;

use crate::domain::value::{AttrValue, Item};

/// One attribute (or nested path, `a.b[2]`) whose value differs between the two sides.
#[derive(Clone, Debug, PartialEq)]
pub struct AttributeDiff {
    pub path: String,
    /// `None`: the attribute is missing on that side.
    pub source: Option<AttrValue>,
    pub target: Option<AttrValue>,
}

impl AttributeDiff {
    /// What kind of difference this is, in words.
    #[must_use]
    pub fn kind(&self) -> String {
        match (&self.source, &self.target) {
            (Some(_), None) => "missing in the target".to_owned(),
            (None, Some(_)) => "missing in the source".to_owned(),
            (Some(source), Some(target)) if source.value_type() != target.value_type() => {
                format!(
                    "type changed: {} in the source, {} in the target",
                    source.value_type(),
                    target.value_type()
                )
            }
            _ => "value changed".to_owned(),
        }
    }
}

/// Every difference between `source` and `target`, in path order; attributes named in `ignore`
/// (top level) are left out.
#[must_use]
pub fn compare_items(
    source: &Item,
    target: &Item,
    ignore: &BTreeSet<String>,
) -> Vec<AttributeDiff> {
    let mut found = Vec::new();
    let names: BTreeSet<&String> = source.keys().chain(target.keys()).collect();
    for name in names.into_iter().filter(|name| !ignore.contains(*name)) {
        compare_values(name.clone(), source.get(name), target.get(name), &mut found);
    }
    found
}

fn compare_values(
    path: String,
    source: Option<&AttrValue>,
    target: Option<&AttrValue>,
    found: &mut Vec<AttributeDiff>,
) {
    match (source, target) {
        (Some(a), Some(b)) if a == b => {}
        (Some(AttrValue::M(a)), Some(AttrValue::M(b))) => {
            let names: BTreeSet<&String> = a.keys().chain(b.keys()).collect();
            for name in names {
                compare_values(format!("{path}.{name}"), a.get(name), b.get(name), found);
            }
        }
        (Some(AttrValue::L(a)), Some(AttrValue::L(b))) if a.len() == b.len() => {
            for (position, (x, y)) in a.iter().zip(b).enumerate() {
                compare_values(format!("{path}[{position}]"), Some(x), Some(y), found);
            }
        }
        (None, None) => {}
        (source, target) => found.push(AttributeDiff {
            path,
            source: source.cloned(),
            target: target.cloned(),
        }),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::number::Number;

    fn number(text: &str) -> AttrValue {
        AttrValue::N(Number::parse(text).expect("a number"))
    }

    fn item(pairs: Vec<(&str, AttrValue)>) -> Item {
        pairs
            .into_iter()
            .map(|(name, value)| (name.to_owned(), value))
            .collect()
    }

    #[test]
    fn numbers_compare_at_full_precision_and_sets_without_order() {
        let a = item(vec![
            ("n", number("12345678901234567890123456789012345678")),
            ("tags", AttrValue::Ss(["b".into(), "a".into()].into())),
            ("empty", AttrValue::s("")),
        ]);
        let mut b = a.clone();
        assert!(compare_items(&a, &b, &BTreeSet::new()).is_empty());
        b.insert("n".into(), number("12345678901234567890123456789012345679"));
        let found = compare_items(&a, &b, &BTreeSet::new());
        assert_eq!(found.len(), 1);
        assert_eq!(found[0].path, "n");
        assert_eq!(found[0].kind(), "value changed");
    }

    #[test]
    fn a_type_change_is_named_and_nested_paths_are_followed() {
        let a = item(vec![
            ("qty", number("5")),
            ("tags", AttrValue::Ss(["x".into()].into())),
            (
                "address",
                AttrValue::M(item(vec![("city", AttrValue::s("Oslo"))])),
            ),
            (
                "lines",
                AttrValue::L(vec![AttrValue::s("a"), AttrValue::s("b")]),
            ),
            ("updatedAt", AttrValue::s("1")),
        ]);
        let b = item(vec![
            ("qty", AttrValue::s("5")),
            ("tags", AttrValue::L(vec![AttrValue::s("x")])),
            (
                "address",
                AttrValue::M(item(vec![("city", AttrValue::s("Bergen"))])),
            ),
            (
                "lines",
                AttrValue::L(vec![AttrValue::s("a"), AttrValue::s("c")]),
            ),
            ("extra", AttrValue::Bool(true)),
            ("updatedAt", AttrValue::s("2")),
        ]);
        let ignore: BTreeSet<String> = ["updatedAt".to_owned()].into();
        let found = compare_items(&a, &b, &ignore);
        let described: Vec<(String, String)> = found
            .iter()
            .map(|diff| (diff.path.clone(), diff.kind()))
            .collect();
        assert_eq!(
            described,
            [
                ("address.city".to_owned(), "value changed".to_owned()),
                ("extra".to_owned(), "missing in the source".to_owned()),
                ("lines[1]".to_owned(), "value changed".to_owned()),
                (
                    "qty".to_owned(),
                    "type changed: N in the source, S in the target".to_owned()
                ),
                (
                    "tags".to_owned(),
                    "type changed: SS in the source, L in the target".to_owned()
                ),
            ]
        );
    }
}
