//! Matching the items of one bucket of two designs by their identity and recording each
//! outcome in the report. Two items of one side with the same identity (match fields that do not
//! identify an item alone) are paired with the other side's in the order of their own keys, so
//! the outcome does not depend on the order the scans returned them in.

use std::collections::{BTreeMap, BTreeSet, VecDeque};

use super::comparable::compare_designed;
use super::design::Design;
use super::plan::RedesignPlan;
use crate::domain::ddb_json::item_to_json;
use crate::domain::diff::{DiffReport, Finding};
use crate::domain::value::Item;

/// What an item no entity of its model matches is reported under.
pub const UNMODELLED: &str = "(no entity of the models)";

/// The two designs and how their entities match.
#[derive(Clone, Debug)]
pub struct Redesign<'m> {
    pub plan: &'m RedesignPlan,
    pub old: Design<'m>,
    pub new: Design<'m>,
}

/// Items keyed by their identity text (as [`Design::identity`] gives it).
pub type Identified = Vec<(String, Item)>;

impl Redesign<'_> {
    /// Matches `source` (old design) with `target` (new design) by identity and records each
    /// pair, or lone item, in `report`; returns how many identities were shared by more than one
    /// item of a side.
    pub fn compare_bucket(
        &self,
        source: Identified,
        target: Identified,
        ignore: &BTreeSet<String>,
        report: &mut DiffReport,
    ) -> u64 {
        let (mut sources, shared_source) = grouped(source, &self.old);
        let (targets, shared_target) = grouped(target, &self.new);
        for (identity, items) in targets {
            let mut held = sources.remove(&identity).unwrap_or_default();
            for item in items {
                match held.pop_front() {
                    Some(old) => self.pair(old, item, ignore, report),
                    None => {
                        let entity = entity_of(&self.new, &item);
                        let key = primary_key(&self.new, &item);
                        report.found(&entity, Finding::OnlyTarget { key, item });
                    }
                }
            }
            sources_left(self, held, report);
        }
        for (_, held) in sources {
            sources_left(self, held, report);
        }
        shared_source + shared_target
    }

    fn pair(&self, old: Item, new: Item, ignore: &BTreeSet<String>, report: &mut DiffReport) {
        let entity = entity_of(&self.new, &new);
        let attributes = compare_designed((&self.old, &old), (&self.new, &new), ignore);
        if attributes.is_empty() {
            report.equal(&entity);
            return;
        }
        report.found(
            &entity,
            Finding::Different {
                key: primary_key(&self.new, &new),
                source: old,
                target: new,
                attributes,
            },
        );
    }
}

fn sources_left(redesign: &Redesign<'_>, held: VecDeque<Item>, report: &mut DiffReport) {
    for item in held {
        let entity = entity_of(&redesign.old, &item);
        let key = primary_key(&redesign.old, &item);
        report.found(&entity, Finding::OnlySource { key, item });
    }
}

/// Items by identity, each identity's items in the order of their keys; and how many
/// identities more than one item shares.
fn grouped(items: Identified, design: &Design<'_>) -> (BTreeMap<String, VecDeque<Item>>, u64) {
    let mut groups: BTreeMap<String, Vec<(String, Item)>> = BTreeMap::new();
    for (identity, item) in items {
        let key = item_to_json(&primary_key(design, &item)).to_string();
        groups.entry(identity).or_default().push((key, item));
    }
    let shared = groups.values().filter(|items| items.len() > 1).count() as u64;
    let ordered = groups
        .into_iter()
        .map(|(identity, mut items)| {
            items.sort_by(|a, b| a.0.cmp(&b.0));
            (identity, items.into_iter().map(|(_, item)| item).collect())
        })
        .collect();
    (ordered, shared)
}

fn entity_of(design: &Design<'_>, item: &Item) -> String {
    design.decode(item).map_or_else(
        || UNMODELLED.to_owned(),
        |decoded| decoded.entity.name.clone(),
    )
}

fn primary_key(design: &Design<'_>, item: &Item) -> Item {
    design.key.key_of(item).unwrap_or_default()
}
