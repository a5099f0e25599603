//! The bank: 50 accounts in 25 fixed pairs, 1,000 each. Every transfer keeps each pair's sum:
//! either within a pair (a → b), or across two pairs as one four-item transaction that moves
//! the same amount P.a → Q.a and Q.b → P.b. A snapshot that sees part of a transaction sees a
//! pair whose sum is off.

use aws_sdk_dynamodb::Client;
use aws_sdk_dynamodb::error::ProvideErrorMetadata;
use aws_sdk_dynamodb::types::{
    AttributeDefinition, AttributeValue, BillingMode, KeySchemaElement, KeyType,
    ScalarAttributeType, TransactWriteItem, Update,
};

pub const ACCOUNTS: usize = 50;
pub const OPENING: i64 = 1000;

/// The pair of account `n`: accounts `2p` and `2p + 1` form pair `p`.
pub fn pair_of(account: usize) -> usize {
    account / 2
}

pub fn key(account: usize) -> AttributeValue {
    AttributeValue::S(format!("ACCT#{account:02}"))
}

pub fn account_of(key: &str) -> usize {
    key.trim_start_matches("ACCT#")
        .parse()
        .expect("an account key")
}

pub async fn open(client: &Client, table: &str) {
    client
        .create_table()
        .table_name(table)
        .attribute_definitions(
            AttributeDefinition::builder()
                .attribute_name("PK")
                .attribute_type(ScalarAttributeType::S)
                .build()
                .expect("a definition"),
        )
        .key_schema(
            KeySchemaElement::builder()
                .attribute_name("PK")
                .key_type(KeyType::Hash)
                .build()
                .expect("a key"),
        )
        .billing_mode(BillingMode::PayPerRequest)
        .send()
        .await
        .expect("CreateTable");
    for account in 0..ACCOUNTS {
        client
            .put_item()
            .table_name(table)
            .item("PK", key(account))
            .item("balance", AttributeValue::N(OPENING.to_string()))
            .condition_expression("attribute_not_exists(PK)")
            .send()
            .await
            .expect("an account opens");
    }
}

/// One leg of a transfer: `delta` added to `account`, refused when it would go negative.
fn leg(table: &str, account: usize, delta: i64) -> TransactWriteItem {
    let update = Update::builder()
        .table_name(table)
        .key("PK", key(account))
        .update_expression("SET balance = balance + :delta")
        .expression_attribute_values(":delta", AttributeValue::N(delta.to_string()));
    let update = if delta < 0 {
        update
            .condition_expression("balance >= :amount")
            .expression_attribute_values(":amount", AttributeValue::N((-delta).to_string()))
    } else {
        update.condition_expression("attribute_exists(PK)")
    };
    TransactWriteItem::builder()
        .update(update.build().expect("an update"))
        .build()
}

/// The legs of a transfer as `(account, delta)`.
pub type Legs = Vec<(usize, i64)>;

/// Writes `legs` in one transaction: `Ok(true)` when committed, `Ok(false)` when the service
/// cancelled it (a balance too low, or a conflict with a concurrent transaction).
pub async fn transfer(client: &Client, table: &str, legs: &Legs) -> Result<bool, String> {
    let items = legs
        .iter()
        .map(|&(account, delta)| leg(table, account, delta))
        .collect();
    match client
        .transact_write_items()
        .set_transact_items(Some(items))
        .send()
        .await
    {
        Ok(_) => Ok(true),
        Err(error) if error.code() == Some("TransactionCanceledException") => Ok(false),
        Err(error) => Err(format!("{:?}: {:?}", error.code(), error.message())),
    }
}

/// A small deterministic generator: each writer has its own seed, so a failure replays.
pub struct Dice(u64);

impl Dice {
    pub fn new(seed: u64) -> Self {
        Self(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1)
    }

    pub fn below(&mut self, bound: usize) -> usize {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        usize::try_from(self.0 % bound as u64).expect("below a usize bound")
    }

    /// A transfer keeping every pair's sum: within one pair, or across two.
    pub fn transfer(&mut self) -> Legs {
        let amount = i64::try_from(1 + self.below(200)).expect("a small amount");
        let p = self.below(ACCOUNTS / 2);
        let flip = self.below(2);
        if self.below(2) == 0 {
            return vec![(2 * p + flip, -amount), (2 * p + 1 - flip, amount)];
        }
        let q = (p + 1 + self.below(ACCOUNTS / 2 - 1)) % (ACCOUNTS / 2);
        vec![
            (2 * p + flip, -amount),
            (2 * q + flip, amount),
            (2 * q + 1 - flip, -amount),
            (2 * p + 1 - flip, amount),
        ]
    }
}

/// Whether an error of a read is the service cancelling it for a concurrent write, which a
/// reader retries.
pub fn read_conflict<E: ProvideErrorMetadata>(error: &E) -> bool {
    matches!(
        error.code(),
        Some("TransactionCanceledException" | "TransactionInProgressException")
    )
}
