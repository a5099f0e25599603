//! Query and Scan checks: the index exists, ConsistentRead is not used on a GSI, the key
//! condition fits the key schema, and a query's filter names no key attribute.

use crate::domain::expr::ast::{Condition, Function, Operand, Path};
use crate::domain::expr::error::{ExprError, ExprKind};
use crate::domain::expr::key_condition::{KeyCondition, check_key_condition};
use crate::domain::schema::{IndexKind, TableDescription};

/// Checks the index name and ConsistentRead of a Query or Scan. `kind` decides which
/// expression the error is attributed to (the key condition for a Query, the filter for a Scan).
pub fn check_index_read(
    table: &TableDescription,
    index: Option<&str>,
    consistent_read: bool,
    kind: ExprKind,
) -> Result<(), ExprError> {
    let Some(name) = index else {
        return Ok(());
    };
    let Some(schema) = table.index(name) else {
        return Err(ExprError::plain(
            kind,
            format!("The table does not have the specified index: {name}"),
            0..0,
        ));
    };
    if consistent_read && schema.kind == IndexKind::Global {
        return Err(ExprError::plain(
            kind,
            "Consistent reads are not supported on global secondary indexes",
            0..0,
        ));
    }
    Ok(())
}

/// All checks of a Query: index and consistency, the key condition (returned in typed form) and
/// the filter.
pub fn check_query(
    table: &TableDescription,
    index: Option<&str>,
    key_condition: &Condition,
    filter: Option<&Condition>,
    consistent_read: bool,
) -> Result<KeyCondition, ExprError> {
    check_index_read(table, index, consistent_read, ExprKind::KeyCondition)?;
    let typed = check_key_condition(key_condition, table, index)?;
    if let Some(filter) = filter {
        check_filter(filter, table, index)?;
    }
    Ok(typed)
}

/// A Query's filter may not name the key attributes of the table or index being read.
pub fn check_filter(
    filter: &Condition,
    table: &TableDescription,
    index: Option<&str>,
) -> Result<(), ExprError> {
    let Some(schema) = table.key_schema_of(index) else {
        return Ok(());
    };
    let mut found = None;
    visit_paths(filter, &mut |path| {
        if found.is_none() && schema.contains(path.root()) {
            found = Some(path.clone());
        }
    });
    match found {
        Some(path) => Err(ExprError::plain(
            ExprKind::Filter,
            format!(
                "Filter Expression can only contain non-primary key attributes: Primary key attribute: {}",
                path.root()
            ),
            path.span.range(),
        )),
        None => Ok(()),
    }
}

/// Calls `visit` on every document path of a condition.
pub(crate) fn visit_paths(condition: &Condition, visit: &mut impl FnMut(&Path)) {
    let operand = |operand: &Operand, visit: &mut dyn FnMut(&Path)| match operand {
        Operand::Path(path) | Operand::Size { path, .. } => visit(path),
        Operand::Value(_) | Operand::SizeOfValue { .. } => {}
    };
    match condition {
        Condition::Compare { left, right, .. } => {
            operand(left, visit);
            operand(right, visit);
        }
        Condition::Between {
            operand: value,
            low,
            high,
            ..
        } => {
            for each in [value, low, high] {
                operand(each, visit);
            }
        }
        Condition::In {
            operand: value,
            candidates,
            ..
        } => {
            operand(value, visit);
            for candidate in candidates {
                operand(candidate, visit);
            }
        }
        Condition::Function { function, .. } => match function {
            Function::AttributeExists(path) | Function::AttributeNotExists(path) => visit(path),
            Function::AttributeType(path, other) => {
                visit(path);
                operand(other, visit);
            }
            Function::BeginsWith(a, b) | Function::Contains(a, b) => {
                operand(a, visit);
                operand(b, visit);
            }
        },
        Condition::Not { inner, .. } => visit_paths(inner, visit),
        Condition::And { left, right, .. } | Condition::Or { left, right, .. } => {
            visit_paths(left, visit);
            visit_paths(right, visit);
        }
    }
}
