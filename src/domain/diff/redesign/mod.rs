//! A redesign diff: two copies of a table written in two designs (an old and a new model), their
//! items matched by entity and the fields their keys decode to instead of by raw key, then
//! compared as a plain diff compares them, without the attributes that hold either design's keys.
//! Which fields identify an entity ([`plan`]), what one side's item decodes to ([`design`]), how
//! two items compare ([`comparable`]) and how one bucket's items are paired ([`pairing`]).

pub mod comparable;
pub mod design;
pub mod pairing;
pub mod plan;

#[cfg(test)]
mod tests;

pub use design::Design;
pub use pairing::{Identified, Redesign, UNMODELLED};
pub use plan::RedesignPlan;
