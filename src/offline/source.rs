//! What every source reader shares: how bad lines are handled, where items go, what a source
//! reports besides its items.

use crate::domain::value::Item;

use super::warning::{OfflineError, Warning};

/// What to do with a line that is not valid DynamoDB JSON.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum BadLines {
    /// Report it and go on (the default).
    #[default]
    Skip,
    /// Stop at the first one.
    Stop,
}

/// Which image of an incremental export's change record is the item: the item after the
/// change (none for a deletion) or before it (none for an insertion).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Image {
    #[default]
    New,
    Old,
}

/// How a source is read: bad lines, the image of a change record, and how to reach S3 for an
/// `s3://` source.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Reading {
    pub bad_lines: BadLines,
    pub image: Image,
    pub s3: crate::backend::aws::s3::S3Options,
}

impl From<BadLines> for Reading {
    fn from(bad_lines: BadLines) -> Self {
        Self {
            bad_lines,
            ..Self::default()
        }
    }
}

/// What was read from one stream of records.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Counts {
    /// Records (non-blank lines, bad ones included): what an export's manifest counts.
    pub records: u64,
    /// Change records without the chosen image (deletions for the new image, insertions for
    /// the old): they are no item.
    pub without_image: u64,
}

impl Counts {
    pub fn add(&mut self, other: Self) {
        self.records += other.records;
        self.without_image += other.without_image;
    }
}

/// What a source reveals besides its items.
pub(crate) struct SourceInfo {
    pub warnings: Vec<Warning>,
}

/// Receives a source's items in batches (a data file, or a run of lines), in source order.
pub(crate) type Batches<'a> = &'a mut dyn FnMut(Vec<Item>) -> Result<(), OfflineError>;
