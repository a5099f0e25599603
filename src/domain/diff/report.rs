//! The report of a comparison: per entity, how many items are equal, only in the source, only
//! in the target, or different; and the first differences found, each with its key and items.

use std::collections::BTreeMap;

use serde_json::{Value, json};

use super::compare::AttributeDiff;
use super::sample::SampleMethod;
use crate::domain::ddb_json::{item_to_json, to_json};
use crate::domain::value::Item;

/// How one entity's items compared.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct EntityCounts {
    pub equal: u64,
    pub only_source: u64,
    pub only_target: u64,
    pub different: u64,
}

impl EntityCounts {
    #[must_use]
    pub const fn differences(&self) -> u64 {
        self.only_source + self.only_target + self.different
    }
}

/// One item that did not compare equal.
#[derive(Clone, Debug, PartialEq)]
pub enum Finding {
    OnlySource {
        key: Item,
        item: Item,
    },
    OnlyTarget {
        key: Item,
        item: Item,
    },
    Different {
        key: Item,
        source: Item,
        target: Item,
        attributes: Vec<AttributeDiff>,
    },
}

impl Finding {
    #[must_use]
    pub const fn key(&self) -> &Item {
        match self {
            Self::OnlySource { key, .. }
            | Self::OnlyTarget { key, .. }
            | Self::Different { key, .. } => key,
        }
    }

    /// `-` only in the source, `+` only in the target, `*` different (as diff tools mark them).
    #[must_use]
    pub const fn mark(&self) -> char {
        match self {
            Self::OnlySource { .. } => '-',
            Self::OnlyTarget { .. } => '+',
            Self::Different { .. } => '*',
        }
    }

    #[must_use]
    pub fn to_json(&self, entity: &str) -> Value {
        match self {
            Self::OnlySource { key, item } => json!({
                "entity": entity, "found": "only_in_source",
                "key": item_to_json(key), "source": item_to_json(item),
            }),
            Self::OnlyTarget { key, item } => json!({
                "entity": entity, "found": "only_in_target",
                "key": item_to_json(key), "target": item_to_json(item),
            }),
            Self::Different {
                key,
                source,
                target,
                attributes,
            } => json!({
                "entity": entity, "found": "different", "key": item_to_json(key),
                "source": item_to_json(source), "target": item_to_json(target),
                "attributes": attributes.iter().map(|diff| json!({
                    "path": diff.path,
                    "kind": diff.kind(),
                    "source": diff.source.as_ref().map(to_json),
                    "target": diff.target.as_ref().map(to_json),
                })).collect::<Vec<_>>(),
            }),
        }
    }
}

/// The scope of a side that compares every item of its table.
pub const EVERY_ITEM: &str = "every item";

/// A whole comparison, filled in as items are matched.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct DiffReport {
    pub entities: BTreeMap<String, EntityCounts>,
    /// The first `keep` findings in the order of their keys, each with its entity: the same
    /// ones in the same order whichever order the items were read in.
    pub findings: Vec<(String, Finding)>,
    /// The text of each kept finding's key (its DynamoDB JSON), in the findings' order.
    order: Vec<String>,
    pub keep: usize,
    /// How the keys were sampled, when only a sample of them was compared.
    pub sample: Option<SampleMethod>,
    /// How items were matched, when that needs saying (two designs' entities and their fields).
    pub notes: Vec<String>,
    /// What each side compared, in words (the source's, the target's), when the comparison was
    /// of two reads' items (`every item`, or a scope such as a partition or an entity).
    pub scopes: Option<[String; 2]>,
}

impl DiffReport {
    #[must_use]
    pub fn keeping(keep: usize) -> Self {
        Self {
            keep,
            ..Self::default()
        }
    }

    pub fn equal(&mut self, entity: &str) {
        self.counts(entity).equal += 1;
    }

    pub fn found(&mut self, entity: &str, finding: Finding) {
        let counts = self.counts(entity);
        match finding {
            Finding::OnlySource { .. } => counts.only_source += 1,
            Finding::OnlyTarget { .. } => counts.only_target += 1,
            Finding::Different { .. } => counts.different += 1,
        }
        if self.keep == 0 {
            return;
        }
        let text = item_to_json(finding.key()).to_string();
        if self.findings.len() == self.keep && self.order.last().is_some_and(|last| *last <= text) {
            return;
        }
        let at = self.order.partition_point(|kept| *kept <= text);
        self.order.insert(at, text);
        self.findings.insert(at, (entity.to_owned(), finding));
        self.order.truncate(self.keep);
        self.findings.truncate(self.keep);
    }

    fn counts(&mut self, entity: &str) -> &mut EntityCounts {
        self.entities.entry(entity.to_owned()).or_default()
    }

    #[must_use]
    pub fn totals(&self) -> EntityCounts {
        self.entities
            .values()
            .fold(EntityCounts::default(), |sum, counts| EntityCounts {
                equal: sum.equal + counts.equal,
                only_source: sum.only_source + counts.only_source,
                only_target: sum.only_target + counts.only_target,
                different: sum.different + counts.different,
            })
    }

    /// Whether either side compared less than every item.
    #[must_use]
    pub fn is_scoped(&self) -> bool {
        self.scopes
            .as_ref()
            .is_some_and(|scopes| scopes.iter().any(|scope| scope != EVERY_ITEM))
    }

    /// Every item on both sides matched and compared equal.
    #[must_use]
    pub fn is_equal(&self) -> bool {
        self.totals().differences() == 0
    }

    #[must_use]
    pub fn to_json(&self) -> Value {
        let totals = self.totals();
        let mut report = json!({
            "equal": self.is_equal(),
            "totals": counts_json(&totals),
            "entities": self.entities.iter()
                .map(|(name, counts)| (name.clone(), counts_json(counts)))
                .collect::<serde_json::Map<_, _>>(),
            "differences": self.findings.iter()
                .map(|(entity, finding)| finding.to_json(entity))
                .collect::<Vec<_>>(),
            "differences_shown": self.findings.len(),
            "sample": self.sample.as_ref().map(|sample| json!({
                "percent": sample.percent(),
                "method": sample.describe(),
                "statement": sample.statement(totals.differences()),
            })),
        });
        if !self.notes.is_empty() {
            report["matching"] = json!(self.notes);
        }
        if let Some([source, target]) = &self.scopes {
            report["scope"] = json!({ "source": source, "target": target });
        }
        report
    }
}

fn counts_json(counts: &EntityCounts) -> Value {
    json!({
        "equal": counts.equal,
        "only_in_source": counts.only_source,
        "only_in_target": counts.only_target,
        "different": counts.different,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::value::AttrValue;

    fn only_source(pk: &str) -> Finding {
        let key: Item = [("PK".to_owned(), AttrValue::s(pk))].into_iter().collect();
        Finding::OnlySource {
            key: key.clone(),
            item: key,
        }
    }

    fn kept_keys(order: &[&str]) -> Vec<String> {
        let mut report = DiffReport::keeping(3);
        for pk in order {
            report.found("Order", only_source(pk));
        }
        assert_eq!(report.totals().only_source, order.len() as u64);
        report
            .findings
            .iter()
            .map(|(_, finding)| item_to_json(finding.key())["PK"]["S"].to_string())
            .collect()
    }

    #[test]
    fn the_findings_kept_are_the_first_by_key_whatever_order_they_were_found_in() {
        let expected = vec![r#""a""#, r#""b""#, r#""c""#];
        assert_eq!(kept_keys(&["e", "c", "a", "d", "b"]), expected);
        assert_eq!(kept_keys(&["a", "b", "c", "d", "e"]), expected);
        assert_eq!(kept_keys(&["d", "e", "b", "c", "a"]), expected);
        assert_eq!(kept_keys(&["b"]), vec![r#""b""#]);
    }
}
