//! `update_derived_keys` on a bulk dry run: each write that leaves derived keys out of sync (an
//! index key composed from the value the run sets) is planned again with them set to what the
//! library would write, as `ddbx bulk --update-derived-keys` plans it, and the dry run shows the
//! new requests before anything is sent.

use crate::app::state::bulk::BulkStage;
use crate::app::state::bulk::flow::{DryRun, Purpose};
use crate::app::state::{Notice, State};
use crate::app::update::edit::plan::configured_version;
use crate::domain::edit::derived_keys::derived_keys_of;
use crate::domain::edit::{ConditionMode, EditContext, plan_edit};
use crate::write::run_plan::{ItemPlan, PlannedItem, RunPlan};

pub(super) fn update(state: &mut State) {
    let Some(BulkStage::DryRun(dry_run)) = state.bulk.flow.as_deref().map(|flow| &flow.stage)
    else {
        return;
    };
    let stale = dry_run.plan.derived.keys.iter().any(|key| !key.updated);
    if dry_run.purpose != Purpose::Action || !stale {
        state.notice = Some(Notice::Info(
            "no key is out of sync with these writes".to_owned(),
        ));
        return;
    }
    let plan = replanned(state, dry_run);
    let plan_text = format!("{} update-derived-keys", dry_run.plan_text);
    if let Some(BulkStage::DryRun(dry_run)) =
        state.bulk.flow.as_deref_mut().map(|flow| &mut flow.stage)
    {
        dry_run.plan = plan;
        dry_run.plan_text = plan_text;
    }
    state.notice = Some(Notice::Info(
        "derived keys updated in the same writes (dry run: nothing was sent)".to_owned(),
    ));
}

/// The dry run's plan with each write's derived keys set, conditioned as before.
fn replanned(state: &State, dry_run: &DryRun) -> RunPlan {
    let mut plan = RunPlan {
        refused: dry_run.plan.refused.clone(),
        unchanged: dry_run.plan.unchanged,
        ..RunPlan::default()
    };
    for PlannedItem { write, entity } in &dry_run.plan.writes {
        let planned = &write.planned;
        let unchanged = ItemPlan {
            planned: planned.clone(),
            derived: Vec::new(),
            updated: false,
        };
        let item_plan = match (&planned.original, &planned.expected) {
            (Some(original), Some(expected)) => {
                let description = &dry_run.description;
                let (synced, stale) =
                    derived_keys_of(description, original, expected.clone(), true);
                let version = configured_version(state, Some(original));
                let context = EditContext {
                    table: &dry_run.table,
                    description,
                    version_attribute: version.as_deref(),
                };
                if stale.is_empty() {
                    Ok(Some(unchanged))
                } else {
                    plan_edit(&context, original, &synced, ConditionMode::Auto)
                        .map(|planned| {
                            Some(ItemPlan {
                                planned,
                                derived: stale,
                                updated: true,
                            })
                        })
                        .map_err(|error| error.to_string())
                }
            }
            _ => Ok(Some(unchanged)),
        };
        plan.push_item(write.key.clone(), item_plan, || entity.clone());
    }
    plan
}
