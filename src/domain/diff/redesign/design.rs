//! One side of a redesign diff: a model, the table key it is written under, and what identifies
//! an item — its entity and the values its key templates capture — in terms both designs share.

use std::collections::{BTreeMap, BTreeSet};

use serde_json::{Value, json};

use super::plan::RedesignPlan;
use crate::domain::ddb_json::to_json;
use crate::domain::model::{EntityModel, Model};
use crate::domain::schema::KeySchema;
use crate::domain::value::{AttrValue, Item};

/// A model applied to the items of one table.
#[derive(Clone, Debug)]
pub struct Design<'m> {
    pub model: &'m Model,
    pub key: KeySchema,
    /// The attributes that hold this design's keys: expected to differ from the other design's,
    /// so they are left out of the comparison (their decoded fields are compared instead).
    pub key_attributes: BTreeSet<String>,
}

/// An item read by its design: the entity it belongs to and each key field's value.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Decoded<'m> {
    pub entity: &'m EntityModel,
    pub fields: BTreeMap<String, String>,
}

impl<'m> Design<'m> {
    /// `model`'s design of a table whose key is `key`; the model's own table and index keys,
    /// when it gives them, are key attributes too.
    #[must_use]
    pub fn new(model: &'m Model, key: &KeySchema) -> Self {
        let mut key_attributes: BTreeSet<String> = key.names().map(str::to_owned).collect();
        if let Some(table) = &model.table {
            let keys = std::iter::once(&table.key).chain(table.indexes.iter().map(|(_, key)| key));
            key_attributes.extend(keys.flat_map(|key| key.names().map(str::to_owned)));
        }
        Self {
            model,
            key: key.clone(),
            key_attributes,
        }
    }

    /// The entity of `item` and its key fields, as the model's templates read them (`None`: no
    /// entity of the model matches the item's keys).
    #[must_use]
    pub fn decode(&self, item: &Item) -> Option<Decoded<'m>> {
        let entity = self.model.match_item(item, &self.key)?;
        let text = |name: &str| item.get(name).and_then(AttrValue::as_s);
        let pk = text(&self.key.partition.name);
        let sk = self.key.sort.as_ref().and_then(|sort| text(&sort.name));
        let mut fields = BTreeMap::new();
        for (template, value) in [(&entity.pk, pk), (&entity.sk, sk)] {
            let (Some(template), Some(value)) = (template, value) else {
                continue;
            };
            for part in template.key_parts(value).into_iter().flatten() {
                if let Some(label) = part.label {
                    // A field named twice (in the pk and the sk) keeps its first value.
                    fields
                        .entry(label.into_owned())
                        .or_insert_with(|| part.value.to_owned());
                }
            }
        }
        Some(Decoded { entity, fields })
    }

    /// The text two designs' items share when they are the same item: the entity and its match
    /// fields' values for a modelled item, else the values of its primary key (an item neither
    /// model describes is matched by key as a plain diff would). `None`: no key at all.
    #[must_use]
    pub fn identity(&self, plan: &RedesignPlan, item: &Item) -> Option<String> {
        let Some(decoded) = self.decode(item) else {
            return self.unmodelled_identity(item);
        };
        let planned = plan.entity(&decoded.entity.name)?;
        let mut parts = vec![Value::String(decoded.entity.name.clone())];
        for field in &planned.fields {
            parts.push(Value::String(decoded.fields.get(field)?.clone()));
        }
        Some(Value::Array(parts).to_string())
    }

    fn unmodelled_identity(&self, item: &Item) -> Option<String> {
        let mut parts = vec![Value::Null];
        for name in self.key.names() {
            parts.push(to_json(item.get(name)?));
        }
        Some(json!(parts).to_string())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::schema::KeyAttribute;
    use crate::domain::value::ValueType;

    fn key() -> KeySchema {
        KeySchema::new(
            KeyAttribute::new("PK", ValueType::S),
            Some(KeyAttribute::new("SK", ValueType::S)),
        )
    }

    fn model(text: &str) -> Model {
        Model::parse(text, "m.toml").unwrap_or_else(|error| panic!("{error}"))
    }

    fn keyed(pk: &str, sk: &str) -> Item {
        Item::from([
            ("PK".to_owned(), AttrValue::s(pk)),
            ("SK".to_owned(), AttrValue::s(sk)),
        ])
    }

    const OLD: &str =
        "[[entity]]\nname = \"Order\"\npk = \"USER#{userId}\"\nsk = \"ORDER#{orderId}\"\n";
    const NEW: &str = "[[entity]]\nname = \"Order\"\npk = \"CUSTOMER#{userId}\"\nsk = \"ORD#{orderDate}#{orderId}\"\n";

    #[test]
    fn items_of_two_designs_share_an_identity_when_their_common_fields_agree() {
        let (old, new) = (model(OLD), model(NEW));
        let plan = RedesignPlan::new((&old, "old"), (&new, "new")).expect("a plan");
        let (old, new) = (Design::new(&old, &key()), Design::new(&new, &key()));
        let before = keyed("USER#u1", "ORDER#o#1");
        let after = keyed("CUSTOMER#u1", "ORD#2026-07-01#o#1");
        let decoded = new.decode(&after).expect("an Order");
        assert_eq!(decoded.fields["orderDate"], "2026-07-01");
        assert_eq!(decoded.fields["orderId"], "o#1");
        let identity = old.identity(&plan, &before).expect("identified");
        assert_eq!(identity, r#"["Order","o#1","u1"]"#);
        assert_eq!(new.identity(&plan, &after), Some(identity));
    }

    #[test]
    fn an_item_no_entity_matches_is_identified_by_its_key_values() {
        let old = model(OLD);
        let plan = RedesignPlan::new((&old, "old"), (&old, "new")).expect("a plan");
        let design = Design::new(&old, &key());
        assert_eq!(
            design.identity(&plan, &keyed("CONFIG", "GLOBAL")),
            Some(r#"[null,{"S":"CONFIG"},{"S":"GLOBAL"}]"#.to_owned())
        );
        assert_eq!(design.identity(&plan, &Item::new()), None);
        assert_eq!(
            design.key_attributes,
            BTreeSet::from(["PK".to_owned(), "SK".to_owned()])
        );
    }
}
