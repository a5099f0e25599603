//! Every query run from the terminal UI, per table: the list the palette offers again. Its
//! entries and their file are kept by storage, which the headless commands read too.

pub use crate::storage::query_history::{
    HistoryEntry, MAX_ENTRIES, QueryHistory, append, default_file, file_in, from_text, load,
};
