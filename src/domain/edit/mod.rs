//! Safe item edits, pure: the item as lossless editable text ([`text`]), the minimal diff
//! ([`diff()`]), the one conditioned write that applies it ([`plan`]), its exact request as text
//! ([`preview`]) and re-applying an edit over a concurrent change ([`rebase()`]).
//!
//! Sending the plan is [`crate::write::execute()`]; recording it is [`crate::journal`].

pub mod adjust;
pub mod adjust_text;
pub mod adjustment;
pub mod checks;
mod conditions;
pub mod derived_keys;
pub mod derived_report;
pub mod diff;
pub mod error;
mod json_tree;
mod lifecycle;
pub mod path_edit;
pub mod plan;
pub mod preview;
pub mod rebase;
pub mod text;
pub mod transact_file;
pub mod transaction;
mod write_plan;

pub use adjust::plan_adjust;
pub use adjustment::Adjustment;
pub use diff::{AttributeChange, ItemDiff, diff};
pub use error::{EditError, EditTextError};
pub use plan::{
    ConditionMode, EditContext, PlannedWrite, WritePlan, before_from_after, plan_create,
    plan_delete, plan_edit,
};
pub use preview::{request_preview, transaction_preview};
pub use rebase::rebase;
pub use text::{EditFormat, is_json, parse_edited, render_for_edit, typed_json};
