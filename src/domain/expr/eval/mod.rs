//! Evaluation of expressions on items, with the service's runtime rules.

pub mod condition;
mod lookup;

pub use condition::evaluate_condition;
pub use lookup::lookup;
