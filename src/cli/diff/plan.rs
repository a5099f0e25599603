//! How a diff reads its two sides: each side's scope (every item, or a partition, an index, an
//! entity), which scan segments (all, or a sample's), which keys a sample keeps, the page size
//! under a read cap, and the cap itself, shared by both sides.

use std::collections::BTreeMap;
use std::sync::Arc;

use super::progress::Which;
use super::scope::SideScope;
use super::side::Side;
use crate::cli::args::diff::DiffArgs;
use crate::cli::other_table::Rewrite;
use crate::cli::read_pace::ReadPace;
use crate::domain::diff::SampleMethod;
use crate::domain::schema::TableDescription;
use crate::domain::scope::ScopeRead;
use crate::domain::slice::Slice;

/// Share of the cap's second one page is sized to consume, so the pace has pages to space out
/// however small the table.
const PAGES_PER_CAPPED_SECOND: f64 = 8.0;

/// Items a page holds at most when both sides' reads pair up: the items of one side that wait
/// for the other's are a few pages of each read, so smaller pages hold fewer (a page of 1 MB can
/// hold ten thousand small items).
const PAIRED_PAGE_ITEMS: u32 = 1000;

pub struct ReadPlan {
    pub sample: Option<SampleMethod>,
    total_segments: u32,
    segments: Vec<u32>,
    limit: Option<u32>,
    pub pace: Option<Arc<ReadPace>>,
    /// The source's scope and the target's.
    scopes: [SideScope; 2],
    /// This worker's share of the segments, when the diff is split across workers.
    slice: Option<Slice>,
    /// Whether an item's key is the same on both sides (see [`keys_alike`]).
    keys_alike: bool,
}

impl ReadPlan {
    #[must_use]
    /// `keys_alike`: an item's key is the same on both sides, so it hashes alike wherever the
    /// two sides' servers do (see [`keys_alike`]). A sample takes the same segments of both
    /// sides only when both scan their tables: a Query has no segments, and an index's
    /// segments split its own keys.
    pub fn new(
        args: &DiffArgs,
        (source, target): (&Side, &Side),
        keys_alike: bool,
        scopes: (SideScope, SideScope),
    ) -> Self {
        let scans_tables = scopes.0.scans_table() && scopes.1.scans_table();
        let by_segments = keys_alike && scans_tables && same_hashing(source, target);
        let sample = args.sample.map(|percent| {
            if by_segments {
                SampleMethod::segments(percent, args.segments)
            } else {
                SampleMethod::KeyHash { percent }
            }
        });
        let (total_segments, segments) = match (&sample, args.slice) {
            (Some(SampleMethod::Segments { total, read }), _) => (*total, read.clone()),
            (None, Some(slice)) => (args.segments, slice.segments(args.segments)),
            _ => (args.segments, (0..args.segments).collect()),
        };
        let cap = args.max_read_units_per_second.map(f64::from);
        let page_units = cap.map(|cap| (cap / PAGES_PER_CAPPED_SECOND).max(0.5));
        let limit =
            page_units.and_then(|units| items_per_page(units, (&source.table, &target.table)));
        let pace = cap
            .zip(page_units)
            .map(|(cap, units)| Arc::new(ReadPace::new(cap, units)));
        let mut plan = Self {
            sample,
            total_segments,
            segments,
            limit,
            pace,
            scopes: [scopes.0, scopes.1],
            keys_alike,
            slice: args.slice,
        };
        if plan.reads_pair_up() {
            plan.limit =
                Some(limit.map_or(PAIRED_PAGE_ITEMS, |items| items.min(PAIRED_PAGE_ITEMS)));
        }
        plan
    }

    #[must_use]
    pub const fn scope(&self, which: Which) -> &SideScope {
        match which {
            Which::Source => &self.scopes[0],
            Which::Target => &self.scopes[1],
        }
    }

    /// The share of either side this plan reads (a segment sample reads only its segments).
    #[must_use]
    pub fn share_read(&self) -> f64 {
        match &self.sample {
            Some(sample @ SampleMethod::Segments { .. }) => sample.percent() / 100.0,
            _ => self.segments.len() as f64 / f64::from(self.total_segments.max(1)),
        }
    }

    /// The share of the items read that is compared.
    #[must_use]
    pub fn share_compared(&self) -> f64 {
        self.sample
            .as_ref()
            .map_or(1.0, |sample| sample.percent() / 100.0)
    }

    /// Each side's scope in words, as the report gives them.
    #[must_use]
    pub fn scope_words(
        &self,
        (source, target): (&TableDescription, &TableDescription),
    ) -> [String; 2] {
        let sliced = |words: String| match self.slice {
            Some(slice) => format!("{words}, {}", slice.describe(self.total_segments)),
            None => words,
        };
        [
            sliced(self.scopes[0].describe(source)),
            sliced(self.scopes[1].describe(target)),
        ]
    }

    /// Whether each read of the source reads the keys of the target's read of the same rank,
    /// as far as ddbx can tell: the same segment of two tables whose keys are alike, or a Query
    /// of each side. Two tables on one service then return those keys in about the same order.
    #[must_use]
    pub fn reads_pair_up(&self) -> bool {
        let [source, target] = &self.scopes;
        let queries = matches!(
            (&source.scope.read, &target.scope.read),
            (ScopeRead::Query(_), ScopeRead::Query(_))
        );
        self.keys_alike && (queries || (source.scans_table() && target.scans_table()))
    }

    /// The requests that read a side's scope: a Query, or one Scan per segment read.
    #[must_use]
    pub fn requests(&self, which: Which) -> Vec<ScopeRead> {
        match &self.scope(which).scope.read {
            ScopeRead::Query(request) => {
                let mut request = request.clone();
                request.limit = self.limit;
                vec![ScopeRead::Query(request)]
            }
            ScopeRead::Scan(template) => self
                .segments
                .iter()
                .map(|segment| {
                    let mut request = template.clone();
                    request.segment =
                        (self.total_segments > 1).then_some((*segment, self.total_segments));
                    request.limit = self.limit;
                    ScopeRead::Scan(request)
                })
                .collect(),
        }
    }
}

/// An item has the same key on both sides: no prefix is rewritten and the partition key keeps
/// its name.
#[must_use]
pub fn keys_alike(
    source: &TableDescription,
    renames: &BTreeMap<String, String>,
    rewrites: &[Rewrite],
) -> bool {
    rewrites.is_empty() && !renames_partition_key(source, renames)
}

/// Both sides are hashed into segments by the same service: one connection, or AWS itself on
/// both (its own endpoint). Two endpoints may be two different servers (DynamoDB Local and
/// dynalite hash keys differently), and an export is read by the embedded engine.
pub fn same_hashing(source: &Side, target: &Side) -> bool {
    if Arc::ptr_eq(&source.backend, &target.backend) {
        return true;
    }
    let (one, other) = (source.backend.connection(), target.backend.connection());
    one.kind == "aws" && other.kind == "aws" && one.endpoint.is_none() && other.endpoint.is_none()
}

/// Whether every server hashes only a partition key's value, never its name, is not something
/// ddbx has checked: a renamed partition key is sampled by the key hash instead.
fn renames_partition_key(source: &TableDescription, renames: &BTreeMap<String, String>) -> bool {
    source
        .key
        .names()
        .next()
        .is_some_and(|partition| renames.contains_key(partition))
}

/// Items per page for a page to consume about `units`, from the larger side's average item size
/// (`None` when neither side's size is described).
fn items_per_page(
    units: f64,
    (source, target): (&TableDescription, &TableDescription),
) -> Option<u32> {
    let average = |table: &TableDescription| match (table.size_bytes, table.item_count) {
        (Some(bytes), Some(count)) if count > 0 && bytes > 0 => Some(bytes / count),
        _ => None,
    };
    let bytes = average(source).max(average(target))?;
    let per_unit = 2.0 * 4096.0 / bytes.max(1) as f64;
    Some((units * per_unit).floor().clamp(1.0, f64::from(u32::MAX)) as u32)
}
