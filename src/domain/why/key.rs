//! The key condition, part by part: each key attribute of the item against the value or range
//! the condition asks for, with the first differing character for strings and the bound that
//! leaves a key out for ranges.

use std::cmp::Ordering;

use super::difference::{Difference, difference_text, first_difference};
use super::literal::value_text;
use super::step::{Check, Step, Verdict};
use crate::domain::expr::key_condition::{KeyCondition, SortCondition, SortOp};
use crate::domain::expr::order::compare_scalars;
use crate::domain::value::{AttrValue, Item};

/// One part of the key condition and whether the item's value meets it.
struct Part {
    met: bool,
    line: String,
}

/// The key condition step for `item` (the item as the table holds it; an index's key
/// attributes are attributes of the same item).
#[must_use]
pub fn key_condition_step(key: &KeyCondition, item: &Item, relied_on: &str) -> Step {
    let equalities = std::iter::once((key.partition_key.as_str(), &key.partition_value))
        .chain(
            key.more_partition
                .iter()
                .map(|eq| (eq.key.as_str(), &eq.value)),
        )
        .chain(
            key.sort_prefix
                .iter()
                .map(|eq| (eq.key.as_str(), &eq.value)),
        );
    let mut parts: Vec<Part> = equalities
        .map(|(name, wanted)| equality(name, wanted, item.get(name)))
        .collect();
    if let Some(sort) = &key.sort {
        parts.push(sort_part(sort, item.get(&sort.key)));
    }
    let verdict = if parts.iter().all(|part| part.met) {
        Verdict::Passes
    } else {
        Verdict::Excludes
    };
    let lines = parts
        .into_iter()
        .map(|part| format!("{} {}", if part.met { "✓" } else { "✗" }, part.line))
        .collect();
    Step::new(Check::KeyCondition, verdict, lines, relied_on)
}

fn missing(name: &str) -> Part {
    Part {
        met: false,
        line: format!("{name}: the item has no {name}"),
    }
}

fn type_mismatch(name: &str, value: &AttrValue, wanted: &AttrValue) -> Option<Part> {
    (value.value_type() != wanted.value_type()).then(|| Part {
        met: false,
        line: format!(
            "{name} is {} {}, the condition gives {} {}: values of different types never match",
            value.value_type(),
            value_text(value),
            wanted.value_type(),
            value_text(wanted)
        ),
    })
}

fn equality(name: &str, wanted: &AttrValue, value: Option<&AttrValue>) -> Part {
    let Some(value) = value else {
        return missing(name);
    };
    if let Some(part) = type_mismatch(name, value, wanted) {
        return part;
    }
    if value == wanted {
        return Part {
            met: true,
            line: format!("{name} = {}", value_text(wanted)),
        };
    }
    let why = match (value, wanted) {
        (AttrValue::S(have), AttrValue::S(want)) => format!(": {}", difference_text(have, want)),
        _ => String::new(),
    };
    Part {
        met: false,
        line: format!(
            "{name} = {}: the item's {name} is {}{why}",
            value_text(wanted),
            value_text(value)
        ),
    }
}

fn sort_part(sort: &SortCondition, value: Option<&AttrValue>) -> Part {
    let name = sort.key.as_str();
    let Some(value) = value else {
        return missing(name);
    };
    let wanted = match &sort.op {
        SortOp::Eq(w) | SortOp::Lt(w) | SortOp::Le(w) | SortOp::Gt(w) | SortOp::Ge(w) => w,
        SortOp::BeginsWith(w) | SortOp::Between(w, _) => w,
    };
    if let Some(part) = type_mismatch(name, value, wanted) {
        return part;
    }
    let met = sort.op.matches(value);
    let line = match &sort.op {
        SortOp::BeginsWith(prefix) => begins_with_line(name, value, prefix, met),
        SortOp::Between(low, high) => between_line(name, value, low, high),
        op => compare_line(name, value, op),
    };
    Part { met, line }
}

fn begins_with_line(name: &str, value: &AttrValue, prefix: &AttrValue, met: bool) -> String {
    let head = format!("begins_with({name}, {})", value_text(prefix));
    match (value, prefix, met) {
        (_, _, true) => format!("{head}: the item's {name} is {}", value_text(value)),
        (AttrValue::S(have), AttrValue::S(want), false) => format!(
            "{head}: the item's {name} is {}: {}",
            value_text(value),
            difference_text(have, want)
        ),
        _ => format!("{head}: the item's {name} is {}", value_text(value)),
    }
}

fn between_line(name: &str, value: &AttrValue, low: &AttrValue, high: &AttrValue) -> String {
    let head = format!(
        "{name} BETWEEN {} AND {}: the item's {name} is {}",
        value_text(low),
        value_text(high),
        value_text(value)
    );
    if compare_scalars(value, low) == Some(Ordering::Less) {
        return format!(
            "{head}, which sorts before the lower bound{}",
            at_character(value, low)
        );
    }
    if compare_scalars(value, high) != Some(Ordering::Greater) {
        return format!("{head}, within the bounds");
    }
    if let (AttrValue::S(have), AttrValue::S(upper)) = (value, high)
        && matches!(first_difference(have, upper), Difference::Longer { .. })
    {
        return format!(
            "{head}, which starts with the upper bound and goes on, so it sorts after it: \
             BETWEEN leaves out every longer key that starts with {}; use begins_with, or an \
             upper bound such as {}",
            value_text(high),
            value_text(&AttrValue::S(format!("{upper}~")))
        );
    }
    format!(
        "{head}, which sorts after the upper bound{}",
        at_character(value, high)
    )
}

/// ` (they differ at character 13: …)` for two strings, nothing otherwise.
fn at_character(value: &AttrValue, bound: &AttrValue) -> String {
    match (value, bound) {
        (AttrValue::S(have), AttrValue::S(want)) => format!(" ({})", difference_text(have, want)),
        _ => String::new(),
    }
}

fn compare_line(name: &str, value: &AttrValue, op: &SortOp) -> String {
    let (symbol, bound) = match op {
        SortOp::Eq(b) => ("=", b),
        SortOp::Lt(b) => ("<", b),
        SortOp::Le(b) => ("<=", b),
        SortOp::Gt(b) => (">", b),
        SortOp::Ge(b) => (">=", b),
        SortOp::BeginsWith(b) | SortOp::Between(b, _) => ("?", b),
    };
    let order = match compare_scalars(value, bound) {
        Some(Ordering::Less) => "sorts before",
        Some(Ordering::Equal) => "equals",
        Some(Ordering::Greater) => "sorts after",
        None => "cannot be compared with",
    };
    format!(
        "{name} {symbol} {}: the item's {name} is {}, which {order} it{}",
        value_text(bound),
        value_text(value),
        at_character(value, bound)
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::number::Number;

    fn s(text: &str) -> AttrValue {
        AttrValue::S(text.to_owned())
    }

    fn key(sort: Option<SortOp>) -> KeyCondition {
        KeyCondition {
            partition_key: "PK".to_owned(),
            partition_value: s("USER#1"),
            more_partition: Vec::new(),
            sort_prefix: Vec::new(),
            sort: sort.map(|op| SortCondition {
                key: "SK".to_owned(),
                op,
            }),
        }
    }

    fn item(pk: AttrValue, sk: &str) -> Item {
        Item::from([("PK".to_owned(), pk), ("SK".to_owned(), s(sk))])
    }

    #[test]
    fn a_prefix_that_almost_matches_names_the_character_where_it_parts() {
        let step = key_condition_step(
            &key(Some(SortOp::BeginsWith(s("ORDER#2026-07")))),
            &item(s("USER#1"), "ORDER#2026-06-30#ord_1"),
            "GetItem",
        );
        assert_eq!(step.verdict, Verdict::Excludes);
        assert_eq!(step.lines[0], r#"✓ PK = "USER#1""#);
        assert_eq!(
            step.lines[1],
            r#"✗ begins_with(SK, "ORDER#2026-07"): the item's SK is "ORDER#2026-06-30#ord_1": they differ at character 13: '6' where "ORDER#2026-07" has '7'"#
        );
    }

    #[test]
    fn a_between_upper_bound_that_is_a_prefix_of_the_key_is_called_out() {
        let step = key_condition_step(
            &key(Some(SortOp::Between(
                s("ORDER#2026-06-01"),
                s("ORDER#2026-06-30"),
            ))),
            &item(s("USER#1"), "ORDER#2026-06-30#ord_9"),
            "GetItem",
        );
        assert_eq!(step.verdict, Verdict::Excludes);
        assert!(
            step.lines[1].contains("starts with the upper bound and goes on")
                && step.lines[1].contains(r#""ORDER#2026-06-30~""#),
            "{}",
            step.lines[1]
        );
    }

    #[test]
    fn a_key_of_another_type_is_a_type_mismatch_not_a_text_difference() {
        let step = key_condition_step(
            &key(None),
            &item(AttrValue::N(Number::from(1)), "x"),
            "GetItem",
        );
        assert_eq!(step.verdict, Verdict::Excludes);
        assert_eq!(
            step.lines[0],
            r#"✗ PK is N 1, the condition gives S "USER#1": values of different types never match"#
        );
    }

    #[test]
    fn a_matching_key_passes_every_part() {
        let step = key_condition_step(
            &key(Some(SortOp::Ge(s("ORDER#")))),
            &item(s("USER#1"), "ORDER#2026"),
            "GetItem",
        );
        assert_eq!(step.verdict, Verdict::Passes);
        assert!(
            step.lines[1].contains("which sorts after it"),
            "{:?}",
            step.lines
        );
    }
}
