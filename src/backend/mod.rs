//! The DynamoDB boundary: one trait, owned by the domain, with an AWS SDK implementation
//! ([`aws`]) and an embedded in-memory implementation. SDK types never leave `backend/aws*`.

pub mod aws;
mod aws_convert;
/// Not part of ddbx's API: lets `benches/convert.rs` measure the SDK ⇄ domain conversion and
/// the reading of response bodies, which otherwise stay private to the AWS backend.
#[doc(hidden)]
pub mod bench_support {
    pub use super::aws::CannedServer;
    pub use super::aws_convert::{
        ConvertError, SdkItem, item_to_sdk, items_from_sdk, page_from_body,
    };
}
mod error;
mod loading;
pub mod memory;
pub mod read_only;
pub mod request;
mod retry_notice;

use std::future::Future;
use std::pin::Pin;

pub use error::{BackendError, CancellationReason};
pub use loading::LoadingBackend;
pub use request::*;
pub use retry_notice::{RetryNotice, tell_each};

use crate::domain::schema::TableDescription;
use crate::domain::table_settings::{Readable, TableExtras, Ttl};
use crate::domain::value::Item;

/// A boxed future, so the trait can be used as `Arc<dyn Backend>` by the worker.
pub type BackendFuture<'a, T> = Pin<Box<dyn Future<Output = Result<T, BackendError>> + Send + 'a>>;

/// The overview's values that need a call each. Never fails: each value says on its own
/// whether it could be read.
pub type ExtrasFuture<'a> = Pin<Box<dyn Future<Output = TableExtras> + Send + 'a>>;

/// Where a backend is connected, shown in the header at all times so nobody edits the wrong account.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Connection {
    /// `aws`, `memory`, `file`.
    pub kind: String,
    pub endpoint: Option<String>,
    pub region: Option<String>,
    pub profile: Option<String>,
    /// True when writes are refused inside the process.
    pub read_only: bool,
}

/// Everything ddbx asks of DynamoDB. Every method:
/// - speaks domain types; expressions travel in wire form (see [`request`]);
/// - reports errors already classified into [`BackendError`], keeping the service's message;
/// - asks for consumed capacity and returns it when the backend knows it.
pub trait Backend: Send + Sync {
    /// Where this backend points, for the header and the journal. Never contains credentials.
    fn connection(&self) -> Connection;

    /// The AWS account the credentials belong to, for the header. `Ok(None)` when the backend has
    /// no account (memory, files) or cannot learn it: failing to learn it is never an error. Only
    /// ever asks the place the backend already talks to, so a local session stays local.
    fn account_id(&self) -> BackendFuture<'_, Option<String>>;

    /// Each request sent again after a failure that may pass (a throttle, a dropped
    /// connection), told as the retry starts; `None` for a backend that never retries.
    fn retry_notices(&self) -> Option<tokio::sync::broadcast::Receiver<RetryNotice>> {
        None
    }

    /// All table names (every page of ListTables), in the service's order (ascending).
    fn list_tables(&self) -> BackendFuture<'_, Vec<String>>;

    /// Key schema, attribute types, indexes, counts, billing mode, TTL and stream of `table`.
    /// A missing table is [`BackendError::NotFound`].
    fn describe_table<'a>(&'a self, table: &'a str) -> BackendFuture<'a, TableDescription>;

    /// [`Backend::describe_table`] without its TTL (`ttl: None`), which may cost a call of its
    /// own: for reads that only need the keys and indexes.
    fn describe_schema<'a>(&'a self, table: &'a str) -> BackendFuture<'a, TableDescription> {
        self.describe_table(table)
    }

    /// Point-in-time recovery, TTL, whether a resource-based policy is attached (asked of the
    /// table's ARN) and contributor insights of the table and of each global index: one call
    /// each, asked only when shown. A backend that keeps none of them says so for each.
    fn table_extras<'a>(&'a self, table: &'a TableDescription) -> ExtrasFuture<'a> {
        Box::pin(async move {
            let reason = format!("{} tables have none", self.connection().kind);
            let mut extras = TableExtras::none_readable(&reason);
            // TTL is the one value such a backend keeps, in its description, which the caller's
            // may lack (a schema read without TTL).
            if let Ok(description) = self.describe_table(&table.name).await {
                extras.ttl = Readable::Read(Ttl {
                    attribute: description.ttl.as_ref().map(|ttl| ttl.attribute.clone()),
                    status: description
                        .ttl
                        .map_or_else(|| "DISABLED".to_owned(), |ttl| ttl.status),
                });
            }
            extras
        })
    }

    /// [`Backend::describe_table`] and [`Backend::table_extras`] for a command that shows both.
    /// A backend that can sends the calls side by side rather than one after the other.
    fn describe_with_extras<'a>(
        &'a self,
        table: &'a str,
    ) -> BackendFuture<'a, (TableDescription, TableExtras)> {
        Box::pin(async move {
            let description = self.describe_table(table).await?;
            let extras = self.table_extras(&description).await;
            Ok((description, extras))
        })
    }

    /// One Query page. `limit` counts items evaluated before the filter; a page stops at `limit`
    /// or 1 MB. Continue with `start_key = page.last_evaluated_key` until it is `None`. The cursor
    /// holds the table key (plus the index key for an index). Eventually consistent unless
    /// `consistent_read`, which a GSI refuses with a validation error.
    fn query(&self, request: QueryRequest) -> BackendFuture<'_, Page>;

    /// One Scan page, optionally one segment of a parallel scan; same paging rules as `query`.
    fn scan(&self, request: ScanRequest) -> BackendFuture<'_, Page>;

    /// One item by its full primary key; `item` is `None` when it does not exist.
    fn get_item(&self, request: GetRequest) -> BackendFuture<'_, GetOutput>;

    /// PutItem with a mandatory condition. On a failed condition the error is
    /// [`BackendError::ConditionFailed`] carrying the current item when the backend can return it
    /// (`ReturnValuesOnConditionCheckFailure=ALL_OLD` is always requested).
    fn put_item(&self, request: PutRequest) -> BackendFuture<'_, WriteOutput>;

    /// UpdateItem with a mandatory condition; same failure contract as `put_item`.
    fn update_item(&self, request: UpdateRequest) -> BackendFuture<'_, WriteOutput>;

    /// DeleteItem with a mandatory condition; same failure contract as `put_item`.
    fn delete_item(&self, request: DeleteRequest) -> BackendFuture<'_, WriteOutput>;

    /// TransactWriteItems: all actions or none. A cancelled transaction is
    /// [`BackendError::TransactionCanceled`] with one reason per action, in action order.
    fn transact_write(&self, request: TransactWriteRequest) -> BackendFuture<'_, TransactOutput>;

    /// One page of a PartiQL statement (ExecuteStatement). Callers send only statements they
    /// checked to be reads; a backend without PartiQL answers with an error saying so.
    fn execute_statement(&self, request: StatementRequest) -> BackendFuture<'_, StatementPage> {
        let _ = request;
        Box::pin(std::future::ready(Err(BackendError::Service {
            code: "PartiqlNotSupported".to_owned(),
            message: format!(
                "PartiQL needs a DynamoDB endpoint; {} tables answer `ddbx query` and `ddbx scan` instead",
                self.connection().kind
            ),
        })))
    }

    /// Every item of `table` as the backend itself holds it, in the order a Scan reads them,
    /// each handed to `each`; the number of items, or `None` from a backend that holds no items
    /// (DynamoDB is read by Scan). A reader of the whole table (insights) skips the pages, and
    /// the embedded engine decodes of each item only what the reader asks for.
    fn each_held_item<'a>(
        &'a self,
        table: &'a str,
        each: HeldItems<'a>,
    ) -> BackendFuture<'a, Option<u64>> {
        let _ = (table, each);
        Box::pin(std::future::ready(Ok(None)))
    }

    /// Every shard of the stream `stream_arn` (all DescribeStream pages), parents before
    /// children as the service lists them.
    fn describe_stream<'a>(&'a self, stream_arn: &'a str) -> BackendFuture<'a, Vec<Shard>> {
        let _ = stream_arn;
        no_streams(self)
    }

    /// GetShardIterator.
    fn shard_iterator(&self, request: ShardIteratorRequest) -> BackendFuture<'_, String> {
        let _ = request;
        no_streams(self)
    }

    /// One GetRecords call on `iterator`.
    fn get_records(&self, iterator: String) -> BackendFuture<'_, RecordsPage> {
        let _ = iterator;
        no_streams(self)
    }
}

/// An item as a backend holds it: its DynamoDB size is known without decoding it.
pub trait HeldItem {
    /// The item's DynamoDB size in bytes, as `domain::value::item_size` counts it.
    fn size(&self) -> u64;
    /// The item with only the attributes `keep` accepts, and its table key.
    fn decode_only(&self, keep: &dyn Fn(&str) -> bool) -> Result<Item, BackendError>;
}

/// What [`Backend::each_held_item`] hands every item to.
pub type HeldItems<'a> = &'a mut (dyn FnMut(&dyn HeldItem) + Send);

/// The answer of a backend that has no DynamoDB Streams.
fn no_streams<'a, T: Send + 'a, B: Backend + ?Sized>(backend: &B) -> BackendFuture<'a, T> {
    let kind = backend.connection().kind;
    Box::pin(std::future::ready(Err(BackendError::Service {
        code: "StreamsNotSupported".to_owned(),
        message: format!(
            "{kind} tables have no DynamoDB stream; tail a table on a DynamoDB endpoint"
        ),
    })))
}
