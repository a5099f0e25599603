//! The write journal: one JSON line per write ddbx made, in
//! `$XDG_STATE_HOME/ddbx/journal.jsonl` (file mode 0600), and undo of its entries.
//!
//! An entry names where the write went (connection kind, profile, region, endpoint — never
//! credentials), the table, the key, the request text, and the item before and after as DynamoDB
//! JSON, so a write can be audited and undone exactly.

mod batch;
mod entry;
mod file;
mod private;
mod tail;
mod undo;

pub use batch::{BatchHeader, BatchLog, BatchOutcome, BatchRecord, TRANSACTION_PLAN, new_batch_id};
pub use entry::{JournalConnection, JournalEntry};
pub use file::{Journal, Outcome};
pub use private::PrivateJournal;
pub use undo::plan_undo;

fn item_json(item: &crate::domain::value::Item) -> serde_json::Value {
    crate::domain::ddb_json::item_to_json(item)
}
