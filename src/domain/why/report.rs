//! An explanation as lines of text, the same in `ddbx why` and the terminal UI: the item, the
//! query in the friendly syntax, the verdict, then each step with what it relied on. The lines
//! hold table data unescaped; whoever shows them escapes them.

use super::literal::{condition_text, value_text};
use super::outcome::summary;
use super::step::Step;
use crate::domain::expr::{ExprKind, WireRequest};
use crate::domain::request::QueryRequest;
use crate::domain::schema::TableDescription;
use crate::domain::value::Item;

/// `PK = "USER#1", SK = "ORDER#…"`, partition key first.
#[must_use]
pub fn key_text(table: &TableDescription, key: &Item) -> String {
    let names = std::iter::once(&table.key.partition.name)
        .chain(table.key.sort.as_ref().map(|sort| &sort.name));
    names
        .filter_map(|name| {
            key.get(name)
                .map(|value| format!("{name} = {}", value_text(value)))
        })
        .collect::<Vec<_>>()
        .join(", ")
}

/// The key condition and the filter in the friendly syntax (the wire text when one cannot be
/// parsed).
#[must_use]
pub fn query_expressions(request: &QueryRequest) -> (String, Option<String>) {
    let mut wire = WireRequest::new(&request.params);
    let key = wire
        .condition(ExprKind::KeyCondition, &request.key_condition)
        .map_or_else(|_| request.key_condition.clone(), |c| condition_text(&c));
    let filter = request.filter.as_ref().map(|text| {
        wire.condition(ExprKind::Filter, text)
            .map_or_else(|_| text.clone(), |c| condition_text(&c))
    });
    (key, filter)
}

/// `Query T index GSI1 where … filter … Limit 10 descending`.
#[must_use]
pub fn query_text(request: &QueryRequest) -> String {
    let (key, filter) = query_expressions(request);
    let mut text = format!("Query {}", request.table);
    if let Some(index) = &request.index {
        text.push_str(&format!(" index {index}"));
    }
    text.push_str(&format!(" where {key}"));
    if let Some(filter) = filter {
        text.push_str(&format!(" filter {filter}"));
    }
    if let Some(limit) = request.limit {
        text.push_str(&format!(" Limit {limit}"));
    }
    if !request.forward {
        text.push_str(" descending");
    }
    text
}

/// The whole explanation, one line per entry.
#[must_use]
pub fn report_lines(
    table: &TableDescription,
    key: &Item,
    request: &QueryRequest,
    steps: &[Step],
) -> Vec<String> {
    let mut lines = vec![
        format!("item: {}", key_text(table, key)),
        format!("query: {}", query_text(request)),
        summary(steps),
    ];
    for step in steps {
        lines.push(String::new());
        lines.push(format!("{} {}", step.verdict.mark(), step.check.name()));
        lines.extend(step.lines.iter().map(|line| format!("    {line}")));
        if !step.relied_on.is_empty() {
            lines.push(format!("    (relied on: {})", step.relied_on));
        }
    }
    lines
}
