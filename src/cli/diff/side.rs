//! Reading one side of a diff: every item of its scope's reads (a Query, or its scan segments:
//! all of them, or a sample's), of its entity when it names one, within the shared read cap,
//! renamed and key-rewritten into the target's terms (or named by what its design's keys decode
//! to), and offered to the pairing with the other side ([`super::pairing`]), which compares it
//! at once or hands it to the side's buckets ([`super::buckets`]).

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;
use std::sync::{Arc, Mutex, PoisonError};

use super::buckets::BucketWriter;
use super::keying::Keying;
use super::pairing::Pairing;
use super::progress::{ReadProgress, Which};
use super::scope::SideScope;
use crate::backend::Backend;
use crate::cli::error::CliError;
use crate::cli::lockstep::Lockstep;
use crate::cli::other_table::{Rewrite, rewrite_keys};
use crate::cli::read_pace::ReadPace;
use crate::cli::scope::MAX_ENTITIES_LISTED;
use crate::cli::segments::read_segments_paced;
use crate::domain::diff::SampleMethod;
pub use crate::domain::diff::key_text;
use crate::domain::schema::TableDescription;
use crate::domain::scope::ScopeRead;
use crate::domain::value::Item;

/// One side of the diff: where it is read from, and its description.
pub struct Side {
    pub backend: Arc<dyn Backend>,
    pub table: TableDescription,
}

/// How a side's items become comparable to the target's.
pub struct Terms<'a> {
    /// The target's key, by whose attributes items are matched.
    pub target: &'a TableDescription,
    /// Source attribute name → target attribute name.
    pub renames: &'a BTreeMap<String, String>,
    pub rewrites: &'a [Rewrite],
}

impl Keying for Terms<'_> {
    /// `item` in the target's terms, and the text of its key.
    fn keyed(&self, item: Item) -> Option<(String, Item)> {
        let renamed: Item = if self.renames.is_empty() {
            item
        } else {
            item.into_iter()
                .map(|(name, value)| match self.renames.get(&name) {
                    Some(new) => (new.clone(), value),
                    None => (name, value),
                })
                .collect()
        };
        let rewritten = if self.rewrites.is_empty() {
            renamed
        } else {
            rewrite_keys(&renamed, self.target, self.rewrites)
        };
        let key = key_text(&rewritten, self.target)?;
        Some((key, rewritten))
    }

    fn key_of(&self, held: &Item) -> Option<String> {
        key_text(held, self.target)
    }
}

/// How one side is read.
pub struct SideRead<'a> {
    pub backend: &'a Arc<dyn Backend>,
    /// A Query, or one Scan per segment read.
    pub requests: Vec<ScopeRead>,
    /// Which items read are compared (those of its entity, when it names one).
    pub scope: &'a SideScope,
    pub table: &'a TableDescription,
    pub terms: &'a dyn Keying,
    /// Buckets, spilled under `spill` when more than one.
    pub count: usize,
    pub spill: Option<&'a Path>,
    /// Where the item of each key meets the other side's.
    pub pairing: &'a Mutex<Pairing<'a>>,
    /// Each read kept in step with the other side's read of the same keys, when they pair up.
    pub lockstep: Option<&'a Lockstep>,
    /// The cap both sides' reads share.
    pub pace: Option<Arc<ReadPace>>,
    pub progress: &'a ReadProgress,
    pub which: Which,
    /// Keys outside a key-hash sample are read and left out.
    pub sample: Option<&'a SampleMethod>,
}

/// What a side's read came to.
#[derive(Clone, Debug, Default)]
pub struct SideTotals {
    pub read: u64,
    /// Items of the scope's entity (all those read when it names none).
    pub in_scope: u64,
    /// The entities of the items read that were not the scope's (the first few).
    pub others: BTreeSet<String>,
    /// Read units the server reported consuming (`None`: it reported none).
    pub units: Option<f64>,
}

/// Reads every item of the side's requests into buckets; returns them and the read's totals.
pub async fn read_side(side: SideRead<'_>) -> Result<(BucketWriter, SideTotals), CliError> {
    let terms = side.terms;
    let mut buckets = BucketWriter::new(side.count, side.spill);
    let mut totals = SideTotals::default();
    let mut reported = false;
    let mut failure = None;
    let side_index = match side.which {
        Which::Source => 0,
        Which::Target => 1,
    };
    let steps = side.lockstep.map(|lockstep| (lockstep, side_index));
    let scanned = read_segments_paced(side.backend, side.requests, (side.pace, steps), |page| {
        reported |= page.consumed.is_some();
        let units = page
            .consumed
            .as_ref()
            .map_or(0.0, |consumed| consumed.total);
        side.progress
            .page(side.which, page.items.len() as u64, units);
        totals.read += page.items.len() as u64;
        let mut keyed = Vec::with_capacity(page.items.len());
        for item in page.items {
            if !side.scope.keeps(side.table, &item) {
                if totals.others.len() < MAX_ENTITIES_LISTED {
                    totals
                        .others
                        .insert(side.scope.entity_of(side.table, &item));
                }
                continue;
            }
            totals.in_scope += 1;
            let Some((key, item)) = terms.keyed(item) else {
                continue;
            };
            if side.sample.is_some_and(|sample| !sample.keeps(&key)) {
                continue;
            }
            keyed.push((key, item));
        }
        let mut pairing = side.pairing.lock().unwrap_or_else(PoisonError::into_inner);
        if let Err(error) = pairing.offer(side.which, keyed, &mut buckets) {
            failure.get_or_insert(error);
        }
    })
    .await?;
    if let Some(error) = failure {
        return Err(error);
    }
    totals.units = reported.then_some(scanned.capacity);
    Ok((buckets, totals))
}
