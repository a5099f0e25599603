//! Recognising key segments that are values — ids, numbers, dates — so they are never read as
//! labels, whatever case they are written in.

use crate::domain::timestamp::{Timestamp, recognise_timestamp_text};

/// What a value-shaped segment is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ValueShape {
    Uuid,
    /// 26 characters of Crockford base32 (either case).
    Ulid,
    /// 27 characters of base62.
    Ksuid,
    Number,
    Timestamp(Timestamp),
}

/// The id, number or date `text` is, if any. Libraries that lower-case keys (ElectroDB) write
/// `2026-07-01t09:30:00.000z`, so dates are recognised in either case.
#[must_use]
pub fn value_shape(text: &str) -> Option<ValueShape> {
    if let Some(timestamp) = timestamp_any_case(text) {
        return Some(ValueShape::Timestamp(timestamp));
    }
    if is_number(text) {
        Some(ValueShape::Number)
    } else if is_uuid(text) {
        Some(ValueShape::Uuid)
    } else if is_ulid(text) {
        Some(ValueShape::Ulid)
    } else if is_ksuid(text) {
        Some(ValueShape::Ksuid)
    } else {
        None
    }
}

/// An ISO date / date-time or an epoch number, in either case (`t`/`z` as ElectroDB writes them).
#[must_use]
pub fn timestamp_any_case(text: &str) -> Option<Timestamp> {
    if let Some(timestamp) = recognise_timestamp_text(text) {
        return Some(timestamp);
    }
    // Only date-shaped text is worth the upper-cased copy.
    let date_like = text.len() >= 11 && text.as_bytes().get(4) == Some(&b'-');
    if date_like && text.bytes().any(|b| b == b't' || b == b'z') {
        return recognise_timestamp_text(&text.to_ascii_uppercase());
    }
    None
}

/// The name a positional key part gets from its shape alone, when no model or library names
/// it: `date` for an ISO 8601 date or date-time, `id` for a ULID, UUID, KSUID or a `prefix_id`
/// (`tkt_00042`, `ord_0042`).
#[must_use]
pub fn shape_label(text: &str) -> Option<&'static str> {
    match value_shape(text) {
        // Epoch seconds are numbers first: only the ISO shapes say they are dates.
        Some(ValueShape::Timestamp(_)) if text.contains('-') => Some("date"),
        Some(ValueShape::Uuid | ValueShape::Ulid | ValueShape::Ksuid) => Some("id"),
        None if is_prefixed_id(text) => Some("id"),
        _ => None,
    }
}

/// A short lower-case prefix, `_`, then letters and digits with at least one digit.
fn is_prefixed_id(text: &str) -> bool {
    let Some((prefix, rest)) = text.split_once('_') else {
        return false;
    };
    (2..=8).contains(&prefix.len())
        && prefix.bytes().all(|b| b.is_ascii_lowercase())
        && !rest.is_empty()
        && rest.bytes().all(|b| b.is_ascii_alphanumeric())
        && rest.bytes().any(|b| b.is_ascii_digit())
}

fn is_number(text: &str) -> bool {
    let digits = text.strip_prefix('-').unwrap_or(text);
    let (whole, fraction) = digits.split_once('.').unwrap_or((digits, "0"));
    !whole.is_empty()
        && whole.bytes().all(|b| b.is_ascii_digit())
        && !fraction.is_empty()
        && fraction.bytes().all(|b| b.is_ascii_digit())
}

fn is_uuid(text: &str) -> bool {
    let bytes = text.as_bytes();
    bytes.len() == 36
        && bytes.iter().enumerate().all(|(index, b)| match index {
            8 | 13 | 18 | 23 => *b == b'-',
            _ => b.is_ascii_hexdigit(),
        })
}

fn is_ulid(text: &str) -> bool {
    const CROCKFORD: &[u8] = b"0123456789ABCDEFGHJKMNPQRSTVWXYZ";
    text.len() == 26
        // The first character of a 128-bit ULID is at most 7.
        && text.as_bytes()[0] <= b'7'
        && text
            .bytes()
            .all(|b| CROCKFORD.contains(&b.to_ascii_uppercase()))
}

fn is_ksuid(text: &str) -> bool {
    text.len() == 27
        && text.bytes().all(|b| b.is_ascii_alphanumeric())
        && text.bytes().any(|b| b.is_ascii_digit())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dates_and_ids_are_named_by_their_shapes() {
        let cases: &[(&str, Option<&str>)] = &[
            ("2026-10-31", Some("date")),
            ("2026-07-01T09:30:00Z", Some("date")),
            ("1752832800", None),
            ("tkt_00042", Some("id")),
            ("ord_0042", Some("id")),
            ("01ARZ3NDEKTSV4RRFFQ69G5FAV", Some("id")),
            ("6f1c2d3e-0000-4000-8000-000000000000", Some("id")),
            ("TICKET", None),
            ("snake_case", None),
            ("42", None),
        ];
        for (text, expected) in cases {
            assert_eq!(shape_label(text), *expected, "{text}");
        }
    }

    #[test]
    fn ids_numbers_and_dates_are_values() {
        let cases: &[(&str, Option<&str>)] = &[
            ("6f1c2d3e-0000-4000-8000-000000000000", Some("uuid")),
            ("01ARZ3NDEKTSV4RRFFQ69G5FAV", Some("ulid")),
            ("01arz3ndektsv4rrffq69g5fav", Some("ulid")),
            ("0ujtsYcgvSTl8PAuAdqWYSMnLOv", Some("ksuid")),
            ("1752832800", Some("time")),
            ("42", Some("number")),
            ("-3.5", Some("number")),
            ("2026-07-18", Some("time")),
            ("2026-07-01t09:30:00.000z", Some("time")),
            ("USER", None),
            ("order", None),
            ("", None),
            ("1.", None),
            ("e039", None),
        ];
        for (text, expected) in cases {
            let got = value_shape(text).map(|shape| match shape {
                ValueShape::Uuid => "uuid",
                ValueShape::Ulid => "ulid",
                ValueShape::Ksuid => "ksuid",
                ValueShape::Number => "number",
                ValueShape::Timestamp(_) => "time",
            });
            assert_eq!(got, *expected, "{text}");
        }
    }
}
