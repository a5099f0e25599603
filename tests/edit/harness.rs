//! One table on one backend, plus the edit path every test drives: read, render, parse, plan,
//! execute — the same functions the TUI and the headless commands call.

use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};

use aws_sdk_dynamodb::Client;
use ddbx::backend::aws::{AwsBackend, AwsOptions};
use ddbx::backend::memory::MemoryBackend;
use ddbx::backend::{
    Backend, BackendError, BackendFuture, Connection, DeleteRequest, ExpressionParams, GetOutput,
    GetRequest, Page, PutRequest, QueryRequest, ScanRequest, TransactOutput, TransactWriteRequest,
    UpdateRequest, WriteOutput,
};
use ddbx::domain::edit::{ConditionMode, EditContext, PlannedWrite, plan_create};
use ddbx::domain::schema::{
    IndexKind, IndexSchema, KeyAttribute, KeySchema, Projection, TableDescription,
};
use ddbx::domain::value::{Item, ValueType};
use ddbx::write::{WriteOutcome, execute_planned};

use crate::support::tables::{IndexSpec, TableSpec, create_table, delete_table};
use crate::support::{Server, TEST_REGION, sdk_client, server_endpoint, unique_table_name};

/// Counts the write requests that reach the wrapped backend.
pub struct Recording {
    inner: Arc<dyn Backend>,
    pub writes: AtomicUsize,
    pub gets: AtomicUsize,
}

impl Recording {
    pub fn writes(&self) -> usize {
        self.writes.load(Ordering::SeqCst)
    }

    /// GetItem requests so far.
    pub fn gets(&self) -> usize {
        self.gets.load(Ordering::SeqCst)
    }

    fn count(&self) {
        self.writes.fetch_add(1, Ordering::SeqCst);
    }
}

impl Backend for Recording {
    fn connection(&self) -> Connection {
        self.inner.connection()
    }
    fn account_id(&self) -> BackendFuture<'_, Option<String>> {
        self.inner.account_id()
    }
    fn list_tables(&self) -> BackendFuture<'_, Vec<String>> {
        self.inner.list_tables()
    }
    fn describe_table<'a>(&'a self, table: &'a str) -> BackendFuture<'a, TableDescription> {
        self.inner.describe_table(table)
    }
    fn query(&self, request: QueryRequest) -> BackendFuture<'_, Page> {
        self.inner.query(request)
    }
    fn scan(&self, request: ScanRequest) -> BackendFuture<'_, Page> {
        self.inner.scan(request)
    }
    fn get_item(&self, request: GetRequest) -> BackendFuture<'_, GetOutput> {
        self.gets.fetch_add(1, Ordering::SeqCst);
        self.inner.get_item(request)
    }
    fn put_item(&self, request: PutRequest) -> BackendFuture<'_, WriteOutput> {
        self.count();
        self.inner.put_item(request)
    }
    fn update_item(&self, request: UpdateRequest) -> BackendFuture<'_, WriteOutput> {
        self.count();
        self.inner.update_item(request)
    }
    fn delete_item(&self, request: DeleteRequest) -> BackendFuture<'_, WriteOutput> {
        self.count();
        self.inner.delete_item(request)
    }
    fn transact_write(&self, request: TransactWriteRequest) -> BackendFuture<'_, TransactOutput> {
        self.count();
        self.inner.transact_write(request)
    }
}

/// A single-table layout (`PK`/`SK` strings, GSI1 on `GSI1PK` S / `GSI1SK` N) on one backend.
pub struct Env {
    pub server: Server,
    pub backend: Arc<Recording>,
    pub table: String,
    pub description: TableDescription,
    pub endpoint: Option<String>,
    admin: Option<Client>,
}

fn gsi() -> IndexSpec {
    IndexSpec::new("GSI1", "GSI1PK", ValueType::S).sort("GSI1SK", ValueType::N)
}

fn memory_description(name: &str) -> TableDescription {
    let mut description = TableDescription::new(
        name,
        KeySchema::new(
            KeyAttribute::new("PK", ValueType::S),
            Some(KeyAttribute::new("SK", ValueType::S)),
        ),
    );
    description
        .attribute_types
        .insert("GSI1PK".into(), ValueType::S);
    description
        .attribute_types
        .insert("GSI1SK".into(), ValueType::N);
    description.indexes.push(IndexSchema {
        name: "GSI1".into(),
        kind: IndexKind::Global,
        key: KeySchema::new(
            KeyAttribute::new("GSI1PK", ValueType::S),
            Some(KeyAttribute::new("GSI1SK", ValueType::N)),
        ),
        projection: Projection::All,
        item_count: None,
        size_bytes: None,
        status: Some("ACTIVE".into()),
    });
    description
}

impl Env {
    /// A fresh table on `server`; `None` (skip) when the server is not configured.
    pub async fn new(server: Server, prefix: &str) -> Option<Self> {
        let name = unique_table_name(prefix);
        let (inner, admin, endpoint): (Arc<dyn Backend>, _, _) = match server {
            Server::Memory => {
                let engine = MemoryBackend::empty();
                let report = engine.create_table(memory_description(&name), Vec::new());
                assert!(report.rejected.is_empty());
                (Arc::new(engine), None, None)
            }
            _ => {
                let endpoint = server_endpoint(server)?;
                let admin = sdk_client(&endpoint);
                create_table(&admin, &TableSpec::single_table(&name).gsi(gsi())).await;
                let backend = AwsBackend::connect(AwsOptions {
                    profile: None,
                    region: Some(TEST_REGION.to_owned()),
                    endpoint_url: Some(endpoint.clone()),
                })
                .await
                .unwrap_or_else(|error| panic!("connecting to {}: {error}", server.name()));
                (Arc::new(backend), Some(admin), Some(endpoint))
            }
        };
        let description = inner
            .describe_table(&name)
            .await
            .unwrap_or_else(|error| panic!("describing {name}: {error}"));
        Some(Self {
            server,
            backend: Arc::new(Recording {
                inner,
                writes: AtomicUsize::new(0),
                gets: AtomicUsize::new(0),
            }),
            table: name,
            description,
            endpoint,
            admin,
        })
    }

    pub fn ctx(&self) -> EditContext<'_> {
        EditContext {
            table: &self.table,
            description: &self.description,
            version_attribute: None,
        }
    }

    pub fn backend(&self) -> &dyn Backend {
        self.backend.as_ref()
    }

    /// The item under `key`, read consistently.
    pub async fn read(&self, key: &Item) -> Option<Item> {
        self.backend
            .get_item(GetRequest {
                table: self.table.clone(),
                key: key.clone(),
                projection: None,
                params: ExpressionParams::default(),
                consistent_read: true,
            })
            .await
            .unwrap_or_else(|error| panic!("reading {key:?}: {error}"))
            .item
    }

    /// Every item of the table (all pages of a consistent scan).
    pub async fn all_items(&self) -> Vec<Item> {
        let mut items = Vec::new();
        let mut start_key = None;
        loop {
            let mut request = ScanRequest::new(self.table.clone());
            request.consistent_read = true;
            request.start_key = start_key;
            let page = self
                .backend
                .scan(request)
                .await
                .unwrap_or_else(|error| panic!("scanning: {error}"));
            items.extend(page.items);
            match page.last_evaluated_key {
                Some(key) => start_key = Some(key),
                None => break items,
            }
        }
    }

    /// Creates `item` through the edit path (conditioned PutItem).
    pub async fn create(&self, item: &Item) {
        let planned = plan_create(&self.ctx(), item).expect("a valid item");
        let outcome = self.execute(&planned).await.expect("the create is sent");
        assert!(
            matches!(outcome, WriteOutcome::Written { .. }),
            "create: {outcome:?}"
        );
    }

    pub async fn execute(&self, planned: &PlannedWrite) -> Result<WriteOutcome, BackendError> {
        execute_planned(self.backend(), planned).await
    }

    pub async fn drop(self) {
        if let Some(admin) = &self.admin {
            delete_table(admin, &self.table).await;
        }
    }
}

/// The default mode every interactive edit uses.
pub const AUTO: ConditionMode = ConditionMode::Auto;

/// Runs `$scenario(Server::X)` as `memory`, `ddblocal`, `dynalite` and `moto` tests.
macro_rules! on_every_backend {
    ($($scenario:ident),* $(,)?) => {$(
        mod $scenario {
            #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
            async fn ddblocal() {
                super::$scenario(crate::support::Server::DdbLocal).await;
            }
            #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
            async fn memory() {
                super::$scenario(crate::support::Server::Memory).await;
            }
            #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
            async fn dynalite() {
                super::$scenario(crate::support::Server::Dynalite).await;
            }
            #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
            async fn moto() {
                super::$scenario(crate::support::Server::Moto).await;
            }
        }
    )*};
}
pub(crate) use on_every_backend;
