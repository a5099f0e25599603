//! The query without its ProjectionExpression, so every returned item carries its key. The
//! names only the projection used are dropped too: DynamoDB refuses a request whose
//! ExpressionAttributeNames holds one no expression uses.

use crate::domain::request::QueryRequest;

/// `#name` placeholders in `text` (a `#` followed by letters, digits or `_`).
fn placeholders(text: &str) -> Vec<&str> {
    let mut found = Vec::new();
    let bytes = text.as_bytes();
    let mut at = 0;
    while let Some(offset) = text[at..].find('#') {
        let start = at + offset;
        let end = bytes[start + 1..]
            .iter()
            .position(|byte| !(byte.is_ascii_alphanumeric() || *byte == b'_'))
            .map_or(text.len(), |length| start + 1 + length);
        found.push(&text[start..end]);
        at = end.max(start + 1);
    }
    found
}

#[must_use]
pub fn without_projection(request: &QueryRequest) -> QueryRequest {
    let mut unprojected = request.clone();
    if unprojected.projection.take().is_none() {
        return unprojected;
    }
    let mut used = placeholders(&request.key_condition);
    if let Some(filter) = &request.filter {
        used.extend(placeholders(filter));
    }
    unprojected
        .params
        .names
        .retain(|placeholder, _| used.contains(&placeholder.as_str()));
    unprojected
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::expr::ExpressionParams;

    #[test]
    fn names_only_the_projection_used_are_dropped_and_the_rest_kept() {
        let mut params = ExpressionParams::default();
        for (placeholder, name) in [
            ("#pk", "PK"),
            ("#n0", "status"),
            ("#n", "name"),
            ("#n01", "x"),
        ] {
            params.names.insert(placeholder.to_owned(), name.to_owned());
        }
        let mut request = QueryRequest::new("T", "#pk = :pk", params);
        request.filter = Some("#n0 = :v0".to_owned());
        request.projection = Some("#n, #n01, #n0".to_owned());
        let unprojected = without_projection(&request);
        assert_eq!(unprojected.projection, None);
        let kept: Vec<&str> = unprojected
            .params
            .names
            .keys()
            .map(String::as_str)
            .collect();
        assert_eq!(kept, ["#n0", "#pk"]);
    }

    #[test]
    fn a_request_without_a_projection_is_unchanged() {
        let request = QueryRequest::new("T", "#pk = :pk", ExpressionParams::default());
        assert_eq!(without_projection(&request), request);
    }
}
