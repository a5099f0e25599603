//! What the undo preview says about the write it reverts: when it was made, what it did, and
//! whether it was itself an undo (then this undo brings that earlier write back).

use std::collections::BTreeSet;

use crate::journal::JournalEntry;

/// Attribute names listed before the rest are counted.
const NAMES_SHOWN: usize = 8;

/// The preview's lines about `entry`, the write being undone (raw text: the screen escapes it).
#[must_use]
pub fn reverted_lines(entry: &JournalEntry) -> Vec<String> {
    let mut first = format!(
        "Reverts: the {} of {}, which {}",
        entry.operation,
        readable_time(&entry.time),
        what_it_did(entry)
    );
    if entry.pending {
        first.push_str(" (its outcome was never recorded)");
    }
    let mut lines = vec![first];
    if let Some(earlier) = &entry.reverts {
        lines.push(format!(
            "That write was itself an undo (of the write of {}): this undoes the undo and brings that write back.",
            readable_time(earlier)
        ));
    }
    lines
}

/// `2026-12-01T12:03:04.123Z` → `2026-12-01 12:03:04 UTC`; any other text as it is.
#[must_use]
pub fn readable_time(time: &str) -> String {
    match (time.get(..10), time.get(11..19)) {
        (Some(date), Some(clock)) if time.ends_with('Z') && time.get(10..11) == Some("T") => {
            format!("{date} {clock} UTC")
        }
        _ => time.to_owned(),
    }
}

fn what_it_did(entry: &JournalEntry) -> String {
    let (before, after) = match (&entry.before, &entry.after) {
        (None, Some(_)) => return "created the item".to_owned(),
        (Some(_), None) => return "deleted the item".to_owned(),
        (None, None) => return "recorded no item".to_owned(),
        (Some(before), Some(after)) => (before, after),
    };
    let changed: Vec<&str> = before
        .keys()
        .chain(after.keys())
        .map(String::as_str)
        .collect::<BTreeSet<_>>()
        .into_iter()
        .filter(|name| before.get(*name) != after.get(*name))
        .collect();
    if changed.is_empty() {
        return "changed nothing".to_owned();
    }
    let mut names = changed
        .iter()
        .take(NAMES_SHOWN)
        .copied()
        .collect::<Vec<_>>()
        .join(", ");
    if changed.len() > NAMES_SHOWN {
        names.push_str(&format!(" and {} more", changed.len() - NAMES_SHOWN));
    }
    format!("changed {names}")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn journal_times_read_as_utc_clock_times() {
        assert_eq!(
            readable_time("2026-12-01T12:03:04.123Z"),
            "2026-12-01 12:03:04 UTC"
        );
        assert_eq!(
            readable_time("2026-12-01T12:03:04Z"),
            "2026-12-01 12:03:04 UTC"
        );
        assert_eq!(readable_time("yesterday"), "yesterday");
    }
}
