//! The TTL attribute, read the way DynamoDB's TTL process reads it: a top-level N holding epoch
//! seconds. Shown as "expires in 3d 4h" / "expired 2h ago (not yet deleted)" relative to a `now`
//! the caller passes in (domain code never reads the clock), and with the values the TTL process
//! ignores (a string, a list…) or that are almost certainly a bug (milliseconds) called out.

use std::fmt;

use super::civil::UtcInstant;
use super::timestamp::recognise_epoch;
use super::value::{AttrValue, Item, ValueType};

/// What the TTL attribute of an item means.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TtlStatus {
    ExpiresIn {
        at: UtcInstant,
        seconds: u64,
    },
    /// Expired but still readable: DynamoDB deletes expired items in the background, typically
    /// within a few days, and until then they appear in reads, queries and scans.
    ExpiredNotDeleted {
        at: UtcInstant,
        seconds_ago: u64,
    },
    /// A value in the epoch-milliseconds range: read as seconds it lies tens of thousands of years
    /// ahead, so the item will in effect never expire.
    LooksLikeMilliseconds {
        intended: UtcInstant,
    },
    /// Not an N: the TTL process skips the item.
    NotANumber(ValueType),
    /// An N that is not an epoch time at all (negative, or beyond any representable date).
    OutOfRange,
}

/// The TTL status of `item` when it has the TTL attribute (`None` when it has not).
#[must_use]
pub fn ttl_of(item: &Item, ttl_attribute: &str, now: UtcInstant) -> Option<TtlStatus> {
    item.get(ttl_attribute).map(|value| ttl_status(value, now))
}

/// The TTL status of a TTL attribute value.
#[must_use]
pub fn ttl_status(value: &AttrValue, now: UtcInstant) -> TtlStatus {
    let AttrValue::N(number) = value else {
        return TtlStatus::NotANumber(value.value_type());
    };
    // Fractions of a second do not matter for a TTL; truncate toward zero via the integer part.
    let Some(seconds) = integer_part(&number.to_string()) else {
        return TtlStatus::OutOfRange;
    };
    if let Some(timestamp) = recognise_epoch(i128::from(seconds))
        && timestamp.kind == super::timestamp::TimestampKind::EpochMillis
    {
        return TtlStatus::LooksLikeMilliseconds {
            intended: timestamp.instant,
        };
    }
    let at = UtcInstant::from_seconds(seconds);
    if seconds < 0 || at.to_rfc3339().is_none() {
        return TtlStatus::OutOfRange;
    }
    if at > now {
        TtlStatus::ExpiresIn {
            at,
            seconds: seconds.abs_diff(now.seconds),
        }
    } else {
        TtlStatus::ExpiredNotDeleted {
            at,
            seconds_ago: now.seconds.abs_diff(seconds),
        }
    }
}

/// The integer part of a normalised number's text, when it fits an `i64`.
fn integer_part(text: &str) -> Option<i64> {
    let whole = text.split('.').next().unwrap_or(text);
    match whole {
        "" | "-" => Some(0),
        whole => whole.parse().ok(),
    }
}

impl fmt::Display for TtlStatus {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::ExpiresIn { at, seconds } => {
                write!(f, "expires in {} ({at})", format_duration(*seconds))
            }
            Self::ExpiredNotDeleted { at, seconds_ago } => write!(
                f,
                "expired {} ago ({at}, not yet deleted)",
                format_duration(*seconds_ago)
            ),
            Self::LooksLikeMilliseconds { intended } => write!(
                f,
                "looks like epoch milliseconds ({intended}); TTL needs seconds, so this item never expires"
            ),
            Self::NotANumber(found) => write!(
                f,
                "ignored by TTL: the value is {found}, TTL needs N (epoch seconds)"
            ),
            Self::OutOfRange => f.write_str("ignored by TTL: not an epoch time in seconds"),
        }
    }
}

/// A duration as its two largest units: `3d 4h`, `2h 5m`, `45s`, `1y 12d`.
#[must_use]
pub fn format_duration(seconds: u64) -> String {
    const UNITS: [(u64, &str); 5] = [
        (365 * 86_400, "y"),
        (86_400, "d"),
        (3_600, "h"),
        (60, "m"),
        (1, "s"),
    ];
    let Some(first) = UNITS.iter().position(|(size, _)| seconds >= *size) else {
        return "0s".to_owned();
    };
    let (size, unit) = UNITS[first];
    let mut text = format!("{}{unit}", seconds / size);
    if let Some(&(next_size, next_unit)) = UNITS.get(first + 1) {
        let rest = seconds % size / next_size;
        if rest > 0 {
            text.push_str(&format!(" {rest}{next_unit}"));
        }
    }
    text
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::number::Number;
    use proptest::prelude::*;

    /// 2026-07-18T10:00:00Z.
    const NOW: i64 = 1_784_368_800;

    fn now() -> UtcInstant {
        UtcInstant::from_seconds(NOW)
    }

    fn n(text: &str) -> AttrValue {
        AttrValue::N(Number::parse(text).expect("valid number"))
    }

    #[test]
    fn ttl_values_read_relative_to_now() {
        let cases = [
            (
                n(&(NOW + 3 * 86_400 + 4 * 3_600 + 59).to_string()),
                "expires in 3d 4h (2026-07-21T14:00:59Z)",
            ),
            (
                n(&(NOW - 2 * 3_600).to_string()),
                "expired 2h ago (2026-07-18T08:00:00Z, not yet deleted)",
            ),
            (
                n(&NOW.to_string()),
                "expired 0s ago (2026-07-18T10:00:00Z, not yet deleted)",
            ),
            (
                n(&format!("{}.75", NOW + 90)),
                "expires in 1m 30s (2026-07-18T10:01:30Z)",
            ),
            (
                n("1784368800000"),
                "looks like epoch milliseconds (2026-07-18T10:00:00Z); TTL needs seconds, so this item never expires",
            ),
            (
                AttrValue::s("1784368800"),
                "ignored by TTL: the value is S, TTL needs N (epoch seconds)",
            ),
            (n("-5"), "ignored by TTL: not an epoch time in seconds"),
            (n("1e30"), "ignored by TTL: not an epoch time in seconds"),
            (
                n("0"),
                "expired 56y 212d ago (1970-01-01T00:00:00Z, not yet deleted)",
            ),
        ];
        for (value, expected) in cases {
            assert_eq!(ttl_status(&value, now()).to_string(), expected, "{value:?}");
        }
    }

    #[test]
    fn only_items_with_the_ttl_attribute_have_a_ttl_status() {
        let mut item = Item::new();
        assert_eq!(ttl_of(&item, "expiresAt", now()), None);
        item.insert("expiresAt".into(), n(&(NOW + 60).to_string()));
        assert!(matches!(
            ttl_of(&item, "expiresAt", now()),
            Some(TtlStatus::ExpiresIn { seconds: 60, .. })
        ));
    }

    #[test]
    fn durations_show_their_two_largest_units() {
        let cases = [
            (0, "0s"),
            (45, "45s"),
            (60, "1m"),
            (3_725, "1h 2m"),
            (86_400 * 3 + 3_600 * 4, "3d 4h"),
            (86_400 * 2 + 59, "2d"),
            (365 * 86_400 + 12 * 86_400, "1y 12d"),
        ];
        for (seconds, text) in cases {
            assert_eq!(format_duration(seconds), text, "{seconds}");
        }
    }

    proptest! {
        #[test]
        fn ttl_status_never_panics_on_any_number(text in "-?[0-9]{1,38}(\\.[0-9]{1,5})?") {
            if let Ok(number) = Number::parse(&text) {
                let _ = ttl_status(&AttrValue::N(number), now()).to_string();
            }
        }
    }
}
