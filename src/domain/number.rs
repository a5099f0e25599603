//! DynamoDB numbers: exact decimals with 38 significant digits and a magnitude between 1E-130 and
//! 9.99…E+125. Never `f64`: integer IDs above 2^53 and money amounts must survive every round trip.
//!
//! A [`Number`] is always normalised the way the service returns it (leading and trailing zeros
//! trimmed, plain decimal notation, no exponent), so `"1.0"`, `"1"` and `"0001e0"` are the same value
//! and print as `1`.

use std::cmp::Ordering;
use std::fmt;

/// Most significant digits a DynamoDB number may hold.
pub const MAX_DIGITS: usize = 38;
/// `value = 0.d₁d₂…dₙ × 10^exponent`; 1E-130 is `0.1 × 10^-129`.
const MIN_EXPONENT: i64 = -129;
/// 9.99…E+125 is `0.99… × 10^126`.
const MAX_EXPONENT: i64 = 126;
/// Written exponents are clamped here while parsing so `1e99999999999999999999` cannot overflow.
const EXPONENT_SATURATION: i64 = 1_000_000_000_000_000;

/// An exact DynamoDB number. 24 bytes and no heap allocation: reading a page of items parses
/// thousands of numbers, so they must be cheap to create, copy and drop.
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct Number {
    /// Significant decimal digits packed two per byte, high nibble first, without leading or
    /// trailing zeros; unused nibbles are zero. Comparing two arrays byte by byte therefore
    /// compares the digit sequences as decimals fractions `0.d₁d₂…`.
    packed: [u8; MAX_DIGITS / 2],
    /// How many digits `packed` holds; 0 for zero.
    len: u8,
    negative: bool,
    /// Position of the decimal point: the value is `0.digits × 10^exponent`. Zero for zero.
    exponent: i16,
}

/// The significant digits of a number's text as it is scanned, kept on the stack: leading zeros
/// are only counted, trailing zeros are dropped once no non-zero digit follows them, and digits
/// beyond the 38 the service allows are only counted (the number is then refused).
struct SignificantDigits {
    kept: [u8; MAX_DIGITS],
    /// Digits seen since the first non-zero one, trailing zeros included.
    span: usize,
    /// `span` up to and including the last non-zero digit.
    count: usize,
    leading_zeros: i64,
}

impl SignificantDigits {
    fn new() -> Self {
        Self {
            kept: [0; MAX_DIGITS],
            span: 0,
            count: 0,
            leading_zeros: 0,
        }
    }

    fn push(&mut self, digit: u8) {
        if self.span == 0 && digit == 0 {
            self.leading_zeros += 1;
            return;
        }
        if let Some(slot) = self.kept.get_mut(self.span) {
            *slot = digit;
        }
        self.span += 1;
        if digit != 0 {
            self.count = self.span;
        }
    }

    fn kept(&self) -> &[u8] {
        &self.kept[..self.count.min(MAX_DIGITS)]
    }
}

/// The digits of a [`Number`] unpacked onto the stack, for the digit-by-digit algorithms.
struct DigitBuffer {
    digits: [u8; MAX_DIGITS],
    len: usize,
}

impl DigitBuffer {
    fn as_slice(&self) -> &[u8] {
        &self.digits[..self.len]
    }
}

/// Why a text is not a storable DynamoDB number. The messages are the service's own.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum NumberError {
    NotNumeric(String),
    TooManyDigits,
    Overflow,
    Underflow,
}

impl fmt::Display for NumberError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            // The service leaves the value (and its colon) out when the text is empty.
            Self::NotNumeric(text) if text.is_empty() => {
                f.write_str("The parameter cannot be converted to a numeric value")
            }
            Self::NotNumeric(text) => {
                write!(f, "The parameter cannot be converted to a numeric value: {text}")
            }
            Self::TooManyDigits => {
                f.write_str("Attempting to store more than 38 significant digits in a Number")
            }
            Self::Overflow => f.write_str(
                "Number overflow. Attempting to store a number with magnitude larger than supported range",
            ),
            Self::Underflow => f.write_str(
                "Number underflow. Attempting to store a number with magnitude smaller than supported range",
            ),
        }
    }
}

impl std::error::Error for NumberError {}

impl Number {
    /// Zero.
    #[must_use]
    pub fn zero() -> Self {
        Self {
            packed: [0; MAX_DIGITS / 2],
            len: 0,
            negative: false,
            exponent: 0,
        }
    }

    /// Parses the spellings DynamoDB accepts: optional sign, digits with an optional point, optional
    /// exponent (`+3`, `.123`, `0001.23`, `1e+5`, `-17.4E37`, `0e1000`). No spaces, `NaN` or `Infinity`.
    pub fn parse(text: &str) -> Result<Self, NumberError> {
        let not_numeric = || NumberError::NotNumeric(text.to_owned());
        let bytes = text.as_bytes();
        let mut pos = 0;
        let negative = match bytes.first() {
            Some(b'-') => {
                pos = 1;
                true
            }
            Some(b'+') => {
                pos = 1;
                false
            }
            _ => false,
        };
        let mut digits = SignificantDigits::new();
        let mut any_digit = false;
        let mut point_seen = false;
        // Digits written before the point, leading zeros included: where the point sits.
        let mut integer_digits: i64 = 0;
        while let Some(&byte) = bytes.get(pos) {
            match byte {
                b'0'..=b'9' => {
                    any_digit = true;
                    integer_digits += i64::from(!point_seen);
                    digits.push(byte - b'0');
                }
                b'.' if !point_seen => point_seen = true,
                _ => break,
            }
            pos += 1;
        }
        if !any_digit {
            return Err(not_numeric());
        }
        let mut exponent: i64 = 0;
        if let Some(b'e' | b'E') = bytes.get(pos) {
            pos += 1;
            let exponent_negative = match bytes.get(pos) {
                Some(b'-') => {
                    pos += 1;
                    true
                }
                Some(b'+') => {
                    pos += 1;
                    false
                }
                _ => false,
            };
            let start = pos;
            while let Some(&byte) = bytes.get(pos) {
                if !byte.is_ascii_digit() {
                    break;
                }
                // Saturate: any exponent this large overflows or underflows anyway (or is zero),
                // and no text is long enough for its digit count to pull it back into range.
                exponent = (exponent * 10 + i64::from(byte - b'0')).min(EXPONENT_SATURATION);
                pos += 1;
            }
            if pos == start {
                return Err(not_numeric());
            }
            if exponent_negative {
                exponent = -exponent;
            }
        }
        if pos != bytes.len() {
            return Err(not_numeric());
        }
        if digits.count == 0 {
            return Ok(Self::zero());
        }
        let exponent = exponent + integer_digits - digits.leading_zeros;
        Self::from_significant(negative, digits.kept(), digits.count, exponent)
    }

    /// Builds a number from `0.mantissa × 10^exponent`, trimming zeros and checking every limit.
    fn from_parts(negative: bool, mantissa: &[u8], exponent: i64) -> Result<Self, NumberError> {
        let leading = mantissa.iter().take_while(|&&d| d == 0).count();
        let significant = &mantissa[leading..];
        let trailing = significant.iter().rev().take_while(|&&d| d == 0).count();
        let significant = &significant[..significant.len() - trailing];
        if significant.is_empty() {
            return Ok(Self::zero());
        }
        Self::from_significant(
            negative,
            significant,
            significant.len(),
            exponent - leading as i64,
        )
    }

    /// Builds a number from `0.d₁…d_count × 10^exponent`, where `d₁` and `d_count` are non-zero and
    /// `kept` holds the first digits (all of them whenever `count` is within the limit).
    fn from_significant(
        negative: bool,
        kept: &[u8],
        count: usize,
        exponent: i64,
    ) -> Result<Self, NumberError> {
        // Range before precision, in the service's order: `1234…(40 digits)e200` is an overflow.
        if exponent > MAX_EXPONENT {
            return Err(NumberError::Overflow);
        }
        if exponent < MIN_EXPONENT {
            return Err(NumberError::Underflow);
        }
        if count > MAX_DIGITS {
            return Err(NumberError::TooManyDigits);
        }
        let mut packed = [0u8; MAX_DIGITS / 2];
        for (index, digit) in kept.iter().enumerate() {
            packed[index / 2] |= digit << if index % 2 == 0 { 4 } else { 0 };
        }
        Ok(Self {
            packed,
            // Both fit: at most 38 digits, and the exponent was range-checked above.
            len: count as u8,
            negative,
            exponent: exponent as i16,
        })
    }

    /// The significant digits, unpacked.
    fn digits(&self) -> DigitBuffer {
        let mut digits = [0u8; MAX_DIGITS];
        for (index, slot) in digits.iter_mut().enumerate().take(usize::from(self.len)) {
            let byte = self.packed[index / 2];
            *slot = if index % 2 == 0 {
                byte >> 4
            } else {
                byte & 0x0f
            };
        }
        DigitBuffer {
            digits,
            len: usize::from(self.len),
        }
    }

    #[must_use]
    pub fn is_zero(&self) -> bool {
        self.len == 0
    }

    #[must_use]
    pub fn is_negative(&self) -> bool {
        self.negative
    }

    /// True when the number has no fractional part.
    #[must_use]
    pub fn is_integer(&self) -> bool {
        i64::from(self.len) <= i64::from(self.exponent)
    }

    /// The number of significant digits (0 for zero).
    #[must_use]
    pub fn significant_digits(&self) -> usize {
        usize::from(self.len)
    }

    /// The value as an `i128` when it is an integer that fits, e.g. for version counters.
    #[must_use]
    pub fn to_i128(&self) -> Option<i128> {
        if !self.is_integer() {
            return None;
        }
        let digits = self.digits();
        let mut value: i128 = 0;
        for index in 0..usize::try_from(self.exponent).unwrap_or(0) {
            let digit = i128::from(digits.as_slice().get(index).copied().unwrap_or(0));
            value = value.checked_mul(10)?.checked_add(digit)?;
        }
        Some(if self.negative { -value } else { value })
    }

    /// The same magnitude with the other sign; zero stays (positive) zero.
    #[must_use]
    pub fn negated(&self) -> Self {
        let mut out = self.clone();
        if !out.is_zero() {
            out.negative = !out.negative;
        }
        out
    }

    /// Bytes the service counts for this number in item-size calculations. The docs say "about one
    /// byte per two significant digits plus one"; the exact rule (as dynalite implements it) stores
    /// base-100 digit pairs aligned on the decimal point, plus one byte of exponent and one more
    /// byte for a negative number. So `12` takes 2 bytes, `1.2` (`01.20`) 3 and `-12` 3; zero is 1.
    #[must_use]
    pub fn storage_size(&self) -> usize {
        if self.is_zero() {
            return 1;
        }
        let digits = usize::from(self.len);
        // With an even digit count, the pairs line up with the point only when the scientific
        // exponent (`exponent - 1`) is odd; otherwise one more pair is half-filled.
        let misaligned =
            digits.is_multiple_of(2) && (i64::from(self.exponent) - 1).rem_euclid(2) == 0;
        1 + digits.div_ceil(2) + usize::from(misaligned) + usize::from(self.negative)
    }
}

impl From<i64> for Number {
    fn from(value: i64) -> Self {
        Self::from_scaled(value, 0)
    }
}

impl std::str::FromStr for Number {
    type Err = NumberError;
    fn from_str(text: &str) -> Result<Self, Self::Err> {
        Self::parse(text)
    }
}

impl fmt::Display for Number {
    /// Plain decimal, as the service returns numbers: `123`, `-0.005`, `12300`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.plain_text().as_str())
    }
}

impl fmt::Debug for Number {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Number({self})")
    }
}

impl Ord for Number {
    /// Numeric order, exact at every digit.
    fn cmp(&self, other: &Self) -> Ordering {
        let sign = |n: &Self| -> i8 {
            if n.is_zero() {
                0
            } else if n.negative {
                -1
            } else {
                1
            }
        };
        let (left, right) = (sign(self), sign(other));
        if left != right || left == 0 {
            return left.cmp(&right);
        }
        let magnitude = self
            .exponent
            .cmp(&other.exponent)
            .then_with(|| self.packed.cmp(&other.packed));
        if self.negative {
            magnitude.reverse()
        } else {
            magnitude
        }
    }
}

impl PartialOrd for Number {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

mod arithmetic;
mod scaled;
mod text;

pub use text::PlainText;
#[cfg(test)]
mod tests;
