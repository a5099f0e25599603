//! Item-level evidence of the library that wrote an item: the entity markers each library adds
//! (ElectroDB's `__edb_e__`/`__edb_v__` or the names a model renamed them to, dynamodb-toolbox's
//! `_et` with `_ct`/`_md` timestamps, OneTable's `_type`, Amplify's `__typename` with its sync
//! metadata), combined with the keys' grammars into one explanation for the inspector.

use super::{Grammar, KeyDecode, decode_key};
use crate::domain::schema::KeySchema;
use crate::domain::value::{AttrValue, Item};

/// Marker attributes and the library that writes each, most specific first.
pub(in crate::domain) const LIBRARY_MARKERS: [(&str, Grammar); 4] = [
    ("__edb_e__", Grammar::ElectroDb),
    ("_et", Grammar::DynamoDbToolbox),
    ("_type", Grammar::OneTable),
    ("__typename", Grammar::Amplify),
];

/// An item read as its library wrote it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ItemGrammar<'a> {
    /// The library whose marker (or key shape) the item carries.
    pub library: Option<Grammar>,
    /// The attribute that names the entity (`__edb_e__`, a renamed ElectroDB marker, `_et`…).
    pub marker: Option<&'a str>,
    pub entity: Option<&'a str>,
    pub pk: Option<KeyDecode<'a>>,
    pub sk: Option<KeyDecode<'a>>,
}

impl ItemGrammar<'_> {
    /// `entity task from __edb_e__; parts from ElectroDB sort key: $entity_version#attr_value`.
    #[must_use]
    pub fn explain(&self) -> String {
        let entity = match (self.entity, self.marker) {
            (Some(entity), Some(marker)) => format!("entity {entity} from {marker}"),
            (Some(entity), None) => format!("entity {entity} from the sort key"),
            (None, _) => "entity not named by the item".to_owned(),
        };
        let keys: Vec<&str> = [&self.pk, &self.sk]
            .into_iter()
            .flatten()
            .map(|decode| decode.why)
            .collect();
        if keys.is_empty() {
            entity
        } else {
            format!("{entity}; parts from {}", keys.join(", "))
        }
    }
}

/// The library marker `item` carries, with the attribute's name and value.
#[must_use]
pub fn library_marker(item: &Item) -> Option<(Grammar, &'static str, &str)> {
    LIBRARY_MARKERS.iter().find_map(|&(attribute, grammar)| {
        item.get(attribute)
            .and_then(AttrValue::as_s)
            .filter(|value| !value.is_empty())
            .map(|value| (grammar, attribute, value))
    })
}

/// Reads `item`'s keys and markers under the table key schema `key`.
#[must_use]
pub fn decode_item<'a>(item: &'a Item, key: &'a KeySchema) -> ItemGrammar<'a> {
    let text = |name: &str| item.get(name).and_then(AttrValue::as_s);
    let pk = text(&key.partition.name).map(|pk| decode_key(pk, false));
    let sk = key
        .sort
        .as_ref()
        .and_then(|sort| text(&sort.name))
        .map(|sk| decode_key(sk, true));
    let mut decoded = ItemGrammar {
        library: None,
        marker: None,
        entity: None,
        pk,
        sk,
    };
    if let Some((grammar, attribute, value)) = library_marker(item) {
        (decoded.library, decoded.marker, decoded.entity) =
            (Some(grammar), Some(attribute), Some(value));
        return decoded;
    }
    let from_sort_key = decoded
        .sk
        .as_ref()
        .filter(|sk| sk.grammar == Grammar::ElectroDb)
        .and_then(|sk| sk.entity.zip(sk.version));
    if let Some((entity, version)) = from_sort_key {
        decoded.library = Some(Grammar::ElectroDb);
        decoded.entity = Some(entity);
        decoded.marker = renamed_marker(item, key, entity, version);
    }
    decoded
}

/// The attribute an ElectroDB model renamed `__edb_e__` to: a non-key attribute holding the
/// entity name, beside one holding the version.
fn renamed_marker<'a>(
    item: &'a Item,
    key: &KeySchema,
    entity: &str,
    version: &str,
) -> Option<&'a str> {
    let is_key = |name: &str| {
        name == key.partition.name || key.sort.as_ref().is_some_and(|sort| sort.name == name)
    };
    let holding = |wanted: &str| {
        item.iter()
            .filter(|(name, _)| !is_key(name))
            .find(|(_, value)| value.as_s() == Some(wanted))
            .map(|(name, _)| name.as_str())
    };
    holding(version)?;
    holding(entity)
}
