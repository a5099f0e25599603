//! UpdateItem checks that need the schema: key attributes cannot be written, and constants
//! written to an index key attribute must have its type.

use crate::domain::expr::ast::{Path, SetValue, UpdateExpr, UpdateOperand};
use crate::domain::expr::error::{ExprError, ExprKind};
use crate::domain::schema::TableDescription;

fn plain(message: String, path: &Path) -> ExprError {
    ExprError::plain(ExprKind::Update, message, path.span.range())
}

/// Checks an update against `table`'s key schema and index key types.
pub fn check_update(update: &UpdateExpr, table: &TableDescription) -> Result<(), ExprError> {
    for path in update.target_paths() {
        let root = path.root();
        if table.key.contains(root) {
            if !path.is_top_level() {
                return Err(plain(
                    format!(
                        "Key attributes must be scalars; list random access '[]' and map lookup '.' are not allowed: Key: {root}"
                    ),
                    path,
                ));
            }
            return Err(plain(
                format!(
                    "One or more parameter values were invalid: Cannot update attribute {root}. This attribute is part of the key"
                ),
                path,
            ));
        }
        let is_index_key = table.indexes.iter().any(|index| index.key.contains(root));
        if is_index_key && !path.is_top_level() {
            return Err(plain(
                format!(
                    "Key attributes must be scalars; list random access '[]' and map lookup '.' are not allowed: IndexKey: {root}"
                ),
                path,
            ));
        }
    }
    for action in &update.set {
        let SetValue::Operand(UpdateOperand::Value(value)) = &action.value else {
            continue;
        };
        let root = action.path.root();
        let Some(index) = table.indexes.iter().find(|index| index.key.contains(root)) else {
            continue;
        };
        let Some(expected) = table.attribute_types.get(root) else {
            continue;
        };
        let actual = value.value.value_type();
        if actual != *expected {
            return Err(plain(
                format!(
                    "One or more parameter values were invalid: Type mismatch for Index Key {root} Expected: {expected} Actual: {actual} IndexName: {}",
                    index.name
                ),
                &action.path,
            ));
        }
    }
    Ok(())
}
