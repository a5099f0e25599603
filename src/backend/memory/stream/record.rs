//! One change as the engine's stream holds it, and the error of reading where records were
//! trimmed.

use crate::backend::{BackendError, ChangeKind, ChangeRecord};
use crate::domain::value::Item;

/// One change as the stream holds it.
#[derive(Clone, Debug)]
pub(super) struct Stored {
    pub sequence: u64,
    /// Unix seconds.
    pub created_at: i64,
    pub kind: ChangeKind,
    pub keys: Item,
    pub old: Option<Item>,
    pub new: Option<Item>,
    pub bytes: usize,
}

impl Stored {
    pub fn record(&self) -> ChangeRecord {
        ChangeRecord {
            kind: self.kind,
            sequence: sequence_text(self.sequence),
            created_at: Some(self.created_at),
            keys: self.keys.clone(),
            old_image: self.old.clone(),
            new_image: self.new.clone(),
        }
    }
}

/// Sequence numbers are decimal strings that sort as numbers; padded like DynamoDB Local's.
pub(super) fn sequence_text(sequence: u64) -> String {
    format!("{sequence:021}")
}

pub(super) fn trimmed(shard_id: &str) -> BackendError {
    BackendError::Service {
        code: "TrimmedDataAccessException".to_owned(),
        message: format!(
            "The operation attempted to read past the oldest stream record in shard {shard_id}"
        ),
    }
}
