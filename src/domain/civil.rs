//! Civil (proleptic Gregorian, UTC) date arithmetic and RFC 3339 formatting, without a date crate.
//!
//! The conversions are Howard Hinnant's `days_from_civil` / `civil_from_days`, exact for every date
//! in an `i64` day range; only years 0000–9999 are formatted, because RFC 3339 needs four digits.

use std::fmt;

const SECONDS_PER_DAY: i64 = 86_400;
const NANOS_PER_SECOND: u32 = 1_000_000_000;

/// Days since 1970-01-01 of the given date (negative before it). `month` is 1–12, `day` 1–31.
#[must_use]
pub fn days_from_civil(year: i64, month: u32, day: u32) -> i64 {
    let year = if month <= 2 { year - 1 } else { year };
    let era = year.div_euclid(400);
    let year_of_era = year - era * 400;
    let month_from_march = i64::from((month + 9) % 12);
    let day_of_year = (153 * month_from_march + 2) / 5 + i64::from(day) - 1;
    let day_of_era = year_of_era * 365 + year_of_era / 4 - year_of_era / 100 + day_of_year;
    era * 146_097 + day_of_era - 719_468
}

/// The date `days` after 1970-01-01: `(year, month 1–12, day 1–31)`.
#[must_use]
pub fn civil_from_days(days: i64) -> (i64, u32, u32) {
    let shifted = days + 719_468;
    let era = shifted.div_euclid(146_097);
    let day_of_era = shifted - era * 146_097;
    let year_of_era =
        (day_of_era - day_of_era / 1460 + day_of_era / 36_524 - day_of_era / 146_096) / 365;
    let day_of_year = day_of_era - (365 * year_of_era + year_of_era / 4 - year_of_era / 100);
    let month_from_march = (5 * day_of_year + 2) / 153;
    // The ranges below are guaranteed by the algorithm: day 1–31, month 1–12.
    let day = u32::try_from(day_of_year - (153 * month_from_march + 2) / 5 + 1).unwrap_or(1);
    let month = u32::try_from(if month_from_march < 10 {
        month_from_march + 3
    } else {
        month_from_march - 9
    })
    .unwrap_or(1);
    let year = year_of_era + era * 400 + i64::from(month <= 2);
    (year, month, day)
}

#[must_use]
pub fn is_leap_year(year: i64) -> bool {
    (year % 4 == 0 && year % 100 != 0) || year % 400 == 0
}

#[must_use]
pub fn days_in_month(year: i64, month: u32) -> u32 {
    match month {
        1 | 3 | 5 | 7 | 8 | 10 | 12 => 31,
        4 | 6 | 9 | 11 => 30,
        2 if is_leap_year(year) => 29,
        2 => 28,
        _ => 0,
    }
}

/// A point in time in UTC, to the nanosecond.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct UtcInstant {
    /// Seconds since 1970-01-01T00:00:00Z.
    pub seconds: i64,
    /// 0–999 999 999.
    pub nanos: u32,
}

impl UtcInstant {
    #[must_use]
    pub fn from_seconds(seconds: i64) -> Self {
        Self { seconds, nanos: 0 }
    }

    #[must_use]
    pub fn from_millis(millis: i64) -> Self {
        let nanos = u32::try_from(millis.rem_euclid(1000)).unwrap_or(0) * 1_000_000;
        Self {
            seconds: millis.div_euclid(1000),
            nanos,
        }
    }

    /// RFC 3339 in UTC (`2026-07-18T10:00:00Z`, with `.123`, `.123456` or nine fraction digits
    /// when the instant has them); `None` outside years 0000–9999.
    #[must_use]
    pub fn to_rfc3339(self) -> Option<String> {
        let days = self.seconds.div_euclid(SECONDS_PER_DAY);
        let second_of_day = self.seconds.rem_euclid(SECONDS_PER_DAY);
        let (year, month, day) = civil_from_days(days);
        if !(0..=9999).contains(&year) || self.nanos >= NANOS_PER_SECOND {
            return None;
        }
        let (hour, minute, second) = (
            second_of_day / 3600,
            second_of_day / 60 % 60,
            second_of_day % 60,
        );
        let fraction = match self.nanos {
            0 => String::new(),
            n if n % 1_000_000 == 0 => format!(".{:03}", n / 1_000_000),
            n if n % 1_000 == 0 => format!(".{:06}", n / 1_000),
            n => format!(".{n:09}"),
        };
        Some(format!(
            "{year:04}-{month:02}-{day:02}T{hour:02}:{minute:02}:{second:02}{fraction}Z"
        ))
    }
}

impl fmt::Display for UtcInstant {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.to_rfc3339() {
            Some(text) => f.write_str(&text),
            None => write!(f, "{}s since the epoch", self.seconds),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn known_dates_convert_to_their_day_numbers() {
        let cases = [
            ((1970, 1, 1), 0),
            ((1969, 12, 31), -1),
            ((2000, 1, 1), 10_957),
            ((2000, 2, 29), 11_016),
            ((2000, 3, 1), 11_017),
            ((1900, 3, 1), -25_508),
            ((2026, 7, 18), 20_652),
            ((2038, 1, 19), 24_855),
            ((0, 1, 1), -719_528),
            ((9999, 12, 31), 2_932_896),
        ];
        for ((year, month, day), days) in cases {
            assert_eq!(
                days_from_civil(year, month, day),
                days,
                "{year}-{month}-{day}"
            );
            assert_eq!(civil_from_days(days), (year, month, day), "day {days}");
        }
    }

    #[test]
    fn instants_format_as_rfc3339_in_utc() {
        let cases = [
            (UtcInstant::from_seconds(0), "1970-01-01T00:00:00Z"),
            (
                UtcInstant::from_seconds(1_752_832_800),
                "2025-07-18T10:00:00Z",
            ),
            (
                UtcInstant::from_seconds(2_147_483_647),
                "2038-01-19T03:14:07Z",
            ),
            (UtcInstant::from_seconds(-1), "1969-12-31T23:59:59Z"),
            (
                UtcInstant::from_millis(1_752_832_800_123),
                "2025-07-18T10:00:00.123Z",
            ),
            (UtcInstant::from_millis(-1), "1969-12-31T23:59:59.999Z"),
            (
                UtcInstant {
                    seconds: 0,
                    nanos: 1_500,
                },
                "1970-01-01T00:00:00.000001500Z",
            ),
            (
                UtcInstant {
                    seconds: 0,
                    nanos: 250_000,
                },
                "1970-01-01T00:00:00.000250Z",
            ),
        ];
        for (instant, expected) in cases {
            assert_eq!(
                instant.to_rfc3339().as_deref(),
                Some(expected),
                "{instant:?}"
            );
        }
    }

    #[test]
    fn instants_outside_four_digit_years_are_not_formatted() {
        assert_eq!(UtcInstant::from_seconds(i64::MAX / 2).to_rfc3339(), None);
        assert_eq!(UtcInstant::from_seconds(-62_167_219_201).to_rfc3339(), None);
        assert_eq!(
            UtcInstant::from_seconds(-62_167_219_200)
                .to_rfc3339()
                .as_deref(),
            Some("0000-01-01T00:00:00Z")
        );
    }

    #[test]
    fn february_has_29_days_only_in_leap_years() {
        assert_eq!(days_in_month(2024, 2), 29);
        assert_eq!(days_in_month(2000, 2), 29);
        assert_eq!(days_in_month(1900, 2), 28);
        assert_eq!(days_in_month(2026, 2), 28);
        assert_eq!(days_in_month(2026, 13), 0);
    }

    proptest! {
        #[test]
        fn day_numbers_round_trip_through_civil_dates(days in -1_000_000_000i64..1_000_000_000) {
            let (year, month, day) = civil_from_days(days);
            prop_assert!((1..=12).contains(&month));
            prop_assert!(day >= 1 && day <= days_in_month(year, month));
            prop_assert_eq!(days_from_civil(year, month, day), days);
        }
    }
}
