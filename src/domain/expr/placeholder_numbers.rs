//! The numbers in generated `:v0`, `:v1`… placeholders and `[3]` list indexes: written without
//! the formatting machinery, and listed in the order their texts sort in.

/// `0..count` in the order of their decimal texts (`0, 1, 10, 11, …, 19, 2, 20, …`).
pub(super) fn text_order(count: usize) -> impl Iterator<Item = usize> {
    std::iter::successors((count > 0).then_some(0), move |&current| {
        text_successor(current, count)
    })
}

/// The number after `current` in [`text_order`]: a walk of the digit tree, each number followed
/// by its tenfold extensions before its next sibling.
fn text_successor(current: usize, count: usize) -> Option<usize> {
    if current == 0 {
        return (count > 1).then_some(1);
    }
    if current
        .checked_mul(10)
        .is_some_and(|tenfold| tenfold < count)
    {
        return Some(current * 10);
    }
    let mut up = current;
    // Climb while the next sibling would end this subtree or leave the range.
    while up % 10 == 9 || up + 1 >= count {
        up /= 10;
        if up == 0 {
            return None;
        }
    }
    Some(up + 1)
}

/// Appends `value` in decimal; placeholders and indexes are written for every operand, and the
/// formatting machinery is several times slower for their one to three digits.
pub(super) fn push_decimal(out: &mut String, value: usize) {
    if value >= 10 {
        push_decimal(out, value / 10);
    }
    // `value % 10` is a single digit, so the cast cannot truncate.
    out.push(char::from(b'0' + (value % 10) as u8));
}

#[cfg(test)]
mod tests {
    use super::{push_decimal, text_order};

    #[test]
    fn text_order_lists_every_index_once_sorted_as_text() {
        for count in (0..130).chain([999, 1000, 1001, 1234]) {
            let mut expected: Vec<usize> = (0..count).collect();
            expected.sort_by_key(usize::to_string);
            assert_eq!(text_order(count).collect::<Vec<_>>(), expected, "{count}");
        }
    }

    #[test]
    fn decimals_are_written_like_display_does() {
        for value in [0, 7, 10, 99, 100, 12_345, usize::MAX] {
            let mut out = String::from("x");
            push_decimal(&mut out, value);
            assert_eq!(out, format!("x{value}"));
        }
    }
}
