//! The write journal: one JSON line per write ddbx made, in
//! `$XDG_STATE_HOME/ddbx/journal.jsonl` (file mode 0600), and undo of its entries.
//!
//! An entry names where the write went (connection kind, profile, region, endpoint — never
//! credentials), the table, the key, the request text, and the item before and after as DynamoDB
//! JSON, so a write can be audited and undone exactly.

mod entry;
mod file;
mod private;
mod tail;
mod undo;

pub use entry::{JournalConnection, JournalEntry};
pub use file::{Journal, Outcome};
pub use private::PrivateJournal;
pub use undo::plan_undo;
