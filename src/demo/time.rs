//! Calendar dates for demo data without a date library: days since 1970-01-01 to ISO 8601.

use super::text::push_number;

/// `(year, month, day)` of a day count since 1970-01-01 (proleptic Gregorian).
#[must_use]
pub fn civil_from_days(days: i64) -> (i64, u32, u32) {
    // Howard Hinnant's days-to-civil algorithm, shifted so eras start on March 1st.
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let day_of_era = z.rem_euclid(146_097);
    let year_of_era =
        (day_of_era - day_of_era / 1460 + day_of_era / 36_524 - day_of_era / 146_096) / 365;
    let day_of_year = day_of_era - (365 * year_of_era + year_of_era / 4 - year_of_era / 100);
    let shifted_month = (5 * day_of_year + 2) / 153;
    let day = (day_of_year - (153 * shifted_month + 2) / 5 + 1) as u32;
    let month = if shifted_month < 10 {
        shifted_month + 3
    } else {
        shifted_month - 9
    } as u32;
    let year = year_of_era + era * 400 + i64::from(month <= 2);
    (year, month, day)
}

/// `YYYY-MM-DD`.
#[must_use]
pub fn iso_date(days: i64) -> String {
    let mut out = String::with_capacity(20);
    push_date(&mut out, days);
    out
}

/// `YYYY-MM-DDTHH:MM:SSZ` for seconds since the epoch.
#[must_use]
pub fn iso_timestamp(seconds: i64) -> String {
    let mut out = String::with_capacity(20);
    push_date(&mut out, seconds.div_euclid(86_400));
    let in_day = seconds.rem_euclid(86_400).unsigned_abs();
    out.push('T');
    push_number(&mut out, in_day / 3600, 2);
    out.push(':');
    push_number(&mut out, in_day % 3600 / 60, 2);
    out.push(':');
    push_number(&mut out, in_day % 60, 2);
    out.push('Z');
    out
}

fn push_date(out: &mut String, days: i64) {
    let (year, month, day) = civil_from_days(days);
    if year < 0 {
        // Never in the demo; `format!` spells the sign inside the padding.
        out.push_str(&format!("{year:04}"));
    } else {
        push_number(out, year.unsigned_abs(), 4);
    }
    out.push('-');
    push_number(out, u64::from(month), 2);
    out.push('-');
    push_number(out, u64::from(day), 2);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn known_dates_convert_exactly() {
        let cases = [
            (0, "1970-01-01"),
            (59, "1970-03-01"),
            (11_016, "2000-02-29"),
            (20_454, "2026-01-01"),
            (-1, "1969-12-31"),
        ];
        for (days, expected) in cases {
            assert_eq!(iso_date(days), expected, "{days} days");
        }
    }

    #[test]
    fn timestamps_carry_the_time_of_day() {
        assert_eq!(
            iso_timestamp(20_454 * 86_400 + 3_661),
            "2026-01-01T01:01:01Z"
        );
    }
}
