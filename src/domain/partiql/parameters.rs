//! A statement's `?` parameters as the user writes them: a JSON array of DynamoDB JSON values,
//! bound in order. `label` names where they came from (`--params`, `parameters`) in the message.

use crate::domain::ddb_json;
use crate::domain::value::AttrValue;

/// The values of `text` (empty or blank text: no parameters).
pub fn parse_parameters(text: &str, label: &str) -> Result<Vec<AttrValue>, String> {
    if text.trim().is_empty() {
        return Ok(Vec::new());
    }
    let json: serde_json::Value =
        serde_json::from_str(text).map_err(|error| format!("{label} is not JSON: {error}"))?;
    let serde_json::Value::Array(values) = json else {
        return Err(format!(
            "{label} must be a JSON array of DynamoDB JSON values, e.g. '[{{\"S\": \"USER#1\"}}]'"
        ));
    };
    values
        .iter()
        .enumerate()
        .map(|(position, value)| {
            ddb_json::from_json(value)
                .map_err(|error| format!("{label} value {}: {error}", position + 1))
        })
        .collect()
}

/// Refuses a count of values other than the statement's `?`.
pub fn check_count(question_marks: usize, given: usize, label: &str) -> Result<(), String> {
    if question_marks == given {
        return Ok(());
    }
    Err(format!(
        "the statement has {question_marks} `?` parameter(s) but {label} gives {given}"
    ))
}
