//! A number's plain decimal text, written onto the stack: the engine writes a number's text for
//! every number it stores or hashes, and a heap string per number was most of that cost.

use super::Number;

/// Longest plain text: a sign, `0.`, 129 zeros (the smallest exponent) and 38 digits; a large
/// number is at most 126 digits and zeros.
const PLAIN_MAX: usize = 1 + 2 + 129 + super::MAX_DIGITS;

/// The plain decimal text of a number (`123`, `-0.005`, `12300`), as the service prints it.
pub struct PlainText {
    bytes: [u8; PLAIN_MAX],
    len: usize,
}

impl PlainText {
    #[must_use]
    pub fn as_str(&self) -> &str {
        // Only ASCII digits, signs and points are ever written.
        std::str::from_utf8(&self.bytes[..self.len]).unwrap_or_default()
    }

    fn push(&mut self, byte: u8) {
        // The text never exceeds `PLAIN_MAX`: the exponent's range bounds it.
        if let Some(slot) = self.bytes.get_mut(self.len) {
            *slot = byte;
            self.len += 1;
        }
    }

    fn push_digits(&mut self, digits: &[u8]) {
        for digit in digits {
            self.push(b'0' + digit);
        }
    }

    fn push_zeros(&mut self, count: i64) {
        for _ in 0..count {
            self.push(b'0');
        }
    }
}

impl Number {
    /// This number's plain decimal text, without a heap allocation.
    #[must_use]
    pub fn plain_text(&self) -> PlainText {
        let mut text = PlainText {
            bytes: [0; PLAIN_MAX],
            len: 0,
        };
        if self.is_zero() {
            text.push(b'0');
            return text;
        }
        let buffer = self.digits();
        let digits = buffer.as_slice();
        if self.negative {
            text.push(b'-');
        }
        let exponent = i64::from(self.exponent);
        let len = digits.len() as i64;
        if exponent <= 0 {
            text.push(b'0');
            text.push(b'.');
            text.push_zeros(-exponent);
            text.push_digits(digits);
        } else if exponent >= len {
            text.push_digits(digits);
            text.push_zeros(exponent - len);
        } else {
            let split = usize::try_from(exponent).unwrap_or(0);
            text.push_digits(&digits[..split]);
            text.push(b'.');
            text.push_digits(&digits[split..]);
        }
        text
    }
}
