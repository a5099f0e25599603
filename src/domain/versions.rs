//! Versioned items: an item's history kept in its own partition, one item per version. The sort
//! key carries the version number, either first (`v0_Audit`, `v1_Audit`, …, as in the DynamoDB
//! Developer Guide's "Using sort keys for version control") or last (`ORDER#17#v3`); `v0` is a
//! copy of the latest version, often with an attribute naming the highest version number.

use std::cmp::Reverse;

use super::change_diff::{AttributeChange, changed_names, diff};
use super::value::{AttrValue, Item};

/// A sort key read as a version of something: the text before the number (ending in the
/// version letter), the number, and the text after it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct VersionKey {
    /// Everything before the number, the `v` included: the prefix every version shares.
    pub stem: String,
    pub number: u64,
    /// Everything after the number.
    pub rest: String,
}

/// Characters that end the version token, so `v2_Audit` is version 2 but `vendor` is nothing.
const SEPARATORS: &[char] = &['_', '#', '-', '|', ':', '.', '/'];

impl VersionKey {
    /// The version `sort_key` names, if it has either shape.
    #[must_use]
    pub fn parse(sort_key: &str) -> Option<Self> {
        Self::leading(sort_key).or_else(|| Self::trailing(sort_key))
    }

    /// `v<digits>` at the start, then the end or a separator.
    fn leading(sort_key: &str) -> Option<Self> {
        let after_letter = sort_key.strip_prefix(['v', 'V'])?;
        let digits_end = after_letter
            .find(|c: char| !c.is_ascii_digit())
            .unwrap_or(after_letter.len());
        let (digits, rest) = after_letter.split_at(digits_end);
        if !(rest.is_empty() || rest.starts_with(SEPARATORS)) {
            return None;
        }
        Some(Self {
            stem: sort_key[..1].to_owned(),
            number: number(digits)?,
            rest: rest.to_owned(),
        })
    }

    /// A separator, `v<digits>`, and the end.
    fn trailing(sort_key: &str) -> Option<Self> {
        let digits_start = sort_key
            .trim_end_matches(|c: char| c.is_ascii_digit())
            .len();
        let (head, digits) = sort_key.split_at(digits_start);
        let before_letter = head.strip_suffix(['v', 'V'])?;
        if !before_letter.ends_with(SEPARATORS) {
            return None;
        }
        Some(Self {
            stem: head.to_owned(),
            number: number(digits)?,
            rest: String::new(),
        })
    }

    /// Whether `other` is a version of the same thing.
    #[must_use]
    pub fn same_thing(&self, other: &Self) -> bool {
        self.stem == other.stem && self.rest == other.rest
    }
}

/// 1 to 19 digits; more would not be a version number anyone writes (and overflow `u64`).
fn number(digits: &str) -> Option<u64> {
    if digits.is_empty() || digits.len() > 19 {
        return None;
    }
    digits.parse().ok()
}

/// One version and what it changed from the version before it.
#[derive(Clone, Debug, PartialEq)]
pub struct Version {
    pub number: u64,
    pub item: Item,
    /// The next lower version read (`None` for the first): not always `number - 1`, as a
    /// version may be missing.
    pub previous: Option<u64>,
    /// Each attribute that differs from the previous version: its name, value before, after.
    pub changes: Vec<(String, Option<AttrValue>, Option<AttrValue>)>,
}

/// An item's versions as read from its partition.
#[derive(Clone, Debug, PartialEq)]
pub struct Versions {
    pub key: VersionKey,
    /// The `v0` copy of the latest version, if the table keeps one.
    pub latest_copy: Option<Item>,
    /// The numbered versions, highest first.
    pub versions: Vec<Version>,
}

/// The attributes that differ between two versions, the sort key left out (it always does).
fn changes(
    before: &Item,
    after: &Item,
    sort_name: &str,
) -> Vec<(String, Option<AttrValue>, Option<AttrValue>)> {
    diff(Some(before), Some(after))
        .into_iter()
        .filter(|(name, _)| *name != sort_name)
        .filter_map(|(name, change)| {
            let (old, new) = match change {
                AttributeChange::Same(_) => return None,
                AttributeChange::Added(new) => (None, Some(new.clone())),
                AttributeChange::Removed(old) => (Some(old.clone()), None),
                AttributeChange::Changed { old, new } => (Some(old.clone()), Some(new.clone())),
            };
            Some((name.to_owned(), old, new))
        })
        .collect()
}

/// What `v0` says against the highest version.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CopyCheck {
    /// No `v0`, or no numbered version to hold it against.
    NothingToCheck,
    /// `v0` holds the same attributes as the highest version.
    Same { highest: u64 },
    /// `v0` differs from the highest version in these attributes.
    Differs { highest: u64, names: Vec<String> },
}

/// Names of a `v0` attribute that holds the latest version's number.
const POINTER_NAMES: [&str; 4] = [
    "latest",
    "latestversion",
    "latest_version",
    "currentversion",
];

impl Versions {
    /// The versions of `key` among `items` (a Query's pages), by the sort key `sort_name`.
    #[must_use]
    pub fn gather(key: VersionKey, sort_name: &str, items: Vec<Item>) -> Self {
        let mut latest_copy = None;
        let mut numbered = Vec::new();
        for item in items {
            let Some(found) = item
                .get(sort_name)
                .and_then(AttrValue::as_s)
                .and_then(VersionKey::parse)
                .filter(|found| found.same_thing(&key))
            else {
                continue;
            };
            if found.number == 0 {
                latest_copy = Some(item);
            } else {
                numbered.push((found.number, item));
            }
        }
        numbered.sort_by_key(|(number, _)| *number);
        let mut versions: Vec<Version> = Vec::with_capacity(numbered.len());
        let mut previous: Option<(u64, &Item)> = None;
        for (number, item) in &numbered {
            let changes = previous
                .map(|(_, before)| changes(before, item, sort_name))
                .unwrap_or_default();
            versions.push(Version {
                number: *number,
                item: item.clone(),
                previous: previous.map(|(number, _)| number),
                changes,
            });
            previous = Some((*number, item));
        }
        versions.sort_by_key(|version| Reverse(version.number));
        Self {
            key,
            latest_copy,
            versions,
        }
    }

    /// `v0` against the highest version, leaving out the sort key and the version pointer.
    #[must_use]
    pub fn copy_check(&self, sort_name: &str) -> CopyCheck {
        let (Some(copy), Some(highest)) = (&self.latest_copy, self.versions.first()) else {
            return CopyCheck::NothingToCheck;
        };
        let pointer = self.pointer().map(|(name, _)| name);
        let mut names = changed_names(Some(&highest.item), Some(copy));
        names.retain(|name| name != sort_name && Some(name.as_str()) != pointer);
        if names.is_empty() {
            CopyCheck::Same {
                highest: highest.number,
            }
        } else {
            CopyCheck::Differs {
                highest: highest.number,
                names,
            }
        }
    }

    /// The `v0` attribute naming the latest version (`Latest`, `latestVersion`, …) and the
    /// number it holds, if it has one.
    #[must_use]
    pub fn pointer(&self) -> Option<(&str, &AttrValue)> {
        let copy = self.latest_copy.as_ref()?;
        copy.iter()
            .find(|(name, value)| {
                POINTER_NAMES.contains(&name.to_ascii_lowercase().as_str())
                    && value.as_n().is_some()
            })
            .map(|(name, value)| (name.as_str(), value))
    }

    /// Whether the pointer names the highest version read (`None`: nothing to compare).
    #[must_use]
    pub fn pointer_is_highest(&self) -> Option<bool> {
        let (_, value) = self.pointer()?;
        let highest = self.versions.first()?.number;
        Some(value.as_n()?.to_string() == highest.to_string())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn item(sk: &str, pairs: &[(&str, AttrValue)]) -> Item {
        let mut item = Item::new();
        item.insert("PK".to_owned(), AttrValue::s("EQUIP#1"));
        item.insert("SK".to_owned(), AttrValue::s(sk));
        for (name, value) in pairs {
            item.insert((*name).to_owned(), value.clone());
        }
        item
    }

    #[test]
    fn both_shapes_of_version_sort_key_are_read_and_lookalikes_are_not() {
        let leading = VersionKey::parse("v12_Audit").expect("leading");
        assert_eq!((leading.stem.as_str(), leading.number), ("v", 12));
        assert_eq!(leading.rest, "_Audit");
        let trailing = VersionKey::parse("ORDER#17#V3").expect("trailing");
        assert_eq!((trailing.stem.as_str(), trailing.number), ("ORDER#17#V", 3));
        assert_eq!(VersionKey::parse("v0").map(|key| key.number), Some(0));
        for not_a_version in [
            "vendor",
            "v",
            "ORDER#v",
            "ORDERv3",
            "v1x",
            "",
            "v99999999999999999999",
        ] {
            assert_eq!(VersionKey::parse(not_a_version), None, "{not_a_version}");
        }
    }

    #[test]
    fn versions_are_listed_highest_first_with_what_each_changed() {
        let key = VersionKey::parse("v0_Audit").expect("key");
        let items = vec![
            item(
                "v0_Audit",
                &[
                    ("status", AttrValue::s("SHIPPED")),
                    ("Latest", AttrValue::n(2)),
                ],
            ),
            item("v1_Audit", &[("status", AttrValue::s("PENDING"))]),
            item("v2_Audit", &[("status", AttrValue::s("SHIPPED"))]),
            item("v1_Other", &[("status", AttrValue::s("LOST"))]),
            item("META", &[]),
        ];
        let versions = Versions::gather(key, "SK", items);
        let numbers: Vec<u64> = versions.versions.iter().map(|v| v.number).collect();
        assert_eq!(numbers, [2, 1]);
        assert_eq!(
            versions.versions[0].changes,
            [(
                "status".to_owned(),
                Some(AttrValue::s("PENDING")),
                Some(AttrValue::s("SHIPPED"))
            )]
        );
        assert_eq!(versions.versions[0].previous, Some(1));
        assert_eq!(versions.versions[1].previous, None);
        assert!(versions.versions[1].changes.is_empty());
        assert_eq!(versions.copy_check("SK"), CopyCheck::Same { highest: 2 });
        assert_eq!(versions.pointer_is_highest(), Some(true));
    }

    #[test]
    fn a_copy_that_lags_the_highest_version_is_told_with_the_attributes_that_differ() {
        let key = VersionKey::parse("ORDER#7#v0").expect("key");
        let items = vec![
            item(
                "ORDER#7#v0",
                &[("total", AttrValue::n(10)), ("latest", AttrValue::n(1))],
            ),
            item("ORDER#7#v1", &[("total", AttrValue::n(10))]),
            item("ORDER#7#v2", &[("total", AttrValue::n(12))]),
        ];
        let versions = Versions::gather(key, "SK", items);
        assert_eq!(
            versions.copy_check("SK"),
            CopyCheck::Differs {
                highest: 2,
                names: vec!["total".to_owned()]
            }
        );
        assert_eq!(versions.pointer_is_highest(), Some(false));
    }

    proptest! {
        #[test]
        fn any_sort_key_parses_without_panicking_and_a_version_reads_back(text in "\\PC{0,24}") {
            if let Some(key) = VersionKey::parse(&text) {
                let rebuilt = format!("{}{}{}", key.stem, key.number, key.rest);
                // Leading zeros are the only text a number does not keep.
                prop_assert_eq!(rebuilt.len() <= text.len(), true);
                prop_assert!(text.starts_with(&key.stem) && text.ends_with(&key.rest));
            }
        }
    }
}
