//! Why an item reads the way it does: which model or key grammar decoded it, and the evidence
//! (`task, named by its __edb_e__ attribute; parts from ElectroDB sort key: $entity_version#attr_value`).
//! The inspector shows this so that a surprising entity or chip can be traced to its cause.

use super::entity::{EntityClue, EntityDecoder};
use super::grammar::markers::decode_item;
use super::grammar::{Grammar, KeyDecode};
use super::key_template::KeyTemplate;
use super::schema::KeySchema;
use super::value::{AttrValue, Item};

/// What decoded an item.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DecodedBy {
    /// An entity of the loaded model (a `--model` file or a schema the table keeps) matched.
    Model,
    /// A library's markers or key shapes, or hand-rolled separators.
    Grammar(Grammar),
    /// Nothing: keys without structure and no marker.
    Nothing,
}

impl DecodedBy {
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Self::Model => "model",
            Self::Grammar(grammar) => grammar.name(),
            Self::Nothing => "no grammar",
        }
    }
}

/// The decoder and its reasons. Table text (entity and attribute names) is included raw:
/// escape it before drawing.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Decoding {
    pub by: DecodedBy,
    /// The entity and where its name came from: `task, named by its __edb_e__ attribute`.
    pub entity: String,
    /// How the partition key and the sort key were split into parts, when the item has them.
    pub pk: Option<String>,
    pub sk: Option<String>,
}

impl DecodedBy {
    /// How the keys were read, as the end of a sentence: `hand-rolled keys`.
    #[must_use]
    pub fn reading(self) -> String {
        match self {
            Self::Model => "keys by the model's templates".to_owned(),
            Self::Grammar(Grammar::Separators) => "hand-rolled keys".to_owned(),
            Self::Grammar(library) => format!("keys as {} writes them", library.name()),
            Self::Nothing => "keys of one value each".to_owned(),
        }
    }
}

impl Decoding {
    /// What the inspector says: `Ticket, named by its type attribute; keys split at their
    /// separators`.
    #[must_use]
    pub fn sentence(&self) -> String {
        format!("{}; {}", self.entity, self.by.reading())
    }

    /// Everything on one line: `by ElectroDB: task, named by its __edb_e__ attribute; pk: …; sk: …`.
    #[must_use]
    pub fn line(&self) -> String {
        let mut line = format!("by {}: {}", self.by.name(), self.entity);
        for (key, why) in [("pk", &self.pk), ("sk", &self.sk)] {
            if let Some(why) = why {
                line.push_str(&format!("; {key}: {why}"));
            }
        }
        line
    }
}

/// How `decoder` reads `item` under the table key schema `key`.
#[must_use]
pub fn explain(decoder: &EntityDecoder, item: &Item, key: &KeySchema) -> Decoding {
    if let Some(explained) = by_model(decoder, item, key) {
        return explained;
    }
    by_grammar(decoder, item, key)
}

/// How the key grammars and markers read `item`, without the model.
fn by_grammar(decoder: &EntityDecoder, item: &Item, key: &KeySchema) -> Decoding {
    let decoded = decode_item(item, key);
    let key_grammar = [&decoded.sk, &decoded.pk]
        .into_iter()
        .flatten()
        .map(|decode| decode.grammar)
        .find(|grammar| *grammar != Grammar::Separators);
    let structured = [&decoded.pk, &decoded.sk]
        .into_iter()
        .flatten()
        .any(|decode| !decode.separator.is_empty());
    let by = match (decoded.library, key_grammar) {
        (Some(library), _) | (None, Some(library)) => DecodedBy::Grammar(library),
        (None, None) if structured => DecodedBy::Grammar(Grammar::Separators),
        (None, None) => DecodedBy::Nothing,
    };
    let entity = match (decoded.entity, decoded.marker) {
        (Some(entity), Some(marker)) => format!("{entity}, named by its {marker} attribute"),
        (Some(entity), None) => format!("{entity}, named by its sort key"),
        // The item names no entity itself: say what the entity decoder fell back on.
        (None, _) => fallback_entity(decoder, item, key),
    };
    let why = |decode: &Option<KeyDecode<'_>>| decode.as_ref().map(|decode| decode.why.to_owned());
    Decoding {
        by,
        entity,
        pk: why(&decoded.pk),
        sk: why(&decoded.sk),
    }
}

fn by_model(decoder: &EntityDecoder, item: &Item, key: &KeySchema) -> Option<Decoding> {
    let text = |name: &str| item.get(name).and_then(AttrValue::as_s);
    let entity = decoder.model()?.match_item(item, key)?;
    let Some(pk) = &entity.pk else {
        // Named by its marker alone: the keys are read as the grammars read them.
        let marker = entity.marker.as_ref()?;
        return Some(Decoding {
            by: DecodedBy::Model,
            entity: format!(
                "{}, the model's entity named by its {} attribute",
                entity.name, marker.attribute
            ),
            ..by_grammar(decoder, item, key)
        });
    };
    let sk = key.sort.as_ref().and_then(|sort| text(&sort.name));
    let template = |template: &KeyTemplate| format!("the model's template {}", template.as_str());
    Some(Decoding {
        by: DecodedBy::Model,
        entity: format!("{}, an entity of the model", entity.name),
        pk: Some(template(pk)),
        sk: sk.map(|_| {
            entity.sk.as_ref().map_or_else(
                || "any sort key (the model gives no template)".to_owned(),
                template,
            )
        }),
    })
}

fn fallback_entity(decoder: &EntityDecoder, item: &Item, key: &KeySchema) -> String {
    let clue = decoder.clue(item, key);
    match (clue, clue.name()) {
        (EntityClue::TypeAttribute { attribute, value }, _) => {
            format!("{value}, named by its {attribute} attribute")
        }
        (EntityClue::KeyPrefixes { .. }, Some(name)) => {
            format!("{name}, named by its key prefixes")
        }
        (_, Some(name)) => format!("{name}, named by its keys"),
        (_, None) => "no entity: nothing in the item names one".to_owned(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::model::Model;
    use crate::domain::schema::KeyAttribute;
    use crate::domain::value::ValueType;

    fn key() -> KeySchema {
        KeySchema::new(
            KeyAttribute::new("pk", ValueType::S),
            Some(KeyAttribute::new("sk", ValueType::S)),
        )
    }

    fn item(pairs: &[(&str, &str)]) -> Item {
        pairs
            .iter()
            .map(|(name, value)| ((*name).to_owned(), AttrValue::s(*value)))
            .collect()
    }

    #[test]
    fn each_decoder_says_what_it_read() {
        let decoder = EntityDecoder::new();
        let electrodb = item(&[
            ("pk", "$taskapp#employee_e1"),
            ("sk", "$employee_1"),
            ("__edb_e__", "employee"),
            ("__edb_v__", "1"),
        ]);
        let decoding = explain(&decoder, &electrodb, &key());
        assert_eq!(decoding.by, DecodedBy::Grammar(Grammar::ElectroDb));
        assert_eq!(
            decoding.entity,
            "employee, named by its __edb_e__ attribute"
        );
        assert_eq!(
            decoding.sentence(),
            "employee, named by its __edb_e__ attribute; keys as ElectroDB writes them"
        );
        assert_eq!(
            decoding.sk.as_deref(),
            Some("ElectroDB sort key: $entity_version#attr_value")
        );

        let hand = item(&[("pk", "USER#u1"), ("sk", "ORDER#o1")]);
        let decoding = explain(&decoder, &hand, &key());
        assert_eq!(decoding.by, DecodedBy::Grammar(Grammar::Separators));
        assert_eq!(
            decoding.line(),
            "by separators: User›Order, named by its key prefixes; \
             pk: hand-rolled key: LABEL#value pairs; sk: hand-rolled key: LABEL#value pairs"
        );

        let typed = item(&[("pk", "u1"), ("sk", "p"), ("entityType", "User")]);
        let decoding = explain(&decoder, &typed, &key());
        assert_eq!(decoding.by, DecodedBy::Nothing);
        assert_eq!(decoding.entity, "User, named by its entityType attribute");
        assert_eq!(
            decoding.sentence(),
            "User, named by its entityType attribute; keys of one value each"
        );
        assert_eq!(decoding.pk.as_deref(), Some("no separator: one value"));
    }

    #[test]
    fn a_matching_model_entity_wins_and_names_its_templates() {
        let model = Model::parse(
            "[[entity]]\nname = \"Order\"\npk = \"USER#{userId}\"\nsk = \"ORDER#{orderId}\"\n",
            "m.toml",
        )
        .expect("a model");
        let decoder = EntityDecoder::with_model(model);
        let decoding = explain(
            &decoder,
            &item(&[("pk", "USER#u1"), ("sk", "ORDER#o1")]),
            &key(),
        );
        assert_eq!(decoding.by, DecodedBy::Model);
        assert_eq!(
            decoding.line(),
            "by model: Order, an entity of the model; pk: the model's template USER#{userId}; \
             sk: the model's template ORDER#{orderId}"
        );
    }
}
