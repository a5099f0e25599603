//! ElectroDB's key format. Partition keys: `$service#attr_value#attr_value…`. Sort keys:
//! `$entity_version#attr_value…`, or `$collection#entity_version#attr_value…` on an index that
//! belongs to a collection. Labels are the composite attributes' names, lower-cased; values may
//! hold `_` (from the key alone the label ends at the first one; the item's attribute names
//! move that end when the name itself holds `_`) and even `#` (a piece without `_` continues
//! the value before it).

use super::decode::{Grammar, KeyDecode, Levels, Role, Segment};
use crate::domain::value::Item;

const PARTITION_WHY: &str = "ElectroDB partition key: $service#attr_value";
const SORT_WHY: &str = "ElectroDB sort key: $entity_version#attr_value";
const COLLECTION_WHY: &str = "ElectroDB collection sort key: $collection#entity_version#attr_value";

/// `$taskapp#employee_e001`, or `None` when the key is not in ElectroDB's partition-key shape.
#[must_use]
pub fn decode_partition_key(key: &str) -> Option<KeyDecode<'_>> {
    let mut pieces = Pieces::new(key)?;
    let service = pieces.next()?;
    let mut decode = decoded(PARTITION_WHY);
    decode.service = Some(&service[1..]);
    decode.segments.push(Segment {
        raw: service,
        role: Role::Service,
        label: None,
        value: &service[1..],
    });
    fields(key, &mut pieces, &mut decode.segments)?;
    Some(decode)
}

/// `$task_1#project_proj4#employee_e039` or `$assignments#task_1#project_proj4`.
#[must_use]
pub fn decode_sort_key(key: &str) -> Option<KeyDecode<'_>> {
    let mut pieces = Pieces::new(key)?;
    let first = pieces.next()?;
    if let Some((entity, version)) = entity_version(&first[1..]) {
        let mut decode = decoded(SORT_WHY);
        (decode.entity, decode.version) = (Some(entity), Some(version));
        decode.segments.push(Segment {
            raw: first,
            role: Role::EntityVersion,
            label: None,
            value: &first[1..],
        });
        fields(key, &mut pieces, &mut decode.segments)?;
        return Some(decode);
    }
    let second = pieces.next()?;
    let (entity, version) = entity_version(second)?;
    let mut decode = decoded(COLLECTION_WHY);
    decode.collection = Some(&first[1..]);
    (decode.entity, decode.version) = (Some(entity), Some(version));
    decode.segments.push(Segment {
        raw: first,
        role: Role::Collection,
        label: None,
        value: &first[1..],
    });
    decode
        .segments
        .push(Segment::whole(second, Role::EntityVersion));
    fields(key, &mut pieces, &mut decode.segments)?;
    Some(decode)
}

/// The collection levels of an ElectroDB partition key: the service and the first composite
/// attribute's label (read against `item`'s attribute names when given, see
/// [`attribute_label`]); `None` when the key is not in that shape.
#[must_use]
pub fn partition_levels<'k>(key: &'k str, item: Option<&Item>) -> Option<Levels<'k>> {
    let mut pieces = Pieces::new(key)?;
    let service = pieces.next()?;
    let second = match pieces.next() {
        None => None,
        Some(piece) => {
            let label = field_label(piece)?;
            Some(
                item.and_then(|item| attribute_label(piece, item))
                    .unwrap_or(label),
            )
        }
    };
    Some(Levels {
        first: Some(service),
        second,
    })
}

/// The entity an ElectroDB sort key names (`task` for `$task_1#…` and `$assignments#task_1#…`),
/// without splitting the rest of the key.
#[must_use]
pub fn sort_key_entity(key: &str) -> Option<&str> {
    let mut pieces = Pieces::new(key)?;
    let first = pieces.next()?;
    match entity_version(&first[1..]) {
        Some((entity, _)) => Some(entity),
        None => entity_version(pieces.next()?).map(|(entity, _)| entity),
    }
}

/// ElectroDB joins an attribute's lower-cased name to its value with `_`, so a name that holds
/// `_` itself (`employee_id_emp_0039`) cannot be told apart from a value holding one by the key
/// alone. ElectroDB also writes each composite attribute on the item under its name, so the
/// longest attribute name of `item` that the piece starts with, followed by `_`, is the label.
#[must_use]
pub fn attribute_label<'k>(piece: &'k str, item: &Item) -> Option<&'k str> {
    item.keys()
        .filter(|name| name.contains('_'))
        .filter_map(|name| {
            let label = piece.get(..name.len())?;
            let joined = piece.as_bytes().get(name.len()) == Some(&b'_');
            (joined && *name.to_lowercase() == *label).then_some(label)
        })
        .max_by_key(|label| label.len())
}

/// Moves the end of each ElectroDB label to where `item`'s attribute names say it is (see
/// [`attribute_label`]); other grammars' keys are left as they are.
pub fn relabel_from_item<'k>(decode: &mut KeyDecode<'k>, item: &Item) {
    if decode.grammar != Grammar::ElectroDb {
        return;
    }
    for segment in &mut decode.segments {
        let Some(current) = segment.label.filter(|_| segment.role == Role::Field) else {
            continue;
        };
        if let Some(label) =
            attribute_label(segment.raw, item).filter(|label| label.len() > current.len())
        {
            segment.label = Some(label);
            segment.value = &segment.raw[label.len() + 1..];
        }
    }
}

fn decoded(why: &'static str) -> KeyDecode<'static> {
    KeyDecode {
        grammar: Grammar::ElectroDb,
        separator: "#",
        segments: Vec::new(),
        service: None,
        collection: None,
        entity: None,
        version: None,
        why,
    }
}

/// `task_1` → (`task`, `1`); entity names may hold `_`, versions are digits.
fn entity_version(text: &str) -> Option<(&str, &str)> {
    let (entity, version) = text.rsplit_once('_')?;
    let digits = !version.is_empty() && version.bytes().all(|b| b.is_ascii_digit());
    (digits && !entity.is_empty()).then_some((entity, version))
}

/// The label of an `attr_value` piece: an attribute name as ElectroDB writes it, up to the first
/// `_`.
fn field_label(piece: &str) -> Option<&str> {
    let (label, _) = piece.split_once('_')?;
    let first = label.bytes().next()?;
    let valid = first.is_ascii_alphabetic()
        && label
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b == b'-');
    valid.then_some(label)
}

/// The `attr_value` segments after the first; `None` when a piece before any field has no label.
fn fields<'a>(
    key: &'a str,
    pieces: &mut Pieces<'a>,
    segments: &mut Vec<Segment<'a>>,
) -> Option<()> {
    for piece in pieces.by_ref() {
        let start = offset_in(key, piece);
        if let Some(label) = field_label(piece) {
            segments.push(Segment {
                raw: piece,
                role: Role::Field,
                label: Some(label),
                value: &piece[label.len() + 1..],
            });
            continue;
        }
        // A `#` inside the previous value: grow that segment over this piece.
        let previous = segments.last_mut().filter(|s| s.role == Role::Field)?;
        let raw_start = offset_in(key, previous.raw);
        let value_start = offset_in(key, previous.value);
        let end = start + piece.len();
        previous.raw = &key[raw_start..end];
        previous.value = &key[value_start..end];
    }
    Some(())
}

/// Byte offset of `part` (a sub-slice of `key`) in `key`.
fn offset_in(key: &str, part: &str) -> usize {
    part.as_ptr() as usize - key.as_ptr() as usize
}

/// The `#`-separated pieces of a key that starts with `$` and a name.
struct Pieces<'a> {
    rest: Option<&'a str>,
}

impl<'a> Pieces<'a> {
    fn new(key: &'a str) -> Option<Self> {
        let name = key.strip_prefix('$')?;
        let first_end = name.find('#').unwrap_or(name.len());
        (first_end > 0).then_some(Self { rest: Some(key) })
    }
}

impl<'a> Iterator for Pieces<'a> {
    type Item = &'a str;

    fn next(&mut self) -> Option<&'a str> {
        let rest = self.rest?;
        match rest.split_once('#') {
            Some((piece, tail)) => {
                self.rest = Some(tail);
                Some(piece)
            }
            None => {
                self.rest = None;
                Some(rest)
            }
        }
    }
}
