//! The serde-based decoder the hand-written one replaced, kept as the oracle its tests compare
//! against: same bodies accepted, same items read, same bodies declined.

use std::collections::BTreeSet;
use std::fmt;

use base64::Engine as _;
use base64::engine::general_purpose::STANDARD as BASE64;
use serde::Deserialize;
use serde::de::{self, DeserializeSeed, Deserializer, IgnoredAny, MapAccess, SeqAccess, Visitor};

use super::BodyPage;
use super::capacity::WireCapacity;
use crate::backend::Page;
use crate::domain::number::Number;
use crate::domain::value::{AttrValue, Item, ValueType};

/// The whole body, as the serde-based decoder read it.
pub(super) fn body_page(body: &[u8]) -> Result<BodyPage, serde_json::Error> {
    let text = std::str::from_utf8(body).map_err(de::Error::custom)?;
    let mut json = serde_json::Deserializer::from_str(text);
    let page = json.deserialize_map(PageVisitor)?;
    json.end()?;
    Ok(page)
}

#[derive(Deserialize)]
#[serde(field_identifier)]
enum PageField {
    Items,
    LastEvaluatedKey,
    Count,
    ScannedCount,
    ConsumedCapacity,
    NextToken,
    #[serde(other)]
    Other,
}

struct PageVisitor;

impl<'de> Visitor<'de> for PageVisitor {
    type Value = BodyPage;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a Query or Scan response object")
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<BodyPage, A::Error> {
        let mut page = Page::default();
        let mut next_token = None;
        while let Some(field) = map.next_key()? {
            match field {
                PageField::Items => {
                    // DynamoDB writes `Count` first; when it has, the page is sized once.
                    let expected = usize::try_from(page.count).unwrap_or(0);
                    page.items = map.next_value_seed(ItemsSeed { expected })?;
                }
                PageField::LastEvaluatedKey => {
                    page.last_evaluated_key = Some(map.next_value_seed(ItemSeed)?);
                }
                PageField::Count => page.count = map.next_value()?,
                PageField::ScannedCount => page.scanned_count = map.next_value()?,
                PageField::ConsumedCapacity => {
                    page.consumed = Some(map.next_value::<WireCapacity>()?.into_domain());
                }
                PageField::NextToken => next_token = Some(map.next_value()?),
                PageField::Other => {
                    map.next_value::<IgnoredAny>()?;
                }
            }
        }
        Ok(BodyPage { page, next_token })
    }
}

struct ItemsSeed {
    expected: usize,
}

impl<'de> DeserializeSeed<'de> for ItemsSeed {
    type Value = Vec<Item>;

    fn deserialize<D: Deserializer<'de>>(self, deserializer: D) -> Result<Vec<Item>, D::Error> {
        deserializer.deserialize_seq(self)
    }
}

impl<'de> Visitor<'de> for ItemsSeed {
    type Value = Vec<Item>;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a list of items")
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Vec<Item>, A::Error> {
        let mut items = Vec::with_capacity(self.expected);
        while let Some(item) = seq.next_element_seed(ItemSeed)? {
            items.push(item);
        }
        Ok(items)
    }
}

/// An item, or the attribute map of an `M` value.
struct ItemSeed;

impl<'de> DeserializeSeed<'de> for ItemSeed {
    type Value = Item;

    fn deserialize<D: Deserializer<'de>>(self, deserializer: D) -> Result<Item, D::Error> {
        deserializer.deserialize_map(self)
    }
}

impl<'de> Visitor<'de> for ItemSeed {
    type Value = Item;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("an object of attribute name to typed value")
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Item, A::Error> {
        let mut item = Item::new();
        while let Some(name) = map.next_key::<String>()? {
            let value = map.next_value_seed(ValueSeed)?;
            item.insert(name, value);
        }
        Ok(item)
    }
}

/// A value's type descriptor, the one key of its object.
struct Tag(ValueType);

impl<'de> Deserialize<'de> for Tag {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        deserializer.deserialize_str(TextVisitor(|text: &str| {
            ValueType::from_descriptor(text)
                .map(Tag)
                .ok_or("an unknown type")
        }))
    }
}

/// One typed value: `{"S": "…"}`, `{"N": "…"}`, `{"M": {…}}`, …
struct ValueSeed;

impl<'de> DeserializeSeed<'de> for ValueSeed {
    type Value = AttrValue;

    fn deserialize<D: Deserializer<'de>>(self, deserializer: D) -> Result<AttrValue, D::Error> {
        deserializer.deserialize_map(self)
    }
}

impl<'de> Visitor<'de> for ValueSeed {
    type Value = AttrValue;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a typed attribute value")
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<AttrValue, A::Error> {
        let Some(Tag(tag)) = map.next_key()? else {
            return Err(de::Error::custom("a value without a type"));
        };
        let value = match tag {
            ValueType::S => AttrValue::S(map.next_value()?),
            ValueType::N => AttrValue::N(map.next_value::<WireNumber>()?.0),
            ValueType::B => AttrValue::B(map.next_value::<WireBinary>()?.0),
            ValueType::Bool => AttrValue::Bool(map.next_value()?),
            // The SDK reads `{"NULL": false}` as NULL too: a stored NULL has no other value.
            ValueType::Null => {
                map.next_value::<bool>()?;
                AttrValue::Null
            }
            ValueType::M => AttrValue::M(map.next_value_seed(ItemSeed)?),
            ValueType::L => AttrValue::L(map.next_value_seed(ListSeed)?),
            ValueType::Ss => AttrValue::Ss(map.next_value::<BTreeSet<String>>()?),
            ValueType::Ns => AttrValue::Ns(set_of::<WireNumber, _, _>(&mut map, |n| n.0)?),
            ValueType::Bs => AttrValue::Bs(set_of::<WireBinary, _, _>(&mut map, |b| b.0)?),
        };
        if map.next_key::<IgnoredAny>()?.is_some() {
            return Err(de::Error::custom("a value with more than one type"));
        }
        Ok(value)
    }
}

fn set_of<'de, W, T, A>(map: &mut A, unwrap: fn(W) -> T) -> Result<BTreeSet<T>, A::Error>
where
    W: Deserialize<'de>,
    T: Ord,
    A: MapAccess<'de>,
{
    Ok(map
        .next_value::<Vec<W>>()?
        .into_iter()
        .map(unwrap)
        .collect())
}

struct ListSeed;

impl<'de> DeserializeSeed<'de> for ListSeed {
    type Value = Vec<AttrValue>;

    fn deserialize<D: Deserializer<'de>>(self, deserializer: D) -> Result<Self::Value, D::Error> {
        deserializer.deserialize_seq(self)
    }
}

impl<'de> Visitor<'de> for ListSeed {
    type Value = Vec<AttrValue>;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a list of typed values")
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Self::Value, A::Error> {
        let mut list = Vec::with_capacity(seq.size_hint().unwrap_or(0));
        while let Some(value) = seq.next_element_seed(ValueSeed)? {
            list.push(value);
        }
        Ok(list)
    }
}

/// A number as DynamoDB writes it, a JSON string, parsed without copying the text.
struct WireNumber(Number);

impl<'de> Deserialize<'de> for WireNumber {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        deserializer.deserialize_str(TextVisitor(|text: &str| {
            Number::parse(text)
                .map(WireNumber)
                .map_err(|_| "an invalid number")
        }))
    }
}

/// Binary as DynamoDB writes it: standard, padded base64.
struct WireBinary(Vec<u8>);

impl<'de> Deserialize<'de> for WireBinary {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        deserializer.deserialize_str(TextVisitor(|text: &str| {
            BASE64
                .decode(text)
                .map(WireBinary)
                .map_err(|_| "invalid base64")
        }))
    }
}

/// Reads a JSON string, borrowed where the body allows, and converts it.
struct TextVisitor<F>(F);

impl<T, F: FnOnce(&str) -> Result<T, &'static str>> Visitor<'_> for TextVisitor<F> {
    type Value = T;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a string")
    }

    fn visit_str<E: de::Error>(self, text: &str) -> Result<T, E> {
        (self.0)(text).map_err(E::custom)
    }
}
