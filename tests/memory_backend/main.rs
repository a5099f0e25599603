//! The embedded engine through the `Backend` trait, on the demo table and on small tables.
mod multi_attribute;
mod multi_attribute_props;
mod partiql_check_props;
mod reads;
mod writes;

use ddbx::backend::memory::MemoryBackend;
use ddbx::backend::{Condition, ExpressionParams, PutRequest, ReturnValues, UpdateRequest};
use ddbx::demo;
use ddbx::domain::value::{AttrValue, Item};

pub fn params(names: &[(&str, &str)], values: &[(&str, AttrValue)]) -> ExpressionParams {
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

pub fn item(pairs: &[(&str, AttrValue)]) -> Item {
    pairs
        .iter()
        .map(|(k, v)| ((*k).to_owned(), v.clone()))
        .collect()
}

pub fn demo_engine() -> MemoryBackend {
    let (description, items) = demo::generate(demo::DEFAULT_SEED, 2_000);
    MemoryBackend::new(description, items).expect("demo items are valid")
}

/// A runtime for the engine's futures in a property test's synchronous body.
pub fn runtime() -> tokio::runtime::Runtime {
    tokio::runtime::Builder::new_current_thread()
        .build()
        .expect("a runtime")
}

pub fn text<'a>(item: &'a Item, name: &str) -> &'a str {
    item.get(name).and_then(AttrValue::as_s).unwrap_or("")
}

pub fn small_engine() -> MemoryBackend {
    let (mut description, _) = demo::generate(1, 0);
    description.name = "T".into();
    MemoryBackend::new(description, Vec::new()).expect("empty table")
}

pub fn put(table: &str, item: Item, condition: &str) -> PutRequest {
    PutRequest {
        table: table.into(),
        item,
        condition: Condition::new(condition),
        params: ExpressionParams::default(),
        return_values: ReturnValues::None,
    }
}

pub fn account(balance: i64, version: i64) -> Item {
    item(&[
        ("PK", AttrValue::s("ACCOUNT#1")),
        ("SK", AttrValue::s("METADATA")),
        ("balance", AttrValue::n(balance)),
        ("version", AttrValue::n(version)),
    ])
}

pub fn key() -> Item {
    item(&[
        ("PK", AttrValue::s("ACCOUNT#1")),
        ("SK", AttrValue::s("METADATA")),
    ])
}

pub fn versioned_update(expected_version: i64) -> UpdateRequest {
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
