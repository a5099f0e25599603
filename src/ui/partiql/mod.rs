//! PartiQL: the statement screen, the question before a large scan, and a statement's results
//! (in the same results grid as queries).

pub(in crate::ui) mod form;
pub(in crate::ui) mod results;
