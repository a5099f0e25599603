//! Key attributes that an edit leaves behind: libraries compose index keys from attributes
//! (ElectroDB writes `gsi2sk = $assignments#task_1#employee_e039#status_open` from `employee`
//! and `status`), so changing `status` by hand, or a labelled part of one key, leaves every
//! other key holding the old value out of sync. The preview lists them with the key the library
//! would write: the same key with that part's value replaced.

use std::collections::BTreeMap;

use crate::domain::grammar::{Grammar, decode_item_key};
use crate::domain::number::Number;
use crate::domain::schema::{KeySchema, TableDescription};
use crate::domain::value::{AttrValue, Item};

/// One key attribute (or composite attribute) the edit leaves holding an old value.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OutOfSync {
    pub attribute: String,
    /// What it holds after the edit.
    pub holds: String,
    /// What the library would write for the edited values.
    pub would_write: String,
    /// The label of the part that moved (`status`).
    pub because: String,
}

/// The labelled values an edit changes, by lower-cased label: edited top-level strings and
/// numbers, and the labelled parts of edited key attributes. Key parts are labelled as the
/// inspector labels them, against the item's attribute names (`employee_id`, not `employee`,
/// in ElectroDB's `employee_id_emp_0001`).
fn moved_values(
    keys: &[(&str, bool)],
    original: &Item,
    edited: &Item,
) -> BTreeMap<String, (String, String)> {
    let mut moved = BTreeMap::new();
    for (name, read) in original {
        let (Some(old), Some(new)) = (scalar(Some(read)), scalar(edited.get(name))) else {
            continue;
        };
        if old == new {
            continue;
        }
        if let Some(&(_, sort)) = keys.iter().find(|(key, _)| key == name) {
            let (before, after) = (
                decode_item_key(&old, sort, original),
                decode_item_key(&new, sort, edited),
            );
            // A key attribute holding one plain value (`status`, a multi-attribute index's
            // key) is a value other keys are built from, by its own name.
            if [&before, &after]
                .iter()
                .all(|decode| decode.segments.len() == 1 && decode.segments[0].label.is_none())
            {
                moved.insert(name.to_lowercase(), (old, new));
                continue;
            }
            if before.segments.len() != after.segments.len() {
                continue;
            }
            for (b, a) in before.segments.iter().zip(&after.segments) {
                if let (Some(label), Some(same)) = (b.label, a.label)
                    && label == same
                    && b.value != a.value
                {
                    moved.insert(
                        label.to_lowercase(),
                        (b.value.to_owned(), a.value.to_owned()),
                    );
                }
            }
        } else {
            moved.insert(name.to_lowercase(), (old, new));
        }
    }
    moved
}

/// Every key attribute of the table and its indexes, with whether it is a sort key.
fn key_attributes(description: &TableDescription) -> Vec<(&str, bool)> {
    let mut keys = Vec::new();
    add_keys(&mut keys, &description.key);
    for index in &description.indexes {
        add_keys(&mut keys, &index.key);
    }
    keys
}

fn add_keys<'a>(keys: &mut Vec<(&'a str, bool)>, schema: &'a KeySchema) {
    for attribute in schema.attributes() {
        if !keys.iter().any(|(name, _)| *name == attribute.name) {
            let sort = schema
                .sort
                .as_ref()
                .is_some_and(|sort| sort.name == attribute.name);
            keys.push((attribute.name.as_str(), sort));
        }
    }
}

/// The attributes `edited` leaves out of sync with the values it changed.
#[must_use]
pub fn out_of_sync(
    description: &TableDescription,
    original: &Item,
    edited: &Item,
) -> Vec<OutOfSync> {
    let keys = key_attributes(description);
    let moved = moved_values(&keys, original, edited);
    if moved.is_empty() {
        return Vec::new();
    }
    let mut found = Vec::new();
    for (name, sort) in &keys {
        let Some(holds) = edited.get(*name).and_then(AttrValue::as_s) else {
            continue;
        };
        if original.get(*name).and_then(AttrValue::as_s) != Some(holds) {
            continue; // edited by hand: what the user wrote is what they want
        }
        let decode = decode_item_key(holds, *sort, edited);
        let mut would_write = holds.to_owned();
        let mut because = Vec::new();
        // From the last part back, so earlier offsets stay valid.
        for segment in decode.segments.iter().rev() {
            let Some(label) = segment.label else { continue };
            let Some((old, new)) = moved.get(&label.to_lowercase()) else {
                continue;
            };
            if segment.value != old {
                continue;
            }
            let start = segment.value.as_ptr() as usize - holds.as_ptr() as usize;
            // ElectroDB writes its keys lower-cased.
            let value = if decode.grammar == Grammar::ElectroDb {
                new.to_lowercase()
            } else {
                new.clone()
            };
            would_write.replace_range(start..start + segment.value.len(), &value);
            because.push(label.to_lowercase());
        }
        if !because.is_empty() {
            because.reverse();
            found.push(OutOfSync {
                attribute: (*name).to_owned(),
                holds: holds.to_owned(),
                would_write,
                because: because.join(", "),
            });
        }
    }
    found.extend(stale_attributes(&moved, &keys, original, edited));
    found
}

/// Attributes named like a key part the edit moved (`employee` when the sort key's
/// `employee_e039` became `employee_e040`) that still hold the old value.
fn stale_attributes(
    moved: &BTreeMap<String, (String, String)>,
    keys: &[(&str, bool)],
    original: &Item,
    edited: &Item,
) -> Vec<OutOfSync> {
    edited
        .iter()
        .filter(|(name, _)| !keys.iter().any(|(key, _)| key == name))
        .filter_map(|(name, value)| {
            let holds = scalar(Some(value))?;
            let (old, new) = moved.get(&name.to_lowercase())?;
            let unchanged = scalar(original.get(name)).as_ref() == Some(&holds);
            (unchanged && holds.eq_ignore_ascii_case(old) && !holds.eq_ignore_ascii_case(new)).then(
                || OutOfSync {
                    attribute: name.clone(),
                    holds,
                    would_write: new.clone(),
                    because: name.to_lowercase(),
                },
            )
        })
        .collect()
}

/// The key attributes `edited` moves out of sync, and `edited` itself with them set to what
/// the library would write when `update` asks for it (else as it is).
#[must_use]
pub fn derived_keys_of(
    description: &TableDescription,
    original: &Item,
    edited: Item,
    update: bool,
) -> (Item, Vec<OutOfSync>) {
    let stale = out_of_sync(description, original, &edited);
    if update {
        (with_derived_keys(&edited, &stale), stale)
    } else {
        (edited, stale)
    }
}

/// `edited` with every attribute of `stale` set to the value the library would write, so the
/// same conditioned write keeps the keys composed from the values it changes. An attribute
/// keeps its type: a number is set only when the new value is one.
#[must_use]
pub fn with_derived_keys(edited: &Item, stale: &[OutOfSync]) -> Item {
    let mut synced = edited.clone();
    for key in stale {
        let value = match edited.get(&key.attribute) {
            Some(AttrValue::S(_)) => AttrValue::s(key.would_write.as_str()),
            Some(AttrValue::N(_)) => match Number::parse(&key.would_write) {
                Ok(number) => AttrValue::N(number),
                Err(_) => continue,
            },
            _ => continue,
        };
        synced.insert(key.attribute.clone(), value);
    }
    synced
}

fn scalar(value: Option<&AttrValue>) -> Option<String> {
    match value? {
        AttrValue::S(text) => Some(text.clone()),
        AttrValue::N(number) => Some(number.to_string()),
        _ => None,
    }
}

#[cfg(test)]
#[path = "derived_keys_tests.rs"]
mod tests;
