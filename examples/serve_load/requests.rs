//! The table the runs read and write, and the bodies of the four measured operations.

use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Instant;

use hyper::body::Bytes;
use serde_json::{Value, json};

use crate::connection::Connection;

pub const TABLE: &str = "BenchServeLoad";

/// An item of about 200 bytes, as the query reads 100 of them.
fn item(pk: &str, sk: &str, n: usize) -> Value {
    json!({
        "PK": {"S": pk}, "SK": {"S": sk},
        "total": {"N": format!("{n}.25")}, "status": {"S": "SHIPPED"},
        "note": {"S": "x".repeat(120)},
    })
}

fn create_table(name: &str) -> Bytes {
    let key = |name: &str, kind: &str| json!({"AttributeName": name, "KeyType": kind});
    let attribute = |name: &str| json!({"AttributeName": name, "AttributeType": "S"});
    Bytes::from(
        json!({
            "TableName": name, "BillingMode": "PAY_PER_REQUEST",
            "KeySchema": [key("PK", "HASH"), key("SK", "RANGE")],
            "AttributeDefinitions": [attribute("PK"), attribute("SK")],
        })
        .to_string(),
    )
}

fn batch(table: &str, items: Vec<Value>) -> Bytes {
    let puts: Vec<Value> = items
        .into_iter()
        .map(|item| json!({"PutRequest": {"Item": item}}))
        .collect();
    Bytes::from(json!({"RequestItems": {table: puts}}).to_string())
}

async fn expect_ok(connection: &mut Connection, operation: &str, body: Bytes) {
    let (status, answer) = connection
        .call(operation, body)
        .await
        .unwrap_or_else(|error| panic!("{operation}: {error}"));
    assert_eq!(
        status,
        200,
        "{operation}: {}",
        String::from_utf8_lossy(&answer)
    );
}

/// Creates the measured table with one partition of 100 items.
pub async fn setup(address: &str) {
    let mut connection = Connection::open(address).await.expect("a connection");
    expect_ok(&mut connection, "CreateTable", create_table(TABLE)).await;
    for start in (0..100).step_by(25) {
        let items = (start..start + 25)
            .map(|n| item("USER#1", &format!("ORDER#{n:04}"), n))
            .collect();
        expect_ok(&mut connection, "BatchWriteItem", batch(TABLE, items)).await;
    }
}

/// The body of request number `n` of `operation`: reads are the same each time; writes go to
/// fresh keys so no two requests contend.
pub fn body(operation: &str, n: usize) -> Bytes {
    let value = match operation {
        "GetItem" => json!({"TableName": TABLE,
            "Key": {"PK": {"S": "USER#1"}, "SK": {"S": "ORDER#0042"}}}),
        "Query" => json!({"TableName": TABLE, "KeyConditionExpression": "PK = :pk",
            "ExpressionAttributeValues": {":pk": {"S": "USER#1"}}}),
        "PutItem" => json!({"TableName": TABLE, "Item": item("USER#2", &format!("PUT#{n}"), n)}),
        "TransactWriteItems" => json!({"TransactItems": [
            {"Put": {"TableName": TABLE, "Item": item("USER#3", &format!("TX#{n}#A"), n)}},
            {"Put": {"TableName": TABLE, "Item": item("USER#3", &format!("TX#{n}#B"), n)}},
        ]}),
        other => panic!("no request for {other}"),
    };
    Bytes::from(value.to_string())
}

/// Writes `items` items of ~200 bytes into a fresh table `BenchMillion` over 16 connections,
/// 25 to a BatchWriteItem, and prints how long it took.
pub async fn load(address: &str, items: usize) {
    let mut connection = Connection::open(address).await.expect("a connection");
    expect_ok(&mut connection, "CreateTable", create_table("BenchMillion")).await;
    let next = Arc::new(AtomicUsize::new(0));
    let start = Instant::now();
    let workers: Vec<_> = (0..16)
        .map(|_| {
            let next = next.clone();
            let address = address.to_owned();
            tokio::spawn(async move {
                let mut connection = Connection::open(&address).await.expect("a connection");
                loop {
                    let first = next.fetch_add(25, Ordering::Relaxed);
                    if first >= items {
                        return;
                    }
                    let batch_items = (first..(first + 25).min(items))
                        .map(|n| item(&format!("P#{}", n / 100), &format!("S#{n:07}"), n))
                        .collect();
                    let body = batch("BenchMillion", batch_items);
                    expect_ok(&mut connection, "BatchWriteItem", body).await;
                }
            })
        })
        .collect();
    for worker in workers {
        worker.await.expect("a loader ends");
    }
    let seconds = start.elapsed().as_secs_f64();
    println!(
        "loaded {items} items in {seconds:.1} s ({:.0} items/s)",
        items as f64 / seconds
    );
}
