//! Where a paged read stands: one type for the discovery scan's segments, a partition's Query,
//! a query run and the index screens' streamed scans. DynamoDB pages the same way for all of
//! them: each page answers with a `LastEvaluatedKey` to start the next one from, and only its
//! absence marks the end. A PartiQL statement pages the same way with a `NextToken` instead of a
//! key, so the cursor is a type parameter (a key by default).

use crate::app::request_id::RequestId;
use crate::domain::value::Item;

#[derive(Clone, Debug, PartialEq)]
pub enum Paging<C = Item> {
    /// Nothing in flight; the next page starts at this cursor (`None`: the first page).
    Ready(Option<C>),
    /// Request `id` is in flight; `from` is where its page starts, so a pause or a cancel can
    /// read that page again.
    Fetching { id: RequestId, from: Option<C> },
    /// Stopped by the user; reading resumes at `resume`.
    Cancelled { resume: Option<C> },
    /// The last page was read.
    Complete,
    /// A page failed (the service's message); what was read stays.
    Failed(String),
}

impl<C> Paging<C> {
    /// The first page, requested as `id`.
    #[must_use]
    pub const fn first(id: RequestId) -> Self {
        Self::Fetching { id, from: None }
    }

    /// The request in flight, if any.
    #[must_use]
    pub const fn in_flight(&self) -> Option<RequestId> {
        match self {
            Self::Fetching { id, .. } => Some(*id),
            _ => None,
        }
    }

    /// True when `id` is the request in flight (anything else is stale).
    #[must_use]
    pub fn awaits(&self, id: RequestId) -> bool {
        self.in_flight() == Some(id)
    }

    /// Where the next page starts, when one can be asked for now.
    #[must_use]
    pub const fn ready(&self) -> Option<&Option<C>> {
        match self {
            Self::Ready(from) => Some(from),
            _ => None,
        }
    }

    /// Marks the page starting at `from` as requested under `id`.
    pub fn fetch(&mut self, id: RequestId, from: Option<C>) {
        *self = Self::Fetching { id, from };
    }

    /// A page landed: the next starts at its `LastEvaluatedKey`, or there is none.
    pub fn landed(&mut self, last_evaluated_key: Option<C>) {
        *self = match last_evaluated_key {
            Some(key) => Self::Ready(Some(key)),
            None => Self::Complete,
        };
    }

    /// Forgets the request in flight, ready to read its page again.
    pub fn abandon(&mut self) {
        if let Self::Fetching { from, .. } = self {
            *self = Self::Ready(from.take());
        }
    }

    /// Stops reading, remembering where to resume (the page in flight is read again).
    pub fn cancel(&mut self) {
        let resume = match self {
            Self::Fetching { from, .. } => from.take(),
            Self::Ready(from) => from.take(),
            _ => return,
        };
        *self = Self::Cancelled { resume };
    }

    /// True once the last page was read.
    #[must_use]
    pub const fn is_complete(&self) -> bool {
        matches!(self, Self::Complete)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::value::AttrValue;

    fn key(n: i64) -> Item {
        [("PK".to_owned(), AttrValue::n(n))].into_iter().collect()
    }

    #[test]
    fn a_page_with_a_last_evaluated_key_leaves_the_next_page_ready_and_one_without_completes() {
        let mut paging = Paging::first(RequestId(1));
        assert!(paging.awaits(RequestId(1)) && !paging.awaits(RequestId(2)));
        paging.landed(Some(key(3)));
        assert_eq!(paging.ready(), Some(&Some(key(3))));
        paging.fetch(RequestId(2), Some(key(3)));
        paging.landed(None);
        assert!(paging.is_complete());
        assert_eq!(paging.ready(), None);
    }

    #[test]
    fn abandoning_or_cancelling_a_page_in_flight_reads_that_page_again() {
        let mut paging = Paging::Ready(None);
        paging.fetch(RequestId(7), Some(key(1)));
        paging.abandon();
        assert_eq!(paging, Paging::Ready(Some(key(1))));
        paging.fetch(RequestId(8), Some(key(1)));
        paging.cancel();
        assert_eq!(
            paging,
            Paging::Cancelled {
                resume: Some(key(1))
            }
        );
        assert_eq!(paging.in_flight(), None);
    }

    #[test]
    fn a_finished_or_failed_read_is_not_cancelled() {
        for mut done in [Paging::<Item>::Complete, Paging::Failed("boom".to_owned())] {
            let before = done.clone();
            done.cancel();
            done.abandon();
            assert_eq!(done, before);
        }
    }
}
