//! Conditional put, update and delete: success, failure and what a failure carries.

use ddbx::backend::{
    BackendError, Condition, DeleteRequest, ExpressionParams, GetRequest, PutRequest, ReturnValues,
    UpdateRequest,
};
use ddbx::domain::value::Item;

use crate::deviations::Deviation;
use crate::setup::{Harness, item, n, params, s};
use crate::support::tables::TableSpec;

fn profile(version: &str, name: &str) -> Item {
    item([
        ("PK", s("USER#1")),
        ("SK", s("PROFILE")),
        ("version", n(version)),
        ("name", s(name)),
    ])
}

fn key() -> Item {
    item([("PK", s("USER#1")), ("SK", s("PROFILE"))])
}

fn create(table: &str, item: Item) -> PutRequest {
    PutRequest {
        table: table.to_owned(),
        item,
        condition: Condition::new("attribute_not_exists(#pk)"),
        params: params([("#pk", "PK")], []),
        return_values: ReturnValues::None,
    }
}

async fn stored(h: &Harness, table: &str) -> Option<Item> {
    let request = GetRequest {
        table: table.to_owned(),
        key: key(),
        projection: None,
        params: ExpressionParams::default(),
        consistent_read: true,
    };
    h.backend().get_item(request).await.expect("get_item").item
}

/// Asserts a condition failure and what it carries: the item as stored now, except on servers
/// known not to return it.
fn assert_condition_failed(
    h: &Harness,
    result: Result<impl std::fmt::Debug, BackendError>,
    now: Option<&Item>,
) {
    let Err(BackendError::ConditionFailed { current }) = result else {
        panic!(
            "expected ConditionFailed on {}, got {result:?}",
            h.server.name()
        )
    };
    if now.is_some() && Deviation::DynaliteReturnsNoItemOnConditionFailure.applies_to(h.server) {
        Deviation::DynaliteReturnsNoItemOnConditionFailure.note(h.server);
        assert_eq!(current, None);
    } else {
        assert_eq!(
            current.as_ref(),
            now,
            "ConditionFailed carries the current item (ALL_OLD)"
        );
    }
}

pub async fn conditional_put_succeeds_then_fails_on_an_existing_item(h: &Harness) {
    let table = h.create("put", TableSpec::single_table("")).await;
    let original = profile("1", "Ada");
    h.backend()
        .put_item(create(&table, original.clone()))
        .await
        .expect("create");
    let again = h
        .backend()
        .put_item(create(&table, profile("1", "Grace")))
        .await;
    assert_condition_failed(h, again, Some(&original));
    assert_eq!(stored(h, &table).await, Some(original));
    h.drop_table(&table).await;
}

fn bump(table: &str, expected_version: &str) -> UpdateRequest {
    UpdateRequest {
        table: table.to_owned(),
        key: key(),
        update: "SET #v = #v + :one, #name = :name".to_owned(),
        condition: Condition::new("#v = :expected"),
        params: params(
            [("#v", "version"), ("#name", "name")],
            [
                (":one", n("1")),
                (":expected", n(expected_version)),
                (":name", s("Grace")),
            ],
        ),
        return_values: ReturnValues::AllNew,
    }
}

pub async fn conditional_update_applies_and_returns_new_values(h: &Harness) {
    let table = h.create("update", TableSpec::single_table("")).await;
    h.seed(&table, &[profile("41", "Ada")]).await;
    let output = h
        .backend()
        .update_item(bump(&table, "41"))
        .await
        .expect("update");
    assert_eq!(output.attributes, Some(profile("42", "Grace")));
    assert_eq!(stored(h, &table).await, Some(profile("42", "Grace")));
    h.drop_table(&table).await;
}

pub async fn conditional_update_failure_leaves_the_item_unchanged(h: &Harness) {
    let table = h.create("update-f", TableSpec::single_table("")).await;
    let original = profile("7", "Ada");
    h.seed(&table, std::slice::from_ref(&original)).await;
    let result = h.backend().update_item(bump(&table, "6")).await;
    assert_condition_failed(h, result, Some(&original));
    assert_eq!(stored(h, &table).await, Some(original));
    h.drop_table(&table).await;
}

pub async fn conditional_delete_succeeds_and_fails_as_the_condition_says(h: &Harness) {
    let table = h.create("delete", TableSpec::single_table("")).await;
    let original = profile("3", "Ada");
    h.seed(&table, std::slice::from_ref(&original)).await;
    let delete = |expected: &str| DeleteRequest {
        table: table.clone(),
        key: key(),
        condition: Condition::new("#v = :expected"),
        params: params([("#v", "version")], [(":expected", n(expected))]),
        return_values: ReturnValues::AllOld,
    };
    let refused = h.backend().delete_item(delete("2")).await;
    assert_condition_failed(h, refused, Some(&original));
    assert_eq!(
        stored(h, &table).await,
        Some(original.clone()),
        "refused delete changes nothing"
    );

    let output = h.backend().delete_item(delete("3")).await.expect("delete");
    assert_eq!(output.attributes, Some(original));
    assert_eq!(stored(h, &table).await, None);

    // The item is gone: the condition fails and there is no current item to return.
    let gone = h.backend().delete_item(delete("3")).await;
    assert_condition_failed(h, gone, None);
    h.drop_table(&table).await;
}

pub async fn writes_report_consumed_capacity(h: &Harness) {
    let table = h.create("capacity", TableSpec::single_table("")).await;
    let put = h
        .backend()
        .put_item(create(&table, profile("1", "Ada")))
        .await
        .expect("put");
    let consumed = put.consumed.expect("PutItem reports consumed capacity");
    assert!(consumed.total >= 1.0, "{consumed:?}");
    let update = h
        .backend()
        .update_item(bump(&table, "1"))
        .await
        .expect("update");
    if Deviation::MotoUnderReportsUpdateCapacity.applies_to(h.server) {
        Deviation::MotoUnderReportsUpdateCapacity.note(h.server);
        assert_eq!(update.consumed.map(|consumed| consumed.total), Some(0.5));
    } else {
        let consumed = update
            .consumed
            .expect("UpdateItem reports consumed capacity");
        assert!(consumed.total >= 1.0, "{consumed:?}");
    }
    h.drop_table(&table).await;
}
