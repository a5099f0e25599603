//! The explorer: the discovery scan that finds the item collections, and the partitions opened
//! from them.

pub mod collection_rows;
pub mod discovery;
pub mod partition;
pub mod sample;

use std::collections::BTreeMap;

use collection_rows::CollapsedCollections;
use discovery::Discovery;
use partition::Partition;

/// What the explorer keeps: the discovery scan, the collections collapsed and the partitions
/// opened, and the last search typed over its lists.
#[derive(Clone, Debug)]
pub struct Explore {
    pub discovery: Discovery,
    /// The home screen's parent levels the user collapsed.
    pub collapsed_collections: CollapsedCollections,
    /// Partitions opened so far, by partition key text.
    pub partitions: BTreeMap<String, Partition>,
    /// The last search text, for `search_next`.
    pub last_search: Option<String>,
}

impl Explore {
    /// Nothing discovered or opened yet; discovery scans in `segments` parallel segments.
    #[must_use]
    pub fn new(segments: u32) -> Self {
        Self {
            discovery: Discovery::new(segments),
            collapsed_collections: CollapsedCollections::default(),
            partitions: BTreeMap::new(),
            last_search: None,
        }
    }
}
