//! Key conditions on a GSI with multi-attribute keys (up to four partition and four sort
//! attributes). The rules, from the developer guide (docs/multi-attribute-keys.md lists each with
//! its source): every partition attribute needs `=`; sort attributes are used left to right
//! without a gap; only the last one used may have `<`, `<=`, `>`, `>=`, BETWEEN or begins_with.
//! The guide quotes no error text for these rules, so each refusal reuses the service's wording
//! for the nearest one-attribute case.

use super::error::ExprError;
use super::key_terms::{
    Atom, KeyCondition, KeyEquality, SortCondition, SortOp, check_sort_op, check_value_type, plain,
};
use super::span::Span;
use crate::domain::schema::{KeyAttribute, KeySchema};

const ONE_CONDITION_PER_KEY: &str =
    "KeyConditionExpressions must only contain one condition per key";
const NOT_SUPPORTED: &str = "Query key condition not supported";

fn missed(attribute: &KeyAttribute, span: Span) -> ExprError {
    plain(
        format!(
            "Query condition missed key schema element: {}",
            attribute.name
        ),
        span,
    )
}

/// The conditions of one key part, one slot per attribute in key order.
fn slots(
    attributes: &[&KeyAttribute],
    atoms: &mut Vec<Atom>,
) -> Result<Vec<Option<Atom>>, ExprError> {
    let mut slots: Vec<Option<Atom>> = attributes.iter().map(|_| None).collect();
    let mut rest = Vec::new();
    for atom in atoms.drain(..) {
        let Some(position) = attributes
            .iter()
            .position(|attribute| attribute.name == atom.path.root())
        else {
            rest.push(atom);
            continue;
        };
        if slots[position].is_some() {
            return Err(plain(ONE_CONDITION_PER_KEY, atom.span));
        }
        slots[position] = Some(atom);
    }
    *atoms = rest;
    Ok(slots)
}

/// Checks `atoms` against a multi-attribute key schema and returns the typed condition.
pub(super) fn check_multi_attribute(
    mut atoms: Vec<Atom>,
    schema: &KeySchema,
    whole: Span,
) -> Result<KeyCondition, ExprError> {
    let partition: Vec<&KeyAttribute> = schema.partition_attributes().collect();
    let sort: Vec<&KeyAttribute> = schema.sort_attributes().collect();
    let partition_slots = slots(&partition, &mut atoms)?;
    let sort_slots = slots(&sort, &mut atoms)?;
    let strangers = atoms;
    let mut equalities = Vec::new();
    for (attribute, slot) in partition.iter().zip(partition_slots) {
        let Some(atom) = slot else {
            let span = strangers.first().map_or(whole, |atom| atom.span);
            return Err(missed(attribute, span));
        };
        let SortOp::Eq(value) = atom.op else {
            return Err(plain(NOT_SUPPORTED, atom.span));
        };
        check_value_type(&value, attribute, atom.span)?;
        equalities.push(KeyEquality {
            key: attribute.name.clone(),
            value,
        });
    }
    let used = sort_slots.iter().take_while(|slot| slot.is_some()).count();
    if let Some(stranger) = strangers.first() {
        return Err(match sort.get(used) {
            Some(attribute) => missed(attribute, stranger.span),
            None => plain(NOT_SUPPORTED, stranger.span),
        });
    }
    // A condition after the first unused sort attribute skips it.
    if let Some(skipping) = sort_slots[used..].iter().flatten().next() {
        return Err(missed(sort[used], skipping.span));
    }
    let (sort_prefix, last) = sort_conditions(&sort, sort_slots, used)?;
    let mut equalities = equalities.into_iter();
    let first = equalities
        .next()
        .ok_or_else(|| missed(&schema.partition, whole))?;
    Ok(KeyCondition {
        partition_key: first.key,
        partition_value: first.value,
        more_partition: equalities.collect(),
        sort_prefix,
        sort: last,
    })
}

/// The equalities on the first `used - 1` sort attributes and the condition on the last one.
fn sort_conditions(
    sort: &[&KeyAttribute],
    slots: Vec<Option<Atom>>,
    used: usize,
) -> Result<(Vec<KeyEquality>, Option<SortCondition>), ExprError> {
    let mut prefix = Vec::new();
    let mut last = None;
    for (position, (attribute, slot)) in sort.iter().zip(slots).take(used).enumerate() {
        let Some(atom) = slot else {
            break;
        };
        check_sort_op(&atom, attribute)?;
        if position + 1 == used {
            last = Some(SortCondition {
                key: attribute.name.clone(),
                op: atom.op,
            });
        } else {
            let SortOp::Eq(value) = atom.op else {
                return Err(plain(NOT_SUPPORTED, atom.span));
            };
            prefix.push(KeyEquality {
                key: attribute.name.clone(),
                value,
            });
        }
    }
    Ok((prefix, last))
}
