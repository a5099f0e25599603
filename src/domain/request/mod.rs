//! Request and response types of the backend trait, in domain terms, so the code that builds
//! requests (query specs, edit plans) needs nothing from the backend.
//!
//! Expressions travel in their wire form: an expression string plus one shared map of `#name`
//! placeholders and one of `:value` placeholders per request, exactly as DynamoDB receives them.
//! The AWS backend sends these bytes unchanged (so a preview shows precisely what is sent) and the
//! embedded engine parses and validates the same bytes with the same rules the service applies.
//! Builders and parsers in `domain::expr` produce them from an AST.

mod capacity;
mod read;
mod statement;
mod stream;
mod write;

/// Defined in `domain::expr` (which resolves and produces it); re-exported here where requests
/// use it.
pub use crate::domain::expr::ExpressionParams;
pub use capacity::ConsumedCapacity;
pub use read::{GetOutput, GetRequest, Page, QueryRequest, ScanRequest, Select};
pub use statement::{StatementPage, StatementRequest};
pub use stream::{
    ChangeKind, ChangeRecord, IteratorStart, RecordsPage, Shard, ShardIteratorRequest,
};
pub use write::{
    Condition, DeleteRequest, PutRequest, ReturnValues, TransactAction, TransactOutput,
    TransactWriteRequest, UpdateRequest, WriteOutput,
};
