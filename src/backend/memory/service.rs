//! The [`Backend`] implementation of the engine: each method runs synchronously inside its
//! future (no awaits happen while a table lock is held).

use crate::backend::{
    Backend, BackendFuture, Connection, DeleteRequest, GetOutput, GetRequest, HeldItems, Page,
    PutRequest, QueryRequest, RecordsPage, ScanRequest, Shard, ShardIteratorRequest, StatementPage,
    StatementRequest, TransactOutput, TransactWriteRequest, UpdateRequest, WriteOutput,
};
use crate::domain::schema::TableDescription;

use super::engine::MemoryBackend;

impl Backend for MemoryBackend {
    fn connection(&self) -> Connection {
        self.connection.clone()
    }

    /// In-memory tables (demo data, files) belong to no account.
    fn account_id(&self) -> BackendFuture<'_, Option<String>> {
        Box::pin(async { Ok(None) })
    }

    fn list_tables(&self) -> BackendFuture<'_, Vec<String>> {
        Box::pin(async move { Ok(self.table_names()) })
    }

    fn describe_table<'a>(&'a self, table: &'a str) -> BackendFuture<'a, TableDescription> {
        Box::pin(async move { self.describe(table) })
    }

    fn query(&self, request: QueryRequest) -> BackendFuture<'_, Page> {
        Box::pin(async move { self.query_now(&request) })
    }

    fn scan(&self, request: ScanRequest) -> BackendFuture<'_, Page> {
        Box::pin(async move { self.scan_now(&request) })
    }

    fn each_held_item<'a>(
        &'a self,
        table: &'a str,
        each: HeldItems<'a>,
    ) -> BackendFuture<'a, Option<u64>> {
        Box::pin(async move { self.each_held_now(table, each).map(Some) })
    }

    fn get_item(&self, request: GetRequest) -> BackendFuture<'_, GetOutput> {
        Box::pin(async move { self.get_now(&request) })
    }

    fn put_item(&self, request: PutRequest) -> BackendFuture<'_, WriteOutput> {
        Box::pin(async move { self.put_now(&request) })
    }

    fn update_item(&self, request: UpdateRequest) -> BackendFuture<'_, WriteOutput> {
        Box::pin(async move { self.update_now(&request) })
    }

    fn delete_item(&self, request: DeleteRequest) -> BackendFuture<'_, WriteOutput> {
        Box::pin(async move { self.delete_now(&request) })
    }

    fn transact_write(&self, request: TransactWriteRequest) -> BackendFuture<'_, TransactOutput> {
        Box::pin(async move { self.transact_now(&request) })
    }

    /// SELECT only, over the statements `domain::partiql::translate` reads; anything else is
    /// refused with what is not covered.
    fn execute_statement(&self, request: StatementRequest) -> BackendFuture<'_, StatementPage> {
        Box::pin(async move { self.execute_statement_now(&request) })
    }

    fn describe_stream<'a>(&'a self, stream_arn: &'a str) -> BackendFuture<'a, Vec<Shard>> {
        Box::pin(async move { self.describe_stream_now(stream_arn) })
    }

    fn shard_iterator(&self, request: ShardIteratorRequest) -> BackendFuture<'_, String> {
        Box::pin(async move { self.shard_iterator_now(&request) })
    }

    fn get_records(&self, iterator: String) -> BackendFuture<'_, RecordsPage> {
        Box::pin(async move {
            self.get_records_now(&iterator, super::service_streams::GET_RECORDS_LIMIT)
        })
    }
}
