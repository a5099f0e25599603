//! Access patterns of the model file (`[[access_pattern]]`), kept for the query builder: a name,
//! an optional index, a partition-key template and an optional sort-key condition. On an index
//! with a multi-attribute key, `pk` and `sk` are lists with a template per key attribute, in key
//! order (`pk = ["{status}", "{region}"]`).

use serde::Deserialize;
use toml::Spanned;

use super::key_template::KeyTemplate;
use super::key_templates::Templates;
use super::model_error::{Locator, ModelError};
use super::model_table::EntityMarker;
use super::schema::{KeyAttribute, KeySchema, MAX_ATTRIBUTES_PER_KEY_PART};

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

    /// `=`, `<`, …, `between`, `begins_with`, in any case.
    #[must_use]
    pub fn parse(text: &str) -> Option<Self> {
        Self::SPELLINGS
            .iter()
            .find(|(spelling, _)| spelling.eq_ignore_ascii_case(text))
            .map(|(_, operator)| *operator)
    }
}

/// The sort-key part of an access pattern.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SortCondition {
    /// The first sort attributes of a multi-attribute key, each compared with `=`, in key
    /// order; empty for a one-attribute sort key.
    pub leading: Vec<KeyTemplate>,
    pub operator: SortOperator,
    /// The last sort attribute's template, compared by `operator`.
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
    /// The templates of a multi-attribute partition key's further attributes, in key order.
    pub more_pk: Vec<KeyTemplate>,
    pub sk: Option<SortCondition>,
    /// Keeps only this entity's items (a filter on its marker), for a model whose entities
    /// share keys and are told apart by the marker alone.
    pub entity: Option<EntityMarker>,
}

impl AccessPattern {
    /// How the templates miss `key` (the key of `on`): a partition template is needed per
    /// attribute, and a sort template is allowed per attribute, in key order.
    #[must_use]
    pub fn key_misfit(&self, key: &KeySchema, on: &str) -> Option<String> {
        let partition: Vec<&KeyAttribute> = key.partition_attributes().collect();
        let sort: Vec<&KeyAttribute> = key.sort_attributes().collect();
        let given_pk = 1 + self.more_pk.len();
        let given_sk = self.sk.as_ref().map_or(0, |sk| 1 + sk.leading.len());
        if given_pk != partition.len() {
            return Some(format!(
                "the partition key of {on} is {}, and pk needs a template for each attribute, \
                 in key order (it has {given_pk})",
                names_of(&partition)
            ));
        }
        (given_sk > sort.len()).then(|| {
            format!(
                "the sort key of {on} is {}, and sk takes at most a template for each attribute, \
                 in key order (it has {given_sk})",
                names_of(&sort)
            )
        })
    }
}

/// `status + region`, or `none`.
fn names_of(attributes: &[&KeyAttribute]) -> String {
    let names: Vec<&str> = attributes.iter().map(|a| a.name.as_str()).collect();
    if names.is_empty() {
        "none".to_owned()
    } else {
        names.join(" + ")
    }
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct RawAccessPattern {
    name: Spanned<String>,
    index: Option<Spanned<String>>,
    pk: Spanned<Templates>,
    sk_operator: Option<Spanned<String>>,
    sk: Option<Spanned<Templates>>,
    sk_to: Option<Spanned<String>>,
}

pub(super) fn access_pattern(
    locate: &Locator<'_>,
    raw: &RawAccessPattern,
) -> Result<AccessPattern, ModelError> {
    let name = locate.non_empty(&raw.name, "an access pattern name")?;
    let index = raw
        .index
        .as_ref()
        .map(|index| locate.non_empty(index, "index"))
        .transpose()?;
    let mut more_pk = key_part(locate, &raw.pk, "pk")?;
    let pk = more_pk.remove(0);
    let sk = match (&raw.sk_operator, &raw.sk) {
        (None, None) => None,
        (Some(operator), None) => {
            return Err(locate.at_value(
                &operator.span(),
                format!("sk_operator {:?} needs an sk template", operator.get_ref()),
            ));
        }
        (operator, Some(sk)) => Some(sort_condition(locate, operator.as_ref(), sk)?),
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
        more_pk,
        sk,
        entity: None,
    })
}

/// The templates of `pk` or `sk`: one, or one per key attribute (one to four).
fn key_part(
    locate: &Locator<'_>,
    raw: &Spanned<Templates>,
    field: &str,
) -> Result<Vec<KeyTemplate>, ModelError> {
    let templates = raw.get_ref().spanned(&raw.span());
    if templates.is_empty() || templates.len() > MAX_ATTRIBUTES_PER_KEY_PART {
        return Err(locate.at_value(
            &raw.span(),
            format!(
                "{field} lists {} templates: give one per attribute of the key, \
                 1 to {MAX_ATTRIBUTES_PER_KEY_PART}, in key order",
                templates.len()
            ),
        ));
    }
    templates
        .iter()
        .map(|template| locate.template(template))
        .collect()
}

/// The sort condition: the operator applies to the last template, the ones before it are `=`.
fn sort_condition(
    locate: &Locator<'_>,
    operator_text: Option<&Spanned<String>>,
    sk: &Spanned<Templates>,
) -> Result<SortCondition, ModelError> {
    let operator = match operator_text {
        None => SortOperator::Eq,
        Some(text) => SortOperator::parse(text.get_ref()).ok_or_else(|| {
            locate.at_value(
                &text.span(),
                format!(
                    "unknown sk_operator {:?}: expected one of =, <, <=, >, >=, between, begins_with",
                    text.get_ref()
                ),
            )
        })?,
    };
    let mut leading = key_part(locate, sk, "sk")?;
    let template = leading.remove(leading.len() - 1);
    Ok(SortCondition {
        leading,
        operator,
        template,
        upper: None,
    })
}

#[cfg(test)]
mod tests {
    use super::super::model::Model;
    use super::*;

    fn parse(text: &str) -> Result<Vec<AccessPattern>, ModelError> {
        Model::parse(text, "m.toml").map(|model| model.access_patterns)
    }

    #[test]
    fn a_list_of_templates_names_each_attribute_of_a_multi_attribute_key() {
        let text = "[[access_pattern]]\nname = \"by region\"\nindex = \"GSI3\"\n\
            pk = [\"{status}\", \"REGION#{region}\"]\n\
            sk_operator = \">=\"\nsk = [\"{placedAt}\", \"{total}\"]\n";
        let patterns = parse(text).unwrap_or_else(|error| panic!("{error}"));
        let [pattern] = patterns.as_slice() else {
            panic!("{patterns:?}")
        };
        let texts = |templates: &[KeyTemplate]| -> Vec<String> {
            templates.iter().map(|t| t.as_str().to_owned()).collect()
        };
        assert_eq!(pattern.pk.as_str(), "{status}");
        assert_eq!(texts(&pattern.more_pk), ["REGION#{region}"]);
        let sk = pattern.sk.as_ref().expect("a sort condition");
        assert_eq!(texts(&sk.leading), ["{placedAt}"]);
        assert_eq!(
            (sk.operator, sk.template.as_str()),
            (SortOperator::Ge, "{total}")
        );
    }

    #[test]
    fn a_template_list_that_does_not_fit_a_key_part_is_located_and_says_what_to_fix() {
        let head = "[[access_pattern]]\nname = \"p\"\n";
        let cases = [
            (
                "pk = []",
                3,
                6,
                "pk lists 0 templates: give one per attribute of the key, 1 to 4",
            ),
            (
                "pk = \"{a}\"\nsk = [\"{a}\", \"{b}\", \"{c}\", \"{d}\", \"{e}\"]",
                4,
                6,
                "sk lists 5 templates",
            ),
            ("pk = [\"{a}\", \"B#{b\"]", 3, 17, "unclosed `{`"),
            (
                "pk = [\"{a}\", 7]",
                3,
                14,
                "invalid type: integer `7`, expected a string",
            ),
        ];
        for (body, line, column, message) in cases {
            let error = parse(&format!("{head}{body}\n")).expect_err(body);
            assert_eq!((error.line, error.column), (line, column), "{error}");
            assert!(error.message.contains(message), "{error}");
        }
    }
}
