//! Evaluation of expressions on items, with the service's runtime rules.

pub mod condition;
mod lookup;
pub mod projection;
pub mod update;

pub use condition::evaluate_condition;
pub use lookup::lookup;
pub use projection::apply_projection;
pub use update::apply_update;
