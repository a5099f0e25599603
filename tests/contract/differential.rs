//! Differential comparison: the same requests against the embedded engine and against a server,
//! on identically created and seeded tables; the answers (items, their order, cursors, counts,
//! error kinds and texts, the current item of a failed condition) must match. The engine is
//! compared with DynamoDB Local (the reference) and with dynalite; where dynalite deviates from
//! DynamoDB the engine follows DynamoDB, and the comparison asserts the named deviation instead
//! of hiding the difference.
//!
//! Not compared: the order of a Scan (each store walks its own partition hash order, which
//! DynamoDB does not specify), so scans are compared as sets; consumed capacity (dynalite's
//! rounding is its own).

use std::collections::BTreeSet;

use ddbx::backend::{
    Backend, BackendError, Condition, ExpressionParams, Page, PutRequest, QueryRequest,
    ReturnValues, ScanRequest, UpdateRequest,
};
use ddbx::domain::value::{AttrValue, Item};

use crate::deviations::Deviation;
use crate::differential_reads::{reads, seed_items, spec};
use crate::setup::{Harness, item, n, params, s};
use crate::support::Server;

/// What a request answered, reduced to what must agree between implementations.
#[derive(Clone, Debug, PartialEq)]
pub(crate) enum Answer {
    Pages(Vec<PageShape>),
    Items(BTreeSet<String>),
    Write(Option<Item>),
    /// A failed condition, with the item as stored (ALL_OLD).
    ConditionFailed(Option<Item>),
    /// The error kind and its text without the newer `1 validation error detected: ` prefix.
    Error(String, String),
}

#[derive(Clone, Debug, PartialEq)]
pub(crate) struct PageShape {
    pub(crate) items: Vec<Item>,
    pub(crate) last_evaluated_key: Option<Item>,
    pub(crate) count: u64,
    pub(crate) scanned_count: u64,
}

fn error_answer(error: BackendError) -> Answer {
    let kind = match &error {
        BackendError::Validation(_) => "Validation",
        BackendError::NotFound(_) => "NotFound",
        BackendError::ConditionFailed { .. } => "ConditionFailed",
        BackendError::TransactionCanceled { .. } => "TransactionCanceled",
        _ => "Other",
    };
    let text = match error {
        BackendError::Validation(message) => message
            .trim_start_matches("1 validation error detected: ")
            .to_owned(),
        // The not-found text differs between data-plane and control-plane calls; the kind is
        // what callers act on.
        BackendError::NotFound(_) | BackendError::ConditionFailed { .. } => String::new(),
        other => other.to_string(),
    };
    Answer::Error(kind.to_owned(), text)
}

fn shape(page: Page) -> PageShape {
    PageShape {
        items: page.items,
        last_evaluated_key: page.last_evaluated_key,
        count: page.count,
        scanned_count: page.scanned_count,
    }
}

/// Every page of a query, following cursors (at most 50 pages).
pub(crate) async fn pages(backend: &dyn Backend, mut request: QueryRequest) -> Answer {
    let mut shapes = Vec::new();
    for _ in 0..50 {
        match backend.query(request.clone()).await {
            Err(error) => return error_answer(error),
            Ok(page) => {
                let next = page.last_evaluated_key.clone();
                shapes.push(shape(page));
                match next {
                    Some(cursor) => request.start_key = Some(cursor),
                    None => break,
                }
            }
        }
    }
    Answer::Pages(shapes)
}

async fn scan_set(backend: &dyn Backend, mut request: ScanRequest) -> Answer {
    let mut seen = BTreeSet::new();
    loop {
        match backend.scan(request.clone()).await {
            Err(error) => return error_answer(error),
            Ok(page) => {
                seen.extend(page.items.iter().map(|item| format!("{item:?}")));
                match page.last_evaluated_key {
                    Some(cursor) => request.start_key = Some(cursor),
                    None => return Answer::Items(seen),
                }
            }
        }
    }
}

fn put(table: &str, item: Item, condition: &str) -> PutRequest {
    PutRequest {
        table: table.into(),
        item,
        condition: Condition::new(condition),
        params: ExpressionParams::default(),
        return_values: ReturnValues::AllOld,
    }
}

/// Write scenarios, run in order (each sees the previous ones' effects).
async fn writes(backend: &dyn Backend, table: &str, server: Server) -> Vec<(&'static str, Answer)> {
    let answer = |result: Result<ddbx::backend::WriteOutput, BackendError>| match result {
        Ok(output) => Answer::Write(output.attributes),
        Err(BackendError::ConditionFailed { current }) => {
            if Deviation::DynaliteReturnsNoItemOnConditionFailure.applies_to(server) {
                assert_eq!(
                    current, None,
                    "dynalite returns no item on a failed condition"
                );
            }
            Answer::ConditionFailed(current)
        }
        Err(error) => error_answer(error),
    };
    let key = item([("PK", s("USER#1")), ("SK", s("METADATA"))]);
    let mut out = Vec::new();
    let replacement = item([
        ("PK", s("USER#1")),
        ("SK", s("METADATA")),
        ("name", s("Bea")),
    ]);
    out.push((
        "create over an existing item",
        answer(
            backend
                .put_item(put(table, replacement.clone(), "attribute_not_exists(PK)"))
                .await,
        ),
    ));
    out.push((
        "replace returning the old item",
        answer(
            backend
                .put_item(put(table, replacement, "attribute_exists(PK)"))
                .await,
        ),
    ));
    let mut bad_index = item([("PK", s("USER#9")), ("SK", s("X")), ("GSI1PK", n("1"))]);
    out.push((
        "index key of the wrong type",
        answer(
            backend
                .put_item(put(table, bad_index.clone(), "attribute_not_exists(PK)"))
                .await,
        ),
    ));
    bad_index.insert("GSI1PK".into(), s(""));
    bad_index.insert("GSI1SK".into(), s("x"));
    out.push((
        "empty index key",
        answer(
            backend
                .put_item(put(table, bad_index, "attribute_not_exists(PK)"))
                .await,
        ),
    ));
    out.push((
        "empty sort key",
        answer(
            backend
                .put_item(put(
                    table,
                    item([("PK", s("A")), ("SK", s(""))]),
                    "attribute_not_exists(PK)",
                ))
                .await,
        ),
    ));
    out.push((
        "missing sort key",
        answer(
            backend
                .put_item(put(
                    table,
                    item([("PK", s("A"))]),
                    "attribute_not_exists(PK)",
                ))
                .await,
        ),
    ));
    let update = |expression: &str, return_values: ReturnValues, values: Vec<(&str, AttrValue)>| {
        UpdateRequest {
            table: table.into(),
            key: key.clone(),
            update: expression.into(),
            condition: Condition::new("attribute_exists(PK)"),
            params: params([], []).clone_with(values),
            return_values,
        }
    };
    out.push((
        "update returning updated old",
        answer(
            backend
                .update_item(
                    update(
                        "SET #n = :v",
                        ReturnValues::UpdatedOld,
                        vec![(":v", s("Cy"))],
                    )
                    .clone_named("#n", "name"),
                )
                .await,
        ),
    ));
    out.push((
        "update returning all new",
        answer(
            backend
                .update_item(update(
                    "ADD visits :one",
                    ReturnValues::AllNew,
                    vec![(":one", n("1"))],
                ))
                .await,
        ),
    ));
    out.push((
        "update of a key attribute",
        answer(
            backend
                .update_item(update(
                    "SET SK = :v",
                    ReturnValues::None,
                    vec![(":v", s("x"))],
                ))
                .await,
        ),
    ));
    out
}

/// Small helpers to extend requests built with the shared `params` builder.
trait With {
    fn clone_with(self, values: Vec<(&str, AttrValue)>) -> ExpressionParams;
}

impl With for ExpressionParams {
    fn clone_with(mut self, values: Vec<(&str, AttrValue)>) -> ExpressionParams {
        for (name, value) in values {
            self.values.insert(name.to_owned(), value);
        }
        self
    }
}

trait Named {
    fn clone_named(self, placeholder: &str, name: &str) -> Self;
}

impl Named for UpdateRequest {
    fn clone_named(mut self, placeholder: &str, name: &str) -> Self {
        self.params
            .names
            .insert(placeholder.to_owned(), name.to_owned());
        self
    }
}

async fn answers(h: &Harness) -> Vec<(String, Answer)> {
    let table = h.create("diff", spec()).await;
    h.seed(&table, &seed_items()).await;
    let mut out = Vec::new();
    for (name, request) in reads(&table) {
        out.push((name.to_owned(), pages(h.backend(), request).await));
    }
    let mut segment = ScanRequest::new(&table);
    segment.segment = Some((1, 3));
    segment.limit = Some(4);
    out.push((
        "scan, one segment of three".to_owned(),
        scan_set(h.backend(), segment).await,
    ));
    out.push((
        "scan of everything".to_owned(),
        scan_set(h.backend(), ScanRequest::new(&table)).await,
    ));
    for (name, answer) in writes(h.backend(), &table, h.server).await {
        out.push((name.to_owned(), answer));
    }
    out.push((
        "scan after the writes".to_owned(),
        scan_set(h.backend(), ScanRequest::new(&table)).await,
    ));
    h.drop_table(&table).await;
    out
}

/// Every scenario answers the same on the engine and on dynalite (a scan segment is compared
/// only by its union with the others, since segment membership follows each store's hash).
pub async fn engine_and_dynalite_answer_alike() {
    let Some(dynalite) = Harness::aws(Server::Dynalite).await else {
        return;
    };
    compare_engine_with(&dynalite, known_dynalite_deviation).await;
}

/// Every scenario answers the same on the engine and on DynamoDB Local, with no exception.
pub async fn engine_answers_as_dynamodb_local_does() {
    let Some(reference) = Harness::aws(Server::DdbLocal).await else {
        return;
    };
    compare_engine_with(&reference, known_ddblocal_deviation).await;
}

/// Scenarios whose error text DynamoDB Local words its own way: the deviation, DynamoDB Local's
/// text, and the service's text (which the engine keeps).
const DDBLOCAL_WORDINGS: [(&str, Deviation, &str, &str); 4] = [
    (
        "consistent read on a gsi",
        Deviation::DdbLocalWordsGsiConsistentReadsItsOwnWay,
        "Consistent read cannot be true when querying a GSI",
        "Consistent reads are not supported on global secondary indexes",
    ),
    (
        "start key of another partition",
        Deviation::DdbLocalWordsAStartKeyOutsideThePartitionItsOwnWay,
        "The provided starting key does not match the range key predicate",
        "The provided starting key is outside query boundaries based on provided conditions",
    ),
    (
        "index key of the wrong type",
        Deviation::DdbLocalOmitsTheDetailsOfAnIndexKeyTypeMismatch,
        "One or more parameter values were invalid: Type mismatch for Index Key",
        "One or more parameter values were invalid: Type mismatch for Index Key GSI1PK Expected: S \
         Actual: N IndexName: GSI1",
    ),
    (
        "missing sort key",
        Deviation::DdbLocalWordsAMissingKeyItsOwnWay,
        "One of the required keys was not given a value",
        "One or more parameter values were invalid: Missing the key SK in the item",
    ),
];

/// A difference explained by a named DynamoDB Local wording, checked precisely: DynamoDB Local
/// gives its text and the engine the service's.
fn known_ddblocal_deviation(name: &str, ddblocal: &Answer, engine: &Answer) -> Option<Deviation> {
    let (_, deviation, local_text, aws_text) = DDBLOCAL_WORDINGS
        .iter()
        .find(|(scenario, ..)| *scenario == name)?;
    let validation = |text: &str| Answer::Error("Validation".into(), text.into());
    assert_eq!(
        ddblocal,
        &validation(local_text),
        "{deviation:?} no longer shows"
    );
    assert_eq!(
        engine,
        &validation(aws_text),
        "the engine keeps the service's words"
    );
    Some(*deviation)
}

/// A check that a difference is a named deviation of the server, and that the engine answers
/// as DynamoDB does there.
type KnownDeviation = fn(&str, &Answer, &Answer) -> Option<Deviation>;

async fn compare_engine_with(server: &Harness, known: KnownDeviation) {
    let Some(memory) = Harness::memory().await else {
        return;
    };
    let expected = answers(server).await;
    let actual = answers(&memory).await;
    let name = server.server.name();
    let mut differences = Vec::new();
    for ((scenario, server_answer), (_, memory_answer)) in expected.iter().zip(&actual) {
        if scenario.starts_with("scan, one segment") {
            continue;
        }
        if let Some(deviation) = known(scenario, server_answer, memory_answer) {
            deviation.note(server.server);
            continue;
        }
        if server_answer != memory_answer {
            differences.push(format!(
                "{scenario}:\n  {name}: {server_answer:?}\n  engine:   {memory_answer:?}"
            ));
        }
    }
    assert!(
        differences.is_empty(),
        "{} differences:\n{}",
        differences.len(),
        differences.join("\n")
    );
}

/// The item dynalite wrongly accepts in the "empty index key" scenario.
const EMPTY_INDEX_KEY_ITEM: &str = "USER#9";

/// A difference explained by a named dynalite deviation, checked precisely: dynalite shows the
/// deviation and the engine answers as DynamoDB does.
fn known_dynalite_deviation(name: &str, dynalite: &Answer, engine: &Answer) -> Option<Deviation> {
    if let (Answer::ConditionFailed(None), Answer::ConditionFailed(Some(_))) = (dynalite, engine) {
        return Some(Deviation::DynaliteReturnsNoItemOnConditionFailure);
    }
    let deviation = Deviation::DynaliteAcceptsEmptyIndexKeyValues;
    match name {
        "empty index key" => {
            assert_eq!(
                dynalite,
                &Answer::Write(None),
                "{deviation:?} no longer shows"
            );
            assert_eq!(
                engine,
                &Answer::Error(
                    "Validation".into(),
                    "One or more parameter values are not valid. A value specified for a secondary index key is not supported. The AttributeValue for a key attribute cannot contain an empty string value. IndexName: GSI1, IndexKey: GSI1PK".into()
                )
            );
            Some(deviation)
        }
        "scan after the writes" => {
            let (Answer::Items(on_dynalite), Answer::Items(on_engine)) = (dynalite, engine) else {
                return None;
            };
            let marker = format!("S(\"{EMPTY_INDEX_KEY_ITEM}\")");
            let without: BTreeSet<String> = on_dynalite
                .iter()
                .filter(|item| !item.contains(&marker))
                .cloned()
                .collect();
            assert_eq!(&without, on_engine, "apart from the wrongly stored item");
            (without.len() + 1 == on_dynalite.len()).then_some(deviation)
        }
        _ => None,
    }
}
