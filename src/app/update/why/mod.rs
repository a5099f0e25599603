//! `w` in a query's results, a SELECT's results, a partition or an index partition: type (or keep) an item's key,
//! and see why that item is or is not in these results, read by [`crate::why`] as one read job. `R` reads the explanation again.

use crate::app::command::Command;
use crate::app::read::{Read, ReadFor};
use crate::app::request_id::RequestId;
use crate::app::state::bulk::scope::partition_query;
use crate::app::state::loadable::Loadable;
use crate::app::state::screens::markable_list;
use crate::app::state::text_field::TextField;
use crate::app::state::why::WhyView;
use crate::app::state::{Notice, Overlay, Prompt, PromptKind, State, View};
use crate::backend::{BackendError, QueryRequest, StatementRequest};
use crate::domain::key_value::{key_text, parse_key_text};
use crate::domain::partiql::{TranslateError, Translated, key_schemas_of, translate};
use crate::domain::schema::TableDescription;
use crate::domain::typed_key::{split_typed_key, typed_part};
use crate::domain::value::Item;
use crate::domain::why::Step;
use crate::why::{DEFAULT_HISTORY_REQUESTS, DEFAULT_MAX_PAGES, WhyRequest};

/// Opens the key prompt, holding the key of the row under the cursor.
pub(super) fn open_prompt(state: &mut State) -> Vec<Command> {
    if let Err(message) = results_query(state) {
        state.notice = Some(Notice::Error(message));
        return Vec::new();
    }
    let text = match (row_under_cursor(state), state.described()) {
        (Some(item), Some(table)) => typed_key_text(table, &item),
        _ => String::new(),
    };
    state.overlay = Some(Overlay::Prompt(Prompt {
        kind: PromptKind::Why,
        text: TextField::new(text),
    }));
    Vec::new()
}

/// The item of the row under the cursor: a markable list's, or a SELECT's (whose results are
/// not a markable list).
fn row_under_cursor(state: &State) -> Option<Item> {
    if let View::StatementResults { run, cursor } = state.views.current() {
        return state.partiql.runs.get(*run)?.item_at(*cursor);
    }
    markable_list(state).and_then(|list| list.under_cursor().cloned())
}

/// The query whose results are on screen, and how many of them the view reads: a query's
/// results, a partition (a Query of its key) or an index partition.
fn results_query(state: &State) -> Result<(QueryRequest, Option<u64>), String> {
    let table = state.described().ok_or("the table is not described yet")?;
    match state.views.current() {
        View::QueryResults { run, .. } => {
            let run = state
                .queries.runs
                .get(*run)
                .ok_or("these results are no longer kept: run the query again")?;
            Ok((run.request.clone(), run.stop_after))
        }
        View::Partition { pk, .. } => {
            let name = &table.key.partition.name;
            Ok((partition_query(&table.name, None, name, pk, None), None))
        }
        View::IndexItems { index, pk, .. } => {
            let schema = table.index(index).ok_or("the index is no longer described")?;
            if schema.key.is_multi_attribute() {
                return Err(format!(
                    "w explains a query: {index} has a multi-attribute key; query it (Q) and press w in the results"
                ));
            }
            let name = &schema.key.partition.name;
            Ok((partition_query(&table.name, Some(index.clone()), name, pk, None), None))
        }
        View::StatementResults { run, .. } => {
            let run = state
                .partiql
                .runs
                .get(*run)
                .ok_or("these results are no longer kept: run the statement again")?;
            statement_query(table, &run.request)
        }
        _ => Err(
            "w explains a query's results: open a partition, an index partition or a query's results first"
                .to_owned(),
        ),
    }
}

/// The Query a SELECT runs as, which is what DynamoDB evaluates the item against; a SELECT
/// that runs as a Scan has no key condition to explain.
fn statement_query(
    table: &TableDescription,
    request: &StatementRequest,
) -> Result<(QueryRequest, Option<u64>), String> {
    let translated = translate(
        &request.statement,
        &request.parameters,
        key_schemas_of(table),
    )
    .map_err(|error| match error {
        TranslateError::Malformed(detail)
        | TranslateError::Unsupported(detail)
        | TranslateError::Invalid(detail) => {
            format!("w explains a SELECT that runs as a Query of this table: {detail}")
        }
        TranslateError::Missing(..) => {
            format!(
                "w explains results of {}: this SELECT reads another table",
                table.name
            )
        }
    })?;
    match translated {
        Translated::Query(mut query) => {
            query.limit = request.limit;
            query.consistent_read = request.consistent_read;
            Ok((query, None))
        }
        Translated::Scan(_) => Err(
            "w explains a query: this SELECT runs as a Scan (its WHERE fixes no partition key value)"
                .to_owned(),
        ),
    }
}

/// The item's key as the prompt takes it: the partition value, then the sort value after a
/// space, each quoted as a JSON string when it holds a space.
fn typed_key_text(table: &TableDescription, item: &Item) -> String {
    let part = |name: &str| typed_part(&item.get(name).map(key_text).unwrap_or_default());
    match &table.key.sort {
        Some(sort) => format!("{} {}", part(&table.key.partition.name), part(&sort.name)),
        None => part(&table.key.partition.name),
    }
}

/// The typed key: `PK SK` (a value with a space in quotes, `"Acme Corp" USER#1`).
fn parse_typed_key(table: &TableDescription, text: &str) -> Result<Item, String> {
    let (pk, sk) = split_typed_key(text)?;
    let (pk, sk) = match (&table.key.sort, sk) {
        (Some(_), Some(sk)) => (pk, sk),
        (Some(_), None) => {
            return Err(
                "type the item's partition key value, a space, then its sort key value (quote a value that holds a space: \"Acme Corp\" USER#1)"
                    .to_owned(),
            );
        }
        (None, None) => (pk, String::new()),
        (None, Some(_)) => {
            return Err(
                "this table has no sort key: type the partition key value alone (quote it if it holds a space)"
                    .to_owned(),
            );
        }
    };
    let (pk, sk) = (pk.as_str(), sk.as_str());
    let mut key = Item::new();
    let partition = &table.key.partition;
    let value = parse_key_text(pk, partition.value_type)
        .map_err(|error| format!("{}: {error}", partition.name))?;
    key.insert(partition.name.clone(), value);
    if let Some(sort) = &table.key.sort {
        let value = parse_key_text(sk, sort.value_type)
            .map_err(|error| format!("{}: {error}", sort.name))?;
        key.insert(sort.name.clone(), value);
    }
    Ok(key)
}

/// The prompt's Enter: the explanation of that key against the results on screen.
pub(in crate::app::update) fn submit(state: &mut State, text: &str) -> Vec<Command> {
    let request = match request(state, text) {
        Ok(request) => request,
        Err(message) => {
            state.notice = Some(Notice::Error(message));
            return Vec::new();
        }
    };
    let id = state.ids.issue();
    state
        .views
        .open(View::Why(Box::new(WhyView::new(request.clone(), id))));
    vec![read(id, request)]
}

fn request(state: &State, text: &str) -> Result<WhyRequest, String> {
    let (query, max_items) = results_query(state)?;
    let table = state.described().ok_or("the table is not described yet")?;
    // The overview's DescribeTimeToLive when it was read, else the TTL the table's own
    // description carries: the TTL step must not depend on which screen was opened first.
    let ttl_attribute = state
        .table
        .extras
        .loaded()
        .and_then(|extras| extras.enabled_ttl_attribute())
        .or_else(|| table.enabled_ttl_attribute())
        .map(str::to_owned);
    Ok(WhyRequest {
        key: parse_typed_key(table, text.trim())?,
        table: table.clone(),
        query,
        max_items,
        ttl_attribute,
        journal: state.session.journal_path.clone(),
        max_pages: DEFAULT_MAX_PAGES,
        max_requests: DEFAULT_HISTORY_REQUESTS,
    })
}

fn read(id: RequestId, request: WhyRequest) -> Command {
    Command::read(id, ReadFor::Why, Read::Why(Box::new(request)))
}

/// `y`: the explanation as text, for a ticket (once it is read).
pub(in crate::app::update) fn copy(state: &mut State) -> Vec<Command> {
    let View::Why(view) = state.views.current() else {
        return Vec::new();
    };
    let lines = view.lines();
    if lines.is_empty() {
        state.notice = Some(Notice::Error(
            "the explanation is not read yet: nothing to copy".to_owned(),
        ));
        return Vec::new();
    }
    vec![Command::CopyToClipboard {
        text: lines.join("\n"),
        what: "the explanation".to_owned(),
    }]
}

/// `R`: reads the shown explanation again.
pub(in crate::app::update) fn refresh(state: &mut State) -> Vec<Command> {
    let id = state.ids.issue();
    let View::Why(view) = state.views.current_mut() else {
        return Vec::new();
    };
    view.steps = Loadable::Loading(id);
    view.cursor = 0;
    vec![read(id, (*view.request).clone())]
}

/// The explanation is in: it goes to the view that waits for `id`, wherever it stands.
pub(in crate::app::update) fn answered(
    state: &mut State,
    id: RequestId,
    result: Result<Vec<Step>, BackendError>,
) {
    let Some(view) = state.views.views_mut().find_map(|view| match view {
        View::Why(view) if view.steps.awaits(id) => Some(view),
        _ => None,
    }) else {
        return;
    };
    view.steps = match result {
        Ok(steps) => Loadable::Loaded(steps),
        Err(error) => Loadable::Failed(error.to_string()),
    };
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::schema::{KeyAttribute, KeySchema};
    use crate::domain::value::{AttrValue, ValueType};

    fn table() -> TableDescription {
        let key = KeySchema::new(
            KeyAttribute::new("PK", ValueType::S),
            Some(KeyAttribute::new("SK", ValueType::N)),
        );
        TableDescription::new("T", key)
    }

    #[test]
    fn a_typed_key_is_split_after_the_partition_value_and_typed_by_the_schema() {
        let key = parse_typed_key(&table(), "USER#1 42").expect("a key");
        assert_eq!(key.get("PK"), Some(&AttrValue::S("USER#1".to_owned())));
        assert!(matches!(key.get("SK"), Some(AttrValue::N(_))));
        assert!(parse_typed_key(&table(), "USER#1").is_err());
        let refused = parse_typed_key(&table(), "USER#1 x").expect_err("SK is a number");
        assert!(refused.starts_with("SK:"), "{refused}");
        let spaced = parse_typed_key(&table(), "\"Acme Corp\" 7").expect("a quoted key");
        assert_eq!(
            spaced.get("PK"),
            Some(&AttrValue::S("Acme Corp".to_owned()))
        );
        let mut item = spaced.clone();
        item.insert("x".to_owned(), AttrValue::S("y".to_owned()));
        assert_eq!(typed_key_text(&table(), &item), "\"Acme Corp\" 7");
    }
}
