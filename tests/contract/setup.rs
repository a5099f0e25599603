//! What every scenario needs: the backend under test, a way to create and seed its own table
//! (the `Backend` trait has no create_table, so table setup talks to the server with the SDK
//! through `support`), and small builders for items and expression parameters.

use std::collections::BTreeMap;
use std::sync::Arc;

use aws_sdk_dynamodb::Client;
use ddbx::backend::aws::{AwsBackend, AwsOptions};
use ddbx::backend::{Backend, ExpressionParams};
use ddbx::domain::value::{AttrValue, Item};

use crate::support::tables::{TableSpec, create_table, delete_table};
use crate::support::{
    Server, TEST_REGION, items::seed_items, sdk_client, server_endpoint, unique_table_name,
};

/// One backend under test plus the means to set up its tables.
pub struct Harness {
    pub server: Server,
    pub backend: Arc<dyn Backend>,
    /// Where the backend points, as error messages should name it.
    pub endpoint: String,
    admin: Client,
}

impl Harness {
    /// The AWS backend pointed at `server`; `None` (skip) when the server is not configured and
    /// servers are optional, a failed test when they are required.
    pub async fn aws(server: Server) -> Option<Self> {
        let endpoint = server_endpoint(server)?;
        let options = AwsOptions {
            profile: None,
            region: Some(TEST_REGION.to_owned()),
            endpoint_url: Some(endpoint.clone()),
        };
        let backend = AwsBackend::connect(options)
            .await
            .unwrap_or_else(|error| panic!("connecting to {}: {error}", server.name()));
        Some(Self {
            server,
            backend: Arc::new(backend),
            admin: sdk_client(&endpoint),
            endpoint,
        })
    }

    pub fn backend(&self) -> &dyn Backend {
        self.backend.as_ref()
    }

    /// Creates a uniquely named table from `spec` (its name is replaced) and returns the name.
    pub async fn create(&self, prefix: &str, spec: TableSpec) -> String {
        let name = unique_table_name(prefix);
        let spec = TableSpec {
            name: name.clone(),
            ..spec
        };
        create_table(&self.admin, &spec).await;
        name
    }

    /// Writes items straight to the server (BatchWriteItem), bypassing the backend under test.
    pub async fn seed(&self, table: &str, items: &[Item]) {
        seed_items(&self.admin, table, items).await;
    }

    pub async fn drop_table(&self, table: &str) {
        delete_table(&self.admin, table).await;
    }

    /// The setup client, for the few things the backend cannot do (enable TTL).
    pub fn admin(&self) -> &Client {
        &self.admin
    }
}

/// An item from `(name, value)` pairs.
pub fn item<const N: usize>(pairs: [(&str, AttrValue); N]) -> Item {
    pairs
        .into_iter()
        .map(|(name, value)| (name.to_owned(), value))
        .collect()
}

pub fn s(text: &str) -> AttrValue {
    AttrValue::s(text)
}

/// A number from its text (exact, never through a float).
pub fn n(text: &str) -> AttrValue {
    AttrValue::N(
        text.parse()
            .unwrap_or_else(|error| panic!("test number {text}: {error}")),
    )
}

/// `ExpressionAttributeNames` and `ExpressionAttributeValues` from pairs.
pub fn params<const A: usize, const B: usize>(
    names: [(&str, &str); A],
    values: [(&str, AttrValue); B],
) -> ExpressionParams {
    ExpressionParams {
        names: names
            .into_iter()
            .map(|(placeholder, name)| (placeholder.to_owned(), name.to_owned()))
            .collect::<BTreeMap<_, _>>(),
        values: values
            .into_iter()
            .map(|(placeholder, value)| (placeholder.to_owned(), value))
            .collect(),
    }
}

/// A string attribute of an item, for readable assertions.
pub fn text_of<'a>(item: &'a Item, name: &str) -> &'a str {
    item.get(name)
        .and_then(AttrValue::as_s)
        .unwrap_or_else(|| panic!("item has no string {name}: {item:?}"))
}
