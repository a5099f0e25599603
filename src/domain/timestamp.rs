//! Recognising timestamps in values and key parts: ISO 8601 / RFC 3339 dates and date-times, and
//! epoch seconds or milliseconds, so they can be shown readable (UTC, RFC 3339) next to the raw value.
//!
//! Epoch recognition is deliberately narrow — integers whose instant falls in 2000–2100 — because
//! plenty of IDs and counters are integers; the range keeps `42` or a 20-digit ID from being
//! labelled a date while covering the TTLs and `createdAt` values real tables hold.

use super::civil::{UtcInstant, days_from_civil, days_in_month};
use super::number::Number;
use super::value::AttrValue;

/// 2000-01-01T00:00:00Z.
const EARLIEST_EPOCH_SECONDS: i64 = 946_684_800;
/// 2100-01-01T00:00:00Z.
const LATEST_EPOCH_SECONDS: i64 = 4_102_444_800;

/// How a timestamp was written.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TimestampKind {
    /// `2026-07-18`: a calendar date, shown as midnight UTC.
    IsoDate,
    /// `2026-07-18T10:00:00Z` or with an offset, converted to UTC.
    IsoDateTime,
    /// `2026-07-18T10:00:00` with no zone: read as UTC, which the view should say.
    IsoDateTimeWithoutZone,
    EpochSeconds,
    EpochMillis,
}

/// A recognised timestamp and how it was written.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Timestamp {
    pub instant: UtcInstant,
    pub kind: TimestampKind,
}

impl Timestamp {
    /// The readable form shown next to the raw value: RFC 3339 in UTC, or just the date for a date.
    #[must_use]
    pub fn readable(&self) -> String {
        let full = self.instant.to_string();
        match self.kind {
            TimestampKind::IsoDate => full.get(..10).unwrap_or(&full).to_owned(),
            _ => full,
        }
    }
}

/// An integer that reads as epoch seconds or milliseconds between 2000 and 2100.
#[must_use]
pub fn recognise_epoch(value: i128) -> Option<Timestamp> {
    let seconds_range = i128::from(EARLIEST_EPOCH_SECONDS)..i128::from(LATEST_EPOCH_SECONDS);
    let millis_range = seconds_range.start * 1000..seconds_range.end * 1000;
    if seconds_range.contains(&value) {
        let seconds = i64::try_from(value).ok()?;
        Some(Timestamp {
            instant: UtcInstant::from_seconds(seconds),
            kind: TimestampKind::EpochSeconds,
        })
    } else if millis_range.contains(&value) {
        let millis = i64::try_from(value).ok()?;
        Some(Timestamp {
            instant: UtcInstant::from_millis(millis),
            kind: TimestampKind::EpochMillis,
        })
    } else {
        None
    }
}

/// A DynamoDB number that reads as an epoch timestamp (integers only).
#[must_use]
pub fn recognise_epoch_number(number: &Number) -> Option<Timestamp> {
    recognise_epoch(number.to_i128()?)
}

/// A string that is an ISO date / date-time, or all digits reading as an epoch timestamp.
#[must_use]
pub fn recognise_timestamp_text(text: &str) -> Option<Timestamp> {
    if !text.is_empty() && text.bytes().all(|b| b.is_ascii_digit()) {
        // Leading zeros would make "0001752832800" a date; real epoch values never have them.
        if text.starts_with('0') || text.len() > 15 {
            return None;
        }
        return recognise_epoch(text.parse().ok()?);
    }
    parse_iso(text)
}

/// A date or date-time as a person types one (ISO 8601 / RFC 3339, never an epoch number).
#[must_use]
pub fn parse_date_time(text: &str) -> Option<Timestamp> {
    parse_iso(text)
}

/// A value the inspector can show readable next to its raw form: an N or S holding an epoch
/// timestamp, or an S holding an ISO date / date-time.
#[must_use]
pub fn recognise_value_timestamp(value: &AttrValue) -> Option<Timestamp> {
    match value {
        AttrValue::N(number) => recognise_epoch_number(number),
        AttrValue::S(text) => recognise_timestamp_text(text),
        _ => None,
    }
}

/// Parses `YYYY-MM-DD`, optionally followed by `T` (or a space) `HH:MM[:SS[.fraction]]` and `Z`
/// or `±HH:MM` / `±HHMM`.
fn parse_iso(text: &str) -> Option<Timestamp> {
    let bytes = text.as_bytes();
    if bytes.len() < 10 || bytes[4] != b'-' || bytes[7] != b'-' {
        return None;
    }
    let year = i64::from(digits(&bytes[0..4])?);
    let month = digits(&bytes[5..7])?;
    let day = digits(&bytes[8..10])?;
    if !(1..=12).contains(&month) || day == 0 || day > days_in_month(year, month) {
        return None;
    }
    let midnight = days_from_civil(year, month, day) * 86_400;
    if bytes.len() == 10 {
        return Some(Timestamp {
            instant: UtcInstant::from_seconds(midnight),
            kind: TimestampKind::IsoDate,
        });
    }
    if !matches!(bytes[10], b'T' | b't' | b' ') {
        return None;
    }
    let (time_of_day, nanos, rest) = parse_time(&bytes[11..])?;
    let (offset_seconds, kind) = parse_zone(rest)?;
    Some(Timestamp {
        instant: UtcInstant {
            seconds: midnight + time_of_day - offset_seconds,
            nanos,
        },
        kind,
    })
}

/// `HH:MM[:SS[.fraction]]` → (seconds of the day, nanoseconds, what follows).
fn parse_time(bytes: &[u8]) -> Option<(i64, u32, &[u8])> {
    if bytes.len() < 5 || bytes[2] != b':' {
        return None;
    }
    let hour = digits(&bytes[0..2])?;
    let minute = digits(&bytes[3..5])?;
    let mut rest = &bytes[5..];
    let mut second = 0;
    let mut nanos = 0;
    if let [b':', s1, s2, tail @ ..] = rest {
        second = digits(&[*s1, *s2])?;
        rest = tail;
        if let [b'.' | b',', tail @ ..] = rest {
            let count = tail.iter().take_while(|b| b.is_ascii_digit()).count();
            if count == 0 || count > 9 {
                return None;
            }
            nanos = digits(&tail[..count])? * 10u32.pow(9 - u32::try_from(count).ok()?);
            rest = &tail[count..];
        }
    }
    if hour > 23 || minute > 59 || second > 59 {
        return None;
    }
    let seconds = i64::from(hour * 3600 + minute * 60 + second);
    Some((seconds, nanos, rest))
}

/// `""`, `Z`, `+HH:MM`, `-HHMM` → (offset east of UTC in seconds, kind).
fn parse_zone(bytes: &[u8]) -> Option<(i64, TimestampKind)> {
    let (sign, hours, minutes) = match bytes {
        [] => return Some((0, TimestampKind::IsoDateTimeWithoutZone)),
        [b'Z' | b'z'] => return Some((0, TimestampKind::IsoDateTime)),
        [sign @ (b'+' | b'-'), h1, h2, b':', m1, m2] | [sign @ (b'+' | b'-'), h1, h2, m1, m2] => {
            (*sign, digits(&[*h1, *h2])?, digits(&[*m1, *m2])?)
        }
        _ => return None,
    };
    if hours > 23 || minutes > 59 {
        return None;
    }
    let offset = i64::from(hours * 3600 + minutes * 60);
    Some((
        if sign == b'-' { -offset } else { offset },
        TimestampKind::IsoDateTime,
    ))
}

fn digits(bytes: &[u8]) -> Option<u32> {
    bytes.iter().try_fold(0u32, |acc, byte| {
        byte.is_ascii_digit()
            .then(|| acc * 10 + u32::from(byte - b'0'))
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use TimestampKind::*;
    use proptest::prelude::*;

    #[test]
    fn iso_texts_are_recognised_and_shown_in_utc() {
        let cases = [
            ("2026-07-18", IsoDate, "2026-07-18"),
            ("2026-07-18T10:00:00Z", IsoDateTime, "2026-07-18T10:00:00Z"),
            ("2026-07-18T10:00Z", IsoDateTime, "2026-07-18T10:00:00Z"),
            ("2026-07-18 10:00:00z", IsoDateTime, "2026-07-18T10:00:00Z"),
            (
                "2026-07-18T10:00:00.5Z",
                IsoDateTime,
                "2026-07-18T10:00:00.500Z",
            ),
            (
                "2026-07-18T10:00:00,123456Z",
                IsoDateTime,
                "2026-07-18T10:00:00.123456Z",
            ),
            (
                "2026-07-18T12:30:00+02:00",
                IsoDateTime,
                "2026-07-18T10:30:00Z",
            ),
            (
                "2026-07-18T00:30:00-0130",
                IsoDateTime,
                "2026-07-18T02:00:00Z",
            ),
            (
                "2026-07-18T10:00:00",
                IsoDateTimeWithoutZone,
                "2026-07-18T10:00:00Z",
            ),
            ("2024-02-29", IsoDate, "2024-02-29"),
        ];
        for (text, kind, readable) in cases {
            let timestamp = recognise_timestamp_text(text).unwrap_or_else(|| panic!("{text}"));
            assert_eq!(timestamp.kind, kind, "{text}");
            assert_eq!(timestamp.readable(), readable, "{text}");
        }
    }

    #[test]
    fn texts_that_only_resemble_dates_are_not_timestamps() {
        for text in [
            "2026-02-29",
            "2026-13-01",
            "2026-00-10",
            "2026-07-32",
            "2026-7-18",
            "2026-07-18T25:00:00Z",
            "2026-07-18T10:60Z",
            "2026-07-18T10:00:00.Z",
            "2026-07-18T10:00:00+2",
            "2026-07-18X10:00",
            "2026-07-18T10:00:00Zjunk",
            "20260718",
            "ord_9",
            "",
            "12345",
            "0001752832800",
            "99999999999999999999",
        ] {
            assert_eq!(recognise_timestamp_text(text), None, "{text}");
        }
    }

    #[test]
    fn epoch_seconds_and_millis_in_2000_to_2100_are_recognised() {
        let cases = [
            (1_752_832_800, EpochSeconds, "2025-07-18T10:00:00Z"),
            (946_684_800, EpochSeconds, "2000-01-01T00:00:00Z"),
            (1_752_832_800_250, EpochMillis, "2025-07-18T10:00:00.250Z"),
        ];
        for (value, kind, readable) in cases {
            let timestamp = recognise_epoch(value).unwrap_or_else(|| panic!("{value}"));
            assert_eq!(
                (timestamp.kind, timestamp.readable().as_str()),
                (kind, readable)
            );
        }
        let text = recognise_timestamp_text("1752832800").map(|t| t.readable());
        assert_eq!(text.as_deref(), Some("2025-07-18T10:00:00Z"));
    }

    #[test]
    fn small_ids_and_out_of_range_integers_are_not_epochs() {
        for value in [
            0,
            42,
            946_684_799,
            4_102_444_800,
            99_999_999_999,
            -1_752_832_800,
        ] {
            assert_eq!(recognise_epoch(value), None, "{value}");
        }
    }

    #[test]
    fn fractional_numbers_are_not_epochs() {
        let number = Number::parse("1752832800.5").expect("valid number");
        assert_eq!(recognise_epoch_number(&number), None);
        let whole = Number::parse("1752832800").expect("valid number");
        assert!(recognise_epoch_number(&whole).is_some());
    }

    #[test]
    fn values_of_other_types_are_never_timestamps() {
        let epoch = AttrValue::n(1_752_832_800);
        let iso = AttrValue::s("2026-07-18");
        assert_eq!(
            recognise_value_timestamp(&epoch).map(|t| t.kind),
            Some(EpochSeconds)
        );
        assert_eq!(
            recognise_value_timestamp(&iso).map(|t| t.kind),
            Some(IsoDate)
        );
        for value in [
            AttrValue::Bool(true),
            AttrValue::Null,
            AttrValue::B(b"2026-07-18".to_vec()),
        ] {
            assert_eq!(recognise_value_timestamp(&value), None, "{value:?}");
        }
    }

    proptest! {
        #[test]
        fn recognition_never_panics_on_arbitrary_text(text in any::<String>()) {
            let _ = recognise_timestamp_text(&text);
        }

        #[test]
        fn rfc3339_output_is_recognised_as_the_same_instant(seconds in 0i64..253_402_300_799) {
            let instant = UtcInstant::from_seconds(seconds);
            let text = instant.to_string();
            let parsed = recognise_timestamp_text(&text).map(|t| t.instant);
            prop_assert_eq!(parsed, Some(instant));
        }
    }
}
