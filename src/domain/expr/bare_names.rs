//! Bare words that may have been meant as values: in `status = PENDING` DynamoDB reads `PENDING`
//! as an attribute name, which matches nothing when no item has such an attribute. Those are the
//! top-level names on the value side of a comparison, of `BETWEEN`'s bounds and of `IN`'s
//! candidates; whether any item has them is for the caller to tell.

use super::ast::{Condition, Operand};

/// The top-level attribute names in value positions of `condition`, in order, without repeats.
#[must_use]
pub fn names_in_value_positions(condition: &Condition) -> Vec<String> {
    let mut names = Vec::new();
    collect(condition, &mut names);
    names
}

fn collect(condition: &Condition, names: &mut Vec<String>) {
    let mut add = |operand: &Operand| {
        if let Operand::Path(path) = operand
            && path.is_top_level()
            && !names.iter().any(|known| known == path.root())
        {
            names.push(path.root().to_owned());
        }
    };
    match condition {
        Condition::Compare { left, right, .. } => {
            if matches!(left, Operand::Path(_)) {
                add(right);
            }
        }
        Condition::Between { low, high, .. } => {
            add(low);
            add(high);
        }
        Condition::In { candidates, .. } => candidates.iter().for_each(add),
        Condition::Function { .. } => {}
        Condition::Not { inner, .. } => collect(inner, names),
        Condition::And { left, right, .. } | Condition::Or { left, right, .. } => {
            collect(left, names);
            collect(right, names);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::expr::{ExprKind, ExpressionParams, parse_friendly_condition};

    fn names(text: &str) -> Vec<String> {
        let condition =
            parse_friendly_condition(ExprKind::Filter, text, &ExpressionParams::default())
                .expect("valid");
        names_in_value_positions(&condition)
    }

    #[test]
    fn value_sides_of_comparisons_between_and_in_are_collected() {
        assert_eq!(names("status = PENDING"), ["PENDING"]);
        assert_eq!(names(r#"status = "PENDING""#), Vec::<String>::new());
        assert_eq!(
            names("NOT (a BETWEEN low AND 5) OR b IN (X, \"y\", X)"),
            ["low", "X"]
        );
        assert_eq!(
            names("a.b = c.d AND attribute_exists(e)"),
            Vec::<String>::new()
        );
    }
}
