//! Where a stream reader starts: at LATEST, at the trim horizon, or at a time.
//!
//! DynamoDB Streams has no iterator that starts at a time, so a time is read as every shard from
//! its trim horizon with the records created before the time skipped. What the user typed is
//! parsed here without a clock ([`parse`]); "15m" becomes a time only once the caller passes in
//! the present ([`Since::resolve`]).

use std::time::Duration;

use super::civil::UtcInstant;
use super::timestamp::parse_date_time;

/// How long a stream keeps its records.
pub const STREAM_RETENTION_SECONDS: i64 = 24 * 3600;

/// Said once when the time asked for is older than what the stream can hold.
pub const BEFORE_RETENTION_NOTE: &str = "the stream holds 24 hours; reading from its oldest record";

/// The forms a start can be typed in, for every refusal.
pub const ACCEPTED_FORMS: &str = "expected LATEST (or now), TRIM_HORIZON (or oldest), an RFC 3339 \
     time such as 2026-12-04T10:00:00Z, or a duration back from now such as 90s, 15m, 2h or 1d";

/// A start as typed, before the present is known.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Since {
    /// Only changes made from now on.
    #[default]
    Latest,
    /// The oldest record the stream still holds.
    TrimHorizon,
    /// Records created at or after this time.
    At(UtcInstant),
    /// Records created at most this long before now.
    Ago(Duration),
}

/// A start with its time settled.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum StreamStart {
    Latest,
    TrimHorizon,
    At(UtcInstant),
}

/// Reads `text` as a start; the message says which forms are accepted.
pub fn parse(text: &str) -> Result<Since, String> {
    let trimmed = text.trim();
    match trimmed.to_ascii_lowercase().as_str() {
        "latest" | "now" => return Ok(Since::Latest),
        "trim_horizon" | "oldest" => return Ok(Since::TrimHorizon),
        _ => {}
    }
    if let Some(timestamp) = parse_date_time(trimmed) {
        return Ok(Since::At(timestamp.instant));
    }
    // humantime reads "15m", "2h", "1d", "90s" and combinations such as "1h 30m"; a bare number
    // has no unit, so it is refused rather than guessed at.
    if trimmed.starts_with(|c: char| c.is_ascii_digit())
        && let Ok(back) = humantime::parse_duration(trimmed)
    {
        return Ok(Since::Ago(back));
    }
    Err(format!("{text:?} is not a stream start; {ACCEPTED_FORMS}"))
}

impl Since {
    /// The start as of `now`; a time in the future is refused (nothing has been written there).
    pub fn resolve(self, now: UtcInstant) -> Result<StreamStart, String> {
        let at = match self {
            Self::Latest => return Ok(StreamStart::Latest),
            Self::TrimHorizon => return Ok(StreamStart::TrimHorizon),
            Self::At(at) => at,
            Self::Ago(back) => before(now, back),
        };
        if at > now {
            return Err(format!(
                "{} is in the future (it is {} now): a stream holds only what was written; \
                 use LATEST to follow changes from now on",
                readable(at),
                readable(now)
            ));
        }
        Ok(StreamStart::At(at))
    }
}

impl StreamStart {
    /// Records created before this (Unix seconds) are skipped. Creation times are whole seconds,
    /// so the cut's own second is kept rather than lose a record written in it.
    #[must_use]
    pub const fn not_before(self) -> Option<i64> {
        match self {
            Self::At(at) => Some(at.seconds),
            Self::Latest | Self::TrimHorizon => None,
        }
    }

    /// A time older than the stream keeps: reading starts at its oldest record all the same.
    #[must_use]
    pub fn before_retention(self, now: UtcInstant) -> bool {
        self.not_before()
            .is_some_and(|cut| now.seconds.saturating_sub(cut) > STREAM_RETENTION_SECONDS)
    }

    /// Where reading started, as a header says it: "from now", "from the oldest record",
    /// "from 2026-12-04 10:00:00 UTC".
    #[must_use]
    pub fn describe(self) -> String {
        match self {
            Self::Latest => "from now".to_owned(),
            Self::TrimHorizon => "from the oldest record".to_owned(),
            Self::At(at) => format!("from {}", readable(at)),
        }
    }
}

/// What a start at a time left out, once the records before it are read past: "3 records
/// created before 2026-12-04 10:00:00 UTC skipped; a stream keeps 24 hours of changes". Nothing
/// for a start that skips nothing by design (LATEST, the oldest record).
#[must_use]
pub fn skipped_text(start: StreamStart, skipped: u64) -> Option<String> {
    let StreamStart::At(at) = start else {
        return None;
    };
    let (count, verb) = if skipped == 1 {
        ("1 record".to_owned(), "was")
    } else {
        (format!("{skipped} records"), "were")
    };
    Some(format!(
        "{count} created before {} {verb} skipped; a stream keeps 24 hours of changes",
        readable(at)
    ))
}

/// A record created before `not_before` (Unix seconds), which a start at a time skips. A record
/// without a creation time is kept: nothing says it is older.
#[must_use]
pub fn created_before(not_before: Option<i64>, created_at: Option<i64>) -> bool {
    not_before
        .zip(created_at)
        .is_some_and(|(not_before, created)| created < not_before)
}

/// `2026-12-04 10:00:00 UTC`, to the second.
#[must_use]
pub fn readable(at: UtcInstant) -> String {
    let whole = UtcInstant::from_seconds(at.seconds);
    match whole.to_rfc3339() {
        Some(text) => format!("{} UTC", text.replace('T', " ").trim_end_matches('Z')),
        None => whole.to_string(),
    }
}

/// `now` less `back`, to the nanosecond, held at the earliest instant an `i64` of seconds keeps.
fn before(now: UtcInstant, back: Duration) -> UtcInstant {
    const NANOS: i128 = 1_000_000_000;
    let total = i128::from(now.seconds) * NANOS + i128::from(now.nanos)
        - i128::try_from(back.as_nanos()).unwrap_or(i128::MAX);
    let seconds = total.div_euclid(NANOS);
    let nanos = u32::try_from(total.rem_euclid(NANOS)).unwrap_or(0);
    match i64::try_from(seconds) {
        Ok(seconds) => UtcInstant { seconds, nanos },
        Err(_) => UtcInstant::from_seconds(i64::MIN),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// 2026-12-04T10:00:00Z.
    const NOW: i64 = 1_796_378_400;

    fn now() -> UtcInstant {
        UtcInstant::from_seconds(NOW)
    }

    #[test]
    fn the_named_starts_are_read_in_any_case() {
        for (text, since) in [
            ("LATEST", Since::Latest),
            ("latest", Since::Latest),
            ("now", Since::Latest),
            ("TRIM_HORIZON", Since::TrimHorizon),
            ("oldest", Since::TrimHorizon),
            (" Oldest ", Since::TrimHorizon),
        ] {
            assert_eq!(parse(text), Ok(since), "{text}");
        }
    }

    #[test]
    fn durations_are_read_back_from_now() {
        for (text, seconds) in [
            ("90s", 90),
            ("15m", 900),
            ("2h", 7200),
            ("1d", 86_400),
            ("1h 30m", 5400),
        ] {
            assert_eq!(
                parse(text),
                Ok(Since::Ago(Duration::from_secs(seconds))),
                "{text}"
            );
            let start = parse(text).and_then(|since| since.resolve(now()));
            assert_eq!(
                start,
                Ok(StreamStart::At(UtcInstant::from_seconds(
                    NOW - seconds as i64
                ))),
                "{text}"
            );
        }
    }

    #[test]
    fn rfc_3339_times_are_read_in_utc() {
        let cases = [
            ("2026-12-04T10:00:00Z", NOW),
            ("2026-12-04T09:00:00Z", NOW - 3600),
            ("2026-12-04T11:30:00+02:00", NOW - 1800),
            ("2026-12-04 08:00:00", NOW - 7200),
        ];
        for (text, seconds) in cases {
            let start = parse(text).and_then(|since| since.resolve(now()));
            assert_eq!(
                start,
                Ok(StreamStart::At(UtcInstant::from_seconds(seconds))),
                "{text}"
            );
        }
    }

    #[test]
    fn what_is_not_a_start_is_refused_with_the_forms_accepted() {
        for text in [
            "yesterday",
            "",
            "15",
            "15 minutes ago",
            "-15m",
            "2026-13-04T10:00:00Z",
            "TRIM HORIZON",
            "99999999999999999999999h",
        ] {
            let refused = parse(text).expect_err(text);
            assert!(refused.contains("2026-12-04T10:00:00Z"), "{refused}");
            assert!(refused.contains("15m") && refused.contains("TRIM_HORIZON"));
        }
    }

    #[test]
    fn a_time_in_the_future_is_refused_and_the_present_is_not() {
        let later = Since::At(UtcInstant::from_seconds(NOW + 1)).resolve(now());
        let refused = later.expect_err("the future");
        assert!(refused.contains("in the future"), "{refused}");
        assert!(refused.contains("2026-12-04 10:00:01 UTC"), "{refused}");
        assert_eq!(
            parse("0s").and_then(|since| since.resolve(now())),
            Ok(StreamStart::At(now()))
        );
    }

    #[test]
    fn a_time_older_than_a_day_is_allowed_and_said_to_be_beyond_the_stream() {
        let two_days = parse("2d")
            .and_then(|since| since.resolve(now()))
            .expect("allowed");
        assert!(two_days.before_retention(now()));
        let one_day = parse("1d")
            .and_then(|since| since.resolve(now()))
            .expect("allowed");
        assert!(!one_day.before_retention(now()));
        assert!(!StreamStart::TrimHorizon.before_retention(now()));
        assert!(!StreamStart::Latest.before_retention(now()));
    }

    #[test]
    fn the_header_says_where_reading_started() {
        assert_eq!(StreamStart::Latest.describe(), "from now");
        assert_eq!(
            StreamStart::TrimHorizon.describe(),
            "from the oldest record"
        );
        let at = StreamStart::At(UtcInstant {
            seconds: NOW,
            nanos: 500_000_000,
        });
        assert_eq!(at.describe(), "from 2026-12-04 10:00:00 UTC");
    }

    #[test]
    fn records_created_before_the_cut_are_skipped_and_its_own_second_kept() {
        let cut = StreamStart::At(UtcInstant {
            seconds: NOW,
            nanos: 700_000_000,
        })
        .not_before();
        assert!(created_before(cut, Some(NOW - 1)));
        assert!(!created_before(cut, Some(NOW)));
        assert!(!created_before(cut, Some(NOW + 5)));
        assert!(!created_before(cut, None), "no time: kept");
        assert!(!created_before(None, Some(0)), "no cut: kept");
    }

    #[test]
    fn what_a_start_at_a_time_skipped_is_counted_and_the_24_hours_named() {
        let at = StreamStart::At(UtcInstant::from_seconds(NOW));
        assert_eq!(
            skipped_text(at, 1).as_deref(),
            Some(
                "1 record created before 2026-12-04 10:00:00 UTC was skipped; \
                 a stream keeps 24 hours of changes"
            )
        );
        let none = skipped_text(at, 0).expect("said for a time");
        assert!(none.starts_with("0 records created before"), "{none}");
        assert!(skipped_text(at, 1200).is_some_and(|t| t.starts_with("1200 records")));
        assert_eq!(skipped_text(StreamStart::Latest, 3), None);
        assert_eq!(skipped_text(StreamStart::TrimHorizon, 3), None);
    }

    proptest! {
        #[test]
        fn parsing_and_resolving_never_panic(text in any::<String>(), seconds in any::<i64>()) {
            if let Ok(since) = parse(&text) {
                let _ = since.resolve(UtcInstant::from_seconds(seconds));
            }
        }

        #[test]
        fn typed_like_a_start_never_panics(text in "[0-9a-zA-Z:+. -]{0,30}") {
            let _ = parse(&text).map(|since| since.resolve(now()));
        }

        #[test]
        fn an_rfc_3339_time_reads_back_as_itself(seconds in 0i64..253_402_300_799) {
            let instant = UtcInstant::from_seconds(seconds);
            prop_assert_eq!(parse(&instant.to_string()), Ok(Since::At(instant)));
        }

        #[test]
        fn a_duration_in_any_unit_is_that_long_before_now(n in 0u64..100_000, unit in 0usize..4) {
            let (suffix, scale) = [("s", 1), ("m", 60), ("h", 3600), ("d", 86_400)][unit];
            let start = parse(&format!("{n}{suffix}")).and_then(|since| since.resolve(now()));
            let expected = NOW - i64::try_from(n * scale).unwrap_or(i64::MAX);
            prop_assert_eq!(start, Ok(StreamStart::At(UtcInstant::from_seconds(expected))));
        }
    }
}
