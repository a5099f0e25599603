//! A backend whose table is still being loaded on another thread: the terminal UI opens on it at
//! once, and every call waits until the load is done and then goes to the loaded backend. A
//! read during the load therefore sees the whole table, never a part of it: discovery, counts
//! and searches are never computed on half a table and silently wrong.

use std::sync::Arc;

use tokio::sync::watch;

use super::{
    Backend, BackendError, BackendFuture, Connection, DeleteRequest, ExtrasFuture, GetOutput,
    GetRequest, HeldItems, Page, PutRequest, QueryRequest, RecordsPage, ScanRequest, Shard,
    ShardIteratorRequest, StatementPage, StatementRequest, TransactOutput, TransactWriteRequest,
    UpdateRequest, WriteOutput,
};
use crate::domain::load_progress::LoadProgress;
use crate::domain::schema::TableDescription;
use crate::domain::table_settings::TableExtras;

/// What the load ended with: the loaded backend, or why there is none.
type Loaded = Option<Result<Arc<dyn Backend>, String>>;

/// Forwards every call to the backend a load thread builds, once it is built.
pub struct LoadingBackend {
    connection: Connection,
    loaded: watch::Receiver<Loaded>,
}

/// The loader's side: the progress to advance while loading.
pub type Loader = Box<dyn FnOnce(&LoadProgress) -> Result<Arc<dyn Backend>, String> + Send>;

impl LoadingBackend {
    /// Starts `load` on a thread of its own (it is CPU-bound and must not hold up the UI) and
    /// answers as `connection` meanwhile; `progress` is advanced by `load` and finished here.
    #[must_use]
    pub fn spawn(connection: Connection, progress: Arc<LoadProgress>, load: Loader) -> Self {
        let (sender, loaded) = watch::channel(None);
        let spawned = std::thread::Builder::new()
            .name("ddbx-load".to_owned())
            .spawn(move || {
                let outcome = load(&progress);
                progress.finish();
                let _ = sender.send(Some(outcome));
            });
        if let Err(error) = spawned {
            let (sender, failed) = watch::channel(Some(Err(format!(
                "cannot start loading the table: {error}"
            ))));
            drop(sender);
            return Self {
                connection,
                loaded: failed,
            };
        }
        Self { connection, loaded }
    }

    /// The loaded backend, once the load is done.
    async fn ready(&self) -> Result<Arc<dyn Backend>, BackendError> {
        let mut loaded = self.loaded.clone();
        let outcome = loaded
            .wait_for(Option::is_some)
            .await
            .map_err(|_| BackendError::Service {
                code: "LoadFailed".to_owned(),
                message: "the load of the table stopped without an answer".to_owned(),
            })?
            .clone();
        match outcome {
            Some(Ok(backend)) => Ok(backend),
            Some(Err(message)) => Err(BackendError::Service {
                code: "LoadFailed".to_owned(),
                message,
            }),
            None => unreachable!("waited until the load answered"),
        }
    }
}

/// Forwards one call to the loaded backend.
macro_rules! forward {
    ($self:ident, |$inner:ident| $call:expr) => {
        Box::pin(async move {
            let $inner = $self.ready().await?;
            $call.await
        })
    };
}

impl Backend for LoadingBackend {
    fn connection(&self) -> Connection {
        self.connection.clone()
    }

    fn account_id(&self) -> BackendFuture<'_, Option<String>> {
        forward!(self, |inner| inner.account_id())
    }

    fn list_tables(&self) -> BackendFuture<'_, Vec<String>> {
        forward!(self, |inner| inner.list_tables())
    }

    fn describe_table<'a>(&'a self, table: &'a str) -> BackendFuture<'a, TableDescription> {
        forward!(self, |inner| inner.describe_table(table))
    }

    fn table_extras<'a>(&'a self, table: &'a TableDescription) -> ExtrasFuture<'a> {
        Box::pin(async move {
            match self.ready().await {
                Ok(inner) => inner.table_extras(table).await,
                Err(error) => TableExtras::none_readable(&error.to_string()),
            }
        })
    }

    fn query(&self, request: QueryRequest) -> BackendFuture<'_, Page> {
        forward!(self, |inner| inner.query(request))
    }

    fn scan(&self, request: ScanRequest) -> BackendFuture<'_, Page> {
        forward!(self, |inner| inner.scan(request))
    }

    fn each_held_item<'a>(
        &'a self,
        table: &'a str,
        each: HeldItems<'a>,
    ) -> BackendFuture<'a, Option<u64>> {
        forward!(self, |inner| inner.each_held_item(table, each))
    }

    fn get_item(&self, request: GetRequest) -> BackendFuture<'_, GetOutput> {
        forward!(self, |inner| inner.get_item(request))
    }

    fn put_item(&self, request: PutRequest) -> BackendFuture<'_, WriteOutput> {
        forward!(self, |inner| inner.put_item(request))
    }

    fn update_item(&self, request: UpdateRequest) -> BackendFuture<'_, WriteOutput> {
        forward!(self, |inner| inner.update_item(request))
    }

    fn delete_item(&self, request: DeleteRequest) -> BackendFuture<'_, WriteOutput> {
        forward!(self, |inner| inner.delete_item(request))
    }

    fn transact_write(&self, request: TransactWriteRequest) -> BackendFuture<'_, TransactOutput> {
        forward!(self, |inner| inner.transact_write(request))
    }

    fn execute_statement(&self, request: StatementRequest) -> BackendFuture<'_, StatementPage> {
        forward!(self, |inner| inner.execute_statement(request))
    }

    fn describe_stream<'a>(&'a self, stream_arn: &'a str) -> BackendFuture<'a, Vec<Shard>> {
        forward!(self, |inner| inner.describe_stream(stream_arn))
    }

    fn shard_iterator(&self, request: ShardIteratorRequest) -> BackendFuture<'_, String> {
        forward!(self, |inner| inner.shard_iterator(request))
    }

    fn get_records(&self, iterator: String) -> BackendFuture<'_, RecordsPage> {
        forward!(self, |inner| inner.get_records(iterator))
    }
}
