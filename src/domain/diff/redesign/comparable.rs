//! Two items of two designs compared: without the attributes that hold each design's keys
//! (they differ by design), with the fields their keys decode to as if they were attributes, so
//! a field that moved between a key and a plain attribute is compared with itself.

use std::collections::BTreeSet;

use super::design::{Decoded, Design};
use crate::domain::diff::{AttributeDiff, compare_items};
use crate::domain::number::Number;
use crate::domain::value::{AttrValue, Item};

/// One side of a pair: its design and its item.
pub type Sided<'a, 'm> = (&'a Design<'m>, &'a Item);

/// Every difference between `source` and `target` as their designs read them; `ignore` leaves
/// attributes (and fields) out by name.
#[must_use]
pub fn compare_designed(
    source: Sided<'_, '_>,
    target: Sided<'_, '_>,
    ignore: &BTreeSet<String>,
) -> Vec<AttributeDiff> {
    let (mut old, old_decoded) = comparable(source);
    let (mut new, new_decoded) = comparable(target);
    reconcile(&mut old, &old_decoded, &new);
    reconcile(&mut new, &new_decoded, &old);
    compare_items(&old, &new, ignore)
}

/// `item` without its design's key attributes, with each decoded key field the item does not
/// also hold as an attribute; and the names of the fields taken from its keys.
fn comparable((design, item): Sided<'_, '_>) -> (Item, BTreeSet<String>) {
    let mut plain: Item = item
        .iter()
        .filter(|(name, _)| !design.key_attributes.contains(*name))
        .map(|(name, value)| (name.clone(), value.clone()))
        .collect();
    let mut from_keys = BTreeSet::new();
    if let Some(Decoded { fields, .. }) = design.decode(item) {
        for (field, value) in fields {
            if !plain.contains_key(&field) {
                plain.insert(field.clone(), AttrValue::s(value));
                from_keys.insert(field);
            }
        }
    }
    (plain, from_keys)
}

/// A key holds text only: a field read from a key as `42` is the number 42 when the other
/// design stores it as a number, rather than a change of type nobody made.
fn reconcile(item: &mut Item, from_keys: &BTreeSet<String>, other: &Item) {
    for field in from_keys {
        let (Some(AttrValue::S(text)), Some(AttrValue::N(number))) =
            (item.get(field), other.get(field))
        else {
            continue;
        };
        if Number::parse(text).ok().as_ref() == Some(number) {
            item.insert(field.clone(), AttrValue::N(number.clone()));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::model::Model;
    use crate::domain::schema::{KeyAttribute, KeySchema};
    use crate::domain::value::ValueType;

    fn key() -> KeySchema {
        KeySchema::new(
            KeyAttribute::new("PK", ValueType::S),
            Some(KeyAttribute::new("SK", ValueType::S)),
        )
    }

    fn model(text: &str) -> Model {
        Model::parse(text, "m.toml").unwrap_or_else(|error| panic!("{error}"))
    }

    fn item(pairs: &[(&str, AttrValue)]) -> Item {
        pairs
            .iter()
            .map(|(name, value)| ((*name).to_owned(), value.clone()))
            .collect()
    }

    #[test]
    fn a_field_moved_from_an_attribute_into_the_key_is_compared_with_itself() {
        let old = model(
            "[[entity]]\nname = \"Order\"\npk = \"USER#{userId}\"\nsk = \"ORDER#{orderId}\"\n",
        );
        let new = model(
            "[[entity]]\nname = \"Order\"\npk = \"CUSTOMER#{userId}\"\nsk = \"ORD#{orderDate}#{orderId}\"\n",
        );
        let (old, new) = (Design::new(&old, &key()), Design::new(&new, &key()));
        let before = item(&[
            ("PK", AttrValue::s("USER#u1")),
            ("SK", AttrValue::s("ORDER#7")),
            ("orderDate", AttrValue::s("2026-07-01")),
            ("total", AttrValue::n(5)),
        ]);
        let after = item(&[
            ("PK", AttrValue::s("CUSTOMER#u1")),
            ("SK", AttrValue::s("ORD#2026-07-01#7")),
            ("total", AttrValue::n(5)),
        ]);
        let none = BTreeSet::new();
        assert_eq!(compare_designed((&old, &before), (&new, &after), &none), []);

        let mut moved = after.clone();
        moved.insert("SK".into(), AttrValue::s("ORD#2026-07-02#7"));
        let found = compare_designed((&old, &before), (&new, &moved), &none);
        let paths: Vec<&str> = found.iter().map(|diff| diff.path.as_str()).collect();
        assert_eq!(paths, ["orderDate"]);

        let mut dateless = before.clone();
        dateless.remove("orderDate");
        let found = compare_designed((&old, &dateless), (&new, &after), &none);
        assert_eq!(found[0].kind(), "missing in the source");
    }

    #[test]
    fn a_number_read_from_a_key_equals_the_number_stored_as_an_attribute() {
        let old = model("[[entity]]\nname = \"Seat\"\npk = \"SEAT#{row}\"\n");
        let new = model("[[entity]]\nname = \"Seat\"\npk = \"S#{row}\"\n");
        let (old, new) = (Design::new(&old, &key()), Design::new(&new, &key()));
        let before = item(&[("PK", AttrValue::s("SEAT#042")), ("SK", AttrValue::s("x"))]);
        let after = item(&[
            ("PK", AttrValue::s("S#042")),
            ("SK", AttrValue::s("x")),
            ("row", AttrValue::n(42)),
        ]);
        assert_eq!(
            compare_designed((&old, &before), (&new, &after), &BTreeSet::new()),
            []
        );
    }
}
