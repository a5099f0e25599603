//! Key conditions, checked against the key schema of the table or index being queried and
//! turned into typed pieces the engine can use to pick a range: the partition value and an
//! optional sort-key operator with its bounds.

use super::ast::{Comparator, Condition, Function, Operand, Path};
use super::error::ExprError;
use super::key_terms::{Atom, check_sort_op, check_value_type, plain};
pub use super::key_terms::{KeyCondition, KeyEquality, SortCondition, SortOp};
use super::multi_key_condition::check_multi_attribute;
use super::span::Span;
use crate::domain::schema::{KeyAttribute, TableDescription};

/// Checks a parsed key condition against the key schema of `table` (or of its index `index`)
/// with the service's rules and wording, and returns its typed form.
pub fn check_key_condition(
    condition: &Condition,
    table: &TableDescription,
    index: Option<&str>,
) -> Result<KeyCondition, ExprError> {
    let Some(schema) = table.key_schema_of(index) else {
        return Err(plain(
            format!(
                "The table does not have the specified index: {}",
                index.unwrap_or_default()
            ),
            condition.span(),
        ));
    };
    let mut atoms = Vec::new();
    collect_atoms(condition, &mut atoms)?;
    if schema.is_multi_attribute() {
        return check_multi_attribute(atoms, schema, condition.span());
    }
    let partition = &schema.partition;
    let names_key = |atom: &Atom, key: Option<&KeyAttribute>| {
        key.is_some_and(|key| atom.path.root() == key.name)
    };
    let mut partition_atom = None;
    let mut sort_atom = None;
    let mut strangers = Vec::new();
    for atom in atoms {
        let slot = if names_key(&atom, Some(partition)) {
            &mut partition_atom
        } else if names_key(&atom, schema.sort.as_ref()) {
            &mut sort_atom
        } else {
            strangers.push(atom);
            continue;
        };
        if slot.is_some() {
            return Err(plain(
                "KeyConditionExpressions must only contain one condition per key",
                atom.span,
            ));
        }
        *slot = Some(atom);
    }
    let Some(partition_atom) = partition_atom else {
        let span = strangers.first().map_or(condition.span(), |atom| atom.span);
        return Err(if strangers.len() > 1 {
            plain("Query key condition not supported", span)
        } else {
            plain(
                format!(
                    "Query condition missed key schema element: {}",
                    partition.name
                ),
                span,
            )
        });
    };
    if let Some(stranger) = strangers.first() {
        return Err(match &schema.sort {
            Some(sort) if sort_atom.is_none() => plain(
                format!("Query condition missed key schema element: {}", sort.name),
                stranger.span,
            ),
            _ => plain("Query key condition not supported", stranger.span),
        });
    }
    let SortOp::Eq(partition_value) = partition_atom.op else {
        return Err(plain(
            "Query key condition not supported",
            partition_atom.span,
        ));
    };
    check_value_type(&partition_value, partition, partition_atom.span)?;
    let sort = match (sort_atom, &schema.sort) {
        (Some(atom), Some(key)) => {
            check_sort_op(&atom, key)?;
            Some(SortCondition {
                key: key.name.clone(),
                op: atom.op,
            })
        }
        _ => None,
    };
    Ok(KeyCondition {
        partition_key: partition.name.clone(),
        partition_value,
        more_partition: Vec::new(),
        sort_prefix: Vec::new(),
        sort,
    })
}

fn invalid_operator(name: &str, span: Span) -> ExprError {
    plain(
        format!("Invalid operator used in KeyConditionExpression: {name}"),
        span,
    )
}

/// Splits the top-level `AND`s into atoms, rejecting every construct a key condition forbids.
fn collect_atoms(condition: &Condition, atoms: &mut Vec<Atom>) -> Result<(), ExprError> {
    match condition {
        Condition::And { left, right, .. } => {
            collect_atoms(left, atoms)?;
            collect_atoms(right, atoms)
        }
        Condition::Or { span, .. } => Err(invalid_operator("OR", *span)),
        Condition::Not { span, .. } => Err(invalid_operator("NOT", *span)),
        Condition::In { span, .. } => Err(invalid_operator("IN", *span)),
        Condition::Compare {
            left,
            op,
            right,
            span,
        } => {
            if *op == Comparator::Ne {
                return Err(invalid_operator("<>", *span));
            }
            let (path, value, op) = match (left, right) {
                (Operand::Path(path), Operand::Value(value)) => (path, &value.value, *op),
                (Operand::Value(value), Operand::Path(path)) => (path, &value.value, op.flipped()),
                (Operand::Size { .. } | Operand::SizeOfValue { .. }, _)
                | (_, Operand::Size { .. } | Operand::SizeOfValue { .. }) => {
                    return Err(plain(
                        "KeyConditionExpressions cannot contain nested operations",
                        *span,
                    ));
                }
                (Operand::Path(_), Operand::Path(_)) => {
                    return Err(plain(
                        "Invalid condition in KeyConditionExpression: Multiple attribute names used in one condition",
                        *span,
                    ));
                }
                (Operand::Value(_), Operand::Value(_)) => {
                    return Err(plain(
                        "Invalid condition in KeyConditionExpression: No key attribute specified",
                        *span,
                    ));
                }
            };
            let value = value.clone();
            let op = match op {
                Comparator::Eq => SortOp::Eq(value),
                Comparator::Lt => SortOp::Lt(value),
                Comparator::Le => SortOp::Le(value),
                Comparator::Gt => SortOp::Gt(value),
                _ => SortOp::Ge(value),
            };
            push_atom(atoms, path, op, *span)
        }
        Condition::Between {
            operand,
            low,
            high,
            span,
        } => {
            let Operand::Path(path) = operand else {
                return Err(first_operand_error("BETWEEN", operand, *span));
            };
            let (Operand::Value(low), Operand::Value(high)) = (low, high) else {
                return Err(bound_error(low, high, *span));
            };
            let op = SortOp::Between(low.value.clone(), high.value.clone());
            push_atom(atoms, path, op, *span)
        }
        Condition::Function { function, span } => match function {
            Function::BeginsWith(whole, prefix) => {
                let Operand::Path(path) = whole else {
                    return Err(first_operand_error("begins_with", whole, *span));
                };
                let Operand::Value(prefix) = prefix else {
                    return Err(bound_error(prefix, prefix, *span));
                };
                push_atom(atoms, path, SortOp::BeginsWith(prefix.value.clone()), *span)
            }
            other => Err(invalid_operator(other.name(), *span)),
        },
    }
}

fn first_operand_error(operator: &str, operand: &Operand, span: Span) -> ExprError {
    if matches!(operand, Operand::Size { .. } | Operand::SizeOfValue { .. }) {
        return plain(
            "KeyConditionExpressions cannot contain nested operations",
            span,
        );
    }
    plain(
        format!(
            "Invalid condition in KeyConditionExpression: {operator} operator must have the key attribute as its first operand"
        ),
        span,
    )
}

fn bound_error(low: &Operand, high: &Operand, span: Span) -> ExprError {
    let nested = [low, high]
        .iter()
        .any(|operand| matches!(operand, Operand::Size { .. } | Operand::SizeOfValue { .. }));
    if nested {
        plain(
            "KeyConditionExpressions cannot contain nested operations",
            span,
        )
    } else {
        plain(
            "Invalid condition in KeyConditionExpression: Multiple attribute names used in one condition",
            span,
        )
    }
}

fn push_atom(atoms: &mut Vec<Atom>, path: &Path, op: SortOp, span: Span) -> Result<(), ExprError> {
    if !path.is_top_level() {
        return Err(plain(
            "KeyConditionExpressions cannot have conditions on nested attributes",
            path.span,
        ));
    }
    atoms.push(Atom {
        path: path.clone(),
        op,
        span,
    });
    Ok(())
}
