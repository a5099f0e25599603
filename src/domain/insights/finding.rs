//! One insight: what was found, how bad it is, the rule it applies and the items that show it.

use crate::domain::value::Item;

/// How much a finding matters.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Severity {
    /// Worth knowing; nothing is wrong yet.
    Info,
    /// Costs money or capacity today, or will throttle as the table grows.
    Warning,
    /// Close to a hard limit of the service.
    Critical,
}

impl Severity {
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Self::Info => "info",
            Self::Warning => "warning",
            Self::Critical => "critical",
        }
    }
}

/// The rule a finding applies. Each cites the service behaviour it rests on in one line.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Rule {
    OutsizedPartition,
    LargeItemCollection,
    IndexPartitionShare,
    LargeItems,
    ProjectionCost,
    IndexNotSparse,
    PartialIndexKeys,
    IndexCoverageByEntity,
    SequentialPartitionKey,
    TimeBucketedPartitionKey,
    LowCardinalityPartitionKey,
    MixedSortKeyShapes,
    NoStablePrefix,
    AccessPatterns,
}

impl Rule {
    /// Every rule, in declaration order.
    pub const ALL: [Self; 14] = [
        Self::OutsizedPartition,
        Self::LargeItemCollection,
        Self::IndexPartitionShare,
        Self::LargeItems,
        Self::ProjectionCost,
        Self::IndexNotSparse,
        Self::PartialIndexKeys,
        Self::IndexCoverageByEntity,
        Self::SequentialPartitionKey,
        Self::TimeBucketedPartitionKey,
        Self::LowCardinalityPartitionKey,
        Self::MixedSortKeyShapes,
        Self::NoStablePrefix,
        Self::AccessPatterns,
    ];

    /// The name used in headless output (`-o json`'s `rule`).
    #[must_use]
    pub const fn id(self) -> &'static str {
        match self {
            Self::OutsizedPartition => "outsized-partition",
            Self::LargeItemCollection => "large-item-collection",
            Self::IndexPartitionShare => "index-partition-share",
            Self::LargeItems => "large-items",
            Self::ProjectionCost => "projection-cost",
            Self::IndexNotSparse => "index-not-sparse",
            Self::PartialIndexKeys => "partial-index-keys",
            Self::IndexCoverageByEntity => "index-coverage-by-entity",
            Self::SequentialPartitionKey => "sequential-partition-key",
            Self::TimeBucketedPartitionKey => "time-bucketed-partition-key",
            Self::LowCardinalityPartitionKey => "low-cardinality-partition-key",
            Self::MixedSortKeyShapes => "mixed-sort-key-shapes",
            Self::NoStablePrefix => "no-stable-prefix",
            Self::AccessPatterns => "access-patterns",
        }
    }

    /// The behaviour of DynamoDB the rule rests on, in one line.
    #[must_use]
    pub const fn citation(self) -> &'static str {
        match self {
            Self::OutsizedPartition => {
                "an item collection is stored and read together: a Query of an outsized one pays 1 read unit per 4 KB it reads and pages 1 MB at a time; whether it is also hot takes request rates (CloudWatch, Contributor Insights), which item counts do not show (Developer Guide: Best practices for designing and using partition keys effectively)"
            }
            Self::LargeItemCollection => {
                "with a local secondary index, an item collection (one partition key value, its items and their LSI projections) is limited to 10 GB; past it writes fail with ItemCollectionSizeLimitExceededException (Developer Guide: Local secondary indexes, Item collection size limit)"
            }
            Self::IndexPartitionShare => {
                "a GSI partition key value is served by one index partition, with the same per-partition limits as the table's; on a provisioned table a throttled GSI throttles the writes of its table (Developer Guide: Provisioned throughput considerations for global secondary indexes)"
            }
            Self::LargeItems => {
                "an item is at most 400 KB; reading it costs one read unit per 4 KB, writing it one write unit per 1 KB (Developer Guide: Constraints in Amazon DynamoDB, Items and Capacity unit sizes)"
            }
            Self::ProjectionCost => {
                "every write of an item in a GSI also writes its projected attributes to the index, charged by their size, and the index stores them again (Developer Guide: Global secondary indexes, Attribute projections)"
            }
            Self::IndexNotSparse => {
                "an index holds only the items that have all its key attributes; a sparse index is cheap because most items lack them (Developer Guide: Take advantage of sparse indexes)"
            }
            Self::PartialIndexKeys => {
                "an item enters an index only when it has every index key attribute with the declared type (Developer Guide: Take advantage of sparse indexes; Detecting and correcting index key violations)"
            }
            Self::IndexCoverageByEntity => {
                "an item enters an index only when it has every index key attribute; the application writes them per item (Developer Guide: Take advantage of sparse indexes)"
            }
            Self::SequentialPartitionKey => {
                "DynamoDB hashes the partition key to place an item, so sequential ids spread over partitions; what a sequence costs is ids anyone can enumerate and no newest-first read without an index (Developer Guide: Best practices for designing and using partition keys effectively)"
            }
            Self::TimeBucketedPartitionKey => {
                "a period's writes all go to one partition key value, served by one partition: at most 1,000 write units per second until the next period (Developer Guide: Using write sharding to distribute workloads evenly)"
            }
            Self::LowCardinalityPartitionKey => {
                "each partition key value is served by one partition, at most 3,000 read and 1,000 write units per second, so few values cap the whole entity's throughput (Developer Guide: Best practices for designing and using partition keys effectively)"
            }
            Self::MixedSortKeyShapes => {
                "sort keys compare byte by byte: begins_with and BETWEEN work only when one entity writes them in one shape (Developer Guide: Best practices for using sort keys to organize data)"
            }
            Self::NoStablePrefix => {
                "a single-table design reads one entity by a key prefix; an entity without a stable prefix can only be found by a scan (Developer Guide: Best practices for using sort keys to organize data; Query operations in DynamoDB)"
            }
            Self::AccessPatterns => {
                "a Query needs equality on the partition key of the table or of an existing index; anything else is a Scan (Developer Guide: Query operations in DynamoDB)"
            }
        }
    }
}

/// One finding.
#[derive(Clone, Debug, PartialEq)]
pub struct Finding {
    pub rule: Rule,
    pub severity: Severity,
    /// One line: what was found, with figures. Raw table text inside is not escaped yet.
    pub summary: String,
    /// Further lines of evidence (figures, examples).
    pub evidence: Vec<String>,
    /// Primary keys of items that show the finding, for the user to open.
    pub items: Vec<Item>,
}

impl Finding {
    #[must_use]
    pub fn new(rule: Rule, severity: Severity, summary: impl Into<String>) -> Self {
        Self {
            rule,
            severity,
            summary: summary.into(),
            evidence: Vec::new(),
            items: Vec::new(),
        }
    }

    #[must_use]
    pub fn with_evidence(mut self, lines: impl IntoIterator<Item = String>) -> Self {
        self.evidence.extend(lines);
        self
    }

    #[must_use]
    pub fn with_items(mut self, items: impl IntoIterator<Item = Item>) -> Self {
        self.items.extend(items);
        self
    }
}
