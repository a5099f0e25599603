//! Items and their typed values (`{"S": "…"}`, `{"N": "…"}`, `{"M": {…}}`, …) read straight from
//! the body into domain values, with the rules the serde-based decoder had: exactly one known
//! type per value, numbers DynamoDB could store, padded standard base64, and for a name given
//! twice the last value.

use std::collections::BTreeSet;

use base64::Engine as _;
use base64::engine::general_purpose::STANDARD as BASE64;

use super::scanner::{Declined, Scanner};
use crate::domain::number::Number;
use crate::domain::value::{AttrValue, Item, ValueType};

/// The `Items` list; `expected` is the `Count` read before it, if any, to size the page once.
pub(super) fn items(scanner: &mut Scanner<'_>, expected: usize) -> Result<Vec<Item>, Declined> {
    let mut items = Vec::with_capacity(expected);
    // The items of a page mostly share a shape: each is sized like the one before.
    let mut attributes = 8;
    scanner.array(|scanner| {
        let item = attribute_map(scanner, attributes)?;
        attributes = item.len();
        items.push(item);
        Ok(())
    })?;
    Ok(items)
}

/// An item, such as `LastEvaluatedKey`.
pub(super) fn item(scanner: &mut Scanner<'_>) -> Result<Item, Declined> {
    attribute_map(scanner, 4)
}

/// An item, or the attribute map of an `M` value, of about `expected` attributes.
fn attribute_map(scanner: &mut Scanner<'_>, expected: usize) -> Result<Item, Declined> {
    if expected <= LEAF_CAPACITY {
        small_map(scanner)
    } else {
        large_map(scanner, Vec::with_capacity(expected))
    }
}

/// Attributes a map holds in one B-tree node, a leaf; beyond, inserting splits nodes.
const LEAF_CAPACITY: usize = 11;

/// A map expected to fit one leaf, inserted into as it is read: a few name comparisons cost
/// less than collecting, sorting and bulk-building. Past a leaf's worth it goes on as
/// [`large_map`].
fn small_map(scanner: &mut Scanner<'_>) -> Result<Item, Declined> {
    let mut map = Item::new();
    if scanner.open_object()? {
        return Ok(map);
    }
    loop {
        let name = scanner.key()?.into_owned();
        // A name given twice keeps its last value, as the oracle does.
        map.insert(name, typed_value(scanner)?);
        if scanner.object_closed()? {
            return Ok(map);
        }
        if map.len() == LEAF_CAPACITY {
            let mut attributes: Vec<_> = map.into_iter().collect();
            attributes.reserve(LEAF_CAPACITY);
            return members(scanner, attributes);
        }
    }
}

/// A map read whole into `attributes`, then built at once.
fn large_map(
    scanner: &mut Scanner<'_>,
    attributes: Vec<(String, AttrValue)>,
) -> Result<Item, Declined> {
    if scanner.open_object()? {
        return Ok(Item::from_iter(attributes));
    }
    members(scanner, attributes)
}

/// The members after an object's opening brace, added to `attributes` in the order read.
fn members(
    scanner: &mut Scanner<'_>,
    mut attributes: Vec<(String, AttrValue)>,
) -> Result<Item, Declined> {
    loop {
        let name = scanner.key()?.into_owned();
        attributes.push((name, typed_value(scanner)?));
        if scanner.object_closed()? {
            break;
        }
    }
    // Built at once from the attributes sorted: inserting them one by one cost a third of the
    // decoding in name comparisons and node splits. The sort is stable and a name given twice
    // keeps its last value, as inserting did.
    Ok(Item::from_iter(attributes))
}

/// One typed value: an object with one member, named after the type.
fn typed_value(scanner: &mut Scanner<'_>) -> Result<AttrValue, Declined> {
    let value = match open_typed(scanner)? {
        ValueType::S => AttrValue::S(scanner.string()?.into_owned()),
        ValueType::N => AttrValue::N(number(scanner)?),
        ValueType::B => AttrValue::B(binary(scanner)?),
        ValueType::Bool => AttrValue::Bool(boolean(scanner)?),
        // The SDK reads `{"NULL": false}` as NULL too: a stored NULL has no other value.
        ValueType::Null => {
            boolean(scanner)?;
            AttrValue::Null
        }
        ValueType::M => AttrValue::M(attribute_map(scanner, 4)?),
        ValueType::L => AttrValue::L(list(scanner)?),
        ValueType::Ss => AttrValue::Ss(set(scanner, |scanner| Ok(scanner.string()?.into_owned()))?),
        ValueType::Ns => AttrValue::Ns(set(scanner, number)?),
        ValueType::Bs => AttrValue::Bs(set(scanner, binary)?),
    };
    // A second member, whatever it is, makes a value with two types: declined.
    if scanner.object_closed()? {
        Ok(value)
    } else {
        Err(Declined)
    }
}

/// The opening of a typed value, `{"S":`, read at once as DynamoDB writes it: its type.
fn open_typed(scanner: &mut Scanner<'_>) -> Result<ValueType, Declined> {
    let (tag, length) = match scanner.rest() {
        [b'{', b'"', b'S', b'"', b':', ..] => (ValueType::S, 5),
        [b'{', b'"', b'N', b'"', b':', ..] => (ValueType::N, 5),
        [b'{', b'"', b'M', b'"', b':', ..] => (ValueType::M, 5),
        [b'{', b'"', b'L', b'"', b':', ..] => (ValueType::L, 5),
        [b'{', b'"', b'B', b'O', b'O', b'L', b'"', b':', ..] => (ValueType::Bool, 8),
        [b'{', b'"', b'S', b'S', b'"', b':', ..] => (ValueType::Ss, 6),
        _ => {
            // Spaces, an empty object, or a rarer type: read step by step.
            if scanner.open_object()? {
                return Err(Declined);
            }
            return tag(scanner);
        }
    };
    scanner.open_object_matched(length)?;
    Ok(tag)
}

/// A value's type descriptor and the colon after it.
fn tag(scanner: &mut Scanner<'_>) -> Result<ValueType, Declined> {
    // DynamoDB writes descriptors plainly, so they are matched as bytes; a descriptor spelled
    // with escapes or spaces is read as any other name.
    let (tag, length) = match scanner.rest() {
        [b'"', b'S', b'"', b':', ..] => (ValueType::S, 4),
        [b'"', b'N', b'"', b':', ..] => (ValueType::N, 4),
        [b'"', b'M', b'"', b':', ..] => (ValueType::M, 4),
        [b'"', b'L', b'"', b':', ..] => (ValueType::L, 4),
        [b'"', b'B', b'"', b':', ..] => (ValueType::B, 4),
        [b'"', b'S', b'S', b'"', b':', ..] => (ValueType::Ss, 5),
        [b'"', b'N', b'S', b'"', b':', ..] => (ValueType::Ns, 5),
        [b'"', b'B', b'S', b'"', b':', ..] => (ValueType::Bs, 5),
        [b'"', b'B', b'O', b'O', b'L', b'"', b':', ..] => (ValueType::Bool, 7),
        [b'"', b'N', b'U', b'L', b'L', b'"', b':', ..] => (ValueType::Null, 7),
        _ => return ValueType::from_descriptor(&scanner.key()?).ok_or(Declined),
    };
    scanner.skip(length);
    Ok(tag)
}

fn list(scanner: &mut Scanner<'_>) -> Result<Vec<AttrValue>, Declined> {
    let mut list = Vec::new();
    scanner.array(|scanner| {
        list.push(typed_value(scanner)?);
        Ok(())
    })?;
    Ok(list)
}

fn set<T: Ord>(
    scanner: &mut Scanner<'_>,
    element: fn(&mut Scanner<'_>) -> Result<T, Declined>,
) -> Result<BTreeSet<T>, Declined> {
    let mut set = BTreeSet::new();
    scanner.array(|scanner| {
        set.insert(element(scanner)?);
        Ok(())
    })?;
    Ok(set)
}

/// A number as DynamoDB writes it, a JSON string, parsed from the body without copying it.
fn number(scanner: &mut Scanner<'_>) -> Result<Number, Declined> {
    Number::parse(&scanner.string()?).map_err(|_| Declined)
}

/// Binary as DynamoDB writes it: standard, padded base64.
fn binary(scanner: &mut Scanner<'_>) -> Result<Vec<u8>, Declined> {
    BASE64.decode(&*scanner.string()?).map_err(|_| Declined)
}

fn boolean(scanner: &mut Scanner<'_>) -> Result<bool, Declined> {
    if scanner.literal(b"true") {
        Ok(true)
    } else if scanner.literal(b"false") {
        Ok(false)
    } else {
        Err(Declined)
    }
}
