//! Seeding test tables from domain `Item`s with BatchWriteItem.
//!
//! The domain → SDK conversion here is written independently of ddbx's own
//! `backend/aws_convert.rs`, so a test that writes with this and reads through ddbx checks the
//! production conversion against a second implementation rather than against itself.

use std::collections::HashMap;
use std::time::{Duration, Instant};

use aws_sdk_dynamodb::Client;
use aws_sdk_dynamodb::primitives::Blob;
use aws_sdk_dynamodb::types::{AttributeValue, PutRequest, WriteRequest};
use ddbx::domain::value::{AttrValue, Item};

/// BatchWriteItem accepts at most 25 requests.
pub const BATCH_SIZE: usize = 25;
/// How long unprocessed items are retried before the seeding fails.
const UNPROCESSED_DEADLINE: Duration = Duration::from_secs(30);

/// A domain value as an SDK value (for test setup).
#[must_use]
pub fn to_sdk(value: &AttrValue) -> AttributeValue {
    match value {
        AttrValue::S(text) => AttributeValue::S(text.clone()),
        AttrValue::N(number) => AttributeValue::N(number.to_string()),
        AttrValue::B(bytes) => AttributeValue::B(Blob::new(bytes.clone())),
        AttrValue::Bool(flag) => AttributeValue::Bool(*flag),
        AttrValue::Null => AttributeValue::Null(true),
        AttrValue::M(map) => AttributeValue::M(
            map.iter()
                .map(|(name, value)| (name.clone(), to_sdk(value)))
                .collect(),
        ),
        AttrValue::L(list) => AttributeValue::L(list.iter().map(to_sdk).collect()),
        AttrValue::Ss(set) => AttributeValue::Ss(set.iter().cloned().collect()),
        AttrValue::Ns(set) => AttributeValue::Ns(set.iter().map(ToString::to_string).collect()),
        AttrValue::Bs(set) => {
            AttributeValue::Bs(set.iter().map(|b| Blob::new(b.clone())).collect())
        }
    }
}

/// A domain item as an SDK item.
#[must_use]
pub fn item_to_sdk(item: &Item) -> HashMap<String, AttributeValue> {
    item.iter()
        .map(|(name, value)| (name.clone(), to_sdk(value)))
        .collect()
}

/// Writes `items` into `table` with BatchWriteItem in chunks of 25, retrying unprocessed items
/// until they are all written. Panics (failing the test) on any error.
pub async fn seed_items(client: &Client, table: &str, items: &[Item]) {
    for chunk in items.chunks(BATCH_SIZE) {
        let mut pending: Vec<WriteRequest> = chunk
            .iter()
            .map(|item| {
                let put = PutRequest::builder()
                    .set_item(Some(item_to_sdk(item)))
                    .build()
                    .expect("a put request with an item always builds");
                WriteRequest::builder().put_request(put).build()
            })
            .collect();
        let deadline = Instant::now() + UNPROCESSED_DEADLINE;
        while !pending.is_empty() {
            assert!(
                Instant::now() < deadline,
                "seeding {table}: {} items still unprocessed after {UNPROCESSED_DEADLINE:?}",
                pending.len()
            );
            let output = client
                .batch_write_item()
                .request_items(table, pending)
                .send()
                .await
                .unwrap_or_else(|error| panic!("seeding {table}: {}", describe(&error)));
            pending = output
                .unprocessed_items
                .and_then(|mut unprocessed| unprocessed.remove(table))
                .unwrap_or_default();
        }
    }
}

/// An SDK error with its code and message (the SDK's Display only says "service error").
pub fn describe<E, R>(error: &aws_sdk_dynamodb::error::SdkError<E, R>) -> String
where
    E: aws_sdk_dynamodb::error::ProvideErrorMetadata + std::error::Error + 'static,
    R: std::fmt::Debug,
{
    use aws_sdk_dynamodb::error::ProvideErrorMetadata;
    match error.code() {
        Some(code) => format!("{code}: {}", error.message().unwrap_or("(no message)")),
        None => format!("{error:?}"),
    }
}

/// Creates a single-table table named `table` and seeds it with the demo's items for `seed` and
/// `size`, leaving out the demo's odd partitions (`ODD…`, which test other things than plain
/// single-table data). Returns the items written, to compute the expected answers from.
pub async fn seed_single_table_demo(
    client: &Client,
    table: &str,
    seed: u64,
    size: usize,
) -> Vec<Item> {
    let (_, demo_items) = ddbx::demo::generate(seed, size);
    let items: Vec<Item> = demo_items
        .into_iter()
        .filter(|item| {
            item.get("PK")
                .and_then(|pk| pk.as_s())
                .is_some_and(|pk| !pk.starts_with("ODD"))
        })
        .collect();
    super::tables::create_table(client, &super::tables::TableSpec::single_table(table)).await;
    seed_items(client, table, &items).await;
    items
}
