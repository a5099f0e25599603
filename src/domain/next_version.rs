//! Writing a new version of a versioned item, as the pattern requires: the edited item becomes
//! version N+1 (a new item, so no other writer can have taken that number) and `v0`, the copy of
//! the latest, becomes the same item with its pointer naming N+1. The caller sends both in one
//! transaction, so a reader never sees `v0` ahead of the versions or behind them.

use super::number::Number;
use super::value::{AttrValue, Item};
use super::versions::Versions;

/// The two items a new version writes.
#[derive(Clone, Debug, PartialEq)]
pub struct NextVersion {
    /// The number the new version takes: one above the highest read.
    pub number: u64,
    /// Version N+1, a new item.
    pub version: Item,
    /// `v0` as read and as it becomes, when the table keeps one.
    pub latest_copy: Option<(Item, Item)>,
}

/// Why an edited item cannot become the next version.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum NextVersionError {
    /// The edit changed a key attribute: a version keeps the item's partition, and its sort key
    /// is the versions' to set.
    KeyChanged { name: String },
    /// Neither `v0` nor a numbered version was read to start from.
    NothingRead,
}

impl std::fmt::Display for NextVersionError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Self::KeyChanged { name } => write!(
                f,
                "a new version keeps the item's key, and its sort key is numbered for it: \
                 {name} was changed, so change it back"
            ),
            Self::NothingRead => f.write_str("no version was read to start from; R reads again"),
        }
    }
}

impl std::error::Error for NextVersionError {}

impl NextVersion {
    /// The items that make `edited` the version after the highest of `versions`. `edited` is the
    /// latest version as the user changed it; `key_names` are the table's key attributes (the
    /// partition key first), which it must leave as they were.
    ///
    /// # Errors
    /// When a key attribute was changed, or nothing was read to number from.
    pub fn plan(
        versions: &Versions,
        edited: &Item,
        key_names: (&str, &str),
    ) -> Result<Self, NextVersionError> {
        let base = versions
            .latest_copy
            .as_ref()
            .or_else(|| versions.versions.first().map(|version| &version.item))
            .ok_or(NextVersionError::NothingRead)?;
        let (partition, sort) = key_names;
        for name in [partition, sort] {
            if edited.get(name) != base.get(name) {
                return Err(NextVersionError::KeyChanged {
                    name: name.to_owned(),
                });
            }
        }
        let highest = versions.versions.first();
        let number = highest.map_or(1, |version| version.number + 1);
        let width = highest.map_or(1, |version| digits_width(versions, &version.item, sort));
        let mut version = edited.clone();
        let sort_key = format!("{}{number:0width$}{}", versions.key.stem, versions.key.rest);
        version.insert(sort.to_owned(), AttrValue::s(sort_key));
        let pointer = versions.pointer().map(|(name, _)| name.to_owned());
        if let Some(name) = &pointer
            && highest.is_some_and(|version| !version.item.contains_key(name))
        {
            // The numbered versions of this table do not carry the pointer: only `v0` does.
            version.remove(name);
        }
        let latest_copy = versions.latest_copy.as_ref().map(|copy| {
            let mut updated = edited.clone();
            if let Some(name) = pointer {
                updated.insert(name, version_number(number));
            }
            (copy.clone(), updated)
        });
        Ok(Self {
            number,
            version,
            latest_copy,
        })
    }
}

/// `number` as a DynamoDB number: a `u64` always fits its 38 digits.
fn version_number(number: u64) -> AttrValue {
    let text = number.to_string();
    Number::parse(&text).map_or(AttrValue::S(text), AttrValue::N)
}

/// How many digits the highest version's number is written with (`v007` is 3), so the next
/// one sorts beside it.
fn digits_width(versions: &Versions, highest: &Item, sort: &str) -> usize {
    highest
        .get(sort)
        .and_then(AttrValue::as_s)
        .map_or(1, |text| {
            text.len()
                .saturating_sub(versions.key.stem.len() + versions.key.rest.len())
        })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::versions::VersionKey;

    fn item(sk: &str, pairs: &[(&str, AttrValue)]) -> Item {
        let mut item = Item::new();
        item.insert("PK".to_owned(), AttrValue::s("EQUIP#1"));
        item.insert("SK".to_owned(), AttrValue::s(sk));
        for (name, value) in pairs {
            item.insert((*name).to_owned(), value.clone());
        }
        item
    }

    fn gathered(items: Vec<Item>) -> Versions {
        let key = VersionKey::parse("v0_Audit").expect("key");
        Versions::gather(key, "SK", items)
    }

    #[test]
    fn the_edit_becomes_the_next_version_and_v0_names_it() {
        let versions = gathered(vec![
            item(
                "v0_Audit",
                &[
                    ("status", AttrValue::s("PACKED")),
                    ("Latest", AttrValue::n(2)),
                ],
            ),
            item("v1_Audit", &[("status", AttrValue::s("PENDING"))]),
            item("v2_Audit", &[("status", AttrValue::s("PACKED"))]),
        ]);
        let edited = item(
            "v0_Audit",
            &[
                ("status", AttrValue::s("SHIPPED")),
                ("Latest", AttrValue::n(2)),
            ],
        );
        let next = NextVersion::plan(&versions, &edited, ("PK", "SK")).expect("plans");
        assert_eq!(next.number, 3);
        assert_eq!(
            next.version,
            item("v3_Audit", &[("status", AttrValue::s("SHIPPED"))])
        );
        let (as_read, updated) = next.latest_copy.expect("v0");
        assert_eq!(as_read.get("status"), Some(&AttrValue::s("PACKED")));
        assert_eq!(
            updated,
            item(
                "v0_Audit",
                &[
                    ("status", AttrValue::s("SHIPPED")),
                    ("Latest", AttrValue::n(3))
                ]
            )
        );
    }

    #[test]
    fn a_trailing_version_keeps_its_zero_padding_and_a_table_without_v0_writes_one_item() {
        let key = VersionKey::parse("ORDER#7#v009").expect("key");
        let versions = Versions::gather(
            key,
            "SK",
            vec![
                item("ORDER#7#v008", &[("total", AttrValue::n(10))]),
                item("ORDER#7#v009", &[("total", AttrValue::n(12))]),
            ],
        );
        let edited = item("ORDER#7#v009", &[("total", AttrValue::n(15))]);
        let next = NextVersion::plan(&versions, &edited, ("PK", "SK")).expect("plans");
        assert_eq!(next.version.get("SK"), Some(&AttrValue::s("ORDER#7#v010")));
        assert_eq!(next.latest_copy, None);
    }

    #[test]
    fn a_changed_key_is_refused_and_names_the_attribute() {
        let versions = gathered(vec![item("v0_Audit", &[]), item("v1_Audit", &[])]);
        let moved = item("v7_Audit", &[]);
        assert_eq!(
            NextVersion::plan(&versions, &moved, ("PK", "SK")),
            Err(NextVersionError::KeyChanged {
                name: "SK".to_owned()
            })
        );
        let empty = gathered(Vec::new());
        assert_eq!(
            NextVersion::plan(&empty, &moved, ("PK", "SK")),
            Err(NextVersionError::NothingRead)
        );
    }
}
