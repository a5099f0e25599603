//! Where a side's items wait to be compared bucket by bucket: dealt by the hash of their key
//! text into buckets, held in memory when the whole side fits one, else written to a file per
//! bucket of DynamoDB JSON lines (lossless), created when its first item comes. So the memory a
//! diff holds is one bucket of each side whatever the table's size.

use std::collections::hash_map::DefaultHasher;
use std::fs::File;
use std::hash::{Hash, Hasher};
use std::io::{BufRead, BufReader, BufWriter, Write};
use std::path::{Path, PathBuf};

use super::keying::Keying;
use crate::cli::error::CliError;
use crate::domain::ddb_json::{item_from_str, item_to_json};
use crate::domain::value::Item;

/// A side's buckets while items are put in them.
pub enum BucketWriter {
    Held(Vec<Vec<(String, Item)>>),
    Spilled {
        dir: PathBuf,
        writers: Vec<Option<BufWriter<File>>>,
    },
}

/// A side's buckets once every item is in one.
pub enum Buckets {
    Held(Vec<Vec<(String, Item)>>),
    /// A file per bucket; `None` for a bucket no item fell in.
    Spilled(Vec<Option<PathBuf>>),
}

impl BucketWriter {
    /// `count` buckets, written under `spill` when it is given.
    #[must_use]
    pub fn new(count: usize, spill: Option<&Path>) -> Self {
        match spill {
            Some(dir) => Self::Spilled {
                dir: dir.to_path_buf(),
                writers: (0..count).map(|_| None).collect(),
            },
            None => Self::Held(vec![Vec::new(); count]),
        }
    }

    pub fn put(&mut self, key: String, item: Item) -> Result<(), CliError> {
        match self {
            Self::Held(held) => {
                let bucket = bucket_of(&key, held.len());
                held[bucket].push((key, item));
                Ok(())
            }
            Self::Spilled { dir, writers } => {
                let bucket = bucket_of(&key, writers.len());
                let writer = match &mut writers[bucket] {
                    Some(writer) => writer,
                    empty => empty.insert(BufWriter::new(create(&path_of(dir, bucket))?)),
                };
                writeln!(writer, "{}", item_to_json(&item)).map_err(unwritable)
            }
        }
    }

    pub fn finish(self) -> Result<Buckets, CliError> {
        match self {
            Self::Held(held) => Ok(Buckets::Held(held)),
            Self::Spilled { dir, writers } => {
                let mut paths = Vec::with_capacity(writers.len());
                for (bucket, writer) in writers.into_iter().enumerate() {
                    let Some(mut writer) = writer else {
                        paths.push(None);
                        continue;
                    };
                    writer.flush().map_err(unwritable)?;
                    paths.push(Some(path_of(&dir, bucket)));
                }
                Ok(Buckets::Spilled(paths))
            }
        }
    }
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
            Self::Spilled(paths) => match &paths[index] {
                Some(path) => read_bucket(path, keying),
                None => Ok(Vec::new()),
            },
        }
    }
}

fn read_bucket(path: &Path, keying: &dyn Keying) -> Result<Vec<(String, Item)>, CliError> {
    let file = File::open(path)
        .map_err(|error| CliError::Failed(format!("could not read {}: {error}", path.display())))?;
    let mut items = Vec::new();
    for line in BufReader::new(file).lines() {
        let line = line.map_err(|error| CliError::Failed(error.to_string()))?;
        let item = item_from_str(&line)
            .map_err(|error| CliError::Failed(format!("a diff bucket is unreadable: {error}")))?;
        if let Some(key) = keying.key_of(&item) {
            items.push((key, item));
        }
    }
    Ok(items)
}

/// Which of `count` buckets a key falls in.
fn bucket_of(key: &str, count: usize) -> usize {
    let mut hasher = DefaultHasher::new();
    key.hash(&mut hasher);
    usize::try_from(hasher.finish() % count as u64).unwrap_or(0)
}

fn path_of(dir: &Path, bucket: usize) -> PathBuf {
    dir.join(format!("bucket-{bucket}.jsonl"))
}

fn create(path: &Path) -> Result<File, CliError> {
    File::create(path)
        .map_err(|error| CliError::Failed(format!("could not create {}: {error}", path.display())))
}

fn unwritable(error: std::io::Error) -> CliError {
    CliError::Failed(format!("could not write a diff bucket: {error}"))
}
