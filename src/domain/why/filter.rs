//! The filter, clause by clause, evaluated on the item as the queried index holds it with the
//! engine's own evaluator: which clause is false, with the item's values, a comparison across
//! types, and an attribute the index does not project (which DynamoDB refuses in a Query's
//! filter).

use super::literal::{condition_text, path_text, value_text};
use super::step::{Check, Step, Verdict};
use crate::domain::expr::ast::{Condition, Operand};
use crate::domain::expr::eval::{evaluate_condition, lookup};
use crate::domain::expr::validate::visit_paths;
use crate::domain::value::{AttrValue, Item};

/// The item as a query reads it, and the item's attributes the index leaves out.
pub struct Seen<'a> {
    pub item: &'a Item,
    /// Top-level attribute names of the item the index does not project.
    pub hidden: &'a [String],
    /// The queried index's name, for the wording (`None`: the table).
    pub index: Option<&'a str>,
}

/// The clauses a top-level `AND` joins, in order; anything else is one clause.
fn clauses(condition: &Condition) -> Vec<&Condition> {
    match condition {
        Condition::And { left, right, .. } => {
            let mut all = clauses(left);
            all.extend(clauses(right));
            all
        }
        other => vec![other],
    }
}

#[must_use]
pub fn filter_step(filter: &Condition, seen: &Seen<'_>, relied_on: &str) -> Step {
    let mut lines = Vec::new();
    let mut all_true = true;
    for clause in clauses(filter) {
        let holds = evaluate_condition(clause, seen.item);
        all_true &= holds;
        let mark = if holds { "✓" } else { "✗" };
        lines.push(format!(
            "{mark} {}: {}",
            condition_text(clause),
            if holds { "true" } else { "false" }
        ));
        if !holds {
            lines.extend(
                clause_values(clause, seen)
                    .into_iter()
                    .map(|line| format!("  {line}")),
            );
        }
    }
    let verdict = if all_true {
        Verdict::Passes
    } else {
        Verdict::Excludes
    };
    Step::new(Check::Filter, verdict, lines, relied_on)
}

/// What the item holds at each path a false clause reads, and a type clash when there is one.
fn clause_values(clause: &Condition, seen: &Seen<'_>) -> Vec<String> {
    let mut lines = Vec::new();
    visit_paths(clause, &mut |path| {
        let name = path_text(path);
        let line = match lookup(seen.item, path) {
            Some(value) => format!("the item's {name} is {}", typed(value)),
            None if seen.hidden.iter().any(|hidden| hidden == path.root()) => format!(
                "{name} is not projected into {}: DynamoDB refuses a Query whose filter names it",
                seen.index.unwrap_or("the index")
            ),
            None => format!("the item has no {name}"),
        };
        if !lines.contains(&line) {
            lines.push(line);
        }
    });
    if let Some(clash) = type_clash(clause, seen.item) {
        lines.push(clash);
    }
    lines
}

/// `S "x"`, `N 5`: the type is what a reader checks first when a filter is false.
fn typed(value: &AttrValue) -> String {
    format!("{} {}", value.value_type(), value_text(value))
}

/// A path compared with a constant of another type: never equal, never ordered.
fn type_clash(clause: &Condition, item: &Item) -> Option<String> {
    let (path, constant) = match clause {
        Condition::Compare { left, right, .. } => match (left, right) {
            (Operand::Path(path), Operand::Value(value))
            | (Operand::Value(value), Operand::Path(path)) => (path, &value.value),
            _ => return None,
        },
        Condition::Between {
            operand: Operand::Path(path),
            low: Operand::Value(value),
            ..
        } => (path, &value.value),
        _ => return None,
    };
    let found = lookup(item, path)?;
    (found.value_type() != constant.value_type()).then(|| {
        format!(
            "{} is {} and the filter compares it with {} {}: values of different types are never \
             equal or ordered",
            path_text(path),
            found.value_type(),
            constant.value_type(),
            value_text(constant)
        )
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::expr::{ExprKind, ExpressionParams, parse_friendly_condition};
    use crate::domain::number::Number;

    fn parse(text: &str) -> Condition {
        parse_friendly_condition(ExprKind::Filter, text, &ExpressionParams::default())
            .expect("parses")
    }

    fn step(filter: &str, item: &Item, hidden: &[String]) -> Step {
        let seen = Seen {
            item,
            hidden,
            index: Some("GSI2"),
        };
        filter_step(&parse(filter), &seen, "GetItem")
    }

    #[test]
    fn the_false_clause_is_named_with_the_items_value() {
        let item = Item::from([
            ("status".to_owned(), AttrValue::S("SHIPPED".to_owned())),
            ("total".to_owned(), AttrValue::N(Number::from(50))),
        ]);
        let step = step(r#"total > 10 AND status = "PENDING""#, &item, &[]);
        assert_eq!(step.verdict, Verdict::Excludes);
        assert_eq!(
            step.lines,
            vec![
                "✓ total > 10: true".to_owned(),
                r#"✗ status = "PENDING": false"#.to_owned(),
                r#"  the item's status is S "SHIPPED""#.to_owned(),
            ]
        );
    }

    #[test]
    fn a_number_stored_as_a_string_is_named_as_a_type_clash() {
        let item = Item::from([("total".to_owned(), AttrValue::S("50".to_owned()))]);
        let step = step("total > 10", &item, &[]);
        assert!(
            step.lines
                .iter()
                .any(|line| line.contains("total is S and the filter compares it with N 10")),
            "{:?}",
            step.lines
        );
    }

    #[test]
    fn an_attribute_left_out_of_the_index_is_said_to_be_unprojected() {
        let step = step(
            r#"status = "PENDING""#,
            &Item::new(),
            &["status".to_owned()],
        );
        assert_eq!(
            step.lines[1],
            "  status is not projected into GSI2: DynamoDB refuses a Query whose filter names it"
        );
    }
}
