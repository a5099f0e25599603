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

/// What a source reveals besides its items.
pub(crate) struct SourceInfo {
    pub warnings: Vec<Warning>,
}

/// Receives a source's items in batches (a data file, or a run of lines), in source order.
pub(crate) type Batches<'a> = &'a mut dyn FnMut(Vec<Item>) -> Result<(), OfflineError>;
