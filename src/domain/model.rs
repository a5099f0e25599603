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
//! ```
//!
//! Parsing is pure: the caller reads the file and passes its text and name, so errors can say
//! `file:line:column: what is wrong`.

use std::fmt;
use std::ops::Range;

use serde::Deserialize;
use toml::Spanned;

use super::key_template::{KeyTemplate, TemplateError};
use super::version_attr::ELECTRODB_SCHEMA_VERSION;

/// A parsed, validated model file.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Model {
    pub version_attribute: Option<String>,
    /// In file order; the first entity whose templates match an item names it.
    pub entities: Vec<EntityModel>,
    pub access_patterns: Vec<AccessPattern>,
}

/// One `[[entity]]`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EntityModel {
    pub name: String,
    pub pk: KeyTemplate,
    pub sk: Option<KeyTemplate>,
    pub version_attribute: Option<String>,
}

/// The comparison an access pattern applies to the sort key.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SortOperator {
    Eq,
    Lt,
    Le,
    Gt,
    Ge,
    Between,
    BeginsWith,
}

impl SortOperator {
    const SPELLINGS: [(&'static str, Self); 7] = [
        ("=", Self::Eq),
        ("<", Self::Lt),
        ("<=", Self::Le),
        (">", Self::Gt),
        (">=", Self::Ge),
        ("between", Self::Between),
        ("begins_with", Self::BeginsWith),
    ];

    fn parse(text: &str) -> Option<Self> {
        Self::SPELLINGS
            .iter()
            .find(|(spelling, _)| spelling.eq_ignore_ascii_case(text))
            .map(|(_, operator)| *operator)
    }
}

/// The sort-key part of an access pattern.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SortCondition {
    pub operator: SortOperator,
    pub template: KeyTemplate,
    /// The upper bound of `between`.
    pub upper: Option<KeyTemplate>,
}

/// One `[[access_pattern]]`, kept for the query builder.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AccessPattern {
    pub name: String,
    pub index: Option<String>,
    pub pk: KeyTemplate,
    pub sk: Option<SortCondition>,
}

/// A model file error, located in the file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ModelError {
    pub file: String,
    /// 1-based.
    pub line: usize,
    /// 1-based, in characters.
    pub column: usize,
    pub message: String,
}

impl fmt::Display for ModelError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}:{}:{}: {}",
            self.file, self.line, self.column, self.message
        )
    }
}

impl std::error::Error for ModelError {}

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
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawAccessPattern {
    name: Spanned<String>,
    index: Option<Spanned<String>>,
    pk: Spanned<String>,
    sk_operator: Option<Spanned<String>>,
    sk: Option<Spanned<String>>,
    sk_to: Option<Spanned<String>>,
}

/// Builds located errors for one file.
struct Locator<'a> {
    file: &'a str,
    text: &'a str,
}

impl Locator<'_> {
    fn at(&self, offset: usize, message: impl Into<String>) -> ModelError {
        let offset = offset.min(self.text.len());
        let before = self.text.get(..offset).unwrap_or(self.text);
        let line_start = before.rfind('\n').map_or(0, |newline| newline + 1);
        ModelError {
            file: self.file.to_owned(),
            line: before.matches('\n').count() + 1,
            column: before[line_start..].chars().count() + 1,
            message: message.into(),
        }
    }

    fn at_value(&self, span: &Range<usize>, message: impl Into<String>) -> ModelError {
        self.at(span.start, message)
    }

    /// Points inside a template string when it is written as a plain quoted string.
    fn in_template(&self, value: &Spanned<String>, error: &TemplateError) -> ModelError {
        let span = value.span();
        let raw = self.text.get(span.clone()).unwrap_or("");
        let plain =
            raw.len() == value.get_ref().len() + 2 && raw[1..raw.len() - 1] == **value.get_ref();
        let offset = if plain {
            span.start + 1 + error.offset
        } else {
            span.start
        };
        self.at(
            offset,
            format!("in key template {:?}: {error}", value.get_ref()),
        )
    }

    fn template(&self, value: &Spanned<String>) -> Result<KeyTemplate, ModelError> {
        KeyTemplate::parse(value.get_ref()).map_err(|error| self.in_template(value, &error))
    }

    fn non_empty(&self, value: &Spanned<String>, what: &str) -> Result<String, ModelError> {
        if value.get_ref().trim().is_empty() {
            return Err(self.at_value(&value.span(), format!("{what} cannot be empty")));
        }
        Ok(value.get_ref().clone())
    }

    fn version_attribute(&self, value: &Spanned<String>) -> Result<String, ModelError> {
        let name = self.non_empty(value, "version_attribute")?;
        if name == ELECTRODB_SCHEMA_VERSION {
            return Err(self.at_value(
                &value.span(),
                "`__edb_v__` is ElectroDB's schema version, not a version counter",
            ));
        }
        Ok(name)
    }
}

impl Model {
    /// Parses and validates a model file's `text`; `file` names it in errors.
    pub fn parse(text: &str, file: &str) -> Result<Self, ModelError> {
        let locate = Locator { file, text };
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
            entities.push(EntityModel {
                name,
                pk: locate.template(&entity.pk)?,
                sk: entity
                    .sk
                    .as_ref()
                    .map(|sk| locate.template(sk))
                    .transpose()?,
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
            version_attribute,
            entities,
            access_patterns,
        })
    }

    /// The first entity whose templates match the item's keys. An entity with an `sk` template
    /// needs a sort key that matches it; one without matches any sort key.
    #[must_use]
    pub fn match_entity(&self, pk: &str, sk: Option<&str>) -> Option<&EntityModel> {
        self.entities.iter().find(|entity| {
            entity.pk.matches(pk)
                && match (&entity.sk, sk) {
                    (Some(template), Some(sk)) => template.matches(sk),
                    (Some(_), None) => false,
                    (None, _) => true,
                }
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

fn access_pattern(
    locate: &Locator<'_>,
    raw: &RawAccessPattern,
) -> Result<AccessPattern, ModelError> {
    let name = locate.non_empty(&raw.name, "an access pattern name")?;
    let index = raw
        .index
        .as_ref()
        .map(|index| locate.non_empty(index, "index"))
        .transpose()?;
    let pk = locate.template(&raw.pk)?;
    let sk = match (&raw.sk_operator, &raw.sk) {
        (None, None) => None,
        (Some(operator), None) => {
            return Err(locate.at_value(
                &operator.span(),
                format!("sk_operator {:?} needs an sk template", operator.get_ref()),
            ));
        }
        (None, Some(sk)) => Some(SortCondition {
            operator: SortOperator::Eq,
            template: locate.template(sk)?,
            upper: None,
        }),
        (Some(operator_text), Some(sk)) => {
            let operator = SortOperator::parse(operator_text.get_ref()).ok_or_else(|| {
                locate.at_value(
                    &operator_text.span(),
                    format!(
                        "unknown sk_operator {:?}: expected one of =, <, <=, >, >=, between, begins_with",
                        operator_text.get_ref()
                    ),
                )
            })?;
            Some(SortCondition {
                operator,
                template: locate.template(sk)?,
                upper: None,
            })
        }
    };
    let sk = match (sk, &raw.sk_to) {
        (Some(mut condition), Some(upper)) if condition.operator == SortOperator::Between => {
            condition.upper = Some(locate.template(upper)?);
            Some(condition)
        }
        (Some(condition), None) if condition.operator == SortOperator::Between => {
            let span = raw.sk_operator.as_ref().map_or(0..0, Spanned::span);
            return Err(
                locate.at_value(&span, "between needs an sk_to template for the upper bound")
            );
        }
        (_, Some(upper)) => {
            return Err(locate.at_value(
                &upper.span(),
                "sk_to is only used with sk_operator = \"between\"",
            ));
        }
        (sk, None) => sk,
    };
    Ok(AccessPattern {
        name,
        index,
        pk,
        sk,
    })
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
        assert_eq!(Model::parse("", "empty.toml"), Ok(Model::default()));
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
