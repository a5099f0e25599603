//! Conditions and values written back in the friendly syntax a user types
//! (`begins_with(SK, "ORDER#2026-07")`, `total > 100`), so an explanation quotes the query the
//! way its reader thinks of it rather than as `#n0 = :v0`.

use crate::domain::ddb_json;
use crate::domain::expr::ast::{Condition, Function, Operand, Path, PathElement};
use crate::domain::value::AttrValue;

/// A value as a literal: strings quoted as JSON, numbers with every digit, other types as
/// DynamoDB JSON (`{"SS":["a","b"]}`), so a set never reads as a list.
#[must_use]
pub fn value_text(value: &AttrValue) -> String {
    match value {
        AttrValue::S(text) => serde_json::Value::String(text.clone()).to_string(),
        AttrValue::N(number) => number.to_string(),
        AttrValue::Bool(flag) => flag.to_string(),
        AttrValue::Null => "null".to_owned(),
        other => ddb_json::to_json(other).to_string(),
    }
}

/// `a.b[3].c`.
#[must_use]
pub fn path_text(path: &Path) -> String {
    let mut text = String::new();
    for element in &path.elements {
        match element {
            PathElement::Name(name) if text.is_empty() => text.push_str(name),
            PathElement::Name(name) => {
                text.push('.');
                text.push_str(name);
            }
            PathElement::Index(index) => text.push_str(&format!("[{index}]")),
        }
    }
    text
}

fn operand_text(operand: &Operand) -> String {
    match operand {
        Operand::Path(path) => path_text(path),
        Operand::Value(value) => value_text(&value.value),
        Operand::Size { path, .. } => format!("size({})", path_text(path)),
        Operand::SizeOfValue { value, .. } => format!("size({})", value_text(&value.value)),
    }
}

fn function_text(function: &Function) -> String {
    let arguments = match function {
        Function::AttributeExists(path) | Function::AttributeNotExists(path) => path_text(path),
        Function::AttributeType(path, kind) => {
            format!("{}, {}", path_text(path), operand_text(kind))
        }
        Function::BeginsWith(a, b) | Function::Contains(a, b) => {
            format!("{}, {}", operand_text(a), operand_text(b))
        }
    };
    format!("{}({arguments})", function.name())
}

/// The condition as a user would type it; `AND` and `OR` nested under another operator are
/// parenthesised so the text reads as the tree it is.
#[must_use]
pub fn condition_text(condition: &Condition) -> String {
    let nested = |inner: &Condition| match inner {
        Condition::And { .. } | Condition::Or { .. } => format!("({})", condition_text(inner)),
        _ => condition_text(inner),
    };
    match condition {
        Condition::Compare {
            left, op, right, ..
        } => format!(
            "{} {} {}",
            operand_text(left),
            op.symbol(),
            operand_text(right)
        ),
        Condition::Between {
            operand, low, high, ..
        } => format!(
            "{} BETWEEN {} AND {}",
            operand_text(operand),
            operand_text(low),
            operand_text(high)
        ),
        Condition::In {
            operand,
            candidates,
            ..
        } => {
            let listed: Vec<String> = candidates.iter().map(operand_text).collect();
            format!("{} IN ({})", operand_text(operand), listed.join(", "))
        }
        Condition::Function { function, .. } => function_text(function),
        Condition::Not { inner, .. } => format!("NOT {}", nested(inner)),
        Condition::And { left, right, .. } => format!("{} AND {}", nested(left), nested(right)),
        Condition::Or { left, right, .. } => format!("{} OR {}", nested(left), nested(right)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::expr::ExprKind;
    use crate::domain::expr::{ExpressionParams, parse_friendly_condition};

    fn round_trip(text: &str) -> String {
        let condition =
            parse_friendly_condition(ExprKind::Filter, text, &ExpressionParams::default())
                .expect("parses");
        condition_text(&condition)
    }

    #[test]
    fn a_friendly_condition_reads_back_as_it_was_typed() {
        for text in [
            r#"status = "PENDING""#,
            r#"begins_with(SK, "ORDER#2026-07")"#,
            "total BETWEEN 10 AND 99999999999999999999999999999999999999",
            r#"NOT (a = 1 OR b.c[2] <> "x")"#,
            r#"size(tags) > 2 AND attribute_exists(deletedAt)"#,
            r#"kind IN ("A", "B")"#,
        ] {
            assert_eq!(round_trip(text), text);
        }
    }

    #[test]
    fn a_set_is_written_as_a_set_and_a_string_keeps_its_quotes() {
        let set = AttrValue::Ss(["b".to_owned(), "a".to_owned()].into_iter().collect());
        assert_eq!(value_text(&set), r#"{"SS":["a","b"]}"#);
        assert_eq!(value_text(&AttrValue::S(String::new())), r#""""#);
    }
}
