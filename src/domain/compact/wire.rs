//! The byte form of attribute values shared by the engine's stored items and the explorer's
//! compact items: a tag byte per value, LEB128 lengths, strings and binaries raw, numbers as
//! their normalised text (so never through `f64`), sets as their members and maps as their
//! entries. Top-level attribute names are numbers in an [`AttributeNames`] dictionary, or
//! spelled out once it is full; nested names are always spelled out.

use std::collections::{BTreeMap, BTreeSet};

use crate::domain::compact::AttributeNames;
use crate::domain::number::Number;
use crate::domain::value::AttrValue;

const TAG_S: u8 = 0;
const TAG_N: u8 = 1;
const TAG_B: u8 = 2;
const TAG_TRUE: u8 = 3;
const TAG_FALSE: u8 = 4;
const TAG_NULL: u8 = 5;
const TAG_M: u8 = 6;
const TAG_L: u8 = 7;
const TAG_SS: u8 = 8;
const TAG_NS: u8 = 9;
const TAG_BS: u8 = 10;

pub fn write_len(out: &mut Vec<u8>, mut len: usize) {
    // LEB128: one byte for the short names and values that dominate real items.
    loop {
        let low = (len & 0x7f) as u8;
        len >>= 7;
        if len == 0 {
            out.push(low);
            return;
        }
        out.push(low | 0x80);
    }
}

fn write_bytes(out: &mut Vec<u8>, bytes: &[u8]) {
    write_len(out, bytes.len());
    out.extend_from_slice(bytes);
}

/// A top-level attribute name: its number, shifted left, or past a full dictionary its length,
/// shifted left with the low bit set, then its bytes.
pub fn write_name(out: &mut Vec<u8>, name: &str, names: &mut AttributeNames) {
    match names.number(name) {
        Some(number) => write_len(out, (number as usize) << 1),
        None => {
            write_len(out, (name.len() << 1) | 1);
            out.extend_from_slice(name.as_bytes());
        }
    }
}

/// A number as its normalised text.
fn write_number(out: &mut Vec<u8>, number: &Number) {
    write_bytes(out, number.plain_text().as_str().as_bytes());
}

fn write_map(out: &mut Vec<u8>, map: &BTreeMap<String, AttrValue>) {
    write_len(out, map.len());
    for (name, value) in map {
        write_bytes(out, name.as_bytes());
        write_value(out, value);
    }
}

pub fn write_value(out: &mut Vec<u8>, value: &AttrValue) {
    match value {
        AttrValue::S(text) => {
            out.push(TAG_S);
            write_bytes(out, text.as_bytes());
        }
        AttrValue::N(number) => {
            out.push(TAG_N);
            write_number(out, number);
        }
        AttrValue::B(bytes) => {
            out.push(TAG_B);
            write_bytes(out, bytes);
        }
        AttrValue::Bool(true) => out.push(TAG_TRUE),
        AttrValue::Bool(false) => out.push(TAG_FALSE),
        AttrValue::Null => out.push(TAG_NULL),
        AttrValue::M(map) => {
            out.push(TAG_M);
            write_map(out, map);
        }
        AttrValue::L(list) => {
            out.push(TAG_L);
            write_len(out, list.len());
            for element in list {
                write_value(out, element);
            }
        }
        AttrValue::Ss(set) => {
            out.push(TAG_SS);
            write_len(out, set.len());
            for text in set {
                write_bytes(out, text.as_bytes());
            }
        }
        AttrValue::Ns(set) => {
            out.push(TAG_NS);
            write_len(out, set.len());
            for number in set {
                write_number(out, number);
            }
        }
        AttrValue::Bs(set) => {
            out.push(TAG_BS);
            write_len(out, set.len());
            for bytes in set {
                write_bytes(out, bytes);
            }
        }
    }
}

/// Reads values back from their bytes; every read is `None` on bytes this module did not write.
pub struct Reader<'a> {
    bytes: &'a [u8],
}

impl<'a> Reader<'a> {
    #[must_use]
    pub fn new(bytes: &'a [u8]) -> Self {
        Self { bytes }
    }

    /// True once every byte was read.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.bytes.is_empty()
    }

    fn byte(&mut self) -> Option<u8> {
        let (&first, rest) = self.bytes.split_first()?;
        self.bytes = rest;
        Some(first)
    }

    pub fn len(&mut self) -> Option<usize> {
        let mut value = 0usize;
        for shift in (0..64).step_by(7) {
            let byte = self.byte()?;
            value |= usize::from(byte & 0x7f) << shift;
            if byte & 0x80 == 0 {
                return Some(value);
            }
        }
        None
    }

    fn slice(&mut self) -> Option<&'a [u8]> {
        let len = self.len()?;
        self.bytes(len)
    }

    fn string(&mut self) -> Option<String> {
        std::str::from_utf8(self.slice()?).ok().map(str::to_owned)
    }

    fn number(&mut self) -> Option<Number> {
        Number::parse(std::str::from_utf8(self.slice()?).ok()?).ok()
    }

    fn bytes(&mut self, len: usize) -> Option<&'a [u8]> {
        if len > self.bytes.len() {
            return None;
        }
        let (head, rest) = self.bytes.split_at(len);
        self.bytes = rest;
        Some(head)
    }

    /// An attribute name: a top-level one as [`write_name`] wrote it (`names` given), a nested
    /// one spelled out.
    pub fn name<'n>(&mut self, names: Option<&'n AttributeNames>) -> Option<&'n str>
    where
        'a: 'n,
    {
        let Some(names) = names else {
            return std::str::from_utf8(self.slice()?).ok();
        };
        let tag = self.len()?;
        if tag & 1 == 0 {
            return names.name(tag >> 1);
        }
        std::str::from_utf8(self.bytes(tag >> 1)?).ok()
    }

    pub fn entries(
        &mut self,
        names: Option<&AttributeNames>,
        keep: &impl Fn(&str) -> bool,
    ) -> Option<Vec<(String, AttrValue)>> {
        let count = self.len()?;
        let mut entries = Vec::with_capacity(count.min(self.bytes.len()) + 2);
        for _ in 0..count {
            let name = self.name(names)?;
            if keep(name) {
                let name = name.to_owned();
                let value = self.value()?;
                entries.push((name, value));
            } else {
                self.skip_value()?;
            }
        }
        Some(entries)
    }

    fn map(&mut self) -> Option<BTreeMap<String, AttrValue>> {
        Some(self.entries(None, &|_| true)?.into_iter().collect())
    }

    /// Moves past one value without building it.
    pub fn skip_value(&mut self) -> Option<()> {
        match self.byte()? {
            TAG_S | TAG_N | TAG_B => {
                self.slice()?;
            }
            TAG_TRUE | TAG_FALSE | TAG_NULL => {}
            TAG_M => {
                for _ in 0..self.len()? {
                    self.slice()?;
                    self.skip_value()?;
                }
            }
            TAG_L => {
                for _ in 0..self.len()? {
                    self.skip_value()?;
                }
            }
            TAG_SS | TAG_NS | TAG_BS => {
                for _ in 0..self.len()? {
                    self.slice()?;
                }
            }
            _ => return None,
        }
        Some(())
    }

    pub fn value(&mut self) -> Option<AttrValue> {
        Some(match self.byte()? {
            TAG_S => AttrValue::S(self.string()?),
            TAG_N => AttrValue::N(self.number()?),
            TAG_B => AttrValue::B(self.slice()?.to_vec()),
            TAG_TRUE => AttrValue::Bool(true),
            TAG_FALSE => AttrValue::Bool(false),
            TAG_NULL => AttrValue::Null,
            TAG_M => AttrValue::M(self.map()?),
            TAG_L => {
                let count = self.len()?;
                let mut list = Vec::with_capacity(count.min(self.bytes.len()));
                for _ in 0..count {
                    list.push(self.value()?);
                }
                AttrValue::L(list)
            }
            TAG_SS => AttrValue::Ss(self.set(Self::string)?),
            TAG_NS => AttrValue::Ns(self.set(Self::number)?),
            TAG_BS => AttrValue::Bs(self.set(|reader| reader.slice().map(<[u8]>::to_vec))?),
            _ => return None,
        })
    }

    fn set<T: Ord>(&mut self, element: impl Fn(&mut Self) -> Option<T>) -> Option<BTreeSet<T>> {
        let count = self.len()?;
        let mut set = BTreeSet::new();
        for _ in 0..count {
            set.insert(element(self)?);
        }
        Some(set)
    }
}
