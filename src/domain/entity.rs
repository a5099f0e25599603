//! Entity-type decoding, automatic and without configuration.
//!
//! In order of trust: a model file's key templates (explicit configuration), then a type attribute
//! written by the item's own library or application, then a library's key grammar (an ElectroDB
//! sort key `$task_1#…` names `task` even when a model renamed its markers), then the key
//! prefixes (`USER#…` + `METADATA` → `User`, `USER#…` + `ORDER#…` → `User›Order`), a partition
//! key named by its deepest labelled part (`TENANT#…#TICKET#…` + `COMMENT#…` → `Ticket›Comment`).

use std::borrow::Cow;

use super::composite_key::{entity_label, key_prefix};
use super::entity_name::entity_name_from_prefix;
use super::grammar::{Grammar, electrodb};
use super::model::{EntityTimestamps, Model};
use super::schema::KeySchema;
use super::value::{AttrValue, Item};

/// Attributes that name an item's entity type, most specific first: library markers (ElectroDB,
/// DynamoDB-Toolbox, OneTable, Amplify) are unambiguous, whereas a plain `type` attribute is
/// sometimes a domain field (a payment's `type = card`) and so comes last.
pub const TYPE_ATTRIBUTES: [&str; 7] = [
    "__edb_e__",
    "_et",
    "_type",
    "__typename",
    "entityType",
    "Type",
    "type",
];

/// Sort-key prefixes that mark the partition's own item rather than a child entity.
const SELF_MARKERS: [&str; 6] = ["metadata", "meta", "root", "info", "details", "detail"];

/// Separates parent and child in a prefix-derived name: `User›Order`.
pub const PARENT_CHILD_SEPARATOR: char = '›';

/// Where an entity name came from, so the view can say how sure it is.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum EntitySource {
    /// A `[[entity]]` of the model file matched the item's keys.
    Model,
    /// The named type attribute (one of [`TYPE_ATTRIBUTES`]).
    TypeAttribute(&'static str),
    /// Named by a library's key grammar (ElectroDB's `$entity_version`).
    KeyGrammar(Grammar),
    /// Guessed from the PK and SK prefixes.
    KeyPrefixes,
}

/// A decoded entity type.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Entity {
    /// Raw text from the table (a type attribute's value) or the model: escape it with
    /// [`escape_for_terminal`](super::escape::escape_for_terminal) before drawing it.
    pub name: String,
    pub source: EntitySource,
}

/// The evidence for an item's entity, borrowed from the item and the model so that grouping a
/// million items can intern names without building a `String` per item.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum EntityClue<'a> {
    Model {
        name: &'a str,
    },
    TypeAttribute {
        attribute: &'static str,
        value: &'a str,
    },
    KeyGrammar {
        grammar: Grammar,
        name: &'a str,
    },
    KeyPrefixes {
        pk: Option<&'a str>,
        sk: Option<&'a str>,
    },
}

impl EntityClue<'_> {
    /// The entity name the clue gives, if it gives one.
    #[must_use]
    pub fn name(&self) -> Option<Cow<'_, str>> {
        match *self {
            Self::Model { name } => Some(Cow::Borrowed(name)),
            Self::TypeAttribute { value, .. } | Self::KeyGrammar { name: value, .. } => {
                Some(Cow::Borrowed(value))
            }
            Self::KeyPrefixes { pk, sk } => entity_from_prefixes(pk, sk).map(Cow::Owned),
        }
    }

    #[must_use]
    pub fn source(&self) -> EntitySource {
        match *self {
            Self::Model { .. } => EntitySource::Model,
            Self::TypeAttribute { attribute, .. } => EntitySource::TypeAttribute(attribute),
            Self::KeyGrammar { grammar, .. } => EntitySource::KeyGrammar(grammar),
            Self::KeyPrefixes { .. } => EntitySource::KeyPrefixes,
        }
    }
}

/// Decodes entity types, with an optional model file that wins over the heuristics.
#[derive(Clone, Debug, Default)]
pub struct EntityDecoder {
    model: Option<Model>,
}

impl EntityDecoder {
    /// Heuristics only.
    #[must_use]
    pub fn new() -> Self {
        Self::default()
    }

    #[must_use]
    pub fn with_model(model: Model) -> Self {
        Self { model: Some(model) }
    }

    #[must_use]
    pub fn model(&self) -> Option<&Model> {
        self.model.as_ref()
    }

    /// The timestamp attributes the model declares for `item`'s entity.
    #[must_use]
    pub fn timestamps_of(&self, item: &Item, key: &KeySchema) -> Option<&EntityTimestamps> {
        let entity = self.model.as_ref()?.match_item(item, key)?;
        Some(&entity.timestamps)
    }

    /// The best clue for `item`'s entity under the table key schema `key`.
    #[must_use]
    pub fn clue<'a>(&'a self, item: &'a Item, key: &KeySchema) -> EntityClue<'a> {
        let pk = string_attribute(item, &key.partition.name);
        let sk = key
            .sort
            .as_ref()
            .and_then(|sort| string_attribute(item, &sort.name));
        if let Some(model) = &self.model
            && let Some(matched) = model.match_item(item, key)
        {
            return EntityClue::Model {
                name: &matched.name,
            };
        }
        if let Some((attribute, value)) = type_attribute(item) {
            return EntityClue::TypeAttribute { attribute, value };
        }
        if let Some(name) = sk.and_then(electrodb::sort_key_entity) {
            return EntityClue::KeyGrammar {
                grammar: Grammar::ElectroDb,
                name,
            };
        }
        EntityClue::KeyPrefixes {
            pk: pk.and_then(entity_label),
            sk: sk.and_then(key_prefix),
        }
    }

    /// `item`'s entity, or `None` when nothing identifies it.
    #[must_use]
    pub fn decode(&self, item: &Item, key: &KeySchema) -> Option<Entity> {
        let clue = self.clue(item, key);
        Some(Entity {
            name: clue.name()?.into_owned(),
            source: clue.source(),
        })
    }
}

fn string_attribute<'a>(item: &'a Item, name: &str) -> Option<&'a str> {
    item.get(name).and_then(AttrValue::as_s)
}

/// The first non-empty string type attribute, in [`TYPE_ATTRIBUTES`] order.
#[must_use]
pub fn type_attribute(item: &Item) -> Option<(&'static str, &str)> {
    // One pass over the item's attributes costs less than a map search per candidate name, and
    // it runs for every item a scan reads.
    let mut found: Option<(usize, &str)> = None;
    for (name, value) in item {
        let rank = TYPE_ATTRIBUTES
            .iter()
            .position(|&attribute| attribute == name);
        let text = value.as_s().filter(|text| !text.is_empty());
        if let (Some(rank), Some(text)) = (rank, text)
            && found.is_none_or(|(best, _)| rank < best)
        {
            found = Some((rank, text));
        }
    }
    let (rank, text) = found?;
    Some((TYPE_ATTRIBUTES.get(rank)?, text))
}

fn is_self_marker(sk_prefix: &str) -> bool {
    let normalised: String = sk_prefix
        .chars()
        .filter(|c| c.is_alphanumeric())
        .flat_map(char::to_lowercase)
        .collect();
    SELF_MARKERS.contains(&normalised.as_str())
}

/// The entity named by a PK prefix and an SK prefix: the parent alone when the SK marks the
/// partition's own item (`METADATA`) or repeats the parent, `Parent›Child` otherwise.
#[must_use]
pub fn entity_from_prefixes(pk_prefix: Option<&str>, sk_prefix: Option<&str>) -> Option<String> {
    let parent = pk_prefix.and_then(entity_name_from_prefix);
    let child = sk_prefix
        .filter(|sk| !is_self_marker(sk))
        .and_then(entity_name_from_prefix)
        .filter(|child| parent.as_ref() != Some(child));
    match (parent, child) {
        (Some(parent), Some(child)) => Some(format!("{parent}{PARENT_CHILD_SEPARATOR}{child}")),
        (parent, child) => parent.or(child),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::schema::KeyAttribute;
    use crate::domain::value::ValueType;

    fn table_key() -> KeySchema {
        KeySchema::new(
            KeyAttribute::new("PK", ValueType::S),
            Some(KeyAttribute::new("SK", ValueType::S)),
        )
    }

    fn item(pairs: &[(&str, AttrValue)]) -> Item {
        pairs
            .iter()
            .map(|(name, value)| ((*name).to_owned(), value.clone()))
            .collect()
    }

    fn keyed(pk: &str, sk: &str) -> Item {
        item(&[("PK", AttrValue::s(pk)), ("SK", AttrValue::s(sk))])
    }

    #[test]
    fn key_prefixes_name_the_entity_when_no_type_attribute_exists() {
        let cases = [
            ("USER#usr_1001", "METADATA", Some("User")),
            ("USER#usr_1001", "#METADATA#usr_1001", Some("User")),
            (
                "USER#usr_1001",
                "ORDER#2026-07-01#ord_9",
                Some("User›Order"),
            ),
            ("ORDER#ord_9", "ITEM#1", Some("Order›Item")),
            ("USER#usr_1001", "USER#usr_1001", Some("User")),
            ("USERS#usr_1001", "PROFILE", Some("User›Profile")),
            ("usr_1001", "ORDER#ord_9", Some("Order")),
            ("usr_1001", "2026-07-01", None),
            ("USER#usr_1001", "2026-07-01T10:00:00Z", Some("User")),
            ("USER#usr_1001", "2026-07-01#ord_9", Some("User")),
            ("ord_9901#x", "ITEM#1", Some("Item")),
            ("STORE#s1", "STAFF#st1", Some("Store›Staff")),
            (
                "TENANT#acme#TICKET#tkt_00001",
                "COMMENT#2026-07-01#c1",
                Some("Ticket›Comment"),
            ),
            ("TENANT#acme", "TICKET#tkt_00001", Some("Tenant›Ticket")),
            ("USER#u1#STATUS#ACTIVE", "PROFILE", Some("User›Profile")),
            (
                "TENANT#acme#TICKET#tkt_1#STATUS",
                "METADATA",
                Some("Tenant"),
            ),
        ];
        let decoder = EntityDecoder::new();
        for (pk, sk, expected) in cases {
            let entity = decoder.decode(&keyed(pk, sk), &table_key());
            assert_eq!(
                entity.as_ref().map(|e| e.name.as_str()),
                expected,
                "{pk} / {sk}"
            );
            if let Some(entity) = entity {
                assert_eq!(entity.source, EntitySource::KeyPrefixes);
            }
        }
    }

    #[test]
    fn a_type_attribute_wins_over_key_prefixes() {
        let cases = [
            ("__edb_e__", "user"),
            ("_et", "Customer"),
            ("_type", "Account"),
            ("__typename", "Post"),
            ("entityType", "Invoice"),
            ("Type", "Store"),
            ("type", "Thing"),
        ];
        for (attribute, value) in cases {
            let mut with_type = keyed("USER#u1", "ORDER#o1");
            with_type.insert(attribute.to_owned(), AttrValue::s(value));
            let entity = EntityDecoder::new().decode(&with_type, &table_key());
            assert_eq!(
                entity,
                Some(Entity {
                    name: value.to_owned(),
                    source: EntitySource::TypeAttribute(attribute)
                }),
                "{attribute}"
            );
        }
    }

    #[test]
    fn library_markers_win_over_a_plain_type_attribute() {
        let mut both = keyed("USER#u1", "PAYMENT#p1");
        both.insert("type".into(), AttrValue::s("card"));
        both.insert("__edb_e__".into(), AttrValue::s("payment"));
        assert_eq!(type_attribute(&both), Some(("__edb_e__", "payment")));
    }

    #[test]
    fn non_string_or_empty_type_attributes_are_ignored() {
        let mut odd = keyed("USER#u1", "METADATA");
        odd.insert("type".into(), AttrValue::n(3));
        odd.insert("_et".into(), AttrValue::s(""));
        odd.insert("Type".into(), AttrValue::Null);
        let entity = EntityDecoder::new().decode(&odd, &table_key());
        assert_eq!(entity.map(|e| e.source), Some(EntitySource::KeyPrefixes));
    }

    #[test]
    fn numeric_or_missing_keys_give_no_entity_without_a_type_attribute() {
        let numeric = item(&[("PK", AttrValue::n(7)), ("SK", AttrValue::n(1))]);
        assert_eq!(EntityDecoder::new().decode(&numeric, &table_key()), None);
        assert_eq!(
            EntityDecoder::new().decode(&Item::new(), &table_key()),
            None
        );
    }

    proptest::proptest! {
        #[test]
        fn decoding_never_panics_on_arbitrary_keys(pk in ".*", sk in ".*", kind in ".*") {
            let mut any = keyed(&pk, &sk);
            let _ = EntityDecoder::new().decode(&any, &table_key());
            any.insert("type".into(), AttrValue::s(kind));
            let _ = EntityDecoder::new().decode(&any, &table_key());
        }
    }

    #[test]
    fn an_electrodb_sort_key_names_the_entity_when_the_markers_were_renamed() {
        let mut ticket = keyed(
            "$helpdesk#queue_billing",
            "$ticket_2#openedat_2026#ticketid_1",
        );
        ticket.insert("kind".into(), AttrValue::s("ticket"));
        let entity = EntityDecoder::new().decode(&ticket, &table_key());
        assert_eq!(
            entity,
            Some(Entity {
                name: "ticket".into(),
                source: EntitySource::KeyGrammar(Grammar::ElectroDb)
            })
        );
        let in_collection = keyed("$taskapp#employee_e1", "$assignments#task_1#project_p1");
        let entity = EntityDecoder::new().decode(&in_collection, &table_key());
        assert_eq!(entity.map(|e| e.name), Some("task".to_owned()));
    }

    #[test]
    fn a_table_without_sort_key_uses_the_partition_prefix() {
        let key = KeySchema::new(KeyAttribute::new("id", ValueType::S), None);
        let single = item(&[("id", AttrValue::s("SESSION#abc"))]);
        let entity = EntityDecoder::new().decode(&single, &key);
        assert_eq!(entity.map(|e| e.name), Some("Session".to_owned()));
    }
}
