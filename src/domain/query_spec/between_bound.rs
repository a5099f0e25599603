//! `BETWEEN low AND ORDER#2026-10-31` reads keys up to that exact string, so the day's longer
//! keys (`ORDER#2026-10-31#ord_…`) sort after it and are left out. This spots an upper bound
//! that ends in a date and names the inclusive bound: the same text followed by `~`, which
//! sorts after every character a key part is usually made of.

/// Sorts after letters, digits and the usual separators (`#`, `|`, `:`, `_`, `-`).
const AFTER_EVERY_PART: char = '~';

/// The inclusive upper bound for a string upper bound that ends in an ISO date, if it does.
#[must_use]
pub fn inclusive_upper(upper: &str) -> Option<String> {
    let tail = upper.get(upper.len().checked_sub(10)?..)?;
    ends_in_date(tail).then(|| format!("{upper}{AFTER_EVERY_PART}"))
}

/// `2026-10-31`.
fn ends_in_date(tail: &str) -> bool {
    tail.bytes().enumerate().all(|(at, byte)| match at {
        4 | 7 => byte == b'-',
        _ => byte.is_ascii_digit(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_bound_ending_in_a_date_gets_an_inclusive_form() {
        assert_eq!(
            inclusive_upper("ORDER#2026-10-31").as_deref(),
            Some("ORDER#2026-10-31~")
        );
        assert_eq!(
            inclusive_upper("2026-10-31").as_deref(),
            Some("2026-10-31~")
        );
        assert!("ORDER#2026-10-31~" > "ORDER#2026-10-31#ord_zz_99");
    }

    #[test]
    fn other_bounds_are_left_alone() {
        for upper in [
            "ORDER#2026-10-31~",
            "ORDER#2026-10",
            "ORDER#ord_9",
            "",
            "née-10-31x",
        ] {
            assert_eq!(inclusive_upper(upper), None, "{upper}");
        }
    }
}
