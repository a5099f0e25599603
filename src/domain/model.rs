//! The optional model file (`--model FILE`, TOML) that names entities by key templates and lists
//! access patterns. A matching template wins over every heuristic and names the key's parts.
//!
//! ```toml
//! version_attribute = "version"          # optional, for every entity
//!
//! [[entity]]
//! name = "Order"
//! pk = "USER#{userId}"
//! sk = "ORDER#{orderDate}#{orderId}"     # optional: without it any sort key matches
//! version_attribute = "rev"              # optional, overrides the top-level one
//!
//! [[access_pattern]]
//! name = "Orders of a user since a date"
//! index = "GSI1"                         # optional: the table when absent
//! pk = "USER#{userId}"
//! sk_operator = ">="                     # =, <, <=, >, >=, between, begins_with
//! sk = "ORDER#{since}"
//! sk_to = "ORDER#{until}"                # only with between
//!
//! [[access_pattern]]                     # on a multi-attribute key: a template per attribute
//! name = "Orders by status and region"
//! index = "GSI3"
//! pk = ["{status}", "{region}"]
//! ```
//!
//! Parsing is pure: the caller reads the file and passes its text and name, so errors can say
//! `file:line:column: what is wrong`.

use serde::Deserialize;
use toml::Spanned;

pub use super::access_pattern::{AccessPattern, SortCondition, SortOperator};
use super::access_pattern::{RawAccessPattern, access_pattern};
use super::key_template::KeyTemplate;
use super::model_error::Locator;
pub use super::model_error::ModelError;
pub use super::model_table::{EntityMarker, ModelTable};
use super::schema::KeySchema;
use super::value::{AttrValue, Item};

/// A parsed, validated model file.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Model {
    /// Where the model came from, for the overview: `model file shop.toml`.
    pub origin: Option<String>,
    pub version_attribute: Option<String>,
    /// In file order; the first entity whose templates match an item names it.
    pub entities: Vec<EntityModel>,
    pub access_patterns: Vec<AccessPattern>,
    /// The key schema and indexes the model was written for, when it says (a library's table
    /// definition), to report a model that describes another table.
    pub table: Option<ModelTable>,
}

/// One `[[entity]]`: recognised by its key templates or, when the model has none (a library
/// that computes keys in code), by the marker attribute its library writes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EntityModel {
    pub name: String,
    pub pk: Option<KeyTemplate>,
    pub sk: Option<KeyTemplate>,
    pub marker: Option<EntityMarker>,
    pub version_attribute: Option<String>,
    /// Its items are an audit trail (`timeline = true`): a fixed sort-key prefix, then a time.
    pub timeline: bool,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawModel {
    version_attribute: Option<Spanned<String>>,
    #[serde(default)]
    entity: Vec<RawEntity>,
    #[serde(default)]
    access_pattern: Vec<RawAccessPattern>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawEntity {
    name: Spanned<String>,
    pk: Spanned<String>,
    sk: Option<Spanned<String>>,
    version_attribute: Option<Spanned<String>>,
    timeline: Option<Spanned<bool>>,
}

impl Model {
    /// Parses and validates a model file's `text`; `file` names it in errors.
    pub fn parse(text: &str, file: &str) -> Result<Self, ModelError> {
        let locate = Locator::new(file, text);
        let raw: RawModel = toml::from_str(text).map_err(|error| {
            let offset = error.span().map_or(0, |span| span.start);
            locate.at(offset, error.message().trim_end())
        })?;
        let version_attribute = raw
            .version_attribute
            .as_ref()
            .map(|value| locate.version_attribute(value))
            .transpose()?;
        let mut entities: Vec<EntityModel> = Vec::with_capacity(raw.entity.len());
        for entity in &raw.entity {
            let name = locate.non_empty(&entity.name, "an entity name")?;
            if entities.iter().any(|earlier| earlier.name == name) {
                return Err(locate.at_value(
                    &entity.name.span(),
                    format!("entity {name:?} is defined twice"),
                ));
            }
            let sk = entity
                .sk
                .as_ref()
                .map(|sk| locate.template(sk))
                .transpose()?;
            let timeline = timeline(&locate, entity, sk.as_ref())?;
            entities.push(EntityModel {
                name,
                pk: Some(locate.template(&entity.pk)?),
                marker: None,
                sk,
                timeline,
                version_attribute: entity
                    .version_attribute
                    .as_ref()
                    .map(|value| locate.version_attribute(value))
                    .transpose()?,
            });
        }
        let access_patterns = raw
            .access_pattern
            .iter()
            .map(|pattern| access_pattern(&locate, pattern))
            .collect::<Result<_, _>>()?;
        Ok(Self {
            origin: Some(format!("model file {file}")),
            version_attribute,
            entities,
            access_patterns,
            table: None,
        })
    }

    /// The fixed starts of the sort-key templates of the entities marked `timeline = true`
    /// (`SHIPMENT_EVENT#` of `SHIPMENT_EVENT#{at}#{id}`), for the timeline to read.
    #[must_use]
    pub fn timeline_prefixes(&self) -> Vec<String> {
        self.entities
            .iter()
            .filter(|entity| entity.timeline)
            .filter_map(|entity| entity.sk.as_ref())
            .map(|sk| sk.literal_prefix().to_owned())
            .collect()
    }

    /// The first entity whose templates match the item's keys. An entity with an `sk` template
    /// needs a sort key that matches it; one without matches any sort key.
    #[must_use]
    pub fn match_entity(&self, pk: &str, sk: Option<&str>) -> Option<&EntityModel> {
        self.entities
            .iter()
            .find(|entity| entity.matches_keys(pk, sk))
    }

    /// The first entity that matches `item`: by its key templates under the table key schema
    /// `key`, or, for an entity without templates, by its marker attribute.
    #[must_use]
    pub fn match_item(&self, item: &Item, key: &KeySchema) -> Option<&EntityModel> {
        let text = |name: &str| item.get(name).and_then(AttrValue::as_s);
        let pk = text(&key.partition.name);
        let sk = key.sort.as_ref().and_then(|sort| text(&sort.name));
        self.entities.iter().find(|entity| match (&entity.pk, pk) {
            (Some(_), Some(pk)) => entity.matches_keys(pk, sk),
            (Some(_), None) => false,
            (None, _) => entity
                .marker
                .as_ref()
                .is_some_and(|marker| marker.matches(item)),
        })
    }

    /// The version attribute configured for `entity` (its own, else the file's).
    #[must_use]
    pub fn version_attribute_of<'a>(&'a self, entity: Option<&'a EntityModel>) -> Option<&'a str> {
        entity
            .and_then(|entity| entity.version_attribute.as_deref())
            .or(self.version_attribute.as_deref())
    }
}

impl EntityModel {
    /// Whether the keys fit the entity's templates; an entity without a partition-key template
    /// matches no keys, and one without a sort-key template matches any sort key.
    #[must_use]
    pub fn matches_keys(&self, pk: &str, sk: Option<&str>) -> bool {
        self.pk
            .as_ref()
            .is_some_and(|template| template.matches(pk))
            && match (&self.sk, sk) {
                (Some(template), Some(sk)) => template.matches(sk),
                (Some(_), None) => false,
                (None, _) => true,
            }
    }
}

/// `timeline = true` on an entity: its sort-key template must start with a fixed prefix that a
/// placeholder (the time) follows, as the timeline reads each prefix with `begins_with`.
fn timeline(
    locate: &Locator<'_>,
    entity: &RawEntity,
    sk: Option<&KeyTemplate>,
) -> Result<bool, ModelError> {
    let Some(flag) = &entity.timeline else {
        return Ok(false);
    };
    if !*flag.get_ref() {
        return Ok(false);
    }
    let prefixed =
        sk.is_some_and(|sk| !sk.literal_prefix().is_empty() && sk.placeholders().next().is_some());
    if !prefixed {
        return Err(locate.at_value(
            &flag.span(),
            "timeline = true needs an sk template that starts with a fixed prefix and then the \
             time, like sk = \"AUDIT#{at}\"",
        ));
    }
    Ok(true)
}

#[cfg(test)]
mod tests {
    use super::*;

    const SHOP: &str = r##"
version_attribute = "version"

[[entity]]
name = "User"
pk = "USER#{userId}"
sk = "METADATA"

[[entity]]
name = "Order"
pk = "USER#{userId}"
sk = "ORDER#{orderDate}#{orderId}"
version_attribute = "rev"

[[entity]]
name = "Store"
pk = "STORE#{storeId}"

[[access_pattern]]
name = "Orders of a user in a date range"
pk = "USER#{userId}"
sk_operator = "between"
sk = "ORDER#{from}"
sk_to = "ORDER#{to}"
"##;

    fn shop() -> Model {
        Model::parse(SHOP, "shop.toml").unwrap_or_else(|e| panic!("{e}"))
    }

    #[test]
    fn items_are_named_by_the_first_entity_whose_templates_match() {
        let model = shop();
        let cases = [
            ("USER#u1", Some("METADATA"), Some("User")),
            ("USER#u1", Some("ORDER#2026-07-01#ord_9"), Some("Order")),
            ("USER#u1", Some("ADDRESS#home"), None),
            ("USER#u1", None, None),
            ("STORE#s1", Some("anything"), Some("Store")),
            ("STORE#s1", None, Some("Store")),
            ("GROUP#g1", Some("METADATA"), None),
        ];
        for (pk, sk, expected) in cases {
            let name = model
                .match_entity(pk, sk)
                .map(|entity| entity.name.as_str());
            assert_eq!(name, expected, "{pk} / {sk:?}");
        }
    }

    #[test]
    fn entity_version_attributes_override_the_file_default() {
        let model = shop();
        let order = model.match_entity("USER#u1", Some("ORDER#d#o"));
        let user = model.match_entity("USER#u1", Some("METADATA"));
        assert_eq!(model.version_attribute_of(order), Some("rev"));
        assert_eq!(model.version_attribute_of(user), Some("version"));
        assert_eq!(model.version_attribute_of(None), Some("version"));
    }

    #[test]
    fn access_patterns_keep_their_sort_condition() {
        let model = shop();
        let [pattern] = model.access_patterns.as_slice() else {
            panic!(
                "one access pattern expected, got {:?}",
                model.access_patterns
            );
        };
        let condition = pattern.sk.as_ref().expect("a sort condition");
        assert_eq!(condition.operator, SortOperator::Between);
        assert_eq!(condition.template.as_str(), "ORDER#{from}");
        assert_eq!(
            condition.upper.as_ref().map(KeyTemplate::as_str),
            Some("ORDER#{to}")
        );
        assert_eq!(pattern.index, None);
    }

    #[test]
    fn an_empty_file_is_an_empty_model() {
        let empty = Model {
            origin: Some("model file empty.toml".to_owned()),
            ..Model::default()
        };
        assert_eq!(Model::parse("", "empty.toml"), Ok(empty));
    }

    #[test]
    fn errors_name_the_file_line_and_column() {
        let error = Model::parse("[[entity]]\nname = \"A\"\npk = \"USER#{id\"\n", "m.toml")
            .expect_err("unclosed placeholder");
        assert_eq!((error.line, error.column), (3, 12), "{error}");
        assert_eq!(
            error.to_string(),
            "m.toml:3:12: in key template \"USER#{id\": unclosed `{`: placeholders look like {name}"
        );
    }
}
