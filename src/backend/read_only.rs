//! Read-only enforcement in the backend layer: whatever the UI or CLI does, a write on a read-only
//! connection fails here with [`BackendError::ReadOnly`] before any request leaves the process.

use std::sync::Arc;

use super::{
    Backend, BackendError, BackendFuture, Connection, DeleteRequest, ExtrasFuture, GetOutput,
    GetRequest, HeldItems, Page, PutRequest, QueryRequest, ScanRequest, StatementPage,
    StatementRequest, TransactOutput, TransactWriteRequest, UpdateRequest, WriteOutput,
};
use crate::domain::schema::TableDescription;
use crate::domain::table_settings::TableExtras;

/// Wraps any backend and refuses every write.
pub struct ReadOnly {
    inner: Arc<dyn Backend>,
}

impl ReadOnly {
    #[must_use]
    pub fn new(inner: Arc<dyn Backend>) -> Self {
        Self { inner }
    }
}

fn refuse<'a, T: Send + 'a>() -> BackendFuture<'a, T> {
    Box::pin(async { Err(BackendError::ReadOnly) })
}

impl Backend for ReadOnly {
    fn connection(&self) -> Connection {
        Connection {
            read_only: true,
            ..self.inner.connection()
        }
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

    fn describe_schema<'a>(&'a self, table: &'a str) -> BackendFuture<'a, TableDescription> {
        self.inner.describe_schema(table)
    }

    fn table_extras<'a>(&'a self, table: &'a TableDescription) -> ExtrasFuture<'a> {
        self.inner.table_extras(table)
    }

    fn retry_notices(&self) -> Option<tokio::sync::broadcast::Receiver<super::RetryNotice>> {
        self.inner.retry_notices()
    }

    fn describe_with_extras<'a>(
        &'a self,
        table: &'a str,
    ) -> BackendFuture<'a, (TableDescription, TableExtras)> {
        self.inner.describe_with_extras(table)
    }

    fn query(&self, request: QueryRequest) -> BackendFuture<'_, Page> {
        self.inner.query(request)
    }

    fn scan(&self, request: ScanRequest) -> BackendFuture<'_, Page> {
        self.inner.scan(request)
    }

    fn each_held_item<'a>(
        &'a self,
        table: &'a str,
        each: HeldItems<'a>,
    ) -> BackendFuture<'a, Option<u64>> {
        self.inner.each_held_item(table, each)
    }

    fn get_item(&self, request: GetRequest) -> BackendFuture<'_, GetOutput> {
        self.inner.get_item(request)
    }

    fn describe_stream<'a>(
        &'a self,
        stream_arn: &'a str,
    ) -> BackendFuture<'a, Vec<crate::backend::Shard>> {
        self.inner.describe_stream(stream_arn)
    }

    fn shard_iterator(
        &self,
        request: crate::backend::ShardIteratorRequest,
    ) -> BackendFuture<'_, String> {
        self.inner.shard_iterator(request)
    }

    fn get_records(&self, iterator: String) -> BackendFuture<'_, crate::backend::RecordsPage> {
        self.inner.get_records(iterator)
    }

    /// Only a statement read as a SELECT passes; anything else (or anything unreadable) could
    /// write, so it is refused before it leaves the process.
    fn execute_statement(&self, request: StatementRequest) -> BackendFuture<'_, StatementPage> {
        let is_select = crate::domain::partiql::parse(&request.statement)
            .is_ok_and(|statement| statement.kind == crate::domain::partiql::StatementKind::Select);
        if is_select {
            self.inner.execute_statement(request)
        } else {
            refuse()
        }
    }

    fn put_item(&self, _request: PutRequest) -> BackendFuture<'_, WriteOutput> {
        refuse()
    }

    fn update_item(&self, _request: UpdateRequest) -> BackendFuture<'_, WriteOutput> {
        refuse()
    }

    fn delete_item(&self, _request: DeleteRequest) -> BackendFuture<'_, WriteOutput> {
        refuse()
    }

    fn transact_write(&self, _request: TransactWriteRequest) -> BackendFuture<'_, TransactOutput> {
        refuse()
    }
}
