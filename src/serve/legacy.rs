//! The legacy request parameters (`AttributesToGet`, `KeyConditions`, `QueryFilter`,
//! `ScanFilter`, `Expected`, `AttributeUpdates`), rewritten into the expressions the engine
//! speaks before the request is read. Placeholders are generated, since the service refuses a
//! request mixing legacy parameters with expression ones.

use serde_json::{Map, Value};

use super::error::WireError;

const EXPRESSION_FIELDS: &[&str] = &[
    "ProjectionExpression",
    "KeyConditionExpression",
    "FilterExpression",
    "ConditionExpression",
    "UpdateExpression",
    "ExpressionAttributeNames",
    "ExpressionAttributeValues",
];

/// Builds one request's expressions and their placeholders.
#[derive(Default)]
struct Placeholders {
    names: Map<String, Value>,
    values: Map<String, Value>,
}

impl Placeholders {
    fn name(&mut self, attribute: &str) -> String {
        let key = format!("#legacy{}", self.names.len());
        self.names.insert(key.clone(), Value::from(attribute));
        key
    }

    fn value(&mut self, value: &Value) -> String {
        let key = format!(":legacy{}", self.values.len());
        self.values.insert(key.clone(), value.clone());
        key
    }

    fn install(self, body: &mut Map<String, Value>) {
        if !self.names.is_empty() {
            body.insert("ExpressionAttributeNames".into(), Value::Object(self.names));
        }
        if !self.values.is_empty() {
            body.insert(
                "ExpressionAttributeValues".into(),
                Value::Object(self.values),
            );
        }
    }
}

fn invalid(message: impl Into<String>) -> WireError {
    WireError::validation(format!(
        "One or more parameter values were invalid: {}",
        message.into()
    ))
}

/// One `{ComparisonOperator, AttributeValueList}` condition on `attribute`.
fn comparison(
    attribute: &str,
    condition: &Map<String, Value>,
    placeholders: &mut Placeholders,
) -> Result<String, WireError> {
    let operator = condition
        .get("ComparisonOperator")
        .and_then(Value::as_str)
        .ok_or_else(|| invalid(format!("ComparisonOperator is required for {attribute}")))?;
    let values: Vec<&Value> = condition
        .get("AttributeValueList")
        .and_then(Value::as_array)
        .map(|list| list.iter().collect())
        .unwrap_or_default();
    let arity = |wanted: usize| -> Result<(), WireError> {
        if values.len() == wanted {
            return Ok(());
        }
        Err(invalid(format!(
            "Invalid number of argument(s) for the {operator} ComparisonOperator"
        )))
    };
    let name = placeholders.name(attribute);
    let binary = |symbol: &str, placeholders: &mut Placeholders| {
        arity(1).map(|()| format!("{name} {symbol} {}", placeholders.value(values[0])))
    };
    Ok(match operator {
        "EQ" => binary("=", placeholders)?,
        "NE" => binary("<>", placeholders)?,
        "LT" => binary("<", placeholders)?,
        "LE" => binary("<=", placeholders)?,
        "GT" => binary(">", placeholders)?,
        "GE" => binary(">=", placeholders)?,
        "NOT_NULL" => arity(0).map(|()| format!("attribute_exists({name})"))?,
        "NULL" => arity(0).map(|()| format!("attribute_not_exists({name})"))?,
        "CONTAINS" | "NOT_CONTAINS" | "BEGINS_WITH" => {
            arity(1)?;
            let value = placeholders.value(values[0]);
            match operator {
                "CONTAINS" => format!("contains({name}, {value})"),
                "NOT_CONTAINS" => format!("NOT contains({name}, {value})"),
                _ => format!("begins_with({name}, {value})"),
            }
        }
        "BETWEEN" => {
            arity(2)?;
            let low = placeholders.value(values[0]);
            let high = placeholders.value(values[1]);
            format!("{name} BETWEEN {low} AND {high}")
        }
        "IN" => {
            if values.is_empty() {
                return Err(invalid(format!(
                    "Invalid number of argument(s) for the {operator} ComparisonOperator"
                )));
            }
            let list: Vec<String> = values.iter().map(|v| placeholders.value(v)).collect();
            format!("{name} IN ({})", list.join(", "))
        }
        other => {
            return Err(WireError::validation(format!(
                "1 validation error detected: Value '{other}' at 'comparisonOperator' failed to satisfy constraint: Member must satisfy enum value set: [IN, NULL, BETWEEN, LT, NOT_CONTAINS, EQ, GT, NOT_NULL, NE, LE, BEGINS_WITH, GE, CONTAINS]"
            )));
        }
    })
}

/// One `Expected` entry: `{Value}`, `{Exists}`, or a comparison.
fn expected(
    attribute: &str,
    entry: &Map<String, Value>,
    placeholders: &mut Placeholders,
) -> Result<String, WireError> {
    if entry.contains_key("ComparisonOperator") {
        return comparison(attribute, entry, placeholders);
    }
    let exists = entry.get("Exists").and_then(Value::as_bool).unwrap_or(true);
    match (exists, entry.get("Value")) {
        (true, Some(value)) => {
            let name = placeholders.name(attribute);
            Ok(format!("{name} = {}", placeholders.value(value)))
        }
        (false, None) => Ok(format!(
            "attribute_not_exists({})",
            placeholders.name(attribute)
        )),
        (true, None) => Err(invalid(format!(
            "Value must be provided when Exists is true for Attribute: {attribute}"
        ))),
        (false, Some(_)) => Err(invalid(format!(
            "Value cannot be used when Exists is false for Attribute: {attribute}"
        ))),
    }
}

/// Renders the condition on one attribute of a legacy map.
type OneCondition = fn(&str, &Map<String, Value>, &mut Placeholders) -> Result<String, WireError>;

/// Joins the conditions of a legacy map with `ConditionalOperator`.
fn conditions(
    map: &Map<String, Value>,
    operator: &str,
    placeholders: &mut Placeholders,
    one: OneCondition,
) -> Result<String, WireError> {
    let mut parts = Vec::with_capacity(map.len());
    for (attribute, condition) in map {
        let Value::Object(condition) = condition else {
            return Err(WireError::serialization("conditions must be objects"));
        };
        parts.push(format!("({})", one(attribute, condition, placeholders)?));
    }
    Ok(parts.join(&format!(" {operator} ")))
}

fn attribute_updates(
    map: &Map<String, Value>,
    placeholders: &mut Placeholders,
) -> Result<String, WireError> {
    let (mut set, mut remove, mut add, mut delete) = (vec![], vec![], vec![], vec![]);
    for (attribute, update) in map {
        let action = update
            .get("Action")
            .and_then(Value::as_str)
            .unwrap_or("PUT");
        let value = update.get("Value");
        let name = placeholders.name(attribute);
        match (action, value) {
            ("PUT", Some(value)) => set.push(format!("{name} = {}", placeholders.value(value))),
            ("ADD", Some(value)) => add.push(format!("{name} {}", placeholders.value(value))),
            ("DELETE", Some(value)) => {
                delete.push(format!("{name} {}", placeholders.value(value)));
            }
            ("DELETE", None) => remove.push(name),
            (_, None) => {
                return Err(invalid(format!(
                    "Only DELETE action is allowed when no attribute value is specified: {attribute}"
                )));
            }
            (other, _) => {
                return Err(WireError::validation(format!(
                    "1 validation error detected: Value '{other}' at 'attributeUpdates.{attribute}.member.action' failed to satisfy constraint: Member must satisfy enum value set: [ADD, PUT, DELETE]"
                )));
            }
        }
    }
    let clauses = [
        ("SET", set, ", "),
        ("REMOVE", remove, ", "),
        ("ADD", add, ", "),
        ("DELETE", delete, ", "),
    ];
    Ok(clauses
        .into_iter()
        .filter(|(_, parts, _)| !parts.is_empty())
        .map(|(keyword, parts, separator)| format!("{keyword} {}", parts.join(separator)))
        .collect::<Vec<_>>()
        .join(" "))
}

/// Rewrites the legacy parameters of `body` into expressions, or refuses a mix of both.
pub fn translate(body: &mut Map<String, Value>) -> Result<(), WireError> {
    let legacy: Vec<&str> = [
        "AttributesToGet",
        "KeyConditions",
        "QueryFilter",
        "ScanFilter",
        "Expected",
        "AttributeUpdates",
    ]
    .into_iter()
    .filter(|field| body.get(*field).is_some_and(|value| !value.is_null()))
    .collect();
    if legacy.is_empty() {
        return Ok(());
    }
    let present = |field: &&str| body.get(*field).is_some_and(|value| !value.is_null());
    if EXPRESSION_FIELDS.iter().any(present) {
        // The message lists the expressions, not their attribute maps.
        let modern: Vec<&str> = EXPRESSION_FIELDS[..5]
            .iter()
            .copied()
            .filter(present)
            .collect();
        return Err(WireError::validation(format!(
            "Can not use both expression and non-expression parameters in the same request: Non-expression parameters: {{{}}} Expression parameters: {{{}}}",
            legacy.join(", "),
            modern.join(", ")
        )));
    }
    let operator = match body.get("ConditionalOperator").and_then(Value::as_str) {
        None | Some("AND") => "AND",
        Some("OR") => "OR",
        Some(other) => {
            return Err(WireError::validation(format!(
                "1 validation error detected: Value '{other}' at 'conditionalOperator' failed to satisfy constraint: Member must satisfy enum value set: [OR, AND]"
            )));
        }
    };
    let mut placeholders = Placeholders::default();
    let mut rewritten: Vec<(&str, String)> = Vec::new();
    for field in legacy {
        let value = body.remove(field).unwrap_or_default();
        let text = match (field, &value) {
            ("AttributesToGet", Value::Array(names)) => names
                .iter()
                .filter_map(Value::as_str)
                .map(|name| placeholders.name(name))
                .collect::<Vec<_>>()
                .join(", "),
            ("KeyConditions", Value::Object(map)) => {
                conditions(map, "AND", &mut placeholders, comparison)?
            }
            ("QueryFilter" | "ScanFilter", Value::Object(map)) => {
                conditions(map, operator, &mut placeholders, comparison)?
            }
            ("Expected", Value::Object(map)) => {
                conditions(map, operator, &mut placeholders, expected)?
            }
            ("AttributeUpdates", Value::Object(map)) => attribute_updates(map, &mut placeholders)?,
            _ => {
                return Err(WireError::serialization(format!(
                    "{field} has the wrong shape"
                )));
            }
        };
        let target = match field {
            "AttributesToGet" => "ProjectionExpression",
            "KeyConditions" => "KeyConditionExpression",
            "QueryFilter" | "ScanFilter" => "FilterExpression",
            "Expected" => "ConditionExpression",
            _ => "UpdateExpression",
        };
        if !text.is_empty() {
            rewritten.push((target, text));
        }
    }
    body.remove("ConditionalOperator");
    for (target, text) in rewritten {
        body.insert(target.into(), Value::from(text));
    }
    placeholders.install(body);
    Ok(())
}
