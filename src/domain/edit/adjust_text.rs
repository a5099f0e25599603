//! The adjustment a user types in the terminal UI: `balance -25`, `balance -25 >= 0`,
//! `stock +5 <= 100`, `stats.views +1` — a path, a signed amount, then optional bounds on the
//! result. Refusals say what to type; parsing never panics.

use super::adjustment::Adjustment;
use super::path_edit::parse_path;
use crate::domain::number::Number;

/// The shape the prompt asks for, for its title and its refusals.
pub const ADJUSTMENT_SHAPE: &str = "PATH +N or -N, then >= MIN or <= MAX (e.g. balance -25 >= 0)";

/// Parses `PATH ±N [>= MIN] [<= MAX]`.
pub fn parse_adjustment(text: &str) -> Result<Adjustment, String> {
    let words: Vec<&str> = text.split_whitespace().collect();
    let [path, amount, bounds @ ..] = words.as_slice() else {
        return Err(format!("type {ADJUSTMENT_SHAPE}"));
    };
    let path = parse_path(path).map_err(|problem| format!("{path}: {problem}"))?;
    if !amount.starts_with(['+', '-']) {
        return Err(format!(
            "{amount}: say + or - before the amount (+{amount} adds, -{amount} subtracts)"
        ));
    }
    let by = number(amount.trim_start_matches('+'))?;
    let mut adjustment = Adjustment {
        path,
        by,
        at_least: None,
        at_most: None,
    };
    for pair in bounds.chunks(2) {
        let [operator, bound] = pair else {
            return Err(format!("{} needs a number after it", pair[0]));
        };
        let slot = match *operator {
            ">=" => &mut adjustment.at_least,
            "<=" => &mut adjustment.at_most,
            other => return Err(format!("{other}: a bound is >= MIN or <= MAX")),
        };
        if slot.replace(number(bound)?).is_some() {
            return Err(format!("{operator} is given twice"));
        }
    }
    if let (Some(low), Some(high)) = (&adjustment.at_least, &adjustment.at_most)
        && low > high
    {
        return Err(format!(
            ">= {low} and <= {high}: no number is both; the lower bound comes first"
        ));
    }
    Ok(adjustment)
}

fn number(text: &str) -> Result<Number, String> {
    Number::parse(text).map_err(|error| format!("{text} is not a number: {error}"))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::expr::ast::PathElement;

    #[test]
    fn a_path_an_amount_and_bounds() {
        let parsed = parse_adjustment("  stats.views  -25 >= 0 <= 100 ").expect("valid");
        assert_eq!(
            parsed.path,
            vec![
                PathElement::Name("stats".into()),
                PathElement::Name("views".into())
            ]
        );
        assert_eq!(parsed.by.to_string(), "-25");
        assert_eq!(parsed.at_least.map(|n| n.to_string()).as_deref(), Some("0"));
        assert_eq!(
            parsed.at_most.map(|n| n.to_string()).as_deref(),
            Some("100")
        );
        let plus =
            parse_adjustment("balance +12345678901234567890123456789012345678").expect("valid");
        assert_eq!(
            plus.by.to_string(),
            "12345678901234567890123456789012345678"
        );
    }

    #[test]
    fn refusals_say_what_to_type() {
        for (text, words) in [
            ("", "type PATH"),
            ("balance", "type PATH"),
            ("balance 25", "say + or -"),
            ("balance -x", "is not a number"),
            ("balance -1 >=", "needs a number"),
            ("balance -1 > 0", "a bound is >= MIN or <= MAX"),
            ("balance -1 >= 0 >= 1", "given twice"),
            ("balance -1 >= 5 <= 4", "no number is both"),
            ("a..b -1", "a..b"),
        ] {
            let refused = parse_adjustment(text).expect_err(text);
            assert!(refused.contains(words), "{text:?}: {refused}");
        }
    }

    proptest::proptest! {
        #[test]
        fn any_text_is_parsed_or_refused_without_panicking(text in "\\PC{0,40}") {
            let _ = parse_adjustment(&text);
        }
    }
}
