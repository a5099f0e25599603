//! Audit-trail sort keys: a partition that keeps what happened to its item as items of their
//! own, `AUDIT#<time>`, `EVENT#<time>#…`, `HISTORY#<time>`, so they sort by time under one
//! prefix. Read back newest first, they are the item's timeline.

use std::cmp::Reverse;

use super::timestamp::{Timestamp, recognise_timestamp_text};
use super::value::Item;
use super::why::literal::value_text;

/// The words an audit-trail prefix is made of, as single-table designs write them; each is read
/// as `WORD#` in upper and in lower case.
pub const TRAIL_WORDS: [&str; 6] = ["AUDIT", "EVENT", "HISTORY", "CHANGE", "LOG", "ACTIVITY"];

/// Every prefix to read: the model's timeline prefixes, then the known words, upper case first.
#[must_use]
pub fn trail_prefixes(model_prefixes: &[String]) -> Vec<String> {
    let upper = TRAIL_WORDS.iter().map(|word| format!("{word}#"));
    let lower = TRAIL_WORDS
        .iter()
        .map(|word| format!("{}#", word.to_lowercase()));
    let mut prefixes = model_prefixes.to_vec();
    for prefix in upper.chain(lower) {
        if !prefixes.contains(&prefix) {
            prefixes.push(prefix);
        }
    }
    prefixes
}

/// A sort key read as a trail entry: its prefix (`AUDIT#`) and the time after it, which may be
/// followed by more parts (`EVENT#2026-12-01T10:00:00Z#evt_7`). `model_prefixes` are the fixed
/// starts of the sort-key templates a model marks as a timeline (`SHIPMENT_EVENT#`), read
/// before the known words.
#[must_use]
pub fn trail_key(sort_key: &str, model_prefixes: &[String]) -> Option<(String, Timestamp)> {
    if let Some(prefix) = model_prefixes
        .iter()
        .find(|prefix| sort_key.starts_with(prefix.as_str()))
    {
        let time_text = sort_key[prefix.len()..].split(['#', '|']).next()?;
        return Some((prefix.clone(), recognise_timestamp_text(time_text)?));
    }
    let (word, rest) = sort_key.split_once('#')?;
    if !TRAIL_WORDS
        .iter()
        .any(|known| known.eq_ignore_ascii_case(word))
    {
        return None;
    }
    let time_text = rest.split('#').next()?;
    Some((format!("{word}#"), recognise_timestamp_text(time_text)?))
}

/// One entry of the timeline.
#[derive(Clone, Debug, PartialEq)]
pub struct TrailEntry {
    pub time: Timestamp,
    pub prefix: String,
    pub sort_key: String,
    pub item: Item,
}

impl TrailEntry {
    /// What the entry records: every attribute but the table's keys, `name=value`, in name order.
    #[must_use]
    pub fn what(&self, key_names: &[&str]) -> String {
        let parts: Vec<String> = self
            .item
            .iter()
            .filter(|(name, _)| !key_names.contains(&name.as_str()))
            .map(|(name, value)| format!("{name}={}", value_text(value)))
            .collect();
        parts.join(" ")
    }
}

/// The entries among `items` (read from one partition), newest first; items whose sort key is
/// not a trail key are left out.
#[must_use]
pub fn gather(sort_name: &str, items: Vec<Item>, model_prefixes: &[String]) -> Vec<TrailEntry> {
    let mut entries: Vec<TrailEntry> = items
        .into_iter()
        .filter_map(|item| {
            let sort_key = item.get(sort_name)?.as_s()?.to_owned();
            let (prefix, time) = trail_key(&sort_key, model_prefixes)?;
            Some(TrailEntry {
                time,
                prefix,
                sort_key,
                item,
            })
        })
        .collect();
    entries.sort_by_key(|entry| (Reverse(entry.time.instant), Reverse(entry.sort_key.clone())));
    entries
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::value::AttrValue;

    fn entry(sk: &str, extra: &[(&str, &str)]) -> Item {
        let mut item = Item::from([
            ("PK".to_owned(), AttrValue::s("ORDER#1")),
            ("SK".to_owned(), AttrValue::s(sk)),
        ]);
        item.extend(
            extra
                .iter()
                .map(|(k, v)| ((*k).to_owned(), AttrValue::s(*v))),
        );
        item
    }

    #[test]
    fn trail_keys_are_a_known_word_then_a_time() {
        let (prefix, time) = trail_key("AUDIT#2026-12-01T10:00:00Z", &[]).expect("a trail key");
        assert_eq!(prefix, "AUDIT#");
        assert_eq!(time.readable(), "2026-12-01T10:00:00Z");
        assert!(trail_key("event#1764583200000#evt_7", &[]).is_some());
        for not_trail in [
            "ORDER#2026-12-01",
            "AUDIT#latest",
            "AUDIT",
            "METADATA",
            "AUDITS#2026-12-01",
        ] {
            assert!(trail_key(not_trail, &[]).is_none(), "{not_trail}");
        }
    }

    #[test]
    fn a_prefix_the_model_names_is_a_trail_when_a_time_follows_it() {
        let named = ["SHIPMENT_EVENT#".to_owned()];
        let (prefix, time) =
            trail_key("SHIPMENT_EVENT#2026-12-01T10:00:00Z#s1", &named).expect("the model's");
        assert_eq!(
            (prefix.as_str(), time.readable().as_str()),
            ("SHIPMENT_EVENT#", "2026-12-01T10:00:00Z")
        );
        assert!(trail_key("SHIPMENT_EVENT#pending", &named).is_none());
        assert!(trail_key("SHIPMENT_EVENT#2026-12-01T10:00:00Z", &[]).is_none());
        let prefixes = trail_prefixes(&named);
        assert_eq!(prefixes[0], "SHIPMENT_EVENT#");
        assert_eq!(prefixes.len(), 13);
    }

    #[test]
    fn entries_come_newest_first_across_prefixes_and_leave_other_items_out() {
        let items = vec![
            entry("AUDIT#2026-12-01T10:00:00Z", &[("action", "created")]),
            entry("METADATA", &[]),
            entry("EVENT#2026-12-03T09:00:00Z#e2", &[("action", "shipped")]),
            entry(
                "AUDIT#2026-12-02T08:30:00Z",
                &[("action", "paid"), ("by", "ada")],
            ),
        ];
        let entries = gather("SK", items, &[]);
        let keys: Vec<&str> = entries.iter().map(|e| e.sort_key.as_str()).collect();
        assert_eq!(
            keys,
            [
                "EVENT#2026-12-03T09:00:00Z#e2",
                "AUDIT#2026-12-02T08:30:00Z",
                "AUDIT#2026-12-01T10:00:00Z"
            ]
        );
        assert_eq!(entries[1].what(&["PK", "SK"]), r#"action="paid" by="ada""#);
    }

    #[test]
    fn both_cases_of_every_word_are_read() {
        let prefixes = trail_prefixes(&[]);
        assert!(prefixes.contains(&"AUDIT#".to_owned()));
        assert!(prefixes.contains(&"event#".to_owned()));
        assert_eq!(prefixes.len(), 2 * TRAIL_WORDS.len());
    }
}
