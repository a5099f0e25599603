//! One table on one server, the binary pointed at it with its own journal, and reads of the
//! table through ddbx's own AWS backend for the assertions.

use std::path::PathBuf;
use std::process::{Child, Command, Stdio};
use std::sync::Arc;

use ddbx::backend::aws::{AwsBackend, AwsOptions};
use ddbx::backend::{Backend, ScanRequest};
use ddbx::domain::ddb_json::item_to_json;
use ddbx::domain::number::Number;
use ddbx::domain::value::{AttrValue, Item};

use crate::support::cli::{Run, ddbx_command, run_command};
use crate::support::items::seed_items;
use crate::support::scratch::Scratch;
use crate::support::tables::{TableSpec, create_table};
use crate::support::{Server, TEST_REGION, sdk_client, server_endpoint, unique_table_name};

pub struct Fixture {
    pub endpoint: String,
    pub client: aws_sdk_dynamodb::Client,
    pub backend: Arc<dyn Backend>,
    pub table: String,
    pub state: PathBuf,
    /// Removes the state directory with the fixture.
    _scratch: Scratch,
}

impl Fixture {
    /// A new single-table (`PK`/`SK`) table on `server`; `None` when the server is not set up.
    pub async fn new(server: Server, prefix: &str) -> Option<Self> {
        let endpoint = server_endpoint(server)?;
        let client = sdk_client(&endpoint);
        let table = unique_table_name(prefix);
        create_table(&client, &TableSpec::single_table(&table)).await;
        let backend = AwsBackend::connect(AwsOptions {
            profile: None,
            region: Some(TEST_REGION.to_owned()),
            endpoint_url: Some(endpoint.clone()),
        })
        .await
        .unwrap_or_else(|error| panic!("connecting to {}: {error}", server.name()));
        let scratch = Scratch::new("bulk-state");
        Some(Self {
            endpoint,
            client,
            backend: Arc::new(backend),
            table,
            state: scratch.path().to_path_buf(),
            _scratch: scratch,
        })
    }

    pub fn journal(&self) -> PathBuf {
        self.state.join("journal.jsonl")
    }

    pub fn command(&self, args: &[&str]) -> Command {
        let mut command = ddbx_command();
        command
            .env("XDG_STATE_HOME", &self.state)
            .env("DDBX_JOURNAL", self.journal())
            .args(["--endpoint-url", &self.endpoint, "--table", &self.table])
            .args(args);
        command
    }

    pub fn ddbx(&self, args: &[&str]) -> Run {
        run_command(self.command(args))
    }

    pub fn spawn(&self, args: &[&str]) -> Child {
        let mut command = self.command(args);
        command.stdout(Stdio::piped()).stderr(Stdio::piped());
        command.spawn().expect("the ddbx binary starts")
    }

    pub async fn seed(&self, items: &[Item]) {
        seed_items(&self.client, &self.table, items).await;
    }

    /// Every item of the table, in key order.
    pub async fn items(&self) -> Vec<Item> {
        let mut items = Vec::new();
        let mut request = ScanRequest::new(self.table.clone());
        request.consistent_read = true;
        loop {
            let page = self
                .backend
                .scan(request.clone())
                .await
                .unwrap_or_else(|error| panic!("scanning {}: {error}", self.table));
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

/// `ITEM#<i>` / `A` with `version` 1 and a counter `n`.
pub fn versioned_items(count: usize) -> Vec<Item> {
    (0..count)
        .map(|i| {
            Item::from([
                ("PK".to_owned(), AttrValue::s(format!("ITEM#{i:05}"))),
                ("SK".to_owned(), AttrValue::s("A")),
                ("version".to_owned(), number("1")),
                ("n".to_owned(), number(&i.to_string())),
            ])
        })
        .collect()
}

pub fn number(text: &str) -> AttrValue {
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

/// The `PK` of a key or item printed as typed JSON.
pub fn pk_of(json: &serde_json::Value) -> String {
    json.get("PK")
        .and_then(serde_json::Value::as_str)
        .unwrap_or_else(|| panic!("no PK in {json}"))
        .to_owned()
}

/// The summary a run printed on stdout.
pub fn summary(run: &Run) -> serde_json::Value {
    serde_json::from_str(&run.stdout)
        .unwrap_or_else(|error| panic!("{error}: stdout:\n{}\nstderr:\n{}", run.stdout, run.stderr))
}

pub fn count(summary: &serde_json::Value, field: &str) -> u64 {
    summary
        .get(field)
        .and_then(serde_json::Value::as_u64)
        .unwrap_or_else(|| panic!("no {field} in {summary}"))
}

pub fn version_of(item: &Item) -> String {
    match item.get("version") {
        Some(AttrValue::N(number)) => number.to_string(),
        other => panic!("no version: {other:?}"),
    }
}
