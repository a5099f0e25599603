//! Key values and their order, exactly as DynamoDB sorts them: strings by the bytes of their UTF-8
//! encoding, numbers numerically, binary as unsigned bytes.
//!
//! Partitions are stored by a hash of their key first, like the service's own storage: a Scan then
//! walks partitions in a pseudo-random but deterministic order, and the segments of a parallel
//! scan are contiguous ranges of that hash space (so they are disjoint and cover everything).

use std::cmp::Ordering;

use compact_str::CompactString;

use crate::domain::number::Number;
use crate::domain::value::{AttrValue, ValueType};

/// One key attribute value: S, N or B. Within one key position every value has the schema's type,
/// so the cross-variant order never decides anything that matters. The key is three words: a
/// row holds two to six keys, and rows are most of the engine's memory. A string of up to 24
/// bytes (nearly every real key, like `USER#usr_1042` or `2026-03-04T12:00:00Z`) is held in
/// those words instead of in an allocation of its own, which would cost 32 bytes more; numbers
/// are boxed so they fit too.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum ScalarKey {
    S(CompactString),
    N(Box<Number>),
    B(Box<[u8]>),
    /// One part (partition or sort) of a multi-attribute GSI key: its attributes' values in key
    /// order, compared left to right, each by its own type's order.
    Tuple(Box<[ScalarKey]>),
}

impl Ord for ScalarKey {
    fn cmp(&self, other: &Self) -> Ordering {
        match (self, other) {
            // `str` and `[u8]` compare bytewise and unsigned: the service's order.
            (Self::S(a), Self::S(b)) => a.as_bytes().cmp(b.as_bytes()),
            (Self::N(a), Self::N(b)) => a.cmp(b),
            (Self::B(a), Self::B(b)) => a.cmp(b),
            (Self::Tuple(a), Self::Tuple(b)) => a.cmp(b),
            _ => self.rank().cmp(&other.rank()),
        }
    }
}

impl PartialOrd for ScalarKey {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl ScalarKey {
    fn rank(&self) -> u8 {
        match self {
            Self::S(_) => 0,
            Self::N(_) => 1,
            Self::B(_) => 2,
            Self::Tuple(_) => 3,
        }
    }

    /// The key of one key part from its attributes' values in key order: the value itself for
    /// one attribute, a tuple for several.
    #[must_use]
    pub fn of_part(mut values: Vec<ScalarKey>) -> Self {
        if values.len() == 1
            && let Some(value) = values.pop()
        {
            return value;
        }
        Self::Tuple(values.into())
    }

    /// The key form of an attribute value, or `None` when the value is not S, N or B.
    #[must_use]
    pub fn from_value(value: &AttrValue) -> Option<Self> {
        match value {
            AttrValue::S(text) => Some(Self::S(text.as_str().into())),
            AttrValue::N(number) => Some(Self::N(Box::new(number.clone()))),
            AttrValue::B(bytes) => Some(Self::B(bytes.as_slice().into())),
            _ => None,
        }
    }

    /// Back to an attribute value, for cursors. Table keys are never tuples; a tuple becomes
    /// a list of its values so nothing is lost should one be shown.
    #[must_use]
    pub fn to_value(&self) -> AttrValue {
        match self {
            Self::S(text) => AttrValue::S(String::from(&**text)),
            Self::N(number) => AttrValue::N((**number).clone()),
            Self::B(bytes) => AttrValue::B(bytes.to_vec()),
            Self::Tuple(values) => AttrValue::L(values.iter().map(Self::to_value).collect()),
        }
    }

    /// The value type; a tuple reports the list type (it is checked attribute by attribute).
    #[must_use]
    pub fn value_type(&self) -> ValueType {
        match self {
            Self::S(_) => ValueType::S,
            Self::N(_) => ValueType::N,
            Self::B(_) => ValueType::B,
            Self::Tuple(_) => ValueType::L,
        }
    }

    /// A 32-bit FNV-1a hash of the type and the canonical bytes, stable across runs and platforms
    /// so scan order and segment membership are reproducible.
    #[must_use]
    pub fn partition_hash(&self) -> u32 {
        let mut hash: u32 = 0x811c_9dc5;
        let mut feed = |byte: u8| {
            hash ^= u32::from(byte);
            hash = hash.wrapping_mul(0x0100_0193);
        };
        feed(self.rank());
        match self {
            Self::S(text) => text.bytes().for_each(&mut feed),
            Self::N(number) => number.plain_text().as_str().bytes().for_each(&mut feed),
            Self::B(bytes) => bytes.iter().copied().for_each(&mut feed),
            // The service hashes a multi-attribute partition key's values together.
            Self::Tuple(values) => values
                .iter()
                .flat_map(|value| value.partition_hash().to_le_bytes())
                .for_each(&mut feed),
        }
        // FNV's low bits mix poorly for short keys; a final avalanche spreads them over the range
        // so segments get similar shares.
        hash ^= hash >> 16;
        hash = hash.wrapping_mul(0x7feb_352d);
        hash ^= hash >> 15;
        hash = hash.wrapping_mul(0x846c_a68b);
        hash ^ (hash >> 16)
    }
}

/// Where a partition lives: its hash first (scan order), then the key itself (uniqueness).
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct PartitionSlot {
    pub hash: u32,
    pub key: ScalarKey,
}

impl PartitionSlot {
    #[must_use]
    pub fn new(key: ScalarKey) -> Self {
        Self {
            hash: key.partition_hash(),
            key,
        }
    }
}

/// The segment (of `total`) that owns a partition hash: segment `i` owns the `i`-th equal slice of
/// the 32-bit hash space.
#[must_use]
pub fn segment_of(hash: u32, total: u32) -> u32 {
    // (hash * total) >> 32 is always below `total`.
    ((u64::from(hash) * u64::from(total)) >> 32) as u32
}

/// The lowest hash of segment `segment` of `total`.
#[must_use]
pub fn segment_start(segment: u32, total: u32) -> u64 {
    (u64::from(segment) << 32).div_ceil(u64::from(total))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn s(text: &str) -> ScalarKey {
        ScalarKey::S(text.into())
    }

    #[test]
    fn strings_order_by_utf8_bytes_not_by_case_or_locale() {
        assert!(s("A") < s("a"));
        assert!(s("z") < s("¿"));
        assert!(s("ORDER#2026-07-01") < s("ORDER#2026-07-01#ord_9"));
    }

    #[test]
    fn numbers_order_numerically_not_textually() {
        let n = |t: &str| ScalarKey::N(Box::new(Number::parse(t).expect("valid number literal")));
        assert!(n("9") < n("10"));
        assert!(n("-10") < n("-9"));
        assert!(n("0.5") < n("1"));
        assert_eq!(n("1.0"), n("1"));
    }

    #[test]
    fn a_key_is_three_words_and_so_are_its_optional_and_bounded_forms() {
        use super::super::rows::Edge;
        assert_eq!(std::mem::size_of::<ScalarKey>(), 24);
        assert!(std::mem::size_of::<Edge<Option<ScalarKey>>>() <= 24);
    }

    #[test]
    fn key_strings_of_up_to_24_bytes_need_no_allocation_and_longer_ones_survive_whole() {
        let inline =
            |key: &ScalarKey| matches!(key, ScalarKey::S(text) if !text.is_heap_allocated());
        let short = ScalarKey::from_value(&AttrValue::s("ORDER#2026-03-04#ord_501"));
        assert!(short.as_ref().is_some_and(inline));
        let long = "ORDER#2026-03-04#ord_5001".repeat(50);
        let key = ScalarKey::from_value(&AttrValue::s(long.as_str()));
        assert!(key.as_ref().is_some_and(|key| !inline(key)));
        assert_eq!(
            key.map(|key| key.to_value()),
            Some(AttrValue::s(long.as_str()))
        );
        assert_eq!(s("").to_value(), AttrValue::s(""));
    }

    #[test]
    fn binary_orders_as_unsigned_bytes() {
        let b = |bytes: &[u8]| ScalarKey::B(bytes.into());
        assert!(b(&[127]) < b(&[128]));
        assert!(b(&[0x00]) < b(&[0xff]));
        assert!(b(&[1]) < b(&[1, 0]));
    }

    #[test]
    fn every_hash_falls_in_exactly_the_segment_whose_range_contains_it() {
        for total in [1u32, 2, 3, 7, 1000, 1_000_000] {
            for hash in [0u32, 1, 12345, u32::MAX / 2, u32::MAX - 1, u32::MAX] {
                let segment = segment_of(hash, total);
                assert!(segment < total);
                assert!(segment_start(segment, total) <= u64::from(hash));
                assert!(u64::from(hash) < segment_start(segment + 1, total));
            }
        }
    }

    #[test]
    fn partition_hash_is_stable_and_spreads_similar_keys() {
        assert_eq!(s("USER#1").partition_hash(), s("USER#1").partition_hash());
        let segments: std::collections::BTreeSet<u32> = (0..64)
            .map(|i| segment_of(s(&format!("USER#{i}")).partition_hash(), 4))
            .collect();
        assert_eq!(segments.len(), 4);
    }
}
