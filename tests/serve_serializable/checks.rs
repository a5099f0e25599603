//! The run: writers and readers at once, then the final books.

use std::collections::BTreeMap;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

use aws_sdk_dynamodb::Client;
use aws_sdk_dynamodb::types::{Get, TransactGetItem};

use crate::bank::{self, ACCOUNTS, Dice, OPENING, account_of, key, pair_of};

const WRITERS: u64 = 16;
const TRANSFERS_EACH: usize = 120;
const READERS: usize = 4;

/// Balances by account, as one read saw them.
type Books = BTreeMap<usize, i64>;

fn books_of(items: impl IntoIterator<Item = BTreeMap<String, String>>) -> Books {
    items
        .into_iter()
        .map(|item| {
            let balance = item["balance"].parse().expect("a balance");
            (account_of(&item["PK"]), balance)
        })
        .collect()
}

fn plain(
    item: &std::collections::HashMap<String, aws_sdk_dynamodb::types::AttributeValue>,
) -> BTreeMap<String, String> {
    item.iter()
        .filter_map(|(name, value)| {
            let text = value.as_s().or_else(|_| value.as_n()).ok()?;
            Some((name.clone(), text.clone()))
        })
        .collect()
}

/// Every pair of a transactional snapshot sums to twice the opening balance; none is negative.
fn check_pairs(server: &str, what: &str, books: &Books) {
    let mut pairs: BTreeMap<usize, i64> = BTreeMap::new();
    for (&account, &balance) in books {
        assert!(
            balance >= 0,
            "{server}: {what} saw account {account} at {balance}"
        );
        *pairs.entry(pair_of(account)).or_default() += balance;
    }
    for (pair, sum) in pairs {
        let complete = books.contains_key(&(2 * pair)) && books.contains_key(&(2 * pair + 1));
        if complete {
            assert_eq!(
                sum,
                2 * OPENING,
                "{server}: {what} saw pair {pair} half transferred: {books:?}"
            );
        }
    }
}

/// A transactional read of `accounts`, or `None` when the service cancelled it for a conflict.
async fn snapshot(client: &Client, table: &str, accounts: &[usize]) -> Option<Books> {
    let gets = accounts
        .iter()
        .map(|&account| {
            let get = Get::builder()
                .table_name(table)
                .key("PK", key(account))
                .build();
            TransactGetItem::builder().get(get.expect("a get")).build()
        })
        .collect();
    match client
        .transact_get_items()
        .set_transact_items(Some(gets))
        .send()
        .await
    {
        Ok(read) => {
            let items = read
                .responses()
                .iter()
                .filter_map(|response| response.item().map(plain));
            let books = books_of(items);
            assert_eq!(
                books.len(),
                accounts.len(),
                "a TransactGetItems missed an account"
            );
            Some(books)
        }
        Err(error) if bank::read_conflict(&error) => None,
        Err(error) => panic!("TransactGetItems failed: {error:?}"),
    }
}

async fn scan(client: &Client, table: &str) -> Books {
    let read = client
        .scan()
        .table_name(table)
        .consistent_read(true)
        .send()
        .await
        .expect("Scan");
    books_of(read.items().iter().map(plain))
}

/// Readers until `done`: snapshots of every account and of single pairs, and scans (not
/// isolated, so only each balance is checked). Returns how many snapshots were checked.
async fn read_until(
    client: Client,
    table: Arc<str>,
    server: &'static str,
    done: Arc<AtomicBool>,
    seed: u64,
) -> usize {
    let mut dice = Dice::new(seed);
    let all: Vec<usize> = (0..ACCOUNTS).collect();
    let mut checked = 0;
    while !done.load(Ordering::Relaxed) {
        if let Some(books) = snapshot(&client, &table, &all).await {
            assert_eq!(
                books.values().sum::<i64>(),
                OPENING * ACCOUNTS as i64,
                "{server}: the total changed: {books:?}"
            );
            check_pairs(server, "a snapshot of every account", &books);
            checked += 1;
        }
        let pair = dice.below(ACCOUNTS / 2);
        if let Some(books) = snapshot(&client, &table, &[2 * pair, 2 * pair + 1]).await {
            check_pairs(server, "a snapshot of one pair", &books);
            checked += 1;
        }
        let scanned = scan(&client, &table).await;
        assert_eq!(scanned.len(), ACCOUNTS, "{server}: a scan missed accounts");
        assert!(
            scanned.values().all(|&balance| balance >= 0),
            "{server}: a scan saw a negative balance: {scanned:?}"
        );
    }
    checked
}

/// One writer's transfers; returns what its committed ones added to each account.
async fn write(client: Client, table: Arc<str>, seed: u64) -> (Vec<i64>, usize) {
    let mut dice = Dice::new(seed);
    let mut applied = vec![0; ACCOUNTS];
    let mut committed = 0;
    for _ in 0..TRANSFERS_EACH {
        let legs = dice.transfer();
        match bank::transfer(&client, &table, &legs).await {
            Ok(true) => {
                committed += 1;
                for (account, delta) in legs {
                    applied[account] += delta;
                }
            }
            Ok(false) => {}
            Err(error) => panic!("TransactWriteItems failed: {error}"),
        }
    }
    (applied, committed)
}

pub async fn run(client: &Client, server: &'static str) {
    let table: Arc<str> = crate::support::unique_table_name("bank").into();
    bank::open(client, &table).await;
    let done = Arc::new(AtomicBool::new(false));
    let readers: Vec<_> = (0..READERS)
        .map(|n| {
            tokio::spawn(read_until(
                client.clone(),
                table.clone(),
                server,
                done.clone(),
                100 + n as u64,
            ))
        })
        .collect();
    let writers: Vec<_> = (0..WRITERS)
        .map(|n| tokio::spawn(write(client.clone(), table.clone(), n)))
        .collect();
    let mut expected = vec![OPENING; ACCOUNTS];
    let mut committed = 0;
    for writer in writers {
        let (applied, count) = writer.await.expect("a writer ends");
        committed += count;
        for (balance, delta) in expected.iter_mut().zip(applied) {
            *balance += delta;
        }
    }
    done.store(true, Ordering::Relaxed);
    let mut checked = 0;
    for reader in readers {
        checked += reader.await.expect("a reader ends");
    }
    let total = WRITERS as usize * TRANSFERS_EACH;
    assert!(
        committed > total / 4,
        "{server}: only {committed} of {total} transfers committed"
    );
    assert!(checked > 0, "{server}: no snapshot was checked");
    let all: Vec<usize> = (0..ACCOUNTS).collect();
    let last = snapshot(client, &table, &all)
        .await
        .expect("a quiet snapshot");
    let expected: Books = expected.into_iter().enumerate().collect();
    assert_eq!(
        last, expected,
        "{server}: the books differ from the committed transfers (a lost update)"
    );
    crate::support::tables::delete_table(client, &table).await;
}
