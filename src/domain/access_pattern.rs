//! Access patterns of the model file (`[[access_pattern]]`), kept for the query builder: a name,
//! an optional index, a partition-key template and an optional sort-key condition.

use serde::Deserialize;
use toml::Spanned;

use super::key_template::KeyTemplate;
use super::model_error::{Locator, ModelError};
use super::model_table::EntityMarker;

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
    /// Keeps only this entity's items (a filter on its marker), for a model whose entities
    /// share keys and are told apart by the marker alone.
    pub entity: Option<EntityMarker>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct RawAccessPattern {
    name: Spanned<String>,
    index: Option<Spanned<String>>,
    pk: Spanned<String>,
    sk_operator: Option<Spanned<String>>,
    sk: Option<Spanned<String>>,
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
        entity: None,
    })
}
