//! Known ways the local servers differ from DynamoDB, each named once. Scenarios assert the
//! deviation where it shows (rather than skipping), so if a server changes, the test that
//! recorded the deviation fails and the entry here can be removed.

use crate::support::Server;

/// A documented difference between a local server and DynamoDB.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Deviation {
    /// dynalite 4.0.0 does not implement TransactWriteItems.
    DynaliteHasNoTransactions,
    /// dynalite ignores `ReturnValuesOnConditionCheckFailure`: a failed condition carries no item.
    DynaliteReturnsNoItemOnConditionFailure,
    /// dynalite accepts `ConsistentRead=true` on a GSI *scan*, which DynamoDB refuses. (dynalite
    /// 4.0.0 does refuse it on a GSI query, with DynamoDB's message.)
    DynaliteAcceptsConsistentReadsOnGsiScan,
    /// dynalite does not implement UpdateTimeToLive / DescribeTimeToLive.
    DynaliteHasNoTtl,
    /// dynalite stores an item whose secondary-index key attribute is an empty string, which
    /// DynamoDB refuses ("A value specified for a secondary index key is not supported").
    DynaliteAcceptsEmptyIndexKeyValues,
    /// moto validates less than DynamoDB: some invalid requests succeed or fail differently.
    MotoLaxValidation,
    /// moto lists tables in creation order; DynamoDB lists them in ascending name order.
    MotoListsTablesUnsorted,
    /// moto reports 0.5 capacity units for an UpdateItem (a read's cost); DynamoDB charges at
    /// least one write unit.
    MotoUnderReportsUpdateCapacity,
    /// moto rejects a `#name[index]` path in a ProjectionExpression, claiming `#name` is unused.
    MotoMisreadsPlaceholderWithListIndex,
    /// moto fails with an HTTP 500 (no DynamoDB error) on `begins_with` against an N sort key,
    /// which DynamoDB refuses with a ValidationException.
    MotoCrashesOnBeginsWithOnNumberKey,
}

impl Deviation {
    /// True when `server` shows this deviation.
    pub fn applies_to(self, server: Server) -> bool {
        matches!(
            (self, server),
            (
                Self::DynaliteHasNoTransactions
                    | Self::DynaliteReturnsNoItemOnConditionFailure
                    | Self::DynaliteAcceptsConsistentReadsOnGsiScan
                    | Self::DynaliteHasNoTtl
                    | Self::DynaliteAcceptsEmptyIndexKeyValues,
                Server::Dynalite
            ) | (
                Self::MotoLaxValidation
                    | Self::MotoListsTablesUnsorted
                    | Self::MotoUnderReportsUpdateCapacity
                    | Self::MotoMisreadsPlaceholderWithListIndex
                    | Self::MotoCrashesOnBeginsWithOnNumberKey,
                Server::Moto
            )
        )
    }

    /// Prints the deviation so test output shows which known differences were exercised.
    pub fn note(self, server: Server) {
        eprintln!("known deviation of {}: {self:?}", server.name());
    }
}
