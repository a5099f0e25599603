//! The query builder form and the results of a query.

pub(in crate::ui) mod form;
pub(in crate::ui) mod results;
