//! Exact non-negative decimals for capacity and money: an integer and a count of fraction
//! digits. Products stay exact (the scales add); nothing here is ever a float, so a monthly cost
//! is the exact product of the figures it comes from.

use std::fmt;

/// Fraction digits a typed price or rate may have.
pub const MAX_TYPED_FRACTION_DIGITS: u32 = 12;

/// `units × 10^-scale`, exactly. Equal values are equal whatever their scale (`1.50` is `1.5`).
#[derive(Clone, Copy, Debug)]
pub struct Exact {
    units: u128,
    scale: u32,
}

impl Exact {
    #[must_use]
    pub const fn integer(value: u64) -> Self {
        Self {
            units: value as u128,
            scale: 0,
        }
    }

    /// `units × 10^-scale`: `scaled(125, 3)` is 0.125.
    #[must_use]
    pub const fn scaled(units: u128, scale: u32) -> Self {
        Self { units, scale }
    }

    /// Half of `value` (read units are counted in halves: 0.5 for an eventually consistent
    /// read of 4 KB).
    #[must_use]
    pub const fn halves(value: u64) -> Self {
        Self {
            units: value as u128 * 5,
            scale: 1,
        }
    }

    /// A non-negative decimal as typed: digits, at most one point, at most
    /// [`MAX_TYPED_FRACTION_DIGITS`] after it (`0.125`, `3`, `1.5`).
    pub fn parse(text: &str) -> Result<Self, String> {
        let (whole, fraction) = text.split_once('.').unwrap_or((text, ""));
        let digits_only = |part: &str| part.bytes().all(|byte| byte.is_ascii_digit());
        if whole.is_empty() && fraction.is_empty() || !digits_only(whole) || !digits_only(fraction)
        {
            return Err(format!(
                "{text:?} is not a non-negative decimal number (e.g. 0.125)"
            ));
        }
        let scale = u32::try_from(fraction.len()).unwrap_or(u32::MAX);
        if scale > MAX_TYPED_FRACTION_DIGITS {
            return Err(format!(
                "{text:?} has more than {MAX_TYPED_FRACTION_DIGITS} digits after the point"
            ));
        }
        let all = format!("{whole}{fraction}");
        let units = if all.is_empty() {
            Ok(0)
        } else {
            all.parse::<u128>()
        };
        units
            .ok()
            .filter(|units| *units <= 10u128.pow(24))
            .map(|units| Self { units, scale })
            .ok_or_else(|| format!("{text:?} is too large"))
    }

    /// The exact product, or `None` when it would not fit (far beyond any real bill).
    #[must_use]
    pub fn times(self, other: Self) -> Option<Self> {
        Some(Self::trimmed(Self {
            units: self.units.checked_mul(other.units)?,
            scale: self.scale + other.scale,
        }))
    }

    /// The exact sum, or `None` when it would not fit.
    #[must_use]
    pub fn plus(self, other: Self) -> Option<Self> {
        let scale = self.scale.max(other.scale);
        let widen = |value: Self| {
            value
                .units
                .checked_mul(10u128.checked_pow(scale - value.scale)?)
        };
        Some(Self::trimmed(Self {
            units: widen(self)?.checked_add(widen(other)?)?,
            scale,
        }))
    }

    /// The smallest integer not below this value (what must be provisioned to serve it).
    #[must_use]
    pub fn ceil(self) -> u128 {
        match 10u128.checked_pow(self.scale) {
            Some(one) => self.units.div_ceil(one),
            // A scale past u128's digits: the value is below one.
            None => u128::from(self.units > 0),
        }
    }

    #[must_use]
    pub const fn is_zero(self) -> bool {
        self.units == 0
    }

    /// Rounded to `digits` fraction digits, halves away from zero: for people reading a
    /// figure (the exact text stays in the JSON report).
    #[must_use]
    pub fn rounded(self, digits: u32) -> String {
        if self.scale <= digits {
            return self.fixed(digits);
        }
        // A scale past u128's digits leaves nothing above the digits kept.
        let units = 10u128.checked_pow(self.scale - digits).map_or(0, |drop| {
            self.units / drop + u128::from(self.units % drop >= drop / 2)
        });
        Self {
            units,
            scale: digits,
        }
        .fixed(digits)
    }

    /// With exactly `digits` fraction digits; only called with `digits >= scale`.
    fn fixed(self, digits: u32) -> String {
        let widened = self.units * 10u128.pow(digits - self.scale);
        let text = format!("{widened:0>width$}", width = digits as usize + 1);
        let (whole, fraction) = text.split_at(text.len() - digits as usize);
        if fraction.is_empty() {
            whole.to_owned()
        } else {
            format!("{whole}.{fraction}")
        }
    }

    /// Without trailing fraction zeros, so equal values compare and print alike.
    fn trimmed(mut self) -> Self {
        while self.scale > 0 && self.units.is_multiple_of(10) {
            self.units /= 10;
            self.scale -= 1;
        }
        self
    }
}

impl PartialEq for Exact {
    fn eq(&self, other: &Self) -> bool {
        let (left, right) = (self.trimmed(), other.trimmed());
        left.units == right.units && left.scale == right.scale
    }
}

impl Eq for Exact {}

impl fmt::Display for Exact {
    /// Every digit, no trailing fraction zeros: `0.5`, `12`, `0.000125`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.trimmed().fixed(self.trimmed().scale))
    }
}
