//! The chips shown on an item's keys: parts named by the model's templates when an entity of the
//! model matches the item, otherwise read by the key grammars (ElectroDB, hand-rolled separators).

use super::composite_key::KeyPart;
use super::entity::EntityDecoder;
use super::grammar::{decode_item_key, decode_key};
use super::key_template::KeyTemplate;
use super::schema::KeySchema;
use super::value::{AttrValue, Item};

/// The parts of an item's partition and sort key. A key that is not a string (N or B) has no
/// parts: it is shown as its value.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ItemKeyParts<'a> {
    pub pk: Vec<KeyPart<'a>>,
    pub sk: Vec<KeyPart<'a>>,
}

fn parts<'a>(
    value: Option<&'a str>,
    template: Option<&'a KeyTemplate>,
    sort: bool,
    item: &Item,
) -> Vec<KeyPart<'a>> {
    let Some(value) = value else {
        return Vec::new();
    };
    template
        .and_then(|template| template.key_parts(value))
        .unwrap_or_else(|| item_grammar_parts(value, sort, item))
}

/// A key of `item` by the key grammars, ElectroDB labels read against the item's attribute names.
#[must_use]
pub fn item_grammar_parts<'a>(key: &'a str, sort: bool, item: &Item) -> Vec<KeyPart<'a>> {
    decode_item_key(key, sort, item).parts()
}

/// A key's parts by the key grammars alone (index keys, or no model entity matched).
#[must_use]
pub fn grammar_parts(key: &str, sort: bool) -> Vec<KeyPart<'_>> {
    decode_key(key, sort).parts()
}

impl EntityDecoder {
    /// The key parts of `item` under the table key schema `key`.
    #[must_use]
    pub fn key_parts<'a>(&'a self, item: &'a Item, key: &KeySchema) -> ItemKeyParts<'a> {
        let pk = item.get(&key.partition.name).and_then(AttrValue::as_s);
        let sk = key
            .sort
            .as_ref()
            .and_then(|sort| item.get(&sort.name))
            .and_then(AttrValue::as_s);
        let entity = self.model().and_then(|model| model.match_item(item, key));
        ItemKeyParts {
            pk: parts(
                pk,
                entity.and_then(|entity| entity.pk.as_ref()),
                false,
                item,
            ),
            sk: parts(sk, entity.and_then(|entity| entity.sk.as_ref()), true, item),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::model::Model;
    use crate::domain::schema::KeyAttribute;
    use crate::domain::value::ValueType;

    fn table_key() -> KeySchema {
        KeySchema::new(
            KeyAttribute::new("PK", ValueType::S),
            Some(KeyAttribute::new("SK", ValueType::S)),
        )
    }

    fn keyed(pk: &str, sk: &str) -> Item {
        [("PK", pk), ("SK", sk)]
            .into_iter()
            .map(|(name, value)| (name.to_owned(), AttrValue::s(value)))
            .collect()
    }

    fn chips(parts: &[KeyPart<'_>]) -> Vec<String> {
        parts
            .iter()
            .map(|part| match &part.label {
                Some(label) => format!("{label}={}", part.value),
                None => part.value.to_owned(),
            })
            .collect()
    }

    #[test]
    fn a_matching_model_entity_names_the_parts() {
        let model = Model::parse(
            "[[entity]]\nname = \"Order\"\npk = \"USER#{userId}\"\nsk = \"ORDER#{orderDate}#{orderId}\"\n",
            "m.toml",
        )
        .expect("valid model");
        let decoder = EntityDecoder::with_model(model);
        let order = keyed("USER#usr_1001", "ORDER#2026-07-01#ord_9");
        let parts = decoder.key_parts(&order, &table_key());
        assert_eq!(chips(&parts.pk), ["USER", "userId=usr_1001"]);
        assert_eq!(
            chips(&parts.sk),
            ["ORDER", "orderDate=2026-07-01", "orderId=ord_9"]
        );
    }

    #[test]
    fn without_a_matching_model_entity_the_heuristics_split_the_keys() {
        let decoder = EntityDecoder::new();
        let status = keyed("STATUS#PENDING#DATE#2026-07-18", "ORDER#2026-07-01#ord_9");
        let parts = decoder.key_parts(&status, &table_key());
        assert_eq!(chips(&parts.pk), ["status=PENDING", "date=2026-07-18"]);
        assert_eq!(chips(&parts.sk), ["ORDER", "2026-07-01", "ord_9"]);
    }

    #[test]
    fn electrodb_keys_read_as_labelled_parts() {
        let decoder = EntityDecoder::new();
        let task = keyed("$taskapp#task_t1", "$task_1#project_proj4#employee_e039");
        let parts = decoder.key_parts(&task, &table_key());
        assert_eq!(chips(&parts.pk), ["service=taskapp", "task=t1"]);
        assert_eq!(
            chips(&parts.sk),
            ["entity=task_1", "project=proj4", "employee=e039"]
        );
    }

    #[test]
    fn number_keys_have_no_parts() {
        let item: Item = [("PK".to_owned(), AttrValue::n(5))].into_iter().collect();
        let decoder = EntityDecoder::new();
        let parts = decoder.key_parts(&item, &table_key());
        assert!(parts.pk.is_empty() && parts.sk.is_empty());
    }
}
