//! Which stream records a reader keeps: by partition key, by a key prefix, by entity and by
//! event kind. The headless tail and the terminal's stream view filter with this one type, and
//! name a record's entity the same way.

use serde_json::Value;

use crate::domain::entity::EntityDecoder;
use crate::domain::entity_name::entity_matches;
use crate::domain::request::{ChangeKind, ChangeRecord};
use crate::domain::schema::KeySchema;
use crate::domain::value::AttrValue;

/// What a reader keeps; every part left empty keeps everything.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ChangeFilter {
    /// The partition key, exactly.
    pub pk: Option<String>,
    /// A prefix of the sort key when `pk` is given (as a Query's `begins_with`), else of the
    /// partition key.
    pub prefix: Option<String>,
    /// The entity as ddbx decodes it, case-insensitive.
    pub entity: Option<String>,
    /// The event kinds kept; empty keeps all three.
    pub events: Vec<ChangeKind>,
}

/// The entity of a record: read from the newest image that has one, else from the keys.
#[must_use]
pub fn entity_of(
    record: &ChangeRecord,
    decoder: &EntityDecoder,
    key: &KeySchema,
) -> Option<String> {
    [
        record.new_image.as_ref(),
        record.old_image.as_ref(),
        Some(&record.keys),
    ]
    .into_iter()
    .flatten()
    .find_map(|item| decoder.decode(item, key))
    .map(|entity| entity.name)
}

impl ChangeFilter {
    /// True when nothing is filtered out.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self == &Self::default()
    }

    #[must_use]
    pub fn keeps(&self, record: &ChangeRecord, entity: Option<&str>, key: &KeySchema) -> bool {
        let text_of =
            |name: Option<&str>| name.and_then(|name| record.keys.get(name)).map(key_text);
        let pk = text_of(Some(&key.partition.name));
        let pk_ok = self
            .pk
            .as_deref()
            .is_none_or(|wanted| pk.as_deref() == Some(wanted));
        let prefix_ok = self.prefix.as_deref().is_none_or(|prefix| {
            let target = if self.pk.is_some() {
                text_of(key.sort.as_ref().map(|sort| sort.name.as_str()))
            } else {
                pk.clone()
            };
            target.is_some_and(|text| text.starts_with(prefix))
        });
        let entity_ok = self
            .entity
            .as_deref()
            .is_none_or(|wanted| entity.is_some_and(|name| entity_matches(name, wanted)));
        let event_ok = self.events.is_empty() || self.events.contains(&record.kind);
        pk_ok && prefix_ok && entity_ok && event_ok
    }
}

/// A key value as typed on a command line: S as is, N as its digits, B as base64.
#[must_use]
pub fn key_text(value: &AttrValue) -> String {
    match value {
        AttrValue::S(text) => text.clone(),
        AttrValue::N(number) => number.to_string(),
        other => match crate::domain::plain_json::to_plain_json(other) {
            Value::String(text) => text,
            json => json.to_string(),
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::schema::KeyAttribute;
    use crate::domain::value::{Item, ValueType};

    fn record(kind: ChangeKind, pk: &str, sk: &str) -> ChangeRecord {
        let mut keys = Item::new();
        keys.insert("PK".into(), AttrValue::s(pk));
        keys.insert("SK".into(), AttrValue::s(sk));
        ChangeRecord {
            kind,
            sequence: "1".into(),
            created_at: None,
            keys,
            old_image: None,
            new_image: None,
        }
    }

    fn key() -> KeySchema {
        KeySchema::new(
            KeyAttribute::new("PK", ValueType::S),
            Some(KeyAttribute::new("SK", ValueType::S)),
        )
    }

    #[test]
    fn each_part_of_the_filter_narrows_what_is_kept() {
        let order = record(ChangeKind::Insert, "USER#1", "ORDER#9");
        let removed = record(ChangeKind::Remove, "USER#2", "PROFILE");
        let keeps = |filter: &ChangeFilter, record: &ChangeRecord, entity| {
            filter.keeps(record, entity, &key())
        };
        let all = ChangeFilter::default();
        assert!(all.is_empty() && keeps(&all, &order, None) && keeps(&all, &removed, None));
        let pk = ChangeFilter {
            pk: Some("USER#1".into()),
            ..ChangeFilter::default()
        };
        assert!(keeps(&pk, &order, None) && !keeps(&pk, &removed, None));
        let sort_prefix = ChangeFilter {
            prefix: Some("ORDER#".into()),
            ..pk.clone()
        };
        assert!(keeps(&sort_prefix, &order, None));
        let pk_prefix = ChangeFilter {
            prefix: Some("USER#2".into()),
            ..ChangeFilter::default()
        };
        assert!(keeps(&pk_prefix, &removed, None) && !keeps(&pk_prefix, &order, None));
        let entity = ChangeFilter {
            entity: Some("order".into()),
            ..ChangeFilter::default()
        };
        assert!(keeps(&entity, &order, Some("Order")) && !keeps(&entity, &order, Some("User")));
        let events = ChangeFilter {
            events: vec![ChangeKind::Remove],
            ..ChangeFilter::default()
        };
        assert!(keeps(&events, &removed, None) && !keeps(&events, &order, None));
    }
}
