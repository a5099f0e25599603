//! Undoing a journal entry: restore the before-image, conditioned on the item still being the
//! after-image (anything else means someone wrote since, and the undo must not overwrite it).

use super::entry::JournalEntry;
use crate::domain::edit::{
    Adjustment, ConditionMode, EditContext, EditError, PlannedWrite, plan_adjust, plan_create,
    plan_delete, plan_edit,
};
use crate::domain::version_attr::{VersionAttribute, version_attribute};

/// The write that undoes `entry`:
/// - an update: the before-image's values back, conditioned on every attribute of the
///   after-image (a version counter moves forward, never back, so other writers still see a
///   change);
/// - a create: delete, conditioned on the item still being what was created;
/// - a delete: re-create, conditioned on the key not existing;
/// - a key change: move it back the same way;
/// - an adjustment of numbers: add the opposite amounts, guarded as the adjustment was.
pub fn plan_undo(ctx: &EditContext<'_>, entry: &JournalEntry) -> Result<PlannedWrite, EditError> {
    let mut planned = restore(ctx, entry)?;
    planned.reverts = Some(entry.time.clone());
    Ok(planned)
}

fn restore(ctx: &EditContext<'_>, entry: &JournalEntry) -> Result<PlannedWrite, EditError> {
    if let (false, Some(after)) = (entry.adjusts.is_empty(), &entry.after) {
        // Taken back by adding the opposite where the numbers stand now, so what others added
        // since the adjustment is kept (restoring the before-image would erase it).
        let inverse: Vec<Adjustment> = entry.adjusts.iter().map(Adjustment::inverse).collect();
        return plan_adjust(ctx, after, &inverse);
    }
    match (&entry.before, &entry.after) {
        (None, None) => Err(EditError::NotUndoable(
            "the journal entry records neither a before nor an after image".to_owned(),
        )),
        (None, Some(after)) => plan_delete(ctx, after, ConditionMode::WholeItem),
        (Some(before), None) => plan_create(ctx, before),
        (Some(before), Some(after)) => {
            let mut restored = before.clone();
            if let VersionAttribute::Found { name, value } =
                version_attribute(after, ctx.version_attribute)
            {
                restored.insert(
                    name.to_owned(),
                    crate::domain::value::AttrValue::N(value.clone()),
                );
            }
            plan_edit(ctx, after, &restored, ConditionMode::WholeItem)
        }
    }
}
