//! Key design per entity: partition keys written in sequence or per period, few distinct
//! partition keys, sort keys written in more than one shape, entities without a stable prefix.

use std::collections::BTreeMap;

use super::entity_names::EntityNames;
use super::finding::{Finding, Rule, Severity};
use super::tally::{FastMap, FastSet};
use crate::domain::figures::{count, counted};
use crate::domain::grammar::values::{ValueShape, value_shape};
use crate::domain::grammar::{Role, decode_key, item_collection_levels};
use crate::domain::schema::KeySchema;
use crate::domain::timestamp::TimestampKind;
use crate::domain::value::{AttrValue, Item};

/// Distinct numeric ids tracked per entity, enough to tell a dense sequence from random ids.
const DISTINCT_CAP: usize = 100_000;
/// Distinct partition key values kept per entity: "few" needs only a handful, the figure shown
/// says "at least" beyond it.
const PARTITION_VALUES_CAP: usize = 1_000;
/// Shapes and prefixes tracked per entity; more are counted, not kept.
const SHAPE_CAP: usize = 16;
/// A judgement about an entity's keys needs this many of its items…
const MIN_ITEMS: u64 = 20;
/// …and "few partition keys" means at most this many, holding at least `LOW_CARDINALITY_ITEMS`.
const LOW_CARDINALITY: usize = 3;
const LOW_CARDINALITY_ITEMS: u64 = 100;
/// Share of an entity's items that must agree before the keys count as sequential or bucketed.
const MOST: f64 = 0.9;

#[derive(Clone, Debug, Default)]
struct Shape {
    items: u64,
    example: String,
    key: Item,
}

#[derive(Clone, Debug, Default)]
struct EntityKeys {
    items: u64,
    partition_values: FastSet<AttrValue>,
    numeric_ids: FastSet<i128>,
    numeric_items: u64,
    time_bucketed: u64,
    prefixes: FastMap<String, u64>,
    unprefixed: u64,
    sort_shapes: BTreeMap<String, Shape>,
    other_shapes: u64,
}

#[derive(Clone, Debug, Default)]
pub struct KeyShapes {
    by_entity: BTreeMap<usize, EntityKeys>,
    partition_class: PartitionKeyClass,
    /// Reused for each sort key's shape, so the census allocates only for new ones.
    scratch: String,
}

impl KeyShapes {
    pub fn add(&mut self, entity: usize, item: &Item, schema: &KeySchema, key: &dyn Fn() -> Item) {
        let keys = self.by_entity.entry(entity).or_default();
        keys.items += 1;
        if let Some(value) = item.get(&schema.partition.name) {
            add_partition_key(keys, value, item, &mut self.partition_class);
        }
        let sort = schema
            .sort
            .as_ref()
            .and_then(|sort| item.get(&sort.name))
            .and_then(AttrValue::as_s);
        if let Some(sort) = sort {
            add_sort_shape(keys, sort, key, &mut self.scratch);
        }
    }

    pub fn findings(&self, names: &EntityNames, schema: &KeySchema) -> Vec<Finding> {
        let mut findings = Vec::new();
        for (&entity, keys) in &self.by_entity {
            if names.is_unnamed(entity) {
                continue;
            }
            let name = names.name(entity);
            findings.extend(sequential(name, keys, schema));
            findings.extend(time_bucketed(name, keys, schema));
            findings.extend(low_cardinality(name, keys, schema));
            findings.extend(mixed_sort_shapes(name, keys, schema));
            findings.extend(no_stable_prefix(name, keys, self.by_entity.len()));
        }
        findings
    }
}

/// What a string partition key value shows: whether it holds a date, the number it ends in and
/// its prefix levels (`USER › ORDER`). Items of one partition arrive together in a scan, so the
/// last value's class is kept and reused while the value repeats: decoding is the costly part of
/// a key's census.
#[derive(Clone, Debug, Default)]
struct PartitionKeyClass {
    text: String,
    time: bool,
    last_number: Option<i128>,
    prefix: String,
}

impl PartitionKeyClass {
    /// Reads `text`, the partition key of `item`: an ElectroDB label is read against the item's
    /// attribute names (`employee_id`, not `employee`).
    fn classify(&mut self, text: &str, item: &Item) {
        if self.text == text && !self.text.is_empty() {
            return;
        }
        self.text.clear();
        self.text.push_str(text);
        let decoded = decode_key(text, false);
        (self.time, self.last_number) = (false, None);
        for (position, segment) in decoded.segments.iter().enumerate() {
            if !matches!(segment.role, Role::Field | Role::Value) {
                continue;
            }
            let shape = value_shape(segment.value);
            self.time |= is_time(shape);
            if position + 1 == decoded.segments.len() && shape == Some(ValueShape::Number) {
                self.last_number = segment.value.parse::<i128>().ok();
            }
        }
        self.prefix.clear();
        for (position, level) in item_collection_levels(text, item).iter().enumerate() {
            if position > 0 {
                self.prefix.push_str(" › ");
            }
            self.prefix.push_str(level);
        }
    }
}

fn add_partition_key(
    keys: &mut EntityKeys,
    value: &AttrValue,
    item: &Item,
    class: &mut PartitionKeyClass,
) {
    if keys.partition_values.len() < PARTITION_VALUES_CAP && !keys.partition_values.contains(value)
    {
        keys.partition_values.insert(value.clone());
    }
    let text = match value {
        AttrValue::S(text) => text.as_str(),
        AttrValue::N(number) => {
            if let Some(id) = number.to_i128() {
                keys.numeric_items += 1;
                if keys.numeric_ids.len() < DISTINCT_CAP {
                    keys.numeric_ids.insert(id);
                }
            }
            return;
        }
        _ => return,
    };
    class.classify(text, item);
    if class.time {
        keys.time_bucketed += 1;
    }
    if let Some(id) = class.last_number {
        keys.numeric_items += 1;
        if keys.numeric_ids.len() < DISTINCT_CAP {
            keys.numeric_ids.insert(id);
        }
    }
    let prefix = class.prefix.as_str();
    if prefix.is_empty() {
        keys.unprefixed += 1;
    } else if let Some(items) = keys.prefixes.get_mut(prefix) {
        *items += 1;
    } else if keys.prefixes.len() < SHAPE_CAP {
        keys.prefixes.insert(prefix.to_owned(), 1);
    }
}

fn is_time(shape: Option<ValueShape>) -> bool {
    matches!(
        shape,
        Some(ValueShape::Timestamp(timestamp)) if matches!(
            timestamp.kind,
            TimestampKind::IsoDate | TimestampKind::IsoDateTime | TimestampKind::IsoDateTimeWithoutZone
        )
    )
}

/// Writes into `shape` what each segment of `key` is, without its values
/// (`ORDER=<date>#<text>`); false, with `shape` empty, for a key that holds no value.
pub fn key_shape(key: &str, sort: bool, shape: &mut String) -> bool {
    shape.clear();
    let decoded = decode_key(key, sort);
    let holds_value = decoded
        .segments
        .iter()
        .any(|segment| matches!(segment.role, Role::Field | Role::Value));
    if !holds_value {
        return false;
    }
    for (position, segment) in decoded.segments.iter().enumerate() {
        if position > 0 {
            shape.push_str(decoded.separator);
        }
        match (segment.role, segment.label) {
            (Role::Field, Some(label)) => {
                shape.push_str(label);
                shape.push('=');
                shape.push_str(value_kind(segment.value));
            }
            (Role::Value, _) => shape.push_str(value_kind(segment.value)),
            _ => shape.push_str(segment.raw),
        }
    }
    true
}

/// What a value is, as far as the order of string sort keys cares: digits are text to a string
/// key (a zip code `98101` beside `ec1a` is one shape), dates and ids are not.
fn value_kind(value: &str) -> &'static str {
    match value_shape(value) {
        Some(ValueShape::Uuid) => "<uuid>",
        Some(ValueShape::Ulid) => "<ulid>",
        Some(ValueShape::Ksuid) => "<ksuid>",
        Some(ValueShape::Number) => "<text>",
        Some(ValueShape::Timestamp(timestamp)) => match timestamp.kind {
            TimestampKind::IsoDate => "<date>",
            TimestampKind::IsoDateTime | TimestampKind::IsoDateTimeWithoutZone => "<date-time>",
            TimestampKind::EpochSeconds | TimestampKind::EpochMillis => "<epoch>",
        },
        None if value.is_empty() => "<empty>",
        None => "<text>",
    }
}

fn add_sort_shape(keys: &mut EntityKeys, sort: &str, key: &dyn Fn() -> Item, shape: &mut String) {
    // A sort key of constant words (`METADATA`, `PROFILE`) has no values to write in a shape.
    if !key_shape(sort, true, shape) {
        return;
    }
    if let Some(known) = keys.sort_shapes.get_mut(shape.as_str()) {
        known.items += 1;
    } else if keys.sort_shapes.len() < SHAPE_CAP {
        let example = Shape {
            items: 1,
            example: sort.to_owned(),
            key: key(),
        };
        keys.sort_shapes.insert(shape.clone(), example);
    } else {
        keys.other_shapes += 1;
    }
}

fn sequential(name: &str, keys: &EntityKeys, schema: &KeySchema) -> Option<Finding> {
    let distinct = keys.numeric_ids.len() as u64;
    if distinct < MIN_ITEMS || (keys.numeric_items as f64) < MOST * keys.items as f64 {
        return None;
    }
    let low = keys.numeric_ids.iter().min()?;
    let high = keys.numeric_ids.iter().max()?;
    let span = u128::try_from(high - low).ok()? + 1;
    (span <= 2 * u128::from(distinct)).then(|| {
        // Hashing spreads a sequence over partitions, so the shape alone is no hot spot: a
        // concentration, if the data shows one, is the outsized-partition rule's finding.
        Finding::new(
            Rule::SequentialPartitionKey,
            Severity::Info,
            format!(
                "{name}: {} ends in sequential numbers ({} distinct between {low} and {high}): the ids can be enumerated, and newest first needs an index",
                schema.partition.name,
                count(distinct)
            ),
        )
    })
}

fn time_bucketed(name: &str, keys: &EntityKeys, schema: &KeySchema) -> Option<Finding> {
    if keys.items < MIN_ITEMS || (keys.time_bucketed as f64) < MOST * keys.items as f64 {
        return None;
    }
    Some(Finding::new(
        Rule::TimeBucketedPartitionKey,
        Severity::Warning,
        format!(
            "{name}: {} holds a date in {} of {} items ({} buckets): the current period's writes all go to one partition",
            schema.partition.name,
            count(keys.time_bucketed),
            count(keys.items),
            distinct_figure(keys.partition_values.len())
        ),
    ))
}

fn distinct_figure(distinct: usize) -> String {
    if distinct >= PARTITION_VALUES_CAP {
        format!("at least {}", count(distinct as u64))
    } else {
        count(distinct as u64)
    }
}

fn low_cardinality(name: &str, keys: &EntityKeys, schema: &KeySchema) -> Option<Finding> {
    let distinct = keys.partition_values.len();
    if keys.items < LOW_CARDINALITY_ITEMS || distinct > LOW_CARDINALITY {
        return None;
    }
    Some(Finding::new(
        Rule::LowCardinalityPartitionKey,
        Severity::Warning,
        format!(
            "{name}: {} items under {distinct} {} value{}",
            count(keys.items),
            schema.partition.name,
            if distinct == 1 { "" } else { "s" }
        ),
    ))
}

fn mixed_sort_shapes(name: &str, keys: &EntityKeys, schema: &KeySchema) -> Option<Finding> {
    if keys.sort_shapes.len() < 2 {
        return None;
    }
    let sort = schema.sort.as_ref()?;
    let mut shapes: Vec<(&String, &Shape)> = keys.sort_shapes.iter().collect();
    shapes.sort_by(|a, b| b.1.items.cmp(&a.1.items).then(a.0.cmp(b.0)));
    let mut evidence: Vec<String> = shapes
        .iter()
        .map(|(shape, found)| {
            format!(
                "{shape}: {}, e.g. {}",
                counted(found.items, "item", "items"),
                found.example
            )
        })
        .collect();
    if keys.other_shapes > 0 {
        evidence.push(format!(
            "{} in further shapes",
            counted(keys.other_shapes, "item", "items")
        ));
    }
    Some(
        Finding::new(
            Rule::MixedSortKeyShapes,
            Severity::Warning,
            format!(
                "{name}: {} is written in {} shapes",
                sort.name,
                keys.sort_shapes.len() + usize::from(keys.other_shapes > 0)
            ),
        )
        .with_evidence(evidence)
        .with_items(shapes.iter().map(|(_, found)| found.key.clone())),
    )
}

fn no_stable_prefix(name: &str, keys: &EntityKeys, entities: usize) -> Option<Finding> {
    if keys.items < MIN_ITEMS {
        return None;
    }
    let top = keys.prefixes.values().max().copied().unwrap_or(0);
    if keys.unprefixed == keys.items && entities > 1 {
        return Some(Finding::new(
            Rule::NoStablePrefix,
            Severity::Info,
            format!(
                "{name}: partition keys carry no prefix (a bare id): the entity is told apart only by its sort key or attributes"
            ),
        ));
    }
    if (top as f64) >= MOST * keys.items as f64 {
        return None;
    }
    let mut prefixes: Vec<(&String, &u64)> = keys.prefixes.iter().collect();
    prefixes.sort_by(|a, b| b.1.cmp(a.1).then(a.0.cmp(b.0)));
    let mut evidence: Vec<String> = prefixes
        .iter()
        .map(|(prefix, items)| format!("{prefix}: {}", counted(**items, "item", "items")))
        .collect();
    if keys.unprefixed > 0 {
        evidence.push(format!(
            "no prefix: {}",
            counted(keys.unprefixed, "item", "items")
        ));
    }
    Some(
        Finding::new(
            Rule::NoStablePrefix,
            Severity::Warning,
            format!(
                "{name}: no partition key prefix holds 90% of its items ({} prefixes)",
                prefixes.len() + usize::from(keys.unprefixed > 0)
            ),
        )
        .with_evidence(evidence),
    )
}
