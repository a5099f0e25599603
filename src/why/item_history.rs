//! The item's history (stream and journal), read at most once per explanation and only when a
//! step needs it: who deleted a missing item, or what changed an item the query and the table
//! disagree about.

use super::request::WhyRequest;
use crate::backend::Backend;
use crate::domain::civil::UtcInstant;
use crate::domain::item_history::{Change, STREAM_WHO, Source};
use crate::domain::request::ChangeKind;
use crate::item_history::{HistoryRequest, ItemHistory, summary};

/// A change this recent may not have reached a global index yet.
const RECENT_SECONDS: i64 = 600;

pub struct Lazy<'a> {
    why: &'a WhyRequest,
    now: UtcInstant,
    read: Option<ItemHistory>,
}

impl<'a> Lazy<'a> {
    pub fn new(why: &'a WhyRequest, now: UtcInstant) -> Self {
        Self {
            why,
            now,
            read: None,
        }
    }

    async fn history(&mut self, backend: &dyn Backend) -> &ItemHistory {
        let history = match self.read.take() {
            Some(history) => history,
            None => crate::item_history::read(backend, &self.request()).await,
        };
        self.read.insert(history)
    }

    fn request(&self) -> HistoryRequest {
        let table = &self.why.table;
        HistoryRequest {
            table: table.name.clone(),
            key: self.why.key.clone(),
            key_schema: table.key.clone(),
            stream_arn: table
                .stream
                .as_ref()
                .filter(|stream| stream.enabled)
                .and_then(|stream| stream.latest_arn.clone()),
            journal: self.why.journal.clone(),
            max_requests: self.why.max_requests,
        }
    }

    /// What the history says of a missing item, and what was read to say it.
    pub async fn deletion(&mut self, backend: &dyn Backend) -> (Vec<String>, String) {
        let history = self.history(backend).await;
        let read = summary::lines(history).join("; ");
        let lines = match history.changes.first() {
            Some(change) if change.kind() == ChangeKind::Remove => {
                vec![format!("it was deleted: {}", describe(change))]
            }
            Some(change) => vec![format!(
                "its last recorded change was not a deletion: {}",
                describe(change)
            )],
            None => vec![
                "neither the stream nor ddbx's journal recorded a change of this key".to_owned(),
            ],
        };
        (lines, read)
    }

    /// `the item changed 4 s ago (…)` when its newest change is recent.
    pub async fn recent_change(&mut self, backend: &dyn Backend) -> (Option<String>, String) {
        let now = self.now;
        let history = self.history(backend).await;
        let read = summary::lines(history).join("; ");
        let recent = history.changes.first().and_then(|change| {
            let ago = now.seconds - change.at?.seconds;
            (ago <= RECENT_SECONDS).then(|| {
                format!(
                    "the item changed {} s ago: {}",
                    ago.max(0),
                    describe(change)
                )
            })
        });
        (recent, read)
    }
}

/// `REMOVE at 2026-12-03T10:00:00Z, in the stream (who: unknown …)` or the journal's facts.
fn describe(change: &Change) -> String {
    let at = change
        .at
        .map_or_else(|| "at an unknown time".to_owned(), |at| format!("at {at}"));
    match &change.source {
        Source::Stream { kind, .. } => {
            format!("{} {at}, in the stream ({STREAM_WHO})", kind.name())
        }
        Source::Journal(facts) => {
            let pending = if facts.pending {
                " (sent, outcome not recorded)"
            } else {
                ""
            };
            format!(
                "{} {at}, by ddbx through {}{pending}, in this machine's journal",
                facts.operation, facts.connection
            )
        }
    }
}
