//! Reading one side of a diff: every item by a parallel scan, renamed and key-rewritten into the
//! target's terms, and dealt by the hash of its key into buckets. A bucket is held in memory
//! when the whole side fits one, else spilled to a file of DynamoDB JSON lines (lossless), so
//! the memory a diff holds is one bucket of each side whatever the table's size.

use std::collections::BTreeMap;
use std::fs::File;
use std::hash::{DefaultHasher, Hash, Hasher};
use std::io::{BufRead, BufReader, BufWriter, Write};
use std::path::{Path, PathBuf};
use std::sync::Arc;

use crate::backend::{Backend, ScanRequest};
use crate::cli::error::CliError;
use crate::cli::other_table::{Rewrite, rewrite_keys};
use crate::cli::segments::read_segments;
use crate::domain::ddb_json::{item_from_str, item_to_json};
use crate::domain::schema::TableDescription;
use crate::domain::value::Item;

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

impl Terms<'_> {
    /// `item` in the target's terms, and the text of its key.
    #[must_use]
    pub fn keyed(&self, item: &Item) -> Option<(String, Item)> {
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
}

/// The key attributes of `item` as one line of DynamoDB JSON (`None`: a key attribute is
/// missing, which no stored item lacks).
#[must_use]
pub fn key_text(item: &Item, table: &TableDescription) -> Option<String> {
    Some(item_to_json(&table.primary_key_of(item)?).to_string())
}

/// Which of `count` buckets a key falls in.
fn bucket_of(key: &str, count: usize) -> usize {
    let mut hasher = DefaultHasher::new();
    key.hash(&mut hasher);
    usize::try_from(hasher.finish() % count as u64).unwrap_or(0)
}

/// Reads every item of `table` into `count` buckets (spilled under `spill` when more than one).
/// Returns the buckets and how many items were read.
pub async fn read_side(
    backend: &Arc<dyn Backend>,
    table: &str,
    segments: u32,
    terms: &Terms<'_>,
    count: usize,
    spill: Option<&Path>,
) -> Result<(Buckets, u64), CliError> {
    let requests: Vec<ScanRequest> = (0..segments)
        .map(|segment| {
            let mut request = ScanRequest::new(table);
            request.segment = (segments > 1).then_some((segment, segments));
            request
        })
        .collect();
    let mut held: Vec<Vec<(String, Item)>> = vec![Vec::new(); count];
    let mut files = match spill {
        Some(dir) => Some(create_files(dir, count)?),
        None => None,
    };
    let mut read = 0_u64;
    let mut failure = None;
    read_segments(backend, requests, None, |page| {
        for item in &page.items {
            read += 1;
            let Some((key, item)) = terms.keyed(item) else {
                continue;
            };
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
    Ok((buckets, read))
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
        terms_key: &TableDescription,
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
                    if let Some(key) = key_text(&item, terms_key) {
                        items.push((key, item));
                    }
                }
                Ok(items)
            }
        }
    }
}
