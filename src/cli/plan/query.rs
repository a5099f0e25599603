//! `ddbx query`: the key condition, typed and checked locally, then the wire-form request.

use std::cmp::Ordering;

use super::raw::raw_request;
use super::{Target, page_limit, resolve_target};
use crate::backend::{ExpressionParams, QueryRequest};
use crate::cli::args::{QueryArgs, SortKeyArgs};
use crate::cli::error::CliError;
use crate::cli::expression::compile_read_expressions;
use crate::cli::key_value::{KeyRole, typed_key_value};
use crate::domain::expr::error::ExprKind;
use crate::domain::expr::order::compare_scalars;
use crate::domain::expr::prepare::prepare_query;
use crate::domain::expr::validate::check_filter;
use crate::domain::schema::{IndexKind, KeyAttribute, TableDescription};
use crate::domain::value::ValueType;

/// A first request plus how many matching items to print at most.
#[derive(Clone, Debug, PartialEq)]
pub struct QueryPlan {
    pub request: QueryRequest,
    pub max_items: Option<u64>,
}

/// One sort-key condition as given on the command line.
enum SortCondition<'a> {
    Compare {
        flag: &'static str,
        operator: &'static str,
        value: &'a str,
    },
    BeginsWith(&'a str),
    Between(&'a str, &'a str),
}

fn sort_condition(args: &SortKeyArgs) -> Result<Option<SortCondition<'_>>, CliError> {
    fn compare<'a>(
        flag: &'static str,
        operator: &'static str,
        value: &'a Option<String>,
    ) -> Option<SortCondition<'a>> {
        value.as_deref().map(|value| SortCondition::Compare {
            flag,
            operator,
            value,
        })
    }
    let between = match args.sk_between.as_deref() {
        Some([low, high]) => Some(SortCondition::Between(low, high)),
        Some(_) => {
            return Err(CliError::usage(
                "--sk-between takes exactly two values: A B",
            ));
        }
        None => None,
    };
    // clap's argument group guarantees at most one of these is set.
    Ok(compare("--sk-eq", "=", &args.sk_eq)
        .or_else(|| compare("--sk-lt", "<", &args.sk_lt))
        .or_else(|| compare("--sk-le", "<=", &args.sk_le))
        .or_else(|| compare("--sk-gt", ">", &args.sk_gt))
        .or_else(|| compare("--sk-ge", ">=", &args.sk_ge))
        .or_else(|| {
            args.sk_begins_with
                .as_deref()
                .map(SortCondition::BeginsWith)
        })
        .or(between))
}

impl SortCondition<'_> {
    fn flag(&self) -> &'static str {
        match self {
            Self::Compare { flag, .. } => flag,
            Self::BeginsWith(_) => "--sk-begins-with",
            Self::Between(..) => "--sk-between",
        }
    }

    /// Renders `#sk <op> :sk…` and adds the typed values to `params`.
    fn render(
        &self,
        sort: &KeyAttribute,
        params: &mut ExpressionParams,
    ) -> Result<String, CliError> {
        params.names.insert("#sk".to_owned(), sort.name.clone());
        let typed = |flag, text| typed_key_value(flag, text, sort, KeyRole::Sort);
        match self {
            Self::Compare {
                flag,
                operator,
                value,
            } => {
                params.values.insert(":sk".to_owned(), typed(*flag, value)?);
                Ok(format!("#sk {operator} :sk"))
            }
            Self::BeginsWith(prefix) => {
                if sort.value_type == ValueType::N {
                    return Err(CliError::usage(format!(
                        "--sk-begins-with cannot be used on sort key `{}` of type N (begins_with works on S and B); \
                         use --sk-between A B for a numeric range",
                        sort.name
                    )));
                }
                params
                    .values
                    .insert(":sk".to_owned(), typed("--sk-begins-with", prefix)?);
                Ok("begins_with(#sk, :sk)".to_owned())
            }
            Self::Between(low_text, high_text) => {
                let low = typed("--sk-between", low_text)?;
                let high = typed("--sk-between", high_text)?;
                if compare_scalars(&low, &high) == Some(Ordering::Greater) {
                    return Err(CliError::usage(format!(
                        "--sk-between {low_text:?} {high_text:?}: the lower bound is greater than the upper bound \
                         (DynamoDB requires A <= B); swap them"
                    )));
                }
                params.values.insert(":sk_low".to_owned(), low);
                params.values.insert(":sk_high".to_owned(), high);
                Ok("#sk BETWEEN :sk_low AND :sk_high".to_owned())
            }
        }
    }
}

/// Plans `ddbx query` against `table`'s description.
pub fn plan_query(table: &TableDescription, args: &QueryArgs) -> Result<QueryPlan, CliError> {
    let plan = plan_query_as_written(table, args)?;
    check_as_the_service(table, &plan.request)?;
    Ok(plan)
}

/// The plan without the checks the service makes on the request as a whole (an unprojected
/// attribute on an index): `why` explains such a refusal as one of its steps instead of stopping.
pub fn plan_query_as_written(
    table: &TableDescription,
    args: &QueryArgs,
) -> Result<QueryPlan, CliError> {
    let target = resolve_target(table, args.read.index.as_deref())?;
    if args.consistent && target.kind == Some(IndexKind::Global) {
        return Err(CliError::usage(format!(
            "--consistent: {} is a global secondary index, which only supports eventually consistent reads; \
             drop --consistent",
            target.label
        )));
    }
    if args.expr.is_none() && (args.values.is_some() || args.names.is_some()) {
        return Err(CliError::usage(
            "--values and --names go with --expr (the raw key condition); with --pk, values are typed from the key schema",
        ));
    }
    let mut request = if let Some(expr) = &args.expr {
        raw_request(table, target.index, expr, args)?
    } else {
        let mut params = ExpressionParams::default();
        let key_condition = key_condition(&target, args, &mut params)?;
        let expressions = compile_read_expressions(
            args.read.filter.as_deref(),
            args.read.project.as_deref(),
            &mut params,
            |filter| check_filter(filter, table, target.index),
        )?;
        let mut request = QueryRequest::new(table.name.clone(), key_condition, params);
        request.index = target.index.map(str::to_owned);
        request.filter = expressions.filter;
        request.projection = expressions.projection;
        request
    };
    request.limit = page_limit(&args.read);
    request.forward = !args.desc;
    request.consistent_read = args.consistent;
    Ok(QueryPlan {
        request,
        max_items: args.read.max_items,
    })
}

/// The request as the service checks it, before it is sent: a secondary index that does not
/// project an attribute the filter or projection names is refused here, in DynamoDB's words,
/// rather than by the server after connecting.
fn check_as_the_service(table: &TableDescription, request: &QueryRequest) -> Result<(), CliError> {
    prepare_query(table, &request.expressions(), &request.params)
        .map(drop)
        .map_err(|error| {
            let flag = match error.kind {
                ExprKind::Filter => "--filter",
                ExprKind::Projection => "--project",
                _ => "the key condition",
            };
            CliError::usage(format!("{flag}: {}", error.message))
        })
}

/// `#pk = :pk [AND <sort condition>]`, every name behind a placeholder so reserved words and
/// odd characters in key names never break the expression.
fn key_condition(
    target: &Target<'_>,
    args: &QueryArgs,
    params: &mut ExpressionParams,
) -> Result<String, CliError> {
    let partition = &target.key.partition;
    // clap requires --pk unless --expr is given, and --expr takes the other branch.
    let Some(pk) = args.pk.as_deref() else {
        return Err(CliError::usage("query needs --pk V or --expr EXPR"));
    };
    if target.key.is_multi_attribute() {
        return Err(multi_attribute_pk(target));
    }
    params
        .names
        .insert("#pk".to_owned(), partition.name.clone());
    params.values.insert(
        ":pk".to_owned(),
        typed_key_value("--pk", pk, partition, KeyRole::Partition)?,
    );
    let Some(condition) = sort_condition(&args.sort_key)? else {
        return Ok("#pk = :pk".to_owned());
    };
    let Some(sort) = &target.key.sort else {
        return Err(CliError::usage(format!(
            "{}: {} has no sort key (its key is `{}` alone); drop the sort-key condition",
            condition.flag(),
            target.label,
            partition.name
        )));
    };
    Ok(format!("#pk = :pk AND {}", condition.render(sort, params)?))
}

/// `--pk` gives one value; a multi-attribute partition key needs one per attribute, so the
/// message shows the `--expr` to write, every name behind a placeholder (`region` and others
/// are reserved words).
fn multi_attribute_pk(target: &Target<'_>) -> CliError {
    let key = target.key;
    let attributes: Vec<&str> = key
        .partition_attributes()
        .map(|attribute| attribute.name.as_str())
        .collect();
    let condition: Vec<String> = (0..attributes.len())
        .map(|n| format!("#k{n} = \"…\""))
        .collect();
    let names: Vec<String> = attributes
        .iter()
        .enumerate()
        .map(|(n, name)| format!("\"#k{n}\":{}", serde_json::Value::from(*name)))
        .collect();
    CliError::usage(format!(
        "--pk: {} has a multi-attribute key (partition {}{}); name each attribute with --expr, \
         e.g. --expr '{}' --names '{{{}}}'",
        target.label,
        key.partition_label(),
        key.sort_label()
            .map(|sort| format!(", sort {sort}"))
            .unwrap_or_default(),
        condition.join(" AND "),
        names.join(",")
    ))
}

#[cfg(test)]
#[path = "query_tests.rs"]
mod tests;
