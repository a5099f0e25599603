//! Conditional writes, limits, transactions and concurrency.

use std::sync::Arc;

use ddbx::backend::{
    Backend, BackendError, Condition, DeleteRequest, ExpressionParams, GetRequest, QueryRequest,
    ReturnValues, ScanRequest, TransactAction, TransactWriteRequest, UpdateRequest,
};
use ddbx::domain::value::AttrValue;

use crate::{account, item, key, params, put, small_engine, versioned_update};

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
async fn a_retried_transaction_with_the_same_token_applies_once_and_a_reused_token_is_refused() {
    let engine = small_engine();
    engine
        .put_item(put("T", account(10, 1), "attribute_not_exists(PK)"))
        .await
        .expect("create");
    let mut transfer = TransactWriteRequest {
        actions: vec![TransactAction::Update(versioned_update(1))],
        client_token: Some("token-1".into()),
    };
    let first = engine
        .transact_write(transfer.clone())
        .await
        .expect("applied");
    // The same request again: the first outcome, and the version condition is not re-run.
    let again = engine
        .transact_write(transfer.clone())
        .await
        .expect("replayed");
    assert_eq!(first, again);
    transfer.actions = vec![TransactAction::Update(versioned_update(2))];
    let error = engine
        .transact_write(transfer)
        .await
        .expect_err("token reused");
    assert!(
        matches!(&error, BackendError::Service { code, .. } if code == "IdempotentParameterMismatchException"),
        "{error:?}"
    );
    let scan = engine.scan(ScanRequest::new("T")).await.expect("scan");
    assert_eq!(scan.items, vec![account(15, 2)]);
}
