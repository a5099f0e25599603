//! Where a SELECT's WHERE goes in the read: the partition key's equality (and one sort key
//! condition beside it) becomes a Query's key condition and the rest its filter; without that
//! equality the statement is a Scan with the whole WHERE as its filter.

use super::condition::{Cond, render};
use super::translated::{TranslateError, Translated, malformed, unsupported};
use crate::domain::expr::ExpressionParams;
use crate::domain::request::{QueryRequest, ScanRequest, Select};
use crate::domain::schema::KeySchema;
use crate::domain::value::{AttrValue, ValueType};

/// A SELECT as read, before its conditions are split between key condition and filter.
pub(super) struct ReadStatement {
    pub table: String,
    pub index: Option<String>,
    pub projection: Option<String>,
    pub condition: Option<Cond>,
    /// `ORDER BY` the attribute, and whether ascending.
    pub order: Option<(String, bool)>,
    pub params: ExpressionParams,
}

impl ReadStatement {
    /// The attribute name behind a `#n` placeholder.
    fn name_of(&self, placeholder: &str) -> &str {
        self.params
            .names
            .get(placeholder)
            .map_or("", String::as_str)
    }
}

// A SELECT * of an index reads what the index projects, as Select's default does.
const SELECT: Select = Select::Default;

/// The read `statement` becomes on a table or index keyed by `key`.
pub(super) fn read_of(
    mut statement: ReadStatement,
    key: &KeySchema,
) -> Result<Translated, TranslateError> {
    let conjuncts = statement
        .condition
        .take()
        .map(Cond::into_conjuncts)
        .unwrap_or_default();
    let partition = conjuncts.iter().position(|cond| {
        matches!(cond, Cond::Compare { name, op: "=", .. }
            if statement.name_of(name) == key.partition.name)
    });
    match partition {
        None => scan_of(statement, conjuncts),
        Some(at) => query_of(statement, conjuncts, at, key),
    }
}

fn scan_of(statement: ReadStatement, conjuncts: Vec<Cond>) -> Result<Translated, TranslateError> {
    if statement.order.is_some() {
        return malformed("ORDER BY needs the partition key's equality in WHERE");
    }
    let filter = (!conjuncts.is_empty()).then(|| render(&Cond::And(conjuncts)));
    Ok(Translated::Scan(ScanRequest {
        table: statement.table,
        index: statement.index,
        filter,
        projection: statement.projection,
        params: statement.params,
        limit: None,
        start_key: None,
        segment: None,
        consistent_read: false,
        select: SELECT,
    }))
}

fn query_of(
    statement: ReadStatement,
    mut rest: Vec<Cond>,
    partition_at: usize,
    key: &KeySchema,
) -> Result<Translated, TranslateError> {
    let partition = rest.remove(partition_at);
    check_key_types(&statement, &partition, key)?;
    let mut key_condition = render(&partition);
    let sort = key.sort.as_ref().map(|sort| sort.name.as_str());
    if let Some(cond) = take_sort_condition(&statement, &mut rest, sort)? {
        check_key_types(&statement, &cond, key)?;
        key_condition = format!("{key_condition} AND {}", render(&cond));
    }
    let key_names: Vec<&str> = key.names().collect();
    let names_a_key = |placeholder: &str| key_names.contains(&statement.name_of(placeholder));
    if rest.iter().any(|cond| cond.mentions(&names_a_key)) {
        return unsupported("key attributes in conditions beside the key condition");
    }
    let forward = match &statement.order {
        None => true,
        Some((name, ascending)) if sort == Some(name.as_str()) => *ascending,
        Some(_) => return malformed("ORDER BY names only the sort key"),
    };
    let filter = (!rest.is_empty()).then(|| render(&Cond::And(rest)));
    Ok(Translated::Query(QueryRequest {
        table: statement.table,
        index: statement.index,
        key_condition,
        filter,
        projection: statement.projection,
        params: statement.params,
        limit: None,
        start_key: None,
        forward,
        consistent_read: false,
        select: SELECT,
    }))
}

/// DynamoDB's PartiQL refuses a key condition whose value is not of the key's type (DynamoDB
/// Local 1.25.1's words), and `begins_with` on anything but a string or binary.
fn check_key_types(
    statement: &ReadStatement,
    cond: &Cond,
    key: &KeySchema,
) -> Result<(), TranslateError> {
    let Some(name) = cond
        .attribute()
        .map(|placeholder| statement.name_of(placeholder))
    else {
        return Ok(());
    };
    let Some(attribute) = key.attributes().find(|attribute| attribute.name == name) else {
        return Ok(());
    };
    let types = cond
        .values()
        .into_iter()
        .filter_map(|placeholder| statement.params.values.get(placeholder))
        .map(AttrValue::value_type);
    for value_type in types {
        if matches!(cond, Cond::BeginsWith { .. })
            && !matches!(value_type, ValueType::S | ValueType::B)
        {
            return Err(TranslateError::Invalid(format!(
                "Incorrect operand type for operator or function; operator or function: \
                 begins_with, operand type: {value_type}"
            )));
        }
        if value_type != attribute.value_type {
            return Err(TranslateError::Invalid(format!(
                "Key attribute's data type should match its data type in table's schema: Key {name}"
            )));
        }
    }
    Ok(())
}

/// Takes the one condition on the sort key out of `rest`, if there is one; a key condition
/// holds at most one, and never an IN.
fn take_sort_condition(
    statement: &ReadStatement,
    rest: &mut Vec<Cond>,
    sort: Option<&str>,
) -> Result<Option<Cond>, TranslateError> {
    let on_sort = |cond: &Cond| {
        cond.attribute()
            .is_some_and(|name| sort == Some(statement.name_of(name)))
    };
    let sorts: Vec<usize> = (0..rest.len())
        .filter(|at| rest.get(*at).is_some_and(on_sort))
        .collect();
    match sorts.as_slice() {
        [] => Ok(None),
        [one] => {
            let cond = rest.remove(*one);
            if matches!(cond, Cond::In { .. }) {
                return unsupported("IN on the sort key");
            }
            Ok(Some(cond))
        }
        _ => unsupported("more than one condition on the sort key"),
    }
}
