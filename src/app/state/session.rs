//! What belongs to the session rather than to the open table: where ddbx is connected, as
//! whom, and where its writes are journaled. Switching tables keeps all of it.

use std::path::PathBuf;

use super::Loadable;
use crate::backend::Connection;

#[derive(Clone, Debug)]
pub struct Session {
    /// Where the backend points, and whether writes are refused (`read_only`).
    pub connection: Connection,
    /// The AWS account behind the connection, once STS answered (`Loaded(None)`: no account).
    pub account: Loadable<Option<String>>,
    /// Where writes are journaled and undo reads from (`None`: no journal, undo unavailable).
    pub journal_path: Option<PathBuf>,
    /// `--version-attr`: the version attribute to condition edits on (wins over the model file).
    pub version_attribute: Option<String>,
}

impl Session {
    /// A session on `connection`: no account asked for yet, no journal, no version attribute.
    #[must_use]
    pub const fn new(connection: Connection) -> Self {
        Self {
            connection,
            account: Loadable::NotRequested,
            journal_path: None,
            version_attribute: None,
        }
    }
}
