//! [`AwsBackend`]: the [`Backend`] over the AWS SDK for DynamoDB, for real AWS accounts and for
//! DynamoDB-compatible servers reached with an endpoint URL.
//!
//! - `connect`: configuration from aws-config's default chain (profiles, SSO, assume-role,
//!   credential_process, environment) with bounded timeouts and retries;
//! - `errors`: the one place SDK errors become [`BackendError`]s;
//! - `identity`: the account id from STS GetCallerIdentity, for the header;
//! - `reads` and `writes`: one function per trait method, building the SDK request from the
//!   domain request and converting the response with `aws_convert`.
//! - [`s3`]: S3 for `--file s3://…`, on the same configuration: listings and objects as byte
//!   streams.

mod canned;
mod cause_chain;
mod connect;
mod errors;
mod extras;
mod http_client;
mod identity;
mod page_body;
mod reads;
mod retry;
mod retry_teller;
pub mod s3;
mod statement;
mod streams;
mod throttling;
mod unsent;
mod writes;

pub use canned::CannedServer;
pub use connect::AwsOptions;
pub use page_body::page_bodies_left_to_the_sdk;

use aws_sdk_dynamodb::Client;

use super::{
    Backend, BackendError, BackendFuture, Connection, DeleteRequest, ExtrasFuture, GetOutput,
    GetRequest, Page, PutRequest, QueryRequest, RecordsPage, ScanRequest, Shard,
    ShardIteratorRequest, StatementPage, StatementRequest, TransactOutput, TransactWriteRequest,
    UpdateRequest, WriteOutput,
};
use crate::domain::schema::TableDescription;
use crate::domain::table_settings::TableExtras;

/// The AWS SDK backend. Cheap to share behind an `Arc`; the SDK client pools its connections.
#[derive(Clone)]
pub struct AwsBackend {
    client: Client,
    on_demand: connect::OnDemandClients,
    connection: Connection,
    retries: tokio::sync::broadcast::Sender<super::RetryNotice>,
}

/// Shows where the backend points and nothing else: the SDK client's own `Debug` includes its
/// credentials provider, and an access key id has no business in a log line.
impl std::fmt::Debug for AwsBackend {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("AwsBackend")
            .field("connection", &self.connection)
            .finish_non_exhaustive()
    }
}

impl AwsBackend {
    /// Resolves configuration and credentials providers (credentials themselves are fetched on
    /// the first request). Fails when no region can be found.
    pub async fn connect(options: AwsOptions) -> Result<Self, BackendError> {
        Self::connect_with_timeout(options, connect::DEFAULT_REQUEST_TIMEOUT).await
    }

    /// [`Self::connect`], with every request (all its attempts) given at most `timeout`: a
    /// server that accepts and never answers fails within it instead of holding the command.
    pub async fn connect_with_timeout(
        options: AwsOptions,
        timeout: std::time::Duration,
    ) -> Result<Self, BackendError> {
        let clients = connect::clients(options, timeout).await?;
        Ok(Self {
            client: clients.dynamodb,
            on_demand: clients.on_demand,
            connection: clients.connection,
            retries: clients.retries,
        })
    }

    /// How errors name the server: the endpoint URL, or the region's default endpoint.
    fn target(&self) -> errors::Target<'_> {
        errors::Target::new(&self.connection)
    }
}

impl Backend for AwsBackend {
    fn connection(&self) -> Connection {
        self.connection.clone()
    }

    fn retry_notices(&self) -> Option<tokio::sync::broadcast::Receiver<super::RetryNotice>> {
        Some(self.retries.subscribe())
    }

    fn account_id(&self) -> BackendFuture<'_, Option<String>> {
        Box::pin(identity::account_id(self.on_demand.sts()))
    }

    fn list_tables(&self) -> BackendFuture<'_, Vec<String>> {
        Box::pin(reads::list_tables(&self.client, self.target()))
    }

    fn describe_table<'a>(&'a self, table: &'a str) -> BackendFuture<'a, TableDescription> {
        Box::pin(reads::describe_table(&self.client, self.target(), table))
    }

    fn describe_schema<'a>(&'a self, table: &'a str) -> BackendFuture<'a, TableDescription> {
        Box::pin(reads::describe_schema(&self.client, self.target(), table))
    }

    fn describe_with_extras<'a>(
        &'a self,
        table: &'a str,
    ) -> BackendFuture<'a, (TableDescription, TableExtras)> {
        Box::pin(extras::described_with_extras(
            &self.client,
            self.target(),
            table,
        ))
    }

    fn table_extras<'a>(&'a self, table: &'a TableDescription) -> ExtrasFuture<'a> {
        Box::pin(extras::table_extras(&self.client, self.target(), table))
    }

    fn query(&self, request: QueryRequest) -> BackendFuture<'_, Page> {
        Box::pin(reads::query(&self.client, self.target(), request))
    }

    fn scan(&self, request: ScanRequest) -> BackendFuture<'_, Page> {
        Box::pin(reads::scan(&self.client, self.target(), request))
    }

    fn get_item(&self, request: GetRequest) -> BackendFuture<'_, GetOutput> {
        Box::pin(reads::get_item(&self.client, self.target(), request))
    }

    fn put_item(&self, request: PutRequest) -> BackendFuture<'_, WriteOutput> {
        Box::pin(writes::put_item(&self.client, self.target(), request))
    }

    fn update_item(&self, request: UpdateRequest) -> BackendFuture<'_, WriteOutput> {
        Box::pin(writes::update_item(&self.client, self.target(), request))
    }

    fn delete_item(&self, request: DeleteRequest) -> BackendFuture<'_, WriteOutput> {
        Box::pin(writes::delete_item(&self.client, self.target(), request))
    }

    fn transact_write(&self, request: TransactWriteRequest) -> BackendFuture<'_, TransactOutput> {
        Box::pin(writes::transact_write(&self.client, self.target(), request))
    }

    fn execute_statement(&self, request: StatementRequest) -> BackendFuture<'_, StatementPage> {
        Box::pin(statement::execute_statement(
            &self.client,
            self.target(),
            request,
        ))
    }

    fn describe_stream<'a>(&'a self, stream_arn: &'a str) -> BackendFuture<'a, Vec<Shard>> {
        Box::pin(streams::describe_stream(
            self.on_demand.streams(),
            self.target(),
            stream_arn,
        ))
    }

    fn shard_iterator(&self, request: ShardIteratorRequest) -> BackendFuture<'_, String> {
        Box::pin(streams::shard_iterator(
            self.on_demand.streams(),
            self.target(),
            request,
        ))
    }

    fn get_records(&self, iterator: String) -> BackendFuture<'_, RecordsPage> {
        Box::pin(streams::get_records(
            self.on_demand.streams(),
            self.target(),
            iterator,
        ))
    }
}
