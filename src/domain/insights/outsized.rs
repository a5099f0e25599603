//! Partitions that stand far out from the others of their collection level: a tenant's partition
//! is compared with the other tenants', never with the one-item comment partitions beside them,
//! whose count would pull a table-wide median down until every tenant looked outsized.

use std::collections::HashMap;

use super::finding::{Finding, Rule, Severity};
use super::tally::{Largest, Usage, larger_first};
use crate::domain::collection::LEVEL_SEPARATOR;
use crate::domain::figures::{bytes, count, counted};
use crate::domain::grammar::collection_levels;
use crate::domain::key_value::key_text;
use crate::domain::schema::TableDescription;
use crate::domain::value::{AttrValue, Item};

/// A partition stands out when it holds this many times the median partition of its level…
const FACTOR: u64 = 10;
/// …or this share of its level's items while holding this many times its median…
const SHARE: f64 = 0.10;
const SHARE_FACTOR: u64 = 3;
/// …and in either case at least this many items.
const MIN_ITEMS: u64 = 50;
/// A median means something only over enough partitions of one level.
pub const MIN_PARTITIONS: usize = 10;
/// How many outliers the evidence names.
const LISTED: usize = 5;

/// The levels of a partition key (`TENANT`, `TENANT › TICKET`); numbers and binary share one.
type Level<'a> = (Option<&'a str>, Option<&'a str>);

fn level_of(value: &AttrValue) -> Level<'_> {
    match value {
        AttrValue::S(text) => {
            let levels = collection_levels(text);
            (levels.first, levels.second)
        }
        _ => (None, None),
    }
}

fn level_name((first, second): Level<'_>) -> String {
    match (first, second) {
        (Some(first), Some(second)) => format!("{first}{LEVEL_SEPARATOR}{second}"),
        (Some(first), None) => first.to_owned(),
        _ => "(no prefix)".to_owned(),
    }
}

/// One partition that stands out, with the level it was compared within.
struct Outlier<'a> {
    key: &'a AttrValue,
    usage: Usage,
    level: Level<'a>,
    median: u64,
    partitions: usize,
}

impl Outlier<'_> {
    fn evidence(&self) -> String {
        format!(
            "{}: {}, {} (the median {} partition: {}, over {} partitions)",
            key_text(self.key),
            counted(self.usage.items, "item", "items"),
            bytes(self.usage.bytes),
            level_name(self.level),
            counted(self.median, "item", "items"),
            count(self.partitions as u64),
        )
    }
}

fn stands_out(items: u64, median: u64, level_items: u64) -> bool {
    #[allow(clippy::cast_precision_loss)] // a share, not a count
    let share = items as f64 / level_items.max(1) as f64;
    items >= MIN_ITEMS
        && (items >= FACTOR * median || (share >= SHARE && items >= SHARE_FACTOR * median))
}

/// The outliers of each level holding at least [`MIN_PARTITIONS`] partitions.
fn outliers<'a>(partitions: impl Iterator<Item = (&'a AttrValue, Usage)>) -> Vec<Outlier<'a>> {
    let mut by_level: HashMap<Level<'a>, Vec<(&'a AttrValue, Usage)>> = HashMap::new();
    for (key, usage) in partitions {
        by_level
            .entry(level_of(key))
            .or_default()
            .push((key, usage));
    }
    let mut found = Vec::new();
    for (level, members) in by_level {
        if members.len() < MIN_PARTITIONS {
            continue;
        }
        let mut counts: Vec<u64> = members.iter().map(|(_, usage)| usage.items).collect();
        let middle = counts.len() / 2;
        let median = (*counts.select_nth_unstable(middle).1).max(1);
        let level_items = counts.iter().sum();
        found.extend(
            members
                .iter()
                .filter(|(_, usage)| stands_out(usage.items, median, level_items))
                .map(|&(key, usage)| Outlier {
                    key,
                    usage,
                    level,
                    median,
                    partitions: members.len(),
                }),
        );
    }
    found.sort_by(|a, b| larger_first(Largest::Items, (a.key, a.usage), (b.key, b.usage)));
    found
}

/// The finding for the partitions that stand out within their level, if any do.
pub fn outsized<'a>(
    table: &TableDescription,
    partitions: impl Iterator<Item = (&'a AttrValue, Usage)>,
) -> Option<Finding> {
    let found = outliers(partitions);
    let first = found.first()?;
    let summary = format!(
        "{} out within {}: {} holds {} items, {}× the median {} partition ({})",
        if found.len() == 1 {
            "1 partition stands".to_owned()
        } else {
            format!("{} partitions stand", count(found.len() as u64))
        },
        if found.len() == 1 {
            "its level"
        } else {
            "their levels"
        },
        key_text(first.key),
        count(first.usage.items),
        first.usage.items / first.median,
        level_name(first.level),
        counted(first.median, "item", "items"),
    );
    let listed = found.iter().take(LISTED);
    Some(
        Finding::new(Rule::OutsizedPartition, Severity::Warning, summary)
            .with_evidence(listed.clone().map(Outlier::evidence))
            .with_items(listed.map(|outlier| {
                Item::from([(table.key.partition.name.clone(), outlier.key.clone())])
            })),
    )
}
