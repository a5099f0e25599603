//! The embedded engine through the `Backend` trait, on the demo table and on small tables.

use std::collections::BTreeMap;
use std::sync::Arc;

use ddbx::backend::memory::MemoryBackend;
use ddbx::backend::{
    Backend, BackendError, Condition, DeleteRequest, ExpressionParams, GetRequest, PutRequest,
    QueryRequest, ReturnValues, ScanRequest, Select, TransactAction, TransactWriteRequest,
    UpdateRequest,
};
use ddbx::demo;
use ddbx::domain::value::{AttrValue, Item};

fn params(names: &[(&str, &str)], values: &[(&str, AttrValue)]) -> ExpressionParams {
    ExpressionParams {
        names: names
            .iter()
            .map(|(k, v)| ((*k).to_owned(), (*v).to_owned()))
            .collect(),
        values: values
            .iter()
            .map(|(k, v)| ((*k).to_owned(), v.clone()))
            .collect(),
    }
}

fn item(pairs: &[(&str, AttrValue)]) -> Item {
    pairs
        .iter()
        .map(|(k, v)| ((*k).to_owned(), v.clone()))
        .collect()
}

fn demo_engine() -> MemoryBackend {
    let (description, items) = demo::generate(demo::DEFAULT_SEED, 2_000);
    MemoryBackend::new(description, items).expect("demo items are valid")
}

fn text<'a>(item: &'a Item, name: &str) -> &'a str {
    item.get(name).and_then(AttrValue::as_s).unwrap_or("")
}

/// The first user that has at least `orders` orders.
async fn user_with_orders(engine: &MemoryBackend, orders: usize) -> String {
    let mut request = ScanRequest::new(demo::TABLE_NAME);
    request.filter = Some("begins_with(SK, :o)".into());
    request.params = params(&[], &[(":o", AttrValue::s("ORDER#"))]);
    let page = engine.scan(request).await.expect("scan");
    let mut counts: BTreeMap<String, usize> = BTreeMap::new();
    for item in &page.items {
        *counts.entry(text(item, "PK").to_owned()).or_default() += 1;
    }
    counts
        .into_iter()
        .find(|(pk, count)| pk.starts_with("USER#") && *count >= orders)
        .map(|(pk, _)| pk)
        .expect("some user has enough orders")
}

#[tokio::test]
async fn a_users_orders_come_back_newest_first_and_page_with_a_cursor() {
    let engine = demo_engine();
    let user = user_with_orders(&engine, 3).await;
    let mut request = QueryRequest::new(
        demo::TABLE_NAME,
        "PK = :pk AND begins_with(SK, :prefix)",
        params(
            &[],
            &[
                (":pk", AttrValue::s(&user)),
                (":prefix", AttrValue::s("ORDER#")),
            ],
        ),
    );
    request.forward = false;
    let whole = engine.query(request.clone()).await.expect("query");
    let keys: Vec<&str> = whole.items.iter().map(|i| text(i, "SK")).collect();
    let mut sorted = keys.clone();
    sorted.sort_unstable_by(|a, b| b.cmp(a));
    assert_eq!(keys, sorted);
    assert!(keys.len() >= 3);
    assert_eq!(whole.last_evaluated_key, None);

    request.limit = Some(2);
    let first = engine.query(request.clone()).await.expect("first page");
    assert_eq!(first.items, whole.items[..2]);
    let cursor = first.last_evaluated_key.expect("cursor");
    assert_eq!(
        cursor.keys().map(String::as_str).collect::<Vec<_>>(),
        ["PK", "SK"]
    );
    request.start_key = Some(cursor);
    let second = engine.query(request).await.expect("second page");
    assert_eq!(second.items[0], whole.items[2]);
}

#[tokio::test]
async fn limit_applies_before_the_filter_and_count_reports_both_counts() {
    let engine = demo_engine();
    let user = user_with_orders(&engine, 2).await;
    let mut request = QueryRequest::new(
        demo::TABLE_NAME,
        "PK = :pk",
        params(
            &[("#t", "type")],
            &[(":pk", AttrValue::s(&user)), (":u", AttrValue::s("User"))],
        ),
    );
    request.filter = Some("#t = :u".into());
    request.limit = Some(1);
    request.forward = false;
    // Newest first: the first item read is an ORDER or SESSION row, which the filter drops.
    let page = engine.query(request.clone()).await.expect("query");
    assert_eq!((page.count, page.scanned_count), (0, 1));
    assert!(page.items.is_empty());
    assert!(page.last_evaluated_key.is_some());

    request.limit = None;
    request.select = Select::Count;
    let counted = engine.query(request).await.expect("count");
    assert!(counted.items.is_empty());
    assert_eq!(counted.count, 1);
    assert!(counted.scanned_count >= 3);
}

#[tokio::test]
async fn the_sparse_review_index_holds_only_flagged_orders_with_its_included_attributes() {
    let engine = demo_engine();
    let mut request = QueryRequest::new(
        demo::TABLE_NAME,
        "GSI2PK = :review",
        params(&[], &[(":review", AttrValue::s("ORDERS_PENDING_REVIEW"))]),
    );
    request.index = Some("GSI2".into());
    let page = engine.query(request).await.expect("query");
    assert!(!page.items.is_empty());
    for item in &page.items {
        let names: Vec<&str> = item.keys().map(String::as_str).collect();
        assert_eq!(names, ["GSI2PK", "GSI2SK", "PK", "SK", "status", "total"]);
        assert_eq!(text(item, "status"), "PENDING");
    }
    let consumed = page.consumed.expect("capacity");
    assert!(consumed.indexes.contains_key("GSI2"));
}

fn small_engine() -> MemoryBackend {
    let (mut description, _) = demo::generate(1, 0);
    description.name = "T".into();
    MemoryBackend::new(description, Vec::new()).expect("empty table")
}

fn put(table: &str, item: Item, condition: &str) -> PutRequest {
    PutRequest {
        table: table.into(),
        item,
        condition: Condition::new(condition),
        params: ExpressionParams::default(),
        return_values: ReturnValues::None,
    }
}

fn account(balance: i64, version: i64) -> Item {
    item(&[
        ("PK", AttrValue::s("ACCOUNT#1")),
        ("SK", AttrValue::s("METADATA")),
        ("balance", AttrValue::n(balance)),
        ("version", AttrValue::n(version)),
    ])
}

fn key() -> Item {
    item(&[
        ("PK", AttrValue::s("ACCOUNT#1")),
        ("SK", AttrValue::s("METADATA")),
    ])
}

#[tokio::test]
async fn a_create_condition_refuses_to_overwrite_and_returns_the_current_item() {
    let engine = small_engine();
    engine
        .put_item(put("T", account(10, 1), "attribute_not_exists(PK)"))
        .await
        .expect("create");
    let error = engine
        .put_item(put("T", account(99, 1), "attribute_not_exists(PK)"))
        .await
        .expect_err("second create fails");
    assert_eq!(
        error,
        BackendError::ConditionFailed {
            current: Some(account(10, 1))
        }
    );
}

fn versioned_update(expected_version: i64) -> UpdateRequest {
    UpdateRequest {
        table: "T".into(),
        key: key(),
        update: "SET balance = balance + :amount, version = version + :one".into(),
        condition: Condition::new("version = :expected"),
        params: params(
            &[],
            &[
                (":amount", AttrValue::n(5)),
                (":one", AttrValue::n(1)),
                (":expected", AttrValue::n(expected_version)),
            ],
        ),
        return_values: ReturnValues::UpdatedNew,
    }
}

#[tokio::test]
async fn an_optimistic_update_applies_once_and_a_stale_version_fails_without_change() {
    let engine = small_engine();
    engine
        .put_item(put("T", account(10, 1), "attribute_not_exists(PK)"))
        .await
        .expect("create");
    let output = engine
        .update_item(versioned_update(1))
        .await
        .expect("update");
    assert_eq!(
        output.attributes,
        Some(item(&[
            ("balance", AttrValue::n(15)),
            ("version", AttrValue::n(2))
        ]))
    );
    let stale = engine
        .update_item(versioned_update(1))
        .await
        .expect_err("stale");
    assert!(matches!(
        stale,
        BackendError::ConditionFailed { current: Some(_) }
    ));
    let get = GetRequest {
        table: "T".into(),
        key: key(),
        projection: None,
        params: ExpressionParams::default(),
        consistent_read: false,
    };
    let stored = engine.get_item(get).await.expect("get");
    assert_eq!(stored.item, Some(account(15, 2)));
    assert_eq!(stored.consumed.map(|c| c.total), Some(0.5));
}

#[tokio::test]
async fn writes_that_break_limits_or_index_types_fail_with_the_service_message_and_change_nothing()
{
    let engine = small_engine();
    engine
        .put_item(put("T", account(10, 1), "attribute_not_exists(PK)"))
        .await
        .expect("create");
    let mut wrong_index_type = account(10, 1);
    wrong_index_type.insert("GSI1PK".into(), AttrValue::n(3));
    let mut too_large = account(10, 1);
    too_large.insert("blob".into(), AttrValue::s("x".repeat(400 * 1024)));
    let cases = [
        (
            wrong_index_type,
            "One or more parameter values were invalid: Type mismatch for Index Key GSI1PK Expected: S Actual: N IndexName: GSI1",
        ),
        (too_large, "Item size has exceeded the maximum allowed size"),
    ];
    for (item, expected) in cases {
        let error = engine
            .put_item(put("T", item, "attribute_exists(PK)"))
            .await
            .expect_err("refused");
        assert_eq!(error, BackendError::Validation(expected.into()));
    }
    let update = UpdateRequest {
        table: "T".into(),
        key: key(),
        update: "SET LSI1SK = :empty".into(),
        condition: Condition::new("attribute_exists(PK)"),
        params: params(&[], &[(":empty", AttrValue::s(""))]),
        return_values: ReturnValues::None,
    };
    let error = engine
        .update_item(update)
        .await
        .expect_err("empty index key");
    assert!(
        error
            .to_string()
            .contains("IndexName: LSI1, IndexKey: LSI1SK"),
        "{error}"
    );
    let get = GetRequest {
        table: "T".into(),
        key: key(),
        projection: None,
        params: ExpressionParams::default(),
        consistent_read: true,
    };
    assert_eq!(
        engine.get_item(get).await.expect("get").item,
        Some(account(10, 1))
    );
}

#[tokio::test]
async fn expression_mistakes_are_reported_with_the_service_wording() {
    let engine = small_engine();
    let mut unused = QueryRequest::new(
        "T",
        "PK = :pk",
        params(&[("#x", "x")], &[(":pk", AttrValue::s("A"))]),
    );
    let error = engine.query(unused.clone()).await.expect_err("unused name");
    assert_eq!(
        error,
        BackendError::Validation(
            "Value provided in ExpressionAttributeNames unused in expressions: keys: {#x}".into()
        )
    );
    unused.params.names.clear();
    unused.filter = Some("SK = :pk".into());
    let error = engine.query(unused).await.expect_err("filter on a key");
    assert_eq!(
        error,
        BackendError::Validation("Filter Expression can only contain non-primary key attributes: Primary key attribute: SK".into())
    );
    let missing = engine.describe_table("Nope").await.expect_err("no table");
    assert!(matches!(missing, BackendError::NotFound(_)));
}

#[tokio::test]
async fn a_transaction_with_one_failed_condition_writes_nothing_and_names_the_reason() {
    let engine = small_engine();
    engine
        .put_item(put("T", account(10, 1), "attribute_not_exists(PK)"))
        .await
        .expect("create");
    let other = item(&[
        ("PK", AttrValue::s("ACCOUNT#2")),
        ("SK", AttrValue::s("METADATA")),
        ("balance", AttrValue::n(0)),
    ]);
    let transfer = |expected_version: i64| TransactWriteRequest {
        actions: vec![
            TransactAction::Put(put("T", other.clone(), "attribute_not_exists(PK)")),
            TransactAction::Update(versioned_update(expected_version)),
        ],
        client_token: None,
    };
    let error = engine
        .transact_write(transfer(7))
        .await
        .expect_err("cancelled");
    let BackendError::TransactionCanceled { message, reasons } = error else {
        panic!("expected a cancellation, got {error:?}");
    };
    assert_eq!(
        message,
        "Transaction cancelled, please refer cancellation reasons for specific reasons [None, ConditionalCheckFailed]"
    );
    assert_eq!(reasons[1].item, Some(account(10, 1)));
    let scan = engine.scan(ScanRequest::new("T")).await.expect("scan");
    assert_eq!(scan.items, vec![account(10, 1)]);

    let output = engine.transact_write(transfer(1)).await.expect("committed");
    assert_eq!(output.consumed.len(), 1);
    assert_eq!(
        engine
            .scan(ScanRequest::new("T"))
            .await
            .expect("scan")
            .count,
        2
    );
}

#[tokio::test]
async fn two_actions_on_one_item_in_a_transaction_are_refused() {
    let engine = small_engine();
    let request = TransactWriteRequest {
        actions: vec![
            TransactAction::Put(put("T", account(1, 1), "attribute_not_exists(PK)")),
            TransactAction::Delete(DeleteRequest {
                table: "T".into(),
                key: key(),
                condition: Condition::new("attribute_exists(PK)"),
                params: ExpressionParams::default(),
                return_values: ReturnValues::None,
            }),
        ],
        client_token: None,
    };
    let error = engine.transact_write(request).await.expect_err("refused");
    assert_eq!(
        error,
        BackendError::Validation(
            "Transaction request cannot include multiple operations on one item".into()
        )
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn concurrent_increments_from_many_tasks_are_all_applied() {
    let engine: Arc<dyn Backend> = Arc::new(small_engine());
    engine
        .put_item(put("T", account(0, 0), "attribute_not_exists(PK)"))
        .await
        .expect("create");
    let tasks: Vec<_> = (0..64)
        .map(|_| {
            let engine = Arc::clone(&engine);
            tokio::spawn(async move {
                let request = UpdateRequest {
                    table: "T".into(),
                    key: key(),
                    update: "ADD balance :one".into(),
                    condition: Condition::new("attribute_exists(PK)"),
                    params: params(&[], &[(":one", AttrValue::n(1))]),
                    return_values: ReturnValues::None,
                };
                engine.update_item(request).await
            })
        })
        .collect();
    for task in tasks {
        task.await.expect("task ran").expect("update");
    }
    let delete = DeleteRequest {
        table: "T".into(),
        key: key(),
        condition: Condition::new("balance = :n"),
        params: params(&[], &[(":n", AttrValue::n(64))]),
        return_values: ReturnValues::AllOld,
    };
    let output = engine.delete_item(delete).await.expect("balance is 64");
    assert_eq!(
        output.attributes.and_then(|i| i.get("balance").cloned()),
        Some(AttrValue::n(64))
    );
}

#[tokio::test]
async fn the_connection_reports_memory_and_lists_the_demo_table() {
    let engine = demo_engine();
    assert_eq!(engine.connection().kind, "memory");
    assert_eq!(
        engine.list_tables().await.expect("list"),
        [demo::TABLE_NAME]
    );
    let description = engine
        .describe_table(demo::TABLE_NAME)
        .await
        .expect("describe");
    assert_eq!(description.item_count, Some(2_000));
}
