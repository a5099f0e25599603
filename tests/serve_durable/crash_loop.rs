//! A writer acknowledged over and over, the server killed with SIGKILL at a random moment, in
//! several rounds on the same folder: after each restart every acknowledged put is there, every
//! acknowledged delete is gone, and each two-item transaction is there whole or not at all.

use std::collections::BTreeSet;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use aws_sdk_dynamodb::Client;
use aws_sdk_dynamodb::config::retry::RetryConfig;
use aws_sdk_dynamodb::config::{BehaviorVersion, Credentials, Region};
use aws_sdk_dynamodb::types::{
    AttributeDefinition, AttributeValue, BillingMode, KeySchemaElement, KeyType, Put,
    ScalarAttributeType, TransactWriteItem,
};

use crate::process::Durable;
use crate::support::block_on;
use crate::support::scratch::Scratch;

const TABLE: &str = "Crash";
const ROUNDS: u64 = 5;

/// What the server acknowledged before it was killed.
#[derive(Default)]
struct Acknowledged {
    puts: BTreeSet<String>,
    /// Deletes sent, answered or not: one the kill cut off may or may not have happened.
    deletes_sent: BTreeSet<String>,
    deletes: BTreeSet<String>,
    transactions: BTreeSet<String>,
}

/// A client that never retries: a write is acknowledged by the one answer it got, or not at all.
fn client(endpoint: &str) -> Client {
    let config = aws_sdk_dynamodb::Config::builder()
        .behavior_version(BehaviorVersion::latest())
        .region(Region::new(crate::support::TEST_REGION))
        .credentials_provider(Credentials::new("test", "test", None, None, "ddbx-tests"))
        .endpoint_url(endpoint)
        .retry_config(RetryConfig::disabled())
        .build();
    Client::from_conf(config)
}

fn s(text: &str) -> AttributeValue {
    AttributeValue::S(text.to_owned())
}

async fn create_table(client: &Client) {
    let key = |name: &str, kind| {
        KeySchemaElement::builder()
            .attribute_name(name)
            .key_type(kind)
            .build()
            .expect("a key element")
    };
    let definition = |name: &str| {
        AttributeDefinition::builder()
            .attribute_name(name)
            .attribute_type(ScalarAttributeType::S)
            .build()
            .expect("a definition")
    };
    client
        .create_table()
        .table_name(TABLE)
        .key_schema(key("PK", KeyType::Hash))
        .key_schema(key("SK", KeyType::Range))
        .attribute_definitions(definition("PK"))
        .attribute_definitions(definition("SK"))
        .billing_mode(BillingMode::PayPerRequest)
        .send()
        .await
        .expect("the table is created");
}

fn transact_put(pk: &str, sk: &str) -> TransactWriteItem {
    let put = Put::builder()
        .table_name(TABLE)
        .item("PK", s(pk))
        .item("SK", s(sk))
        .build()
        .expect("a put");
    TransactWriteItem::builder().put(put).build()
}

/// Writes until the server stops answering, recording each write it acknowledged: a put, a
/// two-item transaction, and every third round of the loop a delete of the put before.
async fn write_until_killed(client: Client, first: u64, acknowledged: Arc<Mutex<Acknowledged>>) {
    for n in first.. {
        let pk = format!("P#{n}");
        let put = client
            .put_item()
            .table_name(TABLE)
            .item("PK", s(&pk))
            .item("SK", s("x"))
            .send()
            .await;
        if put.is_err() {
            return;
        }
        acknowledged.lock().expect("not poisoned").puts.insert(pk);
        let id = format!("T#{n}");
        let transaction = client
            .transact_write_items()
            .transact_items(transact_put(&id, "a"))
            .transact_items(transact_put(&id, "b"))
            .send()
            .await;
        if transaction.is_err() {
            return;
        }
        acknowledged
            .lock()
            .expect("not poisoned")
            .transactions
            .insert(id);
        if n % 3 == 0 && n > first {
            let gone = format!("P#{}", n - 1);
            acknowledged
                .lock()
                .expect("not poisoned")
                .deletes_sent
                .insert(gone.clone());
            let delete = client
                .delete_item()
                .table_name(TABLE)
                .key("PK", s(&gone))
                .key("SK", s("x"))
                .send()
                .await;
            if delete.is_err() {
                return;
            }
            acknowledged
                .lock()
                .expect("not poisoned")
                .deletes
                .insert(gone);
        }
    }
}

/// Every (PK, SK) in the table.
async fn stored_keys(client: &Client) -> BTreeSet<(String, String)> {
    let text = |item: &crate::process::Item, name: &str| {
        item.get(name)
            .and_then(|value| value.as_s().ok())
            .cloned()
            .unwrap_or_default()
    };
    crate::process::scan_all(client, TABLE)
        .await
        .iter()
        .map(|item| (text(item, "PK"), text(item, "SK")))
        .collect()
}

fn check(stored: &BTreeSet<(String, String)>, acknowledged: &Acknowledged, round: u64) {
    let has = |pk: &str, sk: &str| stored.contains(&(pk.to_owned(), sk.to_owned()));
    for pk in &acknowledged.puts {
        if !acknowledged.deletes_sent.contains(pk) {
            assert!(has(pk, "x"), "round {round}: acknowledged put {pk} is lost");
        }
    }
    for pk in &acknowledged.deletes {
        assert!(
            !has(pk, "x"),
            "round {round}: acknowledged delete of {pk} is undone"
        );
    }
    for id in &acknowledged.transactions {
        assert!(
            has(id, "a") && has(id, "b"),
            "round {round}: transaction {id} is lost"
        );
    }
    for (pk, _) in stored.iter().filter(|(pk, _)| pk.starts_with("T#")) {
        assert!(
            has(pk, "a") && has(pk, "b"),
            "round {round}: transaction {pk} is half kept"
        );
    }
}

/// A pause of 150 to 650 ms that differs from round to round and run to run.
fn random_pause(round: u64) -> Duration {
    let nanos = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |since| since.subsec_nanos());
    let spread = (u64::from(nanos) ^ round.wrapping_mul(0x9e37_79b9)) % 500;
    Duration::from_millis(150 + spread)
}

#[test]
fn kill_9_at_random_moments_loses_no_acknowledged_write_and_no_half_transaction() {
    let scratch = Scratch::new("serve-durable-crash");
    let dir = scratch.path().join("data");
    let mut server = Durable::start(&dir, &[]);
    block_on(create_table(&client(&server.endpoint)));
    let acknowledged = Arc::new(Mutex::new(Acknowledged::default()));
    for round in 0..ROUNDS {
        let writer_client = client(&server.endpoint);
        let writer_acknowledged = acknowledged.clone();
        let writer = std::thread::spawn(move || {
            let runtime = tokio::runtime::Builder::new_current_thread()
                .enable_all()
                .build()
                .expect("a runtime for the writer");
            runtime.block_on(write_until_killed(
                writer_client,
                round * 1_000_000,
                writer_acknowledged,
            ));
        });
        std::thread::sleep(random_pause(round));
        server.kill_9();
        writer
            .join()
            .expect("the writer ends once the server is gone");
        server = Durable::start(&dir, &[]);
        let stored = block_on(stored_keys(&client(&server.endpoint)));
        let acknowledged = acknowledged.lock().expect("not poisoned");
        assert!(
            !acknowledged.puts.is_empty(),
            "round {round}: some writes were acknowledged"
        );
        check(&stored, &acknowledged, round);
    }
    server.kill_9();
}
