//! Planning a run of many writes: each item's write planned by the editor's own planners
//! (`plan_edit`, `plan_delete`, `plan_create`), so every write is conditioned exactly as a single
//! write is. Items the local checks refuse are kept with the reason, never sent. The headless bulk
//! commands and the terminal UI's bulk actions plan through here.

use std::collections::BTreeMap;

use serde_json::Value;

use super::batch::BatchItem;
use crate::domain::ddb_json::item_to_json;
use crate::domain::edit::derived_keys::{OutOfSync, derived_keys_of};
use crate::domain::edit::derived_report::DerivedKeys;
use crate::domain::edit::path_edit::{PathEdit, apply_edits};
use crate::domain::edit::{
    Adjustment, ConditionMode, EditContext, PlannedWrite, WritePlan, plan_adjust, plan_create,
    plan_delete, plan_edit, typed_json,
};
use crate::domain::value::{Item, item_size};
use crate::journal::{JournalEntry, plan_undo};

/// What a run does to each item.
#[derive(Clone, Debug)]
pub enum BulkAction {
    Delete,
    Edit {
        edits: Vec<PathEdit>,
        mode: ConditionMode,
        /// Also set the key attributes composed from the values the edits change (ElectroDB's
        /// `gsi2sk = …#status_open` when `status` changes) to what the library would write.
        derived_keys: bool,
    },
    /// Create the item as given (import, copy): `attribute_not_exists` on the key.
    Create,
    /// Add to numbers where they stand, guarded on the result (never on the value read).
    Adjust {
        adjustments: Vec<Adjustment>,
    },
}

/// One write of the run, with what the reports need.
#[derive(Clone, Debug)]
pub struct PlannedItem {
    pub write: BatchItem,
    pub entity: String,
}

impl PlannedItem {
    /// `UpdateItem`, `PutItem`, `DeleteItem` or `TransactWriteItems`.
    #[must_use]
    pub fn operation(&self) -> &'static str {
        operation(&self.write.planned.plan)
    }

    /// Write capacity units: 1 per KB of the larger of the item before and after, twice for
    /// a transaction.
    #[must_use]
    pub fn write_units(&self) -> u64 {
        let planned = &self.write.planned;
        let size = [&planned.original, &planned.expected]
            .into_iter()
            .flatten()
            .map(item_size)
            .max()
            .unwrap_or(0);
        let units = (size as u64).div_ceil(1024).max(1);
        if matches!(planned.plan, WritePlan::MoveKey(_)) {
            2 * units
        } else {
            units
        }
    }
}

#[must_use]
pub fn operation(plan: &WritePlan) -> &'static str {
    match plan {
        WritePlan::Nothing => "Nothing",
        WritePlan::Update(_) => "UpdateItem",
        WritePlan::Put(_) => "PutItem",
        WritePlan::Delete(_) => "DeleteItem",
        WritePlan::MoveKey(_) => "TransactWriteItems",
    }
}

/// An item (or a line of a file) the local checks refused, and why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Refusal {
    /// The item's key as typed JSON, or `line N` of a file.
    pub at: Value,
    pub reason: String,
}

/// The run's writes, refusals and no-op items.
#[derive(Clone, Debug, Default)]
pub struct RunPlan {
    pub writes: Vec<PlannedItem>,
    pub refused: Vec<Refusal>,
    /// Items the action leaves as they are (nothing to send).
    pub unchanged: u64,
    /// The key attributes the writes leave out of sync, or update, with their counts.
    pub derived: DerivedKeys,
}

impl RunPlan {
    /// Counts of writes per entity and operation.
    #[must_use]
    pub fn by_entity(&self) -> BTreeMap<&str, BTreeMap<&'static str, u64>> {
        let mut counts: BTreeMap<&str, BTreeMap<&'static str, u64>> = BTreeMap::new();
        for write in &self.writes {
            *counts
                .entry(write.entity.as_str())
                .or_default()
                .entry(write.operation())
                .or_default() += 1;
        }
        counts
    }

    /// Adds one item's plan: its write (and the derived keys it moves), no change, or the
    /// refusal of the item at `key`.
    pub fn push_item(
        &mut self,
        key: Item,
        planned: Result<Option<ItemPlan>, String>,
        entity: impl FnOnce() -> String,
    ) {
        match planned {
            Ok(Some(ItemPlan {
                planned,
                derived,
                updated,
            })) => {
                self.derived.add(&derived, updated);
                self.writes.push(PlannedItem {
                    write: BatchItem { key, planned },
                    entity: entity(),
                });
            }
            Ok(None) => self.unchanged += 1,
            Err(reason) => self.refused.push(Refusal {
                at: typed_json(&key),
                reason,
            }),
        }
    }

    #[must_use]
    pub fn by_operation(&self) -> BTreeMap<&'static str, u64> {
        let mut counts = BTreeMap::new();
        for write in &self.writes {
            *counts.entry(write.operation()).or_default() += 1;
        }
        counts
    }
}

/// The key of `item` in `ctx`'s table as typed JSON, for reports (the whole item without one).
#[must_use]
pub fn key_json(ctx: &EditContext<'_>, item: &Item) -> Value {
    typed_json(
        &ctx.description
            .primary_key_of(item)
            .unwrap_or_else(|| item.clone()),
    )
}

/// A canonical text of a key, to match writes of a run across processes.
#[must_use]
pub fn key_text(key: &Item) -> String {
    item_to_json(key).to_string()
}

/// One item's write, with the derived keys its edit moves.
#[derive(Clone, Debug)]
pub struct ItemPlan {
    pub planned: PlannedWrite,
    pub derived: Vec<OutOfSync>,
    /// True when the write updates `derived` too.
    pub updated: bool,
}

/// Plans `action` on one item, as read (or as given, for a create).
pub fn plan_item(
    ctx: &EditContext<'_>,
    item: &Item,
    action: &BulkAction,
) -> Result<Option<ItemPlan>, String> {
    let (planned, derived, updated) = match action {
        BulkAction::Delete => (
            plan_delete(ctx, item, ConditionMode::Auto),
            Vec::new(),
            false,
        ),
        BulkAction::Edit {
            edits,
            mode,
            derived_keys,
        } => {
            let edited = apply_edits(item, edits)?;
            let (edited, derived) = derived_keys_of(ctx.description, item, edited, *derived_keys);
            (plan_edit(ctx, item, &edited, *mode), derived, *derived_keys)
        }
        BulkAction::Create => (plan_create(ctx, item), Vec::new(), false),
        BulkAction::Adjust { adjustments } => {
            (plan_adjust(ctx, item, adjustments), Vec::new(), false)
        }
    };
    let planned = planned.map_err(|error| error.to_string())?;
    Ok(
        (!matches!(planned.plan, WritePlan::Nothing)).then_some(ItemPlan {
            planned,
            derived,
            updated,
        }),
    )
}

/// Plans `action` on every item; `entity` names an item's entity for the counts.
pub fn plan_run(
    ctx: &EditContext<'_>,
    items: &[Item],
    action: &BulkAction,
    entity: impl Fn(&Item) -> String,
) -> RunPlan {
    let mut plan = RunPlan::default();
    for item in items {
        let key = ctx
            .description
            .primary_key_of(item)
            .unwrap_or_else(|| item.clone());
        plan.push_item(key, plan_item(ctx, item, action), || entity(item));
    }
    plan
}

/// The writes that undo `written` (each conditioned on the item as that write left it), and the
/// ones refused locally.
#[must_use]
pub fn undo_plan(ctx: &EditContext<'_>, written: &[JournalEntry]) -> RunPlan {
    let mut plan = RunPlan::default();
    for entry in written {
        match plan_undo(ctx, entry) {
            Ok(planned) => plan.writes.push(PlannedItem {
                write: BatchItem {
                    key: entry.key.clone(),
                    planned,
                },
                // The journal keeps the write, not the entity: the undone write names the group,
                // so the dry run reads `undo of UpdateItem: 3 PutItem`.
                entity: format!("undo of {}", entry.operation),
            }),
            Err(error) => plan.refused.push(Refusal {
                at: typed_json(&entry.key),
                reason: error.to_string(),
            }),
        }
    }
    plan
}
