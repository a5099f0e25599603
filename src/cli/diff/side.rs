//! Reading one side of a diff: every item of its scope's reads (a Query, or its scan segments:
//! all of them, or a sample's), of its entity when it names one, within the shared read cap,
//! renamed and key-rewritten into the target's terms (or named by what its design's keys decode
//! to), and dealt by the hash of that key into buckets. A bucket is held in memory when the whole
//! side fits one, else spilled to a file of DynamoDB JSON lines (lossless), so the memory a diff
//! holds is one bucket of each side whatever the table's size.

use std::collections::{BTreeMap, BTreeSet};
use std::fs::File;
use std::hash::{DefaultHasher, Hash, Hasher};
use std::io::{BufRead, BufReader, BufWriter, Write};
use std::path::{Path, PathBuf};
use std::sync::Arc;

use super::progress::{ReadProgress, Which};
use super::scope::SideScope;
use crate::backend::Backend;
use crate::cli::error::CliError;
use crate::cli::other_table::{Rewrite, rewrite_keys};
use crate::cli::read_pace::ReadPace;
use crate::cli::scope::MAX_ENTITIES_LISTED;
use crate::cli::segments::read_segments_paced;
use crate::domain::ddb_json::{item_from_str, item_to_json};
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

/// The items of a side with the text of their key (in the target's terms), by bucket.
pub enum Buckets {
    Held(Vec<Vec<(String, Item)>>),
    Spilled(Vec<PathBuf>),
}

/// How a side's items become comparable to the target's.
pub struct Terms<'a> {
    /// The target's key, by whose attributes items are matched.
    pub target: &'a TableDescription,
    /// Source attribute name → target attribute name.
    pub renames: &'a BTreeMap<String, String>,
    pub rewrites: &'a [Rewrite],
}

/// How a side's items are matched: the text that names an item the same on both sides, and the
/// item as it is held until it is compared.
pub trait Keying: Sync {
    /// `item` as held, and its key text (`None`: the item cannot be matched and is left out).
    fn keyed(&self, item: &Item) -> Option<(String, Item)>;
    /// The key text of an item [`Keying::keyed`] gave, as read back from a bucket file.
    fn key_of(&self, held: &Item) -> Option<String>;
}

impl Keying for Terms<'_> {
    /// `item` in the target's terms, and the text of its key.
    fn keyed(&self, item: &Item) -> Option<(String, Item)> {
        let renamed: Item = item
            .iter()
            .map(|(name, value)| {
                let name = self.renames.get(name).unwrap_or(name);
                (name.clone(), value.clone())
            })
            .collect();
        let rewritten = rewrite_keys(&renamed, self.target, self.rewrites);
        let key = key_text(&rewritten, self.target)?;
        Some((key, rewritten))
    }

    fn key_of(&self, held: &Item) -> Option<String> {
        key_text(held, self.target)
    }
}

/// Which of `count` buckets a key falls in.
fn bucket_of(key: &str, count: usize) -> usize {
    let mut hasher = DefaultHasher::new();
    key.hash(&mut hasher);
    usize::try_from(hasher.finish() % count as u64).unwrap_or(0)
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
pub async fn read_side(side: SideRead<'_>) -> Result<(Buckets, SideTotals), CliError> {
    let (count, terms) = (side.count, side.terms);
    let mut held: Vec<Vec<(String, Item)>> = vec![Vec::new(); count];
    let mut files = match side.spill {
        Some(dir) => Some(create_files(dir, count)?),
        None => None,
    };
    let mut totals = SideTotals::default();
    let mut reported = false;
    let mut failure = None;
    let scanned = read_segments_paced(side.backend, side.requests, side.pace, |page| {
        reported |= page.consumed.is_some();
        let units = page
            .consumed
            .as_ref()
            .map_or(0.0, |consumed| consumed.total);
        side.progress
            .page(side.which, page.items.len() as u64, units);
        totals.read += page.items.len() as u64;
        for item in &page.items {
            if !side.scope.keeps(side.table, item) {
                if totals.others.len() < MAX_ENTITIES_LISTED {
                    totals.others.insert(side.scope.entity_of(side.table, item));
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
            let bucket = bucket_of(&key, count);
            match &mut files {
                Some((_, writers)) => {
                    let line = item_to_json(&item).to_string();
                    if let Err(error) = writeln!(writers[bucket], "{line}") {
                        failure.get_or_insert(error);
                    }
                }
                None => held[bucket].push((key, item)),
            }
        }
    })
    .await?;
    if let Some(error) = failure {
        return Err(CliError::Failed(format!(
            "could not write a diff bucket: {error}"
        )));
    }
    let buckets = match files {
        Some((paths, writers)) => {
            for mut writer in writers {
                writer.flush().map_err(|error| {
                    CliError::Failed(format!("could not write a diff bucket: {error}"))
                })?;
            }
            Buckets::Spilled(paths)
        }
        None => Buckets::Held(held),
    };
    totals.units = reported.then_some(scanned.capacity);
    Ok((buckets, totals))
}

fn create_files(
    dir: &Path,
    count: usize,
) -> Result<(Vec<PathBuf>, Vec<BufWriter<File>>), CliError> {
    let mut paths = Vec::with_capacity(count);
    let mut writers = Vec::with_capacity(count);
    for bucket in 0..count {
        let path = dir.join(format!("bucket-{bucket}.jsonl"));
        let file = File::create(&path).map_err(|error| {
            CliError::Failed(format!("could not create {}: {error}", path.display()))
        })?;
        paths.push(path);
        writers.push(BufWriter::new(file));
    }
    Ok((paths, writers))
}

impl Buckets {
    /// The items of bucket `index`, with their key texts.
    pub fn take(
        &mut self,
        index: usize,
        keying: &dyn Keying,
    ) -> Result<Vec<(String, Item)>, CliError> {
        match self {
            Self::Held(buckets) => Ok(std::mem::take(&mut buckets[index])),
            Self::Spilled(paths) => {
                let path = &paths[index];
                let file = File::open(path).map_err(|error| {
                    CliError::Failed(format!("could not read {}: {error}", path.display()))
                })?;
                let mut items = Vec::new();
                for line in BufReader::new(file).lines() {
                    let line = line.map_err(|error| CliError::Failed(error.to_string()))?;
                    let item = item_from_str(&line).map_err(|error| {
                        CliError::Failed(format!("a diff bucket is unreadable: {error}"))
                    })?;
                    if let Some(key) = keying.key_of(&item) {
                        items.push((key, item));
                    }
                }
                Ok(items)
            }
        }
    }
}
