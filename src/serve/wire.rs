//! Reading the fields of a request body: required and optional fields with the service's
//! messages, items and keys in DynamoDB JSON (lossless), expression parameters, enums.

use serde_json::{Map, Value};

use super::error::WireError;
pub use super::values::{CapacityDetail, parse_item, parse_value};
use crate::backend::{ExpressionParams, ReturnValues, Select};
use crate::domain::value::Item;

/// A request body: a JSON object.
pub struct Body<'a>(pub &'a Map<String, Value>);

/// `tableName` for `TableName`: the service names members in camel case in its messages.
fn member(field: &str) -> String {
    let mut chars = field.chars();
    chars.next().map_or_else(String::new, |first| {
        first.to_lowercase().chain(chars).collect()
    })
}

fn null_member(field: &str) -> WireError {
    WireError::validation(format!(
        "1 validation error detected: Value null at '{}' failed to satisfy constraint: Member must not be null",
        member(field)
    ))
}

impl<'a> Body<'a> {
    pub fn get(&self, field: &str) -> Option<&'a Value> {
        self.0.get(field).filter(|value| !value.is_null())
    }

    pub fn has(&self, field: &str) -> bool {
        self.get(field).is_some()
    }

    pub fn opt_str(&self, field: &str) -> Result<Option<&'a str>, WireError> {
        match self.get(field) {
            None => Ok(None),
            Some(Value::String(text)) => Ok(Some(text)),
            Some(_) => Err(WireError::serialization(format!(
                "{field} must be a string"
            ))),
        }
    }

    pub fn str(&self, field: &str) -> Result<&'a str, WireError> {
        self.opt_str(field)?.ok_or_else(|| null_member(field))
    }

    /// `TableName` of an item, read or table operation: 1 to 255 characters (the service
    /// checks the pattern only when a table is created).
    pub fn table_name(&self) -> Result<String, WireError> {
        let name = self.str("TableName")?;
        check_name_length(name, "tableName", 1)?;
        Ok(name.to_owned())
    }

    pub fn opt_bool(&self, field: &str) -> Result<Option<bool>, WireError> {
        match self.get(field) {
            None => Ok(None),
            Some(Value::Bool(flag)) => Ok(Some(*flag)),
            Some(_) => Err(WireError::serialization(format!(
                "{field} must be a boolean"
            ))),
        }
    }

    pub fn opt_u64(&self, field: &str) -> Result<Option<u64>, WireError> {
        match self.get(field) {
            None => Ok(None),
            Some(Value::Number(number)) => Ok(Some(number.as_u64().unwrap_or(0))),
            Some(_) => Err(WireError::serialization(format!(
                "{field} must be a number"
            ))),
        }
    }

    /// `Limit`: one or more.
    pub fn limit(&self) -> Result<Option<u32>, WireError> {
        match self.opt_u64("Limit")? {
            None => Ok(None),
            Some(0) => Err(WireError::validation(LIMIT_TOO_SMALL)),
            Some(limit) => Ok(Some(u32::try_from(limit).unwrap_or(u32::MAX))),
        }
    }

    pub fn object(&self, field: &str) -> Result<Option<Body<'a>>, WireError> {
        match self.get(field) {
            None => Ok(None),
            Some(Value::Object(map)) => Ok(Some(Body(map))),
            Some(_) => Err(WireError::serialization(format!(
                "{field} must be an object"
            ))),
        }
    }

    pub fn array(&self, field: &str) -> Result<Option<&'a Vec<Value>>, WireError> {
        match self.get(field) {
            None => Ok(None),
            Some(Value::Array(list)) => Ok(Some(list)),
            Some(_) => Err(WireError::serialization(format!("{field} must be a list"))),
        }
    }

    /// A required item or key in DynamoDB JSON.
    pub fn item(&self, field: &str) -> Result<Item, WireError> {
        self.opt_item(field)?.ok_or_else(|| null_member(field))
    }

    pub fn opt_item(&self, field: &str) -> Result<Option<Item>, WireError> {
        self.get(field).map(parse_item).transpose()
    }

    /// `ExpressionAttributeNames` and `ExpressionAttributeValues`.
    pub fn params(&self) -> Result<ExpressionParams, WireError> {
        let mut params = ExpressionParams::default();
        if let Some(names) = self.object("ExpressionAttributeNames")? {
            if names.0.is_empty() {
                return Err(WireError::validation(
                    "ExpressionAttributeNames must not be empty",
                ));
            }
            for (key, value) in names.0 {
                let Value::String(name) = value else {
                    return Err(WireError::serialization(
                        "ExpressionAttributeNames values must be strings",
                    ));
                };
                params.names.insert(key.clone(), name.clone());
            }
        }
        if let Some(values) = self.object("ExpressionAttributeValues")? {
            if values.0.is_empty() {
                return Err(WireError::validation(
                    "ExpressionAttributeValues must not be empty",
                ));
            }
            for (key, value) in values.0 {
                params.values.insert(key.clone(), parse_value(value)?);
            }
        }
        Ok(params)
    }

    /// An expression field: absent is `None`; present and empty is the service's error.
    pub fn expression(&self, field: &str) -> Result<Option<&'a str>, WireError> {
        match self.opt_str(field)? {
            Some("") => Err(WireError::validation(format!(
                "Invalid {field}: The expression can not be empty;"
            ))),
            other => Ok(other),
        }
    }

    /// The enum and range members every operation shares, all checked before anything else
    /// and reported together.
    pub fn check_common(&self, operation: &str) -> Result<(), WireError> {
        let mut problems = Problems::default();
        problems.enum_value(
            self,
            "ReturnConsumedCapacity",
            &["INDEXES", "TOTAL", "NONE"],
        );
        problems.enum_value(self, "ReturnItemCollectionMetrics", &["SIZE", "NONE"]);
        problems.enum_value(self, "ReturnValues", &ALL_RETURN_VALUES);
        problems.enum_value(
            self,
            "ReturnValuesOnConditionCheckFailure",
            &["ALL_OLD", "NONE"],
        );
        problems.enum_value(
            self,
            "Select",
            &[
                "SPECIFIC_ATTRIBUTES",
                "COUNT",
                "ALL_ATTRIBUTES",
                "ALL_PROJECTED_ATTRIBUTES",
            ],
        );
        if let Some(Value::Number(limit)) = self.get("Limit")
            && limit.as_i64().is_some_and(|limit| limit < 1)
        {
            // Sic: the service words Query's and Scan's the same check differently.
            let at = if operation == "Scan" {
                format!("Value '{limit}' at 'limit'")
            } else {
                "Value at 'Limit'".to_owned()
            };
            problems.push(format!(
                "{at} failed to satisfy constraint: Member must have value greater than or equal to 1"
            ));
        }
        problems.finish()
    }

    /// `ReturnValues`, limited to what the operation accepts.
    pub fn return_values(&self, allowed: &[&str]) -> Result<ReturnValues, WireError> {
        let Some(text) = self.opt_str("ReturnValues")? else {
            return Ok(ReturnValues::None);
        };
        let value = match text {
            "NONE" => ReturnValues::None,
            "ALL_OLD" => ReturnValues::AllOld,
            "ALL_NEW" => ReturnValues::AllNew,
            "UPDATED_OLD" => ReturnValues::UpdatedOld,
            "UPDATED_NEW" => ReturnValues::UpdatedNew,
            _ => return Err(enum_error(text, "returnValues", &ALL_RETURN_VALUES)),
        };
        if !allowed.contains(&text) {
            return Err(WireError::validation(
                "ReturnValues can only be ALL_OLD or NONE",
            ));
        }
        Ok(value)
    }

    /// True when a failed condition returns the item (`ReturnValuesOnConditionCheckFailure`).
    pub fn return_item_on_failure(&self) -> Result<bool, WireError> {
        match self.opt_str("ReturnValuesOnConditionCheckFailure")? {
            None | Some("NONE") => Ok(false),
            Some("ALL_OLD") => Ok(true),
            Some(other) => Err(enum_error(
                other,
                "returnValuesOnConditionCheckFailure",
                &["ALL_OLD", "NONE"],
            )),
        }
    }

    pub fn select(&self) -> Result<Select, WireError> {
        Ok(match self.opt_str("Select")? {
            None => Select::Default,
            Some("ALL_ATTRIBUTES") => Select::AllAttributes,
            Some("ALL_PROJECTED_ATTRIBUTES") => Select::AllProjectedAttributes,
            Some("COUNT") => Select::Count,
            Some("SPECIFIC_ATTRIBUTES") => {
                if !self.has("ProjectionExpression") {
                    return Err(WireError::validation(
                        "1 validation error detected: Value 'SPECIFIC_ATTRIBUTES' at 'select' failed to satisfy constraint: Select type SPECIFIC_ATTRIBUTES requires a ProjectionExpression or AttributesToGet",
                    ));
                }
                Select::Default
            }
            Some(other) => {
                return Err(enum_error(
                    other,
                    "select",
                    &[
                        "SPECIFIC_ATTRIBUTES",
                        "COUNT",
                        "ALL_ATTRIBUTES",
                        "ALL_PROJECTED_ATTRIBUTES",
                    ],
                ));
            }
        })
    }

    /// `ReturnConsumedCapacity`: `None` for NONE.
    pub fn capacity(&self) -> Result<Option<CapacityDetail>, WireError> {
        Ok(match self.opt_str("ReturnConsumedCapacity")? {
            None | Some("NONE") => None,
            Some("TOTAL") => Some(CapacityDetail::Total),
            Some("INDEXES") => Some(CapacityDetail::Indexes),
            Some(other) => {
                return Err(enum_error(
                    other,
                    "returnConsumedCapacity",
                    &["INDEXES", "TOTAL", "NONE"],
                ));
            }
        })
    }
}

/// The service's wording, which names no value.
pub const LIMIT_TOO_SMALL: &str = "1 validation error detected: Value at 'Limit' failed to satisfy constraint: Member must have value greater than or equal to 1";

pub const ALL_RETURN_VALUES: [&str; 5] =
    ["NONE", "ALL_OLD", "UPDATED_OLD", "ALL_NEW", "UPDATED_NEW"];

fn enum_error(value: &str, member: &str, allowed: &[&str]) -> WireError {
    WireError::validation(format!(
        "1 validation error detected: Value '{value}' at '{member}' failed to satisfy constraint: Member must satisfy enum value set: [{}]",
        allowed.join(", ")
    ))
}

fn detected(problems: &[String]) -> WireError {
    WireError::validation(format!(
        "{} validation error{} detected: {}",
        problems.len(),
        if problems.len() == 1 { "" } else { "s" },
        problems.join("; ")
    ))
}

/// Several constraint failures of one request, reported together as the service does.
#[derive(Default)]
pub struct Problems(Vec<String>);

impl Problems {
    pub fn push(&mut self, problem: String) {
        self.0.push(problem);
    }

    /// An enum member's value, when it is present and not one of `allowed`.
    pub fn enum_value(&mut self, body: &Body<'_>, field: &str, allowed: &[&str]) {
        if let Some(Value::String(value)) = body.get(field)
            && !allowed.contains(&value.as_str())
        {
            self.push(format!(
                "Value '{value}' at '{}' failed to satisfy constraint: Member must satisfy enum value set: [{}]",
                member(field),
                allowed.join(", ")
            ));
        }
    }

    pub fn finish(self) -> Result<(), WireError> {
        if self.0.is_empty() {
            return Ok(());
        }
        Err(detected(&self.0))
    }
}

fn check_name_length(name: &str, member: &str, min: usize) -> Result<(), WireError> {
    let mut problems = Vec::new();
    if !name.is_empty()
        && !name
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || matches!(b, b'_' | b'.' | b'-'))
    {
        problems.push(format!(
            "Value '{name}' at '{member}' failed to satisfy constraint: Member must satisfy regular expression pattern: [a-zA-Z0-9_.-]+"
        ));
    }
    if name.len() < min {
        problems.push(format!(
            "Value '{name}' at '{member}' failed to satisfy constraint: Member must have length greater than or equal to {min}"
        ));
    } else if name.len() > 255 {
        problems.push(format!(
            "Value '{name}' at '{member}' failed to satisfy constraint: Member must have length less than or equal to 255"
        ));
    }
    if problems.is_empty() {
        return Ok(());
    }
    Err(detected(&problems))
}

/// A request's `TableName`, when it has one, is checked before any other member: its problems
/// are reported alone.
pub fn check_table_name_first(body: &Body<'_>, operation: &str) -> Result<(), WireError> {
    match body.get("TableName") {
        Some(Value::String(name)) if operation == "CreateTable" => {
            check_table_name(name, "tableName")
        }
        Some(Value::String(name)) => check_name_length(name, "tableName", 1),
        _ => Ok(()),
    }
}

/// The service's rule for the name of a new table or index: 3 to 255 of `[a-zA-Z0-9_.-]`.
pub fn check_table_name(name: &str, member: &str) -> Result<(), WireError> {
    let mut problems = Vec::new();
    if !name
        .bytes()
        .all(|b| b.is_ascii_alphanumeric() || matches!(b, b'_' | b'.' | b'-'))
    {
        problems.push(format!(
            "Value '{name}' at '{member}' failed to satisfy constraint: Member must satisfy regular expression pattern: [a-zA-Z0-9_.-]+"
        ));
    }
    if name.len() < 3 {
        problems.push(format!(
            "Value '{name}' at '{member}' failed to satisfy constraint: Member must have length greater than or equal to 3"
        ));
    } else if name.len() > 255 {
        problems.push(format!(
            "Value '{name}' at '{member}' failed to satisfy constraint: Member must have length less than or equal to 255"
        ));
    }
    if problems.is_empty() {
        return Ok(());
    }
    Err(detected(&problems))
}
