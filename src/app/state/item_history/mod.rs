//! The item history view: one item's changes found in its table's stream and in ddbx's journal,
//! newest first, each as a diff of attributes. The view holds its own reading so going back to
//! an older history shows that item's, not the latest one read.

use crate::app::request_id::RequestId;
use crate::app::state::loadable::Loadable;
use crate::domain::value::Item;
use crate::item_history::ItemHistory;

/// One item's history, as read when the view was opened (or read again).
#[derive(Clone, Debug, PartialEq)]
pub struct ItemHistoryView {
    /// The item's primary key.
    pub key: Item,
    /// The table has a stream (else only the journal is read, and the view says so).
    pub has_stream: bool,
    pub history: Loadable<Box<ItemHistory>>,
    /// The change under the cursor.
    pub cursor: usize,
}

impl ItemHistoryView {
    #[must_use]
    pub fn new(key: Item, has_stream: bool, request: RequestId) -> Self {
        Self {
            key,
            has_stream,
            history: Loadable::Loading(request),
            cursor: 0,
        }
    }

    /// Changes listed (0 until the reading is in).
    #[must_use]
    pub fn change_count(&self) -> usize {
        self.history
            .loaded()
            .map_or(0, |history| history.changes.len())
    }
}

/// One change as a line of plain text, for searching the list: what, where from, when, and the
/// attributes it changed.
#[must_use]
pub fn change_text(change: &crate::domain::item_history::Change) -> String {
    use crate::domain::item_history::Source;
    let source = match &change.source {
        Source::Stream { sequence, .. } => format!("stream {sequence}"),
        Source::Journal(facts) => format!("ddbx {}", facts.operation),
    };
    let when = change.at.map(|at| at.to_string()).unwrap_or_default();
    let changed =
        crate::domain::change_diff::changed_names(change.old.as_ref(), change.new.as_ref());
    format!(
        "{} {source} {when} {}",
        change.kind().name(),
        changed.join(" ")
    )
}

/// The text of every change listed, for the list search.
#[must_use]
pub fn row_texts(view: &ItemHistoryView) -> Vec<String> {
    view.history
        .loaded()
        .map(|history| history.changes.iter().map(change_text).collect())
        .unwrap_or_default()
}
