//! Loading, loaded and failed as one enum, so a view can never be "loading and failed" at once.

use crate::app::request_id::RequestId;

/// Data that arrives from a request.
#[derive(Clone, Debug, PartialEq)]
pub enum Loadable<T> {
    /// Not asked for yet.
    NotRequested,
    /// Waiting for the answer to this request.
    Loading(RequestId),
    Loaded(T),
    /// The request failed; the message is the service's, ready to show.
    Failed(String),
}

impl<T> Loadable<T> {
    /// The loaded value, if any.
    pub fn loaded(&self) -> Option<&T> {
        match self {
            Self::Loaded(value) => Some(value),
            _ => None,
        }
    }

    /// True when `id` is the request this value waits for (anything else is stale).
    pub fn awaits(&self, id: crate::app::request_id::RequestId) -> bool {
        matches!(self, Self::Loading(current) if *current == id)
    }
}
