//! `ddbx transact FILE` through the real binary against DynamoDB Local: an order and its lines
//! changed as one transaction and undone as one; a concurrent writer changing one line between
//! ddbx's read and its write cancels everything and names that line; eight writers racing on
//! one collection never leave it half-written; the local limits (101 actions, 4 MB, one action
//! per item, bad lines, --read-only, --dry-run) send nothing, counted by a proxy in front of
//! the server.

#[path = "../support/mod.rs"]
mod support;

mod commit;
mod limits;
mod other_servers;
mod races;

use std::path::PathBuf;
use std::process::Command;

use ddbx::backend::aws::{AwsBackend, AwsOptions};
use ddbx::backend::{Backend, ScanRequest};
use ddbx::domain::ddb_json::item_to_json;
use ddbx::domain::number::Number;
use ddbx::domain::value::{AttrValue, Item};

use support::cli::{Run, ddbx_command, run_command};
use support::items::seed_items;
use support::tables::{TableSpec, create_table, delete_table};
use support::{Server, TEST_REGION, block_on, sdk_client, server_endpoint, unique_table_name};

pub struct Fixture {
    pub endpoint: String,
    pub client: aws_sdk_dynamodb::Client,
    pub backend: AwsBackend,
    pub table: String,
    pub state: PathBuf,
}

impl Drop for Fixture {
    fn drop(&mut self) {
        block_on(delete_table(&self.client, &self.table));
        let _ = std::fs::remove_dir_all(&self.state);
    }
}

impl Fixture {
    /// A single-table (`PK`/`SK`) table on DynamoDB Local holding `items`.
    pub fn new(prefix: &str, items: &[Item]) -> Option<Self> {
        Self::on(Server::DdbLocal, prefix, items)
    }

    /// The same on another server.
    pub fn on(server: Server, prefix: &str, items: &[Item]) -> Option<Self> {
        let endpoint = server_endpoint(server)?;
        let client = sdk_client(&endpoint);
        let table = unique_table_name(prefix);
        let backend = block_on(async {
            create_table(&client, &TableSpec::single_table(&table)).await;
            seed_items(&client, &table, items).await;
            AwsBackend::connect(AwsOptions {
                profile: None,
                region: Some(TEST_REGION.to_owned()),
                endpoint_url: Some(endpoint.clone()),
            })
            .await
            .expect("connecting to DynamoDB Local")
        });
        let state = std::env::temp_dir().join(unique_table_name("transact-state"));
        std::fs::create_dir_all(&state).expect("state directory");
        Some(Self {
            endpoint,
            client,
            backend,
            table,
            state,
        })
    }

    /// The binary on this table through `endpoint` (the server's, or a proxy's).
    pub fn command_via(&self, endpoint: &str, args: &[&str]) -> Command {
        let mut command = ddbx_command();
        command
            .env("XDG_STATE_HOME", &self.state)
            .env("DDBX_JOURNAL", self.state.join("journal.jsonl"))
            .args(["--endpoint-url", endpoint, "--table", &self.table])
            .args(args);
        command
    }

    pub fn ddbx(&self, args: &[&str]) -> Run {
        run_command(self.command_via(&self.endpoint, args))
    }

    pub fn ddbx_via(&self, endpoint: &str, args: &[&str]) -> Run {
        run_command(self.command_via(endpoint, args))
    }

    /// Writes `lines` as a plan file in the fixture's directory.
    pub fn plan(&self, name: &str, lines: &[String]) -> String {
        let path = self.state.join(name);
        std::fs::write(&path, lines.join("\n") + "\n").expect("plan file");
        path.display().to_string()
    }

    /// Every item, in key order, read consistently.
    pub fn items(&self) -> Vec<Item> {
        let mut request = ScanRequest::new(self.table.clone());
        request.consistent_read = true;
        let mut items = Vec::new();
        loop {
            let page = block_on(self.backend.scan(request.clone())).expect("scan");
            items.extend(page.items);
            match page.last_evaluated_key {
                Some(key) => request.start_key = Some(key),
                None => break,
            }
        }
        items.sort_by_key(key_text);
        items
    }
}

pub fn s(text: &str) -> AttrValue {
    AttrValue::s(text)
}

pub fn n(text: &str) -> AttrValue {
    AttrValue::N(Number::parse(text).expect("a number"))
}

pub fn key_text(item: &Item) -> String {
    let key: Item = item
        .iter()
        .filter(|(name, _)| *name == "PK" || *name == "SK")
        .map(|(name, value)| (name.clone(), value.clone()))
        .collect();
    item_to_json(&key).to_string()
}

pub fn item(pairs: &[(&str, AttrValue)]) -> Item {
    pairs
        .iter()
        .map(|(name, value)| ((*name).to_owned(), value.clone()))
        .collect()
}

/// An order with a 38-digit total, an empty note and a string set, and three lines without a
/// version attribute (conditioned on their values as read).
pub fn order() -> Vec<Item> {
    let mut items = vec![item(&[
        ("PK", s("ORDER#1")),
        ("SK", s("META")),
        ("version", n("1")),
        ("total", n("12345678901234567890123456789012345678")),
        ("note", s("")),
        ("tags", AttrValue::Ss(["gift".into(), "eu".into()].into())),
    ])];
    for line in 1..=3 {
        items.push(item(&[
            ("PK", s("ORDER#1")),
            ("SK", s(&format!("LINE#{line}"))),
            ("qty", n(&line.to_string())),
        ]));
    }
    items
}

pub fn stdout_json(run: &Run) -> serde_json::Value {
    serde_json::from_str(run.stdout.trim())
        .unwrap_or_else(|error| panic!("{error}: stdout:\n{}\nstderr:\n{}", run.stdout, run.stderr))
}

/// The item with sort key `sk`.
pub fn by_sk<'a>(items: &'a [Item], sk: &str) -> &'a Item {
    items
        .iter()
        .find(|item| item.get("SK") == Some(&s(sk)))
        .unwrap_or_else(|| panic!("no item {sk} in {items:?}"))
}
