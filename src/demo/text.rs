//! Building the demo's strings by appending pieces: `format!` parses its template and goes
//! through the formatting machinery for every id and date, which was a fifth of generating a
//! demo item.

/// `parts` joined, in one allocation.
#[must_use]
pub fn join(parts: &[&str]) -> String {
    let mut out = String::with_capacity(parts.iter().map(|part| part.len()).sum());
    for part in parts {
        out.push_str(part);
    }
    out
}

/// `prefix` followed by `value` in decimal, zero-padded to `width` digits (like `{value:0width$}`).
#[must_use]
pub fn numbered(prefix: &str, value: u64, width: usize) -> String {
    let mut out = String::with_capacity(prefix.len() + 20);
    out.push_str(prefix);
    push_number(&mut out, value, width);
    out
}

/// Appends `value` in decimal, zero-padded to at least `width` digits.
pub fn push_number(out: &mut String, value: u64, width: usize) {
    let mut digits = [0u8; 20];
    let mut start = digits.len();
    let mut rest = value;
    loop {
        start -= 1;
        digits[start] = b'0' + (rest % 10) as u8;
        rest /= 10;
        if rest == 0 {
            break;
        }
    }
    for _ in (digits.len() - start)..width {
        out.push('0');
    }
    for digit in &digits[start..] {
        out.push(char::from(*digit));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_are_written_as_format_writes_them() {
        for (value, width) in [(0, 0), (7, 3), (42, 2), (1234, 2), (u64::MAX, 4)] {
            assert_eq!(
                numbered("X#", value, width),
                format!("X#{value:0width$}"),
                "{value} {width}"
            );
        }
        assert_eq!(join(&["ORDER#", "ord_1", ""]), "ORDER#ord_1");
    }
}
