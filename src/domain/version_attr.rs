//! Detecting an optimistic-locking version attribute (SEMANTICS §10): an attribute that is a
//! non-negative integer N on every item where it appears, named `version`, `Version`, `_version`
//! or `VersionNumber` (Java/.NET mappers, PynamoDB, AppSync) or configured in the model file.
//! ElectroDB's `__edb_v__` is a schema tag, never a counter.

use std::collections::BTreeMap;

use super::number::Number;
use super::value::{AttrValue, Item};

/// ElectroDB's schema version marker: looks like a version, is not one.
pub const ELECTRODB_SCHEMA_VERSION: &str = "__edb_v__";

/// Names the libraries use for their version counters, in order of preference.
pub const KNOWN_VERSION_NAMES: [&str; 4] = ["version", "Version", "_version", "VersionNumber"];

/// What an item says about a version attribute.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum VersionAttribute<'a> {
    /// A usable counter: the editor conditions on `name = value` and writes `value + 1`.
    Found {
        name: &'a str,
        value: &'a Number,
    },
    /// The attribute exists but is not a non-negative integer N, so it cannot be a counter.
    NotACounter {
        name: &'a str,
        found: &'a AttrValue,
    },
    Absent,
}

fn is_counter(value: &AttrValue) -> bool {
    value
        .as_n()
        .is_some_and(|number| number.is_integer() && !number.is_negative())
}

/// The version attribute of one item: the configured name if given (never `__edb_v__`), else the
/// first known name present.
#[must_use]
pub fn version_attribute<'a>(item: &'a Item, configured: Option<&'a str>) -> VersionAttribute<'a> {
    let configured = configured.filter(|name| *name != ELECTRODB_SCHEMA_VERSION);
    let candidates: &[&'a str] = match &configured {
        Some(name) => std::slice::from_ref(name),
        None => &KNOWN_VERSION_NAMES,
    };
    for &name in candidates {
        if let Some(value) = item.get(name) {
            return match value.as_n() {
                Some(number) if is_counter(value) => VersionAttribute::Found {
                    name,
                    value: number,
                },
                _ => VersionAttribute::NotACounter { name, found: value },
            };
        }
    }
    VersionAttribute::Absent
}

/// Evidence over many items, for deciding per table which known name is a counter.
#[derive(Clone, Debug, Default)]
pub struct VersionEvidence {
    /// name → (items where it is a counter, items where it is something else).
    seen: BTreeMap<&'static str, (u64, u64)>,
}

impl VersionEvidence {
    #[must_use]
    pub fn new() -> Self {
        Self::default()
    }

    pub fn observe(&mut self, item: &Item) {
        for name in KNOWN_VERSION_NAMES {
            if let Some(value) = item.get(name) {
                let counts = self.seen.entry(name).or_default();
                if is_counter(value) {
                    counts.0 += 1;
                } else {
                    counts.1 += 1;
                }
            }
        }
    }

    /// The first known name that appeared and was a counter on every item holding it.
    #[must_use]
    pub fn detected(&self) -> Option<&'static str> {
        KNOWN_VERSION_NAMES.into_iter().find(|name| {
            self.seen
                .get(name)
                .is_some_and(|&(counters, others)| counters > 0 && others == 0)
        })
    }
}

/// Amplify's sync timestamp (epoch milliseconds), which AppSync moves with every `_version`.
pub const AMPLIFY_LAST_CHANGED: &str = "_lastChangedAt";
/// Amplify's tombstone flag: an item with `_deleted = true` is deleted for every client.
pub const AMPLIFY_DELETED: &str = "_deleted";

/// The attribute that must move with the version counter `version_name` on `item`:
/// `_lastChangedAt` beside Amplify's `_version`, when the item has it as a number.
#[must_use]
pub fn companion_timestamp(item: &Item, version_name: &str) -> Option<&'static str> {
    (version_name == "_version"
        && item
            .get(AMPLIFY_LAST_CHANGED)
            .and_then(AttrValue::as_n)
            .is_some())
    .then_some(AMPLIFY_LAST_CHANGED)
}

/// The companion timestamp an edit of `original` into `edited` must write beside the version
/// counter `version_name`, with its new value: now (`now_millis`, epoch milliseconds), and at
/// least one more than the value read so that it moves even when this clock is behind the one
/// that wrote it. `None` when there is none, or when the edit sets it itself.
#[must_use]
pub fn moved_companion(
    original: &Item,
    edited: &Item,
    version_name: &str,
    now_millis: u128,
) -> Option<(&'static str, Number)> {
    let name = companion_timestamp(original, version_name)?;
    if original.get(name) != edited.get(name) {
        return None;
    }
    let read = original.get(name).and_then(AttrValue::as_n)?.to_i128()?;
    let now = i128::try_from(now_millis).unwrap_or(i128::MAX);
    let next = now.max(read.checked_add(1)?);
    Some((name, Number::parse(&next.to_string()).ok()?))
}

/// The clock [`moved_companion`] reads: epoch milliseconds now.
#[must_use]
pub fn now_millis() -> u128 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |elapsed| elapsed.as_millis())
}

/// Whether `item` is an Amplify tombstone: versioned and `_deleted = true`. Editing it would not
/// bring it back to life for AppSync clients, so an editor must say so.
#[must_use]
pub fn is_tombstone(item: &Item) -> bool {
    item.contains_key("_version")
        && matches!(item.get(AMPLIFY_DELETED), Some(AttrValue::Bool(true)))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn item(pairs: &[(&str, AttrValue)]) -> Item {
        pairs
            .iter()
            .map(|(name, value)| ((*name).to_owned(), value.clone()))
            .collect()
    }

    fn number(text: &str) -> AttrValue {
        AttrValue::N(Number::parse(text).expect("valid number"))
    }

    #[test]
    fn known_names_holding_non_negative_integers_are_version_counters() {
        for name in KNOWN_VERSION_NAMES {
            let with_version = item(&[(name, AttrValue::n(3))]);
            assert!(
                matches!(version_attribute(&with_version, None), VersionAttribute::Found { name: found, value } if found == name && *value == Number::from(3)),
                "{name}"
            );
        }
    }

    #[test]
    fn values_that_cannot_count_are_reported_not_used() {
        for value in [
            number("1.5"),
            number("-1"),
            AttrValue::s("3"),
            AttrValue::Null,
        ] {
            let odd = item(&[("version", value.clone())]);
            assert_eq!(
                version_attribute(&odd, None),
                VersionAttribute::NotACounter {
                    name: "version",
                    found: &value
                }
            );
        }
    }

    #[test]
    fn electrodb_schema_versions_are_never_counters() {
        let electro = item(&[
            ("__edb_v__", AttrValue::s("1")),
            ("__edb_e__", AttrValue::s("user")),
        ]);
        assert_eq!(version_attribute(&electro, None), VersionAttribute::Absent);
        assert_eq!(
            version_attribute(&electro, Some("__edb_v__")),
            VersionAttribute::Absent
        );
        let numeric = item(&[("__edb_v__", AttrValue::n(1))]);
        assert_eq!(version_attribute(&numeric, None), VersionAttribute::Absent);
    }

    #[test]
    fn a_configured_name_replaces_the_known_names() {
        let both = item(&[("rev", AttrValue::n(7)), ("version", AttrValue::n(2))]);
        assert!(matches!(
            version_attribute(&both, Some("rev")),
            VersionAttribute::Found { name: "rev", .. }
        ));
        let without = item(&[("version", AttrValue::n(2))]);
        assert_eq!(
            version_attribute(&without, Some("rev")),
            VersionAttribute::Absent
        );
    }

    #[test]
    fn evidence_detects_a_name_only_when_it_is_a_counter_everywhere() {
        let mut evidence = VersionEvidence::new();
        assert_eq!(evidence.detected(), None);
        evidence.observe(&item(&[
            ("version", AttrValue::n(1)),
            ("_version", AttrValue::n(4)),
        ]));
        evidence.observe(&item(&[
            ("version", AttrValue::s("v2")),
            ("_version", AttrValue::n(9)),
        ]));
        evidence.observe(&item(&[("other", AttrValue::n(1))]));
        assert_eq!(evidence.detected(), Some("_version"));
    }

    #[test]
    fn amplify_versions_move_with_their_timestamp_and_deleted_items_are_tombstones() {
        let mut post: Item = [
            ("_version".to_owned(), AttrValue::n(3)),
            (
                "_lastChangedAt".to_owned(),
                AttrValue::n(1_782_864_000_000_i64),
            ),
        ]
        .into_iter()
        .collect();
        assert!(matches!(
            version_attribute(&post, None),
            VersionAttribute::Found {
                name: "_version",
                ..
            }
        ));
        assert_eq!(
            companion_timestamp(&post, "_version"),
            Some(AMPLIFY_LAST_CHANGED)
        );
        assert_eq!(companion_timestamp(&post, "version"), None);
        let read = 1_782_864_000_000_u128;
        let moved = |now| moved_companion(&post, &post, "_version", now).map(|(_, at)| at);
        assert_eq!(moved(read + 5_000), Number::parse("1782864005000").ok());
        // A clock behind the writer's still moves it forward.
        assert_eq!(moved(read - 5_000), Number::parse("1782864000001").ok());
        let mut set_by_hand = post.clone();
        set_by_hand.insert("_lastChangedAt".into(), AttrValue::n(7));
        assert_eq!(moved_companion(&post, &set_by_hand, "_version", read), None);
        assert_eq!(moved_companion(&post, &post, "version", read), None);
        assert!(!is_tombstone(&post));
        post.insert("_deleted".into(), AttrValue::Bool(false));
        assert!(!is_tombstone(&post));
        post.insert("_deleted".into(), AttrValue::Bool(true));
        assert!(is_tombstone(&post));
        post.remove("_version");
        assert!(
            !is_tombstone(&post),
            "only a synced (versioned) item is a tombstone"
        );
    }
}
