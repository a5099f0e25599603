//! What a filtered or projected call is charged for: DynamoDB reads every item its key
//! condition selects, whole (as the table or index holds it), before a filter drops some and a
//! projection trims the rest. The units computed from what such a call returns are too low, so
//! the same call is read again without either to size what it read. Page boundaries are the
//! same both ways, as `Limit` and the 1 MB page count items before the filter.

use crate::domain::expr::ExpressionParams;
use crate::domain::request::QueryRequest;

/// `query` without its filter and projection, keeping only the `#names` and `:values` its key
/// condition uses (DynamoDB refuses unused ones); `None` when it has neither.
#[must_use]
pub fn sizing_query(query: &QueryRequest) -> Option<QueryRequest> {
    if query.filter.is_none() && query.projection.is_none() {
        return None;
    }
    let used = placeholders(&query.key_condition);
    let mut sizing = query.clone();
    sizing.filter = None;
    sizing.projection = None;
    sizing.start_key = None;
    sizing.params = ExpressionParams {
        names: retained(&query.params.names, &used),
        values: retained(&query.params.values, &used),
    };
    Some(sizing)
}

fn retained<V: Clone>(
    defined: &std::collections::BTreeMap<String, V>,
    used: &[String],
) -> std::collections::BTreeMap<String, V> {
    defined
        .iter()
        .filter(|(key, _)| used.contains(key))
        .map(|(key, value)| (key.clone(), value.clone()))
        .collect()
}

/// Every `#name` and `:value` placeholder written in `expression`.
fn placeholders(expression: &str) -> Vec<String> {
    let mut found = Vec::new();
    let mut chars = expression.char_indices().peekable();
    while let Some((start, c)) = chars.next() {
        if c != '#' && c != ':' {
            continue;
        }
        let mut end = start + 1;
        while let Some(&(at, next)) = chars.peek() {
            if !(next.is_ascii_alphanumeric() || next == '_') {
                break;
            }
            end = at + next.len_utf8();
            chars.next();
        }
        if end > start + 1 {
            found.push(expression[start..end].to_owned());
        }
    }
    found
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::value::AttrValue;

    #[test]
    fn the_sizing_read_keeps_the_key_condition_and_only_its_placeholders() {
        let mut params = ExpressionParams::default();
        for (name, attribute) in [("#pk", "PK"), ("#sk", "SK"), ("#st", "status")] {
            params.names.insert(name.to_owned(), attribute.to_owned());
        }
        for (name, value) in [(":pk", "USER#1"), (":sk", "ORDER#"), (":st", "OPEN")] {
            params.values.insert(name.to_owned(), AttrValue::s(value));
        }
        let mut query =
            QueryRequest::new("T", "#pk = :pk AND begins_with(#sk, :sk)", params.clone());
        assert_eq!(sizing_query(&query), None, "nothing to size again");
        query.filter = Some("#st = :st".to_owned());
        query.projection = Some("#st".to_owned());
        query.limit = Some(25);
        let sizing = sizing_query(&query).expect("a sizing read");
        assert_eq!((sizing.filter, sizing.projection), (None, None));
        assert_eq!(sizing.key_condition, query.key_condition);
        assert_eq!(sizing.limit, Some(25), "the same pages");
        let names: Vec<&str> = sizing.params.names.keys().map(String::as_str).collect();
        let values: Vec<&str> = sizing.params.values.keys().map(String::as_str).collect();
        assert_eq!((names, values), (vec!["#pk", "#sk"], vec![":pk", ":sk"]));
    }

    #[test]
    fn placeholders_are_read_whole_and_nothing_else_is() {
        assert_eq!(
            placeholders("#pk = :pk AND #sk BETWEEN :a1 AND :a_2"),
            ["#pk", ":pk", "#sk", ":a1", ":a_2"]
        );
        assert!(placeholders("# : pk").is_empty());
    }
}
