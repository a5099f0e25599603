//! The request and response types of [`Backend`](super::Backend), defined in the domain so the
//! code that builds requests does not depend on the backend; re-exported here for callers that
//! name them with the trait.

pub use crate::domain::request::*;
