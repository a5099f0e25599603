//! Exact addition and subtraction of [`Number`]s, failing where the service fails: a result that
//! needs more than 38 significant digits, or one outside the supported magnitude.

use super::{Number, NumberError};

impl Number {
    /// Exact sum; an inexact result (more than 38 digits) is an error, as in the service.
    pub fn checked_add(&self, other: &Self) -> Result<Self, NumberError> {
        if other.is_zero() {
            return Ok(self.clone());
        }
        if self.is_zero() {
            return Ok(other.clone());
        }
        // Align both on the smallest unit: value = integer(digits) × 10^(exponent - len).
        let unit = |n: &Self| i64::from(n.exponent) - i64::from(n.len);
        let low = unit(self).min(unit(other));
        let high = i64::from(self.exponent).max(i64::from(other.exponent));
        let width = usize::try_from(high - low).unwrap_or(0) + 1;
        let aligned = |n: &Self| -> Vec<u8> {
            let mut out = vec![0u8; width];
            let start = usize::try_from(high - i64::from(n.exponent)).unwrap_or(0) + 1;
            let digits = n.digits();
            out[start..start + digits.len].copy_from_slice(digits.as_slice());
            out
        };
        let (a, b) = (aligned(self), aligned(other));
        let (negative, magnitude) = if self.negative == other.negative {
            (self.negative, add_digits(&a, &b))
        } else if a >= b {
            (self.negative, sub_digits(&a, &b))
        } else {
            (other.negative, sub_digits(&b, &a))
        };
        let result = Self::from_parts(negative, &magnitude, high + 1);
        // The service reports an inexact sum as an overflow.
        result.map_err(|error| match error {
            NumberError::TooManyDigits => NumberError::Overflow,
            other => other,
        })
    }

    /// Exact difference; see [`Number::checked_add`].
    pub fn checked_sub(&self, other: &Self) -> Result<Self, NumberError> {
        self.checked_add(&other.negated())
    }
}

/// Digit-wise sum of two equally long big-endian digit vectors.
fn add_digits(a: &[u8], b: &[u8]) -> Vec<u8> {
    let mut out = vec![0u8; a.len()];
    let mut carry = 0;
    for index in (0..a.len()).rev() {
        let sum = a[index] + b[index] + carry;
        out[index] = sum % 10;
        carry = sum / 10;
    }
    // The aligned vectors carry one spare leading zero, so the final carry is always zero.
    debug_assert_eq!(carry, 0);
    out
}

/// Digit-wise `a - b` for equally long vectors with `a >= b`.
fn sub_digits(a: &[u8], b: &[u8]) -> Vec<u8> {
    let mut out = vec![0u8; a.len()];
    let mut borrow = 0i8;
    for index in (0..a.len()).rev() {
        let mut diff = a[index] as i8 - b[index] as i8 - borrow;
        borrow = i8::from(diff < 0);
        if diff < 0 {
            diff += 10;
        }
        out[index] = diff as u8;
    }
    out
}
