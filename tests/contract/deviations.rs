//! Known ways the local servers differ from DynamoDB, each named once. DynamoDB Local (AWS's own
//! emulator) is the reference: a scenario expects what it answers, except where it is known to
//! differ from the service, and each such entry names the source of the service's behaviour.
//! Scenarios assert every deviation where it shows (rather than skipping), so if a server
//! changes, the test that recorded the deviation fails and the entry here can be removed.

use crate::support::Server;

/// A documented difference between a local server and DynamoDB.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Deviation {
    /// DynamoDB Local 1.25.1 says "Query condition missed key schema element" without the
    /// attribute; the service names it ("…: PK"), as dynalite (validations/query.js, tested
    /// against live DynamoDB) and scylladb's test/alternator/test_query.py (run against AWS) show.
    DdbLocalOmitsTheKeyNameWhenAQueryMissesIt,
    /// DynamoDB Local 1.25.1 says "Consistent read cannot be true when querying a GSI" (or
    /// "…scanning a GSI"); the service says "Consistent reads are not supported on global secondary
    /// indexes" (API Reference, QueryInput/ScanInput.ConsistentRead; dynalite actions/query.js).
    DdbLocalWordsGsiConsistentReadsItsOwnWay,
    /// DynamoDB Local 1.25.1 refuses a key of the wrong type with "One or more parameter values
    /// were invalid: Type mismatch for key"; the service says "The provided key element does not
    /// match the schema" (dynalite db/index.js; live captures in nubo-db/dynamodb-conformance).
    DdbLocalWordsAKeyTypeMismatchItsOwnWay,
    /// DynamoDB Local 1.25.1 refuses an ExclusiveStartKey of another partition (no sort key
    /// condition) with "The provided starting key does not match the range key predicate";
    /// dynalite, tested against live DynamoDB, says "The provided starting key is outside query
    /// boundaries based on provided conditions" there (actions/query.js). Not verified on AWS.
    DdbLocalWordsAStartKeyOutsideThePartitionItsOwnWay,
    /// DynamoDB Local 1.25.1 says only "…Type mismatch for Index Key"; the service adds the
    /// attribute, the types and the index ("…Type mismatch for Index Key GSI1PK Expected: S
    /// Actual: N IndexName: GSI1", dynalite db/index.js).
    DdbLocalOmitsTheDetailsOfAnIndexKeyTypeMismatch,
    /// DynamoDB Local 1.25.1 refuses an item without its sort key with "One of the required keys
    /// was not given a value"; the service says "One or more parameter values were invalid:
    /// Missing the key SK in the item" (dynalite db/index.js).
    DdbLocalWordsAMissingKeyItsOwnWay,
    /// When a query page's `Limit` is reached exactly at the last item of the key range,
    /// DynamoDB Local 1.25.1 returns no LastEvaluatedKey; the service returns one whenever
    /// `Limit` is reached, so the next page may be empty (API Reference, QueryInput.Limit and
    /// QueryOutput.LastEvaluatedKey), as dynalite does and the engine does.
    DdbLocalOmitsTheCursorWhenTheLimitEndsTheRange,
    /// DynamoDB Local 1.25.1 answers ExecuteStatement without ConsumedCapacity although it was
    /// asked for; the service returns it (API Reference, ExecuteStatement ReturnConsumedCapacity).
    DdbLocalReportsNoCapacityForStatements,
    /// dynalite 4.0.0 does not implement TransactWriteItems.
    DynaliteHasNoTransactions,
    /// dynalite 4.0.0 does not implement ExecuteStatement (PartiQL).
    DynaliteHasNoPartiql,
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
    /// dynalite stores a value nested 32 maps/lists deep, which DynamoDB refuses ("Nesting Levels
    /// have exceeded supported limits").
    DynaliteAcceptsTooDeepNesting,
    /// dynalite returns items with equal index keys in an order of its own (by its own hash of
    /// the table key), not DynamoDB Local's; DynamoDB promises no order there.
    DynaliteOrdersIndexTiesItsOwnWay,
    /// moto answers a GetItem whose key has the wrong type (S for an N key) with no item, where
    /// DynamoDB refuses it with a ValidationException.
    MotoReadsAKeyOfTheWrongType,
    /// moto stores a value nested 32 maps/lists deep, which DynamoDB refuses.
    MotoAcceptsTooDeepNesting,
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
    /// moto 5.2.5 fails with an HTTP 500 (no DynamoDB error) on GetRecords with a made-up shard
    /// iterator, which DynamoDB refuses with a ValidationException (as DynamoDB Local does).
    MotoCrashesOnAMalformedShardIterator,
    /// moto 5.2.5 breaks a stream that is disabled (UpdateTable StreamEnabled=false): a write to
    /// the table is stored and then answered with an HTTP 500 (the SDK retries it, so a
    /// conditioned put then fails its condition), and DescribeStream fails with an HTTP 500.
    /// DynamoDB answers the write, records nothing, and describes the stream with closed shards.
    MotoBreaksADisabledStream,
    /// moto 5.2.5 describes any stream ARN of a table (whatever its label) as the table's stream;
    /// DynamoDB answers an unknown ARN with ResourceNotFoundException, as DynamoDB Local does.
    MotoIgnoresTheLabelOfAStreamArn,
    /// Dynoxide 3.2.0 refuses a value nested too deep with DynamoDB's text behind a count, "1
    /// validation error detected: Nesting Levels have exceeded supported limits: …"; DynamoDB
    /// Local 1.25.1 answers the text alone.
    DynoxideCountsTheNestingError,
    /// Dynoxide 3.2.0 describes any stream ARN of a table (whatever its label) as the table's
    /// stream; DynamoDB answers an unknown ARN with ResourceNotFoundException, as DynamoDB Local
    /// does.
    DynoxideIgnoresTheLabelOfAStreamArn,
    /// Dynoxide 3.2.0 forgets a stream once it is disabled: DescribeStream of its ARN is
    /// ResourceNotFoundException. DynamoDB keeps a disabled stream readable for 24 hours, with
    /// closed shards and the records it holds (API Reference, StreamSpecification), as DynamoDB
    /// Local does.
    DynoxideForgetsADisabledStream,
}

impl Deviation {
    /// True when `server` shows this deviation.
    pub fn applies_to(self, server: Server) -> bool {
        matches!(
            (self, server),
            (
                Self::DdbLocalOmitsTheKeyNameWhenAQueryMissesIt
                    | Self::DdbLocalWordsGsiConsistentReadsItsOwnWay
                    | Self::DdbLocalWordsAKeyTypeMismatchItsOwnWay
                    | Self::DdbLocalWordsAStartKeyOutsideThePartitionItsOwnWay
                    | Self::DdbLocalOmitsTheDetailsOfAnIndexKeyTypeMismatch
                    | Self::DdbLocalWordsAMissingKeyItsOwnWay
                    | Self::DdbLocalOmitsTheCursorWhenTheLimitEndsTheRange
                    | Self::DdbLocalReportsNoCapacityForStatements,
                Server::DdbLocal
            ) | (
                Self::DynaliteHasNoTransactions
                    | Self::DynaliteHasNoPartiql
                    | Self::DynaliteReturnsNoItemOnConditionFailure
                    | Self::DynaliteAcceptsConsistentReadsOnGsiScan
                    | Self::DynaliteHasNoTtl
                    | Self::DynaliteAcceptsEmptyIndexKeyValues
                    | Self::DynaliteAcceptsTooDeepNesting
                    | Self::DynaliteOrdersIndexTiesItsOwnWay,
                Server::Dynalite
            ) | (
                Self::MotoReadsAKeyOfTheWrongType
                    | Self::MotoAcceptsTooDeepNesting
                    | Self::MotoListsTablesUnsorted
                    | Self::MotoUnderReportsUpdateCapacity
                    | Self::MotoMisreadsPlaceholderWithListIndex
                    | Self::MotoCrashesOnBeginsWithOnNumberKey
                    | Self::MotoCrashesOnAMalformedShardIterator
                    | Self::MotoBreaksADisabledStream
                    | Self::MotoIgnoresTheLabelOfAStreamArn,
                Server::Moto
            ) | (
                Self::DynoxideCountsTheNestingError
                    | Self::DynoxideIgnoresTheLabelOfAStreamArn
                    | Self::DynoxideForgetsADisabledStream,
                Server::Dynoxide
            )
        )
    }

    /// Prints the deviation so test output shows which known differences were exercised.
    pub fn note(self, server: Server) {
        eprintln!("known deviation of {}: {self:?}", server.name());
    }
}
