//! What every scenario needs: the backend under test, a way to create and seed its own table
//! (the `Backend` trait has no create_table, so table setup talks to the server with the SDK
//! through `support`), and small builders for items and expression parameters.

use std::collections::BTreeMap;
use std::sync::Arc;

use aws_sdk_dynamodb::Client;
use ddbx::backend::aws::{AwsBackend, AwsOptions};
use ddbx::backend::{Backend, ExpressionParams};
use ddbx::domain::value::{AttrValue, Item};

use ddbx::backend::memory::stream::{StreamSettings, ViewType};
use ddbx::backend::memory::{LoadReport, MemoryBackend};
use ddbx::domain::schema::{
    BillingMode, IndexKind, IndexSchema, KeyAttribute, KeySchema, Projection, TableDescription,
};
use ddbx::domain::value::ValueType;

use crate::support::tables::{
    ProjectionSpec, TableSpec, create_table, delete_table, enable_ttl, set_stream,
};
use crate::support::{
    Server, TEST_REGION, items::seed_items, sdk_client, server_endpoint, unique_table_name,
};

/// One backend under test plus the means to set up its tables.
pub struct Harness {
    pub server: Server,
    pub backend: Arc<dyn Backend>,
    /// Where the backend points, as error messages should name it.
    pub endpoint: String,
    setup: Setup,
    /// The `ddbx serve` process of a served harness, stopped when the harness is dropped.
    _served: Option<crate::served_process::Served>,
}

/// How tables are created and seeded: through the server's API, or directly in the engine.
enum Setup {
    Server(Client),
    Memory(Arc<MemoryBackend>),
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
            setup: Setup::Server(sdk_client(&endpoint)),
            endpoint,
            _served: None,
        })
    }

    /// `ddbx serve` on an empty engine, started for this harness and read through the AWS
    /// backend; tables are created and seeded over its wire protocol like on any server.
    pub async fn served() -> Option<Self> {
        let served = crate::served_process::Served::start(&[]);
        let endpoint = served.endpoint.clone();
        let options = AwsOptions {
            profile: None,
            region: Some(TEST_REGION.to_owned()),
            endpoint_url: Some(endpoint.clone()),
        };
        let backend = AwsBackend::connect(options)
            .await
            .unwrap_or_else(|error| panic!("connecting to ddbx serve: {error}"));
        Some(Self {
            server: Server::Served,
            backend: Arc::new(backend),
            setup: Setup::Server(sdk_client(&endpoint)),
            endpoint,
            _served: Some(served),
        })
    }

    /// The embedded engine, with no tables yet; always available.
    pub async fn memory() -> Option<Self> {
        let engine = Arc::new(MemoryBackend::empty());
        Some(Self {
            server: Server::Memory,
            backend: engine.clone(),
            endpoint: "memory".to_owned(),
            setup: Setup::Memory(engine),
            _served: None,
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
        match &self.setup {
            Setup::Server(admin) => create_table(admin, &spec).await,
            Setup::Memory(engine) => {
                let report = engine.create_table(description_of(&spec), Vec::new());
                assert_eq!(report, LoadReport::default());
            }
        }
        name
    }

    /// Writes items straight to the server (BatchWriteItem), bypassing the backend under test.
    pub async fn seed(&self, table: &str, items: &[Item]) {
        match &self.setup {
            Setup::Server(admin) => seed_items(admin, table, items).await,
            Setup::Memory(engine) => engine
                .seed(table, items.iter().cloned())
                .unwrap_or_else(|error| panic!("seeding {table}: {error}")),
        }
    }

    pub async fn drop_table(&self, table: &str) {
        match &self.setup {
            Setup::Server(admin) => delete_table(admin, table).await,
            Setup::Memory(engine) => {
                engine.drop_table(table);
            }
        }
    }

    /// The setup client of a server harness, for scenarios that are about the server's own
    /// paging (the engine harness never runs those).
    pub fn admin(&self) -> &Client {
        match &self.setup {
            Setup::Server(admin) => admin,
            Setup::Memory(_) => panic!("the engine harness has no server client"),
        }
    }

    /// Enables (`Some(view type)`) or disables (`None`) the table's stream: UpdateTable on a
    /// server, the engine's own switch with its default retention.
    pub async fn set_stream(&self, table: &str, view_type: Option<&str>) {
        match &self.setup {
            Setup::Server(admin) => set_stream(admin, table, view_type).await,
            Setup::Memory(engine) => match view_type {
                Some(name) => {
                    let view_type = ViewType::parse(name).expect("a view type");
                    engine
                        .enable_stream(table, view_type, StreamSettings::default())
                        .expect("stream enabled");
                }
                None => engine.disable_stream(table).expect("stream disabled"),
            },
        }
    }

    /// Enables TTL on `attribute` (UpdateTimeToLive on a server; the engine records it).
    pub async fn enable_ttl(&self, table: &str, attribute: &str) -> Result<(), String> {
        match &self.setup {
            Setup::Server(admin) => enable_ttl(admin, table, attribute).await,
            Setup::Memory(engine) => engine
                .set_ttl(table, attribute)
                .map_err(|error| error.to_string()),
        }
    }
}

/// The engine's description of a table the servers would create from `spec`.
fn description_of(spec: &TableSpec) -> TableDescription {
    let attribute =
        |(name, value_type): &(String, ValueType)| KeyAttribute::new(name.clone(), *value_type);
    let mut description = TableDescription::new(
        spec.name.clone(),
        KeySchema::new(
            attribute(&spec.partition),
            spec.sort.as_ref().map(attribute),
        ),
    );
    let indexes = spec
        .gsis
        .iter()
        .map(|index| (index, IndexKind::Global))
        .chain(spec.lsis.iter().map(|index| (index, IndexKind::Local)));
    for (index, kind) in indexes {
        let key = KeySchema::new(
            attribute(&index.partition),
            index.sort.as_ref().map(attribute),
        );
        for key_attribute in key
            .names()
            .zip([&key.partition].into_iter().chain(key.sort.as_ref()))
        {
            description
                .attribute_types
                .insert(key_attribute.0.to_owned(), key_attribute.1.value_type);
        }
        description.indexes.push(IndexSchema {
            name: index.name.clone(),
            kind,
            key,
            projection: match &index.projection {
                ProjectionSpec::All => Projection::All,
                ProjectionSpec::KeysOnly => Projection::KeysOnly,
                ProjectionSpec::Include(names) => Projection::Include(names.clone()),
            },
            item_count: None,
            size_bytes: None,
            status: (kind == IndexKind::Global).then(|| "ACTIVE".to_owned()),
        });
    }
    description.status = Some("ACTIVE".to_owned());
    description.billing_mode = Some(BillingMode::PayPerRequest);
    description
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
