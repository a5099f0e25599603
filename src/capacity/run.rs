//! The reads of one capacity report.

use super::{CapacityRequest, MAX_PAGES_PER_CALL};
use crate::backend::{Backend, BackendError, QueryRequest, ScanRequest};
use crate::domain::capacity::calls::{Values, pattern_calls};
use crate::domain::capacity::report::{
    CallFigures, CapacityReport, PageRead, PatternFigures, PatternSource,
};
use crate::domain::capacity::shapes::history_shapes;
use crate::domain::capacity::sizing::sizing_query;
use crate::domain::capacity::writes::WriteCensus;
use crate::domain::pattern_query::pattern_request;
use crate::domain::schema::{IndexKind, TableDescription};
use crate::domain::value::{AttrValue, Item, item_size};

/// Reads the sample and runs each pattern's calls.
pub async fn measure(
    backend: &dyn Backend,
    request: &CapacityRequest,
) -> Result<CapacityReport, BackendError> {
    let table = backend.describe_table(&request.table).await?;
    let (items, complete, sample_consumed) = sample(backend, &table, request.sample_pages).await?;
    let mut census = WriteCensus::default();
    for item in &items {
        census.add(item, &table, &request.entities);
    }
    let wanted = |name: &str| {
        request
            .only
            .as_ref()
            .is_none_or(|only| only.eq_ignore_ascii_case(name))
    };
    let mut patterns = Vec::new();
    let source = if request.patterns.is_empty() {
        for shape in history_shapes(&request.history, request.calls) {
            if wanted(&shape.name) {
                let mut figures = empty_figures(&table, &shape.name, shape.index.clone());
                for call in shape.calls {
                    figures.key_condition.clone_from(&call.key_condition);
                    let label = values_label(&call);
                    let consistent = request.consistent && figures.strong_allowed;
                    figures
                        .calls
                        .push(run_call(backend, call, label, consistent).await?);
                }
                patterns.push(figures);
            }
        }
        PatternSource::History
    } else {
        for pattern in request.patterns.iter().filter(|p| wanted(&p.name)) {
            let mut figures = empty_figures(&table, &pattern.name, pattern.index.clone());
            let calls = pattern_calls(pattern, &table, &items, request.calls);
            if calls.is_empty() {
                figures.skipped = Some(format!(
                    "no item of the sample ({} items) fits the pattern's keys",
                    items.len()
                ));
            }
            for values in calls {
                match pattern_request(&table, pattern, &values) {
                    Ok(query) => {
                        figures.key_condition.clone_from(&query.key_condition);
                        let label = parameters_label(&values);
                        let consistent = request.consistent && figures.strong_allowed;
                        figures
                            .calls
                            .push(run_call(backend, query, label, consistent).await?);
                    }
                    Err(message) => {
                        figures.skipped = Some(message);
                        break;
                    }
                }
            }
            patterns.push(figures);
        }
        PatternSource::Model
    };
    Ok(CapacityReport {
        table: table.name.clone(),
        source,
        patterns,
        writes: census.entities(),
        sampled_items: items.len() as u64,
        sample_complete: complete,
        sample_consumed,
    })
}

fn empty_figures(table: &TableDescription, name: &str, index: Option<String>) -> PatternFigures {
    let global = index
        .as_deref()
        .and_then(|index| table.index(index))
        .is_some_and(|index| index.kind == IndexKind::Global);
    PatternFigures {
        name: name.to_owned(),
        index,
        strong_allowed: !global,
        key_condition: String::new(),
        calls: Vec::new(),
        skipped: None,
    }
}

/// Up to `pages` Scan pages of the table: the items, whether that was all of them, and the
/// units the scan consumed.
async fn sample(
    backend: &dyn Backend,
    table: &TableDescription,
    pages: u64,
) -> Result<(Vec<Item>, bool, f64), BackendError> {
    let mut items = Vec::new();
    let mut consumed = 0.0;
    let mut start_key = None;
    for _ in 0..pages.max(1) {
        let mut request = ScanRequest::new(table.name.clone());
        request.start_key = start_key.take();
        let page = backend.scan(request).await?;
        consumed += page.consumed.as_ref().map_or(0.0, |c| c.total);
        items.extend(page.items);
        match page.last_evaluated_key {
            Some(key) => start_key = Some(key),
            None => return Ok((items, true, consumed)),
        }
    }
    Ok((items, false, consumed))
}

/// Runs `query` to its end (or [`MAX_PAGES_PER_CALL`] pages), strongly consistent when
/// `consistent`.
async fn run_call(
    backend: &dyn Backend,
    mut query: QueryRequest,
    label: String,
    consistent: bool,
) -> Result<CallFigures, BackendError> {
    query.consistent_read = consistent;
    let mut figures = CallFigures {
        label,
        pages: Vec::new(),
        consistent: query.consistent_read,
        complete: true,
        read_bytes: None,
    };
    let sizing = sizing_query(&query);
    loop {
        let page = backend.query(query.clone()).await?;
        figures.pages.push(PageRead {
            items: page.items.len() as u64,
            scanned: page.scanned_count,
            bytes: page.items.iter().map(|item| item_size(item) as u64).sum(),
            consumed: page.consumed.as_ref().map(|consumed| consumed.total),
        });
        match page.last_evaluated_key {
            None => break,
            Some(_) if figures.pages.len() >= MAX_PAGES_PER_CALL => {
                figures.complete = false;
                break;
            }
            Some(key) => query.start_key = Some(key),
        }
    }
    if let Some(sizing) = sizing {
        figures.read_bytes = Some(page_bytes(backend, sizing, figures.pages.len()).await?);
    }
    Ok(figures)
}

/// The bytes of each of the first `pages` pages of `query`: the items a filtered or projected
/// call read, whole.
async fn page_bytes(
    backend: &dyn Backend,
    mut query: QueryRequest,
    pages: usize,
) -> Result<Vec<u64>, BackendError> {
    let mut bytes = Vec::with_capacity(pages);
    while bytes.len() < pages {
        let page = backend.query(query.clone()).await?;
        bytes.push(page.items.iter().map(|item| item_size(item) as u64).sum());
        match page.last_evaluated_key {
            Some(key) => query.start_key = Some(key),
            None => break,
        }
    }
    Ok(bytes)
}

/// `userId=u_1, date=` for a pattern's call.
fn parameters_label(values: &Values) -> String {
    if values.is_empty() {
        return "(no parameters)".to_owned();
    }
    values
        .iter()
        .map(|(name, value)| format!("{name}={value}"))
        .collect::<Vec<_>>()
        .join(", ")
}

/// `:pk=USER#1, :sk=ORDER#` for a query of the history.
fn values_label(query: &QueryRequest) -> String {
    query
        .params
        .values
        .iter()
        .map(|(name, value)| match value {
            AttrValue::S(text) => format!("{name}={text}"),
            AttrValue::N(number) => format!("{name}={number}"),
            other => format!("{name}={other:?}"),
        })
        .collect::<Vec<_>>()
        .join(", ")
}
