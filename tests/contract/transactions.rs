//! TransactWriteItems: all or nothing, with one cancellation reason per action, in order.

use ddbx::backend::{
    BackendError, Condition, DeleteRequest, ExpressionParams, GetRequest, PutRequest, ReturnValues,
    TransactAction, TransactWriteRequest, UpdateRequest,
};
use ddbx::domain::value::Item;

use crate::deviations::Deviation;
use crate::setup::{Harness, item, n, params, s};
use crate::support::tables::TableSpec;

fn row(pk: &str, balance: &str) -> Item {
    item([("PK", s(pk)), ("SK", s("ACCOUNT")), ("balance", n(balance))])
}

fn key(pk: &str) -> Item {
    item([("PK", s(pk)), ("SK", s("ACCOUNT"))])
}

async fn stored(h: &Harness, table: &str, pk: &str) -> Option<Item> {
    let request = GetRequest {
        table: table.to_owned(),
        key: key(pk),
        projection: None,
        params: ExpressionParams::default(),
        consistent_read: true,
    };
    h.backend().get_item(request).await.expect("get_item").item
}

/// Put a new account, debit an existing one if it has enough, delete a third, check a fourth.
fn transfer(table: &str, debit: &str, required_flag: &str) -> TransactWriteRequest {
    TransactWriteRequest {
        actions: vec![
            TransactAction::Put(PutRequest {
                table: table.to_owned(),
                item: row("ACC#new", "10"),
                condition: Condition::new("attribute_not_exists(PK)"),
                params: ExpressionParams::default(),
                return_values: ReturnValues::None,
            }),
            TransactAction::Update(UpdateRequest {
                table: table.to_owned(),
                key: key("ACC#from"),
                update: "SET balance = balance - :debit".to_owned(),
                condition: Condition::new("balance >= :debit"),
                params: params([], [(":debit", n(debit))]),
                return_values: ReturnValues::None,
            }),
            TransactAction::Delete(DeleteRequest {
                table: table.to_owned(),
                key: key("ACC#closed"),
                condition: Condition::new("attribute_exists(PK)"),
                params: ExpressionParams::default(),
                return_values: ReturnValues::None,
            }),
            TransactAction::ConditionCheck {
                table: table.to_owned(),
                key: key("ACC#audit"),
                condition: Condition::new("#flag = :flag"),
                params: params([("#flag", "balance")], [(":flag", n(required_flag))]),
            },
        ],
        client_token: None,
    }
}

async fn seeded_table(h: &Harness) -> String {
    let table = h.create("tx", TableSpec::single_table("")).await;
    h.seed(
        &table,
        &[
            row("ACC#from", "50"),
            row("ACC#closed", "0"),
            row("ACC#audit", "1"),
        ],
    )
    .await;
    table
}

/// dynalite has no transactions: the call must fail cleanly with the server's code, not panic.
fn unsupported_here(
    h: &Harness,
    result: &Result<ddbx::backend::TransactOutput, BackendError>,
) -> bool {
    if !Deviation::DynaliteHasNoTransactions.applies_to(h.server) {
        return false;
    }
    Deviation::DynaliteHasNoTransactions.note(h.server);
    match result {
        Err(BackendError::Service { code, .. }) if code == "UnknownOperationException" => {}
        other => panic!("dynalite answered a transaction with {other:?}"),
    }
    true
}

pub async fn transact_write_is_all_or_nothing_with_reasons_in_order(h: &Harness) {
    let table = seeded_table(h).await;
    // The debit of 60 exceeds the balance of 50, and the audit check wants 2, not 1.
    let result = h
        .backend()
        .transact_write(transfer(&table, "60", "2"))
        .await;
    if unsupported_here(h, &result) {
        h.drop_table(&table).await;
        return;
    }
    let Err(BackendError::TransactionCanceled { message, reasons }) = result else {
        panic!("expected TransactionCanceled, got {result:?}")
    };
    assert!(message.contains("ConditionalCheckFailed"), "{message}");
    let codes: Vec<&str> = reasons.iter().map(|reason| reason.code.as_str()).collect();
    assert_eq!(
        codes,
        [
            "None",
            "ConditionalCheckFailed",
            "None",
            "ConditionalCheckFailed"
        ]
    );
    assert_eq!(
        reasons[1].item,
        Some(row("ACC#from", "50")),
        "ALL_OLD item of the failed update"
    );
    assert_eq!(
        reasons[3].item,
        Some(row("ACC#audit", "1")),
        "ALL_OLD item of the failed check"
    );
    assert_eq!(reasons[0].item, None);
    // Nothing was applied.
    assert_eq!(stored(h, &table, "ACC#new").await, None);
    assert_eq!(
        stored(h, &table, "ACC#from").await,
        Some(row("ACC#from", "50"))
    );
    assert_eq!(
        stored(h, &table, "ACC#closed").await,
        Some(row("ACC#closed", "0"))
    );
    h.drop_table(&table).await;
}

pub async fn transact_write_applies_every_action_when_all_conditions_hold(h: &Harness) {
    let table = seeded_table(h).await;
    let result = h
        .backend()
        .transact_write(transfer(&table, "20", "1"))
        .await;
    if unsupported_here(h, &result) {
        h.drop_table(&table).await;
        return;
    }
    result.expect("transaction applies");
    assert_eq!(
        stored(h, &table, "ACC#new").await,
        Some(row("ACC#new", "10"))
    );
    assert_eq!(
        stored(h, &table, "ACC#from").await,
        Some(row("ACC#from", "30"))
    );
    assert_eq!(stored(h, &table, "ACC#closed").await, None);
    assert_eq!(
        stored(h, &table, "ACC#audit").await,
        Some(row("ACC#audit", "1"))
    );
    h.drop_table(&table).await;
}
